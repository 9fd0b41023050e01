"""A run length or span the user states, in this message or an earlier one, is priced at every provider that
rents the card under each provider's billing rule, and "gpuli or cloudgpu cheaper?" is answered with the cheaper
provider and both totals leading (blind set 43). Prices come from the catalog: CloudGPU bills by the minute
(A100 80GB $1.49/h, A6000 $0.44/h, 4090 $0.33/h); gpuli rents weeks and months (A100 80GB PCIe ₮269 a week,
4090 ₮369 a month, A6000 ₮389 a month)."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("turns", "needles"), [
    # 36 h × $1.49 = $53.64 against gpuli's shortest cycle covering 36 h, a week of the PCIe card at ₮269
    (("job takes ~36h on one a100 80g", "gpuli or cloudgpu cheaper?"), ("CloudGPU", "$53.64", "₮269")),
    (("a100 80g 跑 36 小时", "gpuli 还是 cloudgpu 便宜"), ("CloudGPU", "$53.64", "₮269")),
    (("our run is 36 hours on a single A100 80GB", "which is cheaper, cloudgpu or gpuli?"), ("CloudGPU", "$53.64", "₮269")),
    # a month: 720 h × $0.44 = $316.80 against ₮389; 720 h × $0.33 = $237.60 against ₮369
    (("a6000 跑一个月不停", "cloudgpu 和 gpuli 哪个便宜"), ("CloudGPU", "$316.80", "₮389")),
    (("rtx a6000 for a month", "gpuli vs cloudgpu?"), ("CloudGPU", "$316.80", "₮389")),
    (("4090 running 24/7 for a month", "gpuli or cloudgpu?"), ("CloudGPU", "$237.60", "₮369")),
    (("4090 7x24 跑一个月", "gpuli 跟 cloudgpu 哪家划算"), ("CloudGPU", "$237.60", "₮369")),
    # a sizing's card (14B QLoRA: one 4090) for a month when no length was given
    (("14b qlora", "gpuli 还是 cloudgpu 便宜"), ("CloudGPU", "$237.60", "₮369")),
])
def test_two_providers_weighed_after_a_rental_price_that_rental_at_each(turns: tuple[str, ...], needles: tuple[str, ...]) -> None:
    text = conversation(*turns)
    lead = lead_lines(text, 1)
    assert all(n in lead for n in needles), text
    assert "?" not in lead.split("\n")[0][:3] and "Did you mean" not in text and "你是不是想问" not in text


@pytest.mark.parametrize(("turns", "needles"), [
    # in one message too, with the span in hours (36 h, not "1.5 days") and the PCIe card's week, not the SXM's ₮319
    (("a100 80g 跑 36 小时 gpuli 还是 cloudgpu 便宜",), ("$53.64", "₮269", "36 小时")),
    (("36h on one a100 80g, gpuli or cloudgpu cheaper?",), ("$53.64", "₮269", "36 h")),
])
def test_one_message_with_the_span_and_two_providers_compares_their_cheapest(turns: tuple[str, ...], needles: tuple[str, ...]) -> None:
    text = conversation(*turns)
    lead = lead_lines(text, 1)
    assert all(n in lead for n in needles) and "₮319" not in lead, text


@pytest.mark.parametrize("turns", [
    ("cloudgpu a6000 hourly", "do they have persistent storage across instances", "ok, 20 hours on it then?"),
    ("cloudgpu a6000 多少钱一小时", "能开发票吗", "那跑 20 小时呢"),
    ("cloudgpu 的 a6000 按小时多少", "有跨实例的持久化存储吗", "那就跑 20 小时吧"),
])
def test_a_length_after_a_faq_detour_reprices_the_card_before_it(turns: tuple[str, ...]) -> None:
    text = conversation(*turns)
    # 20 h × $0.44 = $8.80, not the FAQ question asked again
    assert "$8.80" in lead_lines(text, 3), text


@pytest.mark.parametrize(("turns", "needle"), [
    # 8 h × $0.33 = $2.64: the run stated before, on the card asked now
    (("we need 7b qlora done by monday", "gpuli or cloudgpu?", "the run is about 8 hours", "cost on cloudgpu with a 4090?"),
     "$2.64"),
    (("cloudgpu 3090 跑 8 小时", "cloudgpu 上用 4090 多少钱"), "$2.64"),
    (("cloudgpu 3090 for 8 hours", "and the cost with a 4090 there?"), "$2.64"),
])
def test_a_card_priced_after_a_run_length_is_priced_for_that_run(turns: tuple[str, ...], needle: str) -> None:
    text = conversation(*turns)
    assert needle in lead_lines(text, 3), text


def test_a_card_priced_after_a_month_is_no_run() -> None:
    text = conversation("gpuli 4090 包月", "h100 多少钱")
    assert "₮14,432" in text, text  # the H100's prices, not a month of it forced on every provider


@pytest.mark.parametrize(("turns", "needles"), [
    # the span said before the job: 14B QLoRA's card, one 4090, for 48 h: 48 × $0.33 = $15.84 against gpuli's week ₮109
    (("48h 内要出结果", "14b qlora", "gpuli 还是 cloudgpu 便宜"), ("CloudGPU", "$15.84", "₮109")),
    (("we have two days", "14b qlora", "gpuli or cloudgpu cheaper?"), ("CloudGPU", "$15.84", "₮109")),
    (("我们只有 48 小时", "14b 的 qlora", "cloudgpu 跟 gpuli 哪个便宜"), ("CloudGPU", "$15.84", "₮109")),
])
def test_a_span_said_before_the_job_is_the_length_priced(turns: tuple[str, ...], needles: tuple[str, ...]) -> None:
    text = conversation(*turns)
    assert all(n in lead_lines(text, 1) for n in needles), text


@pytest.mark.parametrize(("text", "needle"), [
    ("48h 内要出结果", "48 小时"),
    ("we have two days", "2 days"),
])
def test_a_span_said_alone_is_noted_and_the_job_asked(text: str, needle: str) -> None:
    reply = conversation(text)
    assert needle in lead_lines(reply, 1) and ("14b qlora" in reply.lower()), reply


@pytest.mark.parametrize("text", [
    "32b qlora cloudgpu 用 a6000 跑 8 小时多少钱 用 4090 48g 呢",
    "32b qlora on cloudgpu, 8 hours on an a6000 how much, what about a 4090 48g?",
])
def test_a_second_card_asked_in_a_trailing_clause_is_priced_too(text: str) -> None:
    # 8 h × $0.44 = $3.52 and 8 h × $0.65 = $5.20
    reply = conversation(text)
    assert "$3.52" in reply and "$5.20" in reply, reply
