"""A sizing asked at one provider picks among the cards that provider rents (with a cheaper card it
rents that only may fit, named with its risk); "how big is the base" leads with the weights line.

Figures from the catalogs and seeds: 一万网络 rents the RTX 3090 (¥1,750/month) and the T4 (16 GB,
¥900/month, seed 003); CloudGPU the RTX 3090 at $0.21/h, so 10 h cost $2.10; gpuli no RTX 3090.
Seed 002: a QLoRA base is about 0.55 bytes per parameter (Llama 3.3 70B: 38.8 GB); a bf16 base 2 bytes
(Qwen3-32B: 65.5 GB)."""

from __future__ import annotations

import pytest

from bot.understand.entities import find_gpus
from bot.understand.parser import parse
from tests.chat_user import ChatUser


def _lines(msg: str) -> list[str]:
    u = ChatUser()
    u.say(msg)
    return u.lines


@pytest.mark.parametrize("msg", ["一万网络最便宜能跑 7b qlora 的是哪个", "一万网络上 7b qlora 用哪张卡最省",
                                 "cheapest card at yiwan for 7b qlora?", "which card should I rent on 一万网络 for a 7B QLoRA?"])
def test_pick_at_yiwan_is_a_card_it_rents_with_the_cheaper_edge(msg: str) -> None:
    text = "\n".join(_lines(msg))
    price = next(ln for ln in text.splitlines() if ln.startswith("💰"))
    assert "RTX 3090" in price and "¥1,750" in price and "CloudGPU" not in price
    edge = next(ln for ln in text.splitlines() if "T4" in ln)
    assert "¥900" in edge and "16 GB" in edge and ("OOM" in edge)


@pytest.mark.parametrize("msg", ["cheapest card at gpuli for 7b qlora?", "gpuli 上 7b qlora 用哪张卡最便宜"])
def test_pick_at_gpuli_never_names_a_card_gpuli_does_not_rent(msg: str) -> None:
    lines = _lines(msg)
    price = next(ln for ln in lines if ln.startswith("💰"))
    assert "RTX 4090" in price and "₮109" in price
    assert not any("3090" in ln or "A100 40GB" in ln for ln in lines)


@pytest.mark.parametrize("msg", ["need a 10h 8B QLoRA run on CloudGPU with a $3 budget — which card?",
                                 "8b qlora for a 10h run on cloudgpu, $3 budget, which card?",
                                 "cloudgpu 上 8b qlora 跑 10 小时，预算 3 美元，用哪张卡"])
def test_budget_and_length_at_a_provider_pick_within_the_budget(msg: str) -> None:
    text = "\n".join(_lines(msg))
    assert "$2.10" in text and "RTX 3090" in text and "A10:" not in text and "A10 " not in text


@pytest.mark.parametrize("msg", ["need a 10h run", "a 100k budget for 7b", "a 10 hour job"])
def test_the_article_before_a_number_is_not_a_card(msg: str) -> None:
    assert find_gpus(msg) == []


def test_a_card_named_after_the_article_still_reads() -> None:
    assert [m.ident for m in find_gpus("7b qlora on an a10, fits?")] == ["a10"]
    assert parse("need a $3 budget, 8b qlora").asks.budget is not None  # "$3 budget": the word after the amount


@pytest.mark.parametrize("msg,want", [
    ("yo, llama 3.3 70b qlora — how big is the 4-bit base?", "38.8 GB"),
    ("llama 3.3 70b qlora 4bit 底座多大", "38.8 GB"),
    ("qwen3 8b qlora: how large is the nf4 base?", "4.5 GB"),
    ("Qwen3-32B LoRA: how big are the bf16 base weights, and which card would you pick?", "65.5 GB"),
    ("qwen3-32b lora bf16 base weights 多大，选哪张卡", "65.5 GB"),
])
def test_base_weights_question_leads_with_the_weights_line(msg: str, want: str) -> None:
    lines = _lines(msg)
    assert lines[0].startswith("🧱") and want in lines[0], lines[0]
    assert any(ln.startswith(("✅", "⚠️")) for ln in lines[1:4])  # the card pick follows
