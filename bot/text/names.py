"""How a card or a provider is called in a reply: one place, so every front end and every reply
kind says "RTX 4090", "H100 SXM" and "gpuli" the same way."""

from __future__ import annotations

from engine.errors import KasuanError

VENDOR_PREFIXES = ("NVIDIA GeForce ", "NVIDIA ", "AMD Instinct ", "AMD ")


def short_gpu(name: str) -> str:
    """"NVIDIA GeForce RTX 4090" -> "RTX 4090": the part people say."""
    for prefix in VENDOR_PREFIXES:
        if name.startswith(prefix):
            return name[len(prefix):]
    return name


def gpu_name(ident: object) -> str:
    """A card's short display name for a catalog id (the id itself if the catalog no longer has it)."""
    from engine.catalog import gpus

    if not isinstance(ident, str):
        return ""
    found = gpus().find(ident)
    return short_gpu(found.name) if found is not None else ident


def provider_name(ident: object) -> str:
    """A provider's display name for a catalog id (the id itself if the catalog no longer has it)."""
    from engine.providers import provider

    if not isinstance(ident, str):
        return ""
    try:
        return provider(ident).name
    except KasuanError:
        return ident
