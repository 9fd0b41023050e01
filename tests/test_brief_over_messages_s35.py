"""A job told over several short messages, one fact to a message, with the question last (bot.core.brief_kept,
bot.core.plan_asked): the deadline, the dataset and the budget said in earlier turns, in any order and each alone,
reach the answer of the last one and are named back. Figures from seed 000 at the test clock: 7B QLoRA on one RTX
4090 trains 100k samples × 512 tokens × 2 epochs in about 17.3 h, before a Friday-noon deadline (2026-12-04);
14B LoRA on one RTX A6000 against full on 4×A100 80GB SXM; 32B full until a Monday deadline (2026-12-07)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand import fields
from bot.understand.normalize import normalize
from tests.chat_user import ChatUser

EN_FACTS = ("we have until friday 12:00", "data is 100k examples, about 512 tokens each, 2 epochs")
ZH_FACTS = ("周五中午之前要交", "数据 10 万条，平均每条 512 token，训 2 轮")


def _chat(*turns: str) -> ChatUser:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    return chat


@pytest.mark.parametrize("text", ["dataset: 100k samples, 512 tokens avg, 2 epochs", "100k rows of 512 tokens each",
                                  "100k samples at 512 tokens per sample", "10万条 平均 512 token"])
def test_the_average_length_is_read_after_its_number_too(text: str) -> None:
    assert fields.avg_len(normalize(text)) == 512, text


@pytest.mark.parametrize(("facts", "question", "deadline", "hours"), [
    (EN_FACTS, "7b qlora on one 4090, will it be done in time?", "2026-12-04", "17.3 h"),
    (ZH_FACTS, "7b qlora 一张 4090 来得及吗", "2026-12-04", "17.3 小时"),
])
def test_each_order_of_the_facts_times_the_job_against_the_deadline(facts: tuple[str, ...], question: str,
                                                                    deadline: str, hours: str) -> None:
    for order in itertools.permutations(facts):
        chat = _chat(*order, question)
        lead = "\n".join(chat.lines[:4])
        assert deadline in lead and hours in lead, (order, chat.text)


@pytest.mark.parametrize("job", ["7b qlora on a single 4090", "7b qlora 单张 4090"])
def test_the_job_first_then_the_facts_then_a_bare_in_time_ask(job: str) -> None:
    """The job said first, the deadline and the dataset after it (either order), "in time?" last: the dataset said
    alone is not lost, and the run is timed on it (17.3 h, not the span to the deadline)."""
    facts = EN_FACTS if job.isascii() else ZH_FACTS
    ask = "will it be done in time?" if job.isascii() else "来得及吗"
    for order in itertools.permutations(facts):
        chat = _chat(job, *order, ask)
        lead = "\n".join(chat.lines[:4])
        assert "2026-12-04" in lead and "17.3" in lead, (order, chat.text)


def test_a_dataset_said_alone_is_remembered_not_only_asked_its_model() -> None:
    chat = ChatUser()
    reply = chat.say("训练数据 10 万条，平均每条 512 token，2 轮")
    assert reply.turn is not None and reply.turn.data["said_data"] == {"samples": 100000, "avg_len": 512, "epochs": 2.0}


@given(st.permutations(["deadline", "data", "budget"]))
@settings(max_examples=6, deadline=None)
def test_any_order_of_fact_only_turns_keeps_each_fact(order: list[str]) -> None:
    """Whatever the order of the three fact-only turns, the answer names the budget and times the job on the
    dataset; with no budget in the way, the same order names the deadline."""
    said = {"deadline": EN_FACTS[0], "data": EN_FACTS[1], "budget": "our budget is 40 usd"}
    chat = _chat(*(said[k] for k in order), "7b qlora on one 4090, will it be done in time?")
    lead = "\n".join(chat.lines[:5])
    assert "$40" in lead and "17.3 h" in lead, (order, chat.text)
    without = _chat(*(said[k] for k in order if k != "budget"), "7b qlora on one 4090, will it be done in time?")
    assert "2026-12-04" in "\n".join(without.lines[:3]) and "17.3 h" in without.text, (order, without.text)


@pytest.mark.parametrize(("turns", "budget", "lead"), [
    (("客服要用 qwen 14b 微调一版", "一个月预算 2 万人民币", "lora 还是全参好"), "¥20,000", "LoRA"),
    (("team wants llama 3.1 8b adapted for our helpdesk", "we can spend 20k rmb a month", "LoRA or full fine-tune, which is better?"),
     "¥20,000", "Start with LoRA"),
])
def test_a_method_pick_after_the_job_and_budget_recommends_for_that_job_under_it(turns: tuple[str, ...], budget: str,
                                                                                 lead: str) -> None:
    chat = _chat(*turns)
    first = chat.lines[0]
    assert budget in first and lead in first, chat.text
    assert "14B" in first or "8B" in first, chat.text  # the job held, not the FAQ's general comparison


def test_a_method_pick_with_no_job_before_stays_the_faq() -> None:
    chat = _chat("lora 还是全参好")
    assert "💵" not in chat.text


@pytest.mark.parametrize(("turns", "day", "job"), [
    (("we want a 32B tuned for the support desk", "full fine-tune, it has to be ready monday 9am",
      "what should we rent and how much is that gonna set us back?"), "Monday", "32B full fine-tune"),
    (("we want a 32B tuned for the support desk", "full fine-tune, it has to be ready monday 9am",
      "ok so what do we rent, how much?"), "Monday", "32B full fine-tune"),
    (("要给客服调一个 32b", "全参，下周一早上 9 点前要交付", "那该租啥，要花多少钱"), "周一", "32B 全参微调"),
])
def test_a_cost_ask_after_the_job_and_deadline_prices_it_until_the_deadline(turns: tuple[str, ...], day: str,
                                                                            job: str) -> None:
    chat = _chat(*turns)
    assert day in chat.text and job in chat.lines[0] and "8×" in "\n".join(chat.lines[:3]), chat.text
    assert "refund" not in chat.text.lower() and "退款" not in chat.text


def test_how_much_back_on_a_rental_still_asks_the_refund() -> None:
    chat = _chat("7b qlora on a 4090 for a week at gpuli", "how much do I get back if I stop early?")
    assert "refund" in chat.text.lower(), chat.text


def test_a_run_length_said_beside_the_deadline_stays_the_run_priced() -> None:
    """"roughly 20 hours of training" beside the deadline is the run's own length: the bare ask after it prices those
    20 hours (CloudGPU RTX A6000 20 h × $0.44 = $8.80), not the span left to the deadline."""
    chat = _chat("we are tuning a 14b with qlora", "due thursday, roughly 20 hours of training", "cheapest way to do it?")
    assert "$8.80" in chat.text, chat.text


def test_quality_asked_after_a_job_is_the_quality_answer_not_a_pick() -> None:
    """"Which gives better quality?" after a sizing asks how LoRA and full compare in results, not which to rent."""
    chat = ChatUser(lang="en")
    chat.say("qwen2.5 7b qlora memory?")
    chat.say("lora vs full ft, which better quality?")
    assert "task" in chat.text.lower() and not chat.text.startswith("👉"), chat.text  # the entry: it depends on the task
