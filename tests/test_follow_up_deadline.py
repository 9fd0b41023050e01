"""A deadline asked of the last answer with the run's length stated ("训练大概 6 小时，这周五之前搞得定吗",
"it takes ~6h, done by Friday?") leads with in time / too late against the clock, then prices that
span on the last answer's setup. The clock stands at Tue 2026-12-01 01:00 UTC, so the end of Friday
is about 95 hours away in UTC (an English chat) and 87 in Beijing time (a Chinese chat means its own Friday). A span the deadline names itself ("3天内") is the time left, not the run."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser

SIZING = {"zh": "32b qlora 用啥卡", "en": "which card for 32b qlora"}  # 1 × RTX A6000 (seed 000's 24-48 GB class)
IN_TIME = [("训练大概 6 小时，这周五之前搞得定吗", "zh", "6"), ("跑一次要 6 个小时，周五前能训完吗", "zh", "6"),
           ("大概 10 小时能跑完，下周一之前来得及吗", "zh", "10"), ("跑一次要 3 天，下周一前能训完吗", "zh", "72"),
           ("it takes ~6h, done by Friday?", "en", "6"), ("needs 10 hours, can it finish by friday?", "en", "10"),
           ("the run takes about 6 hours, will it be done before Friday?", "en", "6"),
           ("3 days of training, ready before next monday?", "en", "72")]
TOO_LATE = [("要跑 200 小时，周五前能训完吗", "zh", "87"), ("needs 200 hours, can it finish before friday?", "en", "95")]


@pytest.mark.parametrize(("ask", "lang", "hours"), IN_TIME)
def test_a_run_length_before_a_deadline_leads_with_in_time(ask: str, lang: str, hours: str) -> None:
    chat = ChatUser(lang=lang)
    chat.say(SIZING[lang])
    chat.say(ask)
    head = chat.lines[0]
    assert head.startswith("✅") and ("来得及" in head or "in time" in head), chat.text
    assert f"{hours} 小时" in head or f"{hours} h" in head, head  # the run's own length, in hours
    assert "32B QLoRA" in chat.text and "RTX A6000" in chat.text  # the last answer's job and setup, priced
    assert "哪个模型" not in chat.text and "which model" not in chat.text.lower()


@pytest.mark.parametrize(("ask", "lang", "left"), TOO_LATE)
def test_a_run_longer_than_the_time_left_is_too_late(ask: str, lang: str, left: str) -> None:
    chat = ChatUser(lang=lang)
    chat.say(SIZING[lang])
    chat.say(ask)
    head = chat.lines[0]
    assert "来不及" in head or "too late" in head, chat.text
    assert left in head and "200" in head  # hours left against hours needed


@pytest.mark.parametrize(("ask", "lang"), [("3天内能训完吗", "zh"), ("done within 3 days?", "en")])
def test_a_deadline_span_is_the_time_left_not_added_to_a_run_length(ask: str, lang: str) -> None:
    chat = ChatUser(lang=lang)
    chat.say(SIZING[lang])
    chat.say(ask)
    # rented until the deadline: 72 hours of CloudGPU's $0.44 A6000 hour, not 3 days plus 72 hours
    assert "$31.68" in chat.text and "144" not in chat.text and "6 天" not in chat.text, chat.text


@pytest.mark.parametrize(("first", "then", "lang"), [
    ("7b lora 1万条数据 4090 多少钱", "训练大概 6 小时，周五前能完成吗", "zh"),
    ("7b lora on a 4090 with 10k samples, cost?", "it actually takes about 6 hours, done by friday?", "en"),
])
def test_a_stated_run_length_wins_over_the_datasets_estimate(first: str, then: str, lang: str) -> None:
    chat = ChatUser(lang=lang)
    chat.say(first)  # estimated at about 2.42 h from the 10,000 samples
    chat.say(then)
    assert "6 小时" in chat.lines[0] or "6 h" in chat.lines[0], chat.text
    assert "$1.98" in chat.text  # 6 h of CloudGPU's $0.33 RTX 4090 hour, not the 2.42 h estimate


# A deadline put to the last job as a yes-or-no question, with no dataset size ("we need it done by thursday, ok?"):
# whether it finishes depends on the data, and that answer (the tokens the setup trains before the day, named back)
# leads; the rental until then follows. 7B QLoRA on CloudGPU's 4090 trains about 5.9 million tokens an hour.
@pytest.mark.parametrize(("fit", "ask", "day"), [
    ("7b qlora on one 4090, does it fit?", "we need it done by thursday, ok?", "Thursday"),
    ("does 7b qlora fit a single 4090", "deadline is friday - doable?", "Friday"),
    ("4090 跑 7b qlora 装得下吗", "周四前要交，可以吗", "周四"),
    ("一张 4090 够 7b qlora 吗", "下周一前要用，行吗", "周一"),
])
def test_a_deadline_asked_yes_or_no_of_the_last_job_leads_with_what_it_depends_on(fit: str, ask: str, day: str) -> None:
    chat = ChatUser()
    chat.say(fit)
    chat.say(ask)
    first = next(line for line in chat.text.splitlines()[:3] if line.startswith("⏰"))  # (a fit asked again may lead)
    assert day in first and ("million tokens" in first or "万 token" in first or "亿 token" in first), chat.text
