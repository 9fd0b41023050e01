"""Both things just named asked at once ("both for 10 hours?", "cost for 8h each?", "each of them for a week",
"两个都算 10 小时", "分别多少", "各跑 8 小时多少"): the reply prices each of them (bot.core), not only the last."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

BOTH = lazy(r"\bboth\b|\beach\b(?![\s-]+(?:card|gpu)s?\b)|\beither\s+one\b|\bfor\s+the\s+two\b"
            r"|分别|(?:两|2)\s*(?:个|张|款|样|项)\s*都|俩都|都算|都按|都加上?|全(?:都)?加上?|一起加上?|(?:两|2)\s*个\s*各|各(?:自|算|跑|租|用)",
            re.IGNORECASE)


def both_asked(norm: str) -> bool:
    """Whether `norm` (the normalized message) asks of each of the things just named."""
    return bool(BOTH.search(norm))
