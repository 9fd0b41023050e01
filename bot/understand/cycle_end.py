"""The day a rental ends, asked: "今天下单的话哪天到期", "包月的话几号到期", "到期日是哪天", "if we start a monthly one
today, when does it end?", "what's the expiry date if I order tomorrow?". Read once by the parser into
`Parsed.cycle_from`: when the rental would start (the day the message names, else now); what the cycle is and at
which provider is the answering side's (bot.core.cycle_end), from the message or the answer before it.

Why: "到期" sent the message to the reminders entry (or, with "到期前几天会提醒", to a deadline of today 23:59),
and the end date itself, a date the cycle's length and the start decide, was never given."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.understand.lazy import lazy


@dataclass(frozen=True)
class CycleStart:
    """When the rental whose end date is asked starts, and whether that is the day the message was sent."""

    at: datetime
    today: bool

# the end asked as a day or time: 到期 / 过期 with a question of when, or the expiry date named
END_ZH = lazy(r"(?:哪|哪一|几)\s*(?:天|日|号)\s*(?:就\s*)?(?:到期|过期|结束|截止|停(?:机|掉)?)"
              r"|(?:什么|啥)\s*(?:时候|日子)\s*(?:就\s*)?(?:到期|过期)|何时\s*(?:到期|过期)|几月几\s*[号日]\s*(?:就\s*)?(?:到期|过期|结束)"
              r"|(?:租|用|能用|可以用|开)\s*到\s*(?:哪天|哪一天|几号|几月几\s*[号日]|什么时候|啥时候)"  # "周租租到哪天": its last day
              r"|(?:数据|文件|盘|checkpoint)\s*(?:会|能|还)?\s*(?:保留|保存|留|存|在)\s*到\s*(?:哪天|哪一天|几号|几月几\s*[号日]|什么时候|啥时候)"  # the day kept after it
              r"|到期\s*(?:日|时间|日期|那天)|(?:到期|过期)\s*(?:是|在)?\s*(?:哪天|哪一天|几号|什么时候|啥时候|哪日)")
END_EN = lazy(r"\bwhen\s+(?:exactly\s+|precisely\s+)?(?:does|do|will|would|is|'s)\b.{0,40}?\b(?:end|expire|run\s+out|be\s+up|lapse|stop)s?\b"
              r"|\b(?:expiry|expiration|end|renewal)\s+date\b|\bwhat\s+(?:day|date)\b.{0,40}?\b(?:end|expire|lapse)s?\b"
              r"|\b(?:ends?|expires?|runs?\s+out)\s+(?:on\s+)?(?:what|which)\s+(?:day|date)\b"
              r"|\b(?:until|till|through)\s+(?:what|which)\s+(?:day|date)\b|\b(?:kept|retained|stored)\s+(?:until|till)\s+(?:when|what|which)\b|\b(?:good|valid|lasts?)\s+(?:until|till)\s+when\b", re.I)
# when the expiry reminders come, asked of a rental the message orders or names ("今天下单周租，什么时候提醒我",
# "if I order a monthly one today, when do the reminder emails go out?"): the days before that end, so the end too
REMIND_WHEN = lazy(r"(?:(?:什么|啥)\s*时候|何时|哪\s*(?:一\s*)?天|几\s*号)[^，。,.;；!！?？]{0,8}提醒"
                   r"|\bwhen\b[^.;!?]{0,40}\b(?:remind|reminders?)\b", re.I)
RENTAL_SAID = lazy(r"下单|起租|包周|包月|周租|月租|(?<![出])租|开(?:一|个|台|张)|\b(?:order|rent|start|book)\w*\b|\b(?:weekly|monthly)\b", re.I)
# a run's own end ("when will the training finish"): the run's hours, never the rental's
RUN_END = lazy(r"\b(?:training|run|job|fine[\s-]*tun\w*|epochs?)\b.{0,20}\b(?:end|finish|stop)|训练|训完|跑完", re.I)
# the day the rental starts, named: "明天开的话", "if I order tomorrow"; none named is now
START_DAY = lazy(r"(大后天|后天|明天|今天|\bday\s+after\s+tomorrow\b|\btomorrow\b|\btoday\b)", re.I)
OFFSET = {"今天": 0, "明天": 1, "后天": 2, "大后天": 3, "today": 0, "tomorrow": 1, "day after tomorrow": 2}


def cycle_from(norm: str, start: datetime | None, now: datetime) -> CycleStart | None:
    """When the rental whose end is asked starts (the start the parse read, else the day named, else now); None
    when no end date is asked."""
    reminders = REMIND_WHEN.search(norm) is not None and RENTAL_SAID.search(norm) is not None
    if not (END_ZH.search(norm) or END_EN.search(norm) or reminders) or RUN_END.search(norm):
        return None
    if start is None:
        day = START_DAY.search(norm)
        start = now + timedelta(days=OFFSET[re.sub(r"\s+", " ", day[1].lower())]) if day else now
    return CycleStart(start, start.date() == now.date())


# "到期前几天会提醒", "expires … before": the rental's own expiry, never a deadline the user sets
EXPIRY_BEFORE = lazy(r"(?:到期|过期)\s*(?:之|以)?前|\bbefore\s+(?:it|the\s+rental|the\s+cycle|my\s+rental)\s+(?:expires|ends)\b", re.I)


def without_expiry(text: str) -> str:
    """`text` with the words of a rental's expiry reminder blanked ("到期前 3 天提醒吗"), for the deadline reader."""
    return EXPIRY_BEFORE.sub(lambda m: " " * len(m[0]), text)
