"""A short message that asks about the last answer is answered against it, whatever its wording: its
cost (the recommended setup's rental prices by the hour, week and month when no length is given),
the same count question on another card. A confident FAQ match wins only when the message names a
subject of its own (a top-up, a formula), not when it only asks "how much"."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.chat_user import ChatUser

ZH_COST = ["多少钱", "要花多少", "那费用多少", "价格呢", "花费大概多少？", "成本怎么样", "这套多少钱呀", "租下来多少钱"]
EN_COST = ["how much?", "what would it cost", "and the price?", "price for that?", "how much does that run",
           "what's that going to cost me", "cost of this?", "ok, pricing?"]


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(ZH_COST), st.sampled_from(["", "那", "嗯，"]))
def test_a_chinese_cost_ask_after_a_sizing_prices_the_recommended_setup(ask: str, lead: str) -> None:
    chat = ChatUser()
    chat.say("qwen3 32b qlora 单卡够吗")  # the cheapest card with room: 1 × RTX A6000
    reply = chat.say(lead + ask)
    assert reply.kind == "price", chat.text
    assert "Qwen3-32B" in chat.lines[0] and "RTX A6000" in chat.lines[0]
    assert "$0.44/小时" in chat.text and "₮115/周, ₮389/月" in chat.text  # every period, not one rental


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(EN_COST))
def test_an_english_cost_ask_after_a_sizing_prices_the_recommended_setup(ask: str) -> None:
    chat = ChatUser()
    chat.say("14B full fine-tune, what do I need")  # seed 000's minimum: 4 × A100 SXM, ₮4,308 a month
    reply = chat.say(ask)
    assert reply.kind == "price", (ask, chat.text)
    assert "4× A100 80GB SXM" in chat.lines[0] and "₮4,308/month" in chat.text


def test_a_cost_ask_after_a_card_count_answer_prices_that_count() -> None:
    chat = ChatUser()
    chat.say("14B 全量微调得几块 A100")
    assert "4 张 A100 80GB SXM" in chat.text
    chat.say("那租下来多少钱")
    assert "4×A100 80GB SXM" in chat.lines[0] and "₮4,308/月" in chat.text


def test_another_card_after_a_count_question_asks_the_count_again() -> None:
    for first, then, expect in (("how many A100s would a 14B full fine-tune take", "what about H100s?", "4× H100 SXM"),
                                ("14B 全参要几张 A100", "换 H100 呢", "4 张 H100 SXM")):
        chat = ChatUser()
        chat.say(first)
        reply = chat.say(then)
        assert reply.kind == "planning" and expect in chat.text, chat.text
        assert "14B" in chat.lines[0]  # the model and method kept


def test_a_faq_question_of_its_own_after_a_sizing_still_gets_the_faq() -> None:
    chat = ChatUser()
    chat.say("qwen3 8b lora 一张 4090")
    assert chat.say("充值最少要多少钱").kind == "faq"
    chat.say("qwen3 8b lora on a 4090")
    assert chat.say("how do I estimate what a training run will cost?").kind == "faq"


def test_a_cost_ask_with_a_rental_length_prices_that_setup_for_that_rental() -> None:
    chat = ChatUser()
    chat.say("qwen3 8b lora 一张 4090")
    reply = chat.say("租两周多少钱")
    # the 4090 is tight and a second 4090 is only a separate instance (no setup for one job): the sizing's pick,
    # one 48 GB RTX A6000, is priced for the two weeks (gpuli: two ₮115 weeks)
    assert reply.kind == "price" and "₮230" in chat.text, chat.text
    assert "RTX A6000" in chat.lines[0] and "336" in chat.text  # CloudGPU by the minute: 14 days are 336 hours


SIZE_CLAUSES = [("How much VRAM does 14B QLoRA need", "en"), ("what memory would qwen3 8b lora take", "en"),
                ("14B QLoRA 要多少显存", "zh"), ("qwen3 8b lora 显存多大", "zh")]
PRICE_CLAUSES = [("what's the weekly price of a 4090 on gpuli", "en"), ("how much is an H100 per month", "en"),
                 ("gpuli 上 4090 一周多少钱", "zh"), ("H100 月租多少", "zh")]
JOINS = {"en": [", and ", ", also ", "; "], "zh": ["，另外", "，顺便问下", "；", "，还想问"]}


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(SIZE_CLAUSES), st.sampled_from(PRICE_CLAUSES), st.data())
def test_a_sizing_and_a_price_joined_in_one_message_get_both_answers(size_q: tuple[str, str], price_q: tuple[str, str],
                                                                    data: st.DataObject) -> None:
    first, second = data.draw(st.sampled_from([(size_q, price_q), (price_q, size_q)]))
    # "and"/"also" lead an English question; between two languages a semicolon or a new line does
    join = data.draw(st.sampled_from(JOINS[second[1]] if first[1] == second[1] else ["; ", "；", "\n"]))
    first, second = first[0], second[0]
    chat = ChatUser()
    reply = chat.say(first + join + second)
    kinds = [reply.kind, *(r.kind for r in reply.also)]
    assert "sizing" in kinds and "price" in kinds, (first + join + second, kinds)
    assert " GB" in chat.text  # the memory, in GB
    assert ("RTX 4090" in chat.text and "₮109" in chat.text) or ("H100" in chat.text and "14,432" in chat.text)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(["7b lora", "14b qlora", "qwen3 8b lora", "32b qlora", "14B LoRA bf16"]),
       st.sampled_from(["多少钱", "how much?"]))
def test_a_cheaper_setup_that_only_may_fit_is_named_with_its_risk(job: str, ask: str) -> None:
    chat = ChatUser()
    chat.say(f"{job} 用什么卡")
    reply = chat.say(ask)
    edge = reply.data.get("edge") if isinstance(reply.data, dict) else None
    if edge is None or not edge["prices"]:
        return
    assert edge["total_gb"] <= edge["memory_gb"] < edge["high_gb"]  # the expected figure fits, the high end not
    assert "OOM" in chat.text and edge["name"].split()[-1] in chat.text


@settings(max_examples=12, deadline=None)
@given(st.sampled_from([("cloudgpu 4090 跑 {h} 小时多少钱", "周五前能跑完吗"), ("cloudgpu a100 80g 租 {h}h 要多少", "那周五之前训得完不"),
                        ("price of a 4090 on cloudgpu for {h} hours", "can it be done by friday?")]),
       st.sampled_from([(36, True), (60, True), (200, False)]))
def test_a_deadline_after_a_priced_run_length_says_whether_it_ends_in_time(turns: tuple[str, str],
                                                                          case: tuple[int, bool]) -> None:
    hours, in_time = case
    chat = ChatUser()  # the fixed clock: Tuesday 2026-12-01 09:00 in UTC+8, so Friday's end is ~87 h away
    chat.say(turns[0].format(h=hours))
    reply = chat.say(turns[1])
    assert reply.kind != "missing", chat.text  # not "which model?"
    assert ("来得及" in chat.lines[0] or "in time" in chat.lines[0]) == in_time, chat.text
    assert f"{hours}" in chat.lines[0] and ("50 步" in chat.lines[0] or "50 steps" in chat.lines[0])
    assert [r.kind for r in reply.also][:1] == ["price"]  # the prices follow the verdict


@settings(max_examples=10, deadline=None)
@given(st.sampled_from([("32B 全参多少显存", "换成 H100 呢", "8×H100 SXM"), ("32b full finetune memory", "what about H100s?", "8× H100 SXM"),
                        ("72B 全参要什么配置", "那用 H200 呢", "8×H200 SXM")]))
def test_another_card_after_a_multi_card_answer_keeps_its_card_count(case: tuple[str, str, str]) -> None:
    first, then, setup = case
    chat = ChatUser()
    chat.say(first)
    chat.say(then)
    assert setup in chat.lines[0], chat.text  # the same count of the new card leads, not one card


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(["cost per hour?", "每小时多少钱", "hourly price?", "每月多少"]))
def test_a_price_unit_asked_of_a_sizing_is_about_that_sizing(ask: str) -> None:
    chat = ChatUser()
    chat.say("qwen3 8b lora 一张 4090")
    reply = chat.say(ask)
    # the 4090 named is tight: its own prices may lead (bot.views.named_misses.named_tight), the sizing's prices follow
    kinds = [reply.kind, *[r.kind for r in reply.also[:1]]]
    assert {"price", "cost"} & set(kinds) and "Qwen3-8B" in chat.text, (ask, chat.text)


def test_renting_by_the_hour_after_a_sizing_is_still_the_faq_question() -> None:
    chat = ChatUser()
    chat.say("qwen3 8b lora 一张 4090")
    assert chat.say("能按小时租吗").kind == "faq"
