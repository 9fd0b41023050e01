"""The card the user named and sized is the one a later price question prices. Where the provider asked does not rent that many of it (gpuli rents no single H100), the setup there with as
many cards of no less memory each stands in (engine.advice.named_stand_in: its 80 GB A100, ₮899 a month), and
the reply says the card named is not rented there."""

from __future__ import annotations

from typing import Any

from bot.text.names import provider_name, short_gpu
from engine.advice import Advice, edge_option, named_stand_in, pick_at
from engine.fit import Fit
from engine.price_list import cheapest_card_hour


def stand_in_for(advice: Advice, provider: str | None, own: Fit | None, cheapest: bool) -> Fit | None:
    """The setup priced instead of the tool's pick: the card named stood in for where `provider` does not
    rent it; or, the cheapest asked ("14b qlora 最便宜的卡是哪个"), a cheaper setup of as many cards with no
    less memory each where the pick is itself tight (the 3090's 24 GB at $0.21 for the 4090's at $0.33);
    None otherwise."""
    if own is not None:
        return None
    found = named_stand_in(advice, provider) if provider else None
    if found is not None or not cheapest:
        return found
    chosen = (pick_at(advice, provider, alike=False) if provider else None) or advice.priced
    if chosen is None or chosen.fits:
        return None
    alike = edge_option(chosen, provider, advice.sizing.request.exclude)
    same = alike is not None and alike.num_gpus == chosen.num_gpus and alike.gpu.memory_gb >= chosen.gpu.memory_gb
    return alike if same else None


def stand_in_note(advice: Advice, setup: Fit, provider: str | None) -> dict[str, Any] | None:
    """What the price reply says above a stand-in: for the card named, the provider, that setup and its memory
    per card; for a cheaper alike of a tight pick, that it has as much memory and is just as tight."""
    named = advice.sizing.fit
    if provider and named is not None and cheapest_card_hour(named.gpu.id, named.num_gpus, provider=provider, whole=True) is None:
        return {"provider": provider_name(provider), "gb": f"{named.gpu.memory_gb:g}", "setup": _said(named)}
    pick = advice.priced
    if pick is None or setup.fits:
        return None
    return {"tight": True, "gb": f"{setup.gpu.memory_gb:g}", "setup": _said(setup), "pick": _said(pick)}


def _said(fit: Fit) -> str:
    return f"{fit.num_gpus}×{short_gpu(fit.gpu.name)}"
