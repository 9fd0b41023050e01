"""Money and quantity words: a grouped size ("12,500 GB"), a past-tense top-up, several nodes of a
stated card count, a budget asked against a rental with no model, and a budget that asks which
card (a question, never a /budget set)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import ChatUser


@settings(max_examples=25, deadline=None)
@given(gb=st.integers(1_000, 99_999), kind=st.sampled_from([("object storage", "object-storage"),
                                                             ("volume", "volume"), ("对象存储", "object-storage")]))
def test_a_size_with_thousands_separators_is_one_number(gb: int, kind: tuple[str, str]) -> None:
    word, key = kind
    text = f"{gb:,} GB {word} at gpuli for a month" if word.isascii() else f"gpuli {word} {gb:,} GB 一个月"
    assert parse(text).price.add_ons.get(key) == gb


def test_a_past_tense_top_up_is_recorded() -> None:
    chat = ChatUser()
    chat.say("just topped up 3k usdt")
    assert "3,000" in chat.text and "+" in chat.text


def test_nodes_of_a_stated_card_count_multiply_and_infiniband_is_priced_per_node() -> None:
    chat = ChatUser()
    chat.say("三台 8 卡 h100 带 infiniband 包月多少钱")
    assert "24×H100" in chat.text.replace(" ", "")
    assert "₮1,800" in chat.text  # ₮600 per node per month × 3 (seed: gpuli InfiniBand)


def test_a_budget_against_a_rental_needs_no_model() -> None:
    chat = ChatUser()
    reply = chat.say("could i rent 8x h100 for a month with ₮12k")
    assert reply.kind != "missing", chat.text
    first = chat.text.splitlines()[0]
    assert "₮12,000" in first and "₮14,432" in first  # not enough: gpuli's month is ₮14,432


def test_a_budget_that_asks_which_card_is_not_a_budget_setting() -> None:
    parsed = parse("预算 3000 块，一万网络包月能租什么卡")
    assert parsed.intent == "price" and parsed.wallet is None
    chat = ChatUser()
    chat.say("预算 3000 块，一万网络包月能租什么卡")
    assert "¥2,800" in chat.text and "月预算已设置" not in chat.text
