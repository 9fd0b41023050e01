"""After an export, a change to its job is a change to the files: "7b qlora 4090", "导出 llamafactory",
then "模型换 qwen3 8b" hands over the LLaMA-Factory files for Qwen3-8B QLoRA (everything else kept), and
"改成 lora 不量化 再导一份" / "redo it with lora" the files of the LoRA job, in the framework exported before.

Why: right after a config was handed over, a bare change ("那 14b 呢", "switch the model to qwen3 8b") is
most likely the next config wanted, not a sizing of its own; and a message that asks the files again
("再导一份", "export again") asks an export whatever else it changes. A change that asks a figure of its own
("换成 a100 够吗", "how much for 14b") is still answered as that figure. The export leaves its job, the
frameworks it named and the mark `exported` in the turn it leaves (`export_turn`), so only the message
right after an export is read this way.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from bot.core.asked_setups import carry as carry_setups
from bot.core.brief_kept import keep_brief
from bot.core.budget_before import note_budget
from bot.core.deadline_kept import keep_deadline
from bot.core.form_pick import note_form
from bot.core.held_budget import carry_held
from bot.core.jobs_totalled import keep_together
from bot.core.quote_follow import note_quoted
from bot.messages import Reply, Turn
from bot.understand.faq_topics import unsized_of_entry
from bot.understand.follow_frame import frame_only
from bot.understand.follow_reads import without_cards
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed
from bot.understand.standing import asked_whole
from engine.request import TrainingRequest

GENERIC = "export_generic"  # the turn a framework file exported with no model leaves
BARE_CHANGE = 32  # characters: "模型换 qwen3 8b", "那 14b 呢", "switch the model to qwen3 8b" — a change, nothing asked
MARKS = ("exported", "tools")
# the request's fields a file writes as a setting (not the job's model, card or count)
SETTINGS = frozenset({"lora_rank", "micro_batch", "grad_accum", "seq_len", "attention", "offload", "zero", "optimizer",
                      "grad_checkpointing", "epochs", "learning_rate", "save_steps", "packing", "lora_targets", "precision", "method",
                      "dataset", "hub_id"})
GENERIC_SETTINGS = SETTINGS | {"num_gpus"}  # a framework file with no model also writes the card count


def export_turn(parsed: Parsed, last: Turn | None, generic: bool = False) -> Turn | None:
    """The turn an export leaves behind: the job exported (the one before when this export changed nothing
    of it), the frameworks it named (else those of the export before) and the mark `exported`. A generic
    file (`generic`: DeepSpeed or accelerate with no model) leaves its own settings, so "加 offload" next
    hands over that file again with the change."""
    job = parsed.request.stated()
    before = dict(last.data) if last is not None else {}
    tools = sorted(parsed.asks.tools) or list(before.get("tools", []))
    if generic:
        mixed = parsed.asks.mixed_precision or before.get("mixed_precision")  # "fp16" then "改成 4 卡": still fp16
        return Turn(GENERIC, {"request": job, "exported": True, "tools": tools, "mixed_precision": mixed})
    if (job.get("model") or job.get("params_b")) and before.get("request") != job:
        return Turn("size", {"request": job, "exported": True, "tools": tools})
    if last is None:
        return None
    return Turn(last.kind, {**before, "exported": True, "tools": tools})


def export_again(parsed: Parsed, last: Turn, text: str, merge: Callable[[Parsed, Turn, str], Parsed]) -> Parsed | None:
    """The export of the job before with the message's change (`merge` reads the change as it would after
    any answer), or None when the answer before was no export, or the message asks something of its own."""
    if not last.data.get("exported") or parsed.intent in ("wallet", "help", "smalltalk") or parsed.parts:
        return None
    if last.kind == GENERIC:
        return _generic_again(parsed, last, text)
    again = parsed.cues.export_again
    setting = not again and _setting_change(parsed, text)
    if not (again or setting) and _faq_asked(parsed, text):
        return None
    if setting:  # "rank 改 64", "add cpu offload for the optimizer": the FAQ's words, a change of the files
        parsed = replace(parsed, intent="size", faq=[], faq_answers=[], faq_confident=False)
    plain = Turn(last.kind, {k: v for k, v in last.data.items() if k not in MARKS})
    if again:  # "redo it with lora" comes near the FAQ's LoRA entry; asked again, it is a change of the files
        parsed = replace(parsed, intent="size", faq=[], faq_answers=[], faq_confident=False, follow_up=True,
                         asks=replace(parsed.asks, export=False))
    elif not setting and (parsed.intent not in ("size", "export") or (parsed.cues.chars > BARE_CHANGE and not _job_in_frame(text))
                          or _asks_figure(parsed)):
        return None
    merged = merge(replace(parsed, intent="size"), plain, text)
    if (setting and not merged.follow_up) or (again and merged.request == parsed.request and not merged.follow):
        # "再导一份", "export it again": nothing changed, the job before as it was (its own options kept);
        # "add cpu offload for the optimizer", "梯度累积改成 8": the job before with that setting
        merged = replace(merged, follow_up=True, request=TrainingRequest.model_validate({**plain.data.get("request", {}), **parsed.request.stated()}))
    job = merged.request.stated()
    if not (job.get("model") or job.get("params_b")) or merged.parts \
            or merged.intent not in (("size", "cost", "export") if again else ("size", "export")):
        return None  # "那 14b 呢 跑 10 小时" after an export asks what that run costs
    if not again and (not merged.follow_up or job == plain.data.get("request")):
        return None  # nothing changed and nothing asked again: not read as an export
    tools = parsed.asks.tools | frozenset(last.data.get("tools", []))  # "now with zero3" adds DeepSpeed, the framework before stays
    return replace(merged, intent="export", asks=replace(merged.asks, export=True, tools=tools), missing=[],
                   follow_up=True, follow=None)


def _generic_again(parsed: Parsed, last: Turn, text: str) -> Parsed | None:
    """After a framework file exported with no model ("导出 deepspeed 配置 zero3"): a setting changed ("加
    offload", "switch to zero2", "改成 4 卡") or the files asked again is that file again with the change; a
    model named on its own ("那 qwen3 8b 全参的呢") the files of that job with the settings before. None when
    the message asks something of its own (a question about offload stays the FAQ's)."""
    stated = parsed.request.stated()
    named = bool(parsed.request.model or parsed.request.params_b)
    # "and bf16 on", "改成 fp16": the files' mixed precision, a setting even where the job states none (bf16 is the default)
    setting = bool(stated or parsed.asks.mixed_precision) and set(stated) <= GENERIC_SETTINGS and parsed.cues.chars <= BARE_CHANGE + 8 \
        and not QUESTION.search(text)
    bare_job = named and parsed.intent in ("size", "export") and parsed.cues.chars <= BARE_CHANGE and not _asks_figure(parsed)
    if not (setting or parsed.cues.export_again or bare_job):
        return None
    job = TrainingRequest.model_validate({**last.data.get("request", {}), **stated})
    tools = parsed.asks.tools | frozenset(last.data.get("tools", []))  # "now with zero3" adds DeepSpeed, the framework before stays
    mixed = parsed.asks.mixed_precision or last.data.get("mixed_precision")
    return replace(parsed, intent="export", request=job, asks=replace(parsed.asks, export=True, tools=tools, mixed_precision=mixed),
                   missing=[], follow_up=True, follow=None, faq=[], faq_answers=[], faq_confident=False)


# a question about a setting rather than a change of it ("rank 64 有用吗", "what does offload do")
# ("bf16 还是 fp16", "bf16 or fp16": two set against each other, a question)
QUESTION = re.compile(r"[?？吗呢]|什么|怎么|为什么|为啥|区别|多少|几|还是|\b(?:what|how|why|which|does|do|is|should|or|vs)\b", re.IGNORECASE)


def _setting_change(parsed: Parsed, text: str) -> bool:
    """The message sets a training setting of the files and asks nothing: "rank 改 64", "梯度累积改成 16",
    "add cpu offload for the optimizer", "turn on flash attention", "make it 4 cards" — read as the FAQ's topic by its
    words, but after an export a change of the files (a question about it stays the FAQ's)."""
    stated = parsed.request.stated()
    return bool(stated) and set(stated) <= SETTINGS | {"num_gpus"} and parsed.cues.chars <= BARE_CHANGE + 8 and not QUESTION.search(text) \
        and not (parsed.cues.yes_no and (_faq_asked(parsed, text) or asked_whole(parsed, own_topic=False)))  # "能不能开多卡机器": asked


def _faq_asked(parsed: Parsed, text: str) -> bool:
    """A question the FAQ answers, not a change of the files: one asked whole ("cloudgpu 能不能直接开 multi-GPU 的机器，
    比如 4 卡"), or a method named to ask what no file states ("那 qlora 训出来的效果会差很多吗": its quality)."""
    return asked_whole(parsed) or (parsed.intent == "faq" and bool(parsed.faq_answers) and bool(parsed.request.method)
                                   and unsized_of_entry(normalize(text), parsed.faq_answers[0]))


# the words of a job's change: the method, its precision and the model's size ("16-bit lora", "qlora 4bit", "14b 全参")
_JOB_WORDS = re.compile(r"\b(?:q?lora|full(?:\s*(?:ft|fine[\s-]?tun\w*))?|\d+(?:\.\d+)?\s*b|\d+[\s-]*bits?|bf16|fp16|fp32|nf4|int[48])\b"
                        r"|全参(?:微调)?|不量化|\d+\s*(?:位|比特)"
                        # a count of the cards, what is left of their plural, and the verbs of running the job there
                        r"|\b\d+\s*[x×]?(?=\s|$)|(?<=\s)s\b|\blet'?s\b|做|跑|训练?", re.IGNORECASE)


def _job_in_frame(text: str) -> bool:
    """A long message that is a bare change all the same: nothing but the job's words (cards, method, precision,
    size) in a follow-up's frame ("what if we switch to 16-bit lora on an a100 80g", "ok so let's go with 14b
    qlora on the 4090 instead")."""
    rest = _JOB_WORDS.sub(" ", without_cards(normalize(text)))
    return rest != text and frame_only(rest)


def _asks_figure(parsed: Parsed) -> bool:
    """The change asks a figure of its own: "换成 a100 够吗", "14b 要几张", "那 14b 多少钱"."""
    a = parsed.asks
    return bool(a.sizing or a.memory_figure or a.per_card_memory or a.count or a.cost or a.budget or a.how_many_gpu
                or a.switch or a.minimum or a.cheapest or a.pick or a.table or a.methods_compared)


# The files exported before a detour, asked again: "qwen3 8b qlora 导出配置", "gpuli 4090 周租多少", then
# "再导出一次 epoch 改成 3" hands over the files of that job with three epochs, not the price again. The mark
# `exported` sits on the turn right after the export only, so each turn after it keeps that export's turn
# (`KEPT`) until the next export; a message that asks the files again can only mean those.
KEPT = "export_kept"


def carried(reply: Reply, parsed: Parsed | None, before: Turn | None, now: datetime) -> None:
    """The facts the turn remembered for `reply` keeps from the one before: the money held, the last export, a deadline."""
    carry_held(reply, parsed, before)
    carry_setups(reply, parsed, before)  # the setups priced so far, for "哪个便宜" (bot/core/asked_setups.py)
    if parsed is not None:  # the clients' jobs asked so far, for "两家都包月 一共多少" (bot/core/jobs_totalled.py)
        keep_together(reply, parsed, before)
    note_quoted(reply)  # the figures quoted, for "加 30% 毛利报多少", "预算 20 刀够跑几次" (bot/core/quote_follow.py)
    note_budget(reply, parsed, before)  # "预算 3w" then the job: weighed against it (bot/core/budget_before.py)
    keep_deadline(reply, parsed, before, now)  # "kaggle deadline is friday noon", for "from now until then" (bot/core/deadline_kept.py)
    keep_brief(reply, parsed, before)  # "100k samples, 2 epochs" said alone, for the job timed next (bot/core/brief_kept.py)
    note_form(reply, parsed)  # "a100 80g sxm": the form named, kept by the follow-ups (bot/core/form_pick.py)
    turn = reply.turn
    if turn is None or turn is before or before is None or turn.data.get("exported"):
        return
    kept = before.data.get(KEPT)
    if before.data.get("exported"):
        kept = {"kind": before.kind, "data": {k: v for k, v in before.data.items() if k != KEPT}}
    if isinstance(kept, dict):
        turn.data[KEPT] = kept


def export_before(parsed: Parsed, last: Turn | None) -> Turn | None:
    """The turn of the export before a detour when the message asks the files again; None otherwise (or when
    the answer right before was the export: that one is read as it is)."""
    if last is None or last.data.get("exported") or not parsed.cues.export_again:
        return None
    kept = last.data.get(KEPT)
    return Turn(kept["kind"], kept["data"]) if isinstance(kept, dict) else None


def export_of_priced(parsed: Parsed, last: Turn | None) -> Parsed | None:
    """A config asked with no job of its own right after a card was priced for the job sized before ("qwen3 32b
    qlora, which card?", "a6000 at gpuli ok?", then "export the llamafactory config"): the files of that job on the
    card priced (one card named: its count too); None when the price carried no job or the message names its own."""
    q = parsed.request
    job = last.data.get("job") if last is not None and last.kind == "price" else None
    if parsed.intent != "export" or q.model or q.params_b or parsed.parts or last is None or last.kind != "price":
        return None
    if not isinstance(job, dict):
        # "gpuli 5090 月租" then "导出 deepspeed zero3 配置": no job was priced, so the framework's files for the cards
        # priced (their count), never that price again
        count = last.data.get("num_gpus")
        kept = {"num_gpus": count} if isinstance(count, int) and q.num_gpus is None else {}
        return replace(parsed, request=q.model_copy(update=kept), missing=[], follow_up=True)
    cards, count = last.data.get("gpu") if last is not None else None, last.data.get("num_gpus") if last is not None else None
    setup = {"gpu": cards[0], **({"num_gpus": count} if isinstance(count, int) else {})} \
        if isinstance(cards, list) and len(cards) == 1 else {}
    request = TrainingRequest.model_validate({**job, **setup, **q.stated()})
    return replace(parsed, request=request, missing=[], follow_up=True)
