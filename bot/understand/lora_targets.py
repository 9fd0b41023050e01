"""Which layers a LoRA adapter is put on, as a team types it in chat.

Why its own reader: the adapter's size, its optimizer states and the dropout copies depend on the
targets (engine.architecture.lora_params), and an export writes them into the trainer's config
(`lora_target`, `target_modules`). People name them three ways: module names ("q_proj,v_proj",
"gate_proj"), a cue followed by short names ("target q,v", "lora 加在 qkvo 上", "target_modules: q k v"),
or a scope ("all linear", "所有线性层", "只训 attention"). A bare "v" or "o" means nothing on its
own ("v100", "o1"), so short names count only right after a cue; `_proj` names count anywhere.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy
from engine.architecture import LORA_TARGETS

ATTENTION = ("q", "k", "v", "o")
PROJ = lazy(r"(?<![a-z])(q|k|v|o|gate|up|down)_proj(?![a-z])", re.ASCII)
ALL_LINEAR = lazy(
    r"all[\s_-]*linear|(?:target|targets|lora)[\s_:=-]*(?:modules\s*[:=]?\s*)?all(?![a-z])"
    r"|(?:全部|所有|全)的?\s*(?:线性层|linear(?:\s*层)?|投影层)|all\s+(?:the\s+)?(?:linear\s+)?(?:layers|modules|projections)"
)
ATTENTION_ONLY = lazy(
    r"(?:only|just)\s+(?:the\s+)?attention(?:\s+(?:layers|projections|modules))?"
    r"|attention(?:[\s-]+(?:layers|projections|modules))?\s+only|(?:只|仅)(?:训|加在|挂在|作用在|用在|放在|改)?\s*(?:attention|注意力)"
)
# an explicit cue ("target", "加在") may name one layer; "on"/"to" only a list ("lora on q v"), since
# "train on q&a data" and "scale up to 8" are no targets
CUE = lazy(
    r"(?P<explicit>(?:lora[\s_]*)?target(?:[\s_]*modules?)?s?\s*[:=]?|(?:加在|挂在|作用在|用在|放在|只训|只加|只挂)\s*)"
    r"|(?:on|to)\s+(?:the\s+)?(?=(?:[qkvo]{1,4}|gate|up|down)(?:_proj)?\b)",
    re.ASCII,
)
# what may follow a cue: short names joined by commas, slashes, plus signs, "and" or spaces, or run
# together ("qkvo", "qv"); ends at the first word that is none of them
SHORT_LIST = lazy(
    r"\s*((?:(?:gate|up|down|[qkvo])(?:_proj)?)(?:\s*(?:[,/+&、，]|and|和|\s)\s*(?:(?:gate|up|down|[qkvo])(?:_proj)?))*"
    r"|[qkvo]{2,4})(?![a-z0-9])",
    re.ASCII,
)
SHORT = lazy(r"(?<![a-z])(gate|up|down|[qkvo]{1,4})(_proj)?(?![a-z])", re.ASCII)
WORDS = ("gate", "up", "down")  # English words too: alone they name a layer only with _proj


def _names(listed: str) -> list[str]:
    """"q_proj v_proj" -> [q, v]; "qkvo" -> [q, k, v, o]; a lone "up" -> [] ("target up to 3k")."""
    found = SHORT.findall(listed)
    names = [c for name, _ in found for c in ([name] if name in WORDS else list(name))]
    if len(found) == 1 and found[0][0] in WORDS and not found[0][1]:
        return []
    return names


def lora_targets(text: str) -> tuple[str, ...] | None:
    """The adapter's targets in catalog order (engine.architecture.LORA_TARGETS), or None when the
    message names none. `text`: the normalized message (lower case, half-width)."""
    if ALL_LINEAR.search(text):
        return LORA_TARGETS
    found = {m.group(1) for m in PROJ.finditer(text)}
    for cue in CUE.finditer(text):
        listed = SHORT_LIST.match(text, cue.end())
        names = _names(listed.group(1)) if listed else []
        if len(names) > 1 or (names and cue.group("explicit")):
            found.update(names)
    if not found and ATTENTION_ONLY.search(text):
        return ATTENTION
    return tuple(t for t in LORA_TARGETS if t in found) or None
