"""Whether a job holds the card named, asked with its dataset's size beside it ("7b qlora 一张 4090 够不够，数据几千条",
"will one a100 take 72b qlora? about 30k samples"): the dataset is background to a fit question, not a request to
time and price the run. A dataset size alone turns a sizing into a cost (bot.understand.classify), so such a message
came back led by a run time and a price, and the memory per card, the figure asked, never appeared. Here the sizing
answers it (verdict and GB per card first, then what makes it fit there), and the run's time follows in one line.

A message that asks money (a price, a budget), a time (how long, a deadline, whether one machine will do), names a
rental length or a step time stays the cost answer it was."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.messages import Reply
from bot.understand.parser import Parsed
from engine.request import TrainingRequest


def fit_of_dataset(parsed: Parsed) -> bool:
    """A yes/no fit on a named card, with a dataset size and nothing about money or time asked."""
    q, a, c = parsed.request, parsed.asks, parsed.cues
    if parsed.intent != "cost" or parsed.missing or parsed.parts or parsed.follow is not None or not q.gpu:
        return False
    if not (q.tokens or q.samples) or q.hours or q.days or q.step_seconds \
            or parsed.rental.duration_days or parsed.rental.duration_hours:
        return False
    if not (c.fit or c.oom or a.enough):
        return False
    money = c.how_much or a.cost or a.budget is not None or a.runway or a.top_up or a.cheaper or a.cheapest or a.pick
    # "is one node enough?" with a dataset: one machine against several is weighed by the run's time there (bot.core.nodes_first)
    time = a.how_long or a.deadline is not None or a.until is not None or a.estimate or bool(a.lengths) or a.both_units or c.one_node
    return not (money or time or a.export or a.table or parsed.versus)


def fit_then_run(parsed: Parsed, size: Callable[[Parsed], Reply], cost: Callable[[TrainingRequest], Reply],
                 run_line: Callable[[TrainingRequest, Callable[[TrainingRequest], Reply], float], str | None]) -> Reply | None:
    """The sizing of the job on its card, with the run's time (from the dataset) as one line under the verdict;
    None when the message is not such a question or the sizing does not answer it."""
    if not fit_of_dataset(parsed):
        return None
    sized = size(replace(parsed, intent="size"))
    view = sized.data.get("v") if sized.kind == "sizing" else None
    if not isinstance(view, dict):
        return None
    line = run_line(parsed.request, cost, float("inf"))
    if line:
        view["run_line"] = line
    return sized
