"""Stopping an instance to stop paying ("晚上能关掉不计费吗", "关机还扣钱吗", "stop it overnight so we don't pay",
"pause billing", "are we charged while it's idle?"): each provider's billing rule for a stopped instance leads the
FAQ's billing answer, read from the provider catalogs.

Why: the question shares few words with any FAQ entry, and keywords for it moved other billing questions (blind 3
a-138, 23 h-022). Read as a meaning (bot.understand.faq_charge.stop_asked: a stop said beside a word of paying),
it is answered by the billing model: a per-minute meter runs until the instance is destroyed, destroying deletes
its disk, and a new one boots unbilled (seed 002, cloudgpu); a prepaid cycle is paid in full at order time, so
stopping saves nothing and the days left are not refunded past the refund window, with the data kept so many
days after a cycle ends (seed 000, gpuli; seed 003, Yiwan's months and years).
"""

from __future__ import annotations

from bot.text.i18n import t
from engine.errors import KasuanError
from engine.providers import Provider
from engine.providers import provider as find_provider

ORDER = ("cloudgpu", "gpuli", "yiwan")  # with no provider asked about, each one's rule in turn


def stop_line(provider_id: str | None, lang: str) -> str | None:
    """What stopping the instance does to the bill at `provider_id` (each provider's, one a line, when None)."""
    lines = [line for pid in ((provider_id,) if provider_id else ORDER) if (line := _line(pid, lang))]
    return "\n".join(lines) or None


def _line(provider_id: str, lang: str) -> str | None:
    try:
        p = find_provider(provider_id)
    except KasuanError:
        return None
    return _cycles(p, lang) if p.billing.cycles else _metered(p, lang)  # no cycle to run on: billed as it runs


def _metered(p: Provider, lang: str) -> str:
    b, life = p.billing, p.lifecycle
    disk = t("stop.disk", lang) if life.disk_deleted_on_destroy or not b.persistence_across_instances else ""
    boot = t("stop.boot", lang, n=b.boot_minutes) if b.boot_minutes and not b.boot_billed else ""
    return t("stop.metered", lang, provider=p.name, disk=disk, boot=boot)


def _cycles(p: Provider, lang: str) -> str:
    life = p.lifecycle
    units = t("stop.or", lang).join(t(f"stop.cycle.{c.kind}", lang) for c in p.billing.cycles)
    window = life.refund_window_minutes
    span = None if not window else t("refund.minutes", lang, n=window) if window % 60 else \
        t("refund.hours" + (".one" if window == 60 else ""), lang, n=window // 60)
    refund = t("stop.window", lang, span=span) if span else ""
    kept = t("stop.kept", lang, n=life.data_retention_days) if life.data_retention_days else ""
    return t("stop.cycles", lang, provider=p.name, units=units, refund=refund, kept=kept)
