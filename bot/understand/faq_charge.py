"""Whether something costs money, asked of a topic two entries share: "传200g数据进来 收钱吗" is the
billing entry's question (inbound traffic is free), not the one on how long an upload takes, however
many of the message's other words ("200g", "传数据") that one shares. Asked how long too, neither leads."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.understand.lazy import lazy

if TYPE_CHECKING:
    from bot.understand.faq import Hit

CHARGE_ASKED = lazy(r"收(?:不收)?(?:钱|费)|要(?:不要)?钱|花钱|付费|另收|额外收|免费|计费吗|算钱"
                    r"|\b(?:charged?|charges|billed|bill\s+for|pay\s+for|free|cost\s+(?:money|extra|anything))\b")
HOW_LONG = lazy(r"多久|多长时间|几(?:个)?(?:小时|天|分钟)|要多快|速度|how\s+long|how\s+fast|\bspeed\b")
CHARGE_FLOOR = 0.3  # the least confidence of the billing entry that leads


def charge_entry(text: str, hit: Hit | None, hits: list[Hit]) -> Hit | None:
    """The billing entry among `hits` about the lead's own subject, when `text` asks only whether it is charged."""
    lead = hit or (hits[0] if hits else None)
    if lead is None or (hit is not None and "billing" in hit.entry.topics) or not CHARGE_ASKED.search(text) or HOW_LONG.search(text):
        return None
    subject = set(lead.entry.topics) - {"billing"}
    return next((h for h in hits if "billing" in h.entry.topics and h.score >= CHARGE_FLOOR
                 and subject & set(h.entry.topics)), None)
