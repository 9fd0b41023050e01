"""A figure asked of a job leads the reply with that figure, read however the number was written: the weights in
GB, a KV cache at a power-of-two context, the model states with plain AdamW (and the seed's round-size figure), the
total beside a card count, each card's memory, two LoRA ranks side by side, a count that holds only with offload
(and the seed's setup instead), the seed table's count for an adapter class, and whether one machine will do."""

from __future__ import annotations

from math import ceil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.normalize import normalize
from bot.understand.parser import parse
from bot.understand.rank_pair import ranks_compared
from engine.architecture import LORA_TARGETS, lora_params
from engine.catalog import models
from engine.inference import kv_bytes_per_token
from engine.request import TrainingRequest
from engine.seed_adapter_rows import SEED_ROWS
from engine.sizing import size
from tests.chat_user import ChatUser


def _first(text: str, n: int = 1) -> str:
    u = ChatUser()
    u.say(text)
    return "\n".join(u.lines[:n])


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1, max_value=39), st.sampled_from(["^", "**", " ^ "]), st.sampled_from(["rows", "条样本", "tokens"]))
def test_a_power_of_two_is_read_as_the_number_it_is(n: int, op: str, unit: str) -> None:
    assert f"{2 ** n} {unit}" in normalize(f"数据 2{op}{n} {unit}")


def test_powers_of_ten_still_read_as_before() -> None:
    assert "1e21" in normalize("10^21 flops")
    assert "12^3" in normalize("12^3")  # only two is read as a base


@pytest.mark.parametrize("text, tokens", [("qwen3-8b serving, kv cache at 2^17 tokens of context?", 2 ** 17),
                                          ("qwen3-8b 推理 上下文 2**18 token 的 kv cache 多大", 2 ** 18)])
def test_a_kv_cache_asked_at_a_long_context_is_that_context(text: str, tokens: int) -> None:
    gb = kv_bytes_per_token(models().get("qwen3-8b")) * tokens / 1e9
    head = _first(text, 2)
    assert f"{tokens:,}" in head and f"{gb:.1f} GB" in head


def test_a_serving_estimate_names_no_cli_word() -> None:
    u = ChatUser()
    u.say("how much vram to serve qwen3-8b with 8 concurrent requests")
    assert "kasuan " not in u.text.lower()


@pytest.mark.parametrize("text, gb", [("qwen3-14b lora: the bf16 weights are how many GB?", "29.5 GB"),
                                      ("qwen3-14b 开 nf4 量化以后 weights 有几个G", "9.9 GB"),
                                      ("qwen3-14b qlora 底座权重 多少G", "9.9 GB")])
def test_the_weights_asked_in_gigabytes_lead(text: str, gb: str) -> None:
    head = _first(text)
    assert head.startswith("🧱") and gb in head


@pytest.mark.parametrize("text", ["A100 80G 和 H200 显存各是多少", "h100 sxm 跟 h200 的显存分别多大"])
def test_each_cards_memory_asked_in_turn_is_the_catalog_figure(text: str) -> None:
    u = ChatUser()
    u.say(text)
    assert "141 GB" in u.text and "80 GB" in u.text and "₮" not in u.text


@pytest.mark.parametrize("text", ["qwen2.5-7b full finetune, no tricks, model states how big",
                                  "qwen2.5-7b 全参 bf16 + adamw 不加任何技巧 模型状态多大"])
def test_plain_adamw_said_without_the_word_plain_is_adamw(text: str) -> None:
    assert parse(text).request.optimizer == "adamw"


def test_the_states_name_the_seeds_round_size_figure_first() -> None:
    states = 16 * 7  # seed 000: 16 bytes a parameter with AdamW, counted on the round 7B
    head = _first("qwen2.5-7b 全参 用 adamw 要多少显存")
    assert f"{states} GB" in head and "122 GB" in head  # ours on the exact 7.62B beside it


@pytest.mark.parametrize("text, states", [("qwen2.5-14b full fine-tune: total memory, and how many h100s?", "236 GB"),
                                          ("qwen3-32b 全参 总共多少显存 要几张 a100", "524 GB")])
def test_the_total_asked_beside_a_count_leads_it(text: str, states: str) -> None:
    assert states in _first(text)


@pytest.mark.parametrize("text", ["14b 全参要几张 3090", "how many rtx 4090s for a qwen3-14b full finetune"])
def test_a_count_that_holds_only_offloading_says_so_and_names_the_seeds_setup(text: str) -> None:
    head = _first(text, 3)
    assert "offload" in head and "4×A100 80GB SXM" in head.replace("× ", "×")
    assert "不现实" in head or "not practical" in head


@pytest.mark.parametrize("text, word", [("32b 全参 8 卡开 offload 每卡能省多少", "8 卡"),
                                        ("how much does optimizer offload save per gpu for a 32b full finetune on 8 gpus", "8 cards")])
def test_an_offload_saving_names_the_card_count(text: str, word: str) -> None:
    head = _first(text)
    assert word in head and "64 GB → 16 GB" in head


@pytest.mark.parametrize("text, ranks", [("7b lora: r=8 vs r=64, much more memory?", (8, 64)),
                                         ("7b lora rank 从 16 改成 128 显存差多少", (16, 128)),
                                         ("rank 32 或 rank 4 对 7b lora 显存影响大吗", (32, 4))])
def test_two_ranks_are_both_sized_and_the_gap_leads(text: str, ranks: tuple[int, int]) -> None:
    assert parse(text).asks.ranks == ranks
    totals = [size(TrainingRequest(params_b=7, method="lora", lora_rank=r)).estimate.total_gb for r in ranks]
    u = ChatUser()
    u.say(text)
    assert f"{abs(totals[1] - totals[0]):.1f} GB" in u.lines[0]
    adapter = lora_params(models().get("qwen2.5-7b"), ranks[1], tuple(LORA_TARGETS)) / 1e6
    assert f"{adapter:.1f}".removesuffix(".0") + "M" in u.text
    assert "×" not in u.lines[0] and "DDP" not in u.text  # no rank read as a card count


@pytest.mark.parametrize("text", ["qwen3 8b lora rank 16, 8 卡", "lora rank 16 on 8 gpus", "rank 8 on 2 cards"])
def test_one_rank_and_a_card_count_are_no_pair(text: str) -> None:
    assert ranks_compared(normalize(text)) == ()


def test_the_seed_tables_count_for_an_adapter_class_is_named_with_our_miss() -> None:
    row = next(x for x in SEED_ROWS if x.method == "lora" and x.low_b <= 70 <= x.high_b)
    assert row.gpuli is not None
    seed_n = ceil(row.gpuli[0] / 80)
    u = ChatUser()
    u.say("llama 70b bf16 lora 需要几张 h100")
    head = "\n".join(u.lines[:3])
    assert f"{row.gpuli[0]:g}–{row.gpuli[1]:g} GB" in head and f"{seed_n} 张" in head and "超出" in head


@pytest.mark.parametrize("text, word", [("7b 继续预训练 200亿 token，单机 8 卡 h100 够不够，还是要多机", "单机够"),
                                        ("continued pretraining of a 7b on 20B tokens with 8 h100s - is one node enough?", "One machine will do")])
def test_whether_one_machine_will_do_leads(text: str, word: str) -> None:
    head = _first(text)
    assert word in head and "8" in head
