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
from bot.understand import card_counts, framework_words, planning, precision_words, residency, run_timing, time_left
from bot.understand import fields as f
from bot.understand import objective as obj
from bot.understand import rental_extras as extras
from bot.understand import stated_speed as speed
from bot.understand.availability import rents_card_asked
from bot.understand.card_methods import methods_by_card
from bot.understand.cards import UnknownCard, memory_card, short_card, unknown_card, unknown_family
from bot.understand.classify import (
    CHEAPEST,
    HOWTO,
    PRICE_ASK,
    PRICE_NOUN,
    PRICE_ONLY_WORDS,
    TRAIN_WORDS,
    Classified,
    classify,
    follow_up_said,
    same_card_back,
)
from bot.understand.clauses import questions
from bot.understand.corrections import opening, settled
from bot.understand.cost_estimate import cost_estimated
from bot.understand.cues import CHANGE_SAID, FOLLOW_UP_CHARS, YES_NO, Cues, fresh_start
from bot.understand.cues import read as read_cues
from bot.understand.cycle_end import CycleStart, cycle_from
from bot.understand.daily_hours import without_daily
from bot.understand.deadline_rental import rent_until
from bot.understand.each_card import each_card
from bot.understand.entities import Match, find_gpus, find_models, find_provider, unknown_model
from bot.understand.faq import Hit, faq_index
from bot.understand.faq_clauses import beside_spec, faq_answers
from bot.understand.faq_topics import (
    TOPIC_FLOOR,
    WHETHER,
    across_cards,
    asks_unsized,
    budget_only,
    money_asked,
    offered_with_feature,
    on_cards,
    topic_text,
)
from bot.understand.follow_frame import frame_only
from bot.understand.follow_reads import cheaper_said, weighed_only
from bot.understand.global_batch import accum_first, asks_global_batch, batch_run
from bot.understand.glossary import defines
from bot.understand.held_cards import fit_of_held_cards
from bot.understand.instances import runs_on_one, separate_runs, single_card_machines
from bot.understand.job_count import same_jobs
from bot.understand.lazy import lazy
from bot.understand.learning_rate import learning_rate, save_steps
from bot.understand.lora_targets import lora_targets
from bot.understand.money_words import PER_SPAN, find_money, scaled_amount
from bot.understand.named_data import dataset_name, hub_id
from bot.understand.node_cards import cards_on_nodes, machines_by_cards, node_words
from bot.understand.normalize import normalize
from bot.understand.one_message import one_reading
from bot.understand.option_ref import option_chosen
from bot.understand.outage import Outage
from bot.understand.outage import read as read_outage
from bot.understand.pooled import rented_whole, said_single
from bot.understand.provider_words import described_provider, elsewhere, named
from bot.understand.rate_words import rate_spans
from bot.understand.readings import Inference, PriceExtras, Rental
from bot.understand.recap import adds_nothing, after_recap, context_after, remark_only, reported_after
from bot.understand.ruled_out import ruled_out
from bot.understand.runs_shared import method_runs, shared_terms
from bot.understand.script import simplified
from bot.understand.several import each_term, lengths_asked, memory_and_cost, runway_and_fit
from bot.understand.spans import span_against_unit, spans_against
from bot.understand.standing import stands_alone
from bot.understand.switch_asks import zero3_question
from bot.understand.talk import without_thanks
from bot.understand.trial import Run, measured_run, stated_run, timed_run
from bot.understand.wallet_intent import ASKS_ENOUGH, ASKS_PICK, WISHED, WalletAction, rent_only, wallet_action
from bot.understand.weigh import weigh_asked
from engine.request import TrainingRequest

MAX_CHARS = 2000
SEQUENCE_TOKENS = 131_072  # a token count up to this is one sequence's (a 128k context), never a dataset's


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
    talk: str | None = None  # greeting | thanks | identity | preface
    unknown_card: UnknownCard | None = None
    price: PriceExtras = field(default_factory=PriceExtras)
    inference: Inference = field(default_factory=Inference)
    follow_up: bool = False  # changes one thing of the previous question ("那换成qlora呢")
    faq_answers: list[Hit] = field(default_factory=list)  # confident answers, one per clause asked
    beside_spec: list[Hit] = field(default_factory=list)  # with a card's facts asked: the FAQ's answers to its other questions
    follow: dict[str, object] | None = None  # a price follow-up: the previous price question, changed
    versus: list[tuple[str, int | None]] = field(default_factory=list)  # "8x A100 vs 8x H100": cards compared
    own_counts: dict[str, int | None] = field(default_factory=dict)  # "two 4090s and one l40s": each card's own count
    versus_methods: dict[str, str] = field(default_factory=dict)  # "qlora on a 4090 vs bf16 lora on a 5090": each card's method
    family: str | None = None  # "CodeLlama" in "CodeLlama 34B": a family the catalog lacks, named back
    asks: ask_words.Asks = field(default_factory=ask_words.Asks)  # planning, export, cost, count ... asked
    parts: list[Parsed] = field(default_factory=list)  # a message asking two things: one reading per question
    words: str = ""  # the normalized words, for the fingerprint of a question without fields
    cards: list[str] = field(default_factory=list)  # every card named, in order ("A800 和 A100 各多少")
    run: Run | None = None  # a measured run with no model: how its hours were worked out, for the reply
    # the FAQ answer rests on a term of the message's own, beyond what it asks of an answer ("多少钱",
    # "how much would that cost?" name no subject: after an answer they ask about it)
    own_topic: bool = True
    cues: Cues = field(default_factory=Cues)  # the words the answering side weighs (see cues)
    elsewhere: str | None = None  # "autodl 上 4090 多少钱": a cloud we do not cover, named back before our answer
    weigh: str | None = None  # "哪个便宜", "省多少", "or the month?": two prices weighed (bot.understand.weigh)
    outage: Outage = field(default_factory=Outage)  # "可用率 98.7% 停了 9 小时": a month's uptime and hours down
    cycle_from: CycleStart | None = None  # "今天下单哪天到期": when the rental whose end date is asked starts
    cost_reading: Parsed | None = None  # cards asked whether enough, read as held (bot.understand.held_cards): the cost read first

    def fingerprint(self) -> str:
        """What the message asks, for telling a meaningful edit from a cosmetic one (the Telegram
        adapter compares these instead of parsing again): the intent and every field read."""
        import json

        fields = sorted((k, str(v)) for k, v in self.fields().items())
        if self.intent in ("size", "cost", "price", "wallet", "checkpoint", "inference", "export"):
            # a deadline counts by whether it is there: "3天内" read a minute later is another instant
            extra = [str(self.wallet), str(replace(self.asks, deadline=None, until=None)), self.asks.deadline is not None,
                     self.asks.until is not None,
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


COUNT_BEFORE_CARD = re.compile(r"(?<![\d.])\d+\s*(?:x|×|\*|卡|张|块|台|-?cards?|-?gpus?)?\s*$")


def _blank(text: str, spans: list[tuple[int, int]], fill: str = " ") -> str:
    """`text` with the spans an entity claimed overwritten (same length, so later spans still line
    up); a "|" fill also stops a count from reaching across the blanked name ("8 qwen3 14b 4090")."""
    chars = list(text)
    for start, end in spans:
        for i in range(start, end):
            chars[i] = fill
    return "".join(chars)


# a second card asked in a trailing "…呢" or "what about …" ("用 a6000 跑 8 小时多少钱 用 4090 48g 呢"): both are priced
# the words that only ask whether ("要不要直接上两张", "should I go with two"): a whether-question, no how-to
# "预算一万 一万网络有哪些配置用得起", "with ¥10k a month which yiwan setups can we afford": the list under that money
AFFORD_LIST = lazy(r"(?:哪些|什么|啥|哪几种|哪种)\s*(?:配置|卡|显卡|机器|方案|套餐|型号)|\b(?:what|which)\b.{0,30}\b(?:setups?|configs?|configurations?|machines?|plans?|gpus|cards|options)\b|\bafford\b|用得起|租得起|(?:能|可以|能不能)\s*(?:直接|马上|现在)?\s*下(?:单|得了单)|\b(?:can|could)\s+(?:i|we)\s+(?:still\s+)?(?:place\s+an?\s+)?order\b")
WHETHER_ONLY = lazy(r"要不要|需不需要|该不该|should\s+i\b")
COMPARE = lazy(r"还是|顺便(?:问|看|算)|取舍|权衡|怎么选|哪张|\btrade[\s-]?offs?\b|\bor\b|选哪|哪个|哪一个|\bwhich\s+(?:one|is|of)\b|\bvs\.?\b|或者|对比|比较|差多少|差几|相差|相比|分别|各自|各要|各多少|\bversus\b|\bdifference\b|\beach\b|呢\s*[?？]?\s*$|\bwhat\s+about\b|\bhow\s+about\b")


@one_reading  # the readers share what they found in this message (bot/understand/one_message.py)
def parse(text: str, now: datetime | None = None, corrects: bool = False) -> Parsed:
    """Understand one chat message (`now` dates a deadline such as "周五前"; default the wall clock); `corrects`
    when the core took out a correction word the message opened with (bot.understand.corrections.opening)."""
    text = simplified(text)  # "全參 可以嗎" reads as "全参 可以吗" (the core converts too; direct callers need it here)
    text = named(text)  # "周租月租那家", "the per-minute provider": the provider's name, for every reader (the core too)
    text = settled(text)  # "32b 哦不是 14b qlora": the value said after the correction is the one meant
    text, opened = opening(text)  # "不对，是 14b": a correction of the last job, the value named the one meant
    corrects = corrects or opened
    if (rest := after_recap(text)) is not None and stands_alone(asked := parse(rest, now)):
        return asked  # "收到 a6000 就它了 顺便问 gpuli 能退吗": the settled recap said back, then the question asked
    if (said := context_after(text)) is not None and (asked := parse(said[0], now, corrects)).follow_up \
            and adds_nothing(parse(said[1], now), asked):
        return asked  # "年付呢？我们单位习惯签年度合同。": the short question, its reason said after it adds nothing
    if (said := reported_after(text)) is not None and stands_alone(asked := parse(said[0], now, corrects)) and remark_only(parse(said[1], now)):
        return asked  # "CloudGPU 能开多卡的机器吗？客户想要两张卡一起跑": the question; who wants it is a remark
    text, fresh = fresh_start(without_thanks(text))
    whole = text
    text, option = option_chosen(text)  # "第二个跑 3 小时呢": the rest is the change asked of that option
    parsed = _parse_one(text, now)
    if fresh or option:
        parsed.cues = replace(parsed.cues, fresh=fresh, option=option)
    if corrects:  # "oops, typo — 72b": the last job with that value, never a question of its own
        parsed.cues, parsed.follow_up = replace(parsed.cues, corrects=True), True
    if option:  # "便宜的那个跑一天多少": the words naming the option are the message's too
        cheaper, exists = cheaper_said(whole)
        parsed.cues = replace(parsed.cues, cheaper=cheaper, cheaper_exists=exists, figures=any(ch.isdigit() for ch in whole))
        if extras.repeat_purchase(normalize(whole)):  # "那第二台 A100 月付多少": a second machine bought, a repeat purchase
            parsed.price = replace(parsed.price, repeat_purchase=True)
    parsed.parts = shared_terms(parsed, questions(text, parsed, now, _parse_one) or each_card(parsed) or memory_and_cost(parsed)
                                or each_term(text, parsed) or same_jobs(text, parsed) or runway_and_fit(parsed) or method_runs(parsed))
    if (held := fit_of_held_cards(parsed)) is not None:  # "one H100 reserved for a month, will it do?": the fit on those cards
        parsed = replace(parsed, parts=held, cost_reading=parsed) if isinstance(held, list) else replace(held, cost_reading=parsed)
    if parsed.asks.unit == "hour":  # "能按小时租吗 不能的话 … 怎么买最便宜": the hour asked, so each provider's price of the span
        parsed.parts = [replace(p, asks=replace(p.asks, both_units=False)) if p.asks.buy_way else p for p in parsed.parts]
    if lengths := lengths_asked(text, parsed):
        parsed.asks = replace(parsed.asks, lengths=lengths)
    return residency.resident(parsed, text)  # "数据必须留在境内": the providers with machines there


def _parse_one(text: str, now: datetime | None) -> Parsed:
    raw = text[:MAX_CHARS]
    lang = detect_language(raw)
    norm = normalize(raw)
    models, gpus = find_models(norm), card_counts.settled(norm, find_gpus(norm))  # "8 张 h100，不对，h200": h200
    if not models:
        unknown = unknown_model(norm)
        models = [unknown] if unknown else []  # resolved later: UnknownName with suggestions
    out = ruled_out(norm, gpus)  # "别给我推 h100": a card ruled out is neither asked about nor recommended
    excluded = [g for n, g in enumerate(gpus) if n in out]
    gpus = [g for n, g in enumerate(gpus) if n not in out]
    versus: list[tuple[str, int | None]] = []
    cards = list(dict.fromkeys(g.ident for g in gpus))
    if len({g.ident for g in gpus}) > 1 and COMPARE.search(norm):
        blanked = _blank(norm, [(m.start, m.end) for m in models])
        versus = [(g.ident, f.count_near(blanked, g.start, g.end)) for g in gpus]
        versus_methods = methods_by_card(norm, [(g.ident, g.start, g.end) for g in gpus])
        compared = [(g.start, g.end) for g in gpus]  # their digits are names, never a length ("5090 月租")
        gpus = []  # "mi300x 还是 a100": a comparison, not a choice
    else:
        compared, versus_methods = [], {}
    # "two 4090s and one l40s": each card's own count, for pricing them one by one (bot.core.bundle_budget)
    own_counts = {g.ident: f.count_near(norm, g.start, g.end) for g in gpus} if len(cards) > 1 else {}
    provider = find_provider(norm) or described_provider(norm)  # "按分钟计费的那家": the one that bills so
    spans = [(m.start, m.end) for m in models + gpus + excluded] + compared + ([(provider.start, provider.end)] if provider else []) + speed.rate_spans(norm)
    rest = f.upper_bounds(planning.undated(_blank(norm, spans)))  # a date is a day: never a length or a count

    req: dict[str, object] = {}
    rental = Rental(provider=provider.ident if provider else None)
    if models:
        req["model"] = models[0].ident
    if excluded:
        req["exclude"] = tuple(dict.fromkeys(g.ident for g in excluded))
    gpu_count = None
    if gpus:
        req["gpu"] = rental.gpu = gpus[0].ident
        # neither a model's digits nor an amount's are a count: "$50，3090" is fifty dollars and one card
        starts = frozenset(g.start for g in gpus)  # "4块a100": 块 counts the card after it, not yuan
        taken = [(m.start, m.end) for m in models] + [(w.start, w.end) for w in find_money(_blank(norm, [(g.start, g.end) for g in gpus]), starts)] \
            + planning.date_spans(norm)
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
    rest = f.TOKENS.sub(" ", rest, count=1) if tokens else rest
    if tokens and tokens <= SEQUENCE_TOKENS:
        # "at 2048 tokens", "10万条，每条 512 tokens": a count no dataset is that small is one sequence's length
        req.setdefault("avg_len" if samples else "seq_len", tokens)
        tokens = None
    elif tokens:
        req["tokens"] = tokens
    # "50 步用了 100 秒" with a dataset to scale it to: a trial, read before the counts and lengths so its
    # steps and seconds are neither; without one ("总共 2000 步用了 40 分钟") it is the run itself; the run's own
    # steps stated beside it ("总步数 6250，前 50 步用了 100 秒") scale it as a dataset does
    trial = measured_run(rest)
    if trial is not None and not (samples or tokens or run_timing.trial_kept(rest, trial.start, trial.end, trial.steps)):
        trial = None
    if trial is not None:
        rest = _blank(rest, [(trial.start, trial.end)])
    # Money next: its digits are then blanked ("预算 3w" is never 3 weeks); the wallet's amount reader still sees them.
    money_words = find_money(rest, frozenset(g.start for g in gpus))
    if not money_words and gpus and not models and ask_words.asks_how_long(norm):
        held = scaled_amount(rest)  # "3k 在 cloudgpu 能租 4090 多少个小时": the round amount is the money
        money_words = [held] if held is not None else []
    with_money = rest
    rest = _blank(rest, [(w.start, w.end) for w in money_words] + rate_spans(rest))  # "一小时0.33刀": no length
    family = None
    if "model" not in req:
        size = f.params_b(rest)
        if size:
            req["params_b"] = size
            family = unknown_family(rest, raw)
    rest = f.SIZE_B.sub(lambda m: " " * len(m.group(0)), rest)  # same length: card spans found in `norm` still line up

    spans_mg = [(m.start, m.end) for m in models], [(g.start, g.end) for g in gpus]  # "nvm, 8 h100s": the corrected count wins
    count = card_counts.corrected(norm, *spans_mg, card_counts.stated(gpu_count, rest, norm, gpus, f.num_gpus))
    count = pair[0] if (pair := card_counts.read(norm, *spans_mg)) else count  # "两张 4090 吗，一张够不够": the one asked of
    on_nodes = cards_on_nodes(_blank(norm, spans_mg[0]), count, extras.nodes(rest))  # "2 nodes x 8 h100": 16 cards
    nodes_counted, count = on_nodes != count or machines_by_cards(norm) is not None, on_nodes
    if count is not None:
        req["num_gpus"] = rental.num_gpus = count
    extractors = {
        "method": f.method, "seq_len": f.seq_len, "micro_batch": f.micro_batch, "grad_accum": f.grad_accum,
        "zero": f.zero, "sharding": f.sharding, "offload": f.offload, "optimizer": f.optimizer, "grad_checkpointing": f.grad_checkpointing,
        "attention": f.attention, "lora_rank": f.lora_rank, "lora_targets": lora_targets, "epochs": f.epochs,
        "framework": framework_words.framework, "precision": precision_words.training_precision, "learning_rate": learning_rate,
        "save_steps": save_steps, "mfu": speed.mfu, "dataset": lambda _: dataset_name(raw), "hub_id": lambda _: hub_id(raw),
    }
    for key, extract in extractors.items():
        value = extract(rest)
        if value is not None:
            req[key] = value
    zero3_asked = zero3_question(raw)
    if zero3_asked and req.get("zero") == 3:
        del req["zero"]  # "8b qlora, zero3?": whether it is needed, so the plan is left to the engine
    if "tokens" not in req and (req.get("model") or req.get("params_b")) and TRAIN_WORDS.search(rest):
        yi = f.yi_tokens(rest)
        if yi:
            req["tokens"] = yi

    step = trial.step_seconds if trial is not None else run_timing.step_seconds(rest)
    side = run_timing.side_spans(rest)
    side_min = sum(minutes for _, _, minutes in side)
    # with a step time the download and save minutes are part of the job, not the rental's length; "10 hours a day for 2 weeks"
    # rents the two weeks (bot.understand.daily_hours): the hours a day are no length; "the 8 H100 month", "8 卡 h100 一个月": a count
    # before a card counts cards, never the unit after it (an 8-card month: a month, "a" where the count was, when no other length is said)
    counted = [(m.start(), m.end()) for g in gpus if (m := COUNT_BEFORE_CARD.search(rest, 0, g.start))]
    timed = _blank(rest, counted, "|")
    if counted and f.duration(timed) == (None, None):
        timed = "".join("a" if any(i == s for s, _ in counted) else " " if any(s < i < e for s, e in counted) else ch
                        for i, ch in enumerate(rest))
    (rental.duration_days, rental.duration_hours), rental.term, rental.left_hours = f.duration(without_daily(_blank(timed, run_timing.timing_spans(timed)) if step or side else timed)), f.units_only(rest), time_left.left_hours(rest)
    if side and not step and rental.duration_hours:  # "下载 10 分钟 训练 208 分钟 上传 5 分钟": the job's minutes (seed 002)
        rental.duration_hours += side_min / 60
    card_time = extras.card_hours(rest, count)
    if card_time is not None and not (rental.duration_days or rental.duration_hours):
        rental.duration_hours = card_time  # "30 GPU-hours": the card time over the cards, a run's length
    rental.amount, rental.currency = f.money(with_money)
    if rental.currency is None:
        rental.currency = f.currency_only(with_money)

    steps = run_timing.total_steps(rest)
    run: Run | None = None
    estimate = ask_words.asks_estimate(norm)  # "先怎么估时间": the method, with the message's own dataset
    # "20k samples 2 epochs batch 4 accum 4 on 2 gpus": a dataset with its batch settings and no job counts its steps
    counted_run = bool(req.get("micro_batch") or req.get("grad_accum"))
    if req.get("samples") and not steps and (("model" not in req and "params_b" not in req) or estimate or (step and "gpu" not in req)) and (
            step or ask_words.asks_steps(norm) or estimate or counted_run):
        # no model is needed to count a run's steps or price a measured run, only to check its memory
        run = timed_run(req, step, trial, side_min)
        steps = run.steps if step else None
    if run is None and not steps and not req.get("samples") and "model" not in req and "params_b" not in req and asks_global_batch(norm):
        run = batch_run({"grad_accum": accum_first(norm), **{k: v for k, v in req.items() if v}})  # "8 卡 bs 4 accum 4，global batch 多少"
    if run is None and (rated := speed.rated_run(norm, req, side_min)) is not None:  # "3,200 tokens/s per GPU, 12B tokens"
        run, step, steps = rated, rated.step_seconds, rated.steps  # the tokens over the measured rate: no model or FLOPs needed
    elif step and steps and run is None and not req.get("samples") and "model" not in req and "params_b" not in req:
        run = stated_run(steps, step, side_min)  # "每步 1.2 秒 6250 步要训多久": steps × seconds, nothing else needed
    if step and steps and "hours" not in req:
        req["hours"] = steps * step / 3600 + side_min / 60  # + download and upload minutes
        [req.pop(k, None) for k in ("samples", "tokens" if run and run.rate else "samples")] if run is not None and run.step_seconds and (req.get("model") or req.get("params_b")) else None  # a job's dataset timed by a measured step: its length, never re-estimated from the size
    elif step:
        req |= {"step_seconds": step, **({"side_minutes": side_min} if side_min else {})}
    req |= {"objective": objective} if (objective := obj.objective(rest)) is not None else {}
    request = TrainingRequest.model_validate({k: v for k, v in req.items() if _valid(k, v)})
    spans_known = [(m.start, m.end) for m in models + gpus + excluded]
    card = (short_card(norm) or unknown_card(norm, spans_known, raw)) if not gpus else None  # "两张90": which 90?
    if card is None and not gpus and (request.model or request.params_b or rental.provider):
        card = memory_card(norm)  # "70b qlora 48G 显存 ok 吗", "cloudgpu 上哪张 48G 的卡最便宜": that much memory
    stated_add_ons = extras.add_ons(rest)
    price = PriceExtras(stated_add_ons, extras.nodes(rest), extras.infiniband(rest, extras.nodes(rest)), extras.annual(rest),
                        extras.repeat_purchase(rest), extras.display_currency(with_money) or ask_words.currency_ask(norm),
                        extras.storage_unsized(rest, stated_add_ons), bool(stated_add_ons) and extras.asks_added(rest),
                        extras.per_gb(rest, stated_add_ons), extras.lone_sizes(rest), extras.month_average(norm),
                        nodes_counted=nodes_counted)
    if price.infiniband and (price.nodes or 0) > 1 and not (rental.duration_days or rental.duration_hours or request.model
                                                             or request.params_b):
        # "两个节点之间 IB 什么价": the link is billed per node per month, so a month shows its price beside the nodes'
        rental.duration_days, rental.term = 30.0, True
    asks = ask_words.read(norm, money_words, now or datetime.now(UTC), names_only=not re.sub(r"[\W_]+", "", rest),
                          job=bool(request.model or request.params_b or request.method or request.num_gpus),
                          frame_only=len(rest) <= FOLLOW_UP_CHARS and frame_only(rest), unclaimed=rest)
    rental.form_named = asks.form_factor
    if zero3_asked and asks.switch is None:
        asks = replace(asks, switch="zero3")
    # "4 张 4090 各跑一组实验": that many single-card instances, the job sized and the rental priced on one card
    if asks.pooled and not said_single(norm) and rented_whole(rental.gpu or request.gpu, asks.pooled, rental.provider):
        asks = replace(asks, pooled=None)  # "gpuli 4张a100 80g 拼起来": its 4-card machine, joined already
    instances = separate_runs(norm, request.num_gpus, len(cards), bool(request.model or request.params_b)) \
        if asks.pooled is None and not versus and not machines_by_cards(norm) else None  # "2 个节点 每个 8 张": one job
    if not instances and asks.pooled is None and not versus:  # "两台3090": two single-card servers, not one 4-card box
        instances = single_card_machines(norm, request.num_gpus, price.nodes, request.gpu, rental.provider)
    if instances and (request.gpu or rental.gpu or request.num_gpus):  # "我们 4 个人 各自跑 7b qlora": no card yet, none counted
        request, rental.num_gpus = request.model_copy(update={"num_gpus": 1}), 1
        price = replace(price, nodes=None)  # "开 3 台 各跑各的": three single-card machines, no 3 nodes
    back_to_back = runs_on_one(norm, instances, rental.provider, rental.duration_hours)
    if back_to_back:  # "gpuli 4090 10 次实验 每次 3 小时": 30 h on one card, its week holds them all
        instances, rental.duration_hours = None, back_to_back[0] * back_to_back[1]
    if card_time is not None:
        asks = replace(asks, per_card_hour=False)  # card time stated is a length, not a rate asked
    asks = replace(asks, count_versus=pair[1]) if pair else asks
    span = (spans_against(rest) or span_against_unit(rest)) if ask_words.sets_against(norm) else None
    if span is not None and not f.units_only(rest):
        # "3 weeks of a 4090 vs one month": the shorter span bought by each unit, side by side
        asks = replace(asks, both_units=True)
        rental.duration_days, rental.duration_hours = (span / 24, None) if span % 24 == 0 else (None, span)
    elif asks.buy_way and asks.budget is None and (rental.duration_days or rental.duration_hours) and not f.joined_duration(rest) \
            and not (request.model or request.params_b) and asks.unit != "hour":  # "3天跑完 7b 全参 怎么租最省": the
        # job's cheapest setup; "能按小时租吗 不能的话 … 怎么买最便宜": the hour asked, so every provider's price of the span
        asks = replace(asks, both_units=True)  # "gpuli h100 用四周 按周买划算吗": the span by week, by month, mixed
    elif asks.both_units and f.joined_duration(rest):
        asks = replace(asks, both_units=False)  # "包个月，再加两周": one total, not the weekly-and-monthly listing
    elif asks.both_units and f.units_only(rest):
        rental.duration_days = rental.duration_hours = None  # "包月划算还是周租划算": two units named, no span
    asks, rental = rent_until(norm, asks, rental, request, now or datetime.now(UTC))  # "12月20号前跑完，租几周"
    if asks.deadline_span and (rental.gpu or asks.total) and (rental.duration_days or rental.duration_hours) \
            and not (request.model or request.params_b or run):
        # "1.5天跑完 4090 怎么租最省": a card for a span and no job to time: how long to rent, not a deadline to check;
        # "跑到周五 还有三天 一共多少": the days left are the span whose total is asked
        asks = replace(asks, deadline=None, deadline_span=False)
    inference = Inference(obj.concurrency(rest), obj.inference_precision(rest))
    action = wallet_action(norm, amount=rental.amount, gpu=rental.gpu,
                           has_duration=bool(rental.duration_days or rental.duration_hours),
                           asked="?" in raw or "？" in raw, held=any(w.held for w in money_words),
                           for_rental=bool(rental.provider or request.model or request.params_b))
    billed = price.add_ons if action is None or action.kind == "topup" else (price.add_ons or price.storage_unsized) and not action.mine
    if action is not None and action.kind in ("topup", "history") and billed:
        action = None  # "add 128GB RAM" adds to a machine, never money to the wallet; "含 2000GB 存储卷的总账单呢": a rental's bill
    if action is not None and ((action.kind in ("rent", "rentals", "renew") and asks.both_units)
                               or (action.kind == "rent" and CHANGE_SAID.search(norm))):
        # "5 weekly rentals vs a month plus a week", "weekly renewals or one month?" weigh two ways of buying the span;
        # "换 5090，租两周", "switch to the a100 40g, 3 months" change the rental just asked about: a question, no order
        action = None
    wished = action is not None and action.kind == "rent" and asks.budget is not None and (not (rental.duration_days or rental.duration_hours) or bool(WISHED.search(norm)))
    if wished:
        action = None  # "3w预算 想租 8卡a100 80g": a wish weighed against the money, no order (no length to rent for)
    # InfiniBand asked whether it can be had, with no money asked ("h100 方案能加 IB 吗 带宽多少"), is the FAQ's, not a price term
    ib_priced = bool(price.infiniband) and (money_asked(norm) or not WHETHER.search(norm))
    rental_terms = bool(price.add_ons or price.storage_unsized or price.nodes or ib_priced or price.annual or price.repeat_purchase
                        or request.hours or request.step_seconds or request.samples or request.tokens)
    c = classify(raw, norm, request, rental, action, card, bool(price.add_ons), topic=topic_text(_blank(rest, node_words(rest, request.num_gpus))),
                 priced_extras=rental_terms)
    sized = bool(request.model or request.params_b)
    if sized and c.intent == "size" and asks.both_units and PRICE_ONLY_WORDS.search(norm):
        c = Classified("cost", c.hits)  # "7b qlora 周租和月租各多少": the job priced by the week and by the month
    elif sized and asks.methods_versus and c.intent == "faq" and not HOWTO.search(norm) and not asks_unsized(topic_text(rest)) \
            and not defines(c.answers):
        c = Classified("size", c.hits)  # "32b qlora vs lora, how much difference?" sized side by side (quality: FAQ)
    elif sized and (asks.count_versus or len(versus) > 1) and (asks.enough or asks.sizing) and c.intent == "faq" and not HOWTO.search(WHETHER_ONLY.sub(" ", norm)) and not defines(c.answers):
        c = Classified("size", c.hits)  # "7b lora 一张 4090 够不够 还是直接上两张" (or a second card): each sized, not how to start
    elif sized and asks.saving and c.intent in ("faq", "size") and not HOWTO.search(norm):
        c = Classified("size", c.hits)  # "8bit 优化器对 7b 全参能省多少显存": that lever's saving on that job
    elif sized and (asks.weights or ask_words.offload_on_price(asks, request) or asks.budget) and c.intent == "faq" and not HOWTO.search(norm):
        c = Classified("size", c.hits)  # "70b qlora, how big is the 4-bit base?", "14b 全参 offload 最省吗", "$1500 in all, 8b qlora": that job's
    if asks.methods_compared and not sized and (c.follow_up or (c.intent == "size" and not request.gpu)):
        # "显存够的话 LoRA 和 QLoRA 选哪个": two methods weighed with no model named is the FAQ's question
        answers, hits = faq_answers(raw, rental.provider)  # "那 QLoRA 比 LoRA 慢多少": two methods compared is a question, not a change
        if answers:
            c = Classified("faq", hits, True, answers=answers)
    alone = asks.budget is not None and c.intent in ("unknown", "faq") and not request.gpu and not rental.provider and budget_only(topic_text(rest))
    if (any(w.held for w in money_words) or alone) and not sized and not asks.runway and not (rental.duration_days or rental.duration_hours) \
            and not (asks.enough or ASKS_ENOUGH.search(norm) or ASKS_PICK.search(norm) or asks.count or asks.how_many_gpu):  # "we only have 2 bucks, ok?" weighs the last answer
        asks = replace(asks, runway=True)  # "钱包还有 800", "we have 300 usdt left": what that money rents, no wallet read
    if (asks.runway or (asks.how_long and not sized)) and money_words and request.gpu and c.intent in (
            "wallet", "size", "cost", "unknown", "faq", "price"):
        # "¥3000 够租多久 a100", "50刀 cloudgpu 4090 能跑几个小时": the price, divided into the money
        c = Classified("price", c.hits)
        asks = replace(asks, runway=True, budget=asks.budget or (money_words[0].value, money_words[0].currency))
    elif (asks.runway or (asks.how_long and asks.budget is not None)) and money_words and not request.gpu and card is None \
            and not sized and c.intent in ("unknown", "faq"):
        # "我有 500U 够租多久", "budget 300 usdt, how many weeks": a runway whose card is not named yet, the money kept
        c = Classified("price", c.hits)
        asks = replace(asks, runway=True, budget=asks.budget or (money_words[0].value, money_words[0].currency))
    elif c.intent in ("size", "cost", "unknown", "faq") and request.gpu and not sized and asks.budget is not None and (
            rental.duration_days or rental.duration_hours or price.add_ons):
        # "with ₮10k can I run 8x h100 for a month plus a volume", "my wallet has ₮120 — a 4090 for a
        # week?": that rental against the money, no model (the wallet named is where the money is)
        c = Classified("price", c.hits)
    elif asks.budget is not None and rental.provider and not request.gpu and not sized and c.intent in ("size", "cost", "unknown", "faq") \
            and (ask_words.asks_which_card(norm) or ask_words.asks_what_rents(norm) or budget_only(re.sub(PER_SPAN, " ", topic_text(rest)))):
        # "一万网络 预算 3w 一个月": a budget for a rental there, before the job: what it rents there, kept for the job
        c = Classified("price", c.hits)  # "budget ¥5000, which card can I rent at X": that provider's prices
    elif c.intent == "faq" and request.gpu and rental.provider and not sized and price.add_ons and not price.per_gb and (
            rental.duration_days or rental.duration_hours) and PRICE_ASK.search(norm):
        c = Classified("price", c.hits)  # "what does 一万网络 charge for an A100 40G with the 16-core upgrade per month": that rental, with it
    elif c.intent == "cost" and sized and request.gpu and request.num_gpus and (price.add_ons or price.storage_unsized) and (
            rental.duration_days or rental.duration_hours):
        c = Classified("price", c.hits)  # "14b 全参 4 张 a100 包月，加 2000G 存储卷，总共多少": the stated setup's total, add-ons in
    elif c.intent in ("size", "cost") and sized and request.gpu and request.num_gpus and asks.per_card_hour and asks.budget is None:
        c = Classified("price", c.hits)  # "8卡h100 跑32b全参 每卡每小时合多少": the stated setup's rate per card-hour
    elif request.gpu and not sized and asks.budget is not None and (c.intent == "price" or (c.intent in ("unknown", "faq") and (
            asks.enough or asks.affords or wished or budget_only(topic_text(rest))))):  # "一周预算 500 U 能租 8 卡 H100 吗", "200u 能租 8卡h100 吗", "does $300 rent a 4090?": what
        c, asks = Classified("price", c.hits), replace(asks, runway=True)  # that budget rents, named back (size: the router's month)
    if (c.intent in ("size", "unknown") or (c.intent == "faq" and (asks.cheapest or CHEAPEST.search(norm)))) and not sized and (
            request.gpu and (rental.duration_days or rental.duration_hours) and (
            asks.deadline is not None or asks.pick or asks.cost or CHEAPEST.search(norm))):
        # "下周五前要交付，训练 2 天能跑完，用4090在 gpuli 怎么租最省": the run's length is known, so the
        # model is not needed: the cheapest rental covering it, checked against the deadline
        c = Classified("price", c.hits)
    if (c.intent == "price" or (c.intent == "faq" and request.gpu)) and not sized and request.offload not in (None, "none") \
            and (asks.cheaper or asks.cheapest) \
            and not (rental.duration_days or rental.duration_hours or price.add_ons):
        # "单卡h200 开offload 不是更便宜吗", "one h200 with offload, wouldn't that be cheaper?": a training setting weighed
        # on price is a change of the job before (offload against the way without it), not the card's price list
        c = Classified("size", c.hits, follow_up=True)
    if (request.gpu or len(set(cards)) > 1) and (rental.provider or rent_only(rest)) and not sized and c.intent in ("faq", "unknown") and (
            asks.names_only or asks.frame_only or rent_only(rest) or (len(set(cards)) > 1 and weighed_only(rest))):
        # "一万网络 a100 40g", "a6000 on cloudgpu", "gpuli 5090", "cloudgpu 4090 48g vs a6000": those cards' prices there
        c = Classified("price", c.hits)
    elif asks.frame_only and request.gpu and not sized and not rental.provider and c.intent in ("unknown", "faq") \
            and not c.confident:
        c = Classified("size", c.hits, follow_up=True)  # "total with a 3090 instead?": the last question, on that card
    elif c.intent == "size" and not sized and not request.method and request.gpu and asks.runway:
        c = Classified("price", c.hits)  # "a100 80g 够用多久": how long money lasts on the card, no job to size
    if c.intent == "faq" and not sized and request.gpu and cost_estimated(norm):
        c = Classified("price", c.hits)  # "estimated annual cost of an 8x H100 at 一万网络": that rental's cost
    if instances and request.gpu and not sized and c.intent in ("unknown", "faq") and not (YES_NO.search(raw.lower().strip()) and not PRICE_ASK.search(norm)):
        c = Classified("price", c.hits)  # "gpuli 两张 4090 各跑一组 qlora 包周" is priced; "…能同时跑三组实验吗" asks no price
    if instances and (rental.duration_hours or rental.duration_days) and c.intent in ("unknown", "faq") and asks.budget is None:
        asks = replace(asks, cost=True)  # "跑 5 次每次 2 小时", "6 runs x 90 min each": the runs' length said is their total asked
    asks = replace(asks, cards_offered=True) if asks.budget and rental.provider and not sized and AFFORD_LIST.search(norm) else asks
    if asks.models_listed and rental.provider and not sized and not request.gpu:
        c = Classified("price", c.hits)  # "how many GPU models does gpuli list": its catalog, counted
    elif asks.cards_offered and not sized and not request.gpu and not request.method:
        # "你们都有啥卡", "what gpus does gpuli offer": the cards on offer (there, or all); the cards with a feature
        # the FAQ answers ("gpuli 有哪些卡是 nvlink 全互联的") are that entry's answer, not the price list
        featured = offered_with_feature(norm, rental.provider)
        c = Classified("faq", [featured, *[h for h in c.hits if h.entry.id != featured.entry.id]], confident=True,
                       answers=[featured]) if featured is not None else Classified("price", c.hits)
    elif (asks.table or ((asks.how_to_rent or asks.claim) and request.gpu)) and not sized and (request.gpu or rental.provider):
        c = Classified("price", c.hits)  # "把 gpuli 各卡整理成表格", "how do I spin up an 8x h100", "899 乘 8 就是 7192 吧"
    elif asks.export and (c.intent in ("size", "cost") or (c.intent in ("unknown", "faq") and (
            sized or not c.confident or (ask_words.config_tools(norm) and not HOWTO.search(norm))))
            or (c.intent == "price" and ask_words.config_tools(norm) and not PRICE_NOUN.search(norm))):
        # "导出 deepspeed 配置", "a llamafactory yaml for 7b qlora": the job's files (named, last, or which?), no sizing;
        # a tool's config asked beside a rental named as context ("… before the 8×H100 rental is approved"), not its price
        c = Classified("export", c.hits)
    if (asks.zero_stages or asks.ranks) and (request.model or request.params_b) and c.intent in ("faq", "unknown"):
        c = Classified("size", c.hits)  # "qwen3 14b full, zero2 vs zero3 on 4 cards": each stage on this job, not the FAQ's 32B
    if run is not None and (run.stated or not run.step_seconds) and not sized and c.intent in ("size", "cost", "unknown", "faq"):
        # "一共多少步": counted from the dataset and batch; "每步 1.2 秒 6250 步要训多久": the product; no model needed
        c = Classified("price", c.hits)
    if asks.until is not None and (sized or request.gpu) and c.intent in ("size", "cost", "unknown", "faq", "price"):
        c = Classified("cost" if sized else "price", c.hits)  # "12月20号前跑完，4090 租几周": the span to it, priced
    if c.intent != "wallet":
        rental.amount = None
        if c.intent != "faq":
            rental.currency = None
    missing = ["model"] if c.intent in ("size", "cost", "inference") and not (request.model or request.params_b) else []
    # "4 of them, separate experiments": instances of no card named are of the card asked about before
    follow_up = c.follow_up or bool(follow_up_said(norm) or same_card_back(norm)) or bool(instances and not request.gpu and not (request.model or request.params_b)) \
        or (asks.frame_only and bool(rental.provider) and not c.confident and not request.gpu and not sized)  # "the cloudgpu figure exactly?"
    if versus and request.num_gpus is None and any(n for _, n in versus):
        request = request.model_copy(update={"num_gpus": next(n for _, n in versus if n)})
    own_topic = c.intent != "faq" or bool(HOWTO.search(norm)) or any(on_cards(a, cards) for a in c.answers[:1]) or (not same_card_back(norm) and bool(
        faq_index().keyworded(ask_words.without_asks(f.without_durations(topic_text(rest))), TOPIC_FLOOR, provider=None)))
    words = " ".join(re.sub(r"[^\w/.,+-]+", " ", norm).split())
    if c.intent == "faq" and (not own_topic or "billing" in c.answers[0].entry.topics) and request.gpu and rents_card_asked(norm, (request.num_gpus or 1) > 1, who_only=own_topic):
        c, own_topic = Classified("price", c.hits), True  # "一万网络 和 gpuli 哪家有 h100 8卡", "a100 哪家可以按小时租": who rents it, priced (each one's unit)
    return Parsed(c.intent, lang, request, rental, missing, c.hits, c.confident, own_topic=own_topic,
                  wallet=action if c.intent == "wallet" else None, talk=c.talk, unknown_card=card, price=price,
                  inference=inference, follow_up=follow_up, faq_answers=across_cards(c.answers, c.hits, request.num_gpus, price.nodes), versus=versus, own_counts=own_counts, versus_methods=versus_methods, family=family,
                  asks=asks, words=words, cards=cards, beside_spec=_beside_spec(raw, now) if asks.spec and cards else [],
                  run=run if (request.hours or (run and not run.step_seconds)) and (not sized or estimate or not request.gpu or bool(run and run.rate)) else None,
                  elsewhere=None if provider else elsewhere(norm), cues=replace(read_cues(raw, request.num_gpus, instances, words, price.nodes), back_to_back=back_to_back),
                  weigh=weigh_asked(norm), outage=read_outage(norm), cycle_from=cycle_from(norm, asks.start, now or datetime.now(UTC)))


def _beside_spec(raw: str, now: datetime | None) -> list[Hit]:
    """The FAQ's answers to the questions beside a card's facts asked (bot.understand.faq_clauses.beside_spec)."""
    read = [_parse_one(c, now) for c in beside_spec(raw)]
    return [p.faq_answers[0] for p in read if p.intent == "faq" and p.faq_answers]


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


__all__ = ["Match", "Parsed", "PriceExtras", "Rental", "parse"]
