"""An SLA credit worked out from the figures the user states: "上个月 gpuli 可用率掉到 98% 停了 12 小时 怎么赔",
or across turns "gpuli sla 多少" → "上月可用率 98.7%" → "停了大概 9 小时 赔多少". The provider's SLA (seed 000:
99.9% per instance per month; a miss credits 3× the downtime, 10× below 99%, the whole month below 95%) picks the
tier the stated uptime crosses and multiplies the stated hours down: 98.7% and 9 h are 90 hours of credit, led
before the FAQ's own answer. The figures come from the parsed value (`Parsed.outage`); those said earlier in the
conversation are kept in the turn and added to.

Uptime without hours: the hours that uptime leaves down over the provider's month illustrate the credit; hours
without uptime: the uptime those hours leave over that month picks the tier.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from decimal import ROUND_HALF_UP, Decimal

from bot.core.faq_context import behind_faq
from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.understand.faq import FaqEntry, Hit, faq_entries
from bot.understand.outage import Outage
from bot.understand.parser import Parsed
from engine.providers import Provider, providers

CHAIN = 4  # turns looked back through for the SLA question and the figures said since
SHORT = 30  # characters: "what do we get", "补多少": asked of the figures already said


def _sla_provider(named: str | None) -> Provider | None:
    """The provider named, when it states an SLA; else the one provider that does."""
    with_sla = [p for p in providers().entries if p.sla is not None]
    if named is not None:
        return next((p for p in with_sla if p.id == named), None)
    return with_sla[0] if len(with_sla) == 1 else None


def sla_entry(p: Provider) -> FaqEntry | None:
    """The FAQ entry on `p`'s SLA: the one about SLAs that states its uptime figure."""
    assert p.sla is not None
    figure = f"{p.sla.uptime_percent}%"
    return next((e for e in faq_entries() if "sla" in e.topics and p.id in e.providers
                 and figure in e.answer.en), None)


def _chain(turn: Turn | None) -> list[Turn]:
    out: list[Turn] = []
    while turn is not None and len(out) < CHAIN:
        out.append(turn)
        prev = turn.data.get("prev")
        turn = Turn(prev["kind"], prev["data"]) if isinstance(prev, dict) else None
    return out


def _held(turns: list[Turn]) -> tuple[bool, str | None, Outage]:
    """(an SLA answer is in the conversation, its provider, the figures said since), the latest first."""
    ids = {e.id for e in faq_entries() if "sla" in e.topics}
    asked, provider = False, None
    uptime: Decimal | None = None
    hours: Decimal | None = None
    for turn in turns:
        if turn.kind != "faq" or turn.data.get("entry") not in ids:
            continue
        asked = True
        provider = provider or turn.data.get("provider")
        held = turn.data.get("outage") or {}
        if uptime is None and held.get("uptime") is not None:
            uptime = Decimal(held["uptime"])
        if hours is None and held.get("hours") is not None:
            hours = Decimal(held["hours"])
    return asked, provider, Outage(uptime, hours)


def _about_sla(parsed: Parsed, entry: FaqEntry) -> bool:
    """Whether the message's FAQ reading is the SLA entry, or one sharing its subject (a refund for downtime)."""
    hits = parsed.faq_answers or parsed.faq[:1]
    return bool(hits) and bool(set(hits[0].entry.topics) & set(entry.topics))


def sla_credit(parsed: Parsed, turn: Turn | None, answer: Callable[[Parsed], Reply]) -> Reply | None:
    """The SLA entry's answer led by the credit the stated figures earn, or None when no SLA is asked of or
    no figure is stated."""
    q = parsed.request
    if parsed.intent not in ("faq", "unknown", "price") or q.gpu or q.model or q.params_b or parsed.parts:
        return None
    asked, held_provider, held = _held(_chain(turn))
    said = parsed.outage
    p = _sla_provider(parsed.rental.provider or held_provider)
    entry = sla_entry(p) if p is not None else None
    if p is None or entry is None:
        return None
    hits_sla = bool(parsed.faq_answers or parsed.faq) and _about_sla(parsed, entry)
    if not (hits_sla or asked):
        return None
    if not said and not (asked and held and hits_sla and len(parsed.words) <= SHORT
                         and not (parsed.rental.duration_days or parsed.rental.duration_hours)):
        return None  # "what do we get" asked of the figures said: "那包两个月多少" asks a rental's price instead
    figures = Outage(said.uptime if said.uptime is not None else held.uptime,
                     said.down_hours if said.down_hours is not None else held.down_hours)
    if not figures:
        return None
    hit = Hit(entry, 1.0)
    reply = answer(replace(parsed, intent="faq", faq=[hit], faq_confident=True, faq_answers=[hit], missing=[],
                           follow_up=False, rental=replace(parsed.rental, provider=p.id)))
    items = reply.data.get("items") if reply.kind == "faq" else None
    if not items:
        return None
    items[0]["lead"] = credit_line(p, figures, parsed.lang)
    # remembered like any FAQ answer, on top of the answer beneath the questions (a rental priced stays for "两个月呢")
    under, asked_before = behind_faq(turn)
    said_before = asked_before if turn is not None and turn.data.get("entry") == entry.id else None
    reply.turn = Turn("faq", {"text": said_before or (entry.question.zh if parsed.lang == "zh" else entry.question.en),
                              "provider": p.id, "entry": entry.id,
                              "outage": {"uptime": None if figures.uptime is None else str(figures.uptime),
                                         "hours": None if figures.down_hours is None else str(figures.down_hours)},
                              "prev": {"kind": under.kind, "data": under.data} if under is not None else None})
    return reply


def _num(value: Decimal) -> str:
    shown = value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP).normalize()
    return f"{shown:f}"


def credit_line(p: Provider, figures: Outage, lang: str) -> str:
    """What the stated uptime and hours down earn under `p`'s SLA, worked out."""
    sla = p.sla
    assert sla is not None
    month_hours = Decimal(p.billing.month_days * 24)
    uptime, hours = figures.uptime, figures.down_hours
    derived = ""
    if uptime is None:
        assert hours is not None
        uptime = (Decimal(100) - hours / month_hours * 100).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        derived = t("sla.uptime_from_hours", lang, hours=_num(hours), days=p.billing.month_days, uptime=_num(uptime))
    tier = sla.credit_for(uptime)
    if tier is None:
        return t("sla.met", lang, provider=p.name, uptime=_num(uptime), target=_num(sla.uptime_percent)) + derived
    if tier.credit == "full_month":
        return t("sla.full_month", lang, provider=p.name, uptime=_num(uptime), below=_num(tier.below_percent)) + derived
    multiple = tier.multiple or 1
    if hours is None:
        down = (Decimal(100) - uptime) / 100 * month_hours
        return t("sla.multiple_unsized", lang, provider=p.name, uptime=_num(uptime), below=_num(tier.below_percent),
                 multiple=multiple, days=p.billing.month_days, down=_num(down), credit=_num(down * multiple))
    return t("sla.multiple", lang, provider=p.name, uptime=_num(uptime), below=_num(tier.below_percent),
             multiple=multiple, hours=_num(hours), credit=_num(hours * multiple)) + derived
