"""How ordering works at the providers a "how do I rent …" question is about, in one line after the price.

Why: "怎么开一台 4090 周租" asks how to rent, not only what it costs; the steps are catalog facts (how one
signs up and tops up, whether a cycle is paid up front or the minutes are billed as they run, how soon
SSH is ready: catalogs/providers/*.yaml), so they are put together here, never typed per provider.
"""

from __future__ import annotations

from bot.text.i18n import t
from engine.providers import provider

# payment method ids (catalogs/providers/*.yaml) as a reader knows them
METHOD_NAMES: dict[str, str | dict[str, str]] = {
    "usdt": "USDT", "usdt-trc20": "USDT", "alipay": {"zh": "支付宝", "en": "Alipay"}, "visa": "Visa",
    "mastercard": "Mastercard", "google-pay": "Google Pay", "apple-pay": "Apple Pay"}
SHOWN_METHODS = 3  # a phone line names the first few


def _method(method: str, lang: str) -> str:
    name = METHOD_NAMES.get(method, method)
    return name if isinstance(name, str) else name[lang]


def _steps(provider_id: str, lang: str) -> str:
    """One provider's steps: sign-up, top-up, how the rental is paid, how soon it is ready."""
    p = provider(provider_id)
    parts: list[str] = []
    if p.payment is not None and p.payment.signup == "email":
        parts.append(t("order.signup_email", lang))
    if p.payment is not None and p.payment.methods:
        names = list(dict.fromkeys(_method(m, lang) for m in p.payment.methods))
        more = len(names) > SHOWN_METHODS
        parts.append(t("order.top_up_more" if more else "order.top_up", lang, methods="/".join(names[:SHOWN_METHODS])))
    if p.billing.cycles:  # whole cycles bought (the billing rules know the model; the catalog says which cycles)
        units = "/".join(t(f"order.cycle.{c.kind}", lang) for c in p.billing.cycles)
        parts.append(t("order.cycles_prepaid" if p.billing.prepaid else "order.cycles", lang, units=units))
    else:  # no cycles: the minutes are billed as the instance runs
        parts.append(t("order.per_minute", lang))
    if p.lifecycle.provisioning_minutes:
        parts.append(t("order.ready", lang, n=p.lifecycle.provisioning_minutes))
    return t("order.provider", lang, provider=p.name, steps=t("order.sep", lang).join(parts))


def order_line(provider_ids: list[str], lang: str) -> str | None:
    """"🛒 How to order: gpuli: …; CloudGPU: …" for the providers named (in order); None for none."""
    if not provider_ids:
        return None
    return t("order.title", lang, steps=t("order.between", lang).join(_steps(pid, lang) for pid in provider_ids))


def top_up_line(provider_ids: list[str], lang: str) -> str | None:
    """"💳 How to top up: gpuli: top up with USDT; CloudGPU: …" for the providers named that list a way to pay (an
    empty wallet must be topped up before anything rents); None when none lists one."""
    steps = []
    for pid in dict.fromkeys(provider_ids):
        p = provider(pid)
        if p.payment is not None and p.payment.methods:
            names = list(dict.fromkeys(_method(m, lang) for m in p.payment.methods))
            more = len(names) > SHOWN_METHODS
            how = t("order.top_up_more" if more else "order.top_up", lang, methods="/".join(names[:SHOWN_METHODS]))
            steps.append(t("order.provider", lang, provider=p.name, steps=how))
    return t("order.top_up_title", lang, steps=t("order.between", lang).join(steps)) if steps else None
