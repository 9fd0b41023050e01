"""Long formal messages that state a job first and ask last (issue 18, blind 69 round 1): the question asked decides.

- A FAQ question after a job's background (a model size, a method, a card or a colleague's claim) gets the FAQ's
  answer, not a sizing of the background's job nor "which card?" / "which model?".
- The question an asking lead opens ("想知道…", "we'd like to know…") is looked up alone when the background
  dilutes the whole message.
- A config asked in free text is exported (a rental named beside it is context, not a price asked), with the
  settings the message names written out; a framework named alone after an export's "which model?" gets that
  framework's files.
- Two cards compared on one figure: the comparison leads. Figures from seeds 000/003 and catalog_facts.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.background import asked_after_background
from tests.chat_user import ChatUser


def _say(*turns: str) -> ChatUser:
    u = ChatUser()
    for turn in turns:
        u.say(turn)
    return u


@pytest.mark.parametrize(("msg", "figure"), [
    # seed 003: the max length just above the data's 95th percentile
    ("我们客服组在微调一个 13B，样本平均 600 token，cutoff_len 却设成了 8192，一直爆显存。想请教这个长度该怎么定？", "95"),
    ("Some context: our 14B run has samples of about 500 tokens but max_seq_len is 16384, and it keeps running out "
     "of memory. How should we choose this setting?", "95"),
    # seed 000: mixed precision saves 25–35% overall, never the optimizer
    ("我们 14B 全参已经开了 bf16，还是 OOM，有人说 bf16 显存能减一半。请问混合精度到底省了哪块？", "25–35%"),
    ("Background: full fine-tuning of a 7B in bf16 still runs out of memory, and a colleague expected half the "
     "memory. What does bf16 mixed precision actually save?", "25–35%"),
])
def test_a_faq_question_after_a_jobs_background_gets_the_faq(msg: str, figure: str) -> None:
    u = _say(msg)
    assert u.last is not None and u.last.kind == "faq", u.text
    assert figure in u.text


@pytest.mark.parametrize("msg", [
    "我们要训 14B 全参。请问要多少显存？",
    "Our team fine-tunes a 7B with LoRA. Will one 4090 be enough?",
    "我们用 Qwen3-8B 做 QLoRA。请问大概要多少钱？",
    "We plan a 32B LoRA. Which GPU should we rent?",
    "For context, the office approved a two-month 14B LoRA project. What is the total for two months of 4×A100 at gpuli?",
])
def test_a_sizing_asked_after_the_background_stays_a_sizing(msg: str) -> None:
    u = _say(msg)
    assert u.last is not None and u.last.kind != "faq", u.text


@pytest.mark.parametrize(("msg", "words"), [
    # seed 000/003: continued pretraining starts at one 8-card node, InfiniBand across nodes — whatever one card is said
    ("有人说继续预训练一张卡慢慢跑就够了。继续预训练该怎么配置？", ["InfiniBand", "8 卡"]),
    ("A colleague thinks one GPU is fine for continued pretraining. What setup does continued pretraining need?",
     ["InfiniBand", "8 GPUs"]),
])
def test_continued_pretraining_keeps_its_setup_whatever_one_card_is_said(msg: str, words: list[str]) -> None:
    u = _say(msg)
    assert all(w in u.text for w in words), u.text


@pytest.mark.parametrize("msg", [
    "我们打算用 4 张 4090 做多卡训练，请问行吗？这几张卡之间有 NVLink 吗？",
    "We want to train on four RTX 4090s together. Is that workable? Do they have NVLink between them?",
])
def test_several_consumer_cards_together_and_their_link_are_the_faqs(msg: str) -> None:
    u = _say(msg)
    assert u.last is not None and u.last.kind == "faq", u.text
    assert "PCIe" in u.text and re.search(r"DDP|ZeRO-2", u.text), u.text


@pytest.mark.parametrize(("msg", "word"), [
    ("您好，我们在写硬件选型报告，想知道哪几款卡支持 NVLink。", "桥接"),
    ("Hello, our infra team is drafting a hardware note and we'd like to know which cards support NVLink.", "bridge"),
])
def test_the_question_after_an_asking_lead_is_answered(msg: str, word: str) -> None:
    u = _say(msg)
    assert u.last is not None and u.last.kind == "faq", u.text
    assert word in u.text


@pytest.mark.parametrize("msg", ["ZeRO 的 offload 一般适合什么情况用？", "When does ZeRO offload make sense?",
                                 "什么时候该用 offload？"])
def test_when_offload_makes_sense_is_the_offload_entry(msg: str) -> None:
    u = _say(msg)
    assert "20–50%" in u.text, u.text  # seed 000: offload costs 20–50% throughput


@pytest.mark.parametrize("msg", [
    "Please share a DeepSpeed ZeRO-3 config with the optimizer offloaded to CPU; the team reviews it before we rent 8 A100s.",
    "给一份 deepspeed zero3 配置，优化器 offload 到 cpu，8 卡 h100 的月租审批之前平台组要先看。",
])
def test_a_config_asked_beside_a_rental_is_exported(msg: str) -> None:
    u = _say(msg)
    assert u.last is not None and u.last.kind.startswith("export"), u.text
    assert all(w in u.text for w in ("zero_optimization", "offload_optimizer", "cpu")), u.text


@pytest.mark.parametrize(("msg", "keys"), [
    ("麻烦出一份 Qwen3-8B LoRA 的 llamafactory 配置，batch 和梯度累积都写出来。",
     ["per_device_train_batch_size", "gradient_accumulation_steps"]),
    ("Export a LLaMA-Factory yaml for 7B QLoRA and spell out the learning rate and epochs.",
     ["learning_rate", "num_train_epochs"]),
])
def test_the_settings_named_are_written_out_in_the_summary(msg: str, keys: list[str]) -> None:
    u = _say(msg)
    assert all(k in u.text for k in keys), u.text


@pytest.mark.parametrize(("first", "tool", "key"), [
    ("导出训练配置都支持哪些格式？", "accelerate", "num_processes"),
    ("We need to export the training config for review. Which formats are supported?", "deepspeed", "zero_optimization"),
    ("多卡启动配置用哪个工具导出比较好？我们有 4 张 A100。", "accelerate", "num_processes: 4"),
    ("Which formats can I export the training config in?", "deepspeed", "zero_optimization"),
])
def test_a_framework_named_after_an_exports_which_model_gets_its_files(first: str, tool: str, key: str) -> None:
    u = _say(first, tool)
    assert key in u.text, u.text


@pytest.mark.parametrize("msg", ["A100 80G SXM 和 H100 SXM 的 BF16 算力差多少？", "How does the H100 SXM's BF16 TFLOPS compare to the H200?"])
def test_two_cards_compared_on_one_figure_lead_with_the_comparison(msg: str) -> None:
    u = _say(msg)
    assert u.last is not None and u.last.kind == "card_spec", u.text
    assert re.search(r"倍|×", u.text.splitlines()[0]), u.text
    assert "989.4" in u.text  # H100 SXM dense BF16, catalog_facts


def test_weights_asked_with_an_approximating_word_lead_with_the_weights() -> None:
    u = _say("Llama-3.1-8B 做 QLoRA，NF4 量化后 weight 大约多大？")
    assert "底座权重" in u.text.splitlines()[0], u.text


BACKGROUND = ["我们 7B 全参开了 bf16 还是 OOM。", "Our team fine-tunes a 14B model with LoRA on 4 A100s.", "我们用 Qwen3-8B 做 QLoRA，序列 4096。"]
FAQ_ASKS = ["请问 num_workers 应该怎么设？", "How should we set gradient accumulation?", "混合精度到底省的是哪部分？",
            "What does gradient checkpointing do?"]
SIZING_ASKS = ["请问要多少显存？", "Is one 4090 enough?", "要几张卡？", "How much will it cost?", "能跑吗？",
               "How long will it take?", "Which GPU should we rent?", "14B 的话怎么设？",
               "What is the total for a month of 8×A100?", "一共多少？"]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(BACKGROUND), st.sampled_from(FAQ_ASKS), st.sampled_from(SIZING_ASKS))
def test_the_last_sentence_decides_whether_the_background_is_only_context(background: str, faq: str, sizing: str) -> None:
    assert asked_after_background(f"{background} {faq}") == faq.rstrip("？?")
    assert asked_after_background(f"{background} {sizing}") is None
    assert asked_after_background(faq) is None  # one sentence: no background to set aside


@pytest.mark.parametrize(("msg", "machines"), [
    ("两台8卡h100 搞继续预训练 加ib 一个月好多", 2),
    ("三台8卡a100 80g 做继续预训练 一个月好多", 3),
])
def test_whole_nodes_priced_beside_the_setup_answer_are_said_as_nodes(msg: str, machines: int) -> None:
    """Several 8-card machines asked by the machine are priced as that many machines (gpuli 8×H100 ₮14,432 a month
    each, seed 000), never only as the cards added up ("好多" asks the price: bot.understand.regional_asks)."""
    u = _say(msg)
    said = (f"× {machines} 台（每台 8 卡）", f"{machines} 台 8×")
    assert any(any(s in line for s in said) for line in u.text.splitlines() if "💰" in line or "•" in line), u.text
