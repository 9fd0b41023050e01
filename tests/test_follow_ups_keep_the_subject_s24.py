"""A short follow-up keeps the subject of the answer just given, and a question of practice gets the practice answer
(issue 18, session 24, sizing and training-practice follow-ups):

- a card asked yes or no after a practice FAQ answer is that answer asked of the card (bf16: A100 and H100 support it
  natively), and a card count alone is that answer for that many cards (tensor parallelism: on one 8-card machine
  DDP plus ZeRO-2 is enough, seed 003) — unless a job sits beneath the FAQ answer, which the count changes;
- "what should we turn on" for a long context is the FAQ's answer (gradient checkpointing), even where it opens like a
  change of the job ("上 32k");
- a provider and "can it run there?" after a job is that job sized there (32B full: CloudGPU rents single cards, so no
  8-card machine; 7B full: one 80 GB card with an 8-bit optimizer, seed 000);
- a job said of the card just priced ("it is for 14B LoRA, 8 hours") is priced on that card (CloudGPU RTX A6000
  $0.44/h: 8 h $3.52, seed 002);
- a FAQ follow-up keeps the card the question before named, so a price asked next is that card's (gpuli L40S ₮649 a
  month, seed 000);
- a refusal of offload is no offload, and "no offload option?" after a 72B full answer is that job without offload:
  8×H200 with an 8-bit optimizer, ₮19,752 a month at gpuli (seed 000);
- a card named after a setup's price keeps the setup's count (32B full on 8×H100: ₮14,432 a month);
- a rental's total asked after a FAQ question that named the cards prices that setup (two 8×H100 nodes with
  InfiniBand at gpuli: 2 × ₮14,432 + 2 × ₮600 = ₮30,064 a month).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("first, then, card", [
    ("用 fp16 训练 loss 老是变成 nan 怎么办", "h100 支持吗", "H100"),
    ("fp16 一训就 nan", "那 a100 行吗", "A100"),
    ("my fp16 finetune keeps blowing up to nan", "does the a100 support it?", "A100"),
    ("training in fp16 gives nan losses, what now?", "h100 ok?", "H100"),
])
def test_a_card_asked_of_the_precision_answer_is_bf16_on_that_card(first: str, then: str, card: str) -> None:
    reply = conversation(first, then)
    lead = lead_lines(reply, 1)
    assert card in lead and ("bfloat16" in lead or "bf16" in lead.lower()), reply


@pytest.mark.parametrize("first, then", [
    ("微调需要上张量并行吗", "8 张卡呢"),
    ("做 sft 要开 TP 吗", "那八卡呢"),
    ("should i use tensor parallelism when finetuning?", "with 8 gpus?"),
    ("is pipeline parallel worth it for fine-tuning", "and on 8 cards?"),
])
def test_a_count_asked_of_the_parallelism_answer_is_that_answer_for_the_count(first: str, then: str) -> None:
    reply = conversation(first, then)
    lead = lead_lines(reply, 1)
    assert "DDP" in lead and "ZeRO-2" in lead and "8" in lead, reply


def test_a_count_after_a_faq_detour_from_a_job_still_changes_the_job() -> None:
    reply = conversation("7b qlora 4090", "bf16 还是 fp16", "8卡呢")
    assert "8×RTX 4090" in lead_lines(reply, 1), reply


@pytest.mark.parametrize("text", ["上 32k 长上下文 要开啥", "那 32k 上下文 需要开什么", "换到 32k 序列 该开哪些"])
def test_what_to_turn_on_for_a_long_context_is_the_practice_answer(text: str) -> None:
    p = parse(text)
    assert p.intent == "faq" and p.faq_answers, text
    reply = conversation(text)
    assert "梯度检查点" in reply or "checkpointing" in reply.lower(), reply


@pytest.mark.parametrize("ask", ["cloudgpu 能跑吗", "cloudgpu 上跑得动吗", "放 cloudgpu 行不行", "can it run on cloudgpu?",
                                 "would cloudgpu work?"])
def test_a_provider_asked_whether_the_job_runs_there_sizes_it_there(ask: str) -> None:
    reply = conversation("32b 全参 要多少显存", ask)
    lead = lead_lines(reply, 1)
    assert lead.startswith("❌") and "CloudGPU" in lead and ("单卡" in lead or "single" in lead.lower()), reply


def test_seven_b_full_at_the_single_card_provider_is_one_eighty_gb_card_with_an_8_bit_optimizer() -> None:
    reply = conversation("7b full fine-tune memory?", "would cloudgpu work?")
    lead = lead_lines(reply, 1)
    assert "CloudGPU" in lead and "8-bit" in lead, reply


@pytest.mark.parametrize("ask", ["cloudgpu 能退款吗", "gpuli 能开发票吗", "can i pay with alipay at gpuli?"])
def test_a_provider_question_of_its_own_after_a_job_is_no_sizing(ask: str) -> None:
    assert not parse(ask).cues.runs_there


@pytest.mark.parametrize("then", ["we'd use it for 14b lora, 8 hours", "it is for a 14B LoRA run of 8 hours",
                                  "这张卡拿来跑 14b lora 8 小时"])
def test_a_job_said_of_the_card_priced_is_priced_on_that_card(then: str) -> None:
    reply = conversation("cloudgpu a6000 hourly?", then)
    lead = lead_lines(reply, 1)
    assert "A6000" in lead and "$3.52" in lead, reply


@pytest.mark.parametrize("turns", [
    ("l40s 有 nvlink 吗", "那几张能互联", "gpuli 包月多少"),
    ("does the l40s have nvlink?", "how many can be bridged?", "how much a month at gpuli?"),
])
def test_a_faq_follow_up_keeps_the_card_asked_about(turns: tuple[str, ...]) -> None:
    reply = conversation(*turns)
    lead = lead_lines(reply, 2)
    assert "L40S" in lead and "₮649" in lead, reply


REFUSALS = ["if we refuse to offload", "we would rather not offload", "we can't offload", "拒绝 offload", "不愿意 offload",
            "不打算 offload", "不能 offload"]


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(REFUSALS), st.sampled_from(["72b full ft", "72b 全参", "full finetune 72b"]),
       st.sampled_from(["{job} {no}", "{no}, {job}", "{job}，{no}，怎么配"]))
def test_a_refusal_of_offload_reads_as_no_offload(no: str, job: str, frame: str) -> None:
    assert parse(frame.format(job=job, no=no)).request.offload == "none"


@pytest.mark.parametrize("turns", [
    ("cheapest safe setup for a 72b full finetune, we refuse to offload",),
    ("72b full fine-tune: which setup?", "no offload option?"),
    ("72b 全参 怎么配", "不 offload 的方案呢"),
    ("72b 全参 怎么配", "不开 offload 有啥配置"),
])
def test_seventy_two_b_full_without_offload_is_eight_h200_with_an_8_bit_optimizer(turns: tuple[str, ...]) -> None:
    reply = conversation(*turns)
    lead = lead_lines(reply, 3)
    assert "8× H200" in lead.replace("8×H200", "8× H200") and ("8-bit" in lead) and "19,752" in lead, reply


@pytest.mark.parametrize("turns", [
    ("Minimum gpuli setup for 32B full fine-tuning?", "cost?", "and the roomier H100 option?"),
    ("32b 全参 gpuli 最低配置", "多少钱", "那宽裕点的 h100 呢"),
    ("32b full ft at gpuli, smallest setup?", "price?", "what about H100 instead?"),
])
def test_a_card_named_after_a_setups_price_keeps_its_count(turns: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 3)
    assert "8× H100" in lead.replace("8×H100", "8× H100") and "14,432" in lead, lead


@pytest.mark.parametrize("turns", [
    ("pretraining on 16 H100s over two nodes at gpuli, what else do we need?", "monthly total with IB for both?"),
    ("gpuli 两台 8卡 h100 跨机训练 要准备啥", "一个月一共多少 带 IB"),
    ("two 8x h100 nodes at gpuli for continued pretraining, anything extra?", "which regions?", "total per month incl infiniband?"),
])
def test_a_total_asked_after_a_faq_question_naming_the_cards_prices_that_setup(turns: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 2)
    assert "30,064" in lead, lead


@pytest.mark.parametrize("text, states", [
    ("继续预训练 7b 要多少显存，跟全参一样吗", "112"),
    ("7b 增量预训练 和全量微调显存一样吗", "112"),
    ("does continued pretraining of a 14b need the same memory as full fine-tuning?", "224"),
    ("pretraining 7b: as much vram as a full finetune?", "112"),
])
def test_pretraining_asked_whether_it_is_full_fine_tunings_memory_leads_with_yes(text: str, states: str) -> None:
    lead = lead_lines(conversation(text), 1)
    assert lead.startswith("✅") and ("一样" in lead or "same" in lead) and f"{states} GB" in lead, lead


@pytest.mark.parametrize("turns", [
    ("lora 和全参 效果差多少", "那先咋做"),
    ("lora 跟全参微调 成本差多少", "那先咋做"),
])
def test_what_to_do_first_after_the_methods_answer_is_to_start_small(turns: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 2)
    assert "RTX 4090" in lead and "₮109" in lead, lead


@pytest.mark.parametrize(("before", "chatter"), [("能按小时租吗？", "今天吃啥"), ("gpuli 周租还是月租", "晚上吃什么")])
def test_chatter_after_a_faq_answer_meets_no_entry_on_its_topic(before: str, chatter: str) -> None:
    """"今天吃啥" ranks two rental entries nearly alike (1.0 and 0.8 of the best): no entry is clearly its own, so it
    is no question on the topic just answered (found by the console test after the merge)."""
    reply = conversation(before, chatter)
    assert "帮不上" in reply or "outside what I do" in reply, reply


def test_an_aspect_the_answer_holds_is_answered_from_it() -> None:
    """"按分钟怎么计费" then "有最低吗": the answer just given holds the minimum (1 分钟), before any other entry."""
    assert "1 分钟" in conversation("cloudgpu 按分钟怎么计费", "有最低吗")
