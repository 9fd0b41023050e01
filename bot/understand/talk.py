"""Small talk: greetings, thanks and "who are you" — a message with nothing to size or price.

Why a separate reader: such messages used to fall through to "didn't catch that", which reads as
rude in a team chat. They are recognised only when the whole message is small talk (a greeting
followed by a real question is that question), so this never hides a request.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

GREETING = (r"hi|hello|hey|hiya|heya|howdy|yo|sup|wassup|what'?s\s+up|morning|good\s+(?:morning|afternoon|evening)"
            r"|quick\s+q(?:uestion)?|(?:got|have)\s+a\s+(?:quick\s+)?q(?:uestion)?"  # "quick q": a question on its way
            r"|你好|您好|嗨|嘿|喂|哈喽|哈啰|哈罗|早上好|早安|晚上好|下午好|在吗|在不在|大家好|各位|问下|问一下|问个事|问个问题|请教一下")
THANKS = r"thanks?(?:\s+(?:a\s+lot|so\s+much|you|u))*|thx|ty|cheers|great|nice|awesome|cool|ok(?:ay)?|got\s+it|谢谢(?:你|您|啦|了)?|谢(?:了|啦)|多谢|感谢|辛苦了?|好的|明白了?|收到|懂了|厉害|牛|赞"
IDENTITY = (r"who\s+are\s+you|what\s+are\s+you|what\s+is\s+kasuan|what'?s\s+kasuan|what\s+does\s+(?:this\s+bot|kasuan)\s+do"
            r"|你是谁|你是什么|你是干什么的|你是做什么的|你是干嘛的|是干嘛的|是干什么的|是做什么的|干嘛用的|有什么用"
            r"|卡算是什么|介绍一下(?:你自己|自己)?|自我介绍")
# a preface alone, the question to come in the next messages ("老板问", "领导让我问一下", "有个问题", "my boss asks",
# "one question"): acknowledged briefly, the conversation (and the job before it) left as it was
PREFACE = (r"(?:我们?(?:的|家)?|(?:my|our|the)\s+)?(?:老板|领导|客户|甲方|同事|组长|导师|老师|上面|boss|manager|client|customer|team\s*lead)"
           r"\s*(?:问|想问|在问|让我问(?:一?下)?|叫我问(?:一?下)?|想知道|说|asks?|asked|is\s+asking|wants\s+to\s+know)"
           r"|(?:有|问|请教)个?(?:小)?问题|想请教(?:一?下)?|(?:a|one)\s+(?:quick\s+)?(?:question|q)|question\s+for\s+you")
FILLER = r"[\s!！.。,，~～?？:)）(（😀-🙏👍❤️]*"
BOT_NAME = r"(?:@?(?:\w*bot|卡算|kasuan|机器人))?"

SMALL_TALK = lazy(
    rf"^{FILLER}{BOT_NAME}{FILLER}(?:(?P<greeting>{GREETING})|(?P<thanks>{THANKS})|(?P<identity>{IDENTITY})|(?P<preface>{PREFACE})){FILLER}"
    rf"{BOT_NAME}{FILLER}(?:(?:{GREETING}|{THANKS}){FILLER})?$",
    re.IGNORECASE,
)


def small_talk(text: str) -> str | None:
    """"greeting", "thanks", "identity" or "preface" when the whole message is small talk, else None."""
    m = SMALL_TALK.match(text.strip())
    if m is None:
        return None
    return next(kind for kind in ("identity", "greeting", "thanks", "preface") if m.group(kind))


# an acknowledgement that opens a message ("thx, week?", "ok and if I go with eight H200s?", "好的，那一周呢"),
# then a separator (or, after a Latin word, a word's end): "好的卡有哪些" asks of good cards, no thanks in it
ACK_LEAD = lazy(rf"^{FILLER}(?:(?:{THANKS})(?:(?<=[a-z])\b|(?=[\s!！.。,，~～;；:：]))(?:\s*[!！.。,，~～;；:：])*\s*)+", re.IGNORECASE)


def without_thanks(text: str) -> str:
    """`text` without the acknowledgement it opens with, when a question follows: the thanks is said to
    the answer before, and what follows is read as if typed alone (a follow-up of that answer), so "谢了，
    那一周呢" prices the week as "那一周呢" does. A message that is only thanks is left whole (small talk)."""
    m = ACK_LEAD.match(text)
    return text[m.end():] if m and text[m.end():].strip() else text
