"""一万网络's upgrades and its yearly prepay (seed 003: A100 40G ¥2,800 a month, 16 cores +¥400 a month, 128G of
RAM +¥600 a month, a year prepaid 20% off: ¥26,880).

- The upgrades named in Taiwan's words (記憶體 for RAM, 核心 for cores) or loosely ("128g 内存", "带 16 核") are
  priced with the card, in one message or added to the card just priced or picked: ¥2,800 + ¥400 + ¥600 = ¥3,800.
- "the card alone", "只要卡", "不加配置" after them prices the card without them (a year: ¥26,880), and says so.
- "年付 平均每月多少", "yearly, per month on average?" states the year's total and its share, ¥26,880 ÷ 12 = ¥2,240.
- A year with upgrades shows the card's year as charged (¥26,880, ¥33,600 less 20%) beside the upgrades' ¥4,800 and
  ¥7,200, so the parts add up to the ¥38,880 total; the discount is said where it is taken (on the card).
"""

from __future__ import annotations

import pytest

from bot.understand import rental_extras as extras
from bot.understand.normalize import normalize
from bot.understand.script import simplified
from tests.chat_user import ChatUser, conversation, lead_lines


@pytest.mark.parametrize(("text", "want"), [
    ("加 128G 記憶體", {"ram-128g": 1}),
    ("16 核心 CPU 跟 128G 記憶體", {"cpu-16c": 1, "ram-128g": 1}),
    ("記憶體升級到 128G", {"ram-128g": 1}),
    ("带 16 核 128g 内存", {"cpu-16c": 1, "ram-128g": 1}),
    ("with a 128G RAM upgrade", {"ram-128g": 1}),
    ("16 cores + 128G ram", {"cpu-16c": 1, "ram-128g": 1}),
])
def test_both_upgrades_are_read_in_either_script(text: str, want: dict[str, int]) -> None:
    assert extras.add_ons(normalize(simplified(text))) == want


@pytest.mark.parametrize(("text", "lead"), [
    ("包月 一萬網絡 A100 40G 加 128G 記憶體 多少", "¥3,400"),
    ("一萬網絡 A100 40G 包月 加 16 核心 跟 128G 記憶體 總共多少", "¥3,800"),
    ("一万网络 a100 40g 包月 带 16 核 128g 内存 多少", "¥3,800"),
    ("yiwan a100 40g monthly with 16 cores and 128G RAM, total?", "¥3,800"),
    ("一萬網絡 A100 40G 月費 加 128G 記憶體", "¥3,400"),
])
def test_upgrades_in_one_message_are_priced_with_the_card(text: str, lead: str) -> None:
    reply = conversation(text)
    assert lead in lead_lines(reply, 2) and "¥2,800" in lead_lines(reply, 2), reply


@pytest.mark.parametrize(("turns", "lead"), [
    (("一萬網絡 A100 40G 月費多少", "包月加 16 核 CPU 跟 128G 記憶體 總共多少"), "¥3,800"),
    (("一万网络 a100 40g", "包月 带 16 核 128g 内存 多少"), "¥3,800"),
    (("7b lora 一万网络 用啥卡", "包月 带 16 核 128g 内存 多少"), "¥3,800"),
    (("7b lora at yiwan, which card?", "monthly with 16 cores and 128G RAM?"), "¥3,800"),
    (("一万网络 a100 40g monthly", "with 16 cores + 128G ram?"), "¥3,800"),
    (("what does 一万网络 charge for an A100 40G", "and with a 128G RAM upgrade?"), "¥3,400"),
])
def test_upgrades_added_after_a_price_or_a_pick_join_the_card(turns: tuple[str, ...], lead: str) -> None:
    reply = conversation(*turns)
    assert lead in lead_lines(reply, 2), reply


def test_a_storage_after_a_sizing_is_still_priced_on_its_own() -> None:
    reply = conversation("14b qlora gpuli 用啥卡", "存储卷 2000G 多少钱")
    assert "₮160" in lead_lines(reply, 1), reply


@pytest.mark.parametrize(("turns", "lead", "left"), [
    (("一万网络 a100 40g monthly", "with 16 cores + 128G ram?", "yearly price for the card alone?"), "¥26,880", "16-core CPU"),
    (("一万网络 a100 40g 包月", "加 16 核 128g 内存", "只要卡 年付多少"), "¥26,880", "CPU 16 核"),
    (("一万网络 a100 40g 包月", "加 16 核 128g 内存", "不加配置呢"), "¥2,800", "内存 128G"),
    (("yiwan a100 40g monthly with 16 cores and 128G RAM", "just the card?"), "¥2,800", "128 GB RAM"),
    (("一万网络 3090 包月 加 16 核", "卡本身多少"), "¥1,750", "CPU 16 核"),
    (("yiwan 3090 monthly with 16 cores", "and without the upgrades?"), "¥1,750", "16-core CPU"),
])
def test_the_card_alone_drops_the_upgrades(turns: tuple[str, ...], lead: str, left: str) -> None:
    reply = conversation(*turns)
    assert lead in lead_lines(reply, 2) and "¥400" not in reply and "¥4,800" not in reply, reply
    assert left in reply.splitlines()[-1] or left in reply, reply  # the line naming what was left out


@pytest.mark.parametrize("turns", [
    ("一万网络 a100 40g 年付 一年多少 平均每月多少",),
    ("一万网络 A100 40G 包年多少钱 折合每个月多少",),
    ("yiwan a100 40g yearly, and per month on average?",),
    ("yiwan a100 40g annual prepay price, what's the monthly average?",),
    ("一万网络 a100 40g 年付多少", "平均每个月合多少"),
    ("一万网络 a100 40g 年付多少", "一个月折合多少"),
    ("yiwan a100 40g yearly price", "what does that work out to per month?"),
])
def test_a_year_shared_per_month_states_both(turns: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 2)
    assert "¥26,880" in lead and "¥2,240" in lead, lead


def test_a_month_asked_plainly_is_no_share() -> None:
    """"包月多少" is a month's rental, not a year shared out."""
    reply = conversation("一万网络 a100 40g 包月多少")
    assert "¥2,800" in lead_lines(reply, 2) and "¥2,240" not in reply, reply


@pytest.mark.parametrize(("text", "parts"), [
    ("一万网络 a100 40g 包年 加 16 核 128g 内存 一共多少", ("¥38,880", "¥26,880", "¥33,600", "¥4,800", "¥7,200")),
    ("yiwan a100 40g yearly with 16 cores and 128G RAM, total?", ("¥38,880", "¥26,880", "¥33,600", "¥4,800", "¥7,200")),
    ("一万网络 a100 40g 年付 加 16 核", ("¥31,680", "¥26,880", "¥33,600", "¥4,800")),
    ("一万网络 3090 包年 加 128g 内存", ("¥24,000", "¥16,800", "¥21,000", "¥7,200")),
])
def test_a_year_with_upgrades_adds_up_as_charged(text: str, parts: tuple[str, ...]) -> None:
    line = lead_lines(conversation(text), 2).splitlines()[-1]
    assert all(p in line for p in parts), line
    # the card's year as charged stands before its list price and before the upgrades
    assert line.index(parts[1]) < line.index(parts[2]) < line.index(parts[3]), line
    assert "20%" in line or "8 折" in line, line


# the year's total said again per month with "i.e." / "so" (即系, 也就是, 相当于, "so per month?"): its share of each
# month (seed 003: ¥26,880 ÷ 12 = ¥2,240), not a month's rental; after a week's price "so per month?" is a month's rental
@pytest.mark.parametrize(("first", "then", "share"), [
    ("一万网络 A100 40G 年付几钱", "即系每个月几多", "平均每月 ¥2,240"),
    ("一万网络 a100 40g 包年多少", "也就是每月多少", "平均每月 ¥2,240"),
    ("yiwan a100 40g annual price?", "so per month?", "¥2,240 a month on average"),
    ("a100 40g at yiwan, yearly prepay?", "i.e. monthly?", "¥2,240 a month on average"),
])
def test_a_years_price_restated_per_month_is_its_share(first: str, then: str, share: str) -> None:
    me = ChatUser()
    me.say(first)
    me.say(then)
    assert share in "\n".join(me.lines[:2]), me.text


def test_so_per_month_after_a_week_is_a_months_rental() -> None:
    me = ChatUser()
    me.say("gpuli 4090 一周多少")
    me.say("so per month?")
    assert "₮369" in me.lines[1] and "average" not in me.text
