"""A span that is a provider rule's window, not a length or the time the work has: "下单后 1 小时内能退款吗", "can I
get a refund within 1 hour of ordering" ask gpuli's refund rule (within 1 hour of creating an instance), so the
hour is neither a deadline (bot.understand.planning) nor a rental's length (bot.understand.fields.duration). The
length of a provider's hold is its rule too: "预授权扣了 1 小时，实际只用了 15 分钟", "it holds 1 hour, we used 15
minutes" ran 15 minutes (seed 002: cloudgpu pre-authorizes 1 hour while an instance runs), never an hour."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy


def rule_window(text: str, m: re.Match[str]) -> bool:
    """A span that is a provider rule's window, not the time the work has: counted from an order or an instance
    ("下单后 1 小时内", "within an hour of ordering") or said beside a refund, a cancellation or a swap of card
    ("1 小时内能退款吗", "can I get a refund within 1 hour")."""
    before, after = text[max(0, m.start() - RULE_NEAR):m.start()], text[m.end():m.end() + RULE_NEAR]
    return bool(RULE_WORDS.search(before + " " + after) or FROM_AN_ORDER.search(before) or OF_AN_ORDER.match(after))


RULE_NEAR = 12  # characters either side of a span where a rule's words make it that rule's window
RULE_WORDS = lazy(r"退款|退钱|能退|可以退|可退|退吗|换卡|取消|退订|\b(?:refunds?|refunded|cancel\w*|money\s+back|swap)\b",
                  re.IGNORECASE)
FROM_AN_ORDER = lazy(r"(?:下单|下完单|创建|开机|租下|购买|买了?)之?后\s*$")
OF_AN_ORDER = lazy(r"\s*(?:of|after)\s+(?:ordering|order|creating|creation|launch|launching|starting|renting|buying|purchase)",
                   re.IGNORECASE)


WINDOW_EN = lazy(r"\b(?:within|in)\s+(?:the\s+(?:first|next)\s+)?(?:\d+(?:\.\d+)?|an?|one)\s*(?:days?|hours?|hrs?|h|minutes?|mins?)\b",
                 re.IGNORECASE)
WINDOW_ZH = lazy(r"(?:\d+(?:\.\d+)?|[一两二三])\s*(?:个)?\s*(?:天|小时|个?钟头|分钟)\s*(?:之?内|以内)")


# a length said of a hold, in the same clause, the hold's word first or after it: "预授权扣了 1 小时", "冻结一小时的钱",
# "1 小时的预授权", "pre-authorized 1 hour", "it holds an hour", "1 h pre-authorization"
_HOLD = r"(?:预授权|预授權|冻结|凍結|预扣|預扣|押金|\bpre-?auth\w*|\bhold(?:s|ing)?\b|\bheld\b|\bfr(?:ee|o)z\w*)"
_SPAN = r"(?:\d+(?:\.\d+)?|[一两二三]|\ban?\b|\bone\b)\s*(?:个)?\s*(?:小时|钟头|分钟|\bhours?\b|\bhrs?\b|h\b|\bminutes?\b|\bmins?\b)"
HOLD_SPAN = lazy(rf"{_HOLD}[^，。,.?？!！;；]{{0,6}}?({_SPAN})|({_SPAN})\s*(?:的|of)?\s*(?={_HOLD})", re.IGNORECASE)


def unwindowed(text: str) -> str:
    """`text` with each rule's window and each hold's length blanked (as many spaces, so positions stay), other
    spans kept."""
    for m in [*WINDOW_EN.finditer(text), *WINDOW_ZH.finditer(text)]:
        if rule_window(text, m):
            text = text[:m.start()] + " " * (m.end() - m.start()) + text[m.end():]
    for m in HOLD_SPAN.finditer(text):
        g = 1 if m.group(1) else 2
        text = text[:m.start(g)] + " " * (m.end(g) - m.start(g)) + text[m.end(g):]
    return text


# a length ruled out right after it is said ("一周半不行的话 两周呢", "三天租不了的话", "if 3 days isn't possible"): the
# length asked is another one the message states (bot.understand.fields.duration)
# ("先租一周，不行再续一周": the week is kept, another one added after it (bot.understand.fields.JOIN))
RULED_OUT = lazy(r"\s*(?:的话\s*)?(?:(?:也|都|要是|如果)\s*)?(?:不行(?!\s*(?:的话)?\s*[,，]?\s*(?:就\s*)?(?:再|又)?\s*(?:续|加))|不可以|不能租|租不了|没有|不支持|不卖|不租)"
                 r"|\s*(?:is|are)?\s*(?:n'?t|not)\s+(?:possible|available|an\s+option|allowed|offered)|\s*(?:won'?t|doesn'?t)\s+work",
                 re.IGNORECASE)


def ruled_out(text: str, end: int) -> bool:
    """Whether the length ending at `end` is said not to be possible right after it."""
    return RULED_OUT.match(text, end) is not None


# the words ruling a length out, and the "if" before them: no subject of a message that asks another length
RULED_LENGTH = lazy(r"(?:小时|天|周|星期|礼拜|个?月|\bhours?|\bdays?|\bweeks?|\bmonths?|\bhalf)(?=" + RULED_OUT.pattern + ")",
                    re.IGNORECASE)
RULING_WORDS = lazy(r"\bif\b|如果|要是|的话|" + RULED_OUT.pattern.replace("\\s*(?:的话\\s*)?", "", 1), re.IGNORECASE)


def without_ruling(text: str) -> str:
    """`text` without the words ruling a length out ("if half a week isn't possible, two weeks?" keeps "half a week,
    two weeks?"), where a length is ruled out; else `text` as it is."""
    return RULING_WORDS.sub(" ", text) if RULED_LENGTH.search(text) else text
