"""A model sent after a question the FAQ answered for a size of its own ("qlora 要多少显存", answered for
70B): the model completes that question, sized with what it asked (QLoRA), not the LoRA default. A job asked
whether it fits after a card named alone ("a100 80g 一张" then "7b qlora 够吗") is judged on that card.

Why: "qlora 要多少显存" then "qwen3 8b" was sized as Qwen3-8B LoRA (23.4 GB on an RTX A6000) while the
question was the QLoRA one (12.3 GB, a 4090 or a 3090): the method lived only in the FAQ turn's words.
"""

from __future__ import annotations

from dataclasses import replace

from bot.core.asked_reading import read_of
from bot.core.several import verdict_first
from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.understand.lazy import lazy
from bot.understand.parser import Parsed
from bot.views.deadline_lead import EXAMPLE_EPOCHS, EXAMPLE_TOKENS
from engine.request import TrainingRequest

SHORT = 30  # characters: "qwen3 8b", "那 14b 呢", "llama 3.1 8b then" — a model supplied, not a question of its own
# one training run asked of ("单次", "训一次", "每次训练", "one run", "a run", "each run"), not the whole rental's time
ONE_RUN = lazy(r"单次|每次|[1一]\s*(?:次|轮|遍)|\b(?:1|one|a|each|per|single)\s+(?:training\s+)?run\b")


def job_of_question(parsed: Parsed, asked: str | None, turn: Turn | None = None) -> Parsed:
    """`parsed` with the job fields of the FAQ question `asked` (method, card, length, optimizer) under
    what it states itself, when it names only a model and that question named no model; else as it is.
    `turn`: the turn that asked it, which may hold that question's reading (bot.core.asked_reading)."""
    q = parsed.request
    if asked is None or parsed.intent not in ("size", "cost") or not (q.model or q.params_b):
        return parsed
    # "a100 80g 一张" (whatever FAQ entry it came near) then "同时跑两个 7b qlora 够吗": a fit asked of the card named;
    # "how much RAM does the gpuli 8x H100 box have?" then "enough to offload the 72B optimizer states?": of that box,
    # however long (a fit asked of no card is of the one just asked about)
    asked_enough = parsed.cues.fit or (parsed.asks.enough and parsed.asks.budget is None)
    card_fit = asked_enough and not (q.gpu or parsed.unknown_card or parsed.asks.pick or parsed.asks.cheapest)
    if parsed.cues.chars > SHORT and not card_fit:
        return parsed
    if not (parsed.asks.names_only or parsed.follow_up or card_fit):
        return parsed  # a question of its own, whatever the one before said: that one is not read again (a whole parse)
    whole = read_of(turn, asked)
    before = whole.request
    job = {k: v for k, v in before.items() if k not in ("model", "params_b")}
    of_card = card_fit and "gpu" in job
    if not job or before.get("model") or before.get("params_b") or not (parsed.asks.names_only or parsed.follow_up or of_card):
        return parsed
    merged = TrainingRequest.model_validate({**job, **q.stated()})
    # the box's host memory asked before, its offload asked now: whether the host holds what is offloaded leads
    host = parsed.asks.host_memory or (whole.host_memory and merged.offload not in (None, "none"))
    return replace(parsed, request=merged, missing=[], follow_up=True, asks=replace(parsed.asks, host_memory=host))


def run_of_last(parsed: Parsed, last_kind: str | None) -> Parsed:
    """"训一次要多久 2000万token 3个epoch" after a job was sized or priced: the time of that job's run on that
    dataset, not the FAQ on how to estimate one. A question that states its own dataset (tokens or samples)
    and no model asks of the job before it; the English wording already read so. "单次大概多久" / "how long does
    one run take?" with no dataset is timed on the reference table's example (seed 000: 32B full, 2,000 万 token ×
    3 epochs on 8×H100, about 1.5 h), said so above the answer. `parsed` unchanged otherwise (no job before, or a
    model of its own)."""
    q = parsed.request
    if _run_of_its_own(parsed):  # "7b lora 训一次要多久？": a job of its own, its run asked with no dataset
        q = q.model_copy(update={"tokens": EXAMPLE_TOKENS, "epochs": q.epochs or EXAMPLE_EPOCHS})
        return replace(parsed, intent="cost", request=q, cues=replace(parsed.cues, example_run=True))
    if last_kind in ("size", "cost", "price") and parsed.intent in ("faq", "unknown") and parsed.asks.how_long \
            and not (q.tokens or q.samples or q.model or q.params_b or q.hours or q.days or parsed.parts) \
            and parsed.cues.chars <= SHORT and ONE_RUN.search(parsed.words):
        q = q.model_copy(update={"tokens": EXAMPLE_TOKENS, "epochs": q.epochs or EXAMPLE_EPOCHS})
        parsed = replace(parsed, request=q, cues=replace(parsed.cues, example_run=True))
    if last_kind not in ("size", "cost", "price") or parsed.intent not in ("faq", "unknown") or not (q.tokens or q.samples) \
            or q.model or q.params_b or not parsed.asks.how_long or parsed.parts:
        return parsed
    return replace(parsed, intent="size", missing=["model"], faq=[], faq_answers=[], faq_confident=False, follow_up=True)


def _run_of_its_own(parsed: Parsed) -> bool:
    """Whether a message states a job and asks how long its training takes, with nothing to time it by ("7b lora 训一次要
    多久？", "how long does one 7b lora run take on an a100 40g?"): no dataset, step time, length, money or deadline, and
    no follow-up that takes them from the job before. Answered as the FAQ-ask after a job is (the reference example,
    said so), not with a sizing that never gives a time."""
    q, r, a = parsed.request, parsed.rental, parsed.asks
    return parsed.intent in ("size", "cost") and bool(q.model or q.params_b) and a.how_long and not (
        q.tokens or q.samples or q.hours or q.days or q.step_seconds or r.duration_days or r.duration_hours or a.runway
        or a.budget or a.deadline or a.both_units or r.term or parsed.run or parsed.parts or parsed.follow_up
        or parsed.missing or a.weights)  # "周租多少 月租多少": a term's price asked, not a run's time; "70b 4bit 基座多大
    # 下载要多久": the weights' size asked, and the time of their download, never a run's


def example_first(reply: Reply, parsed: Parsed) -> Reply:
    """`reply` led by the dataset it was timed on, where the run asked stated none (`run_of_last`)."""
    if not parsed.cues.example_run or parsed.intent not in ("size", "cost"):
        return reply
    lang, tokens = reply.lang, parsed.request.tokens or EXAMPLE_TOKENS
    said = f"{tokens / 10_000:,.0f} 万" if lang == "zh" else f"{tokens / 1_000_000:g}M"
    note = Reply("error", lang, {"message": t("plan.example_run", lang, tokens=said, epochs=f"{parsed.request.epochs or EXAMPLE_EPOCHS:g}")})
    return verdict_first(reply, note)


def run_timed(parsed: Parsed) -> Parsed:
    """"7b qlora 4090" then "训 1000万 token 要多久" / "how long to train on 10M tokens": the job merged with its
    dataset, asked how long, is timed and priced (as the same words in one message are), not sized again."""
    q = parsed.request
    if parsed.intent != "size" or not parsed.follow_up or parsed.missing or not parsed.asks.how_long \
            or not (q.tokens or q.samples) or not (q.model or q.params_b) or parsed.parts:
        return parsed
    return replace(parsed, intent="cost")
