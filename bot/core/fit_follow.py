"""Whether the job just sized fits, asked in a few words after the answer: "够吗", "放得下吗", "does it fit?",
"so one h100 works?", "单卡行不行", "would a single a100 do". The job before is sized again on the setup the
message names (else the one it was asked on), with the yes or no leading, never a FAQ entry that shares a
word ("one h100" is no question on 70B fine-tuning). A message saying anything more stands on its own.

Seed 000: 7B full fine-tuning with an 8-bit optimizer holds on one 80 GB card (A100 / H100), ~70 GB of
model states; asked "so one h100 works?" after that sizing, the answer is yes on it."""

from __future__ import annotations

from dataclasses import replace

from bot.core.about_last import ABOUT_LAST, job_of
from bot.core.setup_follow import count_on_pick
from bot.messages import Turn
from bot.understand.parser import Parsed
from bot.views.memory_cheapest import cheapest_of_memory
from engine.request import TrainingRequest


def fit_asked_of_last(parsed: Parsed, last: Turn) -> Parsed | None:
    """The job before, sized on the card and count the message names (if any), the verdict asked; None where
    the message is more than a fit asked (a FAQ question of its own, a cost, another model). Whether the
    message asks a fit in nothing but a follow-up's frame was read by the parser (bot.understand.follow_reads)."""
    q = parsed.request
    job = job_of(last, {})
    if last.kind not in ("size", "cost") or not (job.get("model") or job.get("params_b")) or q.model or q.params_b:
        return None
    if not set(q.stated()) <= {"gpu", "num_gpus"} or parsed.asks.cost or parsed.rental.provider:
        return None
    stated = q.stated()
    frames = parsed.cues.beside_cards  # "so one h100 works?": a bare figure is the count stated
    if not (frames.fit_counted if "num_gpus" in stated else frames.fit):
        return None
    if "gpu" in stated:  # another card: its own count, unless the message gives one
        job.pop("zero", None)
        job.pop("num_gpus", None)
    stated = count_on_pick(stated, job, last)  # "要几张卡" then "4 张行不行": 4 of the card picked
    merged = TrainingRequest.model_validate({**job, **stated})
    return replace(parsed, request=merged, intent="size", missing=[], follow_up=True,
                   asks=replace(parsed.asks, sizing=True))


def memory_fit_of_last(parsed: Parsed, last: Turn) -> Parsed | None:
    """A card given by its memory alone after a sizing ("72b qlora 要什么卡" then "一张 48G 的行不行", "what about
    one 48GB card?"): the job before sized on the cheapest card of that memory (bot.views.memory_cheapest), on the
    count said (else one), its verdict first: 72B QLoRA's ~54 GB does not fit one 48 GB card; None otherwise."""
    q = parsed.request
    job = job_of(last, {})
    if last.kind not in ("size", "cost") or not (job.get("model") or job.get("params_b")) or q.model or q.params_b \
            or q.gpu or not parsed.cues.beside_cards.memory or parsed.asks.cost or parsed.rental.provider:
        return None
    gb = parsed.cues.memory_card
    card = cheapest_of_memory(gb) if gb is not None and set(q.stated()) <= {"num_gpus"} else None
    if card is None:
        return None
    for key in ("zero", "num_gpus"):
        job.pop(key, None)
    merged = TrainingRequest.model_validate({**job, "num_gpus": 1, **q.stated(), "gpu": card})
    return replace(parsed, request=merged, intent="size", missing=[], follow_up=True, faq=[], faq_answers=[],
                   faq_confident=False, unknown_card=None, asks=replace(parsed.asks, sizing=True))


def card_asked_of_last(parsed: Parsed, last: Turn) -> Parsed | None:
    """"14b lora on a 4090?" answered no, then "which card then" / "那用啥卡": the job before sized with no card of
    the user's, so the card that holds it is the answer (a FAQ entry on paying is no answer to it); None otherwise."""
    job = job_of(last, {})
    if last.kind not in ("size", "cost") or not (job.get("model") or job.get("params_b")) or parsed.request.stated():
        return None
    if not parsed.cues.which_card:
        return None
    for key in ("gpu", "num_gpus", "zero"):
        job.pop(key, None)
    return replace(parsed, request=TrainingRequest.model_validate(job), intent="size", missing=[], follow_up=True)


# the settings a short message may change of the job before while asking its fit
# (the optimizer, offload, attention and precision too: "8bit 优化器的话 单卡 a100 80g 能放下吗" is 7B full's 70 GB of states)
FIT_SETTINGS = {"seq_len", "micro_batch", "grad_accum", "lora_rank", "grad_checkpointing", "gpu", "num_gpus", "zero",
                "optimizer", "offload", "attention", "precision", "sharding"}
STAGE_FIT_CHARS = 60  # "we'd rather use ZeRO-2 to save time, does it fit?": a stage stated with its reason


def setting_fit_asked(parsed: Parsed, last: Turn) -> Parsed | None:
    """"will it oom at seq 4096", "seq 拉到 4096 会爆显存吗", "batch 4 还放得下吗" after a sizing: the job before with
    the setting changed, its verdict asked, never the FAQ's general advice on OOM; None where the message names a
    model of its own, states nothing the job takes, asks no fit, or says more than a short follow-up."""
    q = parsed.request
    job = job_of(last, {})
    if last.kind not in ("size", "cost") or not (job.get("model") or job.get("params_b")) or q.model or q.params_b:
        return None
    stated = q.stated()
    limit = STAGE_FIT_CHARS if "zero" in stated else ABOUT_LAST
    if not stated or not set(stated) <= FIT_SETTINGS or parsed.cues.chars > limit or not (parsed.cues.fit or parsed.cues.oom):
        return None
    if parsed.asks.budget is not None or parsed.asks.runway or parsed.price.annual:
        return None  # "预算3w 一万网络八卡a100 包一个月 够不够", "那 a100 年付够吗": the money's 够, a rental weighed, no fit;
        # a term bought ("gpuli 8卡h100 包周够吗") is still the setup asked whether it holds the job
    if "gpu" in stated:
        job.pop("zero", None)
        job.pop("num_gpus", None)
    merged = TrainingRequest.model_validate({**job, **stated})
    return replace(parsed, request=merged, intent="size", missing=[], follow_up=True, faq=[], faq_answers=[],
                   faq_confident=False, asks=replace(parsed.asks, sizing=True))


def least_asked_of_last(parsed: Parsed, last: Turn) -> Parsed | None:
    """"minimum setup then?", "最低配置呢", "最少几张卡" after a sizing (or a correction of it): the least setup that
    does the job before (seed 000's minimum: 7B full on one 80 GB card with an 8-bit optimizer) on any card, unless
    the message names one, never the FAQ entry on cheap cards or on setup times its words come near; None where the
    message names a model of its own or says more than a short follow-up."""
    q = parsed.request
    job = job_of(last, {})
    if not parsed.asks.least_setup or last.kind not in ("size", "cost") or not (job.get("model") or job.get("params_b")) \
            or q.model or q.params_b or parsed.cues.chars > ABOUT_LAST or not set(q.stated()) <= FIT_SETTINGS:
        return None
    for key in ("gpu", "num_gpus", "zero"):
        job.pop(key, None)
    merged = TrainingRequest.model_validate({**job, **q.stated()})
    return replace(parsed, request=merged, intent="size", missing=[], follow_up=True, faq=[], faq_answers=[],
                   faq_confident=False)


# a job's settings that an earlier figure is recalled by ("the ZeRO-3 number", "seq 4096 那个")
RECALLED_SETTINGS = {"zero", "offload", "optimizer", "seq_len", "micro_batch", "lora_rank", "precision", "gpu", "num_gpus"}


def setting_recalled(parsed: Parsed, last: Turn) -> Parsed | None:
    """"remind me, the ZeRO-3 number was?", "zero3 的是多少来着" after the job was sized on another setting: the job
    before with that setting, sized again (32B full on 8×H100 with ZeRO-3: model states 64 GB a card, seed 000),
    never the FAQ entry on rental reminders its words come near; None where the message names a model of its own,
    states no setting of the job or recalls nothing."""
    q = parsed.request
    job = job_of(last, {})
    stated = q.stated()
    if not parsed.cues.recalled or last.kind not in ("size", "cost") or not (job.get("model") or job.get("params_b")) \
            or q.model or q.params_b or not stated or not set(stated) <= RECALLED_SETTINGS or parsed.cues.chars > ABOUT_LAST:
        return None
    if "gpu" in stated:
        job.pop("num_gpus", None)
    merged = TrainingRequest.model_validate({**job, **stated})
    return replace(parsed, request=merged, intent="size", missing=[], follow_up=True, faq=[], faq_answers=[],
                   faq_confident=False)


def asked_of_last(parsed: Parsed, last: Turn) -> Parsed | None:
    """The job before asked about in a few words: its fit, the card that holds it, a setting's fit, its least
    setup, a figure recalled (each above); None when the message asks none of them."""
    return memory_fit_of_last(parsed, last) or fit_asked_of_last(parsed, last) or card_asked_of_last(parsed, last) or setting_fit_asked(parsed, last) \
        or least_asked_of_last(parsed, last) or setting_recalled(parsed, last)
