"""Round 0 (session 29) leftovers, as behaviour:

- a card count written after the card ("a100 4x", "h100 8x") is the count, never a speed-up ("2x faster");
- an hour's price asked beside a run ("cloudgpu 一小时多少，跑 8 小时呢") is the rate's unit: the run is the length;
- an A100 80GB named without its form rents in the form seed 000's LoRA table names for the job's class
  (32B LoRA and 72B QLoRA: the A100 PCIe 80GB, ₮269 a week, ₮899 a month), where it is the cheaper way;
- a LoRA job priced per term with no card names the table's card under the lines (32B LoRA: A100 80GB, ₮269/₮899);
- options set against each other with the card named once ("4090: weekly on gpuli vs hourly on cloudgpu") each take
  that card, and the hourly one is that provider's hour (CloudGPU RTX 4090 $0.33, seed 002).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import ChatUser


def _reply(*messages: str) -> str:
    user = ChatUser()
    for m in messages:
        user.say(m)
    return user.text


@pytest.mark.parametrize(("text", "count"), [
    ("a100 4x 跑 7b 全参够吗", 4),
    ("rent h100 8x for a month, how much", 8),
    ("h200 2x 能放下 72b lora 吗", 2),
    ("l40s 4 x for 14b full ft?", 4),
])
def test_count_after_the_card(text: str, count: int) -> None:
    assert parse(text).request.num_gpus == count


@given(st.sampled_from(["faster", "cheaper", "slower", "more", "the speed"]), st.sampled_from(["h100", "a100", "4090"]))
@settings(max_examples=15, deadline=None)
def test_a_multiple_after_the_card_is_no_count(word: str, card: str) -> None:
    assert parse(f"is the {card} 2x {word} than the others?").request.num_gpus is None


@pytest.mark.parametrize(("text", "hours"), [
    ("32b qlora 用 cloudgpu 一小时多少，跑 6 小时呢", 6.0),
    ("cloudgpu a6000 每小时多少 要跑 12 小时 一共多少", 12.0),
    ("14b qlora on cloudgpu: how much per hour, and for a 5 hour run?", 5.0),
    ("what does an hour cost at cloudgpu, and a 9 hour run of 7b qlora?", 9.0),
])
def test_rate_asked_beside_a_run(text: str, hours: float) -> None:
    assert parse(text).rental.duration_hours == hours


def test_an_hour_alone_is_still_the_length() -> None:
    assert parse("cloudgpu a6000 一小时多少").rental.duration_hours == 1.0


def test_rate_and_run_priced_for_the_run() -> None:
    # seed 002: RTX A6000 $0.44/h, so 6 hours is $2.64; the hour's price stays said
    text = _reply("32b qlora 选哪张卡，cloudgpu 一小时多少钱，跑 6 小时呢")
    assert "2.64" in text and "0.44" in text


@pytest.mark.parametrize("text", [
    "72b qlora 单卡 a100 80g 在 gpuli 租一周多少钱",
    "gpuli: 72B QLoRA on one A100 80GB, weekly and monthly price?",
    "qlora 72b, a100 80g at gpuli, 周租 月租 各多少",
])
def test_a100_form_of_the_seed_table(text: str) -> None:
    reply = _reply(text)
    assert "₮269" in reply and "₮319" not in reply  # seed 000, 72B row: A100 PCIe 80GB ₮269 a week


def test_a100_form_for_a_short_run_at_gpuli() -> None:
    reply = _reply("72b qlora, a 10 hour job on an A100 80G at gpuli, how much?")
    assert "₮269" in reply and "PCIe" in reply


@pytest.mark.parametrize("text", [
    "32b lora bf16 用什么卡，周租和月租各多少",
    "what card for a 32b bf16 lora, and its weekly and monthly price?",
])
def test_lines_name_the_table_card(text: str) -> None:
    reply = _reply(text)
    assert "A100 80GB" in reply and "₮269" in reply and "₮899" in reply  # seed 000, 32B row


@pytest.mark.parametrize("text", [
    "4090: weekly price on gpuli vs hourly on cloudgpu?",
    "4090 gpuli 周租 还是 cloudgpu 按小时",
    "rtx 4090 — gpuli by the week or cloudgpu by the hour, what are the prices",
])
def test_each_provider_its_own_unit(text: str) -> None:
    reply = _reply(text)
    assert "₮109" in reply and "$0.33" in reply  # seed 000: 4090 ₮109 a week; seed 002: $0.33/h


@pytest.mark.parametrize(("text", "steps"), [
    ("下周一前能跑完吗：7b qlora 2 万条 3 个 epoch，batch 4 累积 4，单卡 4090 实测 2 秒一步", "3,750"),
    ("can 8b qlora on 10k samples x2 epochs, bs 2, grad accum 8 finish by friday? one 4090 measured 3 s per step", "1,250"),
])
def test_deadline_lead_names_the_steps(text: str, steps: str) -> None:
    # seed 002: steps = samples × epochs / (micro-batch × accumulation × cards), time = steps × the measured step time
    lead = [line for line in _reply(text).splitlines() if line.startswith(("能", "Yes"))]
    assert lead and steps in lead[0]


def test_two_cards_weighed_in_chinese_sentences() -> None:
    reply = _reply("14b qlora 选 4090 还是 5090")
    first = reply.splitlines()[0]
    assert "显存" in first and "4090" in first and "5090" in first


@pytest.mark.parametrize(("text", "total"), [
    ("cheapest way to run 7b qlora on a 4090 for 2 weeks: gpuli weekly or cloudgpu hourly?", "110.88"),  # 336 h × $0.33
    ("7b qlora 4090 跑两周，gpuli 按周 还是 cloudgpu 按小时 哪个便宜", "110.88"),
])
def test_hourly_beside_a_run_bills_the_run(text: str, total: str) -> None:
    assert total in _reply(text)
