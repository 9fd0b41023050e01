"""An add-on taken out of the rental just priced: "gpuli 8卡h100 每卡每小时多少" then "不含存储呢", "what about
without storage?", "excluding storage?". The price said is the cards' rental alone (₮14,432 a month, ₮2.51 per
card-hour): the same rental again, with a line saying nothing was added, never the storage FAQ's answer.
The card asked alone after upgrades were added ("一万网络 a100 40g 包月" then "加 16 核 128g 内存" then "年付只要卡呢",
"yearly price for the card alone?", "不加配置呢"): the rental again without them (seed 003: ¥26,880 for the year),
at the term the message names, with a line naming what was left out.
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.messages import Turn
from bot.text.i18n import t
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed
from engine.request import TrainingRequest

SHORT = 32  # characters: "不含存储呢", "what about without storage?"
# storage left out: 不含 / 不包括 / 不算 / 去掉 / without / excluding, then the storage
LEFT_OUT = lazy(r"(?:不含|不包含|不包括|不算|不加|不要|去掉|除去|刨去|扣掉|排除)\s*(?:存储卷?|硬盘|磁盘|数据盘|对象存储)"
                # the storage named first, then dropped: "存储都不要的话呢", "存储卷不算呢", "对象存储去掉"
                r"|(?:存储卷?|硬盘|磁盘|数据盘|对象存储)\s*(?:都|也|全|就|先)?\s*(?:不要|不加|不算|不含|去掉|拿掉|省掉|免了|砍掉)"
                r"|\b(?:without|excluding|not\s+counting|minus|ex)\s+(?:the\s+|any\s+)?(?:storage|disks?|volumes?)\b", re.IGNORECASE)

# the card asked alone, without the upgrades added to it: "只要卡", "光卡", "卡本身", "不加配置", "不要升级",
# "the card alone", "just the card", "without the upgrades", "no add-ons"
CARD_ALONE = lazy(r"只(?:要|算|租|看)\s*(?:卡|显卡|gpu)|光(?:是|要|算)?\s*(?:卡|显卡)(?!时)|(?:卡|显卡)\s*本身|裸卡"
                  r"|(?:不|别|不要|去掉|拿掉|去除|除去)\s*(?:加|带|要|含|算)?\s*(?:配置|升级|附加项?|加配|cpu|内存|记忆体|核)"
                  r"|\b(?:card|gpu)\s+(?:alone|only|by\s+itself)\b|\b(?:just|only)\s+the\s+(?:card|gpu)\b|\bbare\s+(?:card|gpu)\b"
                  r"|\b(?:without|excluding|minus|drop(?:ping)?|no)\s+(?:the\s+|any\s+)?(?:upgrades?|add-?ons?|extras?|cpu|ram|cores)\b",
                  re.IGNORECASE)
ALONE_SHORT = 48  # characters: "yearly price for the card alone?", "那年付只要卡 不加配置 多少"
YEAR_HOURS = 365 * 24


def card_alone(parsed: Parsed, last: Turn | None, text: str) -> Parsed | None:
    """The last rental priced with upgrades, priced again with none ("yearly price for the card alone?"): its
    length the one the message names (a year for "yearly"), else the one before; None unless the message
    names no other card or job and only asks the card alone."""
    q, r = parsed.request, parsed.rental
    held = last.data.get("add_ons") if last is not None and last.kind == "price" else None
    if not isinstance(held, dict) or not held or len(text.strip()) > ALONE_SHORT or q.gpu or q.model or q.params_b \
            or parsed.price.add_ons or not CARD_ALONE.search(normalize(text)):
        return None
    assert last is not None
    data: dict[str, object] = {**last.data, "add_ons": {}}
    hours = (r.duration_days or 0) * 24 + (r.duration_hours or 0)
    if parsed.price.annual and not hours:
        hours = YEAR_HOURS
    if hours:
        data["hours"] = hours
    data["alone_of"] = sorted(str(k) for k in held)
    return replace(parsed, intent="price", follow=data, follow_up=True, missing=[], faq=[], faq_answers=[],
                   faq_confident=False)


def drop_for_alone(data: dict[str, object], parsed: Parsed, text: str) -> list[str] | None:
    """The upgrades `data` (a follow-up's rental) holds, taken out of it, when the message asks the card alone
    ("yearly price for the card alone?" is read as a yearly term of the last rental first); None otherwise."""
    held = data.get("add_ons")
    if not isinstance(held, dict) or not held or parsed.price.add_ons or len(text.strip()) > ALONE_SHORT \
            or not CARD_ALONE.search(normalize(text)):
        return None
    data["add_ons"] = {}
    return sorted(str(k) for k in held)


def alone_note(keys: list[str], lang: str) -> str:
    """"💡 上面是卡本身的价格，没加 CPU 16 核、内存 128G": what the price just shown leaves out."""
    sep = "、" if lang == "zh" else ", "
    return t("price.left_out.add_ons", lang, items=sep.join(t(f"price.addon_name.{k}", lang) for k in keys))


def left_out(parsed: Parsed, last: Turn | None, text: str) -> Parsed:
    """`parsed` as the last rental priced again, when it only takes an add-on out of it; else as it is."""
    q = parsed.request
    alone = card_alone(parsed, last, text)
    if alone is not None:
        return alone
    if last is None or last.kind not in ("price", "cost") or len(text.strip()) > SHORT \
            or q.gpu or q.model or q.params_b or q.num_gpus:
        return parsed
    if not LEFT_OUT.search(normalize(text)):
        return parsed
    job = last.data.get("request")
    if last.kind == "cost" and isinstance(job, dict) and job:  # "32b 全参 gpuli 一个月全部账单" then "存储都不要的话呢":
        asked = TrainingRequest.model_validate(job)  # the job's cost again, the cards alone
        return replace(parsed, intent="cost", request=asked, rental=replace(parsed.rental, provider=asked.provider),
                       price=replace(parsed.price, add_ons={}, storage_unsized=()), follow_up=True, missing=[], faq=[],
                       faq_answers=[], faq_confident=False)
    if last.kind != "price" or not last.data.get("gpu"):
        return parsed
    data = {**last.data, "add_ons": {}, "left_out": "storage"}
    return replace(parsed, intent="price", follow=data, follow_up=True, missing=[], faq=[], faq_answers=[],
                   faq_confident=False)
