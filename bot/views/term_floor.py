"""The yes or no per provider that leads a short run's price when the message asked whether a longer term must still
be bought ("跑两天的话是不是也得买一周", "do I still pay a week?"): at a provider selling only terms, yes (what its
cycles make you buy for the run, and what that costs); at one billing by the minute, no (the run's hours times the
hourly rate). Read off the price rows themselves, each provider's own cycles, so a new provider's rule needs nothing
here."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from bot.messages import Reply
from bot.text.i18n import t
from bot.understand.parser import Parsed
from engine.money import Money

BY_TIME = ("minute", "hour")  # cycles that bill the time used
CYCLE_HOURS = {"week": 168, "month": 720, "year": 8760}


def floor_lead(reply: Reply, parsed: Parsed) -> Reply | None:
    """The lines "gpuli: yes, …" / "CloudGPU: no, …" to lead `reply` (a price), when `parsed` asked the term's floor."""
    floor = parsed.cues.term_floor
    if floor is None or reply.kind != "price" or not reply.data.get("rows"):
        return None
    lang, hours = reply.lang, floor[0]
    yes: list[str] = []
    no: list[str] = []
    for row in reply.data["rows"]:
        quote = (row.get("quotes") or [None])[0]
        if not quote or not quote.get("cycles"):
            continue
        total = _money(quote["total"], lang)
        bought = [c for c in quote["cycles"] if c["kind"] not in BY_TIME]
        if bought:
            cycles = " + ".join(t(f"price.cycle.{c['kind']}", lang, count=c["count"]) for c in bought)
            held = sum(CYCLE_HOURS.get(c["kind"], 0) * c["count"] for c in bought)  # "10 天也得按月付吗": 2 weeks do
            key = "floor.yes" if held >= CYCLE_HOURS[floor[1]] else "floor.less"
            if key == "floor.yes" and held > CYCLE_HOURS[floor[1]] and all(c["kind"] != floor[1] for c in bought):
                # "两天也得买一周吗" where only months are sold (一万网络): not the week asked, a whole month
                yes.append(t("floor.more", lang, provider=row["provider"], cycles=cycles, total=total, term=t(f"rental.term.{floor[1]}", lang)))
                continue
            (yes if key == "floor.yes" else no).append(t(key, lang, provider=row["provider"], cycles=cycles, total=total))
        else:
            rate = next((c["unit"] for c in quote["cycles"] if c.get("unit")), None)
            no.append(t("floor.no", lang, provider=row["provider"], hours=f"{hours:g}", total=total,
                        rate=_money(rate, lang) if rate else "—"))
    if not (yes or no):
        return None
    return Reply("error", lang, {"message": "\n".join(yes + no)})


def _money(band: dict[str, Any], lang: str) -> str:
    """A price band from a quote ("₮109", "¥80,000–120,000")."""
    low, high = Money(Decimal(band["low"]), band["currency"]), Money(Decimal(band["high"]), band["currency"])
    return low.format(lang) if low.amount == high.amount else f"{low.format(lang)}–{high.format(lang)}"
