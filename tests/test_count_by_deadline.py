"""A count asked with a deadline and a dataset ("10 天内训完 80B tokens 要几台 8 卡 H100", "done within 10 days:
how many nodes"): the fewest machines whose run ends in time lead, with that time, the time on one machine against
the hours left, and the InfiniBand more than one node needs with its price and regions (bot.views.count_by_deadline).
Without a deadline the memory count still answers."""

from __future__ import annotations

import re

import pytest

from bot.text.render import render_reply
from tests.chat_user import ChatUser


def _hours(line: str) -> float:
    found = re.search(r"(?:约|about) ([\d,.]+) (?:小时|h)", line)
    assert found, line
    return float(found.group(1).replace(",", ""))


@pytest.mark.parametrize(("text", "machines", "lang"), [
    ("10 天内要训完，7B 继续预训练 80B tokens，要几台 8卡 H100", "要 2 台 8×H100 SXM（共 16 张卡）", "zh"),
    ("We need continued pretraining of a 7B model on 80B tokens done within 10 days: how many 8x H100 nodes?",
     "2 machines of 8× H100 SXM (16 cards)", "en"),
])
def test_the_machines_that_end_in_time_lead_not_the_ones_that_hold_it(text: str, machines: str, lang: str) -> None:
    me = ChatUser()
    me.say(text)
    lines = me.text.splitlines()
    assert machines in lines[0], me.text
    # 7B × 80B tokens = 3.36×10²¹ FLOPs: about 393 h on one 8-card node, over the 240 h left; two nodes under it
    assert _hours(lines[0]) < 240 < _hours(lines[1]), me.text
    assert "InfiniBand" in lines[2] and ("₮600" in lines[2]) and "DFW-1" in lines[2], me.text
    assert "1 台 8×H100 SXM 就够" not in me.text and "One machine of 8× H100 SXM is enough" not in me.text


def test_cards_counted_without_a_machine_size_try_part_of_one_machine() -> None:
    me = ChatUser()
    me.say("周五前要训完，7B 继续预训练 5B tokens，要几张 H100")  # 87 h left on the test clock
    first = me.text.splitlines()[0]
    # 2.1×10²⁰ FLOPs: about 49 h on four H100s (in time), about 98 h on two would not be (and 7B CPT needs more cards)
    assert first.startswith("🖥 4 张 H100 SXM 就能按期训完") and _hours(first) < 87, me.text


def test_a_deadline_nothing_meets_says_so_with_the_most_tried() -> None:
    me = ChatUser()
    me.say("14B continued pretraining on 1000B tokens, must be done within 3 days, how many 8x H100 nodes?")
    first = me.text.splitlines()[0]
    assert first.startswith("❌ Even 8 machines of 8× H100 SXM (64 cards) miss it") and _hours(first) > 72, me.text


def test_without_a_deadline_the_memory_count_still_answers() -> None:
    me = ChatUser()
    me.say("7B 继续预训练 80B tokens，要几台 8卡 H100")
    assert "按期训完" not in me.text and "1 台 8×H100 SXM" in me.text.splitlines()[0], me.text


@pytest.mark.parametrize(("text", "date"), [
    ("can it be done before Christmas?", "dec 25"), ("will it finish by xmas eve", "dec 24"),
    ("ready by New Year's Day?", "jan 1"), ("圣诞节前能跑完吗", "12月25日"), ("元旦前来得及吗", "1月1日"), ("平安夜之前呢", "12月24日"),
])
def test_a_holiday_on_a_fixed_day_reads_as_its_date(text: str, date: str) -> None:
    from bot.understand.normalize import normalize
    assert date in normalize(text), normalize(text)


@pytest.mark.parametrize(("turns", "due", "verdict"), [
    (("CPT of a 7B model on 80B tokens, one node of 8x H100 — how long?", "can it be done before Christmas?"),
     "2026-12-25", "Yes: training takes about 393.1 h"),
    (("7B 继续预训练 80B tokens，8卡 H100，多久", "元旦前能跑完吗"), "2027-01-01", "能：训练约 393.1 小时"),
])
def test_a_holiday_after_a_timed_run_is_its_deadline(turns: tuple[str, ...], due: str, verdict: str) -> None:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    assert due in me.text and verdict in me.text, me.text  # 393 h from 1 December ends on the 17th


@pytest.mark.parametrize(("turns", "verdict"), [
    (("7B 继续预训练 10B tokens，8卡 H100，多久", "周五前能跑完吗", "16 卡呢"), "能：训练约 27.3 小时（16×H100 SXM）"),
    (("Continued pretraining of a 7B model on 80B tokens with 8 H100s, how long?", "can it be done before Christmas?",
      "and with 4 GPUs?"), "❌ Not in time"),
    (("Continued pretraining of a 7B model on 80B tokens with 8 H100s, how long?", "can it be done before Christmas?",
      "and with 16 GPUs?"), "Yes: training takes about 218.4 h"),
])
def test_another_count_after_a_deadline_answer_is_timed_against_it(turns: tuple[str, ...], verdict: str) -> None:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    assert verdict in me.text and "装得下" not in me.text, me.text


@pytest.mark.parametrize(("text", "days"), [
    ("deadline 12 天，14B 继续预训练 50B tokens", 12), ("ddl is 3 weeks: 7B continued pretraining on 150B tokens", 21),
    ("工期 5 天，7B 全参 2B tokens", 5), ("deadline: 48 hours, 7b full on 1B tokens", 2),
])
def test_a_deadline_said_as_a_span_is_that_long_from_now(text: str, days: int) -> None:
    from datetime import UTC, datetime, timedelta

    from bot.understand.parser import parse
    now = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
    parsed = parse(text, now)
    assert parsed.asks.deadline == now + timedelta(days=days) and parsed.asks.deadline_span, parsed.asks.deadline


@pytest.mark.parametrize("turns", [
    ("32b lora on 50k samples, can we finish by friday?", "on one a100 80g at cloudgpu, 2 epochs, batch 1 accum 16"),
    ("32b lora，5万条，2 个 epoch，batch 1 累积 16，一张 a100 80g 在 cloudgpu，周五前能训完吗",),
    ("32b lora on 50k samples, 2 epochs, batch 1 accum 16, one a100 80g at cloudgpu: done by friday?",),
])
def test_a_deadline_answer_counts_the_steps_its_batch_settings_make(turns: tuple[str, ...]) -> None:
    """A batch and an accumulation stated beside a deadline give the steps (⌈50,000 × 2 ÷ (1 × 16 × 1)⌉ = 6,250)
    under the verdict, so the team can time 50 of them, whichever way the job came."""
    chat = ChatUser()
    for turn in turns:
        reply = render_reply(chat.say(turn), "plain")
    lead = "\n".join(reply.splitlines()[:3])
    assert "6,250" in lead and ("in time" in lead or "来得及" in lead), reply
