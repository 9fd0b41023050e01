"""Whether a message asks what a rental holds from the balance when it starts ("开机的时候余额会先扣多少",
"启动前钱包里得有多少", "how much must be in the wallet before starting?", "how much gets held?"): the
provider's pre-authorization applied to the rental just priced, read once with the parse.

Why here: the words name the wallet, and the bare wallet read ("余额 0，钱包是空的") answered a question
about the rental; a wallet command ("我的钱包", "/wallet", "balance?") names no start and no hold."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

_MONEY_ZH = r"(?:余额|钱包|账户|账上|卡里)"
_START_ZH = r"(?:开机|启动|开始|开跑|开实例|开之前|跑之前|租之前|下单前|用之前|开(?=\s*(?:[一两\d]\s*)?[张台个卡]))"
_MONEY_EN = r"\b(?:wallet|balance|account|funds?|money)\b"
_START_EN = r"\bto\s+(?:start|launch|boot|spin\s+up|open)\b|\bbefore\s+(?:i\s+|we\s+|it\s+)?(?:start|launch|boot|spin|run|rent)\w*|\b(?:when|as)\s+(?:i\s+|we\s+|it\s+)?(?:start|launch|boot|spin)\w*|\bat\s+(?:the\s+)?start\b|\bupfront\b"
_HELD = lazy(
    rf"预授权|预授權|冻结|凍結|预扣|預扣|先扣|扣住|押金|先冻|先锁|锁定\s*多少"
    rf"|{_START_ZH}[^，。,.?？!！]{{0,14}}{_MONEY_ZH}|{_MONEY_ZH}[^，。,.?？!！]{{0,10}}{_START_ZH}"
    rf"|\bpre-?auth|\bpre-?authori[sz]"
    rf"|\b(?:hold|holds|held|freeze|frozen|reserved?|block(?:ed|s)?)\b.{{0,30}}{_MONEY_EN}"
    rf"|{_MONEY_EN}.{{0,30}}\b(?:held|hold|frozen|freeze|reserved|blocked)\b"
    rf"|\bhow\s+much\s+(?:gets?|is|will\s+be|do\s+they)\s+(?:held|frozen|reserved|blocked|hold)\b"
    rf"|{_MONEY_EN}.{{0,30}}(?:{_START_EN})|(?:{_START_EN}).{{0,30}}{_MONEY_EN}",
    re.IGNORECASE)


# every branch of _HELD holds one of these words (its money word, or its own): without one the search is not run
_HELD_WORDS = ("预授权", "预授權", "冻结", "凍結", "预扣", "預扣", "先扣", "扣住", "押金", "先冻", "先锁", "锁定",
               "余额", "钱包", "账户", "账上", "卡里", "pre", "how", "wallet", "balance", "account", "fund", "money")


def held_asked(norm: str) -> bool:
    """Whether `norm` asks what is held (or must be in the balance) when a rental starts."""
    low = norm.lower()
    return any(w in low for w in _HELD_WORDS) and bool(_HELD.search(norm))
