"""A job priced at each provider the user names ("一万网络和 cloudgpu 呢" after "14b qlora 用 4090 租一周多少"): a
provider that does not rent the card asked is said so in a line of its own, and the others are still priced.

Why: the providers named were priced together, so one refusal (一万网络 rents no RTX 4090) raised for the whole
message and the provider that rents the card (cloudgpu: 30 h × $0.33) was never answered."""

from __future__ import annotations

from engine.billing import NotOffered
from engine.cost import compare as compare_cost
from engine.request import TrainingRequest


def renting(asked: list[tuple[str, TrainingRequest]]) -> tuple[list[tuple[str, TrainingRequest]], list[NotOffered]]:
    """(the providers' ways that rent the card, the refusals of the ones that do not), in the order named."""
    kept: list[tuple[str, TrainingRequest]] = []
    refused: list[NotOffered] = []
    for name, way in asked:
        try:
            compare_cost(way)
        except NotOffered as exc:
            if exc.reason not in ("gpu_not_offered", "count_not_offered", "single_card_plans"):
                raise
            refused.append(exc)
            continue
        kept.append((name, way))
    return kept, refused
