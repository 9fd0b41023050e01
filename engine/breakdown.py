"""The shape of a memory estimate: the plan it is for, and its terms made of items.

Why apart from engine/memory: the objective-specific parts (engine/preference: reference and
reward models, a reward head instead of logits) build items and terms too, and memory calls
them; with the types here neither module needs to import the other back.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.lazy import cached

CARDS_PER_NODE = 8


@dataclass(frozen=True)
class Plan:
    """How the job is spread: card count, ZeRO stage (0 = plain DDP/single card), offload."""

    num_gpus: int
    zero: int
    offload: str = "none"

    @property
    def nodes(self) -> int:
        return -(-self.num_gpus // CARDS_PER_NODE)


@dataclass(frozen=True)
class Item:
    """One contribution to a term: basis code, bytes per unit, units, divisor, GB per card."""

    basis: str
    gb: float
    formula: str


@dataclass(frozen=True)
class Term:
    key: str
    items: tuple[Item, ...]

    @cached
    def gb(self) -> float:
        return sum(i.gb for i in self.items)
