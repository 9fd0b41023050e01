"""A message or a conversation asking two things about the same rental (session 15, round 2, helper b):
a budget stated the turn before is what the next rental asked "够不够" is weighed against, named back,
not the empty wallet. Prices from the seeds (一万网络 8×H100 ¥8–12万/month; CloudGPU A100 80G $1.49/hour,
4090 $0.33/hour)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize(("budget", "ask", "want"), [
    ("预算 3w", "一万网络 8 卡 h100 包月够不够", ["预算 ¥30,000", "不够", "¥90,000"]),
    ("我们预算三万", "8卡h100 一万网络 包一个月够吗", ["预算 ¥30,000", "不够"]),
    ("our budget is $500", "is a week of a100 80g at cloudgpu enough?", ["Budget $500", "enough", "$250.32", "$249.68"]),
    ("budget: 500 usd", "enough for a100 80g at cloudgpu for one week?", ["Budget $500", "$249.68"]),
    ("预算 2000 块", "cloudgpu 4090 租一周够吗", ["预算 ¥2,000", "够", "$55.44"]),
    ("预算 3w", "那租一个月 a100 80g 够不够", ["预算 ¥30,000", "够", "₮899"]),
    ("our budget is 2000 dollars", "is it enough for two weeks of a 4090 at gpuli?", ["Budget $2,000", "₮218"]),
])
def test_budget_stated_before_weighs_the_rental(budget: str, ask: str, want: list[str]) -> None:
    chat = ChatUser()
    chat.say(budget)
    chat.say(ask)
    first = chat.lines[0]
    for w in want:
        assert w in first, (w, first)
    assert "钱包余额" not in first and "wallet holds" not in first


@pytest.mark.parametrize(("text", "first", "second"), [
    ("一万网络 a100 40g 月付多少 年付呢", "¥2,800", "¥26,880"),
    ("一万网络 a100 40g 年付多少，月付呢", "¥26,880", "¥2,800"),
    ("一万网络 a100 40g 月租多少 按年呢", "¥2,800", "¥26,880"),
    ("a100 40g at 一万网络 monthly price, and yearly?", "¥2,800", "¥26,880"),
    ("how much is an a100 40g at 一万网络 per month, and per year?", "¥2,800", "¥26,880"),
    ("gpuli 4090 周租多少 月租呢", "₮109", "₮369"),
])
def test_two_terms_asked_at_once_are_both_priced(text: str, first: str, second: str) -> None:
    chat = ChatUser()
    chat.say(text)
    whole = "\n".join(chat.lines)
    assert first in whole and second in whole, whole
    assert whole.index(first) < whole.index(second)


@pytest.mark.parametrize(("text", "lead", "totals"), [
    ("70b qlora 用 cloudgpu a100 80g 还是 a800 哪个便宜 8 小时各多少", "A800", ["$8.72", "$11.92"]),
    ("7b lora on a100 80g or a800 at cloudgpu, which is cheaper for 8 hours", "A800", ["$8.72", "$11.92"]),
    ("which is cheaper for 10 hours, 4090 48g or a6000 at cloudgpu", "A6000", ["$4.40", "$6.50"]),
    ("cloudgpu 上 a6000 和 4090 48g 跑 10 小时哪个便宜", "A6000", ["$4.40", "$6.50"]),
    ("gpuli 4090 还是 a6000 租两周哪个便宜", "4090", ["₮218", "₮230"]),
])
def test_cheaper_for_a_span_leads_with_each_total(text: str, lead: str, totals: list[str]) -> None:
    chat = ChatUser()
    chat.say(text)
    top = "\n".join(chat.lines[:2])
    assert lead in top, top
    for total in totals:
        assert total in top, (total, top)


@pytest.mark.parametrize("text", [
    "一万网络 a100 40g 带宽多少 含在月付里吗",
    "一万网络 a100 40g 月付包含带宽吗",
    "does the a100 40g plan at 一万网络 include bandwidth in the monthly price?",
    "is bandwidth included in the 一万网络 a100 40g monthly fee?",
])
def test_whether_a_thing_is_included_leads_with_the_faq(text: str) -> None:
    chat = ChatUser()
    chat.say(text)
    top = "\n".join(chat.lines[:3])
    assert "100M" in top, top
    assert "¥2,800" in "\n".join(chat.lines)  # the card's price may follow


@pytest.mark.parametrize(("text", "weeks", "month"), [
    ("7b 全参 gpuli 一周多少？两周能训完的话包月划算还是包周划算", "2 周 × ₮489 = ₮978", "₮1,699"),
    ("7b full at gpuli, how much a week? it takes 3 weeks, weekly or monthly?", "3 weeks × ₮489 = ₮1,467", "₮1,699"),
    ("14b qlora gpuli 一个月多少 要是只跑三周 包周还是包月", "3 周 × ₮115 = ₮345", "₮389"),
])
def test_weeks_against_a_month_for_the_span_stated(text: str, weeks: str, month: str) -> None:
    chat = ChatUser()
    chat.say(text)
    top = "\n".join(chat.lines[:4])
    assert weeks in top and month in top, top


def test_a_yearly_discount_asked_beside_the_month_stays_the_faq() -> None:
    chat = ChatUser()
    chat.say("一万网络 A100 40G 月付多少，年付打几折")
    whole = "\n".join(chat.lines)
    assert "¥2,800" in whole and "8 折" in whole


@pytest.mark.parametrize(("first", "then", "weeks"), [
    ("7b 全参 gpuli 一周多少", "两周能训完的话包月划算还是包周划算", "2 周 × ₮489 = ₮978"),
    ("7b full at gpuli, how much a week?", "if it takes two weeks, weekly or monthly?", "2 weeks × ₮489 = ₮978"),
])
def test_a_span_asked_after_a_cost_keeps_its_setup(first: str, then: str, weeks: str) -> None:
    chat = ChatUser()
    chat.say(first)
    chat.say(then)
    top = "\n".join(chat.lines[:4])
    assert weeks in top and "₮1,699" in top, top  # the card the cost priced, two weeks against its month
