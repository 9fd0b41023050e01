"""Wallet-backed questions and budget verdicts (session 9, helper 4): an empty wallet answers "0" first
and is weighed as 0; a runway naming no money divides the wallet's balance; "现在呢" after a top-up
reads the balance again; money in a provider's own currency is spent there first, the longest whole
cycle leading; a budget asked of a rental with no job is that rental's price against it; a price range
straddling the budget is "not guaranteed"; a budget asked "够吗" of an unsized job says so first; a
length stated with a budget after an hourly price is that rental; "多少人民币" asks a cost. Prices from
the seeds (gpuli ₮109/week and ₮369/month for a 4090, ₮149/week for a 5090; 一万网络 8×H100 ¥8–12万/month;
CloudGPU A100 80G $1.49/hour)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


def head(chat: ChatUser, n: int = 3) -> str:
    return "\n".join(chat.lines[:n])


@pytest.mark.parametrize("text", ["我钱包余额多少", "钱包里有多少钱", "what's my wallet balance", "check my balance"])
def test_empty_wallet_answers_zero_first(text: str) -> None:
    chat = ChatUser()
    chat.say(text)
    assert "0" in head(chat).replace("/topup 500", "")
    assert "余额 0" in head(chat) or "Balance 0" in head(chat)


@pytest.mark.parametrize("text", ["钱包里的钱 够租一周 4090 吗", "我的余额够租一个礼拜 4090 吗",
                                  "is my wallet enough to rent a 4090 for a week", "does my balance cover a 4090 for one week"])
def test_empty_wallet_weighed_as_zero(text: str) -> None:
    chat = ChatUser()
    chat.say(text)
    first = chat.lines[0]
    assert "不够" in first or "Not enough" in first
    assert "0" in first


@pytest.mark.parametrize(("topup", "ask", "want"), [
    ("top up 200 usdt, please record it in my wallet", "how long can I rent a 5090 with that", "1 week"),
    ("充值 200u 帮我记一下", "这些钱能租 5090 多久", "1 周"),
    ("充值 500u", "钱包里的钱够租 4090 多久", "1 个月"),
    ("top up 500 usdt", "how long can my balance rent a 4090", "1 month"),
])
def test_runway_without_money_divides_the_wallet(topup: str, ask: str, want: str) -> None:
    chat = ChatUser()
    chat.say(topup)
    chat.say(ask)
    assert want in head(chat)
    assert "gpuli" in chat.lines[1]


@pytest.mark.parametrize(("read", "topup", "again", "want"), [
    ("钱包里有多少钱", "充值 300u 帮我记一下", "现在呢", "300"),
    ("my balance?", "top up 250 usdt", "and now?", "250"),
    ("查一下余额", "充值 120u", "那现在呢", "120"),
    ("check my wallet", "topup 80 usdt", "now?", "80"),
])
def test_now_after_a_top_up_reads_the_balance_again(read: str, topup: str, again: str, want: str) -> None:
    chat = ChatUser()
    chat.say(read)
    chat.say(topup)
    chat.say(again)
    assert want in head(chat)


def test_now_after_a_price_is_not_a_wallet_read() -> None:
    chat = ChatUser()
    chat.say("4090 一个月多少")
    chat.say("现在呢")
    assert "钱包" not in head(chat)


@pytest.mark.parametrize(("text", "want"), [("₮500 够租 4090 多久", "1 个月"), ("500u 能租几个月 4090", "1 个月"),
                                            ("how long can ₮500 rent a 4090", "1 month")])
def test_runway_in_a_providers_currency_leads_with_its_longest_cycle(text: str, want: str) -> None:
    chat = ChatUser()
    chat.say(text)
    assert want in chat.lines[1] and "gpuli" in chat.lines[1]


@pytest.mark.parametrize("text", ["一万网络 8卡h100 预算10万够吗", "8卡 H100 一万网络 预算 10万 够不够",
                                  "8x h100 at yiwan, budget 100k rmb enough?", "is a ¥100,000 budget enough for 8 H100 at 一万网络"])
def test_budget_against_a_rental_range_is_not_guaranteed(text: str) -> None:
    chat = ChatUser()
    chat.say(text)
    first = chat.lines[0]
    assert "不一定" in first or "not guaranteed" in first
    assert "120,000" in first


@pytest.mark.parametrize(("text", "word"), [("一万网络 8卡h100 预算15万够吗", "够"), ("8x h100 at yiwan, budget 50k rmb enough?", "not enough")])
def test_budget_against_a_rental_clear_verdicts(text: str, word: str) -> None:
    chat = ChatUser()
    chat.say(text)
    assert word in chat.lines[0].lower() and "不一定" not in chat.lines[0]


@pytest.mark.parametrize(("first", "then"), [("32b 全参 最便宜方案", "预算 3w rmb 够不"),
                                             ("cheapest plan for 32b full fine-tune", "is a 30k rmb budget enough?"),
                                             ("14b 全参 用啥卡", "预算 2 万块 够吗")])
def test_budget_asked_of_an_unsized_job_leads_not_guaranteed(first: str, then: str) -> None:
    chat = ChatUser()
    chat.say(first)
    chat.say(then)
    lead = chat.lines[0]
    assert "不一定" in lead or "not guaranteed" in lead
    assert "3 周" not in chat.text and "3 weeks" not in chat.text


@pytest.mark.parametrize(("first", "then", "want"), [
    ("cloudgpu a100 80g 每小时多少", "要跑 20 小时 预算 $50 够不", "29.80"),
    ("A100 80G price per hour at cloudgpu", "we need 20 hours, is $50 enough?", "29.80"),
    ("cloudgpu a100 80g 每小时多少", "跑 40 小时，预算 $50 够吗", "59.60"),
])
def test_length_with_a_budget_after_an_hourly_price(first: str, then: str, want: str) -> None:
    chat = ChatUser()
    chat.say(first)
    chat.say(then)
    assert want in chat.lines[0]


@pytest.mark.parametrize(("then", "want"), [("多少人民币一个月", "¥"), ("一个月多少人民币", "¥"), ("一周要多少美元", "$")])
def test_cost_asked_by_its_currency_after_a_sizing(then: str, want: str) -> None:
    chat = ChatUser()
    chat.say("7b 全参 最便宜")
    chat.say(then)
    assert want in head(chat)


@pytest.mark.parametrize(("text", "times"), [("7b lora 预算 $500 够吗", "2,380"), ("7b lora, budget $50, enough?", "238")])
def test_a_budget_not_yet_judged_says_how_many_of_the_cheapest_terms_it_buys(text: str, times: str) -> None:
    """$500 against CloudGPU's $0.21 RTX 3090 hour: 2,380 of them, so a generous budget reads as one."""
    me = ChatUser()
    me.say(text)
    assert times in me.lines[0], me.text


@pytest.mark.parametrize(("job", "read"), [("8b qlora 4090", "我余额还有多少"), ("32b lora 两张 a100", "我的余额还剩多少？"),
                                           ("7b full finetune on one h100", "how much is in my wallet?")])
def test_a_balance_read_after_a_job_reads_the_book_not_the_balance_rule(job: str, read: str) -> None:
    chat = ChatUser()
    chat.say(job)
    chat.say(read)
    assert head(chat, 2).startswith(("我的钱包\n余额 0", "Your wallet\nBalance 0")), chat.text
    assert "耗尽" not in chat.text and "destroyed" not in chat.text


@pytest.mark.parametrize(("text", "shown"), [
    ("我们想把团队每月的 GPU 开销上限设为 ¥3 万，快到上限的时候系统能通知我们吗？", "¥30,000.00"),
    ("预算设成 2 万元，接近时可以提醒一下吗", "¥20,000.00"),
    ("please set our monthly budget to 6000 usd, and could you warn us as we approach it?", "$6,000.00"),
])
def test_a_budget_set_beside_asking_for_its_alert_is_set_with_its_thresholds(text: str, shown: str) -> None:
    chat = ChatUser()
    chat.say(text)
    assert chat.lines[0] in ("月预算已设置。", "Monthly budget set.") and shown in chat.lines[1], chat.text
    assert "50%, 80%, 100%" in chat.text  # the thresholds the alert goes out at


@pytest.mark.parametrize("text", ["如果预算设为 5 万，能提醒吗？", "if we set a budget of 5000 usd, would you alert us?"])
def test_a_supposed_budget_with_an_alert_question_sets_nothing(text: str) -> None:
    chat = ChatUser()
    chat.say(text)
    chat.say("/budget")
    assert chat.lines[0].startswith(("没有设月预算", "No monthly budget")), chat.text


@pytest.mark.parametrize(("wish", "cap", "shown"), [
    ("我们想设置每月 GPU 费用上限", "上限定在人民币捌仟元", "¥8,000.00"),
    ("we'd like to set a monthly spending cap", "cap it at 4500 usd", "$4,500.00"),
])
def test_a_cap_wished_then_named_is_set_and_named_back(wish: str, cap: str, shown: str) -> None:
    chat = ChatUser()
    chat.say(wish)
    assert "/budget set" in chat.lines[0], chat.text  # no amount yet: how to set one
    chat.say(cap)
    assert chat.lines[0] in ("月预算已设置。", "Monthly budget set.") and shown in chat.lines[1], chat.text
