"""The method named for each card of a comparison: "7b: qlora on a 4090 vs bf16 lora on a 5090", "4090 跑
qlora 还是 5090 跑 lora": two setups, each its own card and method, set side by side.

Why: the parse reads one method for the message (QLoRA wins when both are named), so both cards were sized
as QLoRA and the comparison asked (4-bit on the small card against bf16 on the big one, speed and price) was
never made. The message is cut at its comparison words; a part that names one card and one method gives
that card its method. Nothing comes back unless at least two cards get different methods.
"""

from __future__ import annotations

import itertools

from bot.understand import fields as f
from bot.understand.lazy import lazy

# the words that set one setup against another; "或者" and "还是" in Chinese
SETS_AGAINST = lazy(r"\bvs\.?(?=\s|$)|\bversus\b|\bor\b|\bcompared\s+(?:to|with)\b|\bagainst\b|还是|或者|对比|比起|相比")


def methods_by_card(norm: str, cards: list[tuple[str, int, int]]) -> dict[str, str]:
    """{card: method} for the cards of a comparison, from the parts of `norm` between its comparison words;
    `cards`: (card id, start, end) in `norm`. Empty unless two cards are given different methods."""
    cuts = [0, *(m.start() for m in SETS_AGAINST.finditer(norm)), len(norm)]
    found: dict[str, str] = {}
    for start, end in itertools.pairwise(cuts):
        inside = {ident for ident, s, e in cards if start <= s and e <= end}
        method = f.method(norm[start:end])
        if len(inside) == 1 and method is not None:
            found.setdefault(inside.pop(), method)
    return found if len(set(found.values())) >= 2 else {}
