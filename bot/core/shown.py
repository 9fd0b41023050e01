"""The setups a sizing reply showed, remembered with its turn so a follow-up can point at one of them
whole: "72b full finetune plan?" shows 8×H100 with offload and, without offload, 8×H200 with an 8-bit
optimizer; "the H200 option, monthly?" then prices those eight H200s with that optimizer, not one H200.
"qwen3 14b qlora cloudgpu 租什么" shows the 4090 and, cheaper but tight, the 3090; "预算型那个 8 小时多少"
then prices the 3090 for eight hours (bot/core/options.py reads them)."""

from __future__ import annotations

from typing import Any

from bot.core.several import verdict_first
from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.understand.parser import Parsed
from bot.views.named_misses import card_misses
from bot.views.price import unit_prices
from engine.errors import KasuanError
from engine.providers import provider as find_provider
from engine.request import TrainingRequest
from engine.sizing import size

EIGHT_BIT = "adamw-8bit"
SHORT = 48  # characters: a card's price asked after a sizing ("t4 多少钱一个月"), not a question of its own


def shown_setups(v: dict[str, Any]) -> list[dict[str, Any]]:
    """Each setup the summary `v` shows, in the reply's order: the pick ("pick"), the cheaper tight one
    ("edge"), the way without offload ("eight_bit"), the reference table's minimum ("seed") and card
    ("table"); each with its card, count, optimizer where the reply names one, and whether it is tight."""
    out: list[dict[str, Any]] = []

    def add(role: str, row: dict[str, Any] | None, optimizer: str | None = None, tight: bool | None = None) -> None:
        if not row or not row.get("gpu"):
            return
        n = int(row.get("num_gpus") or 1)
        if any(o["gpu"] == row["gpu"] and o["num_gpus"] == n and o.get("optimizer") == optimizer for o in out):
            return
        out.append({"role": role, "gpu": row["gpu"], "num_gpus": n, **({"optimizer": optimizer} if optimizer else {}),
                    "tight": bool(not row.get("fits", True)) if tight is None else tight})

    add("pick", v.get("verdict"))
    add("edge", v.get("edge"), tight=True)
    eight = v.get("eight_bit")
    add("eight_bit", eight, EIGHT_BIT if eight else None)
    seed = v.get("seed")
    if seed and not seed.get("is_verdict"):
        add("seed", seed, EIGHT_BIT if seed.get("eight_bit") else None)
    table = v.get("table_card")
    if table:
        add("table", table, tight=bool(table.get("tight")))
    return out if len(out) > 1 else []


def job_misses_first(reply: Reply, parsed: Parsed, last: Turn | None) -> Reply:
    """A card's price asked right after a sizing ("一万网络 7b lora 推荐啥" then "t4 多少钱一个月"): the price
    stays the answer, led by the fact that the job sized does not fit one of that card (7B LoRA, about 21 GB,
    against the T4's 16 GB), so the reader does not rent it for that job unwarned. Only where the message points
    back at the job ("那个 t4 呢 多少钱", "and the t4, how much?"): a card's price asked on its own words ("t4 多少钱一个月",
    "cloudgpu 4090 跑 36 小时多少钱") is a new question, answered as it would be with nothing before it."""
    q = parsed.request
    if not parsed.follow_up:
        return reply
    job = (last.data.get("request") or {}) if last is not None and last.kind == "size" else {}
    if reply.turn is None or reply.kind != "price":
        return reply
    gpu = reply.turn.data.get("gpu") or [None]
    if parsed.cues.chars > SHORT or not (job.get("model") or job.get("params_b")) or q.model or q.params_b \
            or not q.gpu or len(gpu) != 1 or reply.also:
        return reply
    try:
        s = size(TrainingRequest.model_validate({**job, "gpu": q.gpu, "num_gpus": q.num_gpus or 1}))
    except (KasuanError, ValueError):
        return reply
    fit = s.fit
    if fit is None or fit.fits or fit.may_fit:
        return reply
    spec = s.resolved
    what = f"{spec.spec.name if job.get('model') else f'{spec.params / 1e9:.3g}B'} {t(f'method.{spec.method}', reply.lang)}"
    where = parsed.rental.provider or job.get("provider")
    rows = [p for p in unit_prices(fit.gpu.id, fit.estimate.plan.num_gpus, str(reply.turn.data.get("display") or "USD"))
            if where is None or p["provider"] == find_provider(str(where)).name]
    return verdict_first(reply, card_misses(fit, what, rows, reply.lang))
