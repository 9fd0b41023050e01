"""Chat text -> intent + normalized request + rental details + what is missing.

Order matters and is deliberate: entities (model, GPU, provider) are found first and blanked out
so their digits can't be read again as counts or sizes; then the dataset phrases that could be
mistaken for other numbers (average length, samples, tokens); then everything else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from bot.text.i18n import Lang, detect_language
from bot.understand import asks as ask_words
from bot.understand import card_counts, framework_words, planning
from bot.understand import fields as f
from bot.understand import objective as obj
from bot.understand import rental_extras as extras
from bot.understand.cards import UnknownCard, memory_card, unknown_card, unknown_family
from bot.understand.clauses import own_lengths, questions
from bot.understand.entities import Match, find_gpus, find_models, find_provider, unknown_model
from bot.understand.faq import Hit, faq_index
from bot.understand.faq_clauses import STRONG_FAQ, faq_answers
from bot.understand.faq_topics import (
    TOPIC_FLOOR,
    about_other,
    across_cards,
    asks_unsized,
    asks_what_a_switch_saves,
    money_asked,
    named_service,
    named_too,
    on_card,
    service_topics,
    topic_or,
    topic_text,
)
from bot.understand.glossary import defines
from bot.understand.lazy import lazy
from bot.understand.lora_targets import lora_targets
from bot.understand.money_words import find_money, scaled_amount
from bot.understand.normalize import normalize
from bot.understand.provider_words import described_provider, elsewhere
from bot.understand.readings import Inference, PriceExtras, Rental
from bot.understand.several import MEMORY_ASK, PICK_A_CARD, lengths_asked, memory_and_cost
from bot.understand.spans import spans_against
from bot.understand.talk import small_talk
from bot.understand.trial import Run, measured_run, stated_run, timed_run
from bot.understand.wallet_intent import WalletAction, is_rule_question, wallet_action
from engine.request import TrainingRequest

MAX_CHARS = 2000


@dataclass
class Parsed:
    intent: str  # size | cost | price | inference | checkpoint | faq | wallet | help | smalltalk | export | unknown
    lang: Lang
    request: TrainingRequest
    rental: Rental
    missing: list[str] = field(default_factory=list)
    faq: list[Hit] = field(default_factory=list)
    faq_confident: bool = False
    wallet: WalletAction | None = None
    talk: str | None = None  # greeting | thanks | identity
    unknown_card: UnknownCard | None = None
    price: PriceExtras = field(default_factory=PriceExtras)
    inference: Inference = field(default_factory=Inference)
    follow_up: bool = False  # changes one thing of the previous question ("那换成qlora呢")
    faq_answers: list[Hit] = field(default_factory=list)  # confident answers, one per clause asked
    follow: dict[str, object] | None = None  # a price follow-up: the previous price question, changed
    versus: list[tuple[str, int | None]] = field(default_factory=list)  # "8x A100 vs 8x H100": cards compared
    family: str | None = None  # "CodeLlama" in "CodeLlama 34B": a family the catalog lacks, named back
    asks: ask_words.Asks = field(default_factory=ask_words.Asks)  # planning, export, cost, count ... asked
    parts: list[Parsed] = field(default_factory=list)  # a message asking two things: one reading per question
    words: str = ""  # the normalized words, for the fingerprint of a question without fields
    cards: list[str] = field(default_factory=list)  # every card named, in order ("A800 和 A100 各多少")
    run: Run | None = None  # a measured run with no model: how its hours were worked out, for the reply
    # the FAQ answer rests on a term of the message's own, beyond what it asks of an answer ("多少钱",
    # "how much would that cost?" name no subject: after an answer they ask about it)
    own_topic: bool = True
    elsewhere: str | None = None  # "autodl 上 4090 多少钱": a cloud we do not cover, named back before our answer

    def fingerprint(self) -> str:
        """What the message asks, for telling a meaningful edit from a cosmetic one (the Telegram
        adapter compares these instead of parsing again): the intent and every field read."""
        import json

        fields = sorted((k, str(v)) for k, v in self.fields().items())
        if self.intent in ("size", "cost", "price", "wallet", "checkpoint", "inference", "export"):
            # a deadline counts by whether it is there: "3天内" read a minute later is another instant
            extra = [str(self.wallet), str(replace(self.asks, deadline=None)), self.asks.deadline is not None,
                     str(self.price), self.elsewhere]
        else:
            extra = [self.words]  # a FAQ or an unknown question: the words, without case, spacing or punctuation
        return json.dumps([self.intent, fields, extra, [p.fingerprint() for p in self.parts]], ensure_ascii=False)

    def fields(self) -> dict[str, object]:
        """Every stated field, flat (the shape tests/parser_cases.yaml uses)."""
        out: dict[str, object] = dict(self.request.stated())
        for key, value in vars(self.rental).items():
            if value is not None and key not in out and key not in ("form_named", "term"):
                out[key] = value  # money stays Decimal
        return out


def _blank(text: str, spans: list[tuple[int, int]], fill: str = " ") -> str:
    """`text` with the spans an entity claimed overwritten (same length, so later spans still line
    up); a "|" fill also stops a count from reaching across the blanked name ("8 qwen3 14b 4090")."""
    chars = list(text)
    for start, end in spans:
        for i in range(start, end):
            chars[i] = fill
    return "".join(chars)


HELP = lazy(
    r"^\s*/?(?:help|hepl|halp|start|commands?|usage|帮助|菜单)\b\s*\??$|怎么用|咋用|如何使用|怎么使用|你能干啥|你能做什么|你会什么|能干什么|能做啥"
    r"|有哪些命令|有什么命令|命令列表|指令|what can you do|how (?:do i|to) use (?:this|you|the bot|it)|^help\b"
    r"|what commands|which commands|list (?:of )?(?:the )?commands|commands? (?:are there|do you have|list)|all (?:the )?commands"
)
SIZE_WORDS = lazy(
    r"显存|memory|vram|够|fit|几张|几卡|多少卡|多少张|要多少|oom|爆|跑得动|能跑|跑不|能训|训得|行不|行吗|能不能|需要|"
    r"多久|多长时间|how long|time|cost|price|花多少|多少钱|costs?|need|enough|size|sizing|要几|run|train"
)
TRAIN_WORDS = lazy(r"微调|训|train|finetun|fine[\s-]*tun|sft|lora|全参|全量|预训练|pretrain|epoch")
FOLLOW_UP = lazy(r"^(?:那|那换|换成|改成|换(?!一?个\s*(?:问题|话题))|改|如果|拉到|加到|用|上|what about|how about|and\b|with\b|w/|on\b|at\b|for\b)|呢\s*[?？]?\s*$")
RENT_A_CARD = lazy(r"租(?:个|张|一张|几张|台|点)?\s*(?:卡|显卡|gpu)|\brent\s+(?:a\s+|some\s+)?(?:cards?|gpus?)\b")
WHETHER = lazy(r"[吗么?？]|\b(?:how|can|could|do|does|is|are|what|why|which)\b")
# "cloudgpu 上的卡多少钱一小时", "gpuli's cards per hour": the provider's cards, all of them, priced
PROVIDER_LIST = lazy(r"哪些卡|什么卡|有啥卡|卡型|价目|价格表|报价单|(?:的|上的?|家的?|各(?:种|款|张)?)(?:显)?卡|price\s*list|which\s+(?:cards|gpus)"
                     r"|what\s+(?:cards|gpus)|all\s+(?:cards|gpus|prices)|'s\s+(?:cards|gpus)\b|\b(?:cards?|gpus?)\s+(?:at|on|from)\b")
MONEY_RULE = lazy(r"余额|balance|扣费|扣钱|计费|退款|refund|billing|charged?|预授权|pre-?auth|到期|expir|续费")
# How-to and troubleshooting questions: the FAQ's advice, not a sizing of a model nobody named.
HOWTO = lazy(r"怎么办|怎么估|怎么算|怎么设|怎么配|怎么调|怎么切|如何|咋办|报错|为啥|为何|怎么会|咋会|\bnan\b|爆显存了|oom了|要不要|需不需要|该不该|\bhow\s+(?:do|can|should)\s+i\b|\bhow\s+to\b"
                   r"|what\s+should\s+i|should\s+i\b|\bwhy\b|为什么")
# A question after a cause ("14b 开了 bf16 为啥还 oom", "why does 7b OOM in training when inference runs"):
# the FAQ's explanation, even where it names a size and a sizing word ("能跑" of the inference it compares)
WHY = lazy(r"为什么|为啥|为何|怎么会|咋会|\bwhy\b")
# Words that ask for a sizing outright (a how-to naming a size and none of these is the FAQ's)
SIZE_WORDS_STRICT = lazy(r"显存|memory|vram|够不够|够吗|fit|几张|几卡|多少卡|多少张|跑得动|能跑|能不能训|多少钱|多久|how\s+long|cost")
CHEAPEST = lazy(r"最省|最便宜|最划算|怎么租|咋租|cheapest|cheaper|most\s+economical|best\s+(?:way|deal)")
COMPARE = lazy(r"还是|\bor\b|选哪|哪个|哪一个|\bwhich\s+(?:one|is|of)\b|\bvs\.?\b|或者|对比|比较|差多少|差几|相差|相比|分别|各自|各要|各多少|\bversus\b|\bdifference\b|\beach\b")


def parse(text: str, now: datetime | None = None) -> Parsed:
    """Understand one chat message (`now` dates a deadline such as "周五前"; default the wall clock)."""
    parsed = _parse_one(text, now)
    parsed.parts = questions(text, parsed, now, _parse_one) or _each_card(parsed) or memory_and_cost(parsed)
    if lengths := lengths_asked(text, parsed):
        parsed.asks = replace(parsed.asks, lengths=lengths)
    return parsed


def _each_card(p: Parsed) -> list[Parsed]:
    """"A800 和 A100 80G 每小时各多少", "3090 跟 4090 差多少钱": a price question naming several cards
    and no model is one price question per card, answered in the order named."""
    if len(p.cards) < 2 or p.request.model or p.request.params_b or p.intent not in ("price", "unknown", "faq"):
        return []
    if p.intent != "price" and not (PRICE_ASK.search(p.words) or p.asks.cheaper):
        return []
    counts = dict(p.versus)
    own = own_lengths(p.words)  # "3090 跑 8 小时 + 4090 跑 3 小时": each card for its own length
    days_hours = {g: own.get(g, (p.rental.duration_days, p.rental.duration_hours)) for g in p.cards[:3]}
    return [replace(p, intent="price", request=p.request.model_copy(update={"gpu": g, "num_gpus": counts.get(g) or p.request.num_gpus}),
                    rental=replace(p.rental, gpu=g, duration_days=days_hours[g][0], duration_hours=days_hours[g][1]),
                    versus=[], parts=[], cards=[g], asks=replace(p.asks, hours=()) if own else p.asks)
            for g in p.cards[:3]]



def _parse_one(text: str, now: datetime | None) -> Parsed:
    raw = text[:MAX_CHARS]
    lang = detect_language(raw)
    norm = normalize(raw)
    models, gpus = find_models(norm), card_counts.settled(norm, find_gpus(norm))  # "8 张 h100，不对，h200": h200
    if not models:
        unknown = unknown_model(norm)
        models = [unknown] if unknown else []  # resolved later: UnknownName with suggestions
    versus: list[tuple[str, int | None]] = []
    cards = list(dict.fromkeys(g.ident for g in gpus))
    if len({g.ident for g in gpus}) > 1 and COMPARE.search(norm):
        blanked = _blank(norm, [(m.start, m.end) for m in models])
        versus = [(g.ident, f.count_near(blanked, g.start, g.end)) for g in gpus]
        compared = [(g.start, g.end) for g in gpus]  # their digits are names, never a length ("5090 月租")
        gpus = []  # "mi300x 还是 a100": a comparison, not a choice
    else:
        compared = []
    provider = find_provider(norm) or described_provider(norm)  # "按分钟计费的那家": the one that bills so
    spans = [(m.start, m.end) for m in models + gpus] + compared + ([(provider.start, provider.end)] if provider else [])
    rest = f.upper_bounds(planning.undated(_blank(norm, spans)))  # a date is a day: never a length or a count

    req: dict[str, object] = {}
    rental = Rental(provider=provider.ident if provider else None)
    if models:
        req["model"] = models[0].ident
    gpu_count = None
    if gpus:
        req["gpu"] = rental.gpu = gpus[0].ident
        # neither a model's digits nor an amount's are a count: "$50，3090" is fifty dollars and one card
        taken = [(m.start, m.end) for m in models] + [(w.start, w.end) for w in find_money(_blank(norm, [(g.start, g.end) for g in gpus]))]
        gpu_count = card_counts.near_card(_blank(norm, taken, "|"), gpus, f.count_near)

    avg = f.avg_len(rest)
    if avg:
        req["avg_len"] = avg
        rest = f.AVG_LEN.sub(" ", rest, count=1)
    samples = f.samples(rest)
    if samples:
        req["samples"] = samples
        rest = f.SAMPLES.sub(" ", rest, count=1) if f.SAMPLES.search(rest) else f.SAMPLES_BEFORE.sub(" ", rest, count=1)
    tokens = f.tokens(rest)
    if tokens:
        req["tokens"] = tokens
        rest = f.TOKENS.sub(" ", rest, count=1)
    # "50 步用了 100 秒" with a dataset to scale it to: a trial, read before the counts and lengths so its
    # steps and seconds are neither; without one ("总共 2000 步用了 40 分钟") it is the run itself
    trial = measured_run(rest) if samples or tokens else None
    if trial is not None:
        rest = _blank(rest, [(trial.start, trial.end)])
    # Money next: its digits are then blanked, so "预算 3w" is never three weeks nor "budget 2k" a
    # sequence length; the wallet's amount reader still sees them.
    money_words = find_money(rest)
    if not money_words and gpus and not models and ask_words.asks_how_long(norm):
        held = scaled_amount(rest)  # "3k 在 cloudgpu 能租 4090 多少个小时": the round amount is the money
        money_words = [held] if held is not None else []
    with_money = rest
    rest = _blank(rest, [(w.start, w.end) for w in money_words])
    family = None
    if "model" not in req:
        size = f.params_b(rest)
        if size:
            req["params_b"] = size
            family = unknown_family(rest, raw)
    rest = f.SIZE_B.sub(" ", rest)

    spans_mg = [(m.start, m.end) for m in models], [(g.start, g.end) for g in gpus]  # "nvm, 8 h100s": the corrected count wins
    count = card_counts.corrected(norm, *spans_mg, gpu_count if gpu_count is not None else f.num_gpus(rest))
    count = pair[0] if (pair := card_counts.read(norm, *spans_mg)) else count  # "两张 4090 吗，一张够不够": the one asked of
    if count is not None:
        req["num_gpus"] = rental.num_gpus = count
    extractors = {
        "method": f.method, "seq_len": f.seq_len, "micro_batch": f.micro_batch, "grad_accum": f.grad_accum,
        "zero": f.zero, "sharding": f.sharding, "offload": f.offload, "optimizer": f.optimizer, "grad_checkpointing": f.grad_checkpointing,
        "attention": f.attention, "lora_rank": f.lora_rank, "lora_targets": lora_targets, "epochs": f.epochs,
        "framework": framework_words.framework,
    }
    for key, extract in extractors.items():
        value = extract(rest)
        if value is not None:
            req[key] = value
    if "tokens" not in req and (req.get("model") or req.get("params_b")) and TRAIN_WORDS.search(rest):
        yi = f.yi_tokens(rest)
        if yi:
            req["tokens"] = yi

    step = trial.step_seconds if trial is not None else f.step_seconds(rest)
    side = f.side_spans(rest)
    side_min = sum(minutes for _, _, minutes in side)
    # with a step time the download and save minutes are part of the job, not the rental's length
    (rental.duration_days, rental.duration_hours), rental.term = f.duration(_blank(rest, [(a, b) for a, b, _ in side]) if step else rest), f.units_only(rest)
    rental.amount, rental.currency = f.money(with_money)
    if rental.currency is None:
        rental.currency = f.currency_only(with_money)

    steps = f.total_steps(rest)
    run: Run | None = None
    if req.get("samples") and not steps and "model" not in req and "params_b" not in req and (
            step or ask_words.asks_steps(norm)):
        # no model is needed to count a run's steps or price a measured run, only to check its memory
        run = timed_run(req, step, trial, side_min)
        steps = run.steps if step else None
    if step and steps and run is None and not req.get("samples") and "model" not in req and "params_b" not in req:
        run = stated_run(steps, step, side_min)  # "每步 1.2 秒 6250 步要训多久": steps × seconds, nothing else needed
    if step and steps and "hours" not in req:
        req["hours"] = steps * step / 3600 + side_min / 60  # + download and upload minutes
    elif step:
        req["step_seconds"] = step
        if side_min:
            req["side_minutes"] = side_min
    objective = obj.objective(rest)
    if objective is not None:
        req["objective"] = objective
    request = TrainingRequest.model_validate({k: v for k, v in req.items() if _valid(k, v)})
    spans_known = [(m.start, m.end) for m in models + gpus]
    card = unknown_card(norm, spans_known, raw) if not gpus else None
    if card is None and not gpus and (request.model or request.params_b or rental.provider):
        card = memory_card(norm)  # "70b qlora 48G 显存 ok 吗", "cloudgpu 上哪张 48G 的卡最便宜": that much memory
    price = PriceExtras(extras.add_ons(rest), extras.nodes(rest), extras.infiniband(rest), extras.annual(rest),
                        extras.repeat_purchase(rest), extras.display_currency(with_money) or ask_words.currency_ask(norm))
    asks = ask_words.read(norm, money_words, now or datetime.now(UTC), names_only=not re.sub(r"[\W_]+", "", rest),
                          job=bool(request.model or request.params_b or request.method or request.num_gpus))
    rental.form_named = asks.form_factor
    asks = replace(asks, count_versus=pair[1]) if pair else asks
    span = spans_against(rest) if ask_words.sets_against(norm) else None
    if span is not None and not f.units_only(rest):
        # "3 weeks of a 4090 vs one month": the shorter span bought by each unit, side by side
        asks = replace(asks, both_units=True)
        rental.duration_days, rental.duration_hours = (span / 24, None) if span % 24 == 0 else (None, span)
    elif asks.both_units and f.joined_duration(rest):
        asks = replace(asks, both_units=False)  # "包个月，再加两周": one total, not the weekly-and-monthly listing
    elif asks.both_units and f.units_only(rest):
        rental.duration_days = rental.duration_hours = None  # "包月划算还是周租划算": two units named, no span
    inference = Inference(obj.concurrency(rest), obj.inference_precision(rest))
    action = wallet_action(norm, amount=rental.amount, gpu=rental.gpu,
                           has_duration=bool(rental.duration_days or rental.duration_hours),
                           asked="?" in raw or "？" in raw)
    rental_terms = bool(price.add_ons or price.nodes or price.infiniband or price.annual or price.repeat_purchase
                        or request.hours or request.step_seconds or request.samples or request.tokens)
    c = classify(raw, norm, request, rental, action, card, bool(price.add_ons), topic=topic_text(rest), priced_extras=rental_terms)
    sized = bool(request.model or request.params_b)
    if sized and c.intent == "size" and asks.both_units and PRICE_ONLY_WORDS.search(norm):
        c = Classified("cost", c.hits)  # "7b qlora 周租和月租各多少": the job priced by the week and by the month
    elif sized and asks.methods_versus and c.intent == "faq" and not HOWTO.search(norm) and not asks_unsized(topic_text(rest)) \
            and not defines(c.answers):
        c = Classified("size", c.hits)  # "32b qlora vs lora, how much difference?" sized side by side (quality: FAQ)
    elif sized and (asks.weights or ask_words.offload_on_price(asks, request)) and c.intent == "faq" and not HOWTO.search(norm):
        c = Classified("size", c.hits)  # "70b qlora, how big is the 4-bit base?", "14b 全参 offload 最省吗": that job's answer
    if asks.methods_compared and not sized and (c.follow_up or (c.intent == "size" and not request.gpu)):
        # "显存够的话 LoRA 和 QLoRA 选哪个": two methods weighed with no model named is the FAQ's question
        answers, hits = faq_answers(raw, rental.provider)  # "那 QLoRA 比 LoRA 慢多少": two methods compared is a question, not a change
        if answers:
            c = Classified("faq", hits, True, answers=answers)
    if (asks.runway or (asks.how_long and not sized)) and money_words and request.gpu and c.intent in (
            "wallet", "size", "cost", "unknown", "faq", "price"):
        # "¥3000 够租多久 a100", "50刀 cloudgpu 4090 能跑几个小时": the price, divided into the money
        c = Classified("price", c.hits)
        asks = replace(asks, runway=True, budget=asks.budget or (money_words[0].value, money_words[0].currency))
    elif asks.runway and money_words and not request.gpu and card is None and not sized and c.intent in ("unknown", "faq"):
        # "我有 500U 够租多久": a runway whose card is not named yet, the money kept and named back
        c = Classified("price", c.hits)
        asks = replace(asks, budget=asks.budget or (money_words[0].value, money_words[0].currency))
    elif c.intent in ("size", "cost", "unknown", "faq") and request.gpu and not sized and asks.budget is not None and (
            rental.duration_days or rental.duration_hours or price.add_ons):
        # "with ₮10k can I run 8x h100 for a month plus a volume", "my wallet has ₮120 — a 4090 for a
        # week?": that rental against the money, no model (the wallet named is where the money is)
        c = Classified("price", c.hits)
    elif asks.budget is not None and rental.provider and not request.gpu and not sized and ask_words.asks_which_card(norm) \
            and c.intent in ("size", "cost", "unknown", "faq"):
        c = Classified("price", c.hits)  # "budget ¥5000, which card can I rent at X": that provider's prices
    elif c.intent == "cost" and sized and request.gpu and request.num_gpus and price.add_ons and (
            rental.duration_days or rental.duration_hours):
        c = Classified("price", c.hits)  # "14b 全参 4 张 a100 包月，加 2000G 存储卷，总共多少": the stated setup's total, add-ons in
    elif request.gpu and not sized and asks.budget is not None and (c.intent == "price" or (asks.enough and c.intent in (
            "unknown", "faq"))):  # "一周预算 500 U 能租 8 卡 H100 吗", "200u 能租 8卡h100 吗", "does $300 rent a 4090?": what
        c, asks = Classified("price", c.hits), replace(asks, runway=True)  # that budget rents, named back (size: the router's month)
    if c.intent in ("size", "unknown") and not sized and request.gpu and (rental.duration_days or rental.duration_hours) and (
            asks.deadline is not None or asks.pick or asks.cost or CHEAPEST.search(norm)):
        # "下周五前要交付，训练 2 天能跑完，用4090在 gpuli 怎么租最省": the run's length is known, so the
        # model is not needed: the cheapest rental covering it, checked against the deadline
        c = Classified("price", c.hits)
    if asks.models_listed and rental.provider and not sized and not request.gpu:
        c = Classified("price", c.hits)  # "how many GPU models does gpuli list": its catalog, counted
    elif (asks.table or ((asks.how_to_rent or asks.claim) and request.gpu)) and not sized and (request.gpu or rental.provider):
        c = Classified("price", c.hits)  # "把 gpuli 各卡整理成表格", "how do I spin up an 8x h100", "899 乘 8 就是 7192 吧"
    elif asks.export and (c.intent in ("size", "cost") or (c.intent in ("unknown", "faq") and (
            sized or not c.confident or (ask_words.config_tools(norm) and not HOWTO.search(norm))))):
        # "导出 deepspeed 配置", "a llamafactory yaml for 7b qlora": the job's files (named, last, or which?), no sizing
        c = Classified("export", c.hits)
    if run is not None and (run.stated or not run.step_seconds) and not sized and c.intent in ("size", "cost", "unknown", "faq"):
        # "一共多少步": counted from the dataset and batch; "每步 1.2 秒 6250 步要训多久": the product; no model needed
        c = Classified("price", c.hits)
    if c.intent != "wallet":
        rental.amount = None
        if c.intent != "faq":
            rental.currency = None
    missing = ["model"] if c.intent in ("size", "cost", "inference") and not (request.model or request.params_b) else []
    follow_up = c.follow_up or bool(FOLLOW_UP.search(norm))
    if versus and request.num_gpus is None and any(n for _, n in versus):
        request = request.model_copy(update={"num_gpus": next(n for _, n in versus if n)})
    own_topic = c.intent != "faq" or bool(HOWTO.search(norm)) or bool(
        faq_index().keyworded(ask_words.without_asks(f.without_durations(topic_text(rest))), TOPIC_FLOOR, provider=None))
    return Parsed(c.intent, lang, request, rental, missing, c.hits, c.confident, own_topic=own_topic,
                  wallet=action if c.intent == "wallet" else None, talk=c.talk, unknown_card=card, price=price,
                  inference=inference, follow_up=follow_up, faq_answers=across_cards(c.answers, c.hits, request.num_gpus, price.nodes), versus=versus, family=family,
                  asks=asks, words=" ".join(re.sub(r"[^\w/.,+-]+", " ", norm).split()), cards=cards,
                  run=run if (request.hours or (run and not run.step_seconds)) and not sized else None,
                  elsewhere=None if provider else elsewhere(norm))


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


@dataclass
class Classified:
    intent: str
    hits: list[Hit]
    confident: bool = False
    talk: str | None = None
    follow_up: bool = False
    answers: list[Hit] = field(default_factory=list)


CHECKPOINT = lazy(r"checkpoint|ckpt|检查点|存档|断点")
CHECKPOINT_ASK = lazy(r"多大|多少\s*g|占多少|多少空间|多少盘|多少磁盘|how\s+(?:big|large)|\bsize\b|disk|存哪|存在哪|放哪|where")


def asks_price(text: str) -> bool:
    """Whether a question asks a price ("cloudgpu 上的卡多少钱一小时", "能按小时租卡吗", "想在按分钟计费的那家
    租卡") or a provider's list of cards ("cloudgpu 有哪些卡": its price list): a bare card sent after it
    asks that card's price; after any other question ("gpuli 哪些卡有 NVLink") the card changes that question."""
    norm = normalize(text).lower()
    listed = PROVIDER_LIST.search(norm)  # "cloudgpu 有哪些卡" asks its list; "哪些卡有 NVLink" asks a property
    return bool(PRICE_WORDS.search(norm) or RENT_A_CARD.search(norm) or (listed and LIST_ENDS.match(norm, listed.end())))


LIST_ENDS = lazy(r"[\s?？。!！,，.]*(?:(?:呀|啊|呢|吗|么|可以租|能租|可租|does\s+\w+\s+(?:have|offer|rent|list)|(?:can|do)\s+(?:i|we)\s+rent)[\s?？。!！.]*)?$")


def asks_checkpoint(norm: str) -> bool:
    """"32B 全参的 checkpoint 一份多大", "how big is a checkpoint of 7B LoRA": the save, not the memory."""
    return bool(CHECKPOINT.search(norm)) and bool(CHECKPOINT_ASK.search(norm))


PRICE_WORDS = lazy(
    r"多少钱|多少|价格|价钱|什么价|啥价|够租|租多久|报价|租金|费用|收费|月租|周租|时租|月付|年付|周付|包月|按月|按周|按小时|贵不贵|便宜|how\s*much|price|pricing|cost|\brent|cheap|"
    r"per\s+(?:hour|week|month)|/\s*(?:h|hr|hour|月|周|小时)\b|hourly|weekly|monthly"
)
PRICE_ASK = lazy(r"多少钱|价格|价钱|什么价|啥价|报价|租金|月租|周租|时租|月付|年付|周付|多少|最便宜|how\s*much|price|pricing|cost|cheapest|per\s+(?:hour|week|month)|hourly|weekly|monthly")
AMOUNT_ASK = lazy(r"多少|how\s*much|\bcost\w*|\btotal\b|总价|合计|总共多少|一共多少钱|够|enough|\bcovers?\b")  # an amount, or whether one covers it
PRICE_ONLY_WORDS = lazy(r"多少钱|价格|价钱|什么价|啥价|报价|租金|月租|周租|时租|月付|年付|周付|how\s*much|price|pricing|\brent|hourly|weekly|monthly")


def classify(raw: str, norm: str, req: TrainingRequest, rental: Rental, action: WalletAction | None,
             card: UnknownCard | None, add_ons: bool = False, topic: str = "", priced_extras: bool = False) -> Classified:
    """The intent, decided on all the message's signals at once.

    - A named model or size makes a sizing (or, with a dataset or a duration, a cost) question,
      unless the message is about serving the model (an inference question).
    - A wallet action needs its verb and object (see wallet_intent); a question about money rules
      is never one: when the FAQ answers it with confidence, the FAQ wins.
    - Cards with price words and no model are a price question, unless the rest of the message asks
      what the FAQ answers about the service (where, latency, payment, boot, SLA, CPU and RAM); with
      no model, a confident FAQ answer beats asking "which model?".
    - A follow-up ("那换成qlora呢") changes one thing of the previous question.
    """
    sized = bool(req.model or req.params_b)
    if HELP.search(norm) and not sized:
        return Classified("help", [])
    talk = small_talk(norm)
    if talk is not None and not sized and not rental.gpu:
        return Classified("smalltalk", [], talk=talk)
    answers, hits = faq_answers(raw, rental.provider)
    if defines(answers):  # "what does 全参 mean vs lora for a 7b": what the terms mean, whatever job is named
        return Classified("faq", hits, True, answers=answers[:1])
    if rental.provider:
        hits = _about_provider(hits, rental.provider)
        # an answer about another provider stays when the message names that one too ("gpuli …？cloudgpu …？")
        kept = [a for a in answers if not about_other(a, rental.provider) or (len(answers) > 1 and named_too(a, norm))]
        if answers and not kept:
            # "gpuli 的库存在哪看": the confident entry was another provider's; this provider's entry
            # whose own term the message names ("库存") answers, from a lower confidence
            named = [h for h in faq_index().keyworded(raw, PROVIDER_TERM_FLOOR, hits, rental.provider) if not about_other(h, rental.provider)]
            kept = named[:1]
        answers = kept
    confident = bool(answers)
    strong = confident and answers[0].score >= STRONG_FAQ
    if action is not None and not sized:
        reading = action.kind in ("balance", "history", "rentals", "budget_show")
        if not (reading and is_rule_question(norm) and strong):
            return Classified("wallet", hits)
    if not sized and rental.gpu and (rental.duration_days or rental.duration_hours) and MONEY_RULE.search(norm) \
            and is_rule_question(norm) and AMOUNT_ASK.search(norm):
        # "cloudgpu 跑 8 小时 A100，余额至少留多少": the rule applied to that rental is its price (with
        # the hold the provider takes while it runs), not the rule's general wording; asked no amount
        # ("月租 8 卡 h100 到期前会提醒吗 提前几天") the rental is only the rule's context: the FAQ answers
        return Classified("price", hits)
    if not sized and MONEY_RULE.search(norm) and is_rule_question(norm):
        # "what happens when my balance hits zero": a question about the rules of money is the FAQ's,
        # answered from a clear leader even below the usual confidence (the topic is already known)
        lead = answers or ([hits[0]] if _clear_leader(hits) else [])  # one per question asked
        if lead:
            return Classified("faq", hits, True, answers=lead)
    if obj.is_inference(norm) and (sized or not confident):
        return Classified("inference", hits)
    why = confident and bool(WHY.search(norm))
    if sized and not (req.gpu or req.num_gpus or req.seq_len) and (why or not req.method) and HOWTO.search(norm) \
            and not MEMORY_ASK.search(norm) and (why or not SIZE_WORDS_STRICT.search(norm)) and (confident or _clear_leader(hits)):
        # "70B 张量并行怎么设", "7B fp16 出现 NaN 怎么办": a how-to that names a size, not a sizing; "7b 推理
        # 能跑，为啥一训练就 oom" asks why, and an entry that answers it outright wins over its sizing words
        return Classified("faq", hits, True, answers=topic_or(topic, ask_words.methods_named(norm), answers or hits[:1]))
    if sized and (not MEMORY_ASK.search(norm) or asks_what_a_switch_saves(topic)) and not _wants_cost(req, rental, norm):
        about = topic_or(topic, ask_words.methods_named(norm), [])
        if about:
            # "72B 一训就 NaN", "32b 要不要开张量并行 8卡 h100", "7b ZeRO-2 还是 DDP": the words left once the job
            # is taken out ask the FAQ about precision, parallelism or the data pipeline, not for a sizing
            return Classified("faq", hits, True, answers=about)
    if sized and asks_checkpoint(norm) and not _wants_cost(req, rental, norm):
        return Classified("checkpoint", hits)
    if sized:
        if _wants_cost(req, rental, norm):
            return Classified("cost", hits)
        return Classified("size", hits)
    if not sized and req.hours and req.samples and (bool(rental.gpu) or card is not None or req.step_seconds is None):
        # a measured run with no model: its hours priced on the card, or (no card) the time alone
        return Classified("price", hits)
    # a card with a price word, or a length and an amount asked ("一万网络 3090 一个月多少 换成美元呢"): a price question
    card_priced = bool(rental.gpu) and not TRAIN_WORDS.search(norm) and bool(PRICE_ONLY_WORDS.search(norm) or (
        (rental.duration_days or rental.duration_hours) and (AMOUNT_ASK.search(norm) or "租" in norm) and not MEMORY_ASK.search(norm)))
    follow_up = bool(FOLLOW_UP.search(norm)) and bool(
        req.method or req.num_gpus or req.gpu or req.seq_len or req.objective or req.zero is not None) and not card_priced
    if follow_up and confident and (asks_unsized(topic) or any((rental.gpu or req.gpu) in part.cards for a in answers for part in a.entry.by_card)):
        # "at gpuli, which of A6000 / A40 can be NVLink-bridged?": a question the FAQ answers about the very
        # card named, asked whole, not a change to the job before
        return Classified("faq", hits, True, answers=answers)
    if follow_up:
        return Classified("size", hits, follow_up=True)
    carded = bool(rental.gpu) or card is not None
    if carded and req.hours and req.samples:
        return Classified("price", hits)  # a measured run with no model: its hours priced on the card
    priced = bool(PRICE_WORDS.search(norm)) or bool(rental.duration_days or rental.duration_hours)
    training = bool(TRAIN_WORDS.search(norm))
    sizing_words = bool(SIZE_WORDS.search(norm))
    asks_price = bool(PRICE_ASK.search(norm)) or bool(rental.duration_days or rental.duration_hours)
    if (carded or (rental.provider and req.num_gpus)) and not priced_extras and not training:
        # "一万网络 H100 机房在哪 延迟多少", "gpuli 8 卡机器出口带宽多少": a card (or a provider's machine by its count) named,
        # and the rest asks what the FAQ answers about the service, not the price nor whichever entry quotes that card
        # most (a rental with add-ons, nodes, InfiniBand, a prepaid year or a run's size is priced: the rental's words)
        service = service_topics(topic, rental.provider, asks_price if carded else money_asked(norm))
        if service:
            # the message's own answers (one per question asked) stay when the rest names the term of one of
            # them too, or one is about the very card named ("4090 多卡有没有 NVLink": the multi-4090 entry's)
            terms = {h.entry.id for h in service}
            stays = any(a.entry.id in terms or on_card(a, rental.gpu) for a in answers)
            return Classified("faq", hits, True, answers=answers if stays else service[:1])
    # training words make a price question only with an amount asked: a price word, or with a length
    # stated any amount word ("36h 的 qlora 任务，3090 多少", "pretraining … for a month — total?")
    amount_asked = bool(PRICE_ONLY_WORDS.search(norm)) or bool(
        (rental.duration_days or rental.duration_hours) and AMOUNT_ASK.search(norm) and not MEMORY_ASK.search(norm))
    if carded and priced and not (training and not amount_asked) and not (strong and not asks_price):
        return Classified("price", hits)
    if not carded and not training and priced and (add_ons or (rental.provider and (
            PROVIDER_LIST.search(norm) or (req.num_gpus and extras.rents_count(rental.provider, req.num_gpus))))):
        # "2000G 存储卷一个月多少", "cloudgpu 有哪些卡、多少钱", "cheapest 8-card option at 一万网络, monthly?" (a
        # count the provider rents no setup of, "Can I rent an 8-GPU box on CloudGPU?", is the FAQ's)
        return Classified("price", hits)
    if not carded and not training and rental.provider and RENT_A_CARD.search(norm) and not WHETHER.search(norm):
        return Classified("price", hits)  # "想在按分钟计费的那家租卡": what it rents, priced (no question about it)
    howto = bool(HOWTO.search(norm))
    if req.objective and not strong:
        return Classified("size", hits)  # "DPO 的参考模型要不要算": what is counted, and which model?
    asks_memory = bool(MEMORY_ASK.search(norm))
    if training and howto and not asks_memory and not confident and _clear_leader(hits):
        return Classified("faq", hits, True, answers=hits[:1])  # "爆显存了怎么办": the FAQ's advice, no model needed
    if training and not strong and (PICK_A_CARD.search(norm)
                                    or (sizing_words and not (howto and confident) and (asks_memory or not confident))):
        return Classified("size", hits)  # "微调要多少显存": which model? (with buttons), not a FAQ essay
    if req.gpu and not (confident and howto) and not strong and sizing_words and re.search(r"够|fit|enough|行不|行吗", norm):
        return Classified("size", hits)  # "3090够吗": for which model?
    if confident:
        return Classified("faq", hits, True, answers=answers if carded else named_service(answers, topic, rental.provider))
    if req.gpu and sizing_words and re.search(r"够|fit|enough|能跑|跑得动|行不|行吗", norm):
        return Classified("size", hits)
    if training and (PICK_A_CARD.search(norm) or sizing_words):
        return Classified("size", hits)
    if (req.tokens or req.samples) and training:
        return Classified("size", hits)
    return Classified("unknown", hits)


def _about_provider(hits: list[Hit], provider: str) -> list[Hit]:
    """A question naming one provider is not answered by an entry about another: those go last,
    and never count as a confident answer ("gpuli 的库存在哪看" is not cloudgpu's price list)."""
    return sorted(hits, key=lambda h: about_other(h, provider))


PROVIDER_TERM_FLOOR = 0.25  # the named provider's entry, by a term of its own, after another's was set aside
RULE_LEAD_SCORE = 0.25  # a money-rule question takes the FAQ's top answer from this score ...
RULE_LEAD_MARGIN = 0.1  # ... when it leads the next one by this much


def _clear_leader(hits: list[Hit]) -> bool:
    if not hits or hits[0].score < RULE_LEAD_SCORE:
        return False
    return len(hits) < 2 or hits[0].score - hits[1].score >= RULE_LEAD_MARGIN


def _wants_cost(req: TrainingRequest, rental: Rental, norm: str) -> bool:
    """A dataset size, a step time or a rental length makes a sizing question a time-and-cost one."""
    return bool(req.tokens or req.samples or req.hours or req.days or req.step_seconds
                or rental.duration_days or rental.duration_hours)


__all__ = ["Match", "Parsed", "PriceExtras", "Rental", "parse"]
