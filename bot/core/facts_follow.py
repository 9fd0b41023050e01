"""A model's or a card's own fact asked with nothing named, right after an answer about one: "qwen3 8b 有多少
参数" then "多少层" (that model's layers), "gpuli 4090 一周多少钱" then "显存多大" (that card's memory),
"70b qlora 要下啥权重" then "多大" (the size of the weights just discussed).

Why: such a message names no model, card or job, so it parsed as nothing answerable ("这个我帮不上"); the
thing it asks of is the one the last answer was about. Only the parse's asks are read here (the fact
readers are bot.understand.model_facts and bot.understand.card_spec).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.core.asked_reading import request_of
from bot.core.recent_provider import card_before
from bot.messages import Reply, Turn
from bot.understand.parser import Parsed
from bot.views.card_spec import card_spec_reply
from bot.views.param_count import param_count_reply
from engine.catalog import models
from engine.request import TrainingRequest

CARD_ALONE = 40  # characters: cards named with a follow-up's frame ("what about the a6000 and the 4090?"), no question of its own
JOB_KINDS = ("size", "cost")
# a training job's settings (never its model, cards or rental): stated in a memory question after a sizing, they change it
JOB_SETTINGS = frozenset({"seq_len", "micro_batch", "grad_accum", "zero", "offload", "optimizer", "lora_rank",
                          "grad_checkpointing", "attention", "precision", "sharding"})
SPEC_KEEPS = ("card_spec", "faq", "unknown")  # the turns a card's facts answer may take the place of  # the turns a job's follow-up changes (bot.core.follow_ups)


def _names_nothing(parsed: Parsed) -> bool:
    q = parsed.request
    return not (q.model or q.params_b or q.gpu or q.method or q.num_gpus or parsed.cards or parsed.rental.gpu
                or parsed.rental.provider or parsed.parts)


def spec_turn(specs: tuple[str, ...], turn: Turn | None) -> Turn | None:
    """The turn a card's facts answer leaves, so a card named next gets the same facts ("and l40s"); None after a job,
    a price or a plan, which stays the subject ("多少钱" after a spec question still asks the job's cost)."""
    if turn is not None and turn.kind not in SPEC_KEEPS:
        return None
    return Turn("card_spec", {"facts": [{"spec": s} for s in specs]})


def with_faq_beside(reply: Reply, parsed: Parsed, answer: Callable[[Parsed], Reply]) -> Reply:
    """A card's facts answered, and the FAQ's answers to the message's other questions after them ("does the l40s have
    nvlink and how much vram": its memory from the catalog, whether it has NVLink from the FAQ), or its price
    (`with_price_beside`). `answer` answers a reading by its intent."""
    if parsed.beside_spec:
        reply.also.append(answer(replace(parsed, intent="faq", asks=replace(parsed.asks, spec=()), faq_answers=parsed.beside_spec,
                                         beside_spec=[])))
        return reply
    return with_price_beside(reply, parsed, answer)


def with_price_beside(reply: Reply, parsed: Parsed, price: Callable[[Parsed], Reply]) -> Reply:
    """A card's facts and its rental price asked in one message ("5090 显存多大 gpuli 月租多少", "what does an h200 cost a
    week and how much vram does it have"): the facts, then the price of the card, read from the same parse."""
    if not parsed.asks.cost or parsed.intent != "price":
        return reply
    # split in two ("l40s at gpuli: weekly price? and how much vram does it have"): the part that prices it
    priced = [p for p in parsed.parts if p.intent == "price" and not p.asks.spec and p.rental.gpu] if parsed.parts \
        else [replace(parsed, asks=replace(parsed.asks, spec=()))]
    reply.also.extend(price(p) for p in priced[:1])
    return reply


def _card_alone(parsed: Parsed) -> bool:
    """A card named and nothing else asked of it ("and l40s", "4090 呢", "what about the a6000?")."""
    q = parsed.request
    return bool(parsed.cards or q.gpu) and not (q.model or q.params_b or q.method or parsed.rental.provider or parsed.parts
                                                 or parsed.rental.duration_days or parsed.rental.duration_hours) \
        and parsed.cues.chars <= CARD_ALONE


def _model_before(last: Turn | None) -> str | None:
    """The catalog model of the last job asked (a sizing, a cost, a count): None when it named a size only."""
    request = (last.data.get("request") or last.data.get("setup_of") or {}) if last is not None else {}
    model = request.get("model") if isinstance(request, dict) else None
    return str(model) if model and models().find(str(model)) is not None else None


def facts_of_last(parsed: Parsed, turn: Turn | None, last: Turn | None, lang: str) -> Reply | None:
    """The fact asked of the model (its shapes, its count) or of the card (its vendor figures) the last answer
    was about; None when the message names its own, asks nothing of the kind, or nothing was about one. A card's
    memory asked after a sizing is the job's question, not the card's: only a card priced or asked about."""
    a = parsed.asks
    if turn is not None and turn.kind == "card_spec" and not a.spec and _card_alone(parsed):
        # "h100 sxm vs a100 sxm nvlink bandwidth" then "and l40s": the same facts of the card named
        specs = tuple(dict.fromkeys(str(f["spec"]) for f in turn.data.get("facts", []) if isinstance(f, dict)))
        cards = list(dict.fromkeys(parsed.cards or ([parsed.request.gpu] if parsed.request.gpu else [])))
        return card_spec_reply(lang, cards, specs) if specs else None
    if not _names_nothing(parsed):
        return None
    if a.model_fact or a.param_count:
        model = _model_before(last)
        return param_count_reply(model, lang, a.model_fact) if model else None
    if a.spec and (last is None or last.kind not in JOB_KINDS):
        card = card_before(turn)
        return card_spec_reply(lang, [card], a.spec) if card else None
    return None


def weights_of_last(parsed: Parsed, last: Turn | None, asked: str | None = None, turn: Turn | None = None) -> Parsed:
    """"多大" / "how big is it" / "权重多大" after a job asked: that job's weights ("70b qlora 要下啥权重" then
    "多大": the 4-bit base to download leads), after a sizing or after the FAQ question `asked` when that
    names the job ("which weights should I download for 70b qlora" then "how big is that"); else unchanged.
    `turn`: the turn that asked `asked`, which may hold its reading (bot.core.asked_reading)."""
    a = parsed.asks
    if not (a.size_alone or a.weights) or not _names_nothing(parsed):
        return parsed
    if asked is not None:
        job = request_of(turn, asked)
    elif last is not None and last.kind in (*JOB_KINDS, "checkpoint"):
        job = last.data.get("request") or {}
    else:
        return parsed
    if not (isinstance(job, dict) and (job.get("model") or job.get("params_b"))):
        return parsed
    # after a checkpoint's size ("32b 全参一个 checkpoint 多大" then "只要 bf16 权重呢"): that answer, the weights leading
    intent = "checkpoint" if last is not None and last.kind == "checkpoint" and asked is None else "size"
    return replace(parsed, intent=intent, request=TrainingRequest.model_validate(job), missing=[], faq=[],
                   faq_answers=[], faq_confident=False, asks=replace(a, weights=True))


def memory_of_last(parsed: Parsed, last: Turn | None) -> Parsed:
    """"7b full ft on one h100" then "how much memory then?" / "那要多少显存": the memory of the job just sized, as
    a follow-up of it (its sizing, whose first line is the per-card figure), not an FAQ entry that mentions memory.
    `parsed` unchanged when the message names anything of its own or no job was sized before."""
    a = parsed.asks
    if last is None or last.kind != "size" or not (a.memory_figure or a.per_card_memory) or not _names_nothing(parsed) \
            or set(a.spec) - {"memory_gb"} or a.model_fact or a.param_count or parsed.cues.chars > SHORT_ASK:
        return parsed
    before = last.data.get("request")
    if not isinstance(before, dict) or not (before.get("model") or before.get("params_b")):
        return parsed
    # "zero1 呢 每卡多少", "with an 8-bit optimizer, memory per card?": the job's settings the message states change it
    changed = {k: v for k, v in parsed.request.stated().items() if k in JOB_SETTINGS}
    if last.data.get("how_many") and isinstance(last.data.get("cards"), int) and "num_gpus" not in before:
        changed = {"num_gpus": last.data["cards"], **changed}  # "14b full 要几张 a100" then "每张多少显存": on the 4 answered
    return replace(parsed, intent="size", request=TrainingRequest.model_validate({**before, **changed}), follow_up=False,
                   missing=[], faq=[], faq_answers=[], faq_confident=False)


SHORT_ASK = 32  # characters: "how much memory would that take then?" — longer is a question of its own
