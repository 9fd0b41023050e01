"""A reply language asked for in words ("answer in english pls", "用中文回答", "英文回复"), and whether that is
all a message says ("用中文", "in English please"): read by the core's settings (the language it holds) and
by bot.core.language_again (the last question asked again in that language), both before the parse.
Moved here from bot/core so that bot/core compiles no pattern of its own on a message's words."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy  # scanned first for "english", 英文 … (bot.understand.prefilter)

# A reply language asked for in words ("answer in english pls", "用中文回答", "英文回复"): it beats the
# language the message is written in, and holds for the user's next messages until another is asked.
# A verb of answering (or please / only) is required, so "英文数据集" or "an English dataset" asks nothing.
_EN_VERBS = r"(?:answer|reply|respond|write|talk|speak|explain|say\s+it|tell\s+me|continue)\w*"
_POLITE = r"(?:pls|plz|please|only|thx|thanks)"
ASKED_LANG = {
    "en": lazy(
        rf"\b{_EN_VERBS}\b[^.?!\n]{{0,20}}?\bin\s+english\b|\b(?:in\s+)?english\s+{_POLITE}\b"
        rf"|\b{_POLITE}\s+(?:use\s+|in\s+|reply\s+in\s+)?english\b"
        r"|(?:用|请用|改用|换成|换|说|讲)\s*(?:英文|英语)\s*(?:来)?\s*(?:回答|回复|作答|说|讲|写|答|吧|呗|$|[，,。.!！?？\s—-])"
        r"|(?:英文|英语)\s*(?:回答|回复|作答)",
        re.IGNORECASE),
    "zh": lazy(
        rf"\b{_EN_VERBS}\b[^.?!\n]{{0,20}}?\bin\s+(?:chinese|mandarin)\b|\b(?:in\s+)?chinese\s+{_POLITE}\b"
        rf"|\b{_POLITE}\s+(?:use\s+|in\s+|reply\s+in\s+)?chinese\b"
        r"|(?:用|请用|改用|换成|换回|说|讲)\s*(?:中文|汉语|普通话)\s*(?:来)?\s*(?:回答|回复|作答|说|讲|写|答|吧|呗|$|[，,。.!！?？\s—-])"
        r"|(?:中文|汉语)\s*(?:回答|回复|作答)",
        re.IGNORECASE),
}


def asked_language(text: str) -> str | None:
    """The reply language the message asks for in words, or None."""
    found = [lang for lang, pattern in ASKED_LANG.items() if pattern.search(text)]
    return found[0] if len(found) == 1 else None


# what may stand beside a request for a language and still leave it a bare request: please, thanks, filler
_NOTHING_ELSE = re.compile(r"(?i)\b(?:pls|plz|please|thx|thanks|ok|okay|then|now|instead|again|reply|answer)\b"
                           r"|请|麻烦|谢谢|吧|呗|啊|呀|好|再|一下|一遍|重新|改|换|回答|回复|说|[\s,，.。!！?？~～:：]")


def language_only(text: str) -> str | None:
    """The language a message asks for when that is all it says ("用中文", "中文回答吧", "in English please"),
    else None ("用中文回答：14b 全参要几张卡" asks a question of its own, in Chinese)."""
    lang = asked_language(text)
    if lang is None:
        return None
    return lang if not _NOTHING_ELSE.sub("", ASKED_LANG[lang].sub("", text)) else None
