"""A run described by steps and seconds a step, a length, or a deadline, asked right after a price, is timed
and priced on the card and provider just priced; its time is written the way people read it ("100 min",
never "1.66667 h"), a longest run is rounded down, and no validation line reaches the chat (blind set 37)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.understand.normalize import normalize
from bot.understand.run_timing import step_seconds, total_steps
from bot.views.run_length import gap_length, longest_hours, run_length
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("text", "seconds", "steps"), [
    ("1000 steps at 6 s each", 6.0, 1000),
    ("each step takes 2 s and we have 3000 steps", 2.0, 3000),
    ("2 seconds a step, 3000 steps", 2.0, 3000),
    ("5k steps at 1.5s", 1.5, 5000),
    ("2s/it for 3000 steps", 2.0, 3000),
    ("跑 6000 步，一步 1.5 秒", 1.5, 6000),
    ("2 秒一步 一共 3000 步", 2.0, 3000),
    ("一步要 3 秒 总共 1200 步", 3.0, 1200),
    ("每步 2 秒 1500 步", 2.0, 1500),
])
def test_a_step_time_and_the_steps_are_read_in_either_order_and_language(text: str, seconds: float, steps: int) -> None:
    norm = normalize(text)
    assert step_seconds(norm) == seconds and total_steps(norm) == steps, norm


@pytest.mark.parametrize(("first", "then", "needles"), [
    # 3000 × 4 s = 200 min; CloudGPU bills the minute: 200 × $0.21 / 60 = $0.70
    ("CloudGPU 3090 一小时多少", "一共 3000 步 每步 4 秒 要花多少", ("200 分钟", "$0.70")),
    ("cloudgpu 的 a100 80g 价格", "每步 3 秒 总共 2400 步 费用呢", ("120 分钟", "$2.98")),
    ("cloudgpu 4090 按小时怎么收", "跑 6000 步，一步 1.5 秒，大概多少钱", ("150 分钟", "$0.825")),
    ("how much is an A100 80G on cloudgpu per hour", "2400 steps at 3 s/step, what would that cost?", ("120 min", "$2.98")),
    ("CloudGPU 3090 hourly?", "each step takes 2 s and we have 3000 steps; price?", ("100 min", "$0.35")),
])
def test_steps_times_seconds_after_a_price_is_priced_on_that_card(first: str, then: str, needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(first)
    chat.say(then)
    assert all(n in chat.text for n in needles), chat.text
    assert "CloudGPU" in chat.text.splitlines()[3] or "CloudGPU" in chat.text, chat.text
    assert "说卡和服务商" not in chat.text and "name the card" not in chat.text.lower() and "估" not in chat.text.splitlines()[0]


@pytest.mark.parametrize("text", ["CloudGPU 4090, 1000 steps at 6 s each: how long and how much?",
                                  "cloudgpu 4090 跑 1000 步 6 秒一步 多久 多少钱"])
def test_a_run_asked_how_long_and_how_much_is_one_question(text: str) -> None:
    chat = ChatUser()
    chat.say(text)
    # 1000 × 6 s = 100 min; 100 × $0.33 / 60 = $0.55; no FAQ (gpuli's price list) beside it
    assert ("100 min" in chat.text or "100 分钟" in chat.text) and "$0.55" in chat.text, chat.text
    assert "gpuli" not in chat.text.split("\n\n")[-1].split(":")[0] and "₮369 / ₮109" not in chat.text


@pytest.mark.parametrize(("first", "then", "lead", "needles"), [
    ("CloudGPU 4090 rate?", "we measured 1.2 s per step, 5000 steps, will it finish by tonight and what does it cost?",
     "✅", ("100 min (about 1.67 h)", "$0.55")),
    ("cloudgpu 4090 多少钱一小时", "2 秒每步 3000 步 今晚能跑完吗", "✅", ("100 分钟（约 1.67 小时）", "$0.55")),
    # "还有两小时": two hours left, a deadline, not a two-hour rental; 1500 × 2 s = 50 min
    ("CloudGPU 4090 8b qlora 多少钱一小时", "每步 2 秒 1500 步 下班前能跑完吗 还有两小时", "✅", ("50 分钟", "$0.275")),
    # 2000 × 2 s = 66.7 min against the hour left: 7 min short, never "0 h short"
    ("cloudgpu 4090 7b qlora cost per hour?", "2 s per step, 2000 steps, we have 1 hour left, will it make it?",
     "❌", ("67 min (about 1.11 h)", "about 7 min short")),
])
def test_a_run_against_a_deadline_after_a_price_is_judged_and_priced_on_that_card(
        first: str, then: str, lead: str, needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(first)
    chat.say(then)
    assert chat.text.startswith(lead) and all(n in chat.text for n in needles), chat.text
    assert "1.66667" not in chat.text and "0 h short" not in chat.text and "要在" not in chat.text


def test_a_stated_run_after_a_jobs_price_never_shows_a_validation_line() -> None:
    chat = ChatUser()
    chat.say("cloudgpu 4090 7b qlora cost per hour?")
    chat.say("2 s per step, 2000 steps, how much?")
    # 2000 × 2 s = 66.7 min, 67 billed minutes × $0.33 / 60 = $0.3685
    assert "$0.3685" in chat.text and "samples" not in chat.text and "between" not in chat.text, chat.text


@pytest.mark.parametrize(("first", "then", "needles"), [
    ("gpuli 8卡 h100 包周多少", "32b 全参 2000 万 token 3 个 epoch 周五前能训完吗", ("8×H100 SXM", "₮4,172")),
    ("gpuli 4x a100 monthly price?", "14b full finetune, 50M tokens, 2 epochs, can we finish by next monday?",
     ("4× A100 80GB SXM", "₮4,308")),
])
def test_a_jobs_deadline_after_a_setups_price_is_judged_on_that_setup(first: str, then: str, needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(first)
    chat.say(then)
    assert all(n in chat.text for n in needles) and "MI300X" not in chat.text and "A800" not in chat.text, chat.text


@pytest.mark.parametrize(("turns", "needle"), [
    (("gpuli A6000 weekly", "we need it 9 days", "how much in total?"), "₮230"),  # two weeks × ₮115
    (("gpuli 4090 包周", "要用 10 天", "总共多少钱"), "₮218"),  # two weeks × ₮109
    (("cloudgpu 4090 8 小时多少", "合计多少钱"), "$2.64"),  # 480 min × $0.33 / 60
])
def test_a_bare_total_after_a_priced_length_is_that_rentals_total(turns: tuple[str, ...], needle: str) -> None:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    assert needle in chat.text.splitlines()[1], chat.text


@pytest.mark.parametrize(("text", "needle", "never"), [
    ("CloudGPU 余额 $5 开 A100 80G 能跑多久", "约 3.35 小时", "3.4"),  # 5 / 1.49 = 3.356 h: 201 whole minutes
    ("cloudgpu balance $2, how long can I run a 4090?", "about 6.05 hours", "6.1"),  # 2 / 0.33 = 363 minutes
])
def test_a_longest_run_is_rounded_down(text: str, needle: str, never: str) -> None:
    chat = ChatUser()
    chat.say(text)
    assert needle in chat.text and never not in chat.text, chat.text


def test_lengths_are_written_as_people_read_them() -> None:
    assert run_length(5 / 3, "en") == "100 min (about 1.67 h)"
    assert run_length(5 / 3, "zh") == "100 分钟（约 1.67 小时）"
    assert run_length(0.5, "zh") == "30 分钟" and run_length(2, "en") == "2 h" and run_length(12.63, "zh") == "12.6 小时"
    assert gap_length(-7 / 60, "en") == "7 min" and gap_length(9.4, "zh") == "9 小时"
    assert longest_hours(Decimal(5) / Decimal("1.49")) == "3.35" and longest_hours(Decimal(25) / Decimal("1.49")) == "16.7"


# a length alone after a FAQ question that asked a card's price is that price for that length (CloudGPU bills by the
# minute: 135 min × $0.33/h = $0.7425); after a question about how billing works it stays the billing answer
@pytest.mark.parametrize(("first", "then", "needle"), [
    ("cloudgpu 4090 – how much per minute?", "so a 2h15m job?", "$0.7425"),
    ("cloudgpu 的 a6000 每分钟多少钱", "跑 90 分钟的话", "$0.66"),
    ("cloudgpu 4090 - price per minute?", "what about a 5 hour run", "$1.65"),
])
def test_a_length_after_a_card_price_question_prices_that_length(first: str, then: str, needle: str) -> None:
    me = ChatUser()
    me.say(first)
    reply = me.say(then)
    assert reply.kind == "price" and needle in "\n".join(me.lines[:2]), me.text


def test_a_length_after_a_billing_question_keeps_the_billed_minutes() -> None:
    me = ChatUser()
    me.say("cloudgpu 按分钟怎么计费")
    me.say("跑了 61 秒呢")
    assert "按 2 分钟计费" in me.text
