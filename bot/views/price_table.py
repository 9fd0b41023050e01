"""A price answer as a spreadsheet: the rows a price reply shows, written as CSV by the csv module.

Why: "把 gpuli 各卡周租和月租整理成一个表格发我", "export that as csv" ask for the same figures as the
price reply in a form a budget sheet takes. The table is built from the reply's own data, so it can
never disagree with the text beside it; amounts stay exact decimals with their currency code.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from bot.messages import Reply

HEADER = ["provider", "gpu", "num_gpus", "unit", "price_low", "price_high", "currency", "estimate"]


def _rows(reply: Reply) -> list[list[str]]:
    data: dict[str, Any] = reply.data
    if reply.kind == "provider_prices":
        return [[str(data["provider"]), str(r["gpu"]), str(r["n"]), str(p["unit"]), str(p["low"]), str(p["high"]),
                 str(data["currency"]), "yes" if p["estimate"] else "no"] for r in data["rows"] for p in r["prices"]]
    if reply.kind == "price":
        return [[str(r["provider"]), str(r["gpu"]), str(r["num_gpus"]), str(q["unit"]), str(q["total"]["low"]),
                 str(q["total"]["high"]), str(q["total"]["currency"]), "yes" if q["estimate"] else "no"]
                for r in data["rows"] for q in r["quotes"]]
    return []


def price_table(reply: Reply) -> tuple[str, bytes] | None:
    """("prices.csv", its bytes) for a price reply or a provider's price list; None for another reply."""
    rows = _rows(reply)
    if not rows:
        return None
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    writer.writerows(rows)
    return "prices.csv", out.getvalue().encode("utf-8-sig")  # the BOM lets spreadsheet apps read the Chinese names


def attach_table(reply: Reply) -> Reply:
    """The reply with its price table attached (unchanged when it has no price rows)."""
    table = price_table(reply)
    if table is not None:
        reply.files = [*reply.files, table]
    return reply
