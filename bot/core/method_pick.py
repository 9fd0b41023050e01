"""Which method to take, asked of an adapter against a full fine-tune ("做风控问答，7b，先 lora 还是直接全参",
"LoRA first or straight to full FT for a 14B?"): the comparison of the two is led by a recommendation, the adapter
first, with what each needs and costs and the catalog's scale of the gap over a whole project (30–40×).

Why: asked which to take, the reply gave both memory figures and left the choice, and its cost, to the team; the
question was the choice. Asked only how they differ ("差多少", "what's the difference"), the comparison stays as it was.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from bot.messages import Reply
from bot.text.i18n import t
from bot.text.names import short_gpu
from engine.money import Money

ADAPTERS = ("qlora", "lora")


def _price(row: dict[str, Any], lang: str) -> str:
    """The row's first provider and its first rental unit: "CloudGPU $0.44/小时"."""
    for p in row.get("prices") or []:
        for u in p.get("units") or []:
            total = u["total"]
            low = Money.of(Decimal(str(total["low"])), total["currency"]).format(lang)
            high = Money.of(Decimal(str(total["high"])), total["currency"]).format(lang)
            return f"{p['provider']} {low}{'–' + high if high != low else ''}/{t('unit.' + u['unit'], lang)}"
    return ""


def _setup(row: dict[str, Any], lang: str) -> str:
    r = row.get("verdict") or {}
    setup = t("sum.setup", lang, n=r.get("num_gpus") or 1, gpu=short_gpu(str(r.get("name") or "")))
    if r.get("offload") not in (None, "none"):
        setup += t("pick.offload", lang)
    seed = row.get("seed")
    if isinstance(seed, dict) and seed.get("eight_bit") and seed.get("name") == r.get("name"):  # the reference table's minimum takes the 8-bit optimizer
        setup += t("pick.eight_bit", lang)
    if not r.get("fits") or r.get("tight"):
        setup += t("pick.tight", lang)
    return setup


def pick_lead(reply: Reply, lang: str, budget: tuple[Decimal, str] | None = None) -> None:
    """Put the recommendation before a comparison of an adapter and a full fine-tune (`reply`: sizing_methods), with
    the budget held named in it."""
    rows = reply.data.get("rows") or []
    adapter = next((r for m in ADAPTERS for r in rows if r.get("method") == m), None)
    full = next((r for r in rows if r.get("method") == "full"), None)
    if adapter is None or full is None or not (adapter.get("verdict") or {}).get("name"):
        return
    model = f"{(adapter.get('params') or 0) / 1e9:g}B" if adapter.get("bare_size") else str(adapter.get("model"))
    name = t("method." + adapter["method"], lang)
    price, full_price = (t("pick.price", lang, price=p) if p else "" for p in (_price(adapter, lang), _price(full, lang)))
    reply.data["pick"] = t("pick.adapter_first", lang, model=model, method=name, setup=_setup(adapter, lang),
                           price=price, full_setup=_setup(full, lang), full_price=full_price)
    if budget is not None:  # "预算 3w 一个月" said before: the recommendation is made under it
        money = Money.of(budget[0], budget[1]).format(lang) if budget[1] else f"{budget[0]:,}"
        reply.data["pick"] = t("pick.under_budget", lang, budget=money) + reply.data["pick"]
