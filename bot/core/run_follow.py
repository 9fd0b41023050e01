"""A training run counted in one message and carried on in the next: "10000条样本 3个epoch 批大小2 梯度累积8
一张卡 总共多少步" (1,875 steps), then "每步3秒 要跑多久" (1,875 × 3 s), then "cloudgpu 4090 多少钱" (that
run's length on the card, by the minute), or "那两张卡呢" (the steps over two cards). The run's figures are
kept with its answer (`keep_run`) and a later message that changes or prices it is read as the whole run
with the change (`run_follow`), as the same words in one message are read."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.messages import Reply, Turn
from bot.understand.global_batch import batch_run
from bot.understand.trial import Run, stated_run, timed_run

if TYPE_CHECKING:
    from bot.understand.parser import Parsed


def keep_run(reply: Reply, parsed: Parsed) -> None:
    """The run's figures on a reply that answered only the run (its steps, or its time), for `run_follow`; on
    the price of that run ("and the cost at cloudgpu?"), beside the price with the card and provider priced, so
    "what about 3 epochs" next is the same run changed, on the same card."""
    run = parsed.run
    q = parsed.request
    if run is None and reply.turn is not None and reply.turn.kind == "cost" and q.step_seconds and q.samples and q.gpu:
        # "8b qlora on a 4090, 16k samples … 3 s/step. how long?": the job's run, for "and on two 4090s?" next
        run = timed_run(q.model_dump(), q.step_seconds, None, float(q.side_minutes or 0))
        reply.turn.data["run"] = {"samples": run.samples, "epochs": run.epochs, "batch": run.micro_batch,
                                  "accum": run.grad_accum, "gpus": run.num_gpus, "steps": run.steps, "step": run.step_seconds,
                                  "side": run.side_minutes, "stated": False, "gpu": q.gpu, "provider": q.provider}
        return
    if run is None or parsed.parts:
        return
    data = {"samples": run.samples, "epochs": run.epochs, "batch": run.micro_batch, "accum": run.grad_accum,
            "gpus": run.num_gpus, "steps": run.steps, "step": run.step_seconds, "side": run.side_minutes, "stated": run.stated,
            "nodes": parsed.price.nodes if parsed.price.nodes and run.num_gpus % parsed.price.nodes == 0 else None}
    if reply.turn is None:
        reply.turn = Turn("run", data)
    elif reply.turn.kind == "price" and parsed.intent == "price" and run.step_seconds:
        reply.turn.data["run"] = {**data, "gpu": parsed.request.gpu,
                                  "provider": parsed.rental.provider or parsed.request.provider}


def run_follow(parsed: Parsed, turn: Turn | None) -> Parsed:
    """After a run's steps or time (`keep_run`), a message with no dataset or job of its own that states a
    step time ("每步3秒 要跑多久", "at 2 s per step how long"), another count of cards ("那两张卡呢", "what
    about 4 gpus") or a card to run it on ("cloudgpu 4090 多少钱", "on an a6000 at cloudgpu how much", once
    the run has a time): that run with the change, timed and priced as one message stating it all would
    be. `parsed` unchanged otherwise."""
    if turn is None or parsed.parts:
        return parsed
    d = turn.data if turn.kind == "run" else turn.data.get("run")
    if not isinstance(d, dict):
        return parsed
    q = parsed.request
    if turn.kind == "run" and parsed.run is not None and parsed.run.samples and not parsed.run.stated and not (q.model or q.params_b) \
            and not (q.micro_batch or q.grad_accum or q.num_gpus) and not d.get("stated"):
        return _batch_kept(parsed, parsed.run, d)  # "global batch: micro 4, accum 4, 16 gpus?" then "100k samples, steps?"
    if q.samples or q.tokens or q.model or q.params_b or (parsed.run is not None and parsed.run.samples) or parsed.asks.budget:
        return parsed  # a dataset or job of its own: a new question
    step = q.step_seconds or (parsed.run.step_seconds if parsed.run is not None else None)
    step = step or d.get("step")
    # "那两张卡呢": a count without a card; "2 个 a6000" with one; "an a6000" (one, said with the card) keeps the run's
    count = q.num_gpus if q.num_gpus and (not q.gpu or q.num_gpus > 1) else None
    if count is None and parsed.price.nodes and not q.gpu:  # "8 卡 …" then "两台呢": that many machines of the run's cards
        count = parsed.price.nodes * (int(d["gpus"]) // int(d.get("nodes") or 1))
    # "what about 3 epochs", "batch 4 呢": a setting of the run changed (not of a run given as its steps)
    settings = {} if d.get("stated") else {k: v for k, v in (("epochs", q.epochs), ("batch", q.micro_batch), ("accum", q.grad_accum))
                                           if v and v != d.get(k)}
    changed = bool(q.step_seconds or (parsed.run is not None and parsed.run.step_seconds)) or bool(settings) or (
        count is not None and count != d.get("gpus") and not d.get("stated"))
    # "cloudgpu 上要花多少钱" after the run was timed on its card: that run's price there (not the FAQ on run costs)
    at_provider = turn.kind != "run" and bool(parsed.rental.provider) and parsed.asks.cost and not q.stated() and bool(step)
    # "那训练要多少分钟", "so how long is that": the run's time asked again, nothing changed
    again = turn.kind == "run" and parsed.asks.how_long and not q.stated() and bool(step) and not parsed.rental.provider
    # "周五前能训完吗" after the run was timed (no card priced: a priced run's deadline is the price's follow-up)
    deadline_asked = turn.kind == "run" and parsed.asks.deadline is not None and bool(step) and not (q.gpu or parsed.rental.provider)
    if not changed and not (q.gpu and step) and not at_provider and not again and not deadline_asked:
        return parsed
    run = _run({**d, **settings}, step, count)
    span = (parsed.rental.duration_days or 0) * 24 + (parsed.rental.duration_hours or 0)
    if span and step and (parsed.cues.yes_no or parsed.cues.ends_in) and not q.gpu:  # "at 1.1 s a step, done before a 3h lab ends?": its window
        run = replace(run, window_hours=span)
    if turn.kind != "run":  # the run was priced: the card and provider priced stay unless the message names its own
        q = q.model_copy(update={"gpu": q.gpu or d.get("gpu"), "provider": parsed.rental.provider or q.provider or d.get("provider") or turn.data.get("first")})
    hours = run.train_minutes / 60 + run.side_minutes / 60 if step else None
    request = q.model_copy(update={"num_gpus": run.num_gpus, "hours": hours, "step_seconds": None,
                                   **({} if run.stated else {"samples": run.samples, "epochs": run.epochs,
                                                             "micro_batch": run.micro_batch, "grad_accum": run.grad_accum})})
    return replace(parsed, intent="price", run=run, request=request, follow_up=False, missing=[], faq=[], faq_answers=[],
                   faq_confident=False, rental=replace(parsed.rental, duration_days=None, duration_hours=None, term=False,
                                                 provider=parsed.rental.provider or request.provider))


def _batch_kept(parsed: Parsed, run: Run, d: dict[str, Any]) -> Parsed:
    """A dataset counted with no batch of its own, after a run that stated one: its steps with that batch
    (micro-batch × accumulation × cards), as one message stating both would be counted."""
    req = {"samples": run.samples, "epochs": run.epochs, "micro_batch": d["batch"], "grad_accum": d["accum"], "num_gpus": d["gpus"]}
    kept = replace(timed_run(req, run.step_seconds, None, run.side_minutes), trial_steps=run.trial_steps, trial_seconds=run.trial_seconds)
    hours = kept.train_minutes / 60 + kept.side_minutes / 60 if kept.step_seconds else parsed.request.hours
    request = parsed.request.model_copy(update={"micro_batch": kept.micro_batch, "grad_accum": kept.grad_accum,
                                                "num_gpus": kept.num_gpus, "hours": hours})
    return replace(parsed, run=kept, request=request)


def _run(d: dict[str, Any], step: float | None, count: int | None) -> Run:
    side = float(d.get("side") or 0)
    if d.get("stated"):
        return stated_run(int(d["steps"]), float(step or 0), side)
    if not d.get("samples"):  # a global batch asked, no dataset: the batch again with the change
        return batch_run({"micro_batch": d["batch"], "grad_accum": d["accum"], "num_gpus": count or d["gpus"]}) or _run({**d, "samples": 1}, step, count)
    req = {"samples": d["samples"], "epochs": d["epochs"], "micro_batch": d["batch"], "grad_accum": d["accum"],
           "num_gpus": count or d["gpus"]}
    return timed_run(req, step, None, side)
