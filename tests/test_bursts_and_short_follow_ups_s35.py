"""A request typed in quick bursts, and short follow-ups that ask of the last answer (session 35).

- a preface alone ("老板问", "my boss asks") is acknowledged in a line, never "outside what I do", and the job
  typed after it in pieces is answered as one; a bare fit asked with its tail clipped ("够不", "行么") is the fit
  verdict of that job, as "够吗" is;
- a weekend or a night asked after a timed job is a deadline for it, the yes or no leading;
- an earlier answer quoted above a question is context, the question after it is what is asked;
- a short run asked whether a longer term must still be bought gets each provider's rule, yes or no first;
- a card alone after a price asked of no card is that card's price;
- another count with a bigger batch asked: the job on that count, its largest batch.

Figures are the seeds' (seed 000: 32B full fine-tuning on 8×80 GB with ZeRO-3 is the minimum setup, 64 GB of
model states a card; gpuli's 4090 week ₮109, 8×H100 week ₮4,172 and month ₮14,432; CloudGPU's 4090 $0.33/h)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.normalize import normalize
from bot.understand.parser import parse
from bot.understand.quoted import unquoted
from bot.understand.term_floor import floor_asked
from tests.chat_user import ChatUser

ZH_JOB, EN_JOB = ["32b全参", "8张h100 zero3"], ["32B full fine-tune", "on 8 H100s with zero3"]


def _said(*turns: str) -> ChatUser:
    user = ChatUser()
    for turn in turns:
        user.say(turn)
    return user


def _head(user: ChatUser, n: int = 3) -> str:
    return "\n".join(user.lines[:n])


def test_a_preface_alone_is_acknowledged_in_one_line_in_both_languages() -> None:
    for preface, word in (("老板问", "请说"), ("领导让我问一下", "请说"), ("my boss asks", "go ahead"), ("one question", "go ahead")):
        user = _said(preface)
        assert word in user.text and len(user.lines) == 1, (preface, user.text)
        assert "帮不上" not in user.text and "outside" not in user.text


def test_a_preface_leaves_the_job_before_it_to_the_next_fit_question() -> None:
    user = _said("32b全参 8张h100 zero3", "老板问", "够不")
    assert "8×H100 SXM" in _head(user) and "77.4 GB" in _head(user)


def test_a_clipped_fit_question_reads_like_the_whole_one() -> None:
    for clipped in ("够不", "够么", "行么", "放得下不", "够没"):
        assert parse(clipped).cues.beside_cards.fit, clipped
    assert not parse("不够").cues.beside_cards.fit  # a statement, the fit word after its "不"


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(["zh", "en"]), st.booleans(), st.booleans(),
       st.sampled_from([("够不", "够吗", "行不", "行么"), ("enough?", "fits?", "does it fit?")]))
def test_one_job_typed_in_bursts_in_any_order_gets_the_fit_verdict_of_the_whole(
        lang: str, swapped: bool, prefaced: bool, asks: tuple[str, ...]) -> None:
    pieces = list(ZH_JOB if lang == "zh" else EN_JOB)
    if swapped:
        pieces.reverse()
    opener = ["老板问" if lang == "zh" else "quick q"] if prefaced else []
    user = _said(*opener, *pieces, asks[len(pieces[0]) % len(asks)])
    head = _head(user)
    # the seed's minimum for 32B full: 8×80 GB with ZeRO-3; our estimate 77.4 GB a card, the fit said in the lead
    assert ("8×H100 SXM" in head or "8× H100 SXM" in head) and "77.4 GB" in head, head
    assert any(w in head for w in ("放得下", "装得下", "fits", "fit ")), head


def test_the_weekend_after_a_timed_job_is_its_deadline_and_the_verdict_leads() -> None:
    for turns, yes in ((("32B 全参 2000万 token 3 epoch 8 张 H100 要多久", "周末能跑完吗"), "能"),
                       (("32B full FT, 20M tokens, 3 epochs on 8 H100 - how long?", "so would it finish over the weekend?"), "Yes")):
        user = _said(*turns)
        head = _head(user)
        # Tuesday 09:00 Beijing: the weekend ends Sunday 2026-12-06; training takes ~1.5 h, so yes
        assert "2026-12-06" in head and yes in head and ("1.5" in head), head
        assert "48" not in head  # the weekend is no 48-hour run


def test_a_night_after_a_timed_job_is_until_the_next_morning() -> None:
    user = _said("32B 全参 2000万 token 3 epoch 8 张 H100 要多久", "跑一晚上够吗")
    assert "2026-12-02 08:00" in _head(user) and "能" in _head(user)
    user = _said("7b lora 2亿 token 3 epoch 一张4090 要多久", "overnight?")  # ~71 h on a 4090: not by morning
    assert "2026-12-02 09:00" in _head(user) and "来不及" in _head(user)
    user = _said("7b lora, 200M tokens, 3 epochs on one 4090, how long?", "done overnight?")
    assert "2026-12-02" in _head(user) and "No" in _head(user)


def test_a_quoted_answer_is_context_and_the_question_under_it_is_asked() -> None:
    user = _said("gpuli 8卡 h100 月租", "> 8 × H100 SXM 月租 ₮14,432\n那周租呢")
    assert "₮4,172" in user.lines[1] and "₮14,432" not in user.text
    user = _said("gpuli 8x h100 monthly", "> 8 × H100 SXM monthly ₮14,432\nand weekly?")
    assert "₮4,172" in user.lines[1] and "₮14,432" not in user.text
    assert unquoted(">48G 的卡有哪些\n多少钱") == ">48G 的卡有哪些\n多少钱"  # a ">" opening a figure is no quote
    assert unquoted("> 只是引用") == "> 只是引用"  # nothing but a quote: left as typed


def test_a_short_run_asked_whether_a_term_must_be_bought_gets_each_providers_rule() -> None:
    assert floor_asked(normalize("跑两天的话是不是也得买一周")) == (48.0, "week")
    assert floor_asked(normalize("do I have to pay monthly if I only use it 10 days")) == (240.0, "month")
    assert floor_asked(normalize("4090 周租多少")) is None
    user = _said("7B QLoRA 用 4090", "周租多少", "跑两天的话是不是也得买一周")
    head = _head(user, 2)
    assert "是" in user.lines[0] and "gpuli" in head and "₮109" in head  # gpuli sells weeks: one week
    assert "CloudGPU" in head and "48 小时 × $0.33" in head and "$15.84" in head  # per minute: 48 h only
    user = _said("4090 weekly price?", "if I only need 2 days do I still pay a week?")
    head = _head(user, 2)
    assert "Yes at gpuli" in head and "₮109" in head and "No at CloudGPU" in head and "$15.84" in head
    user = _said("gpuli 8卡 h100 月租", "只用10天也得按月付吗")  # two weeks cover ten days at gpuli: no month
    assert "不用买满：gpuli 买 2 周" in user.text and "₮8,344" in user.text


def test_a_card_alone_after_a_price_asked_of_no_card_is_that_cards_price() -> None:
    user = _said("你好，我们医院想租卡做微调，先问价格", "4090")
    assert "₮109" in _head(user) and "$0.33" in _head(user) and "NVLink" not in user.text
    user = _said("hi, we want to rent gpus, prices first", "h100")
    assert "₮4,172" in _head(user)


def test_another_count_with_a_bigger_batch_asked_answers_both() -> None:
    for turns in (("7B 全参 8-bit 优化器 一张 H100 够吗", "两张呢？能开大点 batch 吗"),
                  ("7b full 8-bit optimizer on one h100?", "what about 2 cards, and can I raise the batch?")):
        user = _said(*turns)
        head = _head(user)
        assert ("2× H100 SXM" in head or "2×H100 SXM" in head) and "batch" in head.lower(), head
        assert "5" in head  # the largest micro-batch that fits two 80 GB cards
    assert parse("batch 调大显存会涨吗").asks.largest_batch is False  # what a bigger batch costs: the FAQ's


@pytest.mark.parametrize("text", ["> 14b 全参 两张 h100 爆显存了\n怎么回事，要几张", "> Can we rent an A100 by the week? the job is 3 days\nwhat should I answer them?",
                                  "> 70b qlora on one 80GB card\nok or not?"])
def test_a_quoted_ticket_or_question_is_the_job_asked_about(text: str) -> None:
    """A quote that gives no priced answer (a ticket, a customer's question, a colleague's job) stays in the message."""
    assert unquoted(text) == text


@pytest.mark.parametrize("text", ["要是忘了关机 一晚上10个小时 会扣多少", "left it on overnight, 10 hours, how much is that?"])
def test_a_night_billed_is_a_span_priced_not_a_deadline(text: str) -> None:
    """A night with its hours, or its price asked, is a length to bill: no deadline is read from it."""
    assert parse(text).asks.deadline is None, text
