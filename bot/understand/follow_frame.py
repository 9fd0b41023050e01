"""A follow-up's frame: what is left of "and at cloudgpu?", "一万网络那边呢", "what about an a100", "那 h100 的话"
once the names (cards, models, the provider) are taken out. Nothing of its own is asked there, so the
message is the last question asked again of the name it gives ("how soon can i ssh in at gpuli" then "and
at cloudgpu?": the same question at CloudGPU); "cloudgpu 能退款吗" keeps a subject (退款) and is its own question.

Why a list of frame words and not a length: "and what about over at cloudgpu then?" is long and asks nothing
new, "cloudgpu 退款" is short and does; only what the words are tells them apart.
"""

from __future__ import annotations

import re

from bot.understand.fields import DAYS, HOURS, MONTHS, WEEKS, _lengths
from bot.understand.lazy import lazy
from bot.understand.normalize import chinese_to_int, normalize
from bot.understand.number_words import words_value

_ZH = (r"具体|确切|精确|呢|吗|嘛|吧|啊|呀|那么|那|要是|如果|假如|换成|换到|换|改成|改用|改|用|在|上面|上|那边|这边|那家|这家|家的|家|的话|的|也是|也|"
       r"一样|同样|同一个|同问|这个|问题|情况|怎么样|咋样|如何|还有|还是|再问|问下|问一下|看看|说说|对于|至于|就|"
       r"我是说|我说的是|我指的是|我问的是|是说|指的是|其实")
_EN = (r"and|what|about|how|at|on|in|with|for|over|there|then|instead|the|a|an|same|question|q|is|it|if|we|i|use|using|"
       r"go|went|switch|switched|to|try|ok|okay|so|hmm|also|too|case|one|ones|of|answer|ask|asking|re|regarding|as|"
       r"thing|same\s+for|same\s+at|total|in\s+total|altogether|overall|"
       # the figure of the last answer asked again, exactly ("what is the cloudgpu figure exactly?")
       r"figure|figures|number|exactly|exact|precisely|precise|what's|whats|"
       # a correction of where the question was meant ("at gpuli i mean", "sorry, I meant cloudgpu")
       r"mean|meant|sorry|actually|rather|"
       # the plural left of a name taken out ("what about the a6000s", "and the h100s?")
       r"s")
# the longer word first where one starts another ("那边" before "那"), so each is taken out whole
_FRAME = lazy("|".join(sorted(_ZH.split("|"), key=len, reverse=True)) + rf"|\b(?:{_EN})\b", re.IGNORECASE)
_WORD = lazy(r"[^\W_]")
# a word character no frame word can take out (a digit, a Chinese character of none of them): where one is
# found, something of a word is left whatever the frame words take, so the long alternation need not run
_LEFT_OVER = lazy(r"(?=[^\W_])(?:\d|(?![" + "".join(sorted(set(_ZH.replace("|", "")))) + r"])[\u3400-\u4dbf\u4e00-\u9fff])")
MAX_CARDS = 64  # more cards than any machine or small cluster rented here: a bare number above it is no count
# "make it eight", "那 8 个呢", "what if we only have 4?", "just got 2", "只有 4 个呢": the count the cards are now
EXTRA_FRAME = {"make", "do", "please", "pls", "then", "个", "only", "just", "have", "had", "has", "got", "we've", "只有", "只", "仅有"}


def frame_only(rest: str) -> bool:
    """Whether `rest` (a message with its names taken out) holds nothing but a follow-up's frame. The frame
    words are taken out and nothing of a word may be left: one pass, so no message can make it slow."""
    return not _LEFT_OVER.search(rest) and not _WORD.search(_FRAME.sub(" ", rest))


def without_frame(rest: str) -> str:
    """`rest` with a follow-up's frame words taken out: "and with 8" leaves "8", "那 8 呢" leaves "8"."""
    return " ".join(_FRAME.sub(" ", rest).split())


def lone_count(text: str) -> int | None:
    """The number a message holds with nothing but a follow-up's frame around it, else None."""
    left = [w for w in without_frame(normalize(text)).split() if w not in EXTRA_FRAME]
    if not left:
        return None
    run = " ".join(left)
    bare = run.strip("x×* ")  # "and 8x?", "x8 呢": a count written as a multiplier, the card left unnamed
    if bare.isdigit() and bare != run:
        run = bare
    if run.isdigit():
        value: float | None = float(run)
    elif run.isascii():
        value = words_value(run)
    else:
        value = chinese_to_int(run)
    if value is None or value != int(value) or not 1 <= value <= MAX_CARDS:
        return None
    return int(value)


def weeks_said(text: str) -> int | None:
    """The whole weeks a message asks for ("那 4 周呢", "and for four weeks?", "两个星期呢"), when a count of weeks
    is its only length; else None."""
    norm = normalize(text)
    weeks = WEEKS.findall(norm)
    if len(weeks) != 1 or DAYS.search(norm) or MONTHS.search(norm) or HOURS.search(norm):
        return None
    value = float(weeks[0])
    return int(value) if value == int(value) and value >= 2 else None


def multiplied_weeks(norm: str) -> int | None:
    """The weeks of a week said multiplied ("4090 周租 x4": 4, "8xh100 a week times 2": 2) in the normalized
    message; else None. Four weekly rentals asked are priced as such beside a month that covers them."""
    x = next((x for x in _lengths(norm) if x.times > 1), None)
    return x.times if x is not None and x.unit_hours == 168 and x.days == 7 * x.times and not x.hours else None
