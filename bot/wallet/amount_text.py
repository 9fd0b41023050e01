"""The one reader of a money request's text, for `/topup 500 USDT gpuli` and "充值500U到gpuli" alike.

Why one reader over the whole text: the two paths used to read amounts differently, and free text
recorded what the user did not write ("充值 -5 USDT" as +5, "½" as 2, "0x10" as 10, "5..5" as 5,
"5 USDT 6 USDT" as the first, "$5 USDT" in dollars). Here every path gets one decision:

- an amount to record, read by bot.understand.amount (commas in groups of three);
- a question back: "1,5" or "1.000" (a decimal or a thousands separator?) carries both readings;
- a refusal, with what to fix: a sign (+5, -5), a fraction or another non-plain digit (½, ², ①),
  hex (0x10), a malformed number (5..5, 5abc), two amounts, digits grouped with spaces ("1 000"),
  two currencies, two providers, or a currency the named provider does not take.

`command=True` (the words after /topup or /budget) also refuses any word it does not know, so a
typo never passes silently; free text may say other things around the amount.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal

from bot.understand.amount import CEILING, NON_FINITE, Ambiguous, Amount, OutOfRange, read_number
from bot.understand.normalize import _convert_numerals
from bot.wallet.refusal import WalletError
from engine.providers import currencies, providers

SIGNS = "+-−–—"
SYMBOLS = {"$": "USD", "¥": "CNY", "₮": "USDT"}
NUMBER = re.compile(r"[0-9][0-9.,]*(?:e[+-]?[0-9]+)?")
UNIT = re.compile(r"万|千|k(?![a-z])|w(?![a-z])")
GLUED_WORD = re.compile(r"[a-z]+")
WORD = re.compile(r"[a-z]+|人民币|美元|美金|块钱|元|块|刀")
HEX = re.compile(r"(?<![a-z0-9])0[xbo][0-9a-f]+")
ASCII_FRACTION = re.compile(r"[0-9]\s*/\s*[0-9]")
CJK_NUMERALS = set("零一二两三四五六七八九十百千万亿")
CJK_CURRENCY = {"块钱": "CNY", "刀": "USD"}


@dataclass(frozen=True)
class MoneyArgs:
    amount: Decimal | None  # None when the amount is ambiguous: `ambiguous` holds its two readings
    currency: str | None
    provider: str | None
    ambiguous: Ambiguous | None = None


def not_amount(reason: str, value: str) -> WalletError:
    """The refusal for an amount KaSuan will not guess: `reason` names its sentence."""
    return WalletError(f"wallet.err.amount_{reason}", value=value)


def out_of_range(text: str) -> WalletError:
    """The one line for an amount nobody means (1e30, NaN, 99999999999999999999, above the ceiling)."""
    return WalletError("wallet.err.out_of_range", value=text, limit=f"{CEILING:,}")


def _blank(text: str, start: int, end: int) -> str:
    return text[:start] + " " * (end - start) + text[end:]


def _check_characters(raw: str) -> None:
    """A fraction (½ ⅓, or 1/2), a superscript or circled digit (² ①), or a digit of another script
    is refused before NFKC turns it into plain digits that would mean something else ("½" -> "12")."""
    for ch in raw:
        cat = unicodedata.category(ch)
        if ch == "\u2044" or "FRACTION" in unicodedata.name(ch, ""):
            raise not_amount("fraction", ch)
        if cat in ("No", "Nl") and ch not in CJK_NUMERALS:
            raise not_amount("not_plain", ch)
        if cat == "Nd" and not ("0" <= unicodedata.normalize("NFKC", ch) <= "9"):
            raise not_amount("not_plain", ch)


def _providers_in(text: str) -> tuple[str, list[str]]:
    """The providers `text` names (by id, name or alias), and the text with those names blanked."""
    found: list[str] = []
    for p in providers().entries:
        for alias in sorted({p.id, p.name, *p.aliases}, key=len, reverse=True):
            low = alias.lower()
            if not low or all(ch in CJK_NUMERALS for ch in low):  # "一万" is ten thousand before a name
                continue
            pattern = rf"(?<![a-z0-9]){re.escape(low)}(?![a-z0-9])" if low.isascii() else re.escape(low)
            for m in list(re.finditer(pattern, text)):
                text = _blank(text, m.start(), m.end())
                if p.id not in found:
                    found.append(p.id)
    return text, found


def _currency_word(word: str) -> str | None:
    if word in CJK_CURRENCY:
        return CJK_CURRENCY[word]
    found = currencies().find(word)
    return found.id if found is not None else None


def _signed(text: str, start: int) -> str | None:
    """The sign written before the number at `start` ("-5", "- 5", "-$5", "+₮5"), if any: a dash
    after a letter or digit is a hyphen ("top-up", "A100-80G"), not a sign."""
    i = start - 1
    while i >= 0 and text[i] == " ":
        i -= 1
    if i >= 0 and text[i] in SYMBOLS:
        i -= 1
        while i >= 0 and text[i] == " ":
            i -= 1
    if i >= 0 and text[i] in SIGNS and not (i > 0 and text[i - 1].isalnum()):
        return text[i]
    return None


@dataclass(frozen=True)
class _Found:
    start: int
    end: int
    token: str


def read_money(raw: str, *, command: bool, filler: frozenset[str] = frozenset(),
               usage: str = "/topup 500 USDT gpuli") -> MoneyArgs | None:
    """The decision for a money request's text: its MoneyArgs (None: no amount in it), or a
    WalletError saying what to fix. `filler` words are allowed in a command (to, 给, ...)."""
    _check_characters(raw)
    text = _convert_numerals(unicodedata.normalize("NFKC", raw).lower())
    if ASCII_FRACTION.search(text):
        raise not_amount("fraction", ASCII_FRACTION.search(text)[0])  # type: ignore[index]
    if m := HEX.search(text):
        raise not_amount("hex", m[0])
    text, named = _providers_in(text)
    if len(named) > 1:
        raise WalletError("wallet.err.two_providers", a=named[0], b=named[1])
    rest = text
    numbers: list[_Found] = []
    amounts: list[tuple[_Found, Amount | Ambiguous]] = []
    currency_seen: list[str] = []
    for m in NUMBER.finditer(text):
        start, end, token = m.start(), m.end(), m[0]
        before = text[start - 1] if start else ""
        if before and before.isascii() and (before.isalpha() or before in "#_"):
            continue  # part of a name or a reference: A100, rtx4090, #12
        if token[-1] in ".," and (end == len(text) or not text[end].isdigit()):
            token, end = token[:-1], end - 1  # "充值5." ends a sentence
        sign = _signed(text, start)
        if sign is not None:
            raise not_amount("sign", f"{sign}{token}")
        unit_m = UNIT.match(text, end)
        unit = unit_m[0] if unit_m else None
        stop = unit_m.end() if unit_m else end
        glued = GLUED_WORD.match(text, stop)
        if glued is not None and _currency_word(glued[0]) is None:
            raise not_amount("not_plain", text[start:glued.end()])
        reading = read_number(token, unit, text=text[start:stop])
        if reading is None:
            raise not_amount("not_plain", text[start:stop])
        if isinstance(reading, OutOfRange):
            raise out_of_range(reading.text)
        found = _Found(start, stop, text[start:stop])
        if numbers and text[numbers[-1].end:start] == " " and len(token) == 3 and token.isdigit() \
                and re.fullmatch(r"[0-9]{1,3}", numbers[-1].token):
            raise not_amount("spaced", f"{numbers[-1].token} {token}")
        numbers.append(found)
        amounts.append((found, reading))
        rest = _blank(rest, start, stop)
    if len(amounts) > 1:
        raise WalletError("wallet.err.two_amounts", a=amounts[0][0].token, b=amounts[1][0].token)
    for word in re.finditer(r"[a-z]+", rest):
        if word[0] in NON_FINITE:
            raise out_of_range(word[0])
    for sym, cur in SYMBOLS.items():
        if sym in rest:
            currency_seen.append(cur)
            rest = rest.replace(sym, " ")
    for w in list(WORD.finditer(rest)):
        named_cur = _currency_word(w[0])
        if named_cur is not None:
            currency_seen.append(named_cur)
            rest = _blank(rest, w.start(), w.end())
    distinct = list(dict.fromkeys(currency_seen))
    if len(distinct) > 1:
        raise WalletError("wallet.err.two_currencies", a=distinct[0], b=distinct[1])
    currency = distinct[0] if distinct else None
    prov = named[0] if named else None
    if prov is not None and currency is not None:
        p = providers().get(prov)
        if currency != p.currency:
            raise WalletError("wallet.err.currency_mismatch", provider=p.name, currency=currency, expected=p.currency)
    if command:
        left = [w for w in rest.split() if w not in filler]
        if left:
            raise WalletError("wallet.err.unknown_word", word=" ".join(left), usage=usage)
    if not amounts:
        return None
    reading = amounts[0][1]
    if isinstance(reading, Ambiguous):
        return MoneyArgs(None, currency, prov, reading)
    return MoneyArgs(reading.value, currency, prov)


__all__ = ["MoneyArgs", "not_amount", "out_of_range", "read_money"]
