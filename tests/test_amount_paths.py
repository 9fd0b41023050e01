"""Free text and /topup read an amount one way: for generated amount texts, "充值 <text>" and
"/topup <text>" reach the same decision (record this amount / ask back / refuse), and nothing is
recorded that the text does not state exactly (hypothesis builds the texts from their parts and
knows, from the parts, the one amount a clean text states)."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.store import connect
from tests.chat_user import ChatUser, counts

# (written, value or None when the number itself is not a plain, unambiguous amount)
NUMBERS = [
    ("5", D(5)), ("500", D(500)), ("1,000", D(1000)), ("1,000.50", D("1000.50")), ("0.5", D("0.5")),
    ("12.25", D("12.25")), ("1,5", None), ("5,00", None), ("1.000", None), ("12.500", None), ("1 000", None),
    ("5..5", None), ("0x10", None), ("½", None), ("1/2", None), ("5²", None), ("1.000.000", None), ("5abc", None),
    ("٥", None), ("1,2,3", None), ("0.001", D("0.001")), ("0", D(0)),
]
UNITS = [("", D(1)), ("k", D(1000)), ("万", D(10000))]
SIGNS = ["", "", "", "-", "+", "−"]
CURRENCIES = [("", None), (" USDT", "USDT"), ("usdt", "USDT"), (" U", "USDT"), (" USD", "USD"), ("元", "CNY")]
SYMBOLS = [("", None), ("₮", "USDT"), ("$", "USD"), ("¥", "CNY")]
PROVIDERS = [("", None), (" gpuli", "gpuli"), (" cloudgpu", "cloudgpu")]
TAKES = {"gpuli": "USDT", "cloudgpu": "USD", "yiwan": "CNY"}
MINOR = 100  # every currency here has 2 minor digits


@st.composite
def amount_texts(draw: st.DrawFn) -> tuple[str, tuple[int, str] | None]:
    """A text and the (minor units, currency) it states exactly, or None when it states no one
    clear amount (then nothing may be recorded)."""
    sign = draw(st.sampled_from(SIGNS))
    symbol, sym_cur = draw(st.sampled_from(SYMBOLS))
    number, value = draw(st.sampled_from(NUMBERS))
    unit, scale = draw(st.sampled_from(UNITS))
    word, word_cur = draw(st.sampled_from(CURRENCIES))
    second = draw(st.sampled_from(["", "", "", " 6 USDT", " 7"]))
    prov, prov_id = draw(st.sampled_from(PROVIDERS))
    text = f"{sign}{symbol}{number}{unit}{word}{second}{prov}"
    named = {c for c in (sym_cur, word_cur) if c}
    clean = not sign and value is not None and not second and len(named) <= 1
    currency = next(iter(named), None) or (TAKES[prov_id] if prov_id else None)
    if prov_id and named and TAKES[prov_id] not in named:
        clean = False
    if not clean or value is None or currency is None or value * scale <= 0:
        return text, None
    minor = value * scale * MINOR
    if minor != minor.to_integral_value() or value * scale > 10_000_000:
        return text, None
    return text, (int(minor), currency)


def decision(say: str) -> tuple[str, object]:
    """What the bot did with one message on a fresh store: ("record", (minor, currency)),
    ("ask", the readings or choices offered) or ("refuse", None)."""
    me = ChatUser(connect(":memory:"))
    reply = me.say(say)
    if counts(me.store)["ledger"]:
        row = me.store.row("SELECT amount_minor, currency FROM ledger")
        assert row is not None
        return "record", (int(row["amount_minor"]), str(row["currency"]))
    if reply.kind == "wallet_amount_pick":
        return "ask", tuple(b.label_params.get("amount") for b in reply.buttons[:2])
    if reply.kind == "wallet_error" and reply.buttons:  # which provider? (the choices as buttons)
        return "ask", tuple(b.payload for b in reply.buttons)
    assert "error id" not in me.text and "Traceback" not in me.text, me.text
    return "refuse", None


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(amount_texts())
def test_free_text_and_topup_decide_the_same_and_record_only_what_is_stated(case: tuple[str, tuple[int, str] | None]) -> None:
    text, stated = case
    command, free = decision(f"/topup {text}"), decision(f"充值 {text}")
    assert command == free, (text, command, free)
    if command[0] == "record":
        assert stated is not None and command[1] == stated, (text, command, stated)


@pytest.mark.parametrize(("text", "kind", "key"), [
    ("充值 -5 USDT", "refuse", "sign"), ("充值 ½ USDT", "refuse", "fraction"), ("充值 0x10 USDT", "refuse", "hex"),
    ("充值 5..5 USDT", "refuse", "not a clear amount"), ("充值 5 USDT 6 USDT", "refuse", "Two amounts"),
    ("充值 $5 USDT", "refuse", "Two currencies"), ("/topup 1.000 USDT", "ask", "₮1,000.00"),
    ("充值 1.000 USDT", "ask", "₮1,000.00"), ("/topup 1 000 USDT", "refuse", "space"),
    ("/topup 5 USD gpuli", "refuse", "gpuli takes USDT, not USD"), ("充值 5 USD 到 gpuli", "refuse", "takes USDT"),
    ("/topup +5 USDT", "refuse", "sign"), ("充值 5² U", "refuse", "not a clear amount"),
])
def test_the_issue_cases_are_refused_or_asked_never_recorded(text: str, kind: str, key: str) -> None:
    me = ChatUser(connect(":memory:"), lang="en")
    reply = me.say(text)
    assert counts(me.store)["ledger"] == 0, me.text
    assert reply.kind == ("wallet_amount_pick" if kind == "ask" else "wallet_error"), me.text
    assert key in me.text, me.text


@pytest.mark.parametrize(("text", "minor", "currency"), [
    ("充值 500 USDT", 50_000, "USDT"), ("/topup 500 USDT", 50_000, "USDT"), ("充值500u", 50_000, "USDT"),
    ("充值 1,000.50 U", 100_050, "USDT"), ("/topup ₮12.25", 1225, "USDT"), ("充值 2万元", 2_000_000, "CNY"),
    ("充值五百u", 50_000, "USDT"), ("top up 5 usdt to gpuli", 500, "USDT"), ("充值 0.500 U", 50, "USDT"),
])
def test_clear_amounts_are_recorded_exactly(text: str, minor: int, currency: str) -> None:
    me = ChatUser(connect(":memory:"))
    me.say(text)
    row = me.store.row("SELECT amount_minor, currency FROM ledger")
    assert row is not None, me.text
    assert (row["amount_minor"], row["currency"]) == (minor, currency)
