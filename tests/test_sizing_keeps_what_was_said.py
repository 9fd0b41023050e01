"""A sizing keeps what the message said about the job: a method it rules out is never the one sized
(bot.understand.method_refused), "is there one card that holds it" is a sizing on one card whatever reason
comes with it (bot.understand.one_card_fit), a mixture of experts says it counts every expert's weights, a
card count said for each of two methods is kept for each, a why-OOM of a stated job gets that job's breakdown
(bot.understand.why_oom), and continued pretraining asked its card count leads with the 8-card node floor.
Figures: the engine's estimates at seq 2048, batch 1 (14B full 303 GB on 4×A100 80GB; Qwen3-8B LoRA 23.4 GB,
QLoRA 12.3 GB; 72B LoRA 165 GB on 1×MI300X; Qwen3-30B-A3B 30.5B total, 3.3B active; 7B full: 16 bytes a
parameter, 112 GB of model states)."""

from __future__ import annotations

import pytest

from bot.understand.method_refused import without_refused
from bot.understand.normalize import normalize
from bot.understand.one_card_fit import one_card_fit
from bot.understand.parser import parse
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("text", "method"), [
    ("14b 全参微调 要几张卡 别搞 lora", "full"), ("14B 全量，不用 LoRA，几张 A100", "full"),
    ("14b, full fine-tune, not lora: how many h100s", "full"), ("14b without lora, full parameters, how many cards", "full"),
    ("Qwen3-8B 微调 不想用 4bit，一张4090行吗", "lora"), ("Qwen3-8B lora 不量化 4090 够吗", "lora"),
    ("Qwen3-8B fine-tune, no quantization, on one 4090?", "lora"), ("qwen3-8b, don't want qlora, will a 4090 do", "lora"),
    ("14b lora 就算了，全参几张卡", "full"), ("Qwen3-8B 不要全参，lora 一张 4090 够吗", "lora"),
    ("14b lora 不要了，全参几张卡", "full"), ("32b qlora 算了 lora 吧 几张 a100", "lora"),
])
def test_a_method_ruled_out_is_never_the_one_sized(text: str, method: str) -> None:
    got = parse(text).request.method
    assert got == method or (method == "lora" and got is None), (text, got)  # no method left: the LoRA default


@pytest.mark.parametrize(("text", "lever"), [
    ("72b 全参 不要 offload", "offload"), ("32b 全参 不要 8bit 八卡h100", "8bit"), ("14b 全参 不考虑 zero3 几张卡", "zero"),
    ("7b 全参 不要 梯度检查点 一张 h100", "梯度"),
])
def test_a_lever_refused_after_the_method_keeps_the_method(text: str, lever: str) -> None:
    """"不要"/"不考虑" with a training lever after them refuse the lever: the method before them is the job's."""
    assert parse(text).request.method == "full", text
    assert lever in without_refused(normalize(text)), text


@pytest.mark.parametrize("text", ["不是 qlora 吗", "是不是 qlora 更省", "bf16 lora 还是 qlora", "之后再看要不要上 8b 全参", "72b 全参微调 不要太慢 怎么配",
                                  "用不用量化", "搞不搞 lora 好"])
def test_a_confirmation_or_a_choice_refuses_nothing(text: str) -> None:
    assert without_refused(normalize(text)) == normalize(text)


@pytest.mark.parametrize(("ask", "lang"), [("微调 14b 几张卡？全参的，别给我 lora", "zh"),
                                           ("how many cards for 14b? full fine-tune, no lora", "en")])
def test_full_asked_with_lora_refused_sizes_full(ask: str, lang: str) -> None:
    chat = ChatUser(lang=lang)
    chat.say(ask)
    assert "303 GB" in chat.text and "4×A100 80GB SXM" in chat.text.replace("4× A100", "4×A100"), chat.text
    assert "LoRA" not in chat.lines[0], chat.text


def test_quantization_refused_sizes_bf16_lora_on_the_card() -> None:
    chat = ChatUser()
    chat.say("Qwen3-8B 微调，不想用4bit，单张 4090 能行吗")
    assert "Qwen3-8B LoRA" in chat.lines[0] and "23.4 GB" in chat.lines[0] and "QLoRA" not in chat.lines[0], chat.text


@pytest.mark.parametrize("text", ["72b lora 单卡有没有装得下的", "32b lora 有没有一张卡就能放下的", "any one card that fits 72b lora?",
                                  "is there a single gpu that can hold 32b lora", "would 72b lora fit on one card"])
def test_one_card_holding_the_job_is_read(text: str) -> None:
    assert one_card_fit(normalize(text)), text


@pytest.mark.parametrize("text", ["单卡多少钱", "单卡显存多少", "8卡 h100 装得下吗", "11卡放得下吗"])
def test_no_one_card_question_is_read_where_none_is_asked(text: str) -> None:
    assert not one_card_fit(normalize(text)), text


@pytest.mark.parametrize(("ask", "lang"), [("72b 的 lora，单张卡有没有能装下的？不想折腾多卡通信", "zh"),
                                           ("is there any one card that fits 72b lora? I'd rather skip multi-gpu communication", "en")])
def test_one_card_asked_with_a_reason_is_the_sizing_not_a_faq(ask: str, lang: str) -> None:
    chat = ChatUser(lang=lang)
    chat.say(ask)
    assert "165 GB" in chat.text and "MI300X" in chat.text, chat.text


@pytest.mark.parametrize(("ask", "lang", "words"), [("Qwen3-30B-A3B 做 LoRA 要多少显存", "zh", "全部专家"),
                                                    ("Qwen3-30B-A3B LoRA, will one H100 do?", "en", "all experts")])
def test_a_mixture_of_experts_says_it_counts_every_expert(ask: str, lang: str, words: str) -> None:
    chat = ChatUser(lang=lang)
    chat.say(ask)
    line = next((ln for ln in chat.lines if words in ln), "")
    assert "30.5B" in line and "3.3B" in line, chat.text


def test_a_dense_model_says_nothing_of_experts() -> None:
    chat = ChatUser()
    chat.say("Qwen3-8B lora 4090 够吗")
    assert "专家" not in chat.text and "MoE" not in chat.text


@pytest.mark.parametrize(("ask", "lang"), [("两张 L40S 跑 Qwen2.5-14B LoRA 够不够，或者 QLoRA 一张就行？", "zh"),
                                           ("Qwen2.5-14B: LoRA on 2x L40S, or QLoRA on a single card?", "en")])
def test_each_methods_own_card_count_is_kept_and_named(ask: str, lang: str) -> None:
    chat = ChatUser(lang=lang)
    chat.say(ask)
    text = chat.text.replace("× ", "×")
    lora = next(ln for ln in chat.lines if "LoRA:" in ln and "QLoRA" not in ln.split("LoRA:")[0])
    assert "2×L40S" in lora.replace("× ", "×") and "23.2 GB" in lora, text
    assert "1×L40S" in text and "17.1 GB" in text, text


def test_two_methods_without_counts_still_lead_with_the_difference() -> None:
    chat = ChatUser()
    chat.say("32b qlora 和 lora 显存差多少")
    assert "48.8 GB" in chat.lines[1], chat.text


@pytest.mark.parametrize(("ask", "lang"), [("bf16 都开了，为什么 7b 全参一张 80g 的卡还是爆显存", "zh"),
                                           ("7b full fine-tune on a single 80GB A100 keeps going OOM even with bf16, why?", "en")])
def test_why_a_stated_job_runs_out_of_memory_gets_its_breakdown(ask: str, lang: str) -> None:
    chat = ChatUser(lang=lang)
    reply = chat.say(ask)
    assert reply.kind == "sizing", chat.text
    assert "112 GB" in chat.text and "70 GB" in chat.text, chat.text  # 16 and 10 bytes a parameter × 7B
    assert "offload" in chat.text and "ZeRO-2" in chat.text, chat.text  # the levers that bring it under


def test_why_oom_with_no_job_stays_the_faq() -> None:
    chat = ChatUser()
    reply = chat.say("开了 bf16 为啥还是 OOM")
    assert reply.kind == "faq", chat.text


@pytest.mark.parametrize(("ask", "lang", "floor"), [("7B 做继续预训练要几张卡，多机要不要上 IB", "zh", "8 卡"),
                                                    ("7B 做继续预训练要多少显存，多机要不要上 IB", "zh", "8 卡"),
                                                    ("how many gpus for continued pretraining of a 7b, and is infiniband needed across nodes?", "en", "8 GPUs")])
def test_continued_pretraining_asked_its_count_leads_with_the_node_floor(ask: str, lang: str, floor: str) -> None:
    chat = ChatUser(lang=lang)
    chat.say(ask)
    assert floor in chat.lines[0] and "InfiniBand" in chat.lines[0], chat.text
    assert "152 GB" in chat.text, chat.text  # the memory sizing follows
    assert sum(floor in ln for ln in chat.lines) == 1, chat.text  # said once, moved up


def test_continued_pretraining_asked_its_memory_alone_has_no_floor_line() -> None:
    chat = ChatUser()
    chat.say("7b 继续预训练要多少显存")
    assert "InfiniBand" not in chat.lines[0] and "152 GB" in chat.lines[0], chat.text  # the note stays below the figures
    assert sum("InfiniBand" in ln for ln in chat.lines) == 1, chat.text


@pytest.mark.parametrize(("second", "tool"), [("那配置呢，给个 llamafactory 的", "quantization_bit: 4"), ("给个 deepspeed 的吧", "ds_config.json")])
def test_a_tool_asked_after_a_sizing_exports_that_job(second: str, tool: str) -> None:
    chat = ChatUser()
    chat.say("Qwen3-8B qlora 一张 4090 够吗")
    chat.say(second)
    assert "Qwen3-8B" in chat.lines[0] and "RTX 4090" in chat.text and tool in chat.text, chat.text


def test_the_saving_of_the_8bit_optimizer_asked_with_haoduo() -> None:
    chat = ChatUser()
    chat.say("8bit 优化器对 7b 全参 能省好多显存")
    assert "112 GB" in chat.lines[0] and "70 GB" in chat.lines[0] and "42 GB" in chat.lines[0], chat.text
