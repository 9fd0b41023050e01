"""Several runs of one job in one message: "两个 14b qlora 任务", "14b qlora 跑 3 个实验", "two 14b qlora jobs",
"3 runs of 7b lora in parallel".

Why: read as one job, "预算 ₮1000 一个月 两个 14b qlora 任务 gpuli 够吗" was priced once (₮389) and judged within the
budget, though the two jobs need a card each. A count of jobs with one job named is that many parts of the same job,
so the money is weighed against their sum (bot.core.bundle_budget) as it is for two jobs named one by one. Two jobs
named ("14b lora 和 7b qlora 两个活") are counted by their names: the count says nothing more.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.understand import fields as f
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize

if TYPE_CHECKING:
    from bot.understand.parser import Parsed

MOST = 6  # a count of jobs beyond this is no bundle to price one by one
_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "a couple of": 2, "a pair of": 2, "both": 2}
_COUNT = r"(\d{1,2}|two|three|four|five|six|a\s+couple\s+of|a\s+pair\s+of)"
# the count, up to a few words of the job (never a length, a card or a share between), then what is counted
JOBS = lazy(rf"(?<![\d.])(\d{{1,2}})\s*个\s*(?:[^，,。？?；;月周天年时张卡台块]{{0,24}}?)?(?:训练)?(?:任务|活儿?|实验|作业|训练|job)"
            rf"|(?:任务|活儿?|实验)\s*(?:有|是|共|一共)?\s*(\d{{1,2}})\s*个"
            rf"|\b{_COUNT}\s+(?:(?:separate|parallel|identical|similar|different|concurrent|such)\s+)?"
            r"(?:(?![a-z]*(?:weeks?|months?|days?|hours?|cards?|gpus?|nodes?|times)\b)[\w.-]+\s+){0,4}?(?:jobs|runs|experiments|fine-?tunes|trainings)\b",
            re.IGNORECASE)


def jobs_counted(norm: str) -> int | None:
    """How many runs of a job `norm` (the normalized message) counts, 2 to MOST; None when it counts none."""
    m = JOBS.search(norm)
    if m is None:
        return None
    word = next(g for g in m.groups() if g)
    n = int(word) if word.isdigit() else _WORDS.get(" ".join(word.lower().split()), 0)
    return n if 2 <= n <= MOST else None


def same_jobs(text: str, parsed: Parsed) -> list[Parsed]:
    """The message's one job once per run it counts, under the budget it states, as parts; [] when it states no
    budget, names no job or several, or counts no runs."""
    q = parsed.request
    if parsed.intent != "cost" or parsed.asks.budget is None or parsed.parts or not (q.model or q.params_b) \
            or parsed.versus or parsed.asks.methods_versus:
        return []
    norm = normalize(text)
    n = jobs_counted(norm)
    if n is None or len({m.group(1) for m in f.SIZE_B.finditer(norm)}) > 1:
        return []
    one = replace(parsed, parts=[])
    return [one] * n
