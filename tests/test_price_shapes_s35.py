"""Price and cost questions whose shape used to lose a stated fact (session 35):

- several cards asked at one provider with no length: each card's price there leads in one line (seed 002: CloudGPU
  A100 80G $1.49/h, A800 80G $1.09/h; seed 000: gpuli RTX 4090 ₮109/week, RTX A6000 ₮115/week);
- the cheapest card of a memory class with no card word ("哪张 80G 最便宜"): that provider's cards of the class,
  cheapest first, never a FAQ entry;
- N runs said to go at once ("parallel", "同时跑", "并行"): N single-card machines, the total N × one run's price;
- a unit asked of each provider ("cloudgpu per hour, gpuli per week"): each priced in its own unit;
- a dataset and a measured step time said after the job: time = steps × seconds a step (seed 002), the cost from it.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.understand.cards import memory_card
from bot.understand.instances import separate_runs
from bot.understand.provider_units import units_by_provider
from tests.chat_user import ChatUser, lead_lines


def _chat(*turns: str) -> ChatUser:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return me


SEVERAL_CARDS = [
    ("cloudgpu: hourly rate of the a100 80g and the a800 80g?", ["A100 80GB SXM $1.49/h", "A800 80GB PCIe $1.09/h"]),
    ("cloudgpu 上 a800 跟 a100 80g 每小时分别多少", ["A800 80GB PCIe $1.09/小时", "A100 80GB SXM $1.49/小时"]),
    ("gpuli 的 4090、a6000 怎么收费", ["RTX 4090 ₮109/周, ₮369/月", "RTX A6000 ₮115/周, ₮389/月"]),
    ("at gpuli what do a 5090 and an l40s go for", ["RTX 5090 ₮149/week", "L40S ₮189/week"]),
]


@pytest.mark.parametrize(("text", "wanted"), SEVERAL_CARDS)
def test_every_card_asked_at_one_provider_is_priced_in_the_first_line(text: str, wanted: list[str]) -> None:
    first = _chat(text).lines[0]
    assert all(w in first for w in wanted), first


def test_a_card_the_provider_does_not_rent_is_said_in_the_lead() -> None:
    first = _chat("cloudgpu 3090 和 h100 每小时多少").lines[0]
    assert "RTX 3090 $0.21/小时" in first and "H100 SXM 不出租" in first, first


MEMORY_CLASS = [
    ("cloudgpu 哪张 80G 最便宜", "A800 80GB PCIe", "$1.09"),
    ("cheapest 80gb at cloudgpu?", "A800 80GB PCIe", "$1.09"),
    ("gpuli 上 48G 哪个最便宜", "RTX A6000", "₮115"),
    ("which 48gb is cheapest at gpuli", "RTX A6000", "₮115"),
]


@pytest.mark.parametrize(("text", "card", "price"), MEMORY_CLASS)
def test_the_cheapest_card_of_a_memory_class_leads(text: str, card: str, price: str) -> None:
    head = lead_lines(_chat(text).text, 2)
    assert card in head and price in head, head


def test_memory_picked_without_a_card_word_is_read_as_a_card() -> None:
    assert memory_card("cloudgpu 哪张 80g 最便宜") is not None
    assert memory_card("cheapest 24gb at cloudgpu") is not None
    assert memory_card("下载 40g 的数据要多久") is None  # a size with no pick is no card


PARALLEL = [
    (("we want 4 parallel 14b qlora runs for one week", "on gpuli, what will be the total?"), "₮460 (4 × ₮115)"),
    (("gpuli 上同时跑 3 个 7b lora 实验，一周一共多少",), "₮345（3 × ₮115）"),
    (("3 个 7b lora 实验并行跑一周，gpuli 多少钱",), "₮345（3 × ₮115）"),
    (("two 8b qlora runs at the same time on cloudgpu for 10 hours, total?",), "$4.20 (2 × $2.10)"),
]


@pytest.mark.parametrize(("turns", "total"), PARALLEL)
def test_runs_said_to_go_at_once_are_priced_as_that_many_machines(turns: tuple[str, ...], total: str) -> None:
    me = _chat(*turns)
    assert total in me.lines[0], me.text
    assert Decimal(115) * 4 == Decimal(460) and Decimal("2.10") * 2 == Decimal("4.20")


def test_data_parallel_over_cards_is_one_job() -> None:
    assert separate_runs("4 卡并行训练 14b lora 一周", 4, 1, True) is None
    assert separate_runs("4 parallel 14b qlora runs", None, 0, True) == 4
    assert separate_runs("同时跑 3 个 7b lora 实验", None, 0, True) == 3


UNITS_EACH = [
    (("we need to run 32b qlora", "cheapest on cloudgpu per hour and on gpuli per week?"), ["$0.44/h", "₮115/week"]),
    (("32b qlora，cloudgpu 按小时、gpuli 按周，最便宜各多少",), ["$0.44/小时", "₮115/周"]),
    (("4090 on cloudgpu per hour and on gpuli per month?",), ["$0.33/h", "₮369/month"]),
    (("a6000 gpuli 周租 cloudgpu 每小时 各多少",), ["₮115/周", "$0.44/小时"]),
]


@pytest.mark.parametrize(("turns", "wanted"), UNITS_EACH)
def test_each_provider_is_priced_in_the_unit_asked_of_it(turns: tuple[str, ...], wanted: list[str]) -> None:
    first = _chat(*turns).lines[0]
    assert all(w in first for w in wanted), first


def test_units_are_paired_with_the_providers_they_follow_or_precede() -> None:
    assert units_by_provider("hourly at cloudgpu, monthly at gpuli") == (("cloudgpu", "hour"), ("gpuli", "month"))
    assert units_by_provider("cloudgpu 按小时 gpuli 按周") == (("cloudgpu", "hour"), ("gpuli", "week"))
    assert units_by_provider("gpuli 和 cloudgpu 包月哪家便宜") == ()  # one unit for both: no pairing


STEP_TIMED = [
    # 20,000 × 2 ÷ (2 × 8) = 2,500 steps × 2.4 s = 100 min; CloudGPU 4090 $0.33/h by the minute: $0.55
    (("cloudgpu 4090 跑 8b qlora", "2万条 2 epoch bs2 ga8 每步 2.4 秒 要多久多少钱"), "2,500", "$0.55"),
    (("cloudgpu 4090 跑 8b qlora", "两万条数据 2 个 epoch，batch 2 累积 8，2.4s/it，多少钱"), "2,500", "$0.55"),
    (("8b qlora on a cloudgpu 4090", "20k samples, 2 epochs, batch 2, accum 8, 2.4 sec per step - how long and what does it cost?"),
     "2,500", "$0.55"),
]


@pytest.mark.parametrize(("turns", "steps", "price"), STEP_TIMED)
def test_a_step_time_with_its_dataset_after_the_job_times_it(turns: tuple[str, ...], steps: str, price: str) -> None:
    me = _chat(*turns)
    assert steps in me.lines[0] and price in me.text and "FLOPs" not in me.text, me.text
    minutes = Decimal(2500) * Decimal("2.4") / 60
    assert minutes == 100 and minutes * Decimal("0.33") / 60 == Decimal("0.55")


def test_a_step_timed_dataset_with_no_card_is_priced_on_the_cheapest_that_holds_it() -> None:
    me = _chat("8b qlora for a week", "20k samples, 2 epochs, batch 2, accum 8, 2.4 sec per step, cost?")
    assert "100 min" in me.text and "$0.35" in me.text, me.text  # 100 min × $0.21/h on a 3090


ADD_ONS = [
    # seed 000: gpuli 8×H100 ₮14,432 a month + volume 2,000 GB × ₮0.08 = ₮160 + object storage 1,000 GB × ₮0.015 = ₮15
    # (the Taiwanese words 儲存卷 / 物件儲存 are mapped to these by another reader; here the mainland words with
    # traditional characters around them)
    "8 卡 H100 包一個月 + 2TB 存储卷 + 1TB 对象存储，總共多少",
    "8x h100 for a month plus a 2TB volume and 1TB of object storage, total?",
]


@pytest.mark.parametrize("text", ADD_ONS)
def test_every_add_on_is_priced_into_the_total(text: str) -> None:
    head = lead_lines(_chat(text).text, 3)
    assert "₮14,607" in head and "₮160" in head and "₮15" in head, head
    assert Decimal(14432) + Decimal(2000) * Decimal("0.08") + Decimal(1000) * Decimal("0.015") == Decimal(14607)
