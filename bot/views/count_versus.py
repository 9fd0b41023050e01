"""The other card count of a "two cards, or is one enough?" question, sized on the same card, so the
reply can say whether the larger count is needed (bot.understand.card_counts reads the two counts).

Why a view of its own: the verdict answers the count asked; this adds one line that compares it
with the count the user named beside it, estimated only when a message names two counts.
"""

from __future__ import annotations

from typing import Any

from bot.views.price import unit_prices
from bot.views.sizing import fit_row
from engine.catalog import gpus
from engine.cost import DISPLAY_CURRENCY
from engine.price_list import card_hour_rates
from engine.request import TrainingRequest
from engine.seed_adapter_rows import seed_card
from engine.seed_minimums import seed_optimizer_named
from engine.sizing import Sizing, size


def count_versus(stated: TrainingRequest, verdict: dict[str, Any], other: int, *, eight_bit: bool = True) -> dict[str, Any] | None:
    """The verdict's card at `other` cards: which way the comparison goes and what it holds; `eight_bit`: fewer
    cards short with AdamW are sized again with the 8-bit optimizer (one_holds_it shows neither, so asks no such sizing)."""
    n = int(verdict["num_gpus"])
    if other == n:
        return None
    s = size(stated.model_copy(update={"gpu": verdict["gpu"], "num_gpus": other, "zero": stated.zero if other > 1 else None}))
    if s.fit is None:
        return None
    row = fit_row(s.fit)
    safe = bool(verdict["fits"]) and not verdict["tight"]
    if other > n:
        case = "not_needed" if safe else "needed" if row["fits"] else "neither"
    else:
        case = "fewer_enough" if row["fits"] and not row["tight"] else "fewer_short"
        eight = _on_8bit(stated, verdict, other) if case == "fewer_short" and eight_bit else None
        if eight is not None:  # "7b 全参 一定要两张 a100 吗": not with the 8-bit optimizer, seed 000's way on fewer cards
            return eight | {"asked": n, "other": other, "table": None}
    one_enough = (case == "fewer_enough" and other == 1) or (case == "not_needed" and n == 1)
    table = _table_card(stated, verdict) if one_enough else None
    return row | {"case": case, "asked": n, "other": other, "table": table}


def one_holds_it(stated: TrainingRequest, verdict: dict[str, Any]) -> dict[str, Any] | None:
    """"h100 ×8 for a 14b lora??": several cards named where one of them holds the job with room to
    spare; that one is enough is said under the verdict, as if "or is one enough?" had been asked.
    None when one card is short or tight, or the cards named lean on offload (what one of them holds
    then is no firm fit: "70b qlora fsdp cpu offload on two 4090s")."""
    if verdict.get("offload") not in (None, "none"):
        return None
    # one card short ("fewer_short", or the 8-bit way on it) is no line here: its 8-bit sizings are not made
    cv = count_versus(stated, verdict, 1, eight_bit=False)
    return cv if cv is not None and cv["case"] == "fewer_enough" else None


def _on_8bit(stated: TrainingRequest, verdict: dict[str, Any], other: int) -> dict[str, Any] | None:
    """A full fine-tune with no optimizer named, too big for `other` cards with AdamW: the same cards with the
    8-bit optimizer (10 bytes per parameter instead of 16), when they hold it or hold it only just; None otherwise."""
    if stated.optimizer is not None or stated.method != "full":
        return None
    adamw = size(stated.model_copy(update={"gpu": verdict["gpu"], "num_gpus": other, "zero": stated.zero if other > 1 else None}))
    if seed_optimizer_named(adamw.resolved, adamw.fit) is None:
        return None  # only seed 000's own 8-bit rows (7B/8B on one 80 GB card, 72B on 8 × H200)
    s = size(stated.model_copy(update={"gpu": verdict["gpu"], "num_gpus": other, "optimizer": "adamw-8bit",
                                       "zero": stated.zero if other > 1 else None}))
    if s.fit is None or s.fit.estimate.model_states_gb >= s.fit.gpu.memory_gb:
        return None  # the states alone fill the card (8B's 80 GB on an 80 GB card): no way to say "one will do"
    row = fit_row(s.fit)
    return row | {"states_gb": s.fit.estimate.model_states_gb, "case": "fewer_8bit" if row["tight"] or not row["fits"] else "fewer_8bit_room"}


def _table_card(stated: TrainingRequest, verdict: dict[str, Any]) -> dict[str, Any] | None:
    """A LoRA / QLoRA class that one card holds, asked on more of a bigger card ("7b qlora 租 8卡 h100 是不是
    更快更好"): the card seed 000's table names for the class (one RTX 4090) with its price at each provider
    renting it singly, so "one is enough" names the cheaper card the table gives; None when it is the card named."""
    s = size(stated.model_copy(update={"gpu": None, "num_gpus": None, "zero": None}))
    card = seed_card(s)
    if card is None or card == verdict["gpu"]:
        return None
    prices = unit_prices(card, 1, DISPLAY_CURRENCY)
    return {"name": gpus().get(card).name, "prices": prices} if prices else None


def count_asked(summary: dict[str, Any], s: Sizing | None = None) -> dict[str, Any] | None:
    """"14b qlora 用4090够不够，要几张": a fit on the card named and how many of it, asked together. The
    verdict answers the fit; the count is said on a line of its own right under it, so it is in the
    first lines: the verdict's count when it holds the job (also with the one change it names), else
    the larger count of the same card the reply offers, else (`s`, the sizing) the fewest of the card that
    would, which no provider rents as one machine. None when there is no such count."""
    verdict, other = summary.get("verdict"), summary.get("alternative")
    if not verdict:
        return None
    if verdict["fits"] or summary.get("lever_fix"):
        case = "fits" if verdict["fits"] else "with_change"
        return verdict | {"case": case + ("_one" if verdict["num_gpus"] == 1 else "_n")}
    if other and other["gpu"] == verdict["gpu"]:
        return other | {"case": "more"}
    alt = s.alternative if s is not None else None
    if alt is None or alt.gpu.id != verdict["gpu"] or alt.num_gpus <= verdict["num_gpus"] or not (alt.fits or alt.may_fit):
        return None
    any_way, whole = card_hour_rates(alt.gpu.id, alt.num_gpus)
    if any_way is not None and whole is None:
        # "32b qlora 用 4090 够吗，要几张": four 4090s hold it, but nobody rents four as one machine (gpuli: four
        # single-card instances), so the reply offered another card; the count asked is said, and why it is no setup
        return fit_row(alt) | {"case": "apart"}
    return None
