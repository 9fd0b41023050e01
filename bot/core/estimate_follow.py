"""Short questions about the estimate just given, answered from that sizing's own breakdown: which part dominates,
the activations, why the figure is what it is (the bytes per parameter behind it), what to turn on to make it fit,
the answer again in plain words, and how much slower its offload makes the run.

Why from the turn: the sizing already worked out every part (weights, gradients, fp32 master weights, optimizer
states, activations, logits, overhead) and the levers that would make it fit; `estimate_of` keeps them on the
turn, so the follow-up says the same figures the answer did instead of a FAQ's general rule."""

from __future__ import annotations

import re
from typing import Any

from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.text.names import short_gpu
from bot.understand.estimate_asks import bare_figure, estimate_ask
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed
from engine.errors import KasuanError
from engine.request import TrainingRequest
from engine.sizing import Sizing, size

STATES = ("weights", "gradients", "master_weights", "optimizer_states")
PER_PARAM = re.compile(r"^([\d.]+) B × ([\d.]+)e9 param")
ADAMW_BYTES, EIGHT_BIT_BYTES = 8.0, 2.0  # AdamW's two fp32 moments; an 8-bit optimizer's two 8-bit ones


def _bytes_per_param(formula: str, params_b: float) -> float | None:
    m = PER_PARAM.match(formula)
    return float(m.group(1)) if m and abs(float(m.group(2)) - params_b) < 0.01 * params_b else None


def estimate_of(s: Sizing, v: dict[str, Any] | None, seed: list[tuple[str, tuple[float, float]]]) -> dict[str, Any]:
    """The sizing's breakdown as a turn keeps it: each part's GB per card and bytes per parameter, the total,
    the card it was judged on and the verdict, the levers the answer offered, the seeds' band."""
    est, req = s.estimate, s.request
    fit = s.fit or next((f for f in s.recommendations if f.fits), None)
    params_b = s.resolved.params / 1e9
    parts = []
    for term in est.terms:
        bpp = [_bytes_per_param(i.formula, params_b) for i in term.items]
        parts.append([term.key, round(term.gb, 2), bpp[0] if len(bpp) == 1 and bpp[0] is not None else None])
    levers = [dict(lv) for lv in (v or {}).get("levers") or [] if isinstance(lv, dict)]
    fix = (v or {}).get("lever_fix")
    return {"parts": parts, "total": round(est.range.expected_gb, 1), "low": round(est.range.low_gb, 1),
            "high": round(est.range.high_gb, 1), "params_b": round(params_b, 2), "method": est.method,
            "optimizer": req.optimizer, "cards": est.plan.num_gpus, "zero": est.plan.zero, "offload": est.plan.offload,
            "seq": req.seq_len, "mb": req.micro_batch, "gc": bool(req.grad_checkpointing),
            "card": short_gpu(fit.gpu.name) if fit else None, "mem": fit.gpu.memory_gb if fit else None,
            "verdict": ("fits" if fit.fits and not fit.tight else "tight" if fit.fits or fit.may_fit else "no") if fit else None,
            "levers": ([dict(fix)] if isinstance(fix, dict) else []) + levers, "seed": [[w, list(b)] for w, b in seed[:1]]}


def _gb(x: float) -> str:
    return f"{x:.0f}" if abs(x - round(x)) < 0.05 else f"{x:.1f}"


def _setup(e: dict[str, Any]) -> str:
    n = int(e.get("cards") or 1)
    return f"{n}× {e['card']}" if e.get("card") else f"{n}×"


def _parts(e: dict[str, Any]) -> list[tuple[str, float, float | None]]:
    return [(k, float(gb), bpp) for k, gb, bpp in e["parts"] if float(gb) > 0.05]


def _states(e: dict[str, Any]) -> tuple[float, float | None]:
    """The model states per card and their bytes per parameter (None when a part is not per parameter)."""
    parts = [(gb, bpp) for k, gb, bpp in e["parts"] if k in STATES and float(gb) > 0]
    total = sum(float(gb) for gb, _ in parts)
    bpp = sum(float(b) for _, b in parts) if all(b is not None for _, b in parts) and parts else None
    return total, bpp


def _shards(e: dict[str, Any]) -> int:
    return int(e["cards"]) if int(e.get("zero") or 0) >= 3 and int(e.get("cards") or 1) > 1 else 1


def _optimizer_other(e: dict[str, Any]) -> tuple[str, float, float] | None:
    """A full fine-tune's model states with the other optimizer: (which, bytes per parameter, GB per card)."""
    opt = next((bpp for k, _gb, bpp in e["parts"] if k == "optimizer_states"), None)
    total, bpp = _states(e)
    if e.get("method") != "full" or opt is None or bpp is None:
        return None
    other = EIGHT_BIT_BYTES if float(opt) == ADAMW_BYTES else ADAMW_BYTES if float(opt) == EIGHT_BIT_BYTES else None
    if other is None:
        return None
    b = bpp - float(opt) + other
    return ("eight_bit" if other == EIGHT_BIT_BYTES else "adamw"), b, total / bpp * b


def _why(e: dict[str, Any], lang: str) -> list[str]:
    states, bpp = _states(e)
    n = _shards(e)
    lines = []
    if bpp is not None:
        items = " + ".join(f"{_gb(float(b))} {t('est.part_short.' + k, lang)}" for k, _g, b in e["parts"] if k in STATES and b)
        key = "est.why_states_sharded" if n > 1 else "est.why_states"
        lines.append(t(key, lang, bpp=_gb(bpp), items=items, params=_gb(float(e["params_b"])), all=_gb(bpp * float(e["params_b"])),
                       n=n, gb=_gb(states)))
    else:
        lines.append(t("est.why_states_mixed", lang, gb=_gb(states)))
    rest = sum(float(gb) for k, gb, _b in e["parts"] if k not in STATES)
    lines.append(t("est.why_rest", lang, rest=_gb(rest), total=_gb(float(e["total"])), mem=_gb(float(e["mem"] or 0)) if e.get("mem") else "?"))
    other = _optimizer_other(e)
    if other is not None:
        which, b, gb = other
        lines.append(t(f"est.other_{which}", lang, bpp=_gb(b), gb=_gb(gb)))
    return lines


def _dominant(e: dict[str, Any], lang: str) -> list[str]:
    ranked = sorted(_parts(e), key=lambda p: -p[1])
    k, gb, bpp = ranked[0]
    head = t("est.dominant", lang, part=t("est.part." + k, lang), gb=_gb(gb), total=_gb(float(e["total"])),
             bpp=t("est.bpp", lang, bpp=_gb(bpp)) if bpp else "")
    rest = " · ".join(f"{t('est.part.' + k2, lang)} {_gb(g2)} GB" for k2, g2, _b in ranked[1:])
    return [head, t("est.then", lang, rest=rest)]


def _activations(e: dict[str, Any], lang: str) -> list[str]:
    got = {k: float(gb) for k, gb, _b in e["parts"]}
    return [t("est.activations", lang, act=_gb(got.get("activations", 0.0)), logits=_gb(got.get("logits", 0.0)),
              seq=e.get("seq"), mb=e.get("mb"), gc=t("est.gc_on" if e.get("gc") else "est.gc_off", lang),
              total=_gb(float(e["total"])))]


def _levers(e: dict[str, Any], lang: str) -> list[str]:
    lines = [t(f"est.levers_head_{e.get('verdict') or 'no'}", lang, setup=_setup(e), total=_gb(float(e["total"])),
               high=_gb(float(e["high"])), mem=_gb(float(e["mem"] or 0)))]
    other = _optimizer_other(e)
    states, _bpp = _states(e)
    if other is not None and other[0] == "adamw":  # the 8-bit optimizer is on already
        lines.append(t("est.lever_8bit_on", lang, gb=_gb(states), adamw=_gb(other[2])))
    elif other is not None:
        lines.append(t("est.lever_8bit", lang, gb=_gb(other[2]), was=_gb(states)))
    if not e.get("gc"):
        lines.append(t("est.lever_gc", lang))
    for lv in e.get("levers") or []:
        code = lv.get("code")
        if code and code != "eight_bit":
            lines.append("• " + t("lever." + str(code), lang, value=lv.get("value"), gb=_gb(float(lv.get("gb") or 0))))
    return lines


def _plain(e: dict[str, Any], lang: str, job: str) -> list[str]:
    ranked = sorted(_parts(e), key=lambda p: -p[1])
    seed = e.get("seed") or []
    band = t("est.seed_band", lang, who=seed[0][0], lo=_gb(float(seed[0][1][0])), hi=_gb(float(seed[0][1][1]))) if seed else ""
    verdict = t(f"est.plain_{e.get('verdict') or 'no'}", lang)
    return [t("est.plain", lang, job=job, setup=_setup(e), verdict=verdict, mem=_gb(float(e["mem"] or 0)),
              total=_gb(float(e["total"])), band=band, part=t("est.part." + ranked[0][0], lang), gb=_gb(ranked[0][1]))]


def _slower(e: dict[str, Any], lang: str) -> list[str]:
    return [t("est.slower", lang, setup=_setup(e), total=_gb(float(e["total"])))]


def _figures(e: dict[str, Any]) -> list[float]:
    """The figures the sizing said: the total and its range, the card, the model states per card and in all."""
    states, bpp = _states(e)
    every = states * _shards(e)
    return [float(e[k]) for k in ("total", "low", "high", "mem") if e.get(k)] + [states, every] + (
        [bpp * float(e["params_b"])] if bpp else [])


def _priced_estimate(turn: Turn) -> dict[str, Any] | None:
    """The estimate of the setup a cost answer priced (its job on the cards it picked), as a sizing's turn keeps it."""
    job, priced = turn.data.get("request"), turn.data.get("priced")
    if not isinstance(job, dict) or not isinstance(priced, list) or len(priced) != 3:
        return None
    try:
        s = size(TrainingRequest.model_validate({**job, "gpu": priced[0], "num_gpus": priced[1]}))
    except (KasuanError, ValueError):
        return None
    return estimate_of(s, None, [])


def estimate_reply(parsed: Parsed, text: str, turn: Turn | None, last: Turn | None, lang: str) -> Reply | None:
    """The answer to a short question about the last sizing's estimate, or None when the message asks none
    (or names a job of its own: a model, a card or a count is a new sizing)."""
    sized = turn if turn is not None and turn.kind == "size" else last if last is not None and last.kind == "size" else None
    e = sized.data.get("estimate") if sized is not None else None
    q = parsed.request
    if q.model or q.params_b or q.gpu or q.num_gpus or parsed.rental.provider:
        return None
    ask = estimate_ask(normalize(text))
    if e is None and ask == "slower" and turn is not None and turn.kind == "cost":
        sized, e = turn, _priced_estimate(turn)  # "吞吐会掉多少" after an offloaded plan's price: that plan's slowdown
    if not isinstance(e, dict):
        return None
    if ask is None or (ask == "slower" and e.get("offload") in (None, "none")):
        return None
    bare = bare_figure(normalize(text)) if ask == "why" else None
    if bare is not None and not any(abs(bare - f) <= 0.5 for f in _figures(e)):  # "why 8 cards": no figure of ours
        return None
    job = f"{_gb(float(e['params_b']))}B {t('method.' + str(e.get('method') or 'lora'), lang)}"
    lines = {"dominant": lambda: _dominant(e, lang), "activations": lambda: _activations(e, lang),
             "why": lambda: _why(e, lang), "plain_8bit": lambda: [t("est.plain_8bit_lead", lang), *_why(e, lang)],
             "levers": lambda: _levers(e, lang), "plain": lambda: _plain(e, lang, job),
             "slower": lambda: _slower(e, lang)}[ask]()
    reply = Reply("estimate_part", lang, {"lines": lines})
    reply.turn = sized
    reply.reading = parsed
    return reply
