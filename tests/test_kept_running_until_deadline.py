"""A card kept running from now until a stated time is priced for that span (bot.understand.deadline_rental,
bot.core.deadline_kept): the hours from now to the deadline (to the minute, in the conversation's zone or the one
stated), times the hourly price; a provider with cycles is priced for the cycle that covers the span. The deadline
may be said in the same message ("ddl", "前", "by", "until"), or earlier in the conversation ("比赛还剩 30 小时",
"the demo is friday 9am") and pointed back at ("全程开着", "from now until then").

The clock stands at Tue 2026-12-01 01:00 UTC (09:00 in Beijing). CloudGPU's list (seeds): RTX 3090 $0.21/h,
RTX 4090 $0.33/h, RTX A6000 $0.44/h, A800 80G $1.09/h, A100 80G $1.49/h; gpuli's RTX 4090 ₮109 a week."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand import planning
from bot.understand.deadline_rental import kept_running
from bot.understand.normalize import normalize
from bot.understand.zones import default_zone
from tests.chat_user import ChatUser

NOW = datetime(2026, 12, 1, 1, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "hours", "total"), [
    ("今晚十二点之前要跑完，4090 cloudgpu 一直开着到那时候多少钱", "15", "$4.95"),   # 09:00 → 24:00
    ("明天中午 ddl，cloudgpu 3090 现在开到那会儿要多少", "27", "$5.67"),          # → Wed 12:00
    ("后天早上8点前要交，a6000 cloudgpu 不关机 多少钱", "47", "$20.68"),          # → Thu 08:00
    ("ddl 周四下午6点 a800 在 cloudgpu 上全程开着 费用多少", "57", "$62.13"),     # → Thu 18:00
    ("deadline thursday 6pm beijing time, keep a cloudgpu 4090 running nonstop until then, how much?", "57", "$18.81"),
    ("need it by tomorrow noon, 3090 on cloudgpu around the clock from now, cost?", "35", "$7.35"),  # UTC: → Wed 12:00
    ("cloudgpu 4090 现在开到周五中午多少钱", "75", "$24.75"),                     # the time after 开到, no 前
    ("a6000 cloudgpu 一直跑到明天晚上8点 要多少", "35", "$15.40"),
])
def test_a_card_kept_running_to_a_stated_time_is_priced_for_the_hours_to_it(text: str, hours: str, total: str) -> None:
    chat = ChatUser()
    chat.say(text)
    assert total in chat.text and f"{hours} " in chat.text, chat.text


def test_a_cycle_provider_is_priced_for_the_cycle_that_covers_the_span() -> None:
    chat = ChatUser()
    chat.say("周日中午前要交，gpuli 4090 一直开着多少钱")  # 123 h: one week covers it
    assert "₮109" in chat.text and "123" in chat.text, chat.text


def test_a_job_kept_running_gets_its_setup_priced_for_the_span() -> None:
    chat = ChatUser()
    chat.say("ddl 明晚8点，14b qlora 用 cloudgpu 4090 一直开着 要多少钱")  # 35 h × $0.33
    assert "$11.55" in chat.text and "35" in chat.text, chat.text


@pytest.mark.parametrize(("first", "then", "total"), [
    ("cloudgpu a800 per hour?", "keep it on nonstop till wednesday 6pm beijing time?", "$35.97"),  # 33 h
    ("cloudgpu 3090 一小时多少", "明早9点前一直开着呢", "$5.04"),  # 24 h
])
def test_kept_running_after_an_hourly_price_prices_that_card(first: str, then: str, total: str) -> None:
    chat = ChatUser()
    chat.say(first)
    chat.say(then)
    assert total in chat.text, chat.text


@pytest.mark.parametrize(("turns", "total", "hours"), [
    (["我们明天晚上8点截止", "cloudgpu 4090 全程开着要多少"], "$11.55", "35"),
    (["the demo is friday 9am beijing time", "a6000 on cloudgpu from now until then, cost?"], "$31.68", "72"),
    (["还剩 20 小时", "14b qlora 用 cloudgpu 的 3090", "一直开到结束多少钱"], "$4.20", "20"),
    (["deadline is wednesday 9am beijing time", "7b qlora on a cloudgpu a6000, running from now till then", "cost?"],
     "$10.56", "24"),
])
def test_a_deadline_said_earlier_holds_for_a_card_kept_running_until_then(turns: list[str], total: str,
                                                                          hours: str) -> None:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    assert total in chat.text and f"{hours} " in chat.text, chat.text


def test_a_deadline_said_alone_is_answered_with_the_time_left() -> None:
    chat = ChatUser()
    chat.say("hackathon ends thursday 6pm beijing time")
    assert "57" in chat.text and "UTC+8" in chat.text and "outside" not in chat.text, chat.text


def test_a_stated_run_length_is_not_stretched_to_the_deadline() -> None:
    chat = ChatUser()
    chat.say("周五前要交，cloudgpu 4090 训练 10 小时多少钱")
    assert "$3.30" in chat.text, chat.text


@pytest.mark.parametrize(("text", "hours"), [
    ("周五中午 ddl", 75), ("ddl 明天下午6点", 33), ("周四 deadline", 63),
])
def test_ddl_is_a_deadline_with_its_time_on_either_side(text: str, hours: int) -> None:
    due = planning.deadline(normalize(text), NOW.astimezone(default_zone("zh")))
    assert due is not None and round((due - NOW).total_seconds() / 3600) == hours, due


@pytest.mark.parametrize("text", ["一直开着", "全程开着", "现在开到明早", "从现在开到那会儿", "不关机跑", "nonstop",
                                  "from now until then", "running till then", "keep it running until friday",
                                  "around the clock"])
def test_words_for_a_card_kept_running(text: str) -> None:
    assert kept_running(normalize(text))


@pytest.mark.parametrize("text", ["跑 3 小时", "周五前能训完吗", "by friday?", "run it for 10 hours", "一直很慢"])
def test_words_that_keep_nothing_running(text: str) -> None:
    assert not kept_running(normalize(text))


@settings(max_examples=6, deadline=None)
@given(st.integers(min_value=2, max_value=160))
def test_the_span_left_times_the_hourly_price(hours: int) -> None:
    chat = ChatUser()
    chat.say(f"还剩 {hours} 小时，cloudgpu 3090 全程开着多少钱")
    total = Decimal(hours) * Decimal("0.21")  # a whole-dollar total is written without cents ("$21")
    shown = f"${total:,.2f}".removesuffix(".00")
    assert re.search(re.escape(shown) + r"(?![\d.]\d)", chat.text), chat.text


# A deadline said a turn before the job (alone, or with a job that had no data yet) times the job that follows
# with its data, exactly as if both had been said in one message: the same verdict, the same hours left.
# 7B QLoRA on a 4090, 50,000 samples × 3 epochs (seq 2048) trains about 51.9 h; 20,000 × 1 about 6.9 h.
DEADLINE_THEN_JOB = [
    ("后天前要交付", "7b qlora 5万条 3 轮 4090 来得及吗", "zh"),
    ("明天前要上线", "7b qlora 5万条 3 轮 4090 赶得及吗", "zh"),
    ("ddl 是下周一", "7b qlora 2万条训 1 轮，用 4090 行不行", "zh"),
    ("deadline is the day after tomorrow", "7b qlora, 50k samples, 3 epochs on a 4090, ok?", "en"),
    ("we have to ship by tomorrow", "7b qlora with 50k samples x 3 epochs on one 4090 - doable?", "en"),
    ("the launch is due next monday", "7b qlora, 20k samples, 1 epoch, a 4090, in time?", "en"),
]


def _lead(*turns: str) -> str:
    chat = ChatUser()
    for said in turns:
        chat.say(said)
    return chat.text


def _verdict(text: str) -> tuple[list[str], list[str], bool, bool]:
    """The deadline's day, the training hours, and whether it says in time / too late."""
    low = text.lower()
    late = "来不及" in low or "not in time" in low
    return (re.findall(r"\d{4}-\d{2}-\d{2}", text)[:1], re.findall(r"(\d+\.\d+) ?(?:小时|h)\b", text)[:1],
            not late and ("来得及" in low or "in time" in low), late)


@pytest.mark.parametrize(("deadline", "job", "lang"), DEADLINE_THEN_JOB)
def test_a_deadline_said_a_turn_before_the_job_gives_the_same_verdict_as_said_with_it(deadline: str, job: str, lang: str) -> None:
    apart = _lead(deadline, job)
    together = _lead(f"{deadline}{'，' if lang == 'zh' else ', '}{job}")
    days, hours, in_time, late = _verdict(together)
    assert days and hours and (in_time or late), together
    assert _verdict(apart) == (days, hours, in_time, late), (apart, together)
    assert ("截止" if lang == "zh" else "Deadline") in "\n".join(apart.splitlines()[:5]), apart


def test_a_deadline_already_said_is_not_applied_to_a_job_without_data() -> None:
    # no samples or tokens: no run length to weigh, so the job's own answer (a sizing), not a deadline table
    lead = _lead("deadline is friday", "7b qlora on a 4090?")
    assert "finish in time" not in lead and "4090" in lead, lead


@pytest.mark.parametrize(("festival", "date_said"), [
    ("双十二前要上线", "12月12日前要上线"), ("双12之前训完", "12月12号之前训完"), ("双十一前要交付", "11月11日前要交付"),
    ("need it done before double 12", "need it done before dec 12"), ("deadline is double 11", "deadline is nov 11"),
    ("618前要上线", "6月18日前要上线"),
])
def test_a_shopping_festival_day_is_the_deadline_of_its_date(festival: str, date_said: str) -> None:
    got = planning.deadline(normalize(festival), NOW)
    assert got is not None and got == planning.deadline(normalize(date_said), NOW)
    assert (got.month, got.day) == {"2": (12, 12), "1": (11, 11), "8": (6, 18)}[date_said[1] if date_said[0] == "1" else "8"] \
        or date_said.startswith(("need", "deadline"))


@pytest.mark.parametrize("text", ["双卡 4090 跑 7b", "double 12gb of memory", "买了 618 块的卡", "a100 80g x2 双 12 核"])
def test_no_festival_is_read_from_counts_sizes_or_prices(text: str) -> None:
    assert not any(d in normalize(text) for d in ("12月12日", "dec 12", "6月18日", "11月11日"))


def test_a_festival_deadline_with_its_job_leads_with_the_verdict_and_names_the_day() -> None:
    lead = _lead("双十二前要上线，7b qlora 5万条 3 轮，赶得及吗")
    assert "12-12" in lead and "来得及" in lead, lead
    lead = _lead("need 7b qlora on 50k samples x 3 epochs done before double 12, can we?")
    assert "12-12" in lead and "in time" in lead, lead
