"""Issue 18 (round 1, blind 76/77: a message with two questions lost its second). Three shapes, each asked of one card:
- the card's vendor facts and its rental price ("显存多大 … 月租多少"): the facts were answered and the price dropped;
- two terms of one card's price with no mark between ("月租多少 周租多少"): the second term read as the FAQ's
  general question on weekly versus monthly, and lost the card;
- a price then a question on the card's own catch ("…月租多少，rocm 有坑吗"): the MI300X entry is on hardware and
  memory, and a memory entry was taken as asking of the job beside it, so the clause was folded into the price.
Figures from seed 000 (gpuli: RTX 5090 ₮149/week ₮499/month, RTX 4090 ₮109/₮369, L40S ₮189/₮649, A100 PCIe 80GB
₮269/₮899, MI300X ₮489/₮1,699, H200 ₮2,599/month) and catalogs/gpus.yaml (vendor memory: 5090 32 GB, L40S 48 GB,
H200 141 GB)."""

from __future__ import annotations

import re

import pytest

from tests.chat_user import said


@pytest.mark.parametrize(("text", "memory", "price"), [
    ("gpuli 上 5090 显存多少G 一个月租金多少", "32", "499"),
    ("5090 显存有多大，gpuli 包月多少钱", "32", "499"),
    ("l40s 显存多少 gpuli 周租多少", "48", "189"),
    ("how much vram does the rtx 5090 have, and what's the monthly price at gpuli?", "32", "499"),
    ("what does a single h200 cost per month at gpuli, and what is its memory size", "141", "2,599"),
    ("l40s at gpuli: weekly price? and how much vram does it have", "48", "189"),
])
def test_a_cards_memory_and_its_price_both_answered(text: str, memory: str, price: str) -> None:
    me = said(text)
    assert memory in me.text, me.text
    assert price in me.text, me.text


@pytest.mark.parametrize("text", ["rtx 5090 显存多大", "how much vram does an h200 have", "gpuli 的 l40s 显存多少"])
def test_memory_alone_is_no_price(text: str) -> None:
    me = said(text)
    assert "₮" not in me.text, me.text


@pytest.mark.parametrize(("text", "week", "month"), [
    ("gpuli 5090 月租多少 周租多少", "149", "499"),
    ("gpuli 的 l40s 包周多少 包月多少", "189", "649"),
    ("gpuli a100 80g 周租多少 月租多少", "269", "899"),
    ("a6000 at gpuli monthly how much weekly how much", "115", "389"),
    ("l40s on gpuli: per month how much, per week how much", "189", "649"),
])
def test_two_terms_of_one_card_both_priced(text: str, week: str, month: str) -> None:
    me = said(text)  # the card's own line, by the week and by the month (the FAQ's list of every card is no answer)
    assert re.search(rf"₮{week}\s*/\s*(?:周|week)", me.text), me.text
    assert re.search(rf"₮{month}\s*/\s*(?:月|month)", me.text), me.text


@pytest.mark.parametrize(("text", "price"), [
    ("gpuli 的 mi300x 一周多少，rocm 有坑吗", "489"),
    ("mi300x 在 gpuli 包月多少？AMD 的卡靠谱吗", "1,699"),
    ("what's an mi300x a month at gpuli, and any gotchas with rocm?", "1,699"),
    ("mi300x weekly price at gpuli, is rocm a pain", "489"),
])
def test_a_price_and_the_cards_catch_both_answered(text: str, price: str) -> None:
    me = said(text)
    assert price in me.text, me.text
    assert "ROCm" in me.text, me.text


def _single_cards_by_the_month() -> list[tuple[str, int, str]]:
    """Every card gpuli rents alone with a month price: (its catalog name, its vendor memory, that month's price)."""
    from engine.catalog import gpus
    from engine.providers import providers
    gpuli = providers().find("gpuli")
    assert gpuli is not None
    out = []
    for offer in gpuli.offers:
        card, month = gpus().find(offer.gpu), offer.prices.get("month")
        if offer.count == 1 and card is not None and month is not None and month.low == month.high:
            out.append((card.name, int(card.memory_gb), f"{month.low:,.0f}"))
    return out


@pytest.mark.parametrize(("card", "memory", "month"), _single_cards_by_the_month())
@pytest.mark.parametrize("form", ["{card} 显存多大 gpuli 月租多少", "how much vram does the {card} have and what is its monthly price at gpuli"])
def test_every_cards_memory_and_month_price(form: str, card: str, memory: int, month: str) -> None:
    me = said(form.format(card=card))  # the rule holds for each card the catalog rents alone by the month
    assert re.search(rf"(?<![\d.]){memory}\s*GB", me.text), me.text
    assert f"₮{month}" in me.text, me.text
