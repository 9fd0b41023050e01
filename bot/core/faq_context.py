"""A FAQ question read in the light of the turn before it: the answer a follow-up changes when a FAQ
answer sits on top of it, whether a short message changes the FAQ question just asked, and the provider
a FAQ question naming none is about (the one the turn before named, or the ones renting its setup).
Split from the router so it stays one screen of routing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.core.detail_follow import clause_words as words_of
from bot.core.detail_follow import entry_words
from bot.core.detail_follow import shared_weight as weight
from bot.core.heads_said import with_heads_before
from bot.core.held_budget import HELD
from bot.core.recent_provider import provider_before, renting, setup_before
from bot.messages import Reply, Turn
from bot.understand.classify import asks_billing
from bot.understand.faq import KEYWORD_SHARE, Hit, faq_index, unnamed
from bot.understand.faq import lookup as faq_lookup
from bot.understand.faq_methods import entry_methods
from bot.understand.faq_topics import METHOD_NAMED, on_card
from bot.understand.follow_reads import COUNT_OF_CARD, SETUP_REF, without_card_pointer
from bot.understand.parser import Parsed, parse

FAQ_FOLLOW_UP = 40  # characters: "那 4090 呢", "低于 95% 怎么赔" — a change to the FAQ question just asked


def behind_faq(turn: Turn | None) -> tuple[Turn | None, str | None]:
    """(the answer a follow-up changes, the FAQ question asked since, if one was): a FAQ answer sits
    on top of the sizing or price before it, so "换成 qlora" after a FAQ still changes that."""
    if turn is None or turn.kind not in ("faq", "about", "wallet", "add_on"):  # an add-on's price too  # a wallet read or write sits on top too
        return turn, None
    prev = turn.data.get("prev")  # a provider's list ("about") sits on top of the question before it too
    under = Turn(prev["kind"], prev["data"]) if prev else None
    held = turn.data.get(HELD) if turn.kind == "wallet" else None
    if under is not None and isinstance(held, list):  # "cloudgpu a6000", "budget $10", "how many hours": the money set
        under = Turn(under.kind, {**under.data, HELD: held})  # is divided into the card priced beneath it
    if turn.data.get("unsure"):  # a question the FAQ did not answer is no question a follow-up changes
        return under, None
    return under, str(turn.data.get("text") or "") or None


def reprices_beneath(asked: str | None, last: Turn | None) -> bool:
    """Whether a card named alone after the FAQ question `asked` changes the rental priced beneath it
    ("gpuli 4090 包月", "能退款吗", "那 5090 呢": the 5090's month at gpuli): the answer that question got
    says the same for every card, so the card can only change the price. An entry that answers card by
    card ("有 nvlink 吗" then "那 4090 呢") is asked again for that card instead."""
    if asked is None or last is None or last.kind != "price" or not last.data.get("gpu"):
        return False
    hit, _ = faq_lookup(asked)
    return hit is not None and not hit.entry.by_card


def span_on_priced(parsed: Parsed, asked: str | None, last: Turn | None) -> bool:
    """A length alone after a FAQ detour ("cloudgpu a6000 hourly", "do they have persistent storage across
    instances", then "ok, 20 hours on it then?" / "那跑 20 小时呢"): the rental priced beneath that question for
    that length (20 h × $0.44 = $8.80), never that question asked again; a question about billing itself ("按分钟
    怎么算" then "跑了 61 秒呢") keeps its length for the FAQ's billed-minutes answer."""
    r, q = parsed.rental, parsed.request
    if not (r.duration_days or r.duration_hours or parsed.price.annual) or q.gpu or q.model or q.params_b or q.num_gpus or asked is None:
        return False
    asked_of = parsed.cues.length_frame or parsed.cues.refers_back or parsed.asks.cost
    return asked_of and not asks_billing(asked) and (reprices_beneath(asked, last) or _card_job_beneath(last))


def span_asked(parsed: Parsed) -> Parsed:
    """A span asked of the rental beneath a FAQ detour (span_on_priced): no FAQ entry, a follow-up of that rental; a
    FAQ's words ("estimated annual cost then?") ask its price, and the annual term alone names its year."""
    r = parsed.rental
    year = parsed.price.annual and not (r.duration_days or r.duration_hours)
    return replace(parsed, faq=[], faq_answers=[], faq_confident=False, follow_up=True,
                   intent="price" if parsed.intent == "faq" else parsed.intent,
                   rental=replace(r, duration_days=365.0) if year else r)


def span_on_card_asked(parsed: Parsed, turn: Turn | None) -> Parsed | None:
    """A length with its cost asked after a FAQ question about a card ("cloudgpu 的 4090 按小时怎么收", "does gpuli
    refund a 5090?", then "训练 208 分钟，算下费用" / "so 3 hours of it, how much?"): that card's price for that length,
    at the provider named (by the message, else by the question), as one message saying it all is priced; None when
    the message names a card or job of its own, asks no cost, or the question named no card."""
    r, q = parsed.rental, parsed.request
    card = turn.data.get("asked_gpu") if turn is not None and turn.kind == "faq" else None
    if not isinstance(card, str) or not card or not (r.duration_days or r.duration_hours):
        return None  # known before the question before is read again (a whole reading, a millisecond or more)
    # "跑了 209 分钟，多少": a time used with a bare amount asked is its cost too
    # or a length alone after a question that asked the card's price ("cloudgpu 4090 how much per minute?" then "so a
    # 2h15m job?"): that price for that length
    asked = parsed.asks.cost or (parsed.cues.how_much and parsed.cues.time_used) or (
        parsed.cues.chars <= FAQ_FOLLOW_UP and turn is not None and _price_asked(str(turn.data.get("text") or "")))
    if not asked:
        return None
    if turn is not None and turn.data.get("prev"):  # a job or price beneath the question: that is what a length changes
        return None
    if q.gpu or q.model or q.params_b or parsed.unknown_card:
        return None
    provider = r.provider or turn.data.get("provider") if turn is not None else r.provider
    return replace(parsed, intent="price", request=q.model_copy(update={"gpu": card}), missing=[], follow_up=False,
                   faq=[], faq_answers=[], faq_confident=False, rental=replace(r, gpu=card, provider=provider))


def _price_asked(question: str) -> bool:
    """Whether the FAQ question asked a price ("how much per minute?", "每分钟多少钱"), not how billing works."""
    read = parse(question) if question else None
    return read is not None and (read.asks.cost or read.cues.how_much)


def _card_job_beneath(last: Turn | None) -> bool:
    """"cloudgpu a100 80g 跑 70b qlora", "训完忘了销毁", then "周末 48 小时会扣多少": a job sized on a card named at a
    provider is that card's rental there, its length's cost asked."""
    request = last.data.get("request") if last is not None and last.kind == "size" else None
    return isinstance(request, dict) and bool(request.get("gpu")) and bool(request.get("provider"))


def total_on_priced(parsed: Parsed, last: Turn | None) -> bool:
    """"一共多少" / "total?" after a FAQ detour about the rental priced beneath it ("gpuli 8卡h100 两台 包月", "IB 要另外
    加钱吗", then "一共多少"): that rental's whole bill (2 × ₮14,432 + 2 × ₮600 = ₮30,064), never the question again."""
    q = parsed.request
    return parsed.asks.total and not (q.gpu or q.model or q.params_b or parsed.cues.figures) and last is not None \
        and last.kind == "price" and bool(last.data.get("gpu"))


def unsure_turn(text: str, provider: str, last: Turn | None) -> Turn:
    """A question about a provider the FAQ was not sure of ("gpuli 能开发票吗"), remembered on top of the answer
    before it: only a follow-up naming another provider ("一万网络呢") asks it again, there."""
    return Turn("faq", {"text": text, "provider": provider, "unsure": True,
                        "prev": {"kind": last.kind, "data": last.data} if last else None})


def unknown_turn(parsed: Parsed, reply: Reply, text: str, last: Turn | None) -> Turn | None:
    """What an answer the FAQ was not sure of leaves for the next message: a provider's question, asked again at
    the provider named next; cards counted but none named ("帮我算下 两台八卡 包月 多少"), completed by the card
    named next (bot.core.counted_card)."""
    if reply.data.get("closest") and parsed.rental.provider:
        return unsure_turn(text, parsed.rental.provider, last)
    # or a setup said with nothing asked ("我们有 8 卡 H100"): the job named next is sized on it (bot.core.setup_stated)
    # or a price asked of no card ("我们想租卡，先问价格", "prices first?"): the card named next is priced (its price, no FAQ)
    priced = parsed.asks.cost and not (parsed.request.gpu or parsed.request.model or parsed.request.params_b)
    counted = parsed.request.num_gpus and not (parsed.request.gpu and (parsed.request.model or parsed.request.params_b or parsed.request.method))
    if priced or counted:
        return Turn("faq", {"text": text, "provider": None, "entry": None,
                            "prev": {"kind": last.kind, "data": last.data} if last else None})
    return None


def asked_elsewhere(parsed: Parsed, asked: str | None, turn: Turn | None) -> tuple[Parsed, str] | None:
    """(the FAQ question just asked, asked at the provider the message names; its text) when the message names
    one provider and nothing else ("how soon can i ssh in at gpuli" then "and at cloudgpu?" is CloudGPU's boot
    time, "gpuli 有 nvlink 吗" then "一万网络呢" Yiwan's NVLink), never that provider's price list; None otherwise."""
    q = parsed.request
    if turn is not None and turn.data.get("unsure") and not q.gpu:
        asked = str(turn.data.get("text") or "") or None
    if asked is None or turn is None or turn.kind != "faq" or len(parsed.cues.providers) != 1 \
            or not parsed.asks.frame_only or q.gpu or q.model or q.params_b or q.method:
        return None
    provider = parsed.cues.providers[0]
    question = unnamed(asked).strip()
    hit, hits = faq_lookup(question, provider)
    if hit is None and not turn.data.get("unsure"):  # the entry that answered it, when it covers that provider
        hit, hits = faq_lookup(asked)
        if hit is not None and hit.entry.providers and provider not in hit.entry.providers:
            return None
    question = f"{question} {parsed.words}"  # the provider in the user's words: what the next follow-up is about
    rental = replace(parsed.rental, provider=provider)
    if hit is None:  # not one the FAQ answers: not sure there either, with the closest questions
        if not turn.data.get("unsure"):
            return None
        return replace(parsed, intent="unknown", faq=hits, faq_confident=False, faq_answers=[], rental=rental,
                       missing=[], follow_up=False), question
    return replace(parsed, intent="faq", faq=hits, faq_confident=True, faq_answers=[hit], rental=rental, missing=[],
                   follow_up=False), question


def card_alone(parsed: Parsed, text: str) -> bool:
    """"4090", "那 H100 呢", "what about an a100": a card and nothing of its own (no model, method or question words)."""
    q = parsed.request
    if not q.gpu or q.model or q.params_b or q.method:
        return False
    # "8卡h100的话": a setup, the card with its count, in nothing but a follow-up's frame, is the card named too
    return parsed.asks.names_only or parsed.asks.frame_only or parsed.cues.beside_cards.counted \
        or (parsed.follow_up and len(text.strip()) <= CARD_ALONE)


CARD_ALONE = 12  # characters: "那 4090 呢", "what about h100"


def card_for_a_time(parsed: Parsed, text: str) -> bool:
    """"ok 那 4090 跑 90 分钟", "and an a100 for 3 hours?": a card and how long it runs, no job and no question
    of its own: after a question on how renting is charged, that card's price for that time there."""
    q, r = parsed.request, parsed.rental
    return bool(q.gpu) and not (q.model or q.params_b or q.method or parsed.faq_confident) \
        and bool(r.duration_days or r.duration_hours) and len(text.strip()) <= FAQ_FOLLOW_UP


def about_the_faq(parsed: Parsed, text: str) -> bool:
    """A short message that is no question of its own: it may change the FAQ question before it."""
    q = parsed.request
    if len(text.strip()) > FAQ_FOLLOW_UP or q.model or q.params_b:
        return False
    if q.method or q.seq_len or q.zero is not None or q.offload or q.optimizer or q.lora_rank or q.num_gpus:
        return False  # "换成 qlora 呢" changes the job before the FAQ answer, not the FAQ question
    if parsed.intent in ("wallet", "help", "smalltalk", "export") or (parsed.intent == "faq" and parsed.faq_confident):
        return False
    if parsed.intent in ("price", "size", "cost") and not parsed.missing:
        return False
    # it reads as a change ("那…呢", "what about") or carries what one changes (a card, a provider, a figure);
    # "今天吃啥" after a FAQ answer is chatter, not a change to it
    return parsed.follow_up or bool(q.gpu or parsed.rental.provider or any(ch.isdigit() for ch in text))


def with_provider_before(parsed: Parsed, text: str, turn: Turn | None) -> Parsed:
    """A FAQ question naming no provider, asked right after one that did ("show me CloudGPU prices",
    then "how fast does an instance come up?"), is about that provider: its part leads, its own card
    answers, and an entry about it can be found where the question alone was too vague."""
    provider = provider_before(turn)
    if provider is None:
        return at_a_renting_provider(parsed, text, turn)
    rental = replace(parsed.rental, provider=provider)
    hit, hits = faq_lookup(text, provider)
    if parsed.faq_confident:  # an entry giving other providers' rules only yields to that provider's own on its topic
        general = parsed.faq_answers[0].entry if parsed.faq_answers else None
        # or to that provider's own entry on the same topic where the answer gives several providers' rules ("怎么收费"
        # after cloudgpu: its per-minute billing); never to one on another topic ("这张卡有 nvlink 吗": not gpuli's table)
        # (an entry about other providers only yields to that provider's on the same topic too: "开机那几分钟收钱吗" after
        # gpuli is no question of how soon its machines boot)
        same_topic = hit is not None and general is not None and hit.entry.topics[:1] == general.topics[:1]
        its_own = same_topic and hit is not None and general is not None and hit.entry.providers == [provider] and len(general.providers) > 1
        if hit is not None and general is not None and provider in hit.entry.providers and same_topic \
                and (provider not in (general.providers or [provider]) or its_own) and _answers_as_well(text, hit, parsed.faq_answers[0]):
            return replace(parsed, rental=rental, faq=hits, faq_answers=[hit])
        if general is not None and general.providers and provider not in general.providers:
            return parsed  # an answer about other providers only ("开机过程计费吗": CloudGPU's boot) has no part of its to lead
        return replace(parsed, rental=rental)
    if hit is None and hits:  # "can we get a multi-card box there?": "there" is that provider, so a GPU question
        # of it; the entry the message's own words put first, never one the provider's name alone brings in
        there, near = faq_lookup(f"{text} {provider}", provider)
        own = {w for w in words_of(text) if len(w) > 1 or w.isascii()}  # a lone "天" of "今天吃啥" is no GPU word
        if there is not None and there.entry.id == hits[0].entry.id and weight(own & entry_words(there)) > 0:
            hit, hits = there, near
    if hit is None:
        return parsed
    return replace(parsed, intent="faq", faq=hits, faq_confident=True, faq_answers=[hit], rental=rental, missing=[])


OWN_SHARE = 0.5  # a provider's own entry answers a message about as well as the entry it found alone from this share of
# the message's own words (by weight) that entry shares


def _answers_as_well(text: str, own: Hit, general: Hit) -> bool:
    """Whether the provider's own entry `own` answers the message's own words about as well as the entry the message
    found on its own (`general`): "will i lose my checkpoints?" after CloudGPU is its checkpoints entry; "开机过程计费吗"
    after a gpuli price is no question about renting by the hour, "硬件坏了多久能换好" after CloudGPU none about save_steps,
    though each is that provider's nearest entry on the topic: the provider said before changes where a question is
    asked, never what it asks."""
    said = {w for w in words_of(text) if len(w) > 1 or w.isascii()}
    return weight(said & entry_words(own)) >= OWN_SHARE * weight(said & entry_words(general))


def at_a_renting_provider(parsed: Parsed, text: str, turn: Turn | None) -> Parsed:
    """A FAQ answer about a provider that does not rent the setup just priced ("8卡 h100 包月" then "能开
    infiniband 吗" is not CloudGPU's multi-card entry): the answer at the providers that rent it, in order."""
    about = faq_index().about.get(parsed.faq_answers[0].entry.id) if parsed.faq_answers else None
    rent = renting(turn) if about is not None else []
    if not rent or about in rent:
        return parsed
    for provider in rent:
        hit, hits = faq_lookup(text, provider)
        if hit is not None:
            return replace(parsed, faq=hits, faq_answers=[hit], rental=replace(parsed.rental, provider=provider))
    return parsed


def setup_faq(parsed: Parsed, text: str, turn: Turn | None) -> Parsed:
    """A FAQ question about the setup just shown, named by its count ("32b 全参 多少钱" then "那个 8 卡的有 nvlink
    吗", "does the 8-card one have nvlink?"): that card's part of the entry, as `with_card_before` answers it,
    instead of the count read as a change to the job. `parsed` unchanged when the message names no setup by
    its count (Cues.setup_ref), states a job or card of its own, or the entry has no part for that card."""
    q = parsed.request
    if q.gpu or q.model or q.params_b or q.method or parsed.cards or parsed.rental.gpu:
        return parsed
    if not parsed.cues.setup_ref:
        return count_faq(parsed, text, turn)
    setup = setup_before(turn)
    if setup is None or (setup[1] and q.num_gpus and q.num_gpus != setup[1]):
        return parsed
    probe = replace(parsed, intent="faq", follow_up=False, request=q.model_copy(update={"num_gpus": None}),
                    rental=replace(parsed.rental, num_gpus=None))
    found = with_card_before(probe, SETUP_REF.sub(" ", text), turn)
    return found if found is not probe else parsed


def count_faq(parsed: Parsed, text: str, turn: Turn | None) -> Parsed:
    """A FAQ question asked of a count of the card just discussed ("a6000 at gpuli" then "两张的话 有 nvlink 吗",
    "with two of them, is there nvlink?"): that card's part of the entry for the count stated, when the message
    read without its count asks that entry confidently; `parsed` unchanged otherwise (the count then changes the
    setup: "两张的话呢" prices two)."""
    if parsed.intent not in ("faq", "unknown", "size") or not parsed.request.num_gpus or setup_before(turn) is None:
        return parsed
    rest = COUNT_OF_CARD.sub(" ", text)
    if rest == text:
        return parsed
    probe = replace(parsed, intent="faq", follow_up=False)
    found = with_card_before(probe, rest, turn)
    return found if found is not probe else parsed


def with_card_before(parsed: Parsed, text: str, turn: Turn | None) -> Parsed:
    """A FAQ question naming no card, asked right after an answer about one ("gpuli 4090 weekly price" then
    "does it have nvlink?", "这张卡有 nvlink 吗"), is about that card, when the entry it asks answers card
    by card and has that card's part: the card's own answer leads, not the whole list, for as many of it as that
    answer gave ("gpuli 8卡h100 包月多少" then "有 nvlink 吗": the 8×H100 SXM priced). A question naming a job of its
    own ("zero-3 跨节点用普通以太网 ok 吗，32b full") is about that job, not the card before: a new question."""
    q = parsed.request
    if parsed.intent not in ("faq", "unknown") or q.gpu or parsed.rental.gpu or parsed.cards or q.model or q.params_b \
            or parsed.cues.compared:  # "zero2 和 zero3 区别是啥": the two compared are the subject, no card before
        return parsed
    setup = setup_before(turn)
    if setup is None:
        return parsed
    card, count = setup
    provider = parsed.rental.provider
    hit, hits = faq_lookup(without_card_pointer(text), provider)
    if parsed.asks.suits and not (parsed.intent == "faq" and parsed.faq_confident) \
            and (own := _suits_of_card(text, card, provider)) is not None:
        hit, hits = own  # "gpuli mi300x 包月" then "适合干啥": what that card is suited for, its own entry
        return replace(parsed, intent="faq", faq=hits, faq_confident=True, faq_answers=[hit], missing=[], follow_up=False,
                       rental=replace(parsed.rental, gpu=card, num_gpus=parsed.rental.num_gpus or count))
    carded = next((h for h in hits if (h is hit or (hit is not None and h.score >= KEYWORD_SHARE * hit.score))
                   and _has_part(h, card, provider)), None)
    if carded is None:
        return parsed  # no close entry has a part for that card (at the provider asked about): the whole answer stands
    # the card just discussed is evidence for the entry that answers card by card: it leads among entries that
    # score about as well ("a6000 at gpuli" then "can two of them be nvlinked?": the NVLink entry's A6000 part)
    hit, hits = carded, [carded, *[h for h in hits if h is not carded]]
    return replace(parsed, intent="faq", faq=hits, faq_confident=True, faq_answers=[hit], missing=[],
                   rental=replace(parsed.rental, gpu=card, num_gpus=parsed.rental.num_gpus or count))


def _has_part(hit: Hit, card: str, provider: str | None) -> bool:
    """Whether the entry answers `card` on its own (at `provider`, when one is asked about)."""
    parts = [part for part in hit.entry.by_card if card in part.cards]
    return bool(parts) and (provider is None or any(part.provider == provider for part in parts))


def _suits_of_card(text: str, card: str, provider: str | None) -> tuple[Hit, list[Hit]] | None:
    """The FAQ entry whose own question is about `card`, found for `text` asked of that card; None when
    the card has no entry of its own."""
    hit, hits = faq_lookup(f"{card} {without_card_pointer(text)}", provider)
    return (hit, hits) if hit is not None and on_card(hit, card) else None




def method_of_faq(parsed: Parsed, entry_id: str | None, last: Turn | None) -> Parsed:
    """"显存主要被什么吃掉 全参" then "那 lora 呢" / "qlora 又能省多少": the FAQ entry on the same subject (a topic
    shared with the entry just answered) whose question names the method the follow-up names, when no job sits
    beneath the FAQ answer for the method to change (then it changes the job)."""
    q = parsed.request
    if entry_id is None or q.method not in METHOD_NAMED or q.model or q.params_b or q.gpu or parsed.cues.chars > FAQ_FOLLOW_UP:
        return parsed
    if last is not None and last.kind in ("size", "cost", "price", "checkpoint"):
        return parsed
    entries = {e.id: e for e in faq_index().entries}
    before = entries.get(entry_id)
    if before is None:
        return parsed
    named = METHOD_NAMED[q.method]
    if entry_methods(before.id) == {q.method}:
        return parsed  # "qlora 会掉点吗" then "显存够还开 4bit 吗": the one method just asked of is no change of it
    shared = [(len(set(e.topics) & set(before.topics)), e) for e in entries.values()
              if e.id != entry_id and set(e.topics) & set(before.topics) and named.search(e.question.zh + " " + e.question.en)]
    if not shared:
        return parsed
    _, entry = max(shared, key=lambda x: x[0])
    hit = Hit(entry, 1.0, 1.0)
    return replace(parsed, intent="faq", faq=[hit], faq_confident=True, faq_answers=[hit], missing=[], follow_up=False)


def priced_there(parsed: Parsed, turn: Turn | None, reparse: Callable[[str], Parsed]) -> Parsed | None:
    """A provider said alone after a question that named none and was answered from the FAQ ("24G 卡跑一周多少钱"
    then "CloudGPU"): that question asked there, when it is then a price (the 24 GB cards at CloudGPU for a week);
    None otherwise. A rental asked after a message counting the people or groups it is for is read with that message
    (bot.core.heads_said)."""
    if (heads := with_heads_before(parsed, turn, reparse)) is not None:
        return heads
    q = parsed.request
    if turn is not None and turn.kind == "faq" and not turn.data.get("unsure"):
        setup = setup_priced(parsed, str(turn.data.get("text") or ""), reparse)
        if setup is not None:
            return setup
    if turn is None or turn.kind != "faq" or turn.data.get("provider") or len(parsed.cues.providers) != 1 \
            or not parsed.asks.frame_only or q.gpu or q.model or q.params_b or q.method:
        return None
    again = reparse(f"{turn.data.get('text') or ''} {parsed.words}")
    card = again.unknown_card
    if again.intent != "price" or again.rental.provider != parsed.cues.providers[0] or not (
            again.request.gpu or (card is not None and card.bare and card.memory_gb)):
        return None
    return again


def setup_priced(parsed: Parsed, asked: str, reparse: Callable[[str], Parsed]) -> Parsed | None:
    """The total of a rental asked after a FAQ question that named the cards ("continued pretraining on 16 H100s across
    two nodes, what extra at gpuli?" then "monthly total for both nodes incl IB?"): that setup priced for the length asked,
    with what the message adds (InfiniBand); None when the message names a card or job of its own, asks no amount for a
    length, or the question before named no card."""
    q, r, a = parsed.request, parsed.rental, parsed.asks
    if not asked or q.gpu or r.gpu or q.model or q.params_b or parsed.cards or parsed.unknown_card:
        return None
    if not (r.duration_days or r.duration_hours) or not (a.total or a.cost or parsed.cues.how_much):
        return None
    again = reparse(f"{asked} {parsed.words}")
    if again.intent != "price" or not again.rental.gpu or again.parts:
        return None
    # a region asked before ("which regions?") was answered then: only this message's own where-question leads now
    return replace(again, price=replace(again.price, where_asked=parsed.price.where_asked))
