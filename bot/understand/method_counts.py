"""The card count said for each method when two methods are set side by side ("14b lora on 2x l40s，还是
qlora 单卡就行", "两张 L40S 跑 LoRA 够吗，还是 QLoRA 一张就行"): each method sized on its own count.

Why: the request keeps one card count, the last one read, so "LoRA on two L40S or QLoRA on one" sized both
methods on one card and never named back the two cards the user asked about. A count belongs to the method
named in the same clause; a clause with no method or with several keeps no count of its own.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

CLAUSE = lazy(r"[，,;；。？?!！]|还是|或者|\bor\b|\bvs\.?\b|\bversus\b")
METHOD = {"qlora": lazy(r"q[\s-]?lora|4[\s-]?bit"), "lora": lazy(r"(?<![q\w])lora", re.ASCII),
          "full": lazy(r"全参|全量|(?<![a-z0-9_])full(?![a-z0-9_])")}
COUNT = lazy(r"(?<![\d.])(\d{1,2})\s*(?:x(?![a-z])|×|张|块|卡|台|cards?\b|gpus?\b)|(?<![a-z])[x×]\s*(\d{1,2})(?![\d.])"
              r"|(?<![\d.])(\d{1,2})\s+[a-z0-9]+\s+(?:cards?|gpus?)\b")

SINGLE = lazy(r"\bsingle\s+(?:card|gpu)\b|\bsingle\s+[a-z0-9]+\s+(?:card|gpu)\b|单卡|单张", re.ASCII)


def counts_by_method(norm: str, methods: tuple[str, ...]) -> dict[str, int]:
    """{method: cards} for each of `methods` whose own clause of the normalized text says one count."""
    out: dict[str, int] = {}
    for clause in CLAUSE.split(norm):
        named = [m for m in methods if METHOD[m].search(clause)]
        counts = {int(g) for c in COUNT.finditer(clause) for g in c.groups() if g} | ({1} if SINGLE.search(clause) else set())
        if len(named) == 1 and len(counts) == 1 and named[0] not in out:
            out[named[0]] = counts.pop()
    return out
