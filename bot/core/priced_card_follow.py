"""A sizing asked right after a card's price ("一万网络 有 t4 吗 多少钱" then "7b qlora 够吗", "how much is an a10?"
then "would that do a 14b qlora", "那张卡跑 14b lora 行不行"): the job is judged on that card (at the
count priced, where one was), not on the cheapest card that holds it.

Why: the card just priced is what the question is about; "够吗" / "would that do" asks of it. A sizing that
asks for a pick ("用什么卡最便宜"), a count ("72B 全参要几张卡"), the memory alone ("显存多少"), or names its own
card stands alone and gets the recommendation as before."""

from __future__ import annotations

from dataclasses import replace

from bot.messages import Turn
from bot.understand.parser import Parsed


def priced_card(last: Turn) -> tuple[str, int | None] | None:
    """The one card (and count, where stated) the last price answer was about; None for a listing of
    several cards, or a price of no card (a provider's list, an add-on)."""
    gpu = last.data.get("gpu")
    card = gpu[0] if isinstance(gpu, list) and gpu else gpu
    if last.kind != "price" or not isinstance(card, str) or not card:
        return None
    count = last.data.get("num_gpus") or last.data.get("unsold_count")
    return card, int(count) if count else None


def memory_only(parsed: Parsed) -> bool:
    """Whether a job's memory is what the message asks ("14b lora 要多大显存", "how much vram for 8b qlora"), with no
    fit asked of a card ("够吗", "will it fit?"): the figure leads, whatever card was priced before; a "那个" that
    describes the model ("蒸馏那个 14b 的 qwen 版") points at no card."""
    a = parsed.asks
    return (a.memory_figure or a.per_card_memory) and not (parsed.cues.yes_no or parsed.cues.fit)


def on_card_priced(parsed: Parsed, last: Turn) -> Parsed | None:
    """`parsed` (a sizing of a job that names no card) judged on the card the last answer priced, when it
    asks of it: whether the job fits (a yes/no, "够吗", "能跑吗", "is it enough", "fits on one?"), or a word pointing back at it
    ("it", "that", "这张卡"); None when it asks for a pick, a count, a minimum or the cheapest."""
    q, a = parsed.request, parsed.asks
    found = priced_card(last)
    if found is None or parsed.intent != "size" or q.gpu or parsed.unknown_card or not (q.model or q.params_b):
        return None
    if a.pick or a.cheapest or a.minimum or a.count or a.how_many_gpu or a.switch or parsed.versus:
        return None  # "72B 全参要几张卡" after a 4090's price asks the count in general, not of 4090s
    if not (parsed.cues.yes_no or parsed.cues.refers_back or parsed.cues.fit):
        return None
    if memory_only(parsed):
        return None  # "deepseek 蒸馏那个 14b 的 qwen 版 lora 要多大显存": the memory asked leads, no card's verdict  # "7b full fits on one?", "放得下吗": a fit asked is asked of the card just priced
    card, count = found
    update: dict[str, object] = {"gpu": card}
    if count and not q.num_gpus:
        update["num_gpus"] = count
    return replace(parsed, request=q.model_copy(update=update), follow_up=True)


def job_at_priced_provider(parsed: Parsed, last: Turn) -> Parsed | None:
    """"一万网络 3090 月付" then "要是跑 13b lora 换啥" / "if we ran 14b lora instead, which card?": a job put in
    place of the rental priced at a provider named is sized there (its own cards), so "那个 月付多少" next prices
    what that provider rents; None where the message names its own provider or card, or is no change of it."""
    q, where = parsed.request, last.data.get("first")
    if last.kind != "price" or not isinstance(where, str) or not where or parsed.intent != "size" or not parsed.follow_up:
        return None
    if q.gpu or parsed.unknown_card or parsed.rental.provider or not (q.model or q.params_b):
        return None
    return replace(parsed, rental=replace(parsed.rental, provider=where))
