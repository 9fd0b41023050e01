"""Session 27 round 0 (blind 68 / 72 leftovers), as behaviour: a message's later question is answered, not folded
into the first (the job on another card, a setting to fall back on, another card's price, the adapter's size); an
export asked in free words gets the file; "does the base even fit" states the weights; single cards that cannot be
pooled say what the job needs on one card; an AMD card compared says ROCm; "is X cheaper than Y" leads yes or no;
the budget client's pick weighs the two priced; a same-account renewal takes the repeat discount; an ordinal month is
one month. Figures from the catalogs (seed 000 / 003 prices, the engine's estimate)."""

from __future__ import annotations

import pytest

from tests.chat_user import said


@pytest.mark.parametrize(("text", "no"), [
    ("14b lora 一张 L40S 够吗？另外我们组还有一张 5090，也能跑吗", "❌ 14B LoRA：1×RTX 5090 装不下"),
    ("14b bf16 lora, is one L40S enough? and what about a 5090, would that do?", "❌ 14B LoRA does not fit 1× RTX 5090"),
])
def test_the_job_on_another_card_asked_later_is_answered(text: str, no: str) -> None:
    chat = said(text)
    assert "L40S" in chat.text and no in chat.text, chat.text


@pytest.mark.parametrize("text", [
    "32b 全参，8 张 a100 80g 开 zero2 放得下吗？要是不行，zero3 呢",
    "32b full fine-tune on 8x a100 80g with zero-2 — fits? if not, what about zero-3?",
])
def test_a_fallback_setting_is_answered_too(text: str) -> None:
    chat = said(text)
    assert "(ZeRO-2)" in chat.lines[0], chat.text
    # the ZeRO-3 run judged on its own: 64 GB of model states a card (512 GB over 8), most likely 77.4 GB
    assert any("(ZeRO-3)" in line and ("偏紧" in line or "borderline" in line) and "77.4 GB" in line for line in chat.lines[1:]), chat.text


def test_another_cards_price_after_a_priced_card_then_its_fit() -> None:
    chat = said("一万网络 3090 包月多少？那 T4 呢？7b qlora 放 T4 上行吗")
    assert "¥1,750" in chat.text and "¥900" in chat.text and "1×T4" in chat.text, chat.text


def test_the_adapter_size_asked_third_is_answered() -> None:
    chat = said("1) 14b qlora 一张 4090 够用吗 2) gpuli 包月多少 3) 训完的 adapter 有多大")
    assert "₮369" in chat.text and "MB" in chat.text, chat.text


@pytest.mark.parametrize(("text", "needle"), [
    ("整理一份 ds 配置给客户 C：zero3，不开 offload", '"stage": 3'),
    ("prepare a deepspeed config for client D: zero 3, no offload", '"stage": 3'),
])
def test_an_export_asked_for_someone_is_the_file(text: str, needle: str) -> None:
    chat = said(text)
    assert "ds_config.json" in chat.text and needle in chat.text, chat.text


@pytest.mark.parametrize("turns", [
    ("qwen2.5 14b full ft on 4 a100s, zero-3, does it fit?", "what's the accelerate config for that?"),
    ("14b 全参 4 张 a100 zero3 够吗", "那套的 accelerate 配置是啥"),
])
def test_a_tools_config_asked_of_the_last_job_is_exported(turns: tuple[str, ...]) -> None:
    chat = said(*turns)
    assert "num_processes: 4" in chat.text and "accelerate_fsdp.yaml" in chat.text, chat.text


@pytest.mark.parametrize("text", [
    "we rent eight A100 80G SXM. 72B bf16 LoRA: will the base even fit across them?",
    "8 张 a100 80g，72b bf16 lora，底座本身能放得下吗",
])
def test_the_base_asked_whether_it_fits_states_the_weights(text: str) -> None:
    assert "144 GB" in said(text).lines[0]  # 72B × 2 bytes


@pytest.mark.parametrize(("text", "needle"), [
    ("14B bf16 lora，用三张单卡 3090 拼起来能跑吗", "一张 RTX 3090 只有 24 GB"),
    ("two separate 4090 instances pooled together for a 14b lora, possible?", "one RTX 4090 has 24 GB"),
])
def test_single_cards_that_cannot_pool_say_what_one_card_needs(text: str, needle: str) -> None:
    chat = said(text)
    assert chat.lines[0].startswith("❌") and "36.4 GB" in chat.text and needle in chat.text, chat.text


@pytest.mark.parametrize("text", [
    "72b bf16 lora: a single MI300X or two A100 80G?",
    "72b bf16 lora 用一张 mi300x 还是两张 a100 80g",
])
def test_an_amd_card_compared_says_rocm(text: str) -> None:
    chat = said(text)
    assert "ROCm" in chat.text and "CUDA" in chat.text, chat.text


@pytest.mark.parametrize(("text", "lead"), [
    ("is the 8x H100 at yiwan cheaper than their 8x A100 80G box?", "❌ No"),
    ("一万网络 8 卡 h100 比 8 卡 a100 便宜吗", "❌ 不是"),
    ("is the 3090 at cloudgpu cheaper than the 4090 there?", "✅ Yes"),
    ("cloudgpu 上 3090 比 4090 便宜吗", "✅ 是"),
])
def test_is_x_cheaper_than_y_leads_yes_or_no(text: str, lead: str) -> None:
    assert said(text).lines[0].startswith(lead)


@pytest.mark.parametrize("turns", [
    ("8b qlora on a cloudgpu 4090 for 8 hours, cost?", "and on a 3090?", "which one do I quote for the budget client?"),
    ("8b qlora cloudgpu 4090 跑 8 小时多少钱", "3090 呢", "给预算紧的客户报哪个"),
])
def test_the_budget_clients_pick_weighs_the_two_priced(turns: tuple[str, ...]) -> None:
    lead = said(*turns).lines[0]
    assert "$1.68" in lead and "$2.64" in lead and "3090" in lead.split("$1.68")[0], lead  # 8 h × $0.21 vs × $0.33


@pytest.mark.parametrize("turns", [
    ("一万网络 A100 40G 月付多少", "同一个账户续第二个月呢"),
    ("yiwan a100 40g per month?", "and a second month on the same account?"),
])
def test_a_renewal_on_the_same_account_takes_the_repeat_discount(turns: tuple[str, ...]) -> None:
    chat = said(*turns)
    assert "¥2,700" in chat.text and "¥5,600" not in chat.text, chat.text  # ¥2,800 − ¥100 (seed 003)


@pytest.mark.parametrize(("text", "needle"), [
    ("4090 多卡能不能跑 zero3，卡间有 nvlink 吗", "掉速"),
    ("bf16 开了还 OOM，是不是优化器状态没省", "优化器"),
    ("does yiwan snapshot the system disk, and how quick is a rollback?", "30 seconds"),
    ("cloudgpu: if I kill the instance, what happens to the held minutes I never used?", "back to your balance"),
])
def test_faq_answers_say_it_in_the_seeds_terms(text: str, needle: str) -> None:
    chat = said(text)
    assert needle in chat.text, chat.text


@pytest.mark.parametrize("text", [
    "cheapest 72b full fine-tune setup at gpuli that doesn't rely on cpu offload?",
    "72b 全参 gpuli 最便宜又不靠 offload 的方案是啥",
    "cheapest way to full-finetune a 72b at gpuli without depending on offload",
])
def test_not_relying_on_offload_is_no_offload(text: str) -> None:
    chat = said(text)
    # 8 × H200 with an 8-bit optimizer, the reference table's minimum without offload (seed 000): ₮19,752 a month
    assert "8×H200" in chat.text.replace("× ", "×") and "₮19,752" in chat.text, chat.text
