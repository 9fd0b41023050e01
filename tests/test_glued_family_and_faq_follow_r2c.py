"""A family glued to its size is that size (bot.understand.fields.SIZE_B); the cards with a feature asked of a
provider are the FAQ's entry on that feature (bot.understand.faq_topics.offered_with_feature); idle time at gpuli
and at CloudGPU, and what to do with checkpoints after CloudGPU's storage or billing answer (catalogs/faq.yaml,
bot.core.detail_follow); a second tool's file asked right after an export (bot.understand.asks).
Figures from seeds 000 (gpuli's full fine-tune table) and 002 (CloudGPU)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("text", "size"), [
    ("qwen14b 全参，2张A100 80G 够吗", 14.0),
    ("Qwen14B full on 2 a100 80g, enough?", 14.0),
    ("llama8b lora 一张4090", 8.0),
    ("帮我看下 llama70b qlora 一张 h100 行不行", 70.0),
    ("gemma7b lora on a 4090?", 7.0),
])
def test_a_family_glued_to_its_size_is_that_size(text: str, size: float) -> None:
    p = parse(text)
    assert p.request.params_b == size and p.missing == [] and p.intent == "size", p


@pytest.mark.parametrize("text", ["qwen3_8b qlora 4090", "qwen2.5-7b full on 1 h100", "qwen38b lora"])
def test_a_catalog_name_glued_still_names_the_model(text: str) -> None:
    assert parse(text).request.model in ("qwen3-8b", "qwen2.5-7b")


@pytest.mark.parametrize(("text", "needles"), [
    ("qwen14b 全参，2张A100 80G 够吗", ("❌", "4×A100 80GB SXM", "Qwen3-14B")),
    ("is 2x a100 80g enough for Qwen14B full finetune", ("❌", "4× A100 80GB SXM", "Qwen3-14B")),
    ("llama8b lora 一张4090够吗", ("Llama-3.1-8B", "24 GB")),
])
def test_a_glued_family_is_sized_not_asked_which_model(text: str, needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(text)
    assert all(n in chat.text for n in needles), chat.text
    assert "哪个模型" not in chat.text and "Which model" not in chat.text


@pytest.mark.parametrize("text", [
    "gpuli 有哪些卡是 nvlink 全互联的",
    "which cards does gpuli have that are nvlinked",
    "一万网络有哪些卡支持 nvlink",
])
def test_the_cards_with_nvlink_are_the_nvlink_entry(text: str) -> None:
    chat = ChatUser()
    chat.say(text)
    lead = "\n".join(chat.lines[:3])
    assert "NVLink" in chat.text and ("H100" in lead or "A100" in lead), chat.text
    assert "₮369" not in chat.text  # not gpuli's price list


@pytest.mark.parametrize("text", ["gpuli 有哪些卡", "what gpus does gpuli offer", "gpuli 有哪些卡显存 80G 以上"])
def test_the_cards_on_offer_stay_the_price_list(text: str) -> None:
    assert parse(text).intent == "price"


@pytest.mark.parametrize(("text", "needles"), [
    ("另外问下 gpuli 包月期间卡闲着也照样收钱吧", ("一次扣清", "锁定")),
    ("gpuli 包月期间卡闲着也收钱吗", ("✅", "闲着")),
    ("if my gpuli monthly card sits idle am I still paying", ("at order time", "locked")),
    ("CloudGPU 不用的时候还扣钱吗", ("销毁实例为止",)),
    ("does cloudgpu charge me when I'm not using it", ("destroy the instance",)),
])
def test_idle_time_is_each_providers_billing(text: str, needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(text)
    assert all(n in chat.text for n in needles), chat.text


@pytest.mark.parametrize("turns", [
    ("CloudGPU 有持久化存储吗", "那训完怎么办"),
    ("CloudGPU 不用的时候还扣钱吗", "那 checkpoint 怎么保存"),
    ("does cloudgpu have persistent storage", "so what do I do once training finishes?"),
    ("does cloudgpu charge me when I'm not using it", "so how do I keep my checkpoints?"),
])
def test_after_cloudgpu_storage_or_billing_checkpoints_are_copied_off(turns: tuple[str, str]) -> None:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    assert "Hugging Face" in chat.text and "rsync" in chat.text, chat.text


@pytest.mark.parametrize(("turns", "needles"), [
    (("export a llamafactory config for qwen3 8b qlora", "and a deepspeed one for 8 gpus zero3"),
     ('"zero_optimization": {"stage": 3}', "8×")),
    (("export a llamafactory config for qwen3 8b qlora", "plus an accelerate one for 4 gpus"), ("accelerate", "4×")),
    (("导出 qwen3 8b qlora 的 llamafactory 配置", "再给个 deepspeed 的 8卡 zero3"), ('"stage": 3', "8×")),
])
def test_a_second_tools_file_after_an_export(turns: tuple[str, str], needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    assert all(n in chat.text for n in needles), chat.text
    assert "Fits 8× T4" not in chat.text
