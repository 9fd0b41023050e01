"""GPU names the catalog does not know, so a reply can name them back instead of ignoring them.

Why: "8×H800 够吗" sized without a word about the H800 reads as if KaSuan answered another
question. A card-shaped word that is not a catalog card is returned with the memory the user
stated beside it ("4080 16G"), if any, so the reply can say what it sized the card as.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.understand.lazy import lazy

CARD_SHAPE = lazy(
    r"(?<![a-z0-9])((?:rtx\s*|gtx\s*)?(?:[1-5]0[5-9]0)(?:\s*ti(?:\s*super)?|\s*super)?"
    r"|(?:h|a|l|v|t|b|p|k)[1-9]\d{1,2}(?![\d.]*\s*b(?![a-z]))[a-z]?(?:\s*(?:pcie|sxm|nvl))?"
    r"|mi\s?[1-9]\d{2}[a-z]?|tesla\s+\w+|quadro\s+\w+|rtx\s*[a-z]?\d{4}(?:\s*ada)?|910b|昇腾\s*\d*\w*|ascend\s*\d*\w*"
    r"|(?:intel\s+)?gaudi\s*\d*|tpu\s*v?\d+\w*|trainium\d*|inferentia\d*|mlu\d+|(?:jetson|dgx)\s*\w*)"
    r"(?![a-z0-9])",
    re.I | re.ASCII,
)
STATED_MEMORY = lazy(r"^\s*(?:[-(（]?\s*)?(\d{1,3})\s*(?:g|gb)\b", re.I | re.ASCII)
NOT_CARDS = {"a1", "b1", "h1", "t5", "v2", "v3", "l2", "k8"}  # model versions and the like


@dataclass(frozen=True)
class UnknownCard:
    name: str
    memory_gb: int | None  # stated right after the name, e.g. "4080 16G"
    bare: bool = False  # only a memory amount was given ("48G 显存 ok 吗"): the card is that much memory
    choices: tuple[str, ...] = ()  # a card's number shortened ("两张90"): the catalog cards it may be, asked back


# A memory amount said of the card itself, with no card named: "48G 显存", "显存 24GB", "a 48 GB card",
# "with 80GB of VRAM", after a count of one card ("单卡 48g", "一张 48G"), or asked whether it is enough
# ("48g 够吗", "is 48gb enough") or picked by it ("哪张 80G 最便宜"): in a sizing question nothing else measured in
# GB is asked that way.
# A size with no such word ("2000G 存储卷", "下载 40G") is not a card.
_GB = r"(\d{2,3})\s*(?:g|gb)(?![a-z0-9])"
MEMORY_AS_CARD = lazy(
    rf"(?<![\d.]){_GB}\s*(?:的\s*)?(?:显存|卡|显卡|(?:of\s+)?vram|gpu|card|options?\b|choices?\b|ones\b|选项|型号)"
    rf"|(?:显存|vram|(?:gpu|card)s?\s+with)\s*(?:只有|有|是|为|[:：=])?\s*{_GB}"
    rf"|(?:(?<![\d.])1\s*(?:张卡|张|块卡|块|卡)|\b(?:a\s+single|single|one)\b)\s*(?:的\s*)?{_GB}"
    rf"|(?<![\d.]){_GB}\s*(?:的\s*)?(?:就|能|也)?\s*(?:够|行|可以吗|放得下|装得下|跑得动|(?:be\s+)?enough\b|ok\b|fine\b|suffice)"
    rf"|\b(?:is|will|would)\s+{_GB}\s+(?:be\s+)?(?:enough|ok|fine|sufficient)\b|\bfits?\s+(?:in|on|into|within)\s+(?:a\s+|one\s+)?{_GB}"
    # a card picked by its memory with no card word ("哪张 80G 最便宜", "80G 哪个便宜", "cheapest 80gb at cloudgpu"):
    # which one, or the cheapest, of that much memory
    rf"|(?:哪一?[张块个款]|最便宜的?|最划算的?|\bwhich\b|\bcheapest\b)\s*{_GB}|(?<![\d.]){_GB}\s*(?:的\s*)?(?:里|中|当中)?\s*哪",
    re.I,
)


def unknown_card(text: str, known_spans: list[tuple[int, int]], raw: str = "") -> UnknownCard | None:
    """The first card-shaped word outside the spans of recognised names (models, GPUs), spelled as
    the user wrote it when `raw` has it."""
    for m in CARD_SHAPE.finditer(text):
        if any(start <= m.start() < end or start < m.end() <= end for start, end in known_spans):
            continue
        word = m.group(1)
        compact = re.sub(r"\s+", "", word.lower())
        if compact in NOT_CARDS or (re.fullmatch(r"[a-z]\d{2,3}", compact) and _looks_like_size(text, m.end())):
            continue
        mem = STATED_MEMORY.match(text[m.end():])
        typed = re.search(re.escape(word), raw, re.I) if raw else None
        name = typed.group(0) if typed else word.upper()
        return UnknownCard(name, int(mem.group(1)) if mem else None)
    return None


# A card's number cut to its last two digits after a count or a rent word ("两张90", "租一张90", "2x90"): never a count
# of 90 cards nor 90 GB; what follows must not make it an amount (90G, 90天, 90%, 90b ...)
SHORT_CARD = lazy(r"(?:(?<![\d.])\d{1,2}\s*(?:张|块|片|台|[x×*])|租)\s*(\d{2})(?![\d.])"
                  r"(?!\s*(?:g|gb|b|%|k|w|万|千|元|块|刀|天|周|月|年|小时|个|条|步|秒|分|h\b|days?\b|hours?\b|steps?\b))", re.I | re.ASCII)


# or the two digits opening a short fit question on their own ("90 够不", "90 行吗"), as a card asked after a sizing
SHORT_CARD_ASKED = lazy(r"^\s*(\d{2})\s*(?=够|行|能|可以|得|ok\b|吗|呢)", re.I | re.ASCII)


def short_card(text: str) -> UnknownCard | None:
    """A card named by its last two digits where several catalog cards end in them ("两张90": the RTX 3090, 4090 or
    5090), to be asked back rather than guessed; one card ending so, or none, is left to the other readers."""
    from engine.catalog import gpus

    for m in [*SHORT_CARD.finditer(text), *SHORT_CARD_ASKED.finditer(text)]:
        digits = m.group(1)
        names = [g.name for g in gpus().entries
                 if any(a.isdigit() and len(a) == 4 and a.endswith(digits) for a in g.aliases)]
        if len(names) > 1:
            return UnknownCard(digits, None, choices=tuple(names))
    return None


def memory_card(text: str) -> UnknownCard | None:
    """A card given only by its memory ("70b qlora 48G 显存 ok 吗"): judged against that much memory
    rather than a card the sizing would pick itself."""
    m = MEMORY_AS_CARD.search(text)
    if m is None:
        return None
    gb = int(next(g for g in m.groups() if g))
    return UnknownCard(f"{gb} GB", gb, bare=True) if 8 <= gb <= 288 else None


def _looks_like_size(text: str, end: int) -> bool:
    """"a14b" is a model size, not a card."""
    return text[end:end + 1] == "b"


# A word written right before a bare size ("CodeLlama 34B", "百川2 13B", "baichuan2-13b"): a model family
# the catalog does not know, named back in the reply instead of silently sized as another family.
# Chinese text counts only with a version number glued to it ("百川2"): "帮我算下 7b" or "咱们 7b" is
# a sentence around a bare size, and text that no entity claims is never a model name.
FAMILY_BEFORE_SIZE = lazy(
    r"(?<![a-z0-9])([a-z][a-z0-9]*(?:[-_.][a-z][a-z0-9]*)*|[\u4e00-\u9fff]{2,4}\d+(?:\.\d+)?)[\s\-_]*(\d+(?:\.\d+)?)\s*b(?![a-z])",
    re.I,
)
NOT_FAMILIES = {
    "a", "an", "the", "for", "on", "of", "with", "and", "or", "to", "is", "my", "our", "run", "train", "tune", "finetune",
    "lora", "qlora", "full", "ft", "sft", "dpo", "ppo", "orpo", "kto", "grpo", "fp16", "bf16", "int4", "int8", "model",
    "size", "params", "param", "parameters", "about", "around", "approx", "v", "x", "gpu", "card", "cards", "pretrain",
    "pretraining", "continued", "serve", "serving", "vllm", "inference", "deploy", "fully", "fine", "tuning", "finetuning",
    "全参", "全量", "模型", "参数", "微调", "训练", "一个", "这个", "那个", "大概", "差不多", "推理", "部署", "做个", "预训练",
    # chat filler in English: greetings, asks and pronouns typed before a bare size
    "hi", "hey", "hello", "yo", "pls", "please", "plz", "help", "me", "us", "we", "i", "you", "can", "could", "would",
    "quick", "question", "q", "boss", "team", "need", "want", "wanna", "check", "calc", "calculate", "estimate",
    "sizing", "how", "what", "so", "ok", "okay", "thanks", "just", "now", "again", "also", "then",
    "this", "that", "some", "any", "your", "their", "it", "be", "are", "do", "does", "did", "using",
    "use", "at", "in", "by", "from", "if", "base", "dense", "tiny", "small", "big", "large", "new", "bare", "plain",
    # a time zone typed after a time ("17:00 SGT, 32B ..."): the deadline's zone, never a model family
    "utc", "gmt", "cst", "sgt", "hkt", "jst", "kst", "pst", "pdt", "est", "edt", "cet", "bst", "ist", "pt", "et",
}


def unknown_family(text: str, raw: str = "") -> str | None:
    """The family word before a bare size, when it is not one of ours and not an ordinary word
    (spelled as the user wrote it, when `raw` has it)."""
    from bot.understand.entities import model_table

    for m in FAMILY_BEFORE_SIZE.finditer(text):
        word = m.group(1)
        folded = word.lower()
        stem = re.sub(r"[\d.\-_]+$", "", folded)
        if folded in NOT_FAMILIES or stem in NOT_FAMILIES or len(stem) < 2:
            continue
        if not word.isascii() and not text[m.end(1):m.start(2)]:
            continue  # "咱们14b" is 咱们 + 14B, never a family "咱们1" of 4B: a Chinese version needs a gap
        if any(key.startswith(re.sub(r"[^a-z0-9\u4e00-\u9fff]", "", stem)) for key in model_table().by_key):
            continue  # a family we know (qwen, llama ...): the reply names the architecture it used
        found = re.search(re.escape(word), raw, re.I) if raw else None
        spelled = found.group(0) if found else word
        joined = not re.search(r"\s", text[m.end(1):m.start(2)])  # "falcon-7b", "falcon7b": written as one name
        if not (joined or spelled[:1].isupper() or not spelled.isascii()):
            continue  # a lowercase English word apart from the size ("budget 8b") is the sentence, not a name
        return spelled
    return None
