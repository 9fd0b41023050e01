"""Blind set 13's FAQ classes: a question about a method's quality answered by the entry about that
method (not LoRA-against-full nor a sizing), even when a model size is named; and "how do I top up"
answered by the payment entry (USDT for gpuli), not the week-or-month entry nor the bot's own wallet.

The phrasings are this file's own; each failed before the fix."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser, said


def _faq_ids(me: ChatUser) -> list[str]:
    assert me.last is not None and me.last.kind == "faq", (me.last and me.last.kind, me.text)
    return [str(item["id"]) for item in me.last.data["items"]]  # type: ignore[union-attr]


# QLoRA's quality asked against LoRA or full fine-tuning, a size named or not: QLoRA's own entry
# ("slightly, most applications won't notice"), never the LoRA-vs-full essay nor two sizings
@pytest.mark.parametrize("text", [
    "4bit 的 qlora 训出来会不会比 lora 差一截 14b",
    "will qlora give worse results than lora on a 7b?",
    "is qlora much worse than plain lora for quality, 14b",
    "does QLoRA hurt accuracy vs a full fine-tune on 32b?",
    "qlora 比 lora 效果差多少",
])
def test_qlora_quality_gets_qlora_entry(text: str) -> None:
    me = said(text)
    assert _faq_ids(me)[0] == "qlora-accuracy", me.text


def test_qlora_quality_answer_states_the_seed_fact_in_both_languages() -> None:
    zh = said("32b 用 qlora 会不会比 lora 差很多")
    assert "会掉一点" in zh.text and "LoRA 和全参" not in zh.text
    en = said("will qlora give worse results than lora on a 7b?")
    assert "Slightly" in en.text and "side by side" not in en.text


# two methods compared with nothing else said: the entry comparing exactly those two (QLoRA against
# LoRA: a quarter of the memory, 20-40% slower), also right after a price list
@pytest.mark.parametrize("turns", [
    ["lora 跟 qlora 差别大吗"],
    ["gpuli 4090 周租多少", "qlora 和 lora 差多少"],
])
def test_two_methods_compared_get_the_entry_comparing_them(turns: list[str]) -> None:
    me = ChatUser()
    for t in turns:
        me.say(t)
    assert _faq_ids(me)[0] in ("qlora-speed", "qlora-accuracy"), me.text
    assert "全参" not in me.lines[0]


def test_method_comparison_that_asks_memory_stays_a_sizing() -> None:
    """The comparison still sizes both when it asks what a sizing states (memory, the difference)."""
    me = said("32b qlora 和 lora 显存差多少")
    assert me.last is not None and me.last.kind != "faq", me.text
    assert "GB" in me.lines[0] or "GB" in me.lines[1]


def test_speed_of_a_full_fine_tune_is_not_qlora_speed() -> None:
    """An entry about other methods (QLoRA against LoRA) never answers a job of another method."""
    me = said("72b 全参 最低配置是啥 会慢多少")
    assert "QLoRA" not in me.lines[0], me.text


@pytest.mark.parametrize("text", [
    "how do I add money to my gpuli wallet",
    "how can i fund my gpuli wallet?",
    "gpuli 钱包怎么充值",
    "钱包如何充钱",
    "gpuli 钱包怎么打钱",
])
def test_topping_up_gets_the_payment_entry(text: str) -> None:
    me = said(text)
    assert _faq_ids(me)[0] == "payment-methods", me.text
    assert "USDT" in me.text
    assert "/topup" not in me.text  # not the bot's own wallet, with its command


def test_reading_my_wallet_is_still_the_wallet() -> None:
    me = said("我的钱包")
    assert me.last is not None and me.last.kind != "faq"


@pytest.mark.parametrize(("text", "amount"), [
    ("想往 gpuli 充 300 USDT，怎么操作", "₮300"),
    ("how would we top up 1200 USDT?", "₮1,200"),
    ("打算充值 2000 元 给一万网络 怎么付", "¥2,000"),
])
def test_the_amount_of_a_top_up_asked_how_is_named_first(text: str, amount: str) -> None:
    """A how-to-top-up question with an amount names that amount before the ways to pay, and stays the payment
    entry (no top-up recorded in the bot's own wallet, no command)."""
    me = said(text)
    assert _faq_ids(me)[0] == "payment-methods", me.text
    assert amount in me.lines[0] and "/topup" not in me.text, me.text
