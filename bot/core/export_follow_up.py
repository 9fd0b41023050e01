"""A framework named alone right after an export ("导出配置" then "deepspeed", "export the config" then
"llamafactory please"): the files for that job again, with the framework asked leading the summary.

Why: said alone, "deepspeed" comes nearest the FAQ entry on ZeRO stages, which answers nothing that was
asked; after an export it can only mean which framework's files to hand over. The export marks the turn it
leaves behind (`exported`), so only the message right after an export is read this way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.messages import Turn
from bot.understand.parser import Parsed
from bot.understand.standing import asked_whole
from engine.request import TrainingRequest

TOOL_ALONE = 24  # characters: "deepspeed", "用 deepspeed 的吧", "the deepspeed one please"


def tool_after_export(parsed: Parsed, last: Turn, modifiers: tuple[str, ...]) -> Parsed | None:
    """The export of the last job with the framework the message names, or None when the answer before was
    no export, the message names no framework, or it says more than a framework (a model, a card, a price)."""
    q = parsed.request
    if not last.data.get("exported") or not parsed.asks.tools or parsed.cues.chars > TOOL_ALONE \
            or q.model or q.params_b or q.gpu or parsed.rental.provider or parsed.intent == "wallet" \
            or (asked_whole(parsed) and not parsed.cues.tool_alone):  # "LLaMA-Factory" alone names the tool, asks nothing
        return None
    stated = {k: v for k, v in q.stated().items() if k in modifiers}
    job = TrainingRequest.model_validate({**dict(last.data.get("request", {})), **stated})
    # after a file with no model ("accelerate 配置 8 卡" then "改成 deepspeed zero3") the framework named joins
    # the one before: the accelerate file keeps its count and launches DeepSpeed; a model's files are all
    # written anyway, and the framework named alone leads their summary; one named with a setting ("now with
    # zero3") is a change of the files, and the framework before keeps its place
    joined = last.kind == "export_generic" or bool(stated)
    tools = parsed.asks.tools | frozenset(last.data.get("tools", [])) if joined else parsed.asks.tools
    return replace(parsed, intent="export", request=job, asks=replace(parsed.asks, export=True, tools=tools), missing=[],
                   follow_up=True, faq=[], faq_answers=[], faq_confident=False)


def tool_for_export(kind: str, slot: str, request: dict[str, object], parsed: Parsed) -> Parsed | None:
    """A framework named alone as the answer to "which model?" asked of an export ("导出训练配置，支持哪些格式？" then
    "deepspeed", "multi-GPU launch config for 8×H100?" then "accelerate"): that framework's files for the job asked,
    which need no model; None when the question waiting was not an export's model or the message says more."""
    q = parsed.request
    if kind != "export" or slot != "model" or not parsed.asks.tools or parsed.cues.chars > TOOL_ALONE \
            or q.model or q.params_b or parsed.rental.provider or parsed.intent == "wallet":
        return None
    job = TrainingRequest.model_validate({**request, **q.stated()})
    return replace(parsed, intent="export", request=job, asks=replace(parsed.asks, export=True), missing=[],
                   follow_up=True, faq=[], faq_answers=[], faq_confident=False)


def tool_after_export_question(parsed: Parsed, last: Turn | None, read: Callable[[str], Parsed]) -> Parsed | None:
    """A framework named alone after a general answer to a question that asked for an export ("Which formats can I
    export the training config in?" then "deepspeed", "多卡启动配置用哪个工具导出？我们是 8 卡 H100" then "accelerate"):
    the framework narrows that question to its files, for the job (or the count of cards) that question stated.
    None when the answer before asked for no export, or the message says more than a framework."""
    q = parsed.request
    if last is None or last.kind not in ("faq", "unknown") or not parsed.asks.tools or parsed.cues.chars > TOOL_ALONE \
            or q.model or q.params_b or q.gpu or parsed.rental.provider or parsed.intent == "wallet":
        return None
    asked = str(last.data.get("text") or "")
    before = read(asked) if asked else None
    # a question that stated the cards ("2 nodes x 8 H100 continued pretraining") sets the count of the file asked next
    # (only where the message asks for a file: "zero3 用哪个" after a FAQ on 8 cards asks a choice, not a file)
    if before is None or not (before.asks.export or (before.request.num_gpus and parsed.asks.export)):
        return None
    job = TrainingRequest.model_validate({**before.request.stated(), **q.stated()})
    return replace(parsed, intent="export", request=job, asks=replace(parsed.asks, export=True), missing=[],
                   follow_up=True, faq=[], faq_answers=[], faq_confident=False)
