"""How a provider bills, and whether something costs money.

How: "gpuli 怎么收费", "how does cloudgpu charge" ask the provider's billing model and nothing else, so the
provider's own billing entry answers (gpuli's paid-upfront 7/30-day cycles, cloudgpu's per-minute meter), not an
entry that lists a fee among other words ("IB怎么收费" shares 怎么 and 收费 with it).

Whether: asked of a topic two entries share: "传200g数据进来 收钱吗" is the
billing entry's question (inbound traffic is free), not the one on how long an upload takes, however
many of the message's other words ("200g", "传数据") that one shares. Asked how long too, neither leads."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.understand.lazy import lazy
from bot.understand.normalize import normalize

if TYPE_CHECKING:
    from bot.understand.faq import Hit

CHARGE_ASKED = lazy(r"收(?:不收)?(?:钱|费)|要(?:不要)?钱|花钱|付费|另收|额外收|免费|计费吗|算钱"
                    r"|\b(?:charged?|charges|billed|bill\s+for|pay\s+for|free|cost\s+(?:money|extra|anything))\b")
HOW_LONG = lazy(r"多久|多长时间|几(?:个)?(?:小时|天|分钟)|要多快|速度|how\s+long|how\s+fast|\bspeed\b")
CHARGE_FLOOR = 0.3  # the least confidence of the billing entry that leads
CHARGE_NAMED_FLOOR = 0.15  # ... and of one whose own term the message names


# a time already used, stated in seconds or minutes ("跑了 61 秒", "用了 2 分 5 秒", "ran 130 seconds"), and what it is
# billed as asked ("算几分钟的钱", "收多少", "how many minutes do we pay"): the provider's rounding rule, worked out on it
USED = lazy(r"(?:跑了|用了|运行了|开了|跑|用|花了)\s*\d+(?:\.\d+)?\s*(?:秒|分钟|分(?=\s*\d|\s*钟|[^\d钱]))"
            r"|\b(?:ran|used|run|running|took|lasted|for)\s+(?:for\s+)?\d+(?:\.\d+)?\s*(?:s|secs?|seconds?|mins?|minutes?)\b")
BILLED_ASKED = lazy(r"(?:算|收|计|扣|按)\s*(?:几|多少)\s*分钟?|几分钟的钱|(?:收|扣|算)\s*(?:多少|几)\s*(?:钱|费)|多少钱|计费|怎么算"
                    r"|\b(?:billed|charged|pay(?:ing)?\s+for|bill(?:s|ed)?\s+(?:it|us|me)|how\s+many\s+minutes)\b")


def used_time_entry(text: str, hits: list[Hit]) -> Hit | None:
    """The named provider's billing entry when `text` states a time used and asks what it is billed as ("CloudGPU
    跑了 61 秒，算几分钟的钱"): its rounding answers, worked out on that time (bot.core.billed_minutes), however
    many words ("几分钟", "跑") the message shares with the entry on how long a run takes."""
    if not (USED.search(text) and BILLED_ASKED.search(text)):
        return None
    from bot.understand.entities import find_gpus
    from bot.understand.faq import faq_index, provider_of
    if find_gpus(normalize(text)):
        return None  # "cloudgpu 4090 跑 30 分钟多少钱": a card's price, priced elsewhere
    named = provider_of(text)
    index = faq_index()
    found = next((h for h in index.search(text, limit=len(index.entries), provider=named)
                  if h.entry.topics[0] == "billing" and named is not None and index.about[h.entry.id] == named), None)
    return None if found is None else replace(found, score=1.0)


def charge_entry(text: str, hit: Hit | None, hits: list[Hit]) -> Hit | None:
    """The billing entry among `hits` about the lead's own subject, when `text` asks only whether it is charged;
    or what a time used is billed as (`used_time_entry`)."""
    if (used := used_time_entry(text, hits)) is not None:
        return used
    lead = hit or (hits[0] if hits else None)
    if lead is None or (hit is not None and "billing" in hit.entry.topics) or not CHARGE_ASKED.search(text) or HOW_LONG.search(text):
        return None
    subject = set(lead.entry.topics) - {"billing"}
    shared = next((h for h in hits if "billing" in h.entry.topics and h.score >= CHARGE_FLOOR
                   and subject & set(h.entry.topics)), None)
    if shared is not None:
        return shared
    # "do we pay for egress if we push checkpoints out": the billing entry whose own term (egress) the message
    # names answers whether it is charged, not the entry on the thing done (copying checkpoints off)
    # (a lead whose own term the message names stays: "does the same balance also pay for the model API")
    from bot.understand.faq import faq_index
    index = faq_index()
    if index.keyworded(text, 0.0, [lead]):
        return None
    named = index.keyworded(text, CHARGE_NAMED_FLOOR, [h for h in hits if "billing" in h.entry.topics])
    return named[0] if named else None


BILLING_WORD = lazy(r"收费|计费|扣费|扣款|收钱|扣钱|扣|算钱|付费|费用|\b(?:bill(?:s|ed|ing)?|charg(?:e|es|ed|ing)|pric(?:ing|ed))\b")
# the words that only ask how ("怎么", "是什么方式", "how does ... work"): what is left once they and the provider go
# ("按什么计费": billed by what; "费用怎么算": reckoned how; "你们": the provider asked, whichever it is)
ASKING_HOW = lazy(r"怎么|怎样|如何|咋|是|的|吗|呢|啊|呀|什么|啥|样|方式|模式|规则|方法|机制|一下|请问|介绍|说说|讲讲|钱|我|我们|你|你们|您|在|上|然后|那么?|之后|再|按|算"
                  r"|\b(?:how|does|do|is|are|the|a|what|whats|what's|model|scheme|structure|works?|done|they|it|you|your"
                  r"|their|s|me|tell|about|exactly|mode|there|at|on|with|of|am|i|we|my|our|us|get|money|taken|then|and|so)\b|[\s\W_]+")


# stopping the instance to stop paying ("晚上能关掉不计费吗", "关机还扣钱吗", "stop it overnight so we don't pay", "pause
# billing", "are we charged while it's idle?"): the stop said (never "不停机", "non-stop") beside a word of paying
STOPPED = lazy(r"关掉|关机|关了|关闭|关上|(?<!不)停掉|(?<!不)停机|(?<!不)停了|停下|暂停|挂起|休眠|不用的时候|不用时|闲置|空闲|闲着"
               r"|\b(?:shut(?:ting)?\s+(?:it\s+|them\s+|(?:the|our)\s+\w+\s+)?down|shutdown|turn(?:ing|ed)?\s+(?:it\s+|them\s+|(?:the|our)\s+\w+\s+)?off"
               r"|switch(?:ing|ed)?\s+(?:it\s+)?off|power(?:ing|ed)?\s+(?:it\s+)?(?:off|down)|(?<!non-)(?<!non)stop(?:ping|ped|s)?|paus(?:e|es|ed|ing)"
               r"|idle|idling|suspend(?:ed|ing)?)\b")
PAYING = lazy(r"计费|扣费|扣钱|扣|收费|收钱|算钱|花钱|省钱|付钱|要钱|费用|停表"
              r"|\b(?:bill(?:s|ed|ing)?|charg(?:e|es|ed|ing)|pay(?:s|ing)?|paid|cost(?:s|ing)?|meter|money|save)\b")
# what makes it another question: the balance running out ("余额用完会停机吗"), a refund ("停了能退钱吗")
NOT_STOPPING = lazy(r"余额|用完|耗尽|退款|退钱|能退|\b(?:balance|runs?\s+out|refund\w*)\b")


def stop_asked(norm: str) -> bool:
    """Whether a message asks whether stopping the instance (at night, on weekends, when idle) stops its billing."""
    return bool(STOPPED.search(norm)) and bool(PAYING.search(norm)) and not NOT_STOPPING.search(norm)


# when the money is taken ("at order time or at the end of the week?", "下单就扣还是月底扣", "什么时候从钱包扣"): a charge
# word beside the moment asked, in either order; of a named provider it is that provider's billing rule
_MOMENT = (r"(?:什么时候|何时|啥时候?|哪天|下单|开机|到期|结束|月底|月末|周末|每周|每月|每天)"
           r"|\b(?:when|at\s+(?:the\s+)?(?:order|ordering|checkout|purchase|start|beginning)|end\s+of)\b")
_TAKEN = r"扣|\b(?:deduct\w*|charg(?:e|es|ed|ing)|bill(?:s|ed|ing)?|tak(?:e|es|en)\s+(?:the\s+|our\s+|my\s+)?(?:money|payment))\b"
# (within one question: "how is it billed and what happens when the balance runs out" asks two, the moment in the second)
_GAP = r"(?:(?!\band\s+(?:what|how|which|where|why|who|is|are|do|does|can)\b)[^。？！.?!]){0,40}?"
CHARGE_TIMED = lazy(rf"(?:{_MOMENT}){_GAP}(?:{_TAKEN})|(?:{_TAKEN}){_GAP}(?:{_MOMENT})")


def billing_model_entry(text: str, provider: str | None, said: bool = True) -> Hit | None:
    """The named provider's own billing entry, when `text` asks only how that provider bills: the best-ranked
    entry mainly on billing (its first topic: not the currency's, whose topics list billing second) about that
    provider alone, else the billing entry that gives that provider's part. `said`: the provider must be named
    in `text`; False for the provider the conversation is about ("cloudgpu 跑 8b qlora" then "然后咋算钱").
    With no provider named nor talked about ("怎么收费", "what's the pricing model"), the billing entry that gives
    each provider's units and minimums in turn; a message naming anything more (a card, traffic, storage, a
    job) keeps words besides the asking ones and is not this question."""
    from bot.understand.faq import faq_index, unnamed
    rest = normalize(unnamed(text)).lower()
    named_only = said and provider is not None and rest == normalize(text).lower()
    # "晚上能关掉不计费吗": whether stopping stops the meter is the provider's billing rule, however it is asked
    stopping = not named_only and stop_asked(rest)
    stopping = stopping or (provider is not None and not named_only and bool(CHARGE_TIMED.search(rest)))
    if not stopping and (named_only or not BILLING_WORD.search(rest) or ASKING_HOW.sub("", BILLING_WORD.sub("", rest))):
        return None
    if provider is None and "扣" in rest and not stopping:  # "钱是怎么扣的": when and how the money is taken, that entry's (not the prices')
        return None
    index = faq_index()
    ranked = index.search(text, limit=len(index.entries), provider=provider)
    billing = [h for h in ranked if h.entry.topics[0] == "billing"]
    if provider is None:  # "怎么收费", "how do you charge?": the billing entry that gives every provider's rules
        found = max(billing, key=lambda h: len(h.entry.by_provider), default=None)
    else:
        found = next((h for h in billing if index.about[h.entry.id] == provider), None) \
            or next((h for h in billing if provider in h.entry.by_provider), None)
    # read from the question's meaning (only how it bills is asked), not its share of words: answered outright
    return None if found is None else replace(found, score=1.0)
