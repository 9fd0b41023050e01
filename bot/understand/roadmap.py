"""A plan asked in two steps: an adapter run to validate cheaply first, a full fine-tune only if it falls short
("先用 qlora 验证一下 14b，效果不行再全参", "move from a lora pilot to 14b full finetune", "first make
sure the pipeline works, then switch to full fine-tuning if the adapter is not enough"). Read here so the job is not sized with whichever one method the message named first: both
steps are the answer (bot.core.roadmap)."""

from __future__ import annotations

import re

FULL = r"(?:全参|全量|full[\s-]*(?:ft|fine[\s-]*tun\w*|finetun\w*|param\w*|sft)\b)"
# a cheap first step, then the full one later or on a condition: "先…再…全参", "first … then full ft",
# "validate … move to full ft only if …"
_THEN = (r"(?:先|first|validate|validating|跑通|验证|试跑|pilot)[^。？?!]{0,80}?"
         r"(?:再|然后|之后|\bthen\b|only\s+if|move\s+(?:on\s+)?to|upgrade\s+to|switch\s+to|go\s+(?:on\s+)?to|later)"
         r"[^。？?!]{0,40}?" + FULL)
# "move from a lora pilot to a full finetune", "从 qlora 验证升级到全参"
_FROM = (r"\bfrom\b[^.?!]{0,40}?(?:lora|qlora|test|pilot|poc|trial)\b[^.?!]{0,20}?\bto\b[^.?!]{0,20}?" + FULL
         + r"|从[^。？?!]{0,30}?(?:lora|qlora|测试|验证|试)[^。？?!]{0,20}?(?:升级到|换到|换成|到)[^。？?!]{0,10}?" + FULL)
STAGED = re.compile(_THEN + "|" + _FROM, re.I)
# an adapter named anywhere in a two-step plan is its first step ("先 lora 再全参", "full FT only if LoRA falls short")
ADAPTER = re.compile(r"(?<![a-z])lora\b", re.I)


# the plan or its money asked ("怎么规划", "怎么安排", "what would you plan", "plan and costs?"), not how the two
# methods differ in quality ("先 lora 再全参 效果差多少" is the FAQ's)
PLAN_ASKED = re.compile(r"规划|计划|路线|安排|方案|建议|怎么(?:整|搞|弄|走)|咋(?:整|搞|弄)|多少钱|费用|成本|预算"
                        r"|\broad\s*map|\bplan\b|\bsuggest|\brecommend|\bcosts?\b|\bprice|\bbudget", re.I)


def plan_asked(norm: str) -> bool:
    """Whether a plan or its money is asked, for a two-step message the FAQ would otherwise answer."""
    return PLAN_ASKED.search(norm) is not None


def staged(norm: str) -> bool:
    """Whether the message asks for a cheap adapter step first and a full fine-tune after it."""
    return STAGED.search(norm) is not None


def first_method(norm: str) -> str:
    """The method of the first step: the adapter the message names ("先用啥卡把 7b lora 跑通", "only if LoRA falls short":
    LoRA is what is tried before full fine-tuning), else QLoRA (the least memory: a 24 GB card)."""
    low = norm.lower()
    return "qlora" if "qlora" in low or not ADAPTER.search(low) else "lora"


# the span a budget is for, said beside it: "for the quarter", "per month", "每季度", "一年", "this year"
_PERIODS = (("quarter", r"quarter(?:ly)?\b|季度|每季|一季"), ("year", r"\b(?:year|annual)(?:ly)?\b|\bper\s+annum\b|每年|一年|全年|年度"),
            ("month", r"\b(?:month|monthly)\b|\bmo\b|每月|每个月|一个月|月度|/\s*月"), ("week", r"\b(?:week|weekly)\b|每周|一周|/\s*周"))
MONTHS_IN = {"quarter": 3, "year": 12, "month": 1, "week": 0}


def budget_period(norm: str) -> str | None:
    """The span the budget of a two-step plan is for ("~$2k for the quarter": quarter; "每月预算 1 万": month); None when
    none is said, or several are (a month may be the run's length beside a yearly budget: the first said is taken)."""
    found = [(m.start(), name) for name, pattern in _PERIODS for m in [re.search(pattern, norm, re.I)] if m]
    return min(found)[1] if found else None
