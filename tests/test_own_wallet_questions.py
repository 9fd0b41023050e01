"""Questions about the user's own wallet and rentals, and about the figures and rules of an answer, answered where
they belong (issue 18, blind 67's team lead): a question never writes to the book.

- how a top-up is done, asked with an amount ("想充 300u 怎么操作", "I'd like to add 50 USDT, how?"): the payment
  steps, nothing recorded (every money table's row count unchanged);
- one's own machines running ("我名下现在有几台在跑"): the rentals read, none recorded here;
- an empty wallet asked whether a card can be opened now: no, top up first, balance 0, with the card's prices
  (seed 000 gpuli RTX 4090 ₮109/week, ₮369/month; seed 002 CloudGPU $0.33/h);
- "is my balance enough" after a price: that price against the balance (gpuli 8×H100 ₮4,172 a week);
- "rent it" after a card was answered: that card's rental confirmation, the shortfall said, nothing recorded;
- ZeRO-3 named with no method: full fine-tuning, said (seed 000: 32B full on 8×H100 ZeRO-3, 64 GB of model
  states a card);
- money said to get an estimated band ("2 万 5 就能搞定吧"): not guaranteed, the band's high end said (seed 003
  一万网络 8×A100 80G ¥2.5–4 万 a month);
- the 6·N·D rule asked (seed 000's example: 1.15×10¹⁹ FLOPs); a deadline said as the day results are shown,
  after a run's time; an aside's joining word ("顺便问一下") no part of the FAQ question.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.chat_user import ChatUser, conversation, counts, first_lines, said


@pytest.mark.parametrize("text", [
    "想充 300u 怎么操作", "我要往钱包里充 500 块，怎么弄", "充值 200u 的流程是啥",
    "I'd like to add 50 USDT, how?", "how can I top up 120 usdt on gpuli", "top up 80 USDT — what are the steps?",
])
def test_a_top_up_asked_how_is_answered_and_never_recorded(text: str) -> None:
    me = ChatUser()
    before = counts(me.store)
    me.say(text)
    assert counts(me.store) == before, me.text
    assert "USDT" in me.text, me.text
    assert "已记" not in me.text and "recorded" not in me.text.lower(), me.text


@settings(max_examples=25, deadline=None)
@given(amount=st.integers(min_value=1, max_value=99_999),
       how=st.sampled_from(["{a} usdt top up, how?", "how do I top up {a} usdt", "想充 {a}u 怎么操作", "充 {a} U 如何充"]))
def test_no_how_question_about_a_top_up_writes_to_the_book(amount: int, how: str) -> None:
    me = ChatUser()
    before = counts(me.store)
    me.say(how.format(a=amount))
    assert counts(me.store) == before, me.text


def test_a_stated_top_up_is_still_recorded() -> None:
    me = said("充值 300 U gpuli")
    assert me.balance("gpuli", "USDT") == 30_000, me.text


@pytest.mark.parametrize(("text", "none"), [
    ("我名下现在有几台在跑", "没有租用记录"), ("我们现在有几张卡在跑？", "没有租用记录"),
    ("how many machines do we have running?", "No rentals"), ("do I have any instances running right now?", "No rentals"),
])
def test_own_machines_running_read_the_rentals(text: str, none: str) -> None:
    assert none in conversation(text)


def test_how_many_cards_a_job_needs_is_no_rentals_read() -> None:
    assert "没有租用记录" not in conversation("32b 全参要几台机器")


@pytest.mark.parametrize(("text", "figure"), [
    ("after ordering at cloudgpu how long until the instance is up, and do i pay while it boots?", "2 minutes"),
    ("gpuli: is the rental charged up front or as I go?", "wallet"),
    ("how many gpus do we need running 32b full fine-tuning?", "GB"),
    ("我们卡正在跑 14b lora，显存不够怎么办", "GB"),
])
def test_a_machine_merely_mentioned_is_no_rentals_read(text: str, figure: str) -> None:
    """Only one's own machines asked after read the book: an instance that is up, a rental charged as one goes, a
    job's cards running or a job running now are the question's subject, answered (found by blind 6, 10 and 24)."""
    reply = conversation(text)
    assert "No rentals" not in reply and "没有租用记录" not in reply and figure in reply, reply


@pytest.mark.parametrize(("text", "no", "figures"), [
    ("钱包空空的，现在能直接开一张 4090 吗", "不能", ("₮109", "₮369", "$0.33")),
    ("我余额是 0，可以马上租一台 4090 吗", "不能", ("₮109", "$0.33")),
    ("my wallet is empty, can I spin up a 4090 now?", "No", ("₮109", "$0.33")),
])
def test_an_empty_wallet_asked_for_a_card_says_no_top_up_first(text: str, no: str, figures: tuple[str, ...]) -> None:
    me = ChatUser()
    before = counts(me.store)
    me.say(text)
    lead = first_lines(me, 1)
    assert no in lead and ("余额为 0" in lead or "balance 0" in lead) and ("充值" in lead or "top up" in lead), me.text
    assert all(f in me.text for f in figures), me.text
    assert counts(me.store) == before


def test_a_rule_of_money_stays_the_faq() -> None:
    said_ = conversation("4090 跑着的时候余额用完会怎样")
    assert "销毁" in said_, said_


@pytest.mark.parametrize(("price", "ask", "lead", "cost"), [
    ("8 卡 h100 租一周多少", "那我的余额够不够", "不够", "₮4,172"),
    ("gpuli 4090 包月多少", "is my balance enough for that?", "Not enough", "₮369"),
])
def test_the_balance_asked_after_a_price_is_weighed_against_it(price: str, ask: str, lead: str, cost: str) -> None:
    me = said(price, ask)
    first = first_lines(me, 1)
    assert lead in first and cost in first and ("余额 ₮0" in first or "balance ₮0" in first), me.text


@pytest.mark.parametrize(("first", "order", "figure"), [
    ("7b qlora 用 gpuli 的 4090", "行，就租这个，一个月", "₮369"),
    ("gpuli 4090 weekly price?", "ok book it", "₮109"),
    ("7b qlora 8卡 h100 一周多少钱", "那帮我下单吧", "₮4,172"),
])
def test_rent_it_after_an_answer_confirms_that_card_and_records_nothing(first: str, order: str, figure: str) -> None:
    me = ChatUser()
    me.say(first)
    before = counts(me.store)
    me.say(order)
    assert figure in me.text and ("余额" in me.text or "balance" in me.text.lower()), me.text
    assert me.last is not None and me.last.buttons, me.text  # a confirmation: nothing before it is pressed
    after = counts(me.store)  # (the confirmation waits as a pending action, on the wallet it opens)
    assert (after["ledger"], after["rentals"], after["accounts"]) == (before["ledger"], before["rentals"], before["accounts"])


def test_can_i_rent_it_is_a_question_not_an_order() -> None:
    me = said("gpuli 4090 包月多少")
    before = counts(me.store)
    me.say("can I rent it now?")
    pending = [b for b in (me.last.buttons if me.last else []) if b.payload.startswith("w:")]  # a wallet confirmation
    assert not pending and counts(me.store) == before, me.text


@pytest.mark.parametrize("text", ["zero3 的 32b 用 8 张 h100，每卡要多少显存", "32b, 8x h100, zero-3: memory per gpu?"])
def test_zero3_named_with_no_method_is_sized_as_full_fine_tuning(text: str) -> None:
    said_ = conversation(text)
    assert "64 GB" in said_ and ("全参" in said_ or "full fine-tun" in said_), said_
    assert "ZeRO-3 切分" in said_ or "ZeRO-3 shards" in said_, said_  # the assumption, said


def test_zero3_with_lora_named_stays_lora() -> None:
    assert "LoRA" in first_lines(said("32b lora zero3 8卡h100 每卡多少"), 1)


@pytest.mark.parametrize(("text", "lead", "high"), [
    ("一万网络 8张 a100 80g 包个月 2.5w 能搞定吧", "不一定", "40,000"),
    ("一万网络 8 卡 h100 一个月 8 万能拿下吗", "不一定", "120,000"),
])
def test_money_said_to_get_an_estimated_band_is_not_guaranteed(text: str, lead: str, high: str) -> None:
    me = said(text)
    assert lead in first_lines(me, 1) and high in me.text, me.text


@pytest.mark.parametrize("text", ["那个 flops 是怎么算出来的", "6ND 是怎么回事", "how is the FLOPs figure worked out?",
                                  "14b 全参的 flops 怎么算"])
def test_the_compute_rule_is_explained(text: str) -> None:
    said_ = conversation(text)
    assert "6·N·D" in said_ and "1.15×10¹⁹" in said_, said_


@pytest.mark.parametrize(("deadline", "yes"), [("周四要拿结果给导师过目，赶得上吗", "来得及"),
                                               ("下周一得跟客户演示，来得及吗", "来得及")])
def test_a_day_results_are_shown_is_the_deadline_of_the_run_just_timed(deadline: str, yes: str) -> None:
    said_ = conversation("32b 全参 8 卡 h100，2000 万 token 3 epoch 要多久", deadline)
    assert yes in said_ and "1.5 小时" in said_, said_


@pytest.mark.parametrize("text", ["顺便问一下 cloudgpu 能用支付宝付吗", "btw, can I pay cloudgpu with alipay?"])
def test_an_aside_is_answered_by_the_faq(text: str) -> None:
    said_ = conversation("cloudgpu 4090 跑 8b qlora", text)
    assert "支付宝" in said_ or "Alipay" in said_, said_


def test_rent_it_with_no_provider_yet_prices_the_span_at_each() -> None:
    """"8b qlora 4090" then "好，帮我租一周": no provider has been named, so nothing is ordered; the week is priced at
    each provider renting the card (CloudGPU 168 h × $0.33 = $55.44, gpuli's week ₮109), found by blind 67 after the merge."""
    reply = conversation("8b qlora 4090", "好，帮我租一周")
    assert "55.44" in reply and "109" in reply and "是哪家服务商" not in reply, reply


@pytest.mark.parametrize(("price", "order", "figures"), [
    ("4090 周租多少", "那帮我下单", ("₮109", "55.44")),  # no provider named: which one, each one's price for the week
    ("how much is a 4090 for a week", "ok, book it", ("₮109", "55.44")),
    ("8x H100 weekly?", "book it", ("₮4,172",)),  # priced in the forms providers rent (SXM, PCIe): gpuli's SXM
    ("8卡 h100 一周多少钱", "那就帮我下单", ("₮4,172",)),
])
def test_an_order_after_a_price_books_that_setup_and_records_nothing(price: str, order: str, figures: tuple[str, ...]) -> None:
    me = ChatUser()
    me.say(price)
    before = counts(me.store)
    reply = me.say(order)
    assert reply.kind.startswith("wallet"), me.text
    assert all(f in me.text for f in figures), me.text
    assert any(w in me.text for w in ("余额不够", "Not enough balance", "top up", "充值", "short")), me.text  # an empty wallet
    assert counts(me.store)["ledger"] == before["ledger"] and counts(me.store)["rentals"] == before["rentals"]


@pytest.mark.parametrize(("text", "rule"), [
    ("CloudGPU 余额唔够会即刻删机，系咪真㗎", "销毁"),
    ("听说 cloudgpu 余额不够就直接删机器，是不是真的", "销毁"),
    ("cloudgpu 钱包扣光了实例会被删，对吗", "销毁"),
    ("is it true cloudgpu deletes the box once the wallet balance hits zero?", "destroyed"),
])
def test_a_claim_about_the_wallet_to_be_checked_is_the_rule_never_the_book(text: str, rule: str) -> None:
    me = ChatUser()
    reply = me.say(text)
    assert reply.kind == "faq" and rule in me.text, me.text
    assert "/topup" not in me.text, me.text  # no wallet read
