"""The card the user named and sized is the one a later price question prices ("7b 全参 一张 a100 80g 够吗"
then "gpuli 一周多少钱": the A100 80GB SXM just sized, ₮319 a week, not the PCIe form the tool would pick).

Where the provider asked does not rent that many of it (gpuli rents no single H100), the setup there with as
many cards of no less memory each stands in (engine.advice.named_stand_in: its 80 GB A100, ₮899 a month), and
the reply says the card named is not rented there."""

from __future__ import annotations

from typing import Any

from bot.core.price import variants
from bot.text.names import provider_name, short_gpu
from engine.advice import Advice
from engine.fit import Fit
from engine.price_list import cheapest_card_hour
from engine.request import TrainingRequest


def priced_forms(setup: Fit, req: TrainingRequest, provider: str | None) -> list[str]:
    """The card forms to quote: only the form sized when it is the card named and the provider asked rents
    it; else every form with its memory (each provider quoted for the one it rents)."""
    named = bool(provider) and setup.gpu.id == req.gpu \
        and cheapest_card_hour(setup.gpu.id, setup.num_gpus, provider=provider, whole=True) is not None
    return [setup.gpu.id] if named else variants(setup.gpu.id, False)


def stand_in_note(advice: Advice, provider: str) -> dict[str, Any] | None:
    """What the price reply says above a stand-in: the provider, the setup named and its memory per card."""
    named = advice.sizing.fit
    if named is None:
        return None
    return {"provider": provider_name(provider), "gb": f"{named.gpu.memory_gb:g}",
            "setup": f"{named.num_gpus}×{short_gpu(named.gpu.name)}"}
