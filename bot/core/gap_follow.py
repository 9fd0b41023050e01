"""The difference between two setups just priced side by side, asked next on its own: "For 14b full, 4x A100 SXM or
4x H100 SXM per month?" then "difference how much?" / "差多少" / "差价呢" (seed 000 at gpuli: ₮7,444 − ₮4,308 = ₮3,136).

Why: the comparison's turn kept only the job, so a bare question about the gap named nothing the router could read,
and it went to a FAQ entry that shares the word "difference" (LoRA against full fine-tuning). The gap the answer
worked out is kept with its turn (`gap_kept`); a message asking only a difference, naming no job, card, provider or
length of its own, is answered with it (`gap_again`)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.understand.parser import Parsed
from engine.money import Money


def gap_kept(reply: Reply) -> dict[str, Any]:
    """{"gap": …} for a turn's data when `reply` prices two setups at one provider, else {}."""
    v = reply.data.get("v") if isinstance(reply.data, dict) else None
    d = v.get("difference") if isinstance(v, dict) else None
    if not isinstance(d, dict) or d.get("a") is None or d.get("b") is None:
        return {}
    side = lambda r: {"n": r["num_gpus"], "gpu": r["name"], "total": str(r["total_max"])}  # noqa: E731
    return {"gap": {"provider": d["provider"], "currency": d["currency"], "a": side(d["a"]), "b": side(d["b"])}}


def gap_again(parsed: Parsed, turn: Turn | None, lang: str) -> Reply | None:
    """The kept gap, leading, when `parsed` asks only the difference of the two setups `turn` priced; else None."""
    gap = turn.data.get("gap") if turn is not None and turn.kind == "cost" else None
    q, r = parsed.request, parsed.rental
    if not isinstance(gap, dict) or not parsed.asks.difference or parsed.parts or parsed.wallet is not None:
        return None
    if q.stated() or r.provider or r.gpu or r.num_gpus or r.duration_days or r.duration_hours:
        return None  # "4 卡呢 差多少", "a week, difference?": a change of the comparison, answered anew
    cur = str(gap["currency"])
    a, b = Decimal(gap["a"]["total"]), Decimal(gap["b"]["total"])
    said = {k: t("sum.setup", lang, n=gap[k]["n"], gpu=gap[k]["gpu"]) for k in ("a", "b")}
    line = t("sum.cost_difference." + ("more" if b > a else "less"), lang, provider=gap["provider"], a=said["a"],
             b=said["b"], pa=Money(a, cur).format(lang), pb=Money(b, cur).format(lang), diff=Money(abs(b - a), cur).format(lang))
    return Reply("error", lang, {"message": f"💰 {line}"}, turn=turn)
