"""Names as speech-to-text writes them: a model family with its version said, a method, a framework.

Voice input writes what it hears. "千问三八B" is Qwen3-8B said aloud (the family's version, then the size),
but the general numeral reader takes the run "三八" as one number and the message names an 8B of no
family. "拉玛factory" is LLaMA-Factory (the training framework, never the Llama model), "罗拉" is LoRA and
"Q罗拉" QLoRA. Read here, before the numeral readers (spoken_chinese, normalize):

- a family said with its version and size in one run of Chinese numerals ("千问三八b", "通义千问三十四b",
  "千问二点五七b", "拉玛三点一七十b"): every split of the run into a version and a size is tried, and the run
  is rewritten only when the splits name exactly one catalog model ("qwen3 14b", never the "34b" that
  reading the run as one number gives); "千问三十二b" (no split names a catalog model) and a run two splits
  could name are left to the general reader;
- LLaMA-Factory said or typed by ear ("拉玛factory", "拉马 factory", "lama factory");
- the Llama family said ("拉玛三 八b") before a number, as its latin name;
- LoRA as it sounds ("七b罗拉", "q 罗拉", "洛拉").

Cards said aloud ("四零九零", "a一百", "h两百", "八十g") are spoken_chinese's; look-alike glyphs ("4O90") are
name_glyphs'.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

_NUM = "零〇幺一二两三四五六七八九十百"
FRAMEWORK = lazy(r"(?<![a-z])(?:[拉喇][玛马嘛]|lama)\s*[-_]?\s*(?:factory|工厂)(?![a-z])")
LLAMA = lazy(rf"[拉喇][玛马](?=\s*(?:[\d{_NUM}]))")
LORA = lazy(r"[罗萝洛]拉")
# a family, then its version and size said in one run of numerals ("三八", "二点五七", "三点一七十"), then b
FAMILY_RUN = lazy(rf"(?<![a-z])(通义千问|千问|qwen|llama)\s*([{_NUM}]+(?:点[{_NUM}]+)*)\s*b(?![a-z])")
FAMILY_LATIN = {"通义千问": "qwen", "千问": "qwen", "qwen": "qwen", "llama": "llama"}


def _number(said: str) -> str | None:
    """A version or a size said ("三" 3, "十四" 14, "二点五" 2.5, "零点六" 0.6), as digits; None if no number."""
    from bot.understand.spoken_chinese import SAID_DIGITS, _value  # spoken_chinese's own reading of a said number

    whole, _, part = said.partition("点")
    if not whole or (_ and not part):
        return None
    value = _value(whole)
    if value is None:
        return None
    if not part:
        return str(value)
    if not all(ch in SAID_DIGITS for ch in part):
        return None
    return f"{value}.{''.join(str(SAID_DIGITS[ch]) for ch in part)}"


def _family_run(m: re.Match[str]) -> str:
    from bot.understand.entities import model_table  # the catalog's names (entities imports normalize)
    from engine.catalog import normalize_name

    family, run = FAMILY_LATIN[m[1]], m[2]
    keys = model_table().by_key
    found: dict[str, str] = {}
    for cut in range(1, len(run)):
        version, size = _number(run[:cut]), _number(run[cut:])
        if version is None or size is None:
            continue
        written = f"{family}{version} {size}b"
        ident = keys.get(normalize_name(written))
        if ident is not None:
            found.setdefault(ident, written)
    if len(found) != 1:
        return m[0]
    return next(iter(found.values()))


def read(text: str) -> str:
    """`text` (lower case, after NFKC) with spoken family versions, LLaMA-Factory and LoRA written as typed."""
    if "拉" in text or "lama" in text:
        text = FRAMEWORK.sub(" llama-factory ", text)
        text = LLAMA.sub("llama", text)
        text = LORA.sub(" lora ", text)
    if "千问" in text or "qwen" in text or "llama" in text:
        text = FAMILY_RUN.sub(_family_run, text)
    return text
