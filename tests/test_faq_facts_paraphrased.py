"""FAQ facts asked in words the catalog does not use (the blind-8 failures' kinds, never their text):
a card named in an interconnect question gets that card's verdict; a provider named one turn
before is the one a FAQ question is about; a used time at a per-minute provider is billed in
started minutes; a percentage is never money; a provider's balance asked about is a rule question;
two questions in one message get both answers; snapshots, public IPs, multi-GPU machines and a
communication-bound ZeRO-3 run have entries of their own. Figures come from the seeds (000, 002,
003) through the catalogs."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.faq import lookup
from bot.understand.parser import parse
from tests.chat_user import T0, ChatUser

FEW = settings(max_examples=12, deadline=None)


def _answer(*turns: str) -> str:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return me.text


# ---------------------------------------------------------------- one card's own NVLink verdict

YES_AT_GPULI = ["H200", "H100 SXM", "B200", "A100 SXM", "MI300X"]
NO_AT_GPULI = ["RTX 4090", "5090", "RTX 3090", "L40S"]
PAIRS_AT_GPULI = ["A6000", "A40"]
ASK_NVLINK = {
    "en": ["does the {card} at gpuli have NVLink between cards?", "is there nvlink on gpuli's {card}s", "gpuli {card}: nvlink or not?"],
    "zh": ["gpuli 的 {card} 卡之间有 nvlink 吗", "gpuli {card} 支持 NVLink 吗", "gpuli 上 {card} 多卡是 nvlink 互联吗"],
}


@FEW
@given(card=st.sampled_from(YES_AT_GPULI), lang=st.sampled_from(["zh", "en"]), form=st.integers(0, 2))
def test_a_card_with_nvlink_is_answered_yes_without_other_cards_no(card: str, lang: str, form: int) -> None:
    text = _answer(ASK_NVLINK[lang][form].format(card=card))
    answer = text.splitlines()[1]
    assert answer.startswith(("有", "是的，有") if lang == "zh" else "Yes"), text  # "…是 nvlink 互联吗": 是的 first
    assert "没有 NVLink" not in text and "no NVLink" not in text, text


@FEW
@given(card=st.sampled_from(NO_AT_GPULI + PAIRS_AT_GPULI), lang=st.sampled_from(["zh", "en"]), form=st.integers(0, 2))
def test_a_card_without_full_nvlink_says_so_first(card: str, lang: str, form: int) -> None:
    text = _answer(ASK_NVLINK[lang][form].format(card=card))
    paired = card in PAIRS_AT_GPULI
    verdict = ("成对" if paired else "没有") if lang == "zh" else ("Yes, in pairs" if paired else "No")
    assert verdict in "\n".join(text.splitlines()[:3]), text
    assert "所有卡之间 NVLink 全互联" not in text and "NVLink-connected to every other" not in text, text


def test_the_provider_named_a_turn_before_picks_its_cards_verdict() -> None:
    text = _answer("一万网络有哪些卡", "A100 之间有 NVLink 吗")
    assert "一万网络" in text.splitlines()[1] and "NVLink 全互连" in text, text
    assert "gpuli" not in text, text


# ---------------------------------------------------------------- the provider of the turn before

READY_FIGURE = {"cloudgpu": ("2 分钟", "2 minutes"), "gpuli": ("3 分钟", "3 minutes"), "yiwan": ("1 分钟", "a minute")}
NAMES = {"cloudgpu": "CloudGPU", "gpuli": "gpuli", "yiwan": "一万网络"}


@pytest.mark.parametrize("provider", sorted(READY_FIGURE))
@pytest.mark.parametrize(("first", "then", "lang"), [
    ("{name} price list", "how fast does an instance come up?", "en"),
    ("{name} 有哪些卡", "开机要多久", "zh"),
    ("what cards does {name} have", "how soon can I ssh in?", "en"),
])
def test_a_question_naming_no_provider_is_about_the_one_just_named(provider: str, first: str, then: str, lang: str) -> None:
    text = _answer(first.format(name=NAMES[provider]), then)
    answer = text.splitlines()[1]
    figure = READY_FIGURE[provider][0 if lang == "zh" else 1]
    first_sentence = answer.split("。")[0] if lang == "zh" else answer.split(". ")[0]
    assert figure in first_sentence, text


# ---------------------------------------------------------------- started minutes, computed

@settings(max_examples=25, deadline=None)
@given(seconds=st.integers(1, 900), lang=st.sampled_from(["zh", "en"]), named=st.booleans())
def test_a_used_time_at_the_per_minute_provider_is_billed_in_started_minutes(seconds: int, lang: str, named: bool) -> None:
    where = "cloudgpu " if named else ""
    if lang == "zh":
        text = _answer(f"{where}跑了 {seconds} 秒，按分钟计费算几分钟？")
    else:
        text = _answer(f"{where}my job ran {seconds} seconds on the per-minute provider, how many minutes am I billed?")
    billed = max(math.ceil(seconds / 60), 1)  # seed 002: rounded up to whole minutes, at least 1
    assert (f"按 {billed} 分钟计费" if lang == "zh" else f"billed as {billed} min") in text.splitlines()[0], text


@pytest.mark.parametrize(("text", "billed"), [
    ("cloudgpu: ran 2 min 5 s, how many minutes is that billed?", 3),
    ("cloudgpu 跑了 3 分 59 秒 计费几分钟", 4),
    ("cloudgpu 跑了 61 分钟 算几分钟", 61),
])
def test_minutes_and_seconds_together_are_billed_by_the_started_minute(text: str, billed: int) -> None:
    reply = _answer(text)
    assert f"{billed} 分钟计费" in reply or f"billed as {billed} min" in reply, reply


@pytest.mark.parametrize(("text", "billed"), [
    ("cloudgpu 实例跑了 200 秒，要算几分钟的钱", 4), ("在 cloudgpu 上跑了 3 分 10 秒，算几分钟的钱？", 4),
    ("cloudgpu 跑了 100 秒 那要付几分钟的钱", 2), ("cloudgpu 训练跑了 59 秒 算几分钟", 1),
    ("cloudgpu: our test lasted 181 seconds, what are we charged for?", 4),
])
def test_a_used_time_asked_as_money_is_worked_out_by_the_rule(text: str, billed: int) -> None:
    """What a used time costs in minutes is the rounding rule worked out on it (seed 002: up to whole minutes),
    however many words ("几分钟") the question shares with the entry on how long a run takes."""
    lead = _answer(text).splitlines()[0]
    assert f"{billed} 分钟计费" in lead or f"billed as {billed} min" in lead, lead


def test_a_card_with_a_used_time_is_still_its_price() -> None:
    assert parse("cloudgpu 4090 跑了 90 秒 多少钱", T0).intent == "price"


def test_a_step_time_in_seconds_is_not_a_used_time() -> None:
    p = parse("在 cloudgpu 上先跑了 50 步，花了 100 秒，一共 3000 步", T0)
    assert p.rental.duration_hours is None


def test_a_weekly_provider_gets_no_minute_sum() -> None:
    assert "按" not in _answer("gpuli 跑了 61 秒怎么算钱").splitlines()[0]


# ---------------------------------------------------------------- shares, balances, new topics

@FEW
@given(n=st.integers(1, 100), form=st.sampled_from(["below {n}%", "低于 {n}%", "under {n} percent", "跌到 {n}% 以下", "{n}％ 以内"]))
def test_a_percentage_is_never_a_budget(n: int, form: str) -> None:
    assert parse(f"gpuli 可用性 {form.format(n=n)} 怎么赔", T0).asks.budget is None


def test_money_with_a_budget_word_is_still_a_budget() -> None:
    assert parse("预算 5000 够吗", T0).asks.budget is not None
    assert parse("budget under 500 usd for 7b lora", T0).asks.budget is not None


@pytest.mark.parametrize("first", ["How much VRAM for Llama 3.3 70B QLoRA?", "14b 全参要几张卡", "qwen 7b lora 在 gpuli 多少钱"])
@pytest.mark.parametrize("then", [
    "ok different topic, what's gpuli's compensation if uptime drops below {n}%?",
    "换个问题，gpuli 可用性低于 {n}% 怎么赔？",
])
def test_an_sla_question_after_a_sizing_is_a_new_question(first: str, then: str) -> None:
    text = _answer(first, then.format(n=98))
    assert "99.9%" in text and ("10×" in text or "10 倍" in text), text


@pytest.mark.parametrize("text", [
    "does CloudGPU's balance also pay for the model API?",
    "does the cloudgpu balance cover api calls too",
    "can the cloudgpu balance pay for the model api?",
    "cloudgpu 的余额也能付模型 API 吗",
])
def test_a_providers_balance_asked_about_is_its_rule_not_my_wallet(text: str) -> None:
    reply = _answer(text)
    assert "same balance" in reply or "这份余额还能用来付模型 API" in reply, reply


def test_my_own_balance_still_opens_the_wallet() -> None:
    assert ChatUser().say("what's my balance?").kind.startswith("wallet")


# ---------------------------------------------------------------- two questions, both answered

@pytest.mark.parametrize("text", [
    "What's gpuli's SLA and how fast do they swap a broken card?",
    "gpuli uptime guarantee? and if a card breaks how quickly is it replaced?",
])
def test_an_sla_and_a_replacement_time_in_one_message(text: str) -> None:
    reply = _answer(text)
    assert "99.9" in reply and ("30 分钟" in reply or "30 minutes" in reply), reply


# ---------------------------------------------------------------- facts of their own

@pytest.mark.parametrize(("text", "must"), [
    ("一万网络 快照要钱吗", ("免费", "3 份")),
    ("yiwan snapshots: free? how many?", ("free", "3 kept")),
    ("gpuli 的公网 ip 另外收费吗", ("₮0", "额度内")),
    ("does gpuli charge for a public ipv4 or a snapshot", ("₮0", "quota")),
    ("cloudgpu 能租 8 卡整机吗", ("单卡", "/deploy")),
    ("can I get a multi-GPU machine on CloudGPU?", ("single GPU", "/deploy")),
    ("一万网络的 H100 在哪几个地方", ("新加坡", "洛杉矶")),
    ("where are yiwan's h100 nodes located", ("Singapore", "Los Angeles")),
])
def test_seed_facts_asked_another_way(text: str, must: tuple[str, ...]) -> None:
    reply = _answer(text)
    assert all(m in reply for m in must), reply


@FEW
@given(size=st.sampled_from(["14b", "32b", "70B", "72b"]), method=st.sampled_from(["全参", "full ft", "全量微调"]),
       symptom=st.sampled_from(["每步都卡在通信上 是不是该加卡", "通信开销太大，要不要再加几张卡", "all-gather eats every step, should we add gpus?"]))
def test_a_communication_bound_run_naming_a_size_gets_the_interconnect_answer(size: str, method: str, symptom: str) -> None:
    reply = _answer(f"{size} {method} zero3 {symptom}")
    assert "NVLink" in reply and "InfiniBand" in reply, reply


@pytest.mark.parametrize(("text", "entry"), [
    ("is the public ip included at gpuli", "ip-and-snapshots"),
    ("cloudgpu 有多卡机器吗", "cloudgpu-multi-gpu"),
    ("how long until a new instance is up", "instance-ready-time"),
    ("ZeRO-3 训练一直在等通信", "zero3-communication-bound"),
])
def test_the_new_entries_are_found_by_retrieval(text: str, entry: str) -> None:
    hit, _ = lookup(text)
    assert hit is not None and hit.entry.id == entry


@pytest.mark.parametrize("text", ["gradient checkpointing 是省什么东西的显存", "梯度检查点到底省的是什么东西",
                                  "offload 是把什么东西挪到内存里"])
def test_what_thing_asks_what_and_names_no_topic(text: str) -> None:
    """什么东西 ("what thing") asks what, like 什么: its pair must not pull a question to an entry that shares it."""
    hit, _ = lookup(text)
    assert hit is not None and hit.entry.id in ("gradient-checkpointing", "optimizer-offload"), (hit.entry.id if hit else None)
