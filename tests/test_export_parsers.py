"""Every exported file loads in the real tool's own parser, and the tool reads the sizing's numbers.

The tools (LLaMA-Factory 0.9.5, DeepSpeed 0.19.8, accelerate 1.11.0, torch 2.13.0 CPU) are the
`configs` extra that `make test` installs; tests/config_parsers.py loads the files in a child
process so torch never enters the test runner. No skip: without the tools this test fails.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.export import ExportPlan, export_files, plan_for
from engine.request import TrainingRequest
from engine.sizing import size

CASES: dict[str, dict[str, Any]] = {
    "lora_2xa100": {"model": "qwen2.5-14b", "method": "lora", "gpu": "a100-80g-sxm", "num_gpus": 2},
    "qlora_4090": {"model": "qwen3-8b", "method": "qlora", "gpu": "rtx-4090", "seq_len": 4096, "micro_batch": 2,
                   "grad_accum": 8, "lora_rank": 16, "lora_targets": ("q", "v")},
    "full_z2_8xh100": {"model": "qwen3-8b", "method": "full", "gpu": "h100-sxm", "num_gpus": 8, "zero": 2,
                       "optimizer": "adamw-8bit", "attention": "sdpa"},
    "full_72b_offload": {"model": "qwen2.5-72b", "method": "full", "gpu": "h100-sxm", "num_gpus": 8,
                         "offload": "optimizer", "grad_checkpointing": True},
    "pretrain_32x": {"model": "qwen2.5-72b", "method": "pretrain", "gpu": "h100-sxm", "num_gpus": 32, "zero": 3,
                     "offload": "all"},
    "glm4_lora_qv": {"model": "glm-4-9b", "method": "lora", "gpu": "l40s", "lora_targets": ("q", "v")},
    "gemma2_qlora": {"model": "gemma-2-9b", "method": "qlora", "gpu": "rtx-4090"},
    "llama3_full_z2": {"model": "llama-3.1-8b", "method": "full", "gpu": "a100-80g-sxm", "num_gpus": 4, "zero": 2},
}
TOOL_ATTENTION = {"flash": "fa2", "sdpa": "sdpa", "eager": "disabled"}


@pytest.fixture(scope="module")
def parsed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[ExportPlan, dict[str, Any]]]:
    root = tmp_path_factory.mktemp("exports")
    plans = {}
    for name, stated in CASES.items():
        p = plan_for(size(TrainingRequest.model_validate(stated)))
        folder = root / name
        folder.mkdir()
        for fname, content in export_files(p).items():
            (folder / fname).write_text(content, encoding="utf-8")
        plans[name] = p
    script = Path(__file__).with_name("config_parsers.py")
    proc = subprocess.run([sys.executable, str(script), *CASES], cwd=root, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("KASUAN-JSON "))
    result = json.loads(line.removeprefix("KASUAN-JSON "))
    return {name: (plans[name], result[name]) for name in CASES}


@pytest.mark.parametrize("case", list(CASES))
def test_llamafactory_reads_the_plan(parsed: dict[str, tuple[ExportPlan, dict[str, Any]]], case: str) -> None:
    p, files = parsed[case]
    q = p.resolved.request
    plan = p.estimate.plan
    lf = files["llamafactory.yaml"]
    assert lf["cutoff_len"] == q.seq_len
    assert lf["per_device_train_batch_size"] == q.micro_batch
    assert lf["gradient_accumulation_steps"] == q.grad_accum
    assert lf["gradient_checkpointing"] is bool(q.grad_checkpointing)
    assert lf["flash_attn"] == TOOL_ATTENTION[q.attention or "flash"]
    assert lf["bf16"] is True and lf["template_known"] is True
    assert lf["stage"] == ("pt" if q.method == "pretrain" else "sft")
    assert lf["optim"] == ("adamw_bnb_8bit" if q.optimizer == "adamw-8bit" else "adamw_torch")
    if p.resolved.adapter:
        assert lf["finetuning_type"] == "lora" and lf["lora_rank"] == q.lora_rank
        if len(q.lora_targets or ()) == 7:
            want = ["all"]
        elif p.resolved.spec.fused_qkv:  # GLM: one fused query_key_value projection
            want = ["query_key_value"]
        else:
            want = [f"{t}_proj" for t in q.lora_targets or ()]
        assert lf["lora_target"] == want
    else:
        assert lf["finetuning_type"] == "full"
    assert lf["quantization_bit"] == (4 if q.method == "qlora" else None)
    if plan.zero:
        ds = lf["deepspeed"]  # DeepSpeed's DeepSpeedConfig, after the HF trainer filled the "auto" values
        assert ds["stage"] == plan.zero
        assert ds["offload_optimizer"] == ("cpu" if plan.offload in ("optimizer", "all") else None)
        assert ds["offload_param"] == ("cpu" if plan.offload == "all" else None)
        assert ds["bf16"] is True
    else:
        assert "deepspeed" not in lf
    assert files["llamafactory_fsdp.yaml"]["cutoff_len"] == q.seq_len


@pytest.mark.parametrize("case", list(CASES))
def test_deepspeed_and_accelerate_read_the_plan(parsed: dict[str, tuple[ExportPlan, dict[str, Any]]],
                                                case: str) -> None:
    p, files = parsed[case]
    plan = p.estimate.plan
    if plan.zero:
        ds = files["ds_config.json"]
        assert ds["stage"] == plan.zero
        assert ds["overlap_comm"] is (plan.offload == "none")
        if plan.zero == 3:
            assert ds["max_live_parameters"] == 1_000_000_000
    else:
        assert "ds_config.json" not in files
    acc = files["accelerate_fsdp.yaml"]
    assert acc["class"] == "ClusterConfig"
    assert acc["num_processes"] == plan.num_gpus and acc["num_machines"] == p.nodes
    if plan.num_gpus > 1:
        assert acc["distributed_type"] == "FSDP"
        assert acc["sharding"] == {3: "FULL_SHARD", 2: "SHARD_GRAD_OP", 1: "SHARD_GRAD_OP", 0: "NO_SHARD"}[plan.zero]
        assert acc["offload_params"] is (plan.offload != "none")
    else:
        assert acc["distributed_type"] == "NO"


@pytest.mark.parametrize("case", list(CASES))
def test_launchers_read_the_command(parsed: dict[str, tuple[ExportPlan, dict[str, Any]]], case: str) -> None:
    p, files = parsed[case]
    tr = files["launch_torchrun.sh"]
    assert tr["program"] == "torchrun" and tr["module"] is True
    assert tr["script"] == "llamafactory.launcher" and tr["args"] == ["llamafactory.yaml"]
    assert tr["nproc_per_node"] == str(p.per_node)
    assert tr["nnodes"] == ("2" if p.nodes > 1 else "1")  # the sample NNODES the checker substitutes
    acc = files["launch_accelerate.sh"]
    assert acc["config_file"] == "accelerate_fsdp.yaml" and acc["num_processes"] == p.num_gpus
    assert acc["num_machines"] == p.nodes and acc["args"] == ["llamafactory_fsdp.yaml"]
    lf = files["launch_llamafactory.sh"]
    assert lf["program"] == "llamafactory-cli" and lf["args"] == ["train", "llamafactory.yaml"]
    if p.num_gpus > 1:
        assert lf["env"]["FORCE_TORCHRUN"] == "1" and lf["env"]["NPROC_PER_NODE"] == str(p.per_node)
