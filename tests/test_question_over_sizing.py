"""Issue 18 (session 28, round 1, class G of blind 78/79): a question about a fact, a rule or a choice that
happens to name a model size or method is that question, not the job's sizing; a real sizing stays sized.
Figures from the seeds: Yiwan's engineers install CUDA, cuDNN, PyTorch (seed 003); a dead instance keeps
its checkpoints at gpuli, so set save_steps (seed 000); a pre-quantized 4-bit 70B base is about 38.8 GB
(seed 002); FP8 exists from the H100 on and is no memory switch (seeds 000/003); DDP keeps a full copy on
every card, ZeRO shards (seed 003)."""

from __future__ import annotations

import pytest

from tests.chat_user import first_lines, said


@pytest.mark.parametrize(("text", "answer"), [
    # the provider's engineers setting up the environment
    ("要是训 8b 的话，一万网络能帮我们配环境吗", "CUDA"),
    ("一万网络 会帮忙装环境吗 我们跑 32b lora", "CUDA"),
    ("will yiwan's engineers set up the environment for us? we'd run 14b lora", "CUDA"),
    # a machine dying mid-run
    ("14b 全参训练到一半机器宕机了 checkpoint 还在吗", "save_steps"),
    ("if the node dies halfway through a 70b full run, do we lose the checkpoints?", "save_steps"),
    # pre-quantized weights
    ("72b qlora 能不能直接下载预量化好的底座", "38.8"),
    ("is there a pre-quantized 4-bit base for 70b qlora I can pull?", "38.8"),
    # fp8
    ("8b lora 在 h100 上开 fp8 值得吗", "FP8"),
    ("is fp8 worth it for a 14b full finetune on h100s?", "FP8"),
])
def test_the_question_wins_over_the_sizing(text: str, answer: str) -> None:
    me = said(text)
    assert answer in me.text, me.text
    assert "📏" not in first_lines(me, 1) and "✅" not in first_lines(me, 1), me.text  # no sizing leads


@pytest.mark.parametrize("text", [
    "7b 全参 ddp 4 卡 能省显存吗",
    "14b 全参 用数据并行 8 卡 可以省显存吗",
    "does plain DDP on 8 gpus save memory for a 7b full finetune?",
    "14b full on 4 a100 with ddp, will that cut memory per card?",
])
def test_whether_ddp_saves_memory_is_no(text: str) -> None:
    me = said(text)
    lead = first_lines(me, 2)
    assert "❌" in lead, me.text
    assert "ZeRO" in me.text, me.text


@pytest.mark.parametrize(("text", "figure"), [
    ("32b lora 要多少显存", "GB"),
    ("70b qlora on 8x h100, does it fit?", "GB"),
    ("8b 全参 ddp 8 卡 每卡多少显存", "GB"),
])
def test_a_real_sizing_stays_sized(text: str, figure: str) -> None:
    me = said(text)
    lead = first_lines(me, 1)
    assert figure in lead and ("📏" in lead or "✅" in lead or "⚠️" in lead or "❌" in lead), me.text
