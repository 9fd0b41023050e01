"""One reading per message, and follow-ups answered against the last answer: money read by its
context, fillers never a model name, a short question about the last answer (its currency, cost,
card count, deadline, budget, files) answered for that job, two questions in one message both
answered, and the conversation's language kept by a one-word reply."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.understand.parser import parse
from tests.chat_user import T0, ChatUser


@pytest.mark.parametrize(("text", "value"), [
    ("预算 4w，qwen3 14b lora 1万条", Decimal(40000)),
    ("qwen3 14b lora 1万条，budget 3k", Decimal(3000)),
    ("qwen3 14b lora 1万条 上限 ¥1.2万", Decimal(12000)),
    ("two thousand? no: 1万条 qwen3 14b lora, within $600", Decimal(600)),
])
def test_a_budget_is_money_and_never_a_duration_or_a_sequence_length(text: str, value: Decimal) -> None:
    p = parse(text, T0)
    assert p.asks.budget is not None and p.asks.budget[0] == value
    assert p.rental.duration_days is None and p.request.seq_len is None


@pytest.mark.parametrize(("text", "days", "hours"), [
    ("4090 包周 多少钱", 7.0, None),
    ("h100 跑3天 多少钱", 3.0, None),
    ("a6000 rent for 36h", None, 36.0),
    ("4090 租2.5天", 2.5, None),
    ("cloudgpu a100 跑了2小时10分钟 多少钱", None, 2 + 10 / 60),
    ("2h30m on a 4090 at cloudgpu", None, 2.5),
    ("一万网络 T4 租半年 多少钱", 180.0, None),
    ("4090 跑半个月 gpuli", 15.0, None),
    ("qwen3 8b lora 4090 跑半小时", None, 0.5),
    ("h100 3h 多少钱", None, 3.0),
])
def test_durations_in_any_form(text: str, days: float | None, hours: float | None) -> None:
    r = parse(text, T0).rental
    assert (r.duration_days, r.duration_hours) == (days, hours)


@pytest.mark.parametrize("filler", ["麻烦帮忙看看", "领导让我问", "hey can you check", "我们组想"])
def test_words_around_a_bare_size_are_never_the_models_name(filler: str) -> None:
    p = parse(f"{filler} 13b lora 一张 a6000")
    assert p.family is None and p.request.params_b == 13.0 and p.request.num_gpus == 1


@pytest.mark.parametrize("count", ["八张", "8 张", "8张卡", "eight cards", "8 cards"])
def test_a_card_count_after_a_clause_separator_is_kept(count: str) -> None:
    for sep in ("，", ",", "；", " - ", "。"):
        assert parse(f"qwen3 32b 全参{sep}{count}").request.num_gpus == 8, (sep, count)


def test_a_currency_question_after_a_sizing_answers_that_sizing(chat: ChatUser) -> None:
    chat.say("qwen3 14b lora 一张 a6000")
    assert "≈ ¥" not in chat.text
    reply = chat.say("换算成人民币")
    # the sizing's setup priced in the currency asked (blind 27: the price leads, the job is not sized again)
    assert reply.kind == "price" and "Qwen3-14B" in chat.text
    # each price in the asked currency beside its own: gpuli's ₮115/week at the catalog's 7.1 ¥ per $
    assert "₮115/周 ≈ ¥817" in chat.text and "$0.44/小时 ≈ ¥3.12" in chat.text


def test_the_cost_of_the_last_answer(chat: ChatUser) -> None:
    chat.say("qwen3 14b lora 一张 a6000")
    # no rental length: the recommended setup's prices by the hour, week and month, the job named
    assert chat.say("成本呢").kind == "price" and "Qwen3-14B" in chat.text
    assert "$0.44/小时" in chat.text and "₮115/周, ₮389/月" in chat.text
    chat.say("qwen3 8b qlora on a 3090")
    assert chat.say("and the cost?").kind == "price" and "Qwen3-8B" in chat.text


def test_a_deadline_and_a_budget_for_the_last_cost_answer(chat: ChatUser) -> None:
    chat.say("qwen3 8b lora 3万条样本 训一轮")
    reply = chat.say("周四之前能跑完吗")
    assert reply.kind == "planning" and "Qwen3-8B" in chat.text
    reply = chat.say("预算 800 元够不够")
    assert reply.kind == "planning" and "¥800" in chat.text


def test_the_files_of_the_last_answer_asked_in_words(chat: ChatUser) -> None:
    chat.say("qwen3 8b lora 一张 4090")
    reply = chat.say("把 deepspeed 配置导出来")
    assert reply.kind == "export" and reply.files
    reply = chat.say("send me the config files")
    assert reply.kind == "export" and reply.files


def test_a_question_of_its_own_after_a_sizing_is_not_a_follow_up(chat: ChatUser) -> None:
    chat.say("qwen3 8b lora 一张 4090")
    assert chat.say("gpuli 出口流量要钱吗").kind == "faq"


def test_two_questions_in_one_message_get_two_answers(chat: ChatUser) -> None:
    reply = chat.say("a100 80g 租一周多少钱？qwen3 14b qlora 显存要多少？")
    kinds = [reply.kind, *(r.kind for r in reply.also)]
    assert "sizing" in kinds and "A100" in chat.lines[0] and "₮269" in chat.lines[0], chat.text  # the week asked first
    assert "Qwen3-14B" in chat.text


def test_a_rental_length_question_with_money_is_not_a_rental(chat: ChatUser) -> None:
    reply = chat.say("手上 500 块 a6000 能租多久")
    assert reply.kind == "runway" and "¥500" in chat.text  # how long the money rents, never a rental to confirm


def test_a_one_word_answer_keeps_the_conversation_in_chinese(chat: ChatUser) -> None:
    chat.say("qwen3 8b lora 多少钱")
    assert chat.say("cloudgpu").lang == "zh"
    assert chat.say("now in english please").lang == "en"


def test_a_how_to_that_names_a_size_is_not_a_sizing() -> None:
    assert parse("13b 训练 loss 变成 nan 怎么办").intent == "faq"
    assert parse("70b 微调要不要上张量并行").intent == "faq"


def test_when_unsure_the_two_closest_questions_are_buttons_that_answer(chat: ChatUser) -> None:
    reply = chat.say("租卡有什么坑")
    assert reply.kind == "unknown" and len(reply.buttons) == 2
    answered = chat.press(0)
    assert answered.kind == "faq" and answered.data["items"][0]["id"] == reply.buttons[0].payload[2:]
    assert chat.press("q|no-such-entry").kind == "error"


def test_a_budget_for_a_job_without_its_dataset_is_named_back_with_the_answer(chat: ChatUser) -> None:
    chat.say("qwen3 14b lora 预算 6000 块")  # the budget named back first, the sizing under it
    assert "¥6,000" in chat.text.splitlines()[0] and "Qwen3-14B" in chat.text, chat.text
    chat.say("换 qlora 呢")  # and the job stays the conversation's
    assert "14B QLoRA" in chat.text, chat.text


def test_typed_options_arrive_on_the_incoming_and_win_over_the_text() -> None:
    """Discord's slash-command fields ride on the message; the core reads them through its one entry."""
    from bot.core.router import Core
    from bot.messages import Incoming

    typed = {"command": "size", "text": "qwen3 8b lora 一张 a6000", "gpu": "rtx-4090", "gpus": 2}
    reply = Core().handle(Incoming(text="/size", user_id="u", chat_id="c", typed=typed))
    assert reply is not None and reply.kind == "sizing"
    assert reply.reading.request.gpu == "rtx-4090" and reply.reading.request.num_gpus == 2
    assert reply.reading.request.model == "qwen3-8b"


def test_in_a_group_my_own_wallet_is_read_from_the_words_by_the_parser() -> None:
    from bot.store import connect

    store = connect(":memory:")
    private = ChatUser(store, user="10")
    group = ChatUser(store, private.clock, user="10", chat="-100", group=True, admin=False)
    private.say("/topup 321 USDT")
    assert parse("我的余额还有多少").wallet is not None and parse("我的余额还有多少").wallet.mine  # type: ignore[union-attr]
    group.say("我的余额还有多少")
    assert "₮321.00" in group.text
    group.say("余额还有多少")
    assert "₮321.00" not in group.text


@pytest.mark.parametrize("text", ["导出一份 32b 全参 zero3 的 deepspeed json", "give me a llamafactory yaml for 7b qlora",
                                  "qwen3 8b lora 4090 export the deepspeed config"])
def test_an_export_asked_with_its_job_gets_the_files_not_a_sizing(chat: ChatUser, text: str) -> None:
    reply = chat.say(text)
    assert reply.kind == "export" and reply.files, text


def test_asking_to_size_with_a_filler_verb_is_still_a_sizing(chat: ChatUser) -> None:
    assert chat.say("帮我算下 7b qlora 4090").kind == "sizing"


@pytest.mark.parametrize("text", ["cloudgpu 3090 挂一个月不关机 多少钱", "4090 别释放 一周多少钱"])
def test_a_negated_or_priced_stop_word_is_a_price_question_not_a_wallet_stop(text: str) -> None:
    parsed = parse(text, T0)
    assert parsed.intent == "price" and parsed.wallet is None, (parsed.intent, parsed.wallet)


def test_a_stop_with_its_rental_number_still_stops() -> None:
    for text in ("停掉 12", "/stop 12", "stop rental 12"):
        parsed = parse(text, T0)
        assert parsed.intent == "wallet" and parsed.wallet is not None and parsed.wallet.kind == "stop"
        assert parsed.wallet.rental_id == 12


@pytest.mark.parametrize(("text", "size"), [("vram for qwen 14b lora in bf16?", 14.0), ("gpuli上跑 qwen 14b qlora 一周", 14.0),
                                            ("llama 70b qlora a100", 70.0)])
def test_a_family_with_a_size_and_no_version_is_a_bare_size(text: str, size: float) -> None:
    """"qwen 14b" names no version: a 14B model with Qwen's shape, never "Qwen version 1, 4B"."""
    request = parse(text, T0).request
    assert (request.model, request.params_b) == (None, size)


def test_a_family_version_and_size_the_catalog_lacks_still_gets_a_did_you_mean() -> None:
    assert parse("qwen3-9b lora", T0).request.model == "qwen3-9b"


def test_a_budget_word_after_the_amount_makes_it_the_budget_and_the_size_stays_a_size() -> None:
    parsed = parse("¥2.5万预算，70b全参一个月够不够", T0)
    assert parsed.asks.budget == (Decimal("25000"), "CNY") and parsed.request.params_b == 70.0


@pytest.mark.parametrize(("text", "family"), [("budget 1000 USDT, 8b 全参 gpuli 包月 ok吗", None), ("foo 7b lora", None),
                                              ("Falcon 7b lora 4090", "Falcon"), ("falcon-7b lora", "falcon"),
                                              ("CodeLlama 34B lora", "CodeLlama")])
def test_only_a_name_is_taken_for_an_unknown_family(text: str, family: str | None) -> None:
    """A family the catalog lacks is named back only when it is written as a name (capitalised, or
    joined to its size); a lowercase word of the sentence before a bare size is never one."""
    assert parse(text, T0).family == family


def test_a_budget_for_a_rental_period_is_answered_against_the_cheapest_setup(chat: ChatUser) -> None:
    chat.say("¥2.5万预算，70b全参一个月够不够")
    assert "¥25,000" in chat.text and "不够" in chat.text  # the cheapest safe 8-card month is ₮8,352 ≈ ¥59,299
    other = ChatUser()
    other.say("budget 1000 USDT, qwen3 8b lora at gpuli for a month, ok?")
    assert "Budget ₮1,000: enough" in other.text and "(about" not in other.text  # one currency: no conversion


@pytest.mark.parametrize(("text", "expected"), [
    ("5000CNY 预算，一万网络租3090能租几个月", "1×RTX 3090（¥1,750/月）：2 个月，剩 ¥1,500"),
    ("¥3000 够租多久 a100 40g 一万网络", "1×A100 40GB SXM（¥2,800/月）：1 个月，剩 ¥200"),
    ("how long can $50 rent a 4090 at cloudgpu", "1× RTX 4090 ($0.33/h, billed by the minute): about 151.5 h"),
])
def test_how_long_money_rents_is_the_price_divided_never_a_rental(chat: ChatUser, text: str, expected: str) -> None:
    reply = chat.say(text)
    assert reply.kind == "runway" and expected in chat.lines[1], chat.text
    assert "确认记这次租用" not in chat.text and "record this rental" not in chat.text
