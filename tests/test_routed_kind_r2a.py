"""A message goes to the kind of answer it asks for (issue 18, session 15 r2a): a job stated in full is its
sizing even with a pointer word; a tool's config file named with its launcher is an export; an English
sentence with a Chinese term is answered in English; a card's vendor facts come from the GPU catalog, not a
price list; single-card rentals "pooled together" are told they are not one machine."""

from __future__ import annotations

import pytest

from bot.core.settings import message_lang
from bot.understand.parser import parse
from tests.chat_user import ChatUser


def _head(u: ChatUser, lines: int = 3) -> str:
    return "\n".join([ln for ln in u.text.splitlines() if ln.strip()][:lines])


# --- 1. a job stated in full, whatever word points back, leads with its own sizing
@pytest.mark.parametrize("msg", ["那个 32b 全参 八卡 h100 zero3 每卡吃多少显存", "那 32b 全参 8 张 h100 zero3 每卡多少显存",
                                 "and 32b full on 8 h100 zero3, how much vram per gpu",
                                 "that 32b full finetune on 8x h100 with zero3, memory per card?"])
def test_a_job_stated_in_full_is_its_sizing(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    first = u.text.splitlines()[0]
    assert "32B" in first and "8×" in first.replace("8× ", "8×") and "ZeRO-3" in first
    assert "64" in _head(u)  # 32B × 16 bytes over 8 cards: 64 GB of model states a card
    assert "全参微调不同规模" not in u.text and "at each model size" not in u.text


def test_a_job_stated_in_full_after_another_answer_is_still_its_own() -> None:
    u = ChatUser()
    u.say("14b 全参 4 张 a100")
    u.say("那个 32b 全参 八卡 h100 zero3 每卡吃多少显存")
    assert "32B" in u.text.splitlines()[0] and "64" in _head(u)


def test_a_setup_asked_of_the_last_job_still_leads_with_the_faq() -> None:
    u = ChatUser()
    u.say("qwen3 8b lora 4090")
    u.say("那 4090 多卡能 zero3 吗")
    assert "NVLink" in _head(u)


# --- 2. a tool's config named with its launcher, beside a job, is the file
@pytest.mark.parametrize(("msg", "key"), [("accelerate launch 配置 7b 全参 1 张 h100", "distributed_type"),
                                          ("accelerate launch config for 7b full on one h100", "num_processes"),
                                          ("7b 全参 1 张 h100 的 accelerate launch 配置", "mixed_precision"),
                                          ("llamafactory-cli 的配置 qwen3 8b lora 4090", "finetuning_type")])
def test_a_launchers_config_is_an_export(msg: str, key: str) -> None:
    assert parse(msg).asks.export
    u = ChatUser()
    reply = u.say(msg)
    assert reply.kind == "export"
    assert key in u.text


@pytest.mark.parametrize("msg", ["accelerate launch 是什么", "accelerate launch 配置 怎么写"])
def test_a_question_about_a_launcher_is_no_export(msg: str) -> None:
    assert not parse(msg).asks.export


# --- 3. the sentence's grammar words decide its language, not a Chinese term inside it
@pytest.mark.parametrize(("msg", "lang"), [("is the gpuli 包月 price for a 4090 cheaper than 4 weeks?", "en"),
                                           ("what does a 包周 of an a6000 cost at gpuli?", "en"),
                                           ("how much is the 包年 price for 8 h100 at gpuli", "en"),
                                           ("gpuli 4090 包月 比 4 周 便宜吗", "zh"),
                                           ("qwen3 8b lora on a 4090 够吗", "zh"),
                                           ("H100 SXM vs A100 SXM 的 NVLink 带宽 多少", "zh"),
                                           ("用 deepspeed zero3 跑 the 32b 要多少显存", "zh")])
def test_grammar_words_decide_the_language(msg: str, lang: str) -> None:
    assert message_lang(msg) == lang


def test_an_english_question_with_a_chinese_term_is_answered_in_english() -> None:
    u = ChatUser()
    reply = u.say("is the gpuli 包月 price for a 4090 cheaper than 4 weeks?")
    assert reply.lang == "en"
    assert "₮369" in u.text and "₮436" in u.text and "monthly" in u.text


# --- 4. a card's vendor facts from the GPU catalog
@pytest.mark.parametrize(("msg", "figures"), [
    ("H100 SXM vs A100 SXM 的 NVLink 带宽 多少", ("900 GB/s", "600 GB/s")),
    ("h100 vs a100 nvlink bandwidth?", ("900 GB/s", "600 GB/s")),
    ("what is the memory bandwidth of an a100?", ("2,039 GB/s",)),
    ("H100 和 H200 显存带宽 差多少", ("3,350 GB/s", "4,800 GB/s")),
    ("does the 4090 support fp8?", ("330.3 TFLOPS",)),
    ("H100 算力多少", ("989.4 TFLOPS",)),
])
def test_a_cards_facts_come_from_the_catalog(msg: str, figures: tuple[str, ...]) -> None:
    u = ChatUser()
    reply = u.say(msg)
    assert reply.kind == "card_spec"
    head = _head(u, 1 + len(figures))
    assert all(f in head for f in figures)
    assert "₮" not in u.text and "¥" not in u.text


def test_a_card_without_the_feature_says_so_in_both_languages() -> None:
    u = ChatUser()
    u.say("a100 支持 fp8 吗")
    assert "不支持 FP8" in u.text
    u = ChatUser()
    u.say("4090 and 3090 nvlink bandwidth")
    assert "no NVLink" in u.text and "112.5 GB/s" in u.text and "pairs" in u.text


def test_a_job_with_a_spec_word_is_still_a_job() -> None:
    u = ChatUser()
    reply = u.say("fp8 训练 qwen3 8b 一张 h100 够吗")
    assert reply.kind == "sizing"


# --- 5. single cards pooled together: not one machine
@pytest.mark.parametrize(("msg", "n"), [("一万网络 租 8 张 a100 40g 单卡 拼起来跑 14b 全参 行吗", 8),
                                        ("4 台单卡 4090 凑在一起跑 zero3 可以吗", 4),
                                        ("rent 8 single a100 40g cards at yiwan and pool them together for a 14b full finetune?", 8)])
def test_single_cards_pooled_together_are_not_one_machine(msg: str, n: int) -> None:
    assert parse(msg).asks.pooled is not None
    u = ChatUser()
    reply = u.say(msg)
    assert reply.kind == "pooled"
    first = u.text.splitlines()[0]
    assert first.startswith("❌") and str(n) in first and "NVLink" in first


@pytest.mark.parametrize(("msg", "lang"), [("一万网络 租 8 张 a100 40g 单卡 拼起来跑 14b 全参 行吗", "zh"),
                                           ("rent 8 single a100 40g cards at yiwan and pool them together for a 14b full finetune?", "en")])
def test_pooled_with_a_job_lists_whole_machines_that_hold_it(msg: str, lang: str) -> None:
    u = ChatUser()
    u.say(msg)
    boxes = [ln for ln in u.text.splitlines() if ln.startswith("•")]
    # 14B full: 224 GB of states; gpuli's 4 × A100 80G (ZeRO-3, 56 GB of states a card) is the fewest cards rented whole
    assert "gpuli 4×" in boxes[0].replace("4× ", "4×") and "A100 80GB" in boxes[0] and "₮4,308" in boxes[0]
    assert any("一万网络" in b for b in boxes)  # the provider named keeps its own machine that holds it
    assert not any("40GB" in b for b in boxes)
