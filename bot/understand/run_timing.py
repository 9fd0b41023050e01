"""The run's own timing, as a message states it: a measured step time ("每步2秒", "1.8 s/step"), the optimizer
steps ("总共5400步"), and the minutes around training (download, saving, upload; seed 002: 任务分钟 = 下载 +
训练 + 保存/上传). Split from bot/understand/fields.py, which reads the job's settings."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy
from bot.understand.numbers import COUNT_NUMBER

_SECONDS = r"(\d+(?:\.\d+)?)\s*(?:秒钟?|s(?![a-z])|secs?\b|seconds?\b)"
# the step first ("每步2秒", "一步 1.5 秒", "each step takes 2 s", "1000 steps at 6 s each", "step time 2s") or the
# seconds first ("1.8 s/step", "2 秒一步", "2 seconds a step", "2s per iteration", "2 s/it")
STEP_TIME = lazy(r"(?:每一?步|(?<![\d.])[一1]\s*步|每个\s*step|(?:each|every|per|a|one)\s+(?:optimizer\s+)?(?:step|iteration)|step\s*time)\s*"
                 r"(?:约|大概|要|用|耗时|需要|是|实测|测得|测出|measured|takes?|took|is|was|of|at|about|around|~|=|:|\s)*" + _SECONDS
                 + r"|(?<![\d.])\d[\d,]*\s*(?:k\s*)?steps?\s+(?:at|of|@)\s*(?:about|around|~)?\s*" + _SECONDS
                 + r"|(\d+(?:\.\d+)?)\s*(?:s|秒钟?|secs?|seconds?)\s*(?:/\s*|per\s+|每\s*|[一1]\s*|(?:a|an|each|every)\s+)"
                 r"(?:个\s*)?(?:step|步|iteration|iter|it\b)"
                 # "the first 20 steps took 2 seconds each": the seconds each step took
                 r"|(?:steps?|iterations?)\s+(?:took|take|takes|ran\s+at|at)\s*(?:about|around|~)?\s*" + _SECONDS + r"\s*(?:each|apiece)\b",
                 re.ASCII)
STEPS = lazy(rf"(?:总共|一共|共)?\s*({COUNT_NUMBER})\s*(k|万)?\s*(?:(?:total|optimi[sz]er|training)\s+)?(?:步|steps?)(?![a-z])", re.ASCII)
# a step count that is the whole run's ("4000 total steps", "总共 4000 步", "total of 4000 steps", "4000 steps in total")
TOTAL_BEFORE = lazy(r"(?:总共|一共|共|总步数|总|(?:a\s+)?total(?:\s+of)?|overall|in\s+all)\s*(?:是|有|约|:|=)?\s*$", re.ASCII)
TOTAL_AFTER = lazy(r"\s*(?:in\s+total|in\s+all|total|overall|altogether)\b", re.ASCII)
TOTAL_INSIDE = lazy(r"total|optimi[sz]er|training", re.ASCII)
# the run's steps named before their count ("总步数 6250", "步数：6250", "total steps: 6250", "max_steps=6250", "训练步数为 1.2万")
NAMED_STEPS = lazy(rf"(?:总步数|训练步数|总步|步数|(?:total|training|optimi[sz]er)\s+steps|max_steps|num_(?:train_)?steps)\s*"
                   rf"(?:是|为|有|约|共|:|=|is|of)?\s*({COUNT_NUMBER})\s*(k|万)?(?![\d.])", re.ASCII | re.IGNORECASE)
# the steps a trial was timed over ("measured 1.5 s/step over 50 steps", "前 50 步", "试跑 50 步"): not the run's
# "accum 8 steps", "梯度累积 8 步": the accumulation's micro-steps, never the run's count
ACCUM_BEFORE = lazy(r"(?:accum\w*|累积|累加|gradient_accumulation_steps)\s*(?:=|:|of|为|是)?\s*$", re.ASCII)
TRIAL_BEFORE = lazy(r"(?:over|across|for|in|during|first|前|试跑了?|测了?|跑了)\s*(?:the\s+)?(?:first\s+)?$", re.ASCII)
# a window that is only ever a trial's ("前 50 步", "the first 50 steps", "试跑 50 步"): never the run's count, even alone
TRIAL_ONLY = lazy(r"(?:first|前|试跑了?|测了?|测试)\s*(?:the\s+)?(?:first\s+)?$", re.ASCII)
# or the measuring said after the count ("50 步测下来 1.2 s/step", "100 steps measured at 2 s/it", "30 步实测每步 2 秒")
TRIAL_AFTER = lazy(r"\s*(?:测下来|测出来|测得|实测|测了|测试|试跑|measured|timed|benchmarked|profiled|in\s+(?:a|the|our)\s+(?:test|trial))", re.ASCII)

# progress through the run, done over total ("12000/100000 [6:00:00<44:00:00, 1.80s/it]" from a progress bar,
# "跑到 12000/100000 步了", "step 12000/100000"): the steps still to run are the total less those done
PROGRESS = lazy(r"(?:(?:steps?|步数?|进度|跑到|跑了|到了|完成了?|done|at|iter\w*)\s*:?\s*)?(?<![\d.,/])(\d[\d,]*)\s*/\s*(\d[\d,]*)(?![\d.,/])"
                r"(\s*(?:步|steps?\b|its?\b|iters?\b|\d{1,3}:\d{2}))?", re.ASCII | re.IGNORECASE)


def steps_left(text: str) -> int | None:
    """The steps a run still has when the message states its progress as done / total; None without."""
    for m in PROGRESS.finditer(text):
        done, total = (int(g.replace(",", "")) for g in m.group(1, 2))
        said = m.group(3) or m.start(1) > m.start()  # a step word or a progress bar's clock beside it
        if said and 0 < done < total and total >= 100:
            return total - done
    return None


def step_seconds(text: str) -> float | None:
    """A measured step time: "每步2秒", "1.8 s/step", "2s per step" (seed 002: measure 50 steps first)."""
    m = STEP_TIME.search(text)
    if not m:
        return None
    value = float(next(g for g in m.groups() if g))
    return value if value > 0 else None


def total_steps(text: str) -> int | None:
    """"总共5400步", "5400 steps", "1.2万步", "总步数 6250": the run's optimizer steps."""
    if (left := steps_left(text)) is not None:  # "12000/100000 步": what is left to run
        return left
    if (named := NAMED_STEPS.search(text)) is not None:  # named as the run's: no count beside it is the total
        value = float(named.group(1).replace(",", "")) * {"k": 1000, "万": 10_000}.get((named.group(2) or "").lower(), 1)
        if value >= 1:
            return int(value)
    # a step time's span; "1000 steps at 6 s" from its "at": the steps before it are the run's count
    times = [(t.start(2) if t.group(2) else t.start(), t.end()) for t in STEP_TIME.finditer(text)]
    found = [m for m in STEPS.finditer(text) if not ACCUM_BEFORE.search(text[max(0, m.start(1) - 16):m.start(1)])
             and not TRIAL_ONLY.search(text[max(0, m.start(1) - 12):m.start(1)]) and not TRIAL_AFTER.match(text, m.end())]
    totals = [m for m in found if TOTAL_BEFORE.search(text[max(0, m.start(1) - 12):m.start(1)]) or TOTAL_INSIDE.search(m.group(0))
              or TOTAL_AFTER.match(text, m.end())]
    if totals or len(found) > 1:  # "1.5 s/step over 50 steps, 4000 total steps": the run's total, not the trial's window
        found = totals or [m for m in found if not TRIAL_BEFORE.search(text[max(0, m.start(1) - 12):m.start(1)])] or found
    for m in found:
        if any(a <= m.start(1) < b for a, b in times) or (
                STEP_TIME.search(text[m.end(1):m.end() + 1]) and not re.search(r"总共|一共|共", text[max(0, m.start() - 3):m.start() + 3])):
            continue  # the "每步" of a step time ("2 秒每步"), not a count of steps; "每步 2 秒 3000 步" counts 3000
        scale = {"k": 1000, "万": 10_000}.get(m.group(2) or "", 1)
        value = float(m.group(1).replace(",", "")) * scale
        if value >= 1:
            return int(value)
    return None


def scales_trial(text: str, start: int, end: int, steps: int) -> bool:
    """Whether the run's own steps, more than a trial's (`steps`, stated over text[start:end]: "前 50 步用了 100 秒"),
    are stated beside it ("总步数 6250", "6250 steps total"), so the trial is timed to scale them; never a step time
    ("1000 步 6 秒一步": 6 s a step over 1000 steps, no trial)."""
    if any(m.start() < end and start < m.end() for m in STEP_TIME.finditer(text)):
        return False
    total = total_steps(text[:start] + " " * (end - start) + text[end:])
    return total is not None and total > steps


# a trial said as one before its steps ("试跑 50 步用了 100 秒", "a trial of 50 steps took 90 s", "benchmarked 50 steps")
TRIAL_SAID = lazy(r"(?:试跑|先跑|测了|实测|试了|\btrial(?:\s+run)?\b|\btest\s+run\b|\bbenchmark\w*|\btimed\b)[^\d]{0,12}$", re.I)


def trial_kept(text: str, start: int, end: int, steps: int) -> bool:
    """A trial with no dataset beside it kept: the run's own steps scale it, or it is said to be a trial."""
    return scales_trial(text, start, end, steps) or said_trial(text, start)


def said_trial(text: str, start: int) -> bool:
    """Whether the steps timed at text[start:] are said to be a trial's: kept with no dataset beside them (the job's
    dataset comes from the turn before), never the run itself ("总共 2000 步用了 40 分钟" says no trial)."""
    return bool(TRIAL_SAID.search(text[max(0, start - 24):start]))


_SIDE_WORD = r"(?:下载|上传|保存|前后|download\w*|upload\w*|sav(?:e|es|ed|ing)\b|checkpointing)"
_MIN = r"(\d+(?:\.\d+)?)\s*(?:分钟|mins?\b|minutes?)"
# the word first ("下载 6 分钟", "下载保存各10分钟", "前后加起来 5 分钟") or the minutes first ("10 min download",
# "6 minutes to download", "4 分钟来保存")
SIDE_MINUTES = lazy(rf"({_SIDE_WORD}(?:[^\d]{{0,8}}?))(?<!\d){_MIN}|{_MIN}\s*(?:(?:of|to|for|on)\s+|的|来|用来|用于)?{_SIDE_WORD}", re.ASCII)
SIDE_WORD = lazy(_SIDE_WORD, re.ASCII)
EACH = lazy(r"各|每项|each|apiece", re.ASCII)


def side_spans(text: str) -> list[tuple[int, int, float]]:
    """(start, end, minutes) of each download / save / upload time stated: "下载保存各10分钟" is 10
    minutes for each of the two (20), "10 min download + 10 min save" 20 too. Their spans are not a
    rental length (a price question with a step time rents the whole job, not its download)."""
    found = []
    for m in SIDE_MINUTES.finditer(text):
        if m.group(2) is not None:
            words = m.group(1)
            each = len(SIDE_WORD.findall(words)) if EACH.search(words) else 1
            found.append((m.start(), m.end(), float(m.group(2)) * max(each, 1)))
        else:
            found.append((m.start(), m.end(), float(m.group(3))))
    return found


def side_minutes(text: str) -> float:
    """Minutes stated for download, saving and upload (seed 002: 任务分钟 = 下载 + 训练 + 保存/上传)."""
    return sum(minutes for _, _, minutes in side_spans(text))


def timing_spans(text: str) -> list[tuple[int, int]]:
    """Spans of the step time and the side minutes stated: none of them is the rental's length ("at 2
    seconds per step on an a6000 at cloudgpu how much" rents the whole run, not 2 seconds)."""
    return [(m.start(), m.end()) for m in STEP_TIME.finditer(text)] + [(a, b) for a, b, _ in side_spans(text)]
