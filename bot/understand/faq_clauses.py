"""A message's FAQ answers, one per question when it asks two ("SLA 是多少，坏卡多久能换好").

Why apart from the parser: splitting a message into its questions and looking each up is one
rule with its own thresholds; the parser only asks for the answers.
"""

from __future__ import annotations

import re

from bot.understand import asks as ask_words
from bot.understand import faq_terms
from bot.understand.ask_lead import after_lead, last_question
from bot.understand.breaks import breaks
from bot.understand.card_spec import specs_asked
from bot.understand.clause_marks import ASKING as ASKS
from bot.understand.clause_marks import (  # one split for every reader
    CLAUSES,
    COMMA,
    DIGIT,
    MAX_CLAUSE_TEXT,
    MAX_CLAUSES,
    UNMARKED,
    numbered,
    unjoined,
)
from bot.understand.entities import find_provider
from bot.understand.faq import CONFIDENT as FAQ_CONFIDENT
from bot.understand.faq import FILLER as FAQ_FILLER
from bot.understand.faq import FIND, Hit, faq_index, provider_of
from bot.understand.faq import lookup as faq_lookup
from bot.understand.faq_aspect import aspect_decides
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize

STRONG_FAQ = 0.8  # a FAQ hit this sure wins over a wallet reading of the same words
# each of two questions ended by their marks answers on its own from this confidence: a short clause naming a
# card and its topic ("gpuli 的 h100 有 nvlink 吗") scores a little under STRONG_FAQ, and any new entry moves it
MARKED_FAQ = 0.75
# a message matched outright splits unmarked only into two halves each answered this surely ("cloudgpu 怎么计费" 0.74)
SPLIT_STRONG = 0.7
OTHERS_SECOND = 0.35  # ... and only when neither half's answer scores this much in the other half
QUESTION_MARK = lazy(r"[?？]+")  # "pls??" ends one question
# For the FAQ, "and" before a question word starts one even without the comma ("what's the SLA and how
# fast do they swap a card"); each side must then have its own answer (faq_answers).
FAQ_CLAUSES = lazy(CLAUSES.pattern + r"|\s+and\s+(?=(?:what|how|which|where|when|why)\b)", re.IGNORECASE)


# a clause that only asks whether the job beside it fits ("够不够呀", "行不行啊", "enough?", "fits?", "doable?")
FIT_ONLY = lazy(r"(?:[\s?？!！。.,，~]|呀|啊|吧|呢|嘛|哈|不|吗)*(?:够不够|够吗|够用吗|够了吗|够|能不能跑|跑得动吗?|放得下吗?|装得下吗?|行不行|行吗|能行吗|可以吗"
                r"|enough|fits?|ok(?:ay)?|doable|will\s+it\s+fit|does\s+it\s+fit|is\s+that\s+enough)(?:[\s?？!！。.,，~]|呀|啊|吧|呢|嘛|哈|吗)*",
                re.IGNORECASE)


def faq_answers(raw: str, provider: str | None = FIND) -> tuple[list[Hit], list[Hit]]:
    """Confident FAQ answers to `raw` (one per clause when a message asks two things), and the
    ranked hits for the whole message (`provider`: the one the message names, already read).

    Two questions in one message dilute each other, so the whole message is looked up first and
    its clauses only when that is not confident: a clause ended by a question mark with a confident
    answer is a question; clauses joined by "and how …", and those of a message matched only on an
    entry's own term, count only when two of them are each answered outright (a short clause alone,
    "3 days of training", is too little to be sure of)."""
    # "顺便问下 cloudgpu 支持 Alipay 吗", "btw, does gpuli take Visa?": the word joining an aside is no part of the question
    hit, hits = aspect_decides(*faq_lookup(unjoined(raw), provider), raw)  # level entries: the aspect asked decides
    if len(raw) > MAX_CLAUSE_TEXT:
        return ([hit] if hit is not None else []), hits  # a wall of text is not two short questions
    if (asked := _asked_over_background(raw, hit, provider)) is not None:
        return [asked], [asked, *[h for h in hits if h.entry.id != asked.entry.id]]
    whole = [hit] if hit is not None else []
    if listed := _listed_questions(numbered(raw), provider):
        return listed, hits  # "(a) … (b) …", "1. … 2. …": each numbered question answered
    marked = _subject_joined([c for c in CLAUSES.split(raw) if c.strip()])
    if hit is not None and hit.score >= FAQ_CONFIDENT:
        # the whole may match the stronger of two marked questions; each keeps its own answer when
        # each is a question of its own that a different entry answers outright
        own = _marked_questions(marked, provider, hit, raw) or _unmarked_questions(raw, marked, hit, provider)
        if own or hit.score >= STRONG_FAQ or len(QUESTION_MARK.findall(raw)) < 2:
            return (own or whole), hits
        # a whole only just confident, of two questions each ended by its mark, may be the two diluting each
        # other ("…hold while it runs? rented the wrong gpu, can I swap it?"): its clauses decide, each
        # answered outright, or the whole stands
    clauses = _subject_joined([c for c in FAQ_CLAUSES.split(raw) if c.strip()])[:MAX_CLAUSES]
    if len(clauses) == 1:  # one clause: the whole message, already looked up, unless it asks twice unmarked
        return (_unmarked_questions(raw, marked, hit, provider) or whole or _led(raw, provider)), hits
    strict = hit is not None or len(clauses) > len(marked[:MAX_CLAUSES])
    found: list[Hit] = []
    for clause in clauses:
        if len(clause.strip()) < 4 or len(ask_words.without_asks(normalize(clause)).strip()) < 2 \
                or FIT_ONLY.fullmatch(normalize(clause).strip()):
            # "…while it runs? how much", "…LORA，ZERO2。够不够呀": a clause that only asks "how much" or "is it
            # enough" asks it of the one before, never a FAQ question of its own
            continue
        part, _ = faq_lookup(clause, provider_of(clause) or provider)
        if part is None or (strict and part.score < FAQ_CONFIDENT):
            continue
        if part.entry.id not in {h.entry.id for h in found}:
            found.append(part)
    if strict and len(found) < 2:
        return whole, hits
    return found, hits


def _subject_joined(parts: list[str]) -> list[str]:
    """`parts` with a part that names only a provider joined to the part after it: the provider is that question's
    subject, not a question of its own ("does cloudgpu; bill per minute?", "so, gpuli — do they refund?",
    "cloudgpu 的；怎么计费"). A provider named last ("…怎么计费？gpuli 呢") stays: it asks the question before again."""
    joined: list[str] = []
    carried = ""
    for at, part in enumerate(parts):
        if at + 1 < len(parts) and _provider_only(part):
            carried += part.strip() + " "
            continue
        joined.append(carried + part.strip() if carried else part)
        carried = ""
    return joined


def _provider_only(part: str) -> bool:
    """Whether `part` says nothing but a provider's name, with joiners, ask words and filler ("so does cloudgpu",
    "还有 gpuli 的")."""
    norm = normalize(part)
    named = find_provider(norm)
    if named is None or named.fuzzy:
        return False
    rest = LEADING_JOIN.sub("", (norm[:named.start] + " " + norm[named.end:]).strip())
    rest = ASKS.sub(" ", FAQ_FILLER.sub(" ", rest.lower()))
    return len(OWN_WORDS.sub("", JOINERS.sub(" ", rest))) < 2


OWN_WORDS = lazy(r"[\W_]+")
# ... and a verb whose object is the question after it ("does gpuli have | any SLA", "cloudgpu 提供 | 发票吗")
JOINERS = lazy(r"还有|另外|顺便|那|那么|所以|问下|请问|提供|支持|\b(?:hey|btw|ok|okay|um|uh|ha(?:ve|s|d)|offers?|provides?|gives?|gets?)\b",
               re.IGNORECASE)


def beside_spec(raw: str) -> list[str]:
    """The questions of a message asking a card's facts that ask none of them ("does the l40s have nvlink and how
    much vram", "l40s 有 nvlink 吗 显存多大": the link is the FAQ's, the memory the catalog's); [] for a message
    of one question."""
    clauses = numbered(raw) or [c for c in FAQ_CLAUSES.split(raw) if c.strip()]
    if len(clauses) < 2:
        clauses = [c for c in UNMARKED.split(raw) if c.strip()]
    if len(clauses) < 2:
        return []
    return [c for c in clauses[:MAX_CLAUSES] if len(c.strip()) >= 4 and not specs_asked(normalize(c))]


def _listed_questions(listed: list[str], provider: str | None) -> list[Hit]:
    """The answers to questions the message numbers ("(a) … (b) …", "1. … 2. …"): the numbers mark each item as
    a question, so each confident answer of its own stands, even worded with no ask ("(a) the refund window");
    [] unless two items have different confident answers."""
    found: list[Hit] = []
    for item in listed:
        part, _ = faq_lookup(item, provider_of(item) or provider)
        if part is not None and part.entry.id not in {h.entry.id for h in found}:
            found.append(part)
    return found if len(found) >= 2 else []


def _marked_questions(marked: list[str], provider: str | None, whole: Hit | None = None, raw: str = "") -> list[Hit]:
    """The answers to questions each ended by its mark ("到期前会提醒吗？停机后数据留几天？", "…, and can
    I …"), when every one of them (two to MAX_CLAUSES) has a strong answer of its own and no two
    share one; [] otherwise, so a question split by a mark inside it stays one question. Costs look-ups
    only for a message with two marked questions."""
    if len(marked) < 2:
        return []  # one question: its clauses are not weighed (`without_asks` below is a dozen searches a clause)
    asked = [c for c in marked if len(c.strip()) >= 4 and len(ask_words.without_asks(normalize(c)).strip()) >= 2]
    # (a greeting's 吗 asks nothing: "在吗， qlora！效果会差很多吗" is one question, about QLoRA's quality)
    # (a topic ended by its own question mark asks: "gpuli SLA? and how fast do they replace broken hardware")
    if not 2 <= len(asked) <= MAX_CLAUSES or not all(_asks(c) or _ended_by_mark(raw, c) for c in asked):
        return []
    found: list[Hit] = []
    for clause in asked:
        part, _ = faq_lookup(clause, provider_of(clause) or provider)  # "…？cloudgpu 呢…": the clause's own provider
        if part is None or not _surer(part, whole, MARKED_FAQ) or part.entry.id in {h.entry.id for h in found}:
            return []
        found.append(part)
    return found


def _ended_by_mark(raw: str, clause: str) -> bool:
    """Whether `clause` stands in `raw` right before a question mark."""
    at = raw.find(clause)
    return at >= 0 and QUESTION_MARK.match(raw, at + len(clause)) is not None


UNMARKED_MARGIN = 0.05  # unmarked, a half must beat the whole by this much ("do I lose my checkpoints | when I destroy …" is one)


def _surer(part: Hit, whole: Hit | None, floor: float, margin: float = 0.0) -> bool:
    """Whether a clause's answer is sure enough to stand as a question of its own: from `floor`, or surer than the
    whole message's answer (two questions dilute each other: "which cards have nvlink at gpuli, and can I run zero3
    across several 4090s?" is read less surely whole than either half), and always confident."""
    return part.score >= floor or (whole is not None and part.score >= FAQ_CONFIDENT and part.score > whole.score + margin)


def _unmarked_questions(raw: str, marked: list[str], whole: Hit | None, provider: str | None) -> list[Hit]:
    """Two questions typed with no mark between them, as chats do ("gpuli 到期会提醒吗 过期后数据保留几天",
    "cloudgpu 开机要多久 开机那段收钱吗", "does gpuli email before expiry and how long is data kept", "gpuli ssh
    多久能连上 能按小时租吗"): each part asks, each has a confident answer of its own, the two differ, and one of
    them is the whole message's answer (so a question that only reads as two is left whole). Cut at the common
    ends of a first question (UNMARKED), else at each space before a question may start (breaks), there only
    when the whole message has no strong answer: one question matched outright ("cloudgpu 怎么计费 按小时算吗",
    "how much balance does cloudgpu hold while an instance runs") is not two diluting each other. [] otherwise."""
    if len(marked) != 1:
        return []
    tries = [([c for c in UNMARKED.split(raw) if len(c.strip()) >= 4 or _elliptic(c)][:MAX_CLAUSES], False)]
    # a whole matched outright splits at a bare space only into two questions each answered nearly as surely
    # ("cloudgpu 怎么计费 余额用完会怎样": how it bills, then what an empty balance does)
    strong = whole is not None and whole.score >= STRONG_FAQ
    tries += [([h, t], strong) for h, t in breaks(raw)]
    for asked, apart in tries:
        if found := _each_answered(asked, whole, provider, apart):
            return found
    return []


def _each_answered(asked: list[str], whole: Hit | None, provider: str | None, apart: bool = False) -> list[Hit]:
    """Each of `asked` answered by an entry of its own; `apart`: each nearly as surely as the whole, and neither
    answer a close second of the other part (a half that also reads as the other's question is one question:
    "cloudgpu 怎么计费 按小时算吗" asks how it bills, by the hour or not)."""
    if len(asked) < 2 or any(DIGIT.search(normalize(c)) for c in asked) or not all(_asks(c) for c in asked):
        return []  # a figure belongs to a job or a price ("跑 12 小时多少钱 余额得留多少"), read by the parser (tried
        # before the costlier ask reading: a sizing message's parts have figures)
    if any(len(ask_words.without_asks(normalize(c)).strip()) < 2 for c in asked):
        return []  # "how long | does the instance take to start": an ask word alone starts the one question
    if any(_provider_only(c) for c in asked):
        return []  # "does gpuli have | any SLA compensation", "cloudgpu 提供 | 发票吗": the provider is the subject of the rest
    found: list[Hit] = []
    scored: list[dict[str, float]] = []
    for clause in asked:
        part, ranked = faq_lookup(clause, provider_of(clause) or provider)
        if part is None and _elliptic(clause) and ranked:
            part = ranked[0]  # "入口呢": its topic alone, on the subject of the question before it
        if part is None or part.score < (SPLIT_STRONG if apart else FAQ_CONFIDENT) or part.entry.id in {h.entry.id for h in found}:
            return []
        found.append(part)
        scored.append({h.entry.id: h.score for h in ranked})
    if apart and any(scored[j].get(h.entry.id, 0.0) >= OTHERS_SECOND for i, h in enumerate(found) for j in range(len(found)) if j != i):
        return []
    # one of them is the whole message's answer, or each is surer than the whole: two questions dilute each other
    # ("cloudgpu 按啥计费 销毁后 checkpoint 还在吗" is half a billing question and half a question on the disk)
    return found if whole is None or whole.entry.id in {h.entry.id for h in found} \
        or all(_surer(h, whole, 1.01, UNMARKED_MARGIN) for h in found) else []


def _asks(clause: str) -> bool:
    """Whether a clause asks, the provider it opens with set aside ("cloudgpu: how is gpu billed" asks as "how
    is gpu billed" does), and so the topic it opens with before a colon ("gpuli expiry: do they warn me")."""
    label = TOPIC_LABEL.match(clause.strip())
    norm = normalize(clause.strip()[label.end():] if label is not None else clause)
    named = find_provider(norm)
    if named is not None and not norm[:named.start].strip():
        norm = norm[named.end:].lstrip(" :：,，-")
    norm = LEADING_JOIN.sub("", norm)  # "…SLA? and how fast do they replace hardware": the joiner opens no question
    # "还在吗" asks: the greeting 在吗 is filler only on its own
    return bool(ASKS.search(FAQ_FILLER.sub(" ", norm.lower()))) or STILL_THERE.search(norm) is not None or _elliptic(clause)


LEADING_JOIN = lazy(r"^\s*(?:and|also|but|so|then|plus|or)\b[\s,]*", re.IGNORECASE)
STILL_THERE = lazy(r"[\u3400-\u9fff]在吗")
# a second question said by its topic alone ("出口流量收费吗 入口呢": 入口 asked as the first was), short, after the first
ELLIPTIC = lazy(r"\s*(?:那|那么)?\s*([^\s?？。!！,，]{2,8})\s*呢\s*[?？]?\s*")


def _elliptic(clause: str) -> bool:
    """Whether `clause` is a topic and 呢 and nothing else, a topic that is not a provider's name ("gpuli 呢" asks
    the first question of another provider: no question of its own)."""
    m = ELLIPTIC.fullmatch(clause)
    return m is not None and find_provider(normalize(m[1])) is None


TOPIC_LABEL = lazy(r"^[^:：?？]{1,24}[:：]\s*")  # "expiry: ", "到期：": what the question after it is about


def _led(raw: str, provider: str | None) -> list[Hit]:
    """The confident answer to the question a lead opens after its background ("风控组在写技术说明，想知道哪几款卡支持
    NVLink"), when the whole, diluted by the background, has none; [] otherwise."""
    asked = after_lead(raw) or last_question(raw)
    if asked is None:
        return []
    part, _ = faq_lookup(asked, provider_of(asked) or provider)
    return [part] if part is not None and part.score >= FAQ_CONFIDENT else []


def _asked_over_background(raw: str, hit: Hit | None, provider: str | None) -> Hit | None:
    """The entry of the one clause that asks, when the rest only states the job and the whole message's best entry is
    met on that background alone ("两台 8 卡 h100 做 continued pretraining，IB 另外怎么收": InfiniBand's, two nodes
    ₮1,200, not continued pretraining's setup): the asked clause confidently names its entry's own term and none
    of the best's; None otherwise."""
    if hit is None:
        return None
    clauses = [c for c in COMMA.split(raw) if c and c.strip()]  # the background is said before a comma
    if len(clauses) < 2:
        return None  # (before `_asks`, a reading of each clause: most messages have no comma)
    asking = [c for c in clauses if _asks(c)]
    if len(asking) != 1 or len(asking) == len(clauses):
        return None
    part, _ = faq_lookup(asking[0], provider_of(asking[0]) or provider)
    if part is None or part.score < FAQ_CONFIDENT or part.entry.id == hit.entry.id:
        return None
    if faq_index().keyworded(asking[0], 0.0, [hit], provider):
        return None
    # the asked clause names a subject of its own, a technical name ("IB", "InfiniBand"), not only words that ask
    # about the background's job ("做继续预训练，要什么配置": the route's setup; "机器还在开机，会计费吗": the boot's billing)
    folded = faq_terms.fold(asking[0])
    named = [kw for kw in [*part.entry.keywords.zh, *part.entry.keywords.en]
             if (p := faq_terms.phrase_pattern(kw)) is not None and p.search(folded)]
    # (read in a Chinese clause, where such a name stands out; in English every word is Latin)
    chinese = CHINESE.search(asking[0]) is not None
    if not (chinese and any(LATIN.search(kw) and provider_of(kw) is None for kw in named)):
        return None
    # a question before the one naming those terms asks of the job said before it ("…做多卡训练，请问行吗？这几张卡之间
    # 有 NVLink 吗？": whether that job will do), so the job is a question too, never mere background; one after it
    # ("IB 另外怎么收？一个月多少？") asks of the term
    terms = [p for kw in named if (p := faq_terms.phrase_pattern(kw)) is not None]
    for question in (q for q in QUESTION_MARK.split(asking[0]) if q.strip()):
        if any(p.search(faq_terms.fold(question)) for p in terms):
            return part
        if _asks(question):
            return None
    return part


LATIN = lazy(r"[A-Za-z]")
CHINESE = lazy(r"[\u3400-\u9fff]")
