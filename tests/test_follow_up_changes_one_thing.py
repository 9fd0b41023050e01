"""A follow-up that changes one thing keeps the rest of the conversation's job: a correction word opening the
message ("no wait 72b", "说错了 是 lora 不是 qlora") replaces only the value it names; a bare lever ("8bit",
"zero3" with a card) changes the job, never the FAQ entry on it; "what if we only have 4?" re-sizes on 4 cards;
a supposed card ("租 a100 的话") then a provider is the job there, a month priced, never a rental form; cards at a
provider said alone after a costed job keep the job for its deadline. Figures (seed 000, 003): 14B full on 4 ×
H100 SXM, ZeRO-3, 67.5-70.8 GB a card; 72B QLoRA 53.6 GB against the 4090's 24 GB; 32B LoRA on the A100 80GB;
32B full on 4 × H100 does not fit (146 GB a card); 14B full on 4 × A100 80GB SXM at gpuli ₮4,308 a month."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


def head(turns: list[str], lines: int = 3) -> str:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return "\n".join(me.lines[:lines])


# (turns, what the first lines must hold): the corrected value with the rest of the job kept
CORRECTED = [
    (["qwen3 14b 全参", "h100 两张 zero3", "no wait 4张"], ["4×H100", "70.8 GB"]),
    (["qwen3 14b 全参", "两张 h100 zero3", "不对 4张"], ["4×H100"]),
    (["qwen3 14b full", "zero3 on two h100s", "no wait, 4"], ["4× H100", "70.8 GB"]),
    (["14b qlora 4090 够吗", "32b 呢", "no wait 72b"], ["72B QLoRA", "4090", "53.6 GB"]),
    (["14b qlora on a 4090?", "and 32b?", "sorry i mean 72b"], ["72B QLoRA", "4090", "53.6 GB"]),
    (["14b qlora 4090 够吗", "说错了 72b"], ["72B QLoRA", "4090"]),
    (["32b lora bf16 要啥卡", "a100 80g 一张", "no wait qlora"], ["32B QLoRA", "A100 80GB", "装得下"]),
    (["我想用 qlora 训 32b", "说错了 是 lora 不是 qlora"], ["32B LoRA", "76.4 GB"]),
    (["i want qlora on 32b", "sorry, lora not qlora"], ["32B LoRA", "76.4 GB"]),
    (["我想用 qlora 训 32b", "说错了 是 lora 不是 qlora", "要啥卡"], ["32B LoRA", "A100 80GB"]),
]


@pytest.mark.parametrize(("turns", "held"), CORRECTED)
def test_a_correction_changes_only_the_value_it_names(turns: list[str], held: list[str]) -> None:
    text = head(turns)
    for part in held:
        assert part in text


def test_a_chinese_conversation_corrected_in_english_stays_chinese() -> None:
    text = head(["32b lora bf16 要啥卡", "a100 80g 一张", "no wait qlora"], 1)
    assert "装得下" in text and "fits" not in text


# a bare lever after a job: that job with it, never the FAQ entry
LEVERS = [
    (["72b 全参 怎么配", "h200", "8bit"], ["8×H200", "装得下"]),
    (["72b full ft how to set up", "h200", "8-bit?"], ["8× H200", "fits"]),
    (["7b 全参", "8 bit 呢"], ["70 GB", "每参数 10 字节"]),
    (["7b full fine-tune", "8bit then"], ["70 GB", "10 bytes per parameter"]),
    (["qwen3 14b full", "2x h100 with offload"], ["2× H100", "offload"]),
    (["qwen3 14b 全参", "h100 两张 zero3"], ["2×H100", "ZeRO-3", "装不下"]),
]


@pytest.mark.parametrize(("turns", "held"), LEVERS)
def test_a_bare_lever_changes_the_job(turns: list[str], held: list[str]) -> None:
    text = head(turns, 2)
    for part in held:
        assert part in text
    assert "能省多少显存" not in text and "How much memory does" not in text


def test_a_bare_8bit_after_lora_is_still_asked_of_the_faq() -> None:
    assert "8-bit" in head(["14b lora", "a100", "8bit"], 1)


ONLY_HAVE = [
    ["32b full finetune", "on eight h100s", "what if we only have 4?"],
    ["32b full finetune", "8x h100", "we just have 4"],
    ["32b 全参", "八卡 h100", "只有 4 张呢"],
    ["32b 全参", "八卡 h100", "那只有 4 个呢"],
]


@pytest.mark.parametrize("turns", ONLY_HAVE)
def test_only_n_cards_re_sizes_on_them(turns: list[str]) -> None:
    text = head(turns, 1)
    assert ("4×H100" in text or "4× H100" in text) and "146 GB" in text
    assert "❌" in text


SUPPOSED_THEN_PROVIDER = [
    ["14b 全参 要几张", "租 a100 的话", "gpuli"],
    ["14b 全参 要几张", "假如租 a100", "gpuli"],
    ["14b 全参 要几张", "要是用 a100 的话", "gpuli"],
]


@pytest.mark.parametrize("turns", SUPPOSED_THEN_PROVIDER)
def test_a_supposed_card_then_a_provider_prices_the_job_there(turns: list[str]) -> None:
    text = head(turns)
    assert "4×A100" in text and "₮4,308" in text
    assert "/rent" not in text and "确认记" not in text


AT_PROVIDER_THEN_DEADLINE = [
    (["32b 全参 2000万token 跑3个epoch", "八卡 h100 gpuli", "周五前能训完吗"], "按期训完"),
    (["32b 全参 2000万token 跑3个epoch", "gpuli 八卡 h100", "周五前能训完吗"], "按期训完"),
    (["32b full, 20M tokens, 3 epochs", "8x h100 at gpuli", "done by friday?"], "finish in time"),
]


@pytest.mark.parametrize(("turns", "said"), AT_PROVIDER_THEN_DEADLINE)
def test_cards_at_a_provider_keep_the_job_for_its_deadline(turns: list[str], said: str) -> None:
    assert head(turns[:2], 1).count("32B") == 1
    text = head(turns)
    assert "32B" in text and said in text


def test_a_price_asked_of_cards_at_a_provider_stays_a_price() -> None:
    text = head(["14b 全参", "gpuli 4张 h100 多少钱"])
    assert "₮7,444" in text
