"""The slowdown of the lever a sizing names, leading the sizing when the message asks it ("72b 全参 8卡h100
offload 方案 吞吐掉多少": offload costs 20%–50% of throughput, then whether it fits).

Why: the sizing says the slowdown as a note under its prices, below the first lines a reader sees; asked
"how much slower", the amount is the answer. The figures are the engine's (engine.fit), one per lever:
optimizer offload, gradient checkpointing, QLoRA against LoRA."""

from __future__ import annotations

from dataclasses import replace

from bot.core.oom_levers import levers_first
from bot.core.several import verdict_first
from bot.messages import Reply
from bot.text.i18n import t
from bot.understand.parser import Parsed
from engine.fit import CHECKPOINTING_SLOW_PCT, OFFLOAD_SLOW_PCT, QLORA_SLOW_PCT


def _levers(parsed: Parsed) -> list[tuple[str, tuple[int, int]]]:
    """The levers the message names that cost speed, each with its slowdown in percent (low, high)."""
    q = parsed.request
    out = []
    if q.offload not in (None, "none"):
        out.append(("offload", OFFLOAD_SLOW_PCT))
    if q.grad_checkpointing:
        out.append(("grad_checkpointing", CHECKPOINTING_SLOW_PCT))
    if q.method == "qlora":
        out.append(("qlora", QLORA_SLOW_PCT))
    return out


def speed_first(reply: Reply, parsed: Parsed) -> Reply:
    """`reply` (a sizing) led by the slowdown of each lever named, when the message asks how much slower;
    by the levers to change, when it reports an out-of-memory and asks what to do (bot.core.oom_levers)."""
    if reply.kind != "sizing" or not parsed.cues.speed_asked:
        return levers_first(reply, parsed)
    levers = _levers(parsed)
    if not levers:
        return reply
    sep = t("list.sep", reply.lang)
    said = sep.join(t(f"speed.lever.{name}", reply.lang, low=low, high=high) for name, (low, high) in levers)
    lead = Reply("error", reply.lang, {"message": t("speed.lead", reply.lang, levers=said)})
    return verdict_first(reply, lead)


def on_the_pick(parsed: Parsed, last_kind: str | None, last_data: dict[str, object] | None) -> Parsed:
    """"72b full finetune plan" then "with offload how much slower": the speed asked of the plan just given
    (8×H100 SXM with ZeRO-3+offload), so that plan stays and its slowdown leads; re-sized from scratch the
    lever picked another setup (4×H200), and the next question ("and monthly cost") priced a machine nobody
    rents. `parsed` unchanged when it names a card of its own or the last answer picked no setup."""
    q = parsed.request
    pick = (last_data or {}).get("pick")
    if last_kind != "size" or not parsed.follow_up or parsed.intent != "size" or not parsed.cues.speed_asked \
            or q.gpu or q.num_gpus or not _levers(parsed) or not isinstance(pick, list | tuple) or len(pick) != 2:
        return parsed
    gpu, count = pick
    return replace(parsed, request=q.model_copy(update={"gpu": str(gpu), "num_gpus": int(str(count))}),
                   rental=replace(parsed.rental, gpu=str(gpu), num_gpus=int(str(count))))
