"""Formal Chinese numerals (大写数字) as the ordinary ones: "壹万伍仟元" reads as "一万五千元".

Finance colleagues write amounts in the formal numerals cheques and invoices use (壹贰叁肆伍陆柒捌玖拾佰仟萬,
貳 and 參 their traditional forms, 圆 for 元), so that no stroke can be added to them. They are the very
numbers the ordinary numerals write, character for character: folded here, before the general reader
(normalize.py), a formal amount reads exactly as the same amount in ordinary numerals or in digits, wherever a
number is read. A run is folded only when it holds a formal digit or place and stands outside the words the
formal characters also write (队伍, 大陆, 收拾, 拾起, 陆续 ...). The fold keeps the text's length.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

_FORMAL = "壹贰貳叁參肆伍陆陸柒捌玖拾佰仟萬"
_PLAIN = "一二二三三四五六六七八九十百千万"
_FOLD = str.maketrans(_FORMAL + "圆", _PLAIN + "元")
# a run of numerals (formal or ordinary, 零 included) holding a formal one, not inside a word: 队伍 / 落伍 (a team),
# 大陆 / 着陆 / 登陆 / 陆续 / 陆地 (land), 收拾 / 拾起 / 拾取 (to pick up)
_RUN = lazy(r"(?<![队落入行大着登内])[零〇一二两三四五六七八九十百千万亿壹贰貳叁參肆伍陆陸柒捌玖拾佰仟萬]*"
            r"[壹贰貳叁參肆伍陆陸柒捌玖拾佰仟萬](?<!收拾)[零〇一二两三四五六七八九十百千万亿壹贰貳叁參肆伍陆陸柒捌玖拾佰仟萬]*"
            r"(?:圆|元)?(?![续地起取])")


def _fold(m: re.Match[str]) -> str:
    return m.group(0).translate(_FOLD)


def fold(text: str) -> str:
    """The text with its formal numerals written as the ordinary ones ("贰仟块" -> "二千块")."""
    return _RUN.sub(_fold, text)
