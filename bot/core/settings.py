"""Per-user and per-chat settings (language, display currency, default provider).

The core talks to a small protocol so tests can use memory and the bot uses SQLite (bot/store).
A user's choice wins over the chat's, which wins over what the platform and the message suggest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Protocol

from bot.clock import Clock, SystemClock
from bot.messages import Incoming
from bot.store import Store, delete_setting, get_settings, set_setting
from bot.text.i18n import detect_language, ime_language, script_language
from bot.understand import glossary
from bot.understand.foreign_money import without_foreign_glyphs
from bot.understand.language_ask import asked_language
from bot.understand.talk import without_thanks
from engine.catalog import gpus, models
from engine.providers import providers

KEYS = ("lang", "currency", "provider")  # what users set; "last_lang" and "asked_lang" are remembered, not set

class SettingsStore(Protocol):
    def get(self, scope: str) -> dict[str, str]: ...

    def set(self, scope: str, key: str, value: str) -> None: ...


@dataclass
class MemorySettings:
    """Settings kept in a dict: for tests and for a console run without a database."""

    data: dict[str, dict[str, str]] = field(default_factory=dict)

    def get(self, scope: str) -> dict[str, str]:
        return dict(self.data.get(scope, {}))

    def set(self, scope: str, key: str, value: str) -> None:
        if value:
            self.data.setdefault(scope, {})[key] = value
        else:
            self.data.get(scope, {}).pop(key, None)


@dataclass(frozen=True)
class Effective:
    """The settings that apply to one message."""

    lang: str
    currency: str | None
    provider: str | None


def platform_lang(locale: str | None) -> str | None:
    """Telegram/Discord locales ("zh-hans", "zh-CN", "en-US") to our two languages."""
    if not locale:
        return None
    code = locale.lower()
    if code.startswith("zh"):
        return "zh"
    if code.startswith("en"):
        return "en"
    return None


# English grammar words: names, terms and commands ("gpuli", "qwen3 8b", "export llamafactory",
# "cost?", "deepspeed zero3") say nothing of a language; a sentence has some of these.
ENGLISH_WORDS = frozenset({
    "a", "an", "the", "is", "are", "was", "be", "do", "does", "did", "can", "could", "would", "will",
    "should", "shall", "may", "might", "must", "i", "me", "my", "we", "our", "us", "you", "your", "it",
    "its", "this", "that", "these", "those", "what", "which", "who", "how", "why", "when", "where", "there",
    "here", "of", "to", "in", "on", "at", "for", "with", "from", "by", "about", "and", "or", "but", "if",
    "so", "than", "then", "not", "no", "yes", "please", "pls", "thanks", "thank", "need", "want", "much",
    "many", "some", "any", "more", "less",
})

COURTESY = frozenset({"please", "pls", "plz", "thanks", "thank", "thx"})

# Chinese grammar words: particles, question words, pronouns, modal and linking words; a Chinese term
# ("包月", "整机", "显存") has none of them. The verbs and modals of the second list weigh half a word: they
# also stand inside a product word typed in an English sentence ("gpuli 周租 4090 how much")
ZH_GRAMMAR = re.compile(r"的|是|吗|呢|了|么|吧|啊|嘛|呀|多少|几|怎|什么|哪|在|和|跟|与|没|不|把|给|请|就|都|也|还"
                        r"|比|想|可以|会|得|这|那|我|你|他|们|如果|或者|从|到|对|为|帮")
ZH_HALF = re.compile(r"能|要|够|用|跑|租|吃|算")
# an English sentence that reports what someone said, the claim quoted in Chinese ("our shenzhen guy says 7b qlora 一张
# 4090 就够 -- true?", "someone told me 一张 a100 够跑 13b lora, correct?"): the writer asks in English; the Chinese is
# the claim, not the question's language ("老板 says 一张 4090 就够 对吗" opens in Chinese and stays Chinese)
REPORTED = re.compile(r"^\s*(?:[A-Za-z][A-Za-z'’]*\s+){1,6}(?:says?|said|told\s+(?:me|us|him|her|them)|claims?|claimed|reckons?"
                      r"|thinks?|insists?|swears?|heard|hears)\b[^\u3400-\u9fff]*[\u3400-\u9fff]")


def _zh_weight(text: str) -> float:
    return len(ZH_GRAMMAR.findall(text)) + len(ZH_HALF.findall(ZH_GRAMMAR.sub(" ", text))) / 2


@cache
def _cjk_names() -> re.Pattern[str] | None:
    """Catalog names and training terms written in Chinese characters ("一万网络", "全参"): a name, not a language."""
    names = {n for entries in (providers().entries, models().entries, gpus().entries)
             for e in entries for n in [e.name, *e.aliases] if detect_language(n) == "zh" and len(n) >= 2}
    names |= {n for n in glossary.chinese_forms() if len(n) >= 2}
    return re.compile("|".join(map(re.escape, sorted(names, key=len, reverse=True)))) if names else None


@cache
def _latin_terms() -> frozenset[str]:
    """Latin words of catalog names and training terms ("gpuli", "sxm", "qlora"): a name, not English."""
    forms = [n for entries in (providers().entries, models().entries, gpus().entries)
             for e in entries for n in [e.name, *e.aliases]]
    forms += [f for t in glossary.terms() for f in t.forms]
    words = {w.lower() for f in forms for w in re.findall(r"[A-Za-z]+", f)}
    return frozenset(words | UNIT_WORDS)


# a quantity said in English words ("eight hours?", "two cards", "3 days") is a figure, not a sentence of English
QUANTITY_WORDS = frozenset({"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                            "sixteen", "twenty", "thirty", "hundred", "thousand", "h", "hr", "hrs", "hour", "hours", "min",
                            "mins", "minute", "minutes", "day", "days", "week", "weeks", "month", "months"})
# units, currencies and card words that are terms in any language; the words of a config asked for ("export config pls
# llamafactory", "llama-factory yaml please", "3 epochs") are the command's terms too
UNIT_WORDS = frozenset({"gpu", "gpus", "card", "cards", "gb", "g", "vram", "rmb", "cny", "usd", "usdt", "sxm",
                        "pcie", "nvlink", "lora", "qlora", "fp", "bf", "int", "k", "m", "b", "x", "vs",
                        "export", "config", "configs", "yaml", "json", "llamafactory", "llama", "factory", "deepspeed",
                        "accelerate", "fsdp", "ds", "epoch", "epochs"}) | QUANTITY_WORDS


def _english_words(latin: list[str]) -> int:
    """Words of English in a message, its grammar words and the words that are no name or term
    ("monthly", "price", "latency", "snapshots")."""
    return sum(w.split("'")[0] in ENGLISH_WORDS or (len(w) >= 3 and w not in _latin_terms()) for w in latin)


def _without_names(text: str) -> str:
    text = without_foreign_glyphs(text)  # "300,000円", "300만원": money written the Japanese or Korean way, no Chinese
    pattern = _cjk_names() if detect_language(text) == "zh" else None
    return pattern.sub(" ", text) if pattern is not None else text


def message_lang(text: str) -> str | None:
    """The language a message is written in, or None when it says nothing ("/wallet", "2", "ok").
    Names are not a language either way: Latin words that are only names, terms or commands ("gpuli",
    "qwen3 8b", "export llamafactory", "cost?") leave a Chinese conversation Chinese, and a catalog
    name in Chinese characters ("h100 at 一万网络, price in CNY?") leaves an English sentence English.
    English takes two grammar words of English ("how much", "on a 4090 please"), or one among three words or
    more: a short fragment with one ("in CNY", "at gpuli?", "thx, and monthly?", its thanks not counted) is
    a follow-up that keeps the conversation's language, as a one-word answer does; so does a command said
    with a courtesy ("export config pls llamafactory", "yaml please")."""
    words = _without_names(without_thanks(re.sub(r"^/\w+(@\w+)?", "", text.strip())))
    latin = [w.lower() for w in re.findall(r"(?<![A-Za-z0-9])[A-Za-z]+(?:'[A-Za-z]+)?(?![A-Za-z0-9])", words)]
    grammar = sum(w.split("'")[0] in ENGLISH_WORDS for w in latin)
    if script_language(words) == "zh":  # letters; the input method's punctuation is a weaker sign (effective)
        # a Chinese word inside an English sentence ("is the gpuli 包月 price for a 4090 cheaper than 4 weeks?")
        # is a term: the grammar words of each language weigh the sentence's language, English ones with
        # few Chinese ones beside them ("H100 vs A100 的 NVLink 带宽多少" and "qwen3 8b lora on a 4090 够吗" stay
        # Chinese; "gpuli 周租 4090 how much" and "qwen3 14b qlora 一张4090 enough?" are English)
        if REPORTED.match(words):
            return "en"  # the Chinese is the claim someone made, quoted in an English sentence
        zh = _zh_weight(words)
        grammar += latin.count("enough")  # "一张4090 enough?" asks in English; "is 5090 enough" alone is a fragment
        # one English word among a courtesy's ("pls 帮忙 check 下 gpuli a6000 weekly price") says nothing
        asking = grammar - sum(w in COURTESY for w in latin)
        english = grammar >= 2 or (asking == 1 and zh == 0 and len(latin) >= 2)
        if not grammar and not _english_words(latin) and _chinese_fragment(words):
            return None  # "人民币", "3090呢", "包月": a word or a name asked again keeps the conversation's language
        return "en" if english and grammar > 2 * zh else "zh"
    if script_language(text) == "zh" and _english_words(latin) >= 2:
        # Chinese letters that were only a name, in a sentence of English words ("一万网络 snapshots included?",
        # "一万网络 a100 40g monthly price?"); a name beside terms only ("一万网络 h100 sxm") says nothing
        return "en"
    # a courtesy is no grammar of a sentence: "export config pls llamafactory" is a command and terms, and keeps
    # the conversation's language as "export llamafactory" does ("can you export the config please" is English)
    grammar -= sum(w in COURTESY for w in latin)
    # two words of English that are no grammar, name, term or clipped shorthand ("act mem?") say English ("gpuli payment
    # methods?", "sla credit claim window?", "a100 40g monthly price?"), as beside a Chinese name; one ("cost?") is a fragment
    content = sum(len(w) >= 4 and w.split("'")[0] not in ENGLISH_WORDS and w not in COURTESY and w not in _latin_terms()
                  for w in latin)
    return "en" if grammar >= 2 or (grammar == 1 and len(latin) >= 3) or content >= 2 else None

def _chinese_fragment(words: str) -> bool:
    """A Chinese answer of one word ("人民币", "包月"), or a thing asked again with 呢 ("3090呢"): at most three
    characters, no grammar word and no asking 多 ("设多大" asks), as a one-word English answer is none of a language."""
    rest = re.sub(r"呢\s*[?？]*\s*$", "", words.strip())
    return len(re.findall(r"[\u3400-\u9fff]", rest)) <= 3 and _zh_weight(rest) == 0 and "多" not in rest


def chinese_beside_english(text: str) -> bool:
    """An English message with Chinese words of its own among its English ones, not only names ("gpuli 周租
    4090 how much", "qwen3 14b qlora 一张4090 enough?"; "does 一万网络 do snapshots?" names a provider)."""
    words = _without_names(without_thanks(text))
    return message_lang(text) == "en" and script_language(words) == "zh" and asked_language(text) is None


def no_language_yet(store: SettingsStore, inc: Incoming) -> bool:
    """Whether nothing has set the user's language before `inc`: no choice, request, locale or earlier message."""
    user = store.get(inc.scope_user)
    chat = store.get(inc.scope_chat) if inc.chat_kind == "group" else {}
    return not (user.get("lang") or chat.get("lang") or user.get("asked_lang") or user.get("last_lang")
                or platform_lang(inc.user_lang))


def remember_language(store: SettingsStore, inc: Incoming) -> None:
    """Note the language of a message that has one, so a bare "/wallet" next is answered in it
    (unless the user chose a language with /lang)."""
    user = store.get(inc.scope_user)
    asked = asked_language(inc.text)
    if asked and asked != user.get("asked_lang"):
        store.set(inc.scope_user, "asked_lang", asked)
    # a message in no language but typed with a Chinese input method ("qwen3 8b qlora 4090？") starts a
    # conversation in Chinese, so "cost?" next stays Chinese; it changes no language already said
    said = message_lang(inc.text) or (None if user.get("last_lang") else ime_language(inc.text) or _first_script(inc.text))
    if said and said != user.get("last_lang") and not user.get("lang"):
        store.set(inc.scope_user, "last_lang", said)


def _first_script(text: str) -> str | None:
    """The language a conversation's first question says beyond its names and terms, kept for the fragment after
    it: a word of English that is no name ("cloudgpu 4090 hourly rate?", "一万网络 3090 price?": English, so "in usd?"
    stays English), or Chinese that is no name ("一万网络 h100 多少": Chinese). Names and terms alone ("qlora 14b",
    "7b qlora 4090", "一万网络 h100") and a command ("/wallet") set none: the next message's own script decides."""
    if text.lstrip().startswith("/"):
        return None
    words = _without_names(without_thanks(text))
    latin = [w.lower() for w in re.findall(r"(?<![A-Za-z0-9])[A-Za-z]+(?:'[A-Za-z]+)?(?![A-Za-z0-9])", words)]
    if _english_words(latin):
        return "en"
    return "zh" if script_language(words) == "zh" else None


def effective(store: SettingsStore, inc: Incoming) -> Effective:
    """The settings that apply to `inc`, read only: a language the message asks for in words, else
    the user's choice (/lang), else the chat's, else one the user asked for in an earlier message,
    else the platform locale, else the message's language, else the language of the user's last
    message that had one (see remember_language), else the script of the message (a first message
    that is only "一万网络 h100" is answered in Chinese)."""
    user = store.get(inc.scope_user)
    chat = store.get(inc.scope_chat) if inc.chat_kind == "group" else {}
    said = message_lang(inc.text)
    lang = (asked_language(inc.text) or user.get("lang") or chat.get("lang") or user.get("asked_lang")
            or platform_lang(inc.user_lang) or said or user.get("last_lang") or detect_language(without_foreign_glyphs(inc.text)))
    return Effective(
        lang=lang,
        currency=user.get("currency") or chat.get("currency"),
        provider=user.get("provider") or chat.get("provider"),
    )


class SQLiteSettings:
    """Settings persisted in the store (bot/store keeps the SQL), stamped by `clock`."""

    def __init__(self, store: Store, clock: Clock | None = None) -> None:
        self.store = store
        self.clock = clock or SystemClock()

    def get(self, scope: str) -> dict[str, str]:
        return get_settings(self.store, scope)

    def set(self, scope: str, key: str, value: str) -> None:
        if value:
            set_setting(self.store, scope, key, value, self.clock.now())
        else:
            delete_setting(self.store, scope, key)
