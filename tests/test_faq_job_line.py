"""A FAQ question asked about a job the message states gets the general answer applied to that job in one line that
names it back (issue 18): bf16 and the optimizer for a stated full run (12 bytes a parameter stay: 14B → 168 GB; the
8-bit optimizer's 10 bytes → 140 GB; seed 000), continued pretraining's model states against one 8×80 GB node (16 bytes
a parameter: 14B → 224 GB, one node; 72B → 1,152 GB, two nodes with InfiniBand), and DDP or ZeRO for the job on its
cards (seed 003: DDP keeps a whole copy on each card; 7B LoRA's bf16 base is 14 GB, a 14B full copy 224 GB)."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("text", "wants"), [
    ("we have bf16 on and our 14b full fine-tune still OOMs - doesn't mixed precision shrink the optimizer?",
     ("14B", "168 GB", "140 GB", "ZeRO")),
    ("14b 全参 已经开了 bf16 还是爆显存，混合精度不能省优化器那块吗", ("14B", "168 GB", "140 GB", "ZeRO")),
    ("32b 全参 8 卡 开了混合精度还 OOM，bf16 不省优化器吗", ("32B", "384 GB", "64 GB")),
])
def test_mixed_precision_names_the_full_job_and_its_optimizer_bytes(text: str, wants: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(text), 1)
    assert all(w in lead for w in wants), lead


@pytest.mark.parametrize("text", ["does mixed precision cut optimizer memory on a 7b lora run? we keep hitting OOM",
                                  "7b lora 混合精度能省优化器显存吗 一直oom"])
def test_mixed_precision_on_a_lora_job_points_at_activations(text: str) -> None:
    lead = lead_lines(conversation(text), 1)
    assert "7B LoRA" in lead and ("adapter" in lead) and ("checkpointing" in lead or "梯度检查点" in lead), lead


@pytest.mark.parametrize(("text", "wants"), [
    ("continued pretraining for a 14b: do we need infiniband or is one node fine?", ("14B", "224 GB", "single 8-GPU node")),
    ("14b 做继续预训练，一台机器够不够，需不需要 IB", ("14B", "224 GB", "单节点")),
    ("continued pretraining on a 72b model: single node or multi-node, infiniband needed?", ("72B", "1,152 GB", "2 nodes", "InfiniBand")),
    ("70b 继续预训练 需要多机吗 ib 必须吗", ("70B", "1,120 GB", "2 个节点", "InfiniBand")),
])
def test_continued_pretraining_weighs_the_states_against_one_node(text: str, wants: tuple[str, ...]) -> None:
    reply = conversation(text)
    lead = lead_lines(reply, 1)
    assert all(w in lead for w in wants), lead
    assert "600" in reply, reply  # the entry's IB price stays below the job's line


@pytest.mark.parametrize(("text", "wants"), [
    ("7b lora across 8 gpus: plain DDP, or do we need ZeRO?", ("7B LoRA", "8 cards", "DDP is enough", "14 GB")),
    ("8 张卡跑 7b lora，先用 DDP 还是 ZeRO", ("7B LoRA", "8 卡", "DDP 就够", "14 GB")),
    ("14b 全参 8卡 a100 80g 上 ddp 还是 zero", ("14B", "8×A100", "ZeRO", "224 GB", "28 GB")),
])
def test_ddp_or_zero_is_answered_for_the_job_on_its_cards(text: str, wants: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(text), 1)
    assert all(w in lead for w in wants), lead


@pytest.mark.parametrize("text", ["DDP 和 ZeRO 选哪个", "does bf16 reduce optimizer memory?", "继续预训练要什么配置"])
def test_no_job_stated_keeps_the_general_answer(text: str) -> None:
    first = lead_lines(conversation(text), 1)
    assert "你的" not in first and "your" not in first.lower(), first


@pytest.mark.parametrize("text", ["7b 8 张卡 先用 ddp 还是 zero", "ddp or zero for a 7b on 8 gpus?"])
def test_a_size_with_no_method_is_no_job_to_weigh(text: str) -> None:
    first = lead_lines(conversation(text), 1)
    assert "你的" not in first and "your" not in first.lower(), first
