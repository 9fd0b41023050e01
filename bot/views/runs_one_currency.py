"""Several runs priced at providers that bill in different currencies, brought to one currency before any total or
difference is drawn.

Why: each run was shown on its own cheapest pick, so a LoRA run at CloudGPU ($) and a full fine-tune at gpuli (₮)
were "added" as "₮4,308 + $316.80 = ₮4,308 + $316.80", no figure at all. Two methods of one job are compared fairly
at one provider: where every run has a firm price at one provider (its pick or one of the others its answer
lists), each run is shown there. Only where no provider prices them all are the totals converted, at the
catalog's comparison rates, into the first run's currency, and the reply says so.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from bot.messages import Reply
from bot.text.i18n import t
from engine.money import Money


def _firm(entry: Any) -> Decimal | None:
    """An option's total where it is one figure (no band), else None."""
    if not isinstance(entry, dict) or entry.get("total_max") is None or entry.get("total_min") != entry.get("total_max"):
        return None
    return Decimal(str(entry["total_max"]))


def _at(v: dict[str, Any], provider: str) -> dict[str, Any] | None:
    """One run's option at `provider`: its own pick when that is there, else the cheapest firm one its answer lists
    that is as safe as a pick (no offload to the CPU, no mark such as an estimate or a tight fit)."""
    pick = v.get("pick")
    if isinstance(pick, dict) and pick.get("provider") == provider:
        return pick if _firm(pick) is not None else None
    found = [e for e in [*(v.get("rows") or []), *(v.get("others") or [])]
             if isinstance(e, dict) and e.get("provider") == provider and _firm(e) is not None and e.get("currency")
             and e.get("offload") in (None, "none") and not e.get("marks")]
    return min(found, key=lambda e: _firm(e) or Decimal(0), default=None)


def one_provider(costs: list[Reply]) -> list[dict[str, Any]] | None:
    """The option of each run at the first provider (in the order the runs' own picks name them) that prices every
    run firmly; None when there is none."""
    views = [r.data.get("v") if isinstance(r.data, dict) else None for r in costs]
    if not all(isinstance(v, dict) and isinstance(v.get("pick"), dict) for v in views):
        return None
    order = list(dict.fromkeys(str(v["pick"].get("provider")) for v in views if isinstance(v, dict)))
    for provider in order:
        picks = [_at(v, provider) for v in views if isinstance(v, dict)]
        if all(p is not None for p in picks) and len({p["currency"] for p in picks if p}) == 1:
            return [p for p in picks if p is not None]
    return None


def converted(amounts: list[tuple[Decimal, str]]) -> tuple[list[Money], str]:
    """Each amount in the first one's currency at the catalog's comparison rates, with that currency."""
    target = amounts[0][1]
    return [Money(a, c).to(target) for a, c in amounts], target


def total_line(key: str, n: int, amounts: list[tuple[Decimal, str]], lang: str, difference: bool) -> str:
    """"₮4,308 + ₮389 = ₮4,697" (or the difference of two, "₮4,308 − ₮389 = ₮3,919"), every figure in one currency:
    converted when the runs are billed in several, with the note that says the rates are for comparing only."""
    mixed = len({c for _, c in amounts}) > 1
    moneys, currency = converted(amounts) if mixed else ([Money(a, c) for a, c in amounts], amounts[0][1])
    show = [m.approx() if mixed else m for m in moneys]
    if difference and n == 2:
        high, low = sorted(show, key=lambda m: m.amount, reverse=True)
        line = t("runs.difference", lang, parts=f"{high.format(lang)} − {low.format(lang)}",
                 total=(high - low).format(lang))
    else:
        total = sum((m.amount for m in show), Decimal(0))
        line = t(key, lang, n=n, parts=" + ".join(m.format(lang) for m in show), total=Money(total, currency).format(lang))
    return line + (t("runs.converted", lang, currency=currency) if mixed else "")
