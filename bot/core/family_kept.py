"""A bare size said as a change keeps the model family named before: "qwen2.5 7b qlora" then "不对，是 14b" or
"那 14b 呢" is Qwen2.5-14B (its own architecture, and the name an exported config carries), not a generic 14B
taken from another family. Only where the catalog holds exactly one model of that family at that size; else the
size stays bare, as before. The cards the job was asked on stay with a new model unless the method changes too."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.messages import Turn
from bot.understand.parser import Parsed
from engine.catalog import models

SIZE_TAIL = re.compile(r"-\d+(?:\.\d+)?b(?![a-z]).*$")  # "-70b" of "llama-3.3-70b": the id without its size
SIZE_IN_ID = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)b(?![a-z])")


def _size(ident: str) -> float | None:
    found = SIZE_IN_ID.findall(ident.lower())
    return float(found[-1]) if len(found) == 1 else None


def kin_of(model: object, params_b: object) -> str | None:
    """The catalog model of `model`'s family with `params_b` billion parameters, None when there is none or several."""
    if not isinstance(model, str) or not isinstance(params_b, int | float):
        return None
    index = models()
    if index.find(model) is None:
        return None
    family = index.get(model).family
    kin = [m.id for m in index.entries if m.family == family and _size(m.id) == float(params_b)]
    return kin[0] if len(kin) == 1 else None


def size_in_family(stated: dict[str, object], before: dict[str, object]) -> dict[str, object]:
    """`stated` with a bare size ("14b") made the model of the family the job before named, where there is one."""
    if "params_b" not in stated or "model" in stated:
        return stated
    kin = kin_of(before.get("model"), stated["params_b"])
    if kin is None:
        return stated
    out = {k: v for k, v in stated.items() if k != "params_b"}
    out["model"] = kin
    return out


def series_at_size(parsed: Parsed, last: Turn | None) -> Parsed:
    """"llama 3.3" (a model series, no size) after a 70B job: that series' model at the job's size (Llama-3.3-70B),
    the job kept by the follow-up that merges it; `parsed` unchanged where the catalog has none or several."""
    q, series = parsed.request, parsed.cues.series
    if series is None or q.model or q.params_b or last is None or last.kind not in ("size", "cost"):
        return parsed
    job = last.data.get("request") or {}
    size = job.get("params_b") or _size(str(job.get("model") or ""))
    if not isinstance(size, int | float):
        return parsed
    kin = [m.id for m in models().entries if re.sub(r"[\s-]", "", SIZE_TAIL.sub("", m.id)) == series and _size(m.id) == float(size)]
    if len(kin) != 1:
        return parsed
    return replace(parsed, intent="size", request=q.model_copy(update={"model": kin[0]}), follow_up=True, missing=[],
                   faq=[], faq_answers=[], faq_confident=False)


SETUP_KEYS = ("gpu", "num_gpus", "zero")


def setup_dropped(stated: dict[str, object], before: dict[str, object], how_many: bool, same_card: bool) -> tuple[str, ...]:
    """The setup keys a model change takes off the job before: a job restated with another method ("14b qlora 4090
    够吗" then "那 32b 全参呢") is a new job, fitted anew (unless "on the same card", or a count was asked); a model
    changed alone, its method said again or not ("那 32b qlora 呢", "what about 70b"), keeps the cards the user named,
    so the verdict is theirs (32B QLoRA on the 4090: no, 25.7-39.6 GB against 24 GB, seed 000's 48 GB card beside)."""
    anew = stated.get("method") not in (None, before.get("method")) and not how_many and not same_card
    return SETUP_KEYS if anew else ()
