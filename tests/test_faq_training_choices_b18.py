"""Questions blind set 18 showed misanswered, as classes: a yes/no question about a training method or a
parallelism choice (does bf16 halve memory, does DDP save memory, ZeRO-3 or ZeRO-2, is pipeline parallel
faster, how big is an adapter, is there InfiniBand and what it costs) leads with the answer to that
question, from the seeds, not with an entry that only shares its asking words ("省显存吗", "选哪个",
"多少钱") or a sizing of the job named beside it."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser
from tests.chat_user import first_lines as _head


@pytest.mark.parametrize("text", ["开了 bf16 显存是不是直接减半", "用 bf16 能省一半显存吧", "14b 上 bf16 能省多少显存",
                                  "does bf16 halve memory for a 14b?", "will bf16 cut memory in half",
                                  "bf16 saves memory by half, right?"])
def test_bf16_does_not_halve_memory_the_optimizer_stays(chat: ChatUser, text: str) -> None:
    chat.say(text)
    head = _head(chat)
    assert ("不省" in head or "doesn't" in head or "not" in head.lower()), chat.text
    assert "25%–35%" in chat.text or "25–35%" in chat.text, chat.text


@pytest.mark.parametrize("text", ["13b 全参 4 卡 DDP 省显存吗", "数据并行能省显存吗 14b 全参", "DDP 能省显存吗",
                                  "does DDP save memory on 8 gpus for a 7b full finetune?",
                                  "13b full, 4 cards with DDP: does that save memory?"])
def test_ddp_saves_no_memory_zero_does(chat: ChatUser, text: str) -> None:
    chat.say(text)
    assert any(w in _head(chat) for w in ("不省", "zero memory savings")), chat.text
    assert "ZeRO" in chat.text, chat.text
    assert "等效 batch" not in chat.text and "effective batch" not in chat.text  # not gradient accumulation


@pytest.mark.parametrize("text", ["32b 全参 用 ZeRO-2 还是 ZeRO-3", "ZeRO-2 vs ZeRO-3 选哪个 32b 全参 8 卡",
                                  "zero-2 or zero-3 for a 32b full fine-tune?", "which ZeRO stage for 32b full, zero2 or zero3"])
def test_which_zero_stage_is_the_stages_answer(chat: ChatUser, text: str) -> None:
    chat.say(text)
    head = _head(chat)
    assert "ZeRO-3" in head and "64 GB" in head, chat.text
    assert "₮14,432" not in head  # not the A100-or-H100 price list


@pytest.mark.parametrize("text", ["32b 开流水并行训练会快一点吗", "14b 上张量并行是不是能更快",
                                  "would pipeline parallel make a 70b finetune faster?", "is tensor parallel faster for 13b lora"])
def test_tensor_or_pipeline_parallel_is_not_faster(chat: ChatUser, text: str) -> None:
    chat.say(text)
    head = _head(chat)
    assert "不会更快" in head or "not faster" in head, chat.text
    assert "ZeRO-2" in chat.text


@pytest.mark.parametrize("text", ["lora adapter 文件有多大", "训完的 LoRA adapter 多大，要传对象存储吗",
                                  "how big is a LoRA adapter, should it go to object storage?", "lora adapter size?"])
def test_an_adapters_size_is_the_checkpoint_answer(chat: ChatUser, text: str) -> None:
    chat.say(text)
    assert "1 GB" in chat.text and "rsync" in chat.text, chat.text


@pytest.mark.parametrize("text", ["gpuli 的 IB 怎么卖", "gpuli 有没有 IB，怎么收费", "InfiniBand 哪些机房有",
                                  "does gpuli offer infiniband, and at what price?", "infiniband at gpuli: cost and regions?"])
def test_infiniband_is_answered_with_its_price_and_regions(chat: ChatUser, text: str) -> None:
    chat.say(text)
    head = _head(chat)
    assert "₮600" in head and "DFW-1" in head and "ORD-1" in head, chat.text


@pytest.mark.parametrize("text", ["8 张 H200 跑两个节点，IB 要另外付钱吗", "two nodes of 8×H100 at gpuli: is InfiniBand extra?"])
def test_two_nodes_of_infiniband_are_priced(chat: ChatUser, text: str) -> None:
    chat.say(text)
    assert "₮1,200" in chat.text, chat.text


@pytest.mark.parametrize(("text", "verdict"), [("does the mi300x at gpuli have nvlink-style links between cards?", "Yes"),
                                               ("is there an nvlink-style interconnect between cards on gpuli's h200?", "Yes")])
def test_a_cards_interconnect_is_the_nvlink_answer(chat: ChatUser, text: str, verdict: str) -> None:
    chat.say(text)
    assert _head(chat).count(verdict) and "NVLink" in _head(chat), chat.text
    assert "72B" not in _head(chat)


@pytest.mark.parametrize("text", ["does gradient accumulation save memory for 14b?", "14b 开梯度累积能省显存吗",
                                  "would grad accumulation cut vram on a 32b lora?"])
def test_whether_accumulation_saves_memory_beside_a_size_is_answered_no(chat: ChatUser, text: str) -> None:
    chat.say(text)
    assert any(w in _head(chat) for w in ("不省显存", "doesn't save memory")), chat.text
