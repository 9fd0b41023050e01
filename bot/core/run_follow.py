"""A training run counted in one message and carried on in the next: "10000条样本 3个epoch 批大小2 梯度累积8
一张卡 总共多少步" (1,875 steps), then "每步3秒 要跑多久" (1,875 × 3 s), then "cloudgpu 4090 多少钱" (that
run's length on the card, by the minute), or "那两张卡呢" (the steps over two cards). The run's figures are
kept with its answer (`keep_run`) and a later message that changes or prices it is read as the whole run
with the change (`run_follow`), as the same words in one message are read."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.messages import Reply, Turn
from bot.understand.trial import Run, stated_run, timed_run

if TYPE_CHECKING:
    from bot.understand.parser import Parsed


def keep_run(reply: Reply, parsed: Parsed) -> None:
    """The run's figures on a reply that answered only the run (its steps, or its time), for `run_follow`."""
    run = parsed.run
    if run is None or reply.turn is not None or parsed.parts:
        return
    reply.turn = Turn("run", {"samples": run.samples, "epochs": run.epochs, "batch": run.micro_batch,
                              "accum": run.grad_accum, "gpus": run.num_gpus, "steps": run.steps,
                              "step": run.step_seconds, "side": run.side_minutes, "stated": run.stated})


def run_follow(parsed: Parsed, turn: Turn | None) -> Parsed:
    """After a run's steps or time (`keep_run`), a message with no dataset or job of its own that states a
    step time ("每步3秒 要跑多久", "at 2 s per step how long"), another count of cards ("那两张卡呢", "what
    about 4 gpus") or a card to run it on ("cloudgpu 4090 多少钱", "on an a6000 at cloudgpu how much", once
    the run has a time): that run with the change, timed and priced as one message stating it all would
    be. `parsed` unchanged otherwise."""
    if turn is None or turn.kind != "run" or parsed.parts:
        return parsed
    q, d = parsed.request, turn.data
    if q.samples or q.tokens or q.model or q.params_b or (parsed.run is not None and parsed.run.samples) or parsed.asks.budget:
        return parsed  # a dataset or job of its own: a new question
    step = q.step_seconds or (parsed.run.step_seconds if parsed.run is not None else None)
    step = step or d.get("step")
    # "那两张卡呢": a count without a card; "2 个 a6000" with one; "an a6000" (one, said with the card) keeps the run's
    count = q.num_gpus if q.num_gpus and (not q.gpu or q.num_gpus > 1) else None
    changed = bool(q.step_seconds or (parsed.run is not None and parsed.run.step_seconds)) or (
        count is not None and count != d.get("gpus") and not d.get("stated"))
    if not changed and not (q.gpu and step):
        return parsed
    run = _run(d, step, count)
    hours = run.train_minutes / 60 + run.side_minutes / 60 if step else None
    request = q.model_copy(update={"num_gpus": run.num_gpus, "hours": hours, "step_seconds": None,
                                   **({} if run.stated else {"samples": run.samples, "epochs": run.epochs,
                                                             "micro_batch": run.micro_batch, "grad_accum": run.grad_accum})})
    return replace(parsed, intent="price", run=run, request=request, follow_up=False, missing=[], faq=[], faq_answers=[],
                   faq_confident=False, rental=replace(parsed.rental, duration_days=None, duration_hours=None, term=False))


def _run(d: dict[str, Any], step: float | None, count: int | None) -> Run:
    side = float(d.get("side") or 0)
    if d.get("stated"):
        return stated_run(int(d["steps"]), float(step or 0), side)
    req = {"samples": d["samples"], "epochs": d["epochs"], "micro_batch": d["batch"], "grad_accum": d["accum"],
           "num_gpus": count or d["gpus"]}
    return timed_run(req, step, None, side)
