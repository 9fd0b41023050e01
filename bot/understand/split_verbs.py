"""Chinese verbs typed split around their object, joined for the FAQ's reader: "传 300G 数据上去" is 上传 300G 数据,
"把权重拷到机器上去" is 拷进 到机器上.

Why: the FAQ meets a question on its words and on the concepts its phrases name (catalogs/faq_terms.yaml: 上传,
传上去, 传进去), and a phrase is found only typed whole. Spoken Chinese puts the object between the verb and its
direction ("传 300G 数据上去", "把数据传到实例上去"), so the upload was left unnamed and its entry lost to a
place named beside it (新加坡 is the regions entry's keyword). Joined here, the message names the verb as the
entry writes it; nothing else changes (the chat's other readers never see this text).
"""

from __future__ import annotations

from bot.understand.lazy import lazy

# a moving verb, then an object of a few words (no clause mark, no second verb of the kind), then where it goes
SPLIT = lazy(r"(?<![流宣相遗])(传|拷|搬|弄|导|灌)(?![输说统真])([^,，。.?？!！;；传拷搬弄导灌]{1,16}?)(上去|上来|进去|进来)")
JOINED = {"传": "上传", "拷": "拷进", "搬": "搬进", "弄": "弄进", "导": "导进", "灌": "灌进"}


def joined(text: str) -> str:
    """`text` with each verb split around its object written whole before the object; unchanged otherwise."""
    if "去" not in text and "来" not in text:
        return text
    return SPLIT.sub(lambda m: f"{JOINED[m.group(1)]} {m.group(2).strip()}", text)
