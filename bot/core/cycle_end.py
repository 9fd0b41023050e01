"""The day a rental cycle ends, worked out: "gpuli 4090 周租多少钱" then "今天下单的话哪天到期" is 7 days from today
(12月1日 → 12月8日); "if we start a monthly one today, when does it end?" is 30 days on (Dec 1 → Dec 31). The
cycle is the one the message names (包月, weekly), else the span just priced (168 h is the week), else each cycle
the provider sells; the provider is the one named, else the one the answer before was about, else every provider
that sells prepaid cycles (per-minute billing has no end date). The start is `Parsed.cycle_from` (the parse's:
the day named, else now). The end date leads the expiry-reminders entry (3 days and 1 day before by email), which
is what a user asking when it ends needs next.

Why: the question went to the reminders entry alone, or with "到期前几天会提醒" to a deadline of today 23:59."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta

from bot.core.faq_context import behind_faq
from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.understand.faq import FaqEntry, Hit, faq_entries
from bot.understand.parser import Parsed
from engine.providers import Cycle, Provider, providers

TOPIC = "reminders"  # the FAQ topic of the entry the end date leads
ZH_WEEKDAYS = "一二三四五六日"


def _provider_ids(parsed: Parsed, turn: Turn | None, last: Turn | None) -> list[str]:
    if parsed.rental.provider:
        return [parsed.rental.provider]
    for held in (turn, last):
        if held is None:
            continue
        named = held.data.get("provider") or held.data.get("first")
        if isinstance(named, str):
            return [named]
    return [p.id for p in providers().entries if p.billing.prepaid]


def _span_days(parsed: Parsed, last: Turn | None) -> float | None:
    """The cycle's length the message names, else the span the answer before priced."""
    if parsed.rental.duration_days:
        return parsed.rental.duration_days
    hours = last.data.get("hours") if last is not None and last.kind == "price" else None
    return float(hours) / 24 if isinstance(hours, int | float) else None


def _cycles(p: Provider, days: float | None) -> list[Cycle]:
    sold = [c for c in p.billing.cycles if c.kind != "year" and c.days]
    return [c for c in sold if c.days == days] or sold


def _day(at: datetime, lang: str) -> str:
    if lang == "zh":
        return f"{at.month}月{at.day}日 周{ZH_WEEKDAYS[at.weekday()]}"
    return f"{at:%a}, {at:%b} {at.day}"


def end_line(p: Provider, cycle: Cycle, start: datetime, today: bool, lang: str) -> str:
    assert cycle.days is not None
    begun, end = _day(start, lang), start + timedelta(days=cycle.days)
    line = t("cycle_end.line", lang, provider=p.name, cycle=t(f"cycle_end.{cycle.kind}", lang), days=cycle.days,
             start=t("cycle_end.today" if today else "cycle_end.on", lang, day=begun), end=_day(end, lang))
    return line + after_end(p, end, lang)


def after_end(p: Provider, end: datetime, lang: str) -> str:
    """What the provider's rules date from that end: its reminders (so many days before) and the last day the data
    is kept once the rental stops; empty for a provider that states neither."""
    life, said = p.lifecycle, ""
    before = sorted(life.expiry_reminder_days, reverse=True)
    if before:
        said += t("cycle_end.reminders", lang, days=_joined([_day(end - timedelta(days=d), lang) for d in before], lang),
                  before=_joined([str(d) for d in before], lang), channel=t(f"cycle_end.channel.{life.reminder_channel or 'any'}", lang))
    if life.data_retention_days:
        said += t("cycle_end.kept", lang, day=_day(end + timedelta(days=life.data_retention_days), lang),
                  n=life.data_retention_days)
    return said


def _joined(items: list[str], lang: str) -> str:
    return ("、" if lang == "zh" else " and ").join(items)


def _entry(ids: list[str]) -> FaqEntry | None:
    """The reminders entry of a provider asked (another provider's reminders are no answer)."""
    return next((e for e in faq_entries() if TOPIC in e.topics and set(ids) & set(e.providers)), None)


def cycle_end(parsed: Parsed, turn: Turn | None, answer: Callable[[Parsed], Reply]) -> Reply | None:
    """The reminders entry led by the day each cycle asked ends, or None when no end date is asked, a job is
    named, or no provider asked sells cycles."""
    begun, q = parsed.cycle_from, parsed.request
    if begun is None or q.model or q.params_b or parsed.intent not in ("faq", "unknown", "price"):
        return None
    last, _ = behind_faq(turn)
    ids = _provider_ids(parsed, turn, last)
    days = _span_days(parsed, last)
    named = {p.id: p for p in providers().entries}
    # in the chat's zone: the parse's clock is the chat's (Beijing in Chinese, UTC in English)
    entry = _entry(ids)
    ids = [i for i in ids if entry is not None and i in entry.providers and i in named]
    lines = [end_line(named[i], c, begun.at, begun.today, parsed.lang) for i in ids for c in _cycles(named[i], days)]
    if not lines or entry is None:
        return None
    hit = Hit(entry, 1.0)
    reply = answer(replace(parsed, intent="faq", faq=[hit], faq_confident=True, faq_answers=[hit], missing=[],
                           follow_up=False, parts=[]))
    items = reply.data.get("items") if reply.kind == "faq" else None
    if not items:
        return None
    items[0]["lead"] = "\n".join(lines)
    return reply



def part_ended(part: Parsed, before: Parsed | None, answer: Callable[[Parsed], Reply]) -> Reply | None:
    """A part of a message asking when its rental ends ("7b qlora 4090 gpuli 租一周多少 周租租到哪天", "…, and good
    until what date?"): the end date, at the provider of the part before when it names none; None otherwise."""
    if part.cycle_from is None:
        return None
    where = before.rental.provider or before.request.provider if before is not None else None
    if where and not part.rental.provider:
        part = replace(part, rental=replace(part.rental, provider=where))
    if before is not None and not part.rental.duration_days and before.rental.duration_days:  # "…一周多少钱？到期是哪天": that week
        part = replace(part, rental=replace(part.rental, duration_days=before.rental.duration_days))
    return cycle_end(part, None, answer)
