"""Reading the arguments of the wallet chat commands (the words after /topup, /rent, ...).

Why tolerant, word-order-free parsing: people type "/topup 500 usdt gpuli", "/topup gpuli 500U" and
"/topup ₮500" and mean the same thing. Each word is recognised by what it is (an amount, a currency,
a provider, a duration, a card count); a word that is none of these is refused by name, so a typo is
never silently ignored and nothing is written.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from bot.wallet.amount_text import MoneyArgs, read_money
from bot.wallet.budget import DEFAULT_THRESHOLDS, parse_thresholds
from bot.wallet.refusal import WalletError
from bot.wallet.times import parse_duration
from engine.catalog import gpus
from engine.errors import UnknownName
from engine.providers import Provider, providers

PERSONAL_WORDS = {"me", "mine", "my", "personal", "我", "我的", "个人", "私人"}
FILLER = {"to", "on", "at", "for", "from", "of", "in", "the", "a", "an", "with", "via", "and", "rent", "add",
          "给", "在", "到", "用", "租", "充值", "充", "张", "卡", "块"}
COUNT = re.compile(r"^(?:[x×*](\d+)|(\d+)\s*[x×*]|(\d+)\s*(?:卡|张|gpus?|cards?))$", re.I)
RENTAL_ID = re.compile(r"^(?:#|r|no\.?|id)?(\d{1,12})$", re.I)
MAX_CARDS = 64


def tokens(args: str) -> list[str]:
    return [t for t in re.split(r"\s+", args.strip()) if t]


def take_personal(words: list[str]) -> tuple[list[str], bool]:
    """Split off "me" / "我的": in a group it selects the asker's personal wallet."""
    rest = [w for w in words if w.lower() not in PERSONAL_WORDS]
    return rest, len(rest) != len(words)


def find_provider(word: str) -> Provider | None:
    return providers().find(word)


def parse_money_args(words: list[str], *, usage: str = "/topup 500 USDT gpuli") -> tuple[MoneyArgs | None, list[str]]:
    """An amount, an optional currency and provider, in any order (bot.wallet.amount_text, the reader
    free text uses too); every other word but FILLER is refused by name. (money, []) or (None, [])."""
    return read_money(" ".join(words), command=True, filler=frozenset(FILLER), usage=usage), []


def reject_leftovers(words: list[str], usage: str) -> None:
    left = [w for w in words if w.lower() not in FILLER]
    if left:
        raise WalletError("wallet.err.unknown_word", word=" ".join(left), usage=usage)


@dataclass(frozen=True)
class RentArgs:
    gpu: str  # catalog id
    num_gpus: int
    duration: timedelta | None
    provider: str | None
    region: str | None
    overdraft: bool = False
    form_named: bool = True  # SXM / PCIe said (a command names its card exactly); else the cheaper variant


def parse_count(word: str) -> int | None:
    m = COUNT.match(word)
    if not m:
        return None
    n = int(next(g for g in m.groups() if g))
    if n < 1 or n > MAX_CARDS:
        raise WalletError("wallet.err.bad_count", n=n, limit=MAX_CARDS)
    return n


def parse_rent(words: list[str]) -> RentArgs:
    """CARD [xN] week|month|Nd|Nh [provider] [region], in any order."""
    count: int | None = None
    duration: timedelta | None = None
    prov: Provider | None = None
    card: list[str] = []
    for w in words:
        n = parse_count(w)
        if n is not None:
            count = n
            continue
        d = parse_duration(w)
        if d is not None:
            duration = d
            continue
        if prov is None:
            p = find_provider(w)
            if p is not None:
                prov = p
                continue
        if w.lower() in FILLER:
            continue
        card.append(w)
    if not card:
        raise WalletError("wallet.err.need_card")
    region: str | None = None
    name = " ".join(card)
    found = gpus().find(name)
    if found is None and len(card) > 1:
        for p in [prov] if prov else list(providers().entries):
            try:
                region = p.region(card[-1]).id
            except UnknownName:
                continue
            found = gpus().find(" ".join(card[:-1]))
            break
    if found is None:
        raise UnknownName("gpu", name, gpus().suggest(name))
    return RentArgs(found.id, count or 1, duration, prov.id if prov else None, region)


def parse_rental_id(words: list[str]) -> tuple[int, list[str]]:
    """The rental number ("12", "#12"); the words left over."""
    for i, w in enumerate(words):
        m = RENTAL_ID.match(w)
        if m:
            return int(m[1]), words[:i] + words[i + 1:]
    raise WalletError("wallet.err.need_rental_id")


BUDGET_WORDS = {"set", "per", "month", "/month", "monthly", "a", "每月", "每个月", "月", "每", "budget", "预算",
                "设置", "设为", "为", "/mo", "mo"}
# a budget kept per week instead of per month (the spending alert's period, bot.wallet.times.period_bounds)
WEEK_WORDS = {"week", "/week", "weekly", "wk", "/wk", "每周", "每星期", "每个星期", "周", "星期", "/周"}
THRESHOLD_WORDS = {"thresholds", "threshold", "at", "alerts", "阈值", "提醒"}
OFF_WORDS = {"off", "clear", "none", "remove", "delete", "取消", "删除", "关闭", "关"}


@dataclass(frozen=True)
class BudgetArgs:
    clear: bool
    money: MoneyArgs | None
    thresholds: tuple[int, ...]
    span: str = "month"  # "week" when the command says per week


def parse_budget(words: list[str]) -> BudgetArgs | None:
    """None (show the budget), clear, or AMOUNT [CURRENCY] [per month|per week] [thresholds 50,80,100]."""
    if not words:
        return None
    if any(w.lower() in OFF_WORDS for w in words) and len(words) <= 2:
        return BudgetArgs(True, None, DEFAULT_THRESHOLDS)
    thresholds = DEFAULT_THRESHOLDS
    span = "month"
    rest: list[str] = []
    expect_thresholds = False
    seen_number = False  # a bare "50,80,100" after the amount is thresholds; first, "1,5" is the amount
    for w in words:
        low = w.lower()
        if low in THRESHOLD_WORDS:
            expect_thresholds = True
            continue
        if expect_thresholds or (seen_number and ("," in w or "，" in w) and all(
                p.strip().rstrip("%").isdigit() for p in re.split("[,，]", w) if p.strip())):
            thresholds = parse_thresholds(w)
            expect_thresholds = False
            continue
        if low in BUDGET_WORDS:
            continue
        if low in WEEK_WORDS:
            span = "week"
            continue
        seen_number = seen_number or bool(re.match(r"^[¥￥$₮]?\d", unicodedata.normalize("NFKC", w)))
        rest.append(w)
    money, left = parse_money_args(rest, usage="/budget set 20000 CNY per month thresholds 50,80,100")
    if money is None:
        raise WalletError("wallet.err.need_amount", usage="/budget set 20000 CNY per month thresholds 50,80,100")
    reject_leftovers(left, "/budget set 20000 CNY per month thresholds 50,80,100")
    return BudgetArgs(False, money, thresholds, span)


KIND_WORDS = {"expiry": "expiry", "到期": "expiry", "expire": "expiry", "runway": "runway", "余额": "runway",
              "续航": "runway", "balance": "runway", "budget": "budget", "预算": "budget"}
ON_WORDS = {"on", "开", "开启", "打开", "enable"}
OFF_SWITCH = {"off", "关", "关闭", "disable"}
TZ_WORDS = {"tz", "timezone", "time-zone", "zone", "时区"}
QUIET_WORDS = {"quiet", "quiet-hours", "免打扰", "静音"}


RUNWAY_LEVEL = re.compile(r"^(\d+(?:\.\d+)?)\s*(h|hrs?|hours?|个?小时|d|days?|天)?$", re.IGNORECASE)
DEFAULT_WORDS = {"default", "默认", "reset", "重置"}
RUNWAY_HOURS_RANGE = (2, 720)  # the last hour has its own alert; a month is the longest warning that means something
MAX_RUNWAY_LEVELS = 4
ALERTS_USAGE = "/alerts runway 24h 6h | /alerts runway off | /alerts tz Asia/Shanghai | /alerts quiet 23:00-08:00"


@dataclass(frozen=True)
class AlertArgs:
    tz: str | None = None
    quiet: tuple[str, str] | None = None
    quiet_off: bool = False
    switches: tuple[tuple[str, bool], ...] = ()
    runway_hours: tuple[int, ...] | None = None  # () = back to the default (no extra levels)


def runway_level(word: str) -> int | None:
    """"24h", "6小时", "2d", "1天", "12": hours of balance left at which to warn (None: not a level).

    A level outside 2 h to 30 days, or not a whole hour, is refused with the allowed range."""
    m = RUNWAY_LEVEL.match(unicodedata.normalize("NFKC", word.strip()))
    if m is None:
        return None
    unit = (m[2] or "h").lower()
    hours = Decimal(m[1]) * (24 if unit[0] in "d天" else 1)
    low, high = RUNWAY_HOURS_RANGE
    if hours != hours.to_integral_value() or not low <= hours <= high:
        raise WalletError("wallet.err.runway_level", level=word, low=low, high=high)
    return int(hours)


def parse_alerts(words: list[str]) -> AlertArgs | None:
    """None (show), or: tz NAME | quiet 23:00-08:00 | quiet off | KIND on|off | on | off."""
    from bot.wallet.times import parse_quiet, parse_tz

    if not words:
        return None
    head, rest = words[0].lower(), words[1:]
    if head in TZ_WORDS:
        if len(rest) != 1:
            raise WalletError("wallet.err.bad_tz", tz=" ".join(rest))
        return AlertArgs(tz=parse_tz(rest[0]))
    if head in QUIET_WORDS:
        if len(rest) == 1 and rest[0].lower() in OFF_SWITCH | OFF_WORDS:
            return AlertArgs(quiet_off=True)
        return AlertArgs(quiet=parse_quiet(" ".join(rest)))
    if head in ON_WORDS | OFF_SWITCH and not rest:
        on = head in ON_WORDS
        return AlertArgs(switches=(("expiry", on), ("runway", on), ("budget", on)))
    switches: list[tuple[str, bool]] = []
    levels: list[int] | None = None
    pending: str | None = None
    for w in words:
        low = w.lower()
        level = runway_level(w) if pending == "runway" or levels is not None else None
        if low in KIND_WORDS:
            pending = KIND_WORDS[low]
        elif low in ON_WORDS | OFF_SWITCH and pending is not None:
            switches.append((pending, low in ON_WORDS))
            pending = None
        elif level is not None:
            levels = [*(levels or []), level]
            pending = None
        elif low in DEFAULT_WORDS and pending == "runway":
            levels, pending = [], None
        else:
            raise WalletError("wallet.err.unknown_word", word=w, usage=ALERTS_USAGE)
    if pending is not None or not (switches or levels is not None):
        raise WalletError("wallet.err.unknown_word", word=" ".join(words), usage=ALERTS_USAGE)
    if levels is not None and len(set(levels)) > MAX_RUNWAY_LEVELS:
        raise WalletError("wallet.err.runway_levels", most=MAX_RUNWAY_LEVELS)
    chosen = tuple(sorted(set(levels), reverse=True)) if levels is not None else None
    return AlertArgs(switches=tuple(switches), runway_hours=chosen)
