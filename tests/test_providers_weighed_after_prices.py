"""Providers weighed after a card's prices (blind set 45): "哪个便宜" / "which one's cheaper?" with no provider named,
right after a card was priced, compares the providers that rent it for the span priced; "gpuli 和 CloudGPU 比一下"
and "compare gpuli and cloudgpu" weigh them as "哪个便宜" does; a card named beside two providers to compare
("财务这边想对比下 gpuli 和 CloudGPU 的 4090") is priced at each. Catalog prices: CloudGPU bills by the minute (4090
$0.33/h, A6000 $0.44/h); gpuli rents weeks and months (4090 ₮109/₮369, A6000 ₮115/₮389)."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("turns", "needles"), [
    # 168 h × $0.33 = $55.44 against gpuli's week ₮109
    (("CloudGPU 4090 跑一周多少", "gpuli 包周呢", "哪个便宜"), ("CloudGPU", "$55.44", "₮109")),
    (("cloudgpu 4090 for a week?", "and at gpuli?", "which one's cheaper?"), ("CloudGPU", "$55.44", "₮109")),
    # a month: 720 h × $0.44 = $316.80 against ₮389
    (("gpuli a6000 一个月多少", "那哪家便宜"), ("CloudGPU", "$316.80", "₮389")),
    (("a6000 monthly at gpuli", "which is cheaper?"), ("CloudGPU", "$316.80", "₮389")),
    # 72 h × $0.33 = $23.76 against ₮109
    (("跑三天 4090", "gpuli 多少", "gpuli 和 CloudGPU 比一下"), ("CloudGPU", "$23.76", "₮109")),
    (("4090 for three days", "at gpuli?", "compare gpuli and cloudgpu"), ("CloudGPU", "$23.76", "₮109")),
    (("4090 跑三天多少", "cloudgpu 跟 gpuli 对比一下"), ("CloudGPU", "$23.76", "₮109")),
])
def test_which_is_cheaper_after_prices_weighs_the_providers_that_rent_the_card(turns: tuple[str, ...],
                                                                             needles: tuple[str, ...]) -> None:
    text = conversation(*turns)
    lead = lead_lines(text, 1)
    assert all(n in lead for n in needles), text
    assert "你是不是想问" not in text and "Did you mean" not in text


@pytest.mark.parametrize(("turns", "needles"), [
    (("财务这边想对比下 gpuli 和 CloudGPU 的 4090",), ("$237.60", "₮369")),
    (("帮我对比一下 gpuli 跟 cloudgpu 的 a6000",), ("$316.80", "₮389")),
    (("compare gpuli and cloudgpu for the 4090",), ("$237.60", "₮369")),
    (("can you compare cloudgpu vs gpuli on the a6000?",), ("$316.80", "₮389")),
    (("财务这边想对比下 gpuli 和 CloudGPU 的 4090", "包月", "30天"), ("$237.60", "₮369")),
])
def test_a_card_named_beside_two_providers_to_compare_is_priced_at_each(turns: tuple[str, ...],
                                                                        needles: tuple[str, ...]) -> None:
    text = conversation(*turns)
    assert all(n in lead_lines(text, 3) for n in needles), text


@pytest.mark.parametrize("text", ["gpuli 和 cloudgpu 的 nvlink 对比下", "compare gpuli and cloudgpu networking"])
def test_a_comparison_of_something_else_is_no_price_comparison(text: str) -> None:
    from bot.understand.parser import parse
    assert not parse(text).cues.providers_weighed


@pytest.mark.parametrize(("turns", "needles"), [
    # gpuli rents no A800 80GB PCIe: its A100 80GB PCIe week (₮269) against CloudGPU's A800, 168 h × $1.09 = $183.12
    (("70b qlora 要租一周", "gpuli 和 CloudGPU 哪个便宜"), ("$183.12", "₮269", "A100 80GB PCIe")),
    (("70b qlora for a week", "gpuli or cloudgpu cheaper?"), ("$183.12", "₮269", "A100 80GB PCIe")),
    (("gpuli 和 cloudgpu 的 a800 跑一周哪个便宜",), ("$183.12", "₮269", "A100 80GB PCIe")),
])
def test_a_provider_without_the_card_is_compared_on_its_card_with_as_much_memory(turns: tuple[str, ...],
                                                                                 needles: tuple[str, ...]) -> None:
    text = conversation(*turns)
    assert all(n in lead_lines(text, 1) for n in needles), text
