"""Chat text -> intent + normalized request + rental details + what is missing.

Order matters and is deliberate: entities (model, GPU, provider) are found first and blanked out
so their digits can't be read again as counts or sizes; then the dataset phrases that could be
mistaken for other numbers (average length, samples, tokens); then everything else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from bot.faq import Hit
from bot.faq import answer as faq_answer
from bot.i18n import Lang, detect_language
from bot.understand import fields as f
from bot.understand.amount import Ambiguous, OutOfRange
from bot.understand.entities import Match, find_gpus, find_models, find_provider, unknown_model
from bot.understand.normalize import normalize
from engine.request import TrainingRequest

MAX_CHARS = 2000
STRONG_FAQ = 0.8  # a FAQ hit this sure wins over a sizing reading of the same words  # longer messages are cut: nobody describes a training run in more


@dataclass
class Rental:
    """What a wallet message says about money and renting."""

    provider: str | None = None
    gpu: str | None = None
    num_gpus: int | None = None
    duration_days: float | None = None
    duration_hours: float | None = None
    amount: Decimal | Ambiguous | OutOfRange | None = None  # ambiguous ("1,5") or absurd: asked back / refused
    currency: str | None = None


@dataclass
class Parsed:
    intent: str  # size | faq | wallet | help | unknown
    lang: Lang
    request: TrainingRequest
    rental: Rental
    missing: list[str] = field(default_factory=list)
    faq: list[Hit] = field(default_factory=list)
    faq_confident: bool = False

    def fields(self) -> dict[str, object]:
        """Every stated field, flat (the shape tests/parser_cases.yaml uses)."""
        out: dict[str, object] = {k: v for k, v in self.request.stated().items() if k != "lora_targets"}
        for key, value in vars(self.rental).items():
            if value is not None and key not in out:
                out[key] = value  # money stays Decimal
        return out


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    chars = list(text)
    for start, end in spans:
        for i in range(start, end):
            chars[i] = " "
    return "".join(chars)


HELP = re.compile(
    r"^\s*/?(?:help|hepl|halp|start|commands?|usage|帮助|菜单)\b\s*\??$|怎么用|咋用|如何使用|怎么使用|你能干啥|你能做什么|你会什么|能干什么|能做啥"
    r"|有哪些命令|有什么命令|命令列表|指令|what can you do|how (?:do i|to) use (?:this|you|the bot|it)|^help\b"
)
WALLET = re.compile(
    r"余额|balance|还剩多少钱|剩多少钱|充值|(?<![补扩])充\s*\d|冲\s*\d|top\s*-?up|topup|\badd\s+\d|预算|budget|钱包|wallet|到账|账单|"
    r"记录|history|ledger|续费|renew|退租|/rent|/stop|/wallet|/balance"
)
RENT_VERB = re.compile(r"(?:^|[^能可])(?:租|开)(?!什么|啥|哪|多少|吗)|\brent\b|\bbook\b|帮我\s*(?:租|开|rent)")
QUESTION = re.compile(r"多少|几天|几个|几张|吗|\?|能不能|可以|可不可以|怎么|什么|啥|how much|what|which|can i|is it|do you|does")
SIZE_WORDS = re.compile(
    r"显存|memory|vram|够|fit|几张|几卡|多少卡|多少张|要多少|oom|爆|跑得动|能跑|跑不|能训|训得|行不|行吗|能不能|需要|"
    r"多久|多长时间|how long|time|cost|price|花多少|多少钱|costs?|need|enough|size|sizing|要几|run|train"
)
TRAIN_WORDS = re.compile(r"微调|训|train|finetun|fine[\s-]*tun|sft|lora|全参|全量|预训练|pretrain|epoch")
STRONG_WALLET = re.compile(
    r"余额|balance|还剩多少钱|剩多少钱|充值\s*[¥$₮]?\s*\d|充\s*[¥$₮]?\s*\d|冲\s*\d|top\s*-?up|topup|\badd\s+\d|钱包|wallet|"
    r"到账|/wallet|/balance|/rent|/stop|(?:预算|budget).{0,12}\d|\d.{0,12}(?:预算|budget)|最多花|花费上限|spend\s+limit|取消预算"
)
FOLLOW_UP = re.compile(r"^(?:那|那换|换成|改成|如果|what about|how about|and\b|with\b|w/)")
PICK_A_CARD = re.compile(r"什么卡|哪张卡|哪种卡|哪款卡|选什么|租什么|which gpu|what gpu|which card|what card")
COMPARE = re.compile(r"还是|\bor\b|\bvs\.?\b|或者|对比|比较")


def parse(text: str) -> Parsed:
    """Understand one chat message."""
    raw = text[:MAX_CHARS]
    lang = detect_language(raw)
    norm = normalize(raw)
    models, gpus = find_models(norm), find_gpus(norm)
    if not models:
        unknown = unknown_model(norm)
        models = [unknown] if unknown else []  # resolved later: UnknownName with suggestions
    if len({g.ident for g in gpus}) > 1 and COMPARE.search(norm):
        gpus = []  # "mi300x 还是 a100": a comparison, not a choice
    provider = find_provider(norm)
    spans = [(m.start, m.end) for m in models + gpus] + ([(provider.start, provider.end)] if provider else [])
    rest = f.upper_bounds(_blank(norm, spans))

    req: dict[str, object] = {}
    rental = Rental(provider=provider.ident if provider else None)
    if models:
        req["model"] = models[0].ident
    gpu_count = None
    if gpus:
        req["gpu"] = rental.gpu = gpus[0].ident
        gpu_count = f.count_near(_blank(norm, [(m.start, m.end) for m in models]), gpus[0].start, gpus[0].end)

    avg = f.avg_len(rest)
    if avg:
        req["avg_len"] = avg
        rest = re.sub(f.AVG_LEN, " ", rest, count=1)
    samples = f.samples(rest)
    if samples:
        req["samples"] = samples
        rest = f.SAMPLES.sub(" ", rest, count=1) if f.SAMPLES.search(rest) else f.SAMPLES_BEFORE.sub(" ", rest, count=1)
    tokens = f.tokens(rest)
    if tokens:
        req["tokens"] = tokens
        rest = f.TOKENS.sub(" ", rest, count=1)
    if "model" not in req:
        size = f.params_b(rest)
        if size:
            req["params_b"] = size
    rest = f.SIZE_B.sub(" ", rest)

    count = gpu_count if gpu_count is not None else f.num_gpus(rest)
    if count is not None:
        req["num_gpus"] = rental.num_gpus = count
    extractors = {
        "method": f.method, "seq_len": f.seq_len, "micro_batch": f.micro_batch, "grad_accum": f.grad_accum,
        "zero": f.zero, "offload": f.offload, "optimizer": f.optimizer, "grad_checkpointing": f.grad_checkpointing,
        "attention": f.attention, "lora_rank": f.lora_rank, "epochs": f.epochs,
    }
    for key, extract in extractors.items():
        value = extract(rest)
        if value is not None:
            req[key] = value
    if "tokens" not in req and (req.get("model") or req.get("params_b")) and TRAIN_WORDS.search(rest):
        yi = f.yi_tokens(rest)
        if yi:
            req["tokens"] = yi

    rental.duration_days, rental.duration_hours = f.duration(rest)
    rental.amount, rental.currency = f.money(rest)
    if rental.currency is None:
        rental.currency = f.currency_only(rest)

    request = TrainingRequest.model_validate({k: v for k, v in req.items() if _valid(k, v)})
    intent, hits, confident = classify(raw, norm, request, rental)
    if intent != "wallet":
        rental.amount = None
        if intent != "faq":
            rental.currency = None
    missing = ["model"] if intent == "size" and not (request.model or request.params_b) else []
    return Parsed(intent, lang, request, rental, missing, hits, confident)


def parse_cost(text: str) -> TrainingRequest:
    """The request a cost question states, with the provider and rental length it names."""
    if not text:
        return TrainingRequest()
    parsed = parse(text)
    rental = parsed.rental
    found = {"provider": rental.provider, "days": rental.duration_days, "hours": rental.duration_hours}
    extra = {k: v for k, v in found.items() if v is not None and getattr(parsed.request, k) is None}
    return parsed.request.model_copy(update=extra) if extra else parsed.request


def _valid(key: str, value: object) -> bool:
    """Keep 0 cards / seq 0 (the engine answers them with a clear line); drop empty dataset sizes."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value > 0 or key in ("zero", "num_gpus", "seq_len")
    return True


def classify(raw: str, norm: str, req: TrainingRequest, rental: Rental) -> tuple[str, list[Hit], bool]:
    """The intent, with the FAQ hits that informed it.

    A sizing question names a model or a size; a wallet message states money or a rental with a
    verb; a follow-up ("那换成qlora呢") changes one thing of the previous question; anything else
    that the FAQ answers with confidence is a FAQ question.
    """
    sized = bool(req.model or req.params_b)
    if HELP.search(norm) and not sized:
        return "help", [], False
    hit, hits = faq_answer(raw)
    asking = bool(QUESTION.search(norm))
    if STRONG_WALLET.search(norm) and not sized:
        return "wallet", hits, False
    renting = bool(RENT_VERB.search(norm)) and bool(rental.gpu or rental.duration_days or rental.duration_hours)
    if (renting or WALLET.search(norm)) and not sized and not asking:
        return "wallet", hits, False
    if sized:
        return "size", hits, False
    training = bool(TRAIN_WORDS.search(norm))
    sizing_words = bool(SIZE_WORDS.search(norm))
    if FOLLOW_UP.search(norm) and (req.method or req.num_gpus or req.gpu or req.seq_len):
        return "size", hits, False
    if req.gpu and sizing_words and re.search(r"够|fit|enough|能跑|跑得动|行不|行吗", norm):
        return "size", hits, False
    if training and PICK_A_CARD.search(norm):
        return "size", hits, False
    if training and sizing_words and (hit is None or hit.score < STRONG_FAQ):
        return "size", hits, False
    if hit is not None:
        return "faq", hits, True
    if (req.tokens or req.samples) and training:
        return "size", hits, False
    return "unknown", hits, False


__all__ = ["Match", "Parsed", "Rental", "parse"]
