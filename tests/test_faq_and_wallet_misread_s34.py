"""Questions that name a technique, a job or a rule, and wallet questions asked in loose words, each read as what it
asks (session 34): pipeline parallelism (流水并行) is no ledger ("流水"); an upload typed with its verb split round the
object ("传 300G 数据上去") is the upload entry, wherever the data comes from; why a start holds an hour of credit
is the pre-authorization entry; "could you describe ..." asks the rest, not a definition of "describe"; whether a
price named is a list price or an estimate is the FAQ's verdict on that price, leading; south-western 好多 / 好久
ask how much / how long; the balance to keep for a run is that run's figure, never the wallet's own page.

Figures from the seeds: CloudGPU A100 80G $1.49/h and RTX 4090 $0.33/h, one hour pre-authorized while it runs
(8 h of an A100: $11.92, $13.41 with the hour); gpuli RTX 4090 ₮109/week, ₮369/month; 一万网络 8×A100 80G
¥25,000–40,000/month, an estimate."""

from __future__ import annotations

import pytest

from bot.understand.script import simplified
from bot.understand.split_verbs import joined
from tests.chat_user import ChatUser, counts


def head(chat: ChatUser, n: int = 3) -> str:
    return "\n".join(chat.lines[:n])


@pytest.mark.parametrize(("text", "said"), [
    ("张量并行、流水并行 我们团队训练要上不", "不用"),
    ("我们微调要不要上流水并行和张量并行", "不用"),
])
def test_pipeline_parallelism_is_the_faqs_not_the_ledger(text: str, said: str) -> None:
    chat = ChatUser()
    reply = chat.say(text)
    assert reply.kind == "faq" and said in head(chat) and "DDP" in chat.text, chat.text


def test_the_ledger_asked_as_流水_is_still_the_ledger() -> None:
    chat = ChatUser()
    assert chat.say("看下我们的流水").kind == "wallet_history", chat.text


@pytest.mark.parametrize("text", ["从洛杉矶传 80G 数据上去要多久", "深圳那边传 1T 数据进去大概要多久"])
def test_an_upload_with_its_verb_split_round_the_data_is_the_upload_entry(text: str) -> None:
    chat = ChatUser()
    reply = chat.say(text)
    assert reply.kind == "faq" and "上行带宽" in head(chat) and "parquet" in chat.text, chat.text


def test_the_upload_after_a_sizing_is_still_the_faqs() -> None:
    chat = ChatUser()
    chat.say("14b 全参 4 卡 h100 够吗")
    reply = chat.say("从洛杉矶传 500G 数据上去要多久")
    assert reply.kind == "faq" and "上行带宽" in head(chat), chat.text


@pytest.mark.parametrize(("text", "out"), [
    ("从新加坡传 300G 数据上去要多久", "上传 300g 数据要多久"),
    ("宣传上去", "宣传上去"),  # a word that holds 传 is no verb of moving data
    ("传上去要多久", "传上去要多久"),  # nothing between: already whole
])
def test_a_split_verb_is_joined_only_round_an_object(text: str, out: str) -> None:
    assert joined(text.lower()).endswith(out)


@pytest.mark.parametrize("text", ["why hold 1 hour of credit when I launch a gpu",
                                  "why they hold 1 hr of credit when i start an h100?"])
def test_why_an_hour_is_held_is_the_pre_authorization_entry(text: str) -> None:
    chat = ChatUser()
    reply = chat.say(text)
    assert reply.kind == "faq" and "pre-authorization" in chat.lines[0] and "returned" in chat.text, chat.text


def test_describe_asks_the_rest_not_a_definition() -> None:
    chat = ChatUser()
    chat.say("Could you describe what happens to the data on our disk when a cloudgpu instance gets destroyed?")
    assert "deleted" in head(chat) and "SFT" not in chat.text, chat.text


@pytest.mark.parametrize("text", ["8x a100 80g price at yiwan: a list price, or just an estimate?",
                                  "the 8x a100 80g price from 一万网络, official list price or an estimate?"])
def test_whether_a_price_named_is_an_estimate_leads_with_the_verdict(text: str) -> None:
    chat = ChatUser()
    chat.say(text)
    lead = head(chat, 2)  # the FAQ's answer on that provider's estimates leads, never the price list
    assert chat.last is not None and chat.last.kind == "faq", chat.text
    assert "estimate" in lead and ("25,000" in lead or "25–40k" in lead) and "💰" not in lead, chat.text


def test_a_price_asked_then_whether_it_is_official_is_still_two_answers() -> None:
    chat = ChatUser()
    chat.say("how much is 8x a100 80g per month at yiwan? is that an official price?")
    assert chat.lines[0].startswith("💰") and "25,000" in head(chat) and "not a published price" in chat.text, chat.text


@pytest.mark.parametrize(("spoken", "mandarin"), [
    ("余额要留好多", "余额要留多少"), ("a100 跑一天好多钱", "a100 跑一天多少钱"), ("300u 够租 4090 好久", "300u 够租 4090 多久"),
])
def test_south_western_how_much_and_how_long_read_as_mandarin(spoken: str, mandarin: str) -> None:
    assert simplified(spoken) == mandarin


@pytest.mark.parametrize("kept", ["等了好久", "h100 比 a100 快好多", "成本差好多倍", "好久没用了", "好多人在租 4090"])
def test_a_lot_and_a_long_time_stay(kept: str) -> None:
    assert simplified(kept) == kept


def test_how_long_money_lasts_asked_with_好久_is_the_runway() -> None:
    chat = ChatUser()
    reply = chat.say("充300u 够租 4090 好久")
    assert reply.kind == "runway" and "₮109" in chat.text and "₮369" in chat.text, chat.text
    assert counts(chat.store)["ledger"] == 0


def test_the_balance_to_keep_asked_with_好多_after_a_price_is_its_figure() -> None:
    chat = ChatUser()
    chat.say("cloudgpu 4090 跑 12 小时好多")
    chat.say("那余额要留好多")
    assert "$3.96" in head(chat) and "$4.29" in chat.lines[0], chat.text  # 12 × $0.33, plus the hour held


@pytest.mark.parametrize("text", ["balance to keep for 8 hours of an A100", "money we need to leave for 8 hours on an a100"])
def test_the_balance_to_keep_for_a_run_is_its_figure(text: str) -> None:
    chat = ChatUser()
    chat.say(text)
    assert "$13.41" in chat.lines[0] and "$11.92" in chat.lines[0], chat.text
