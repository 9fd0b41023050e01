"""How many machines (nodes) a job takes, asked in either language: "要几台 8xh100", "几台机器", "要几个节点",
"how many nodes", "how many 8x h100 machines". The count of cards is asked too (the answer counts cards first),
and the reply says it in machines of the size named, with what more than one node needs (bot.core.nodes_first)."""

from __future__ import annotations

from bot.understand import one_message
from bot.understand.lazy import lazy  # scanned first for the words a match needs (bot.understand.prefilter)

MACHINES = lazy(
    r"(?:几|多少)\s*(?:个\s*)?(?:台|节点|机器|服务器)|几\s*机(?!器?\s*[几多])"
    r"|how\s+many\s+(?:(?!gpus?\b|cards?\b)[\w×*-]+\s+){0,3}?(?:nodes|machines|servers|boxes|hosts)\b"
    r"|\b(?:number\s+of|count\s+of)\s+(?:nodes|machines|servers)\b|\b(?:node|machine)\s+count\b")


@one_message.per_message  # asked three times of a message
def machines_asked(norm: str) -> bool:
    """Whether the normalized message asks how many machines (nodes) a job takes."""
    return bool(MACHINES.search(norm))


def machine_card(norm: str) -> str | None:
    """The card whose machines are counted ("要几台 8xh100", "how many nodes of 8x h100"): the first card named."""
    if not machines_asked(norm):
        return None
    from bot.understand.entities import find_gpus

    found = find_gpus(norm)
    return found[0].ident if found else None
