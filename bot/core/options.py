"""The options an answer listed, remembered in order, and a follow-up that picks one of them.

An answer that prices two cards ("a6000 和 4090 48g 各多少钱一小时", "gpuli 4090 vs 5090 monthly"), or a
price asked again of another card ("gpuli 4090 包周多少" then "那 5090 呢"), lists options; the turn it
leaves keeps them (card, count, provider, length). "第二个跑 3 小时呢", "the cheaper one, 8 hours?", "贵的那张
包周呢" then pick one by its place or by its price (each card's lowest rate per card-hour at the provider
the answer named, in US dollars) or memory, and the rest of the message changes that option as it would
change a one-card answer. A sizing lists two setups the way seed 000's table does: the least that fits and
the roomy one; "宽裕点的呢", "the second one" pick the roomy one. A sizing also keeps the setups it showed
(bot/core/shown.py): "the H200 option, monthly?" names one by its card and keeps its whole setup (8×H200 with
the 8-bit optimizer), "预算型那个", "the budget pick" the cheaper setup it showed beside its pick.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from bot.core.follow_ups import merge_follow_up
from bot.messages import Reply, Turn
from bot.understand.option_ref import other_memory
from bot.understand.parser import Parsed
from engine.catalog import form_variants, gpus
from engine.price_list import cheapest_card_hour
from engine.request import TrainingRequest

KEPT = 4  # options remembered: a follow-up points at one of the last few cards asked
ROOMY = ("2", "last", "pricier", "roomier")  # a sizing's second setup: the reference table's roomy one
LEAST = ("1", "cheaper", "budget", "safer")
BARE_ROOMY = 24  # characters: "宽裕点的呢", "something roomier?" — a change of the sizing, not a question


def listed(turns: list[Turn | None]) -> list[dict[str, object]]:
    """Options as a turn keeps them: each answer's kind and data, without options of its own."""
    return [{"kind": t.kind, "data": {k: v for k, v in t.data.items() if k != "options"}} for t in turns if t is not None]


def keep_listed(reply: Reply, shown: list[Turn | None]) -> None:
    """Several answers to one message (two cards priced): the remembered turn lists them, in the order asked."""
    options = listed(shown)
    if len(options) > 1 and reply.turn is not None:
        reply.turn = Turn(reply.turn.kind, {**reply.turn.data, "options": options})


def keep_chained(reply: Reply, last: Turn | None, parsed: Parsed) -> None:
    """A price asked again of another card ("那 5090 呢"): the cards asked so far are the options."""
    new = reply.turn
    if not parsed.follow_up or new is None or last is None or new.kind != "price" or last.kind != "price" \
            or _card(new.data) == _card(last.data):
        return
    before = [o for o in (last.data.get("options") or listed([last])) if _card(o["data"]) != _card(new.data)]  # type: ignore[arg-type]
    reply.turn = Turn(new.kind, {**new.data, "options": [*before, *listed([new])][-KEPT:]})


def option_follow_up(parsed: Parsed, last: Turn | None, text: str) -> tuple[Turn, Parsed] | None:
    """The option the follow-up points at (as the answer it changes, still listing the others) and the
    follow-up read against it; None when it points at none."""
    q = parsed.request
    option = parsed.cues.option
    if option is None and parsed.asks.headroom and parsed.cues.chars <= BARE_ROOMY and not (q.model or q.params_b or q.gpu):
        option = "roomier"  # "宽裕点的呢" after a sizing
    if last is not None and not _asked_of_card(parsed) and (picked := _shown_card(parsed, last)) is not None:
        last, parsed = picked  # "the H200 option, monthly?": that option's whole setup, no longer the card alone
        option = option or "1"
    if option is None or last is None or q.model or q.params_b:  # "14b 全参 宽裕点的配置" is a question of its own
        return None
    parsed = replace(parsed, follow_up=True)  # pointing at an option of the answer is asking of it
    if option == "other":
        return _other_of_cost(parsed, last, text)
    turn = _chosen(option, last)
    if turn is not None:
        merged = merge_follow_up(parsed, turn, text)
        if merged is not parsed and merged.follow_up:
            return turn, merged
        if turn.kind == "price":  # "第二个呢": that option's price again
            return turn, replace(parsed, intent="price", follow=dict(turn.data), follow_up=True, missing=[])
        return None
    job = last.data.get("request") or {}
    if last.kind not in ("size", "cost") or last.data.get("options") or not (job.get("model") or job.get("params_b")) \
            or option not in ROOMY + LEAST or q.model or q.params_b:
        return None
    cheaper = _cheaper_shown(option, last)
    if cheaper is not None:  # "预算型那个 8 小时多少": the cheaper setup the sizing showed beside its pick
        job = {**job, "gpu": cheaper["gpu"], "num_gpus": cheaper["num_gpus"]}
        last = Turn(last.kind, {**last.data, "request": job})
    roomy = option in ROOMY
    if roomy:  # "7b lora 4090" then "宽裕点的呢": a roomier card than the one named, not the same card
        job = {k: v for k, v in job.items() if k not in ("gpu", "num_gpus", "zero")}
        last = Turn(last.kind, {**last.data, "request": job})
    asked = replace(parsed, asks=replace(parsed.asks, headroom=roomy))
    merged = merge_follow_up(asked, last, text)
    changed = merged is not asked and merged.follow_up
    # "便宜的那个跑 8 小时多少": the least setup, for 8 hours; "cost?" then "the roomier H100 option?": that card priced
    if changed and (merged.follow is None or not roomy or q.gpu):
        return last, replace(merged, asks=replace(merged.asks, headroom=roomy))
    # the setup's price or the sizing again, roomy when asked: the sizing shows the setup with its prices
    request = merged.request if changed else TrainingRequest.model_validate(job)
    return last, replace(asked, request=request, intent="size", follow=None, follow_up=True, missing=[])


def _other_of_cost(parsed: Parsed, last: Turn, text: str) -> tuple[Turn, Parsed] | None:
    """"and the other 80G option?", "另一个 80G 的呢" after a cost answer: the first other setup it listed (of that card
    memory, when one is said), the job priced on it for the same length; None when it listed none such."""
    job = last.data.get("request") or {}
    if last.kind != "cost" or not (job.get("model") or job.get("params_b")) or parsed.request.gpu:
        return None
    memory = other_memory(text)
    for gpu, count, where in last.data.get("alternatives") or []:
        spec = gpus().find(str(gpu))
        if spec is None or (memory is not None and round(spec.memory_gb) != memory):
            continue
        stated = {k: v for k, v in parsed.request.stated().items() if k in ("hours", "days", "provider")}
        request = TrainingRequest.model_validate({**job, "gpu": gpu, "num_gpus": count, "provider": where, **stated})
        return last, replace(parsed, intent="cost", request=request, follow=None, missing=[], faq=[], faq_answers=[],
                             faq_confident=False)
    return None
def _asked_of_card(parsed: Parsed) -> bool:
    """A FAQ question answered card by card, asked of the card named ("gpuli 有 nvlink 吗 h100" after a sizing on
    8×H100): the card is who is asked about, no option of the sizing picked."""
    card = parsed.request.gpu
    return parsed.intent == "faq" and parsed.faq_confident and card is not None and any(
        card in part.cards for h in parsed.faq_answers[:1] for part in h.entry.by_card)


def _shown_card(parsed: Parsed, last: Turn) -> tuple[Turn, Parsed] | None:
    """A card named that is one of the setups the last sizing showed of several cards or with its own
    optimizer ("the H200 option, monthly?" after 8×H200 with an 8-bit optimizer was shown): the last turn
    with that whole setup as its job, and the message without the card (it points, it changes nothing)."""
    q = parsed.request
    job = last.data.get("request") or {}
    if not q.gpu or q.model or q.params_b or last.kind != "size" or not (job.get("model") or job.get("params_b")):
        return None
    named = set(form_variants(q.gpu))
    hits = [o for o in last.data.get("shown") or [] if o["gpu"] in named and q.num_gpus in (None, o["num_gpus"])]
    if len(hits) != 1 or (hits[0]["num_gpus"] == 1 and not hits[0].get("optimizer")):
        return None  # a single card as it stands: the card named changes the job as before
    o = hits[0]
    job = {**job, "gpu": o["gpu"], "num_gpus": o["num_gpus"], **({"optimizer": o["optimizer"]} if o.get("optimizer") else {})}
    rest = q.model_copy(update={"gpu": None, "num_gpus": None})
    return Turn(last.kind, {**last.data, "request": job}), replace(parsed, request=rest, follow_up=True)


def _cheaper_shown(option: str, last: Turn) -> dict[str, object] | None:
    """The cheaper setup a sizing showed beside its pick (a tight card, the table's card) that "预算型那个",
    "the budget pick" point at; "便宜的那个" only where the pick is tight too (both may OOM, so the cheaper
    one is the budget way), else the pick, the cheapest that holds the job (None: the pick, re-picked); where
    none shown is cheaper than a tight pick, the pick."""
    shown = last.data.get("shown") or []
    pick = next((o for o in shown if o["role"] == "pick"), None)
    if pick is None or option not in ("budget", "cheaper") or (option == "cheaper" and not pick.get("tight")):
        return None
    where = (last.data.get("request") or {}).get("provider")
    base = _rate({"gpu": pick["gpu"], "num_gpus": pick["num_gpus"], "first": where})
    rated = [(r, o) for o in shown if o["role"] in ("edge", "table")
             and (r := _rate({"gpu": o["gpu"], "num_gpus": o["num_gpus"], "first": where})) is not None]
    cheaper = sorted(((r, o) for r, o in rated if base is None or r < base), key=lambda x: x[0])
    # none cheaper shown: the pick is itself the cheapest (CloudGPU 14B QLoRA: the 3090, as tight as the table's
    # 4090), and a re-pick would answer the cheap one asked for with a dearer safe card
    return cheaper[0][1] if cheaper else pick


def _chosen(option: str, last: Turn) -> Turn | None:
    """The option `option` points at among those the last answer listed; None when it listed fewer than two."""
    listed = last.data.get("options") or []
    # each keeps the list, so "第一个呢" after "第二个跑 3 小时呢" still finds it
    options = [Turn(str(o["kind"]), {**o["data"], "options": listed}) for o in listed]
    if len(options) < 2:
        return None
    option = {"budget": "cheaper", "safer": "roomier"}.get(option, option)
    if option in ("cheaper", "pricier"):
        rated = [(_rate(o.data), o) for o in options]
        if any(rate is None for rate, _ in rated):
            return None
        ranked = sorted(rated, key=lambda x: x[0] or Decimal(0))
        return (ranked[0] if option == "cheaper" else ranked[-1])[1]
    if option == "roomier":
        return max(options, key=lambda o: _memory(o.data))
    n = len(options) if option == "last" else int(option)
    return options[n - 1] if 0 < n <= len(options) else None


def _card(data: dict[str, object]) -> tuple[str, ...]:
    gpu = data.get("gpu")
    return tuple(str(g) for g in gpu) if isinstance(gpu, list | tuple) else (str(gpu),)


def _rate(data: dict[str, object]) -> Decimal | None:
    """An option's lowest list price per card-hour (US dollars) at the provider the answer named, else anywhere."""
    count = int(str(data.get("num_gpus") or 1))
    where = data.get("first")
    cards = [v for g in _card(data) for v in form_variants(g)]
    for provider in ([str(where)] if where else []) + [None]:
        rates = [r for g in cards if (r := cheapest_card_hour(g, count, "USD", provider)) is not None]
        if rates:
            return min(rates)
    return None


def _memory(data: dict[str, object]) -> float:
    found = [gpus().find(g) for g in _card(data)]
    return max((g.memory_gb for g in found if g is not None), default=0.0)
