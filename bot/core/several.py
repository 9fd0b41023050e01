"""Several answers in one reply: a verdict line that leads what it judges, and a job's fit asked beside
its cost or deadline.

Why here: a message can ask a card's fit, a deadline and a cost at once ("14b qlora by friday, 20 hours
of training, 4090 ok and how much?"); the deadline and the cost each had a way to lead, the fit none, so
it went unanswered. One compact verdict line (the sizing's own first line) leads; the rest follows, and
the reply stays within its line budget instead of adding a whole sizing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.messages import Reply
from bot.text.i18n import t
from bot.text.render import render_reply
from bot.understand.asks import Asks
from bot.understand.card_spec import DIFFERENCE_SPECS
from bot.understand.faq import Hit
from bot.understand.faq import lookup as faq_lookup
from bot.understand.faq_topics import JOB_WORDS, LINK_WORDS, TOPIC_FLOOR, on_card
from bot.understand.lazy import lazy
from bot.understand.parser import Parsed
from bot.understand.provider_words import several_described
from bot.views.deadline_lead import run_speed
from bot.views.place_line import place_answers, place_first
from bot.views.rental_yes import rental_yes
from bot.views.term_floor import floor_lead
from bot.views.unit_verdict import unit_verdict
from bot.views.units_each import units_each_lead
from engine.catalog import gpus
from engine.cost import CostReport
from engine.providers import providers
from engine.request import TrainingRequest


def verdict_first(reply: Reply, verdict: Reply | None) -> Reply:
    """A verdict answers the question asked ("够吗", "有戏吗", "4090 ok?"), so it leads; what it judges
    follows (and stays the turn, with its buttons and chart)."""
    if verdict is None:
        return reply
    verdict.also = [reply, *reply.also]
    verdict.turn, verdict.buttons, verdict.source = reply.turn, reply.buttons, reply.source
    verdict.image, verdict.chart, verdict.chart_caption = reply.image, reply.chart, reply.chart_caption
    reply.also, reply.image, reply.chart = [], None, None
    return verdict



def verdicts_first(reply: Reply, parsed: Parsed) -> Reply:
    """`reply` led by what answers the question before it: that a cloud named is one we have no figures
    for, a yes/no rental question's "yes" (bot.views.rental_yes), and whether the unit asked is one the
    provider rents by ("能按天租吗": bot.views.unit_verdict)."""
    reply = elsewhere_first(reply, parsed)
    # "数据必须留在境内", "gpuli 哪个机房能行": where the machines are answers it (bot.views.place_line)
    card = parsed.request.gpu or parsed.rental.gpu
    # a FAQ entry answers its own question and keeps its turn, unless a card's place is asked ("H100 在哪个机房")
    named = parsed.request.provider or parsed.rental.provider
    if parsed.price.place_fits and (parsed.intent in ("faq", "unknown") or (parsed.intent == "size" and parsed.missing)):
        reply = place_answers(reply, parsed.price, card, named)  # "数据不出境，哪家 OK", "…一万网络 A100 行吗": the place answers
    elif parsed.intent in ("price", "cost", "size") or (parsed.intent == "faq" and parsed.price.where_asked and card):
        reply = place_first(reply, parsed.price, card, named)
    # the unit asked is the question; "cloudgpu per hour and gpuli per week": each provider in its own (bot.views.units_each)
    return verdict_first(reply, floor_lead(reply, parsed) or unit_verdict(reply, parsed) or rental_yes(reply, parsed) or units_each_lead(reply, parsed))


def elsewhere_first(reply: Reply, parsed: Parsed) -> Reply:
    """"autodl 上 4090 多少钱": that we have no figures for the cloud named leads, then what the providers
    we cover charge (the answer stays the turn), never our prices as if they were that cloud's."""
    fit = several_described(parsed.words) if parsed.elsewhere is None and not parsed.rental.provider else []
    if (parsed.elsewhere is None and not fit) or parsed.rental.provider or parsed.intent not in ("price", "cost", "faq", "unknown"):
        return reply
    ours = ("、" if reply.lang == "zh" else ", ").join(p.name for p in fit or providers().entries)
    # "月付那家": the description fits several providers, which are named, each one's answer below
    note = Reply("error", reply.lang, {"message": t("price.described_several", reply.lang, n=len(fit), names=ours) if fit
                                       else t("price.elsewhere", reply.lang, name=parsed.elsewhere, ours=ours)})
    note.also = [reply, *reply.also]
    reply.also = []
    note.turn, note.buttons = reply.turn, reply.buttons
    return note


def fit_first(reply: Reply, parsed: Parsed, text: str, size: Callable[[Parsed], Reply]) -> Reply:
    """A job's cost (or its run against a deadline) on a card the message names, whose fit is asked too
    ("4090 ok and how much", "a6000 放得下吗 周五前训完要多少钱"), or its memory per card ("monthly cost and per-gpu
    memory with zero3", "包月多少钱 每卡显存多少"): the sizing's verdict on that card, with its per-card figure, leads in
    one line. `reply` unchanged when no fit is asked, the reply is the sizing already, or money is weighed
    (a budget's verdict leads then)."""
    q, a = parsed.request, parsed.asks
    if parsed.intent != "cost" or parsed.missing or parsed.parts or not (a.sizing and q.gpu) or reply.kind == "sizing" \
            or a.budget or a.runway or a.affords or a.export or not (parsed.cues.fit or a.per_card_memory or a.memory_figure):
        return reply
    job = replace(parsed, intent="size", asks=Asks(sizing=True), rental=replace(parsed.rental, duration_days=None, duration_hours=None),
                  request=q.model_copy(update={"hours": None, "days": None, "tokens": None, "samples": None}))
    sized = size(job)
    if sized.kind != "sizing":
        return reply
    line = next((line for line in render_reply(replace(sized, also=[]), "plain").splitlines() if line.strip()), None)
    return verdict_first(reply, Reply("error", reply.lang, {"message": line})) if line else reply


def term_and_run(parsed: Parsed, req: TrainingRequest, cost: Callable[[TrainingRequest], Reply], lang: str) -> Reply | None:
    """A rental term's price and the run's time asked of one job ("32b 全参 8卡h100 gpuli 一个月多少钱？2000 万
    token 3 个 epoch 训一次要多久？", "monthly price? and how long for one run of 20M tokens x 3 epochs?"): the
    run timed from the dataset leads in one line, then the job priced for the term asked (a month, not the
    week one run would need). None when the message asks no time, states no length, weighs a budget or
    deadline, or the run outlasts the term (then the run sets the rental)."""
    a = parsed.asks
    # "ok and cost at gpuli for that month?" after the job's run was timed: the month is the price asked, the run leads
    term_after_run = parsed.follow_up and a.cost and (req.days or 0) >= 7 and bool(req.tokens or req.samples)
    if not (a.how_long or term_after_run) or not (req.days or req.hours) or a.budget or a.deadline or a.runway or req.step_seconds \
            or (parsed.run is not None and parsed.run.step_seconds):  # "1.5 s/step, 4000 steps": the hours are the run's
        return None  # "7b qlora 2000万 token 周租多少": no time asked, the run is timed and bought as it needs
    if not (req.tokens or req.samples):
        # "八卡H100包月啥价 32b全参跑一轮大概多久": no dataset to time; the term priced, led by the setup's speed
        speed = run_speed(req, lang)
        return verdict_first(cost(req), Reply("error", lang, {"message": speed})) if speed else None
    line = run_line(req, cost, (req.days or 0) * 24 + (req.hours or 0))
    if line is None:
        return None
    term = cost(untimed(req))
    if term.turn is not None:  # a follow-up asks again of the job as stated, dataset and term
        term.turn.data["request"] = req.stated()
    return verdict_first(term, Reply("error", lang, {"message": line}))


def untimed(req: TrainingRequest) -> TrainingRequest:
    """The job without its dataset: priced for the term asked, not for the run."""
    return req.model_copy(update={"tokens": None, "samples": None, "avg_len": None, "epochs": None,
                                  "step_seconds": None, "side_minutes": None})


def run_line(req: TrainingRequest, cost: Callable[[TrainingRequest], Reply], hours: float) -> str | None:
    """The run's time from its dataset, as the cost answer's first line ("⏱ 32B full fine-tune: about 1.5 h on
    8×H100 SXM"); None when nothing times it or the run outlasts `hours` (the longest term asked)."""
    timed = cost(req.model_copy(update={"days": None, "hours": None}))
    report = timed.source
    run = report.reference if isinstance(report, CostReport) else None
    if run is None or run.time is None or run.need.total_seconds() > hours * 3600:
        return None
    line = next((line for line in render_reply(replace(timed, also=[]), "plain").splitlines() if line.strip()), "")
    return line if line.startswith("⏱") else None


def term_and_run_asked(parsed: Parsed) -> bool:
    """One job's term price and its run time asked in a message that splits into a price and a time ("8卡h100
    gpuli 一个月 cost 多少 32b full ft 2000万token 跑3轮 要 how long", "how much is a month of 8x h100 at gpuli,
    and how long would 32b full ft on 20m tokens x3 epochs take"): one question of one job (the card in one
    part, the model in the other), answered whole: the run's time (with no dataset, the setup's speed and how to
    time it: "一万网络 A100 40G 一个月多少钱？7b lora 训一次要多久？"), then the term's price."""
    q, a = parsed.request, parsed.asks
    if not parsed.parts or parsed.intent != "cost" or not a.how_long \
            or not (q.days or q.hours or parsed.rental.duration_days or parsed.rental.duration_hours or a.both_units) or a.budget or a.deadline or a.runway:
        return False
    models = {(p.request.model, p.request.params_b) for p in parsed.parts if p.request.model or p.request.params_b}
    cards = {p.request.gpu for p in parsed.parts if p.request.gpu}
    # with no dataset, the time is the job's run only where the part asking it names the job ("…7b lora 训一次要多久"),
    # not a rental's end asked beside it ("周租租到哪天")
    run_asked = bool(q.tokens or q.samples) or any(p.asks.how_long and (p.request.model or p.request.params_b) for p in parsed.parts)
    return len(models) <= 1 and len(cards) <= 1 and run_asked


SETUP_TOPICS = frozenset({"interconnect", "sharding"})


def setup_question_first(reply: Reply, parsed: Parsed, text: str, answer: Callable[[Parsed], Reply],
                         resize: Callable[[Parsed], Reply], stated: bool = False) -> Reply:
    """A follow-up that changes the job's setup and asks how that setup runs ("那 4090 多卡能 zero3 吗", "can
    several 4090s run it with zero3?" after a sizing), or one message asking that of its job ("4090 多卡能跑
    zero3 吗 14b"): the FAQ's answer on running cards together (no
    NVLink, ZeRO-3 over PCIe is slow) leads, the last job sized on the change follows. Read as a sizing
    alone, the answer judged one card and never said what was asked; read as the FAQ alone, it never said
    whether the cards hold the job. `resize`: the last job with this change (no sizing when there is none).
    `stated`: the message states its job in full (a model, a card and a count, `stated_in_full`): whatever
    word points back ("那个 32b 全参 八卡 h100 zero3 每卡吃多少显存", "and 32b full on 8 h100s…"), its sizing
    answers it, as it does for the same words without the pointer."""
    q = parsed.request
    if stated and reply.kind == "sizing":
        return reply
    # a follow-up naming no card nor the link ("换 zero2 行吗", "zero-2 instead, fits?"): the job at that stage
    named = parsed.cards or parsed.rental.gpu or (q.gpu and not parsed.follow_up) or LINK_WORDS.search(text)
    if parsed.parts or not named or not parsed.cues.together or parsed.cues.setting_only:
        # "ZeRO-2 为啥不行", "zero3 呢", "换 zero2 行吗" (no card named): a setting alone is the job changed, whose
        # own verdict answers it
        return reply
    hit, _ = faq_lookup(text)
    if reply.kind == "sizing" and not parsed.follow_up:
        hit = together_on_card(parsed, text)  # one message: its job's words out, the entry about the very card named
    if hit is None or not SETUP_TOPICS & set(hit.entry.topics):
        return reply
    if reply.kind == "sizing" and parsed.intent in ("size", "cost"):
        faq = answer(replace(parsed, intent="faq", faq=[hit], faq_answers=[hit], faq_confident=True, missing=[], follow_up=False))
        return verdict_first(reply, faq) if faq.kind == "faq" else reply
    if reply.kind == "faq" and parsed.intent == "faq" and not parsed.follow_up and parsed.cues.refers_back:
        # "can several 4090s run it with zero3?": "it" is the job before; "4090 多卡之间有没有 NVLink？" points at
        # nothing, a question of its own that the FAQ answers alone
        sized = resize(replace(parsed, intent="size", missing=["model"], follow_up=True, faq=[], faq_answers=[], faq_confident=False))
        if sized.kind == "sizing":
            return verdict_first(sized, reply)
    return reply


def spec_asked(parsed: Parsed) -> bool:
    """A card's vendor facts asked of the cards named, with no job ("H100 vs A100 的 NVLink 带宽多少", "does the
    4090 support fp8?"); "fp8 训练 32b 要几张 h100" is a job's question."""
    q = parsed.request
    if parsed.asks.spec == DIFFERENCE_SPECS and len(parsed.cards) < 2:
        return False  # "有啥区别" of one card is not a comparison of cards
    if parsed.asks.spec == DIFFERENCE_SPECS and _forms_of_one(parsed.cards) \
            and any(on_card(a, c) for a in parsed.faq_answers for c in parsed.cards):
        return False  # "a100 pcie 和 sxm 差在哪": two forms of one card, the FAQ entry on that card's forms answers
    return bool(parsed.asks.spec and parsed.cards) and not (q.model or q.params_b or q.method or q.tokens or q.samples)


FORM_WORD = lazy(r"\s*\b(?:PCIe|SXM\d?|NVL)\b")


def _forms_of_one(cards: list[str]) -> bool:
    """Two cards that are one card in two forms (A100 80GB PCIe and SXM): the same name once the form is set aside."""
    named = {FORM_WORD.sub("", g.name).strip() for c in set(cards) if (g := gpus().find(c)) is not None}
    return len(set(cards)) == 2 and len(named) == 1


def stated_in_full(parsed: Parsed) -> bool:
    """The message, read before any follow-up merge, names a whole job: its model (or size), a card and how many
    of it ("那个 32b 全参 八卡 h100", "that 14b full ft on 4 a100s"): a question of its own."""
    q = parsed.request
    return parsed.intent in ("size", "cost") and not parsed.missing and bool(q.model or q.params_b) \
        and bool(q.gpu or parsed.rental.gpu) and bool(q.num_gpus or parsed.rental.num_gpus)


def together_on_card(parsed: Parsed, text: str) -> Hit | None:
    """The FAQ entry on running several of the card named together, when one message asks that of its job
    with no count ("4090 多卡能跑 zero3 吗 14b", "can several 4090s run zero3 for a 14b full fine-tune?");
    None when a cost, a count or a fit is asked ("14b 全参 4 张 4090 够吗": the sizing's question, it leads),
    or no entry is about that very card (several 3090s are not the 4090 entry's: 3090s bridge by NVLink)."""
    gpu = parsed.request.gpu or parsed.rental.gpu
    if parsed.intent != "size" or parsed.request.num_gpus or parsed.cues.fit:
        return None
    # "for a 14b full fine-tune" out first; the card's own entry is sure enough from the topic's floor, as it
    # is about the very card named and cards together are asked
    found = [h for words in (JOB_WORDS.sub(" ", text), text) for h in faq_lookup(words)[1]]
    return next((h for h in found if h.score >= TOPIC_FLOOR and on_card(h, gpu)), None)
