"""Exported bundles go through the real tools' set-up paths, and two of them train for 2 steps.

A matrix of plans (one-card QLoRA and LoRA, full ZeRO-2 and ZeRO-3, optimizer offload, parameter
offload, FSDP, two and four nodes, DPO, KTO, continued pretraining, a local config.json, gated
models) is exported as a user gets it; tests/config_parsers.py then runs, in one child process
(torch never enters the test runner): LLaMA-Factory's argument parsing and checks, its quantization
step, its template and its dataset loading from the bundle's own dataset_info.json, DeepSpeed's
config after the HF trainer filled the "auto" values, accelerate's cluster config, the launch
commands through torchrun's and accelerate's parsers — and `run_exp` (llamafactory-cli train) for 2
steps on the CPU for a LoRA and a full bundle, the model path swapped for a tiny random Qwen2 built
there. The tools are the `configs` extra that `make test` installs; no skip: without them this fails.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.views.checkpoint import KEEP
from engine.cost import compare
from engine.export import ExportPlan, export_files, plan_for
from engine.export_data import DEMO
from engine.hf_config import load_config
from engine.request import TrainingRequest
from engine.sizing import size

MATRIX: dict[str, dict[str, Any]] = {
    "qlora_4090": {"model": "qwen3-8b", "method": "qlora", "gpu": "rtx-4090", "seq_len": 4096, "micro_batch": 2,
                   "grad_accum": 8, "lora_rank": 16, "lora_targets": ("q", "v")},
    "lora_1card": {"model": "qwen3-0.6b", "method": "lora", "gpu": "rtx-4090"},
    "full_1card": {"model": "qwen3-0.6b", "method": "full", "gpu": "h100-sxm"},
    "lora_2xa100": {"model": "qwen2.5-14b", "method": "lora", "gpu": "a100-80g-sxm", "num_gpus": 2},
    "full_z2_8xh100": {"model": "qwen3-8b", "method": "full", "gpu": "h100-sxm", "num_gpus": 8, "zero": 2,
                       "optimizer": "adamw-8bit", "attention": "sdpa", "micro_batch": 4, "grad_accum": 4},
    "full_z3_8xh100": {"model": "qwen3-32b", "method": "full", "gpu": "h100-sxm", "num_gpus": 8, "zero": 3},
    "optimizer_offload": {"model": "qwen2.5-72b", "method": "full", "gpu": "h100-sxm", "num_gpus": 8,
                          "offload": "optimizer", "grad_checkpointing": True},
    "param_offload": {"model": "qwen2.5-72b", "method": "full", "gpu": "h100-sxm", "num_gpus": 8, "offload": "all"},
    "fsdp_8xh100": {"model": "qwen3-32b", "method": "full", "gpu": "h100-sxm", "num_gpus": 8, "zero": 3},
    "two_nodes_16xh100": {"model": "qwen2.5-72b", "method": "full", "gpu": "h100-sxm", "num_gpus": 16, "days": 7},
    "dpo_lora": {"model": "qwen3-8b", "method": "lora", "objective": "dpo", "gpu": "h100-sxm"},
    "kto_lora": {"model": "qwen3-8b", "method": "lora", "objective": "kto", "gpu": "h100-sxm"},
    "pretrain_32x": {"model": "qwen2.5-72b", "method": "pretrain", "gpu": "h100-sxm", "num_gpus": 32, "zero": 3,
                     "offload": "all"},
    "pretrain_packed": {"model": "qwen3-8b", "method": "pretrain", "gpu": "h100-sxm", "num_gpus": 8, "zero": 2,
                        "packing": True, "seq_len": 4096},
    "local_config": {"method": "qlora", "gpu": "rtx-4090"},
    "gated_llama": {"model": "llama-3.1-8b", "method": "lora", "gpu": "a100-80g-sxm"},
    "glm4_lora_qv": {"model": "glm-4-9b", "method": "lora", "gpu": "l40s", "lora_targets": ("q", "v")},
    "gemma2_qlora": {"model": "gemma-2-9b", "method": "qlora", "gpu": "rtx-4090"},
    # a dataset and a Hub repository the user named: the trainer loads that dataset from the bundle's own files
    "named_data": {"model": "qwen3-8b", "method": "lora", "gpu": "h100-sxm", "dataset": "risk_qa", "hub_id": "Qwen/Qwen3-8B-Base"},
}
PRICED = {"two_nodes_16xh100"}
FSDP = {"fsdp_8xh100"}
SMOKE = ("lora_1card", "full_1card")
LOCAL = {"model_type": "qwen2", "num_hidden_layers": 24, "hidden_size": 896, "intermediate_size": 4864,
         "num_attention_heads": 14, "num_key_value_heads": 2, "vocab_size": 151936, "tie_word_embeddings": True,
         "max_position_embeddings": 32768}
TOOL_ATTENTION = {"flash": "fa2", "sdpa": "sdpa", "eager": "disabled"}
DATA_COLUMNS = {"sft": "labels", "pt": "input_ids", "dpo": "chosen_labels", "kto": "kl_input_ids"}

Parsed = dict[str, tuple[ExportPlan, dict[str, Any]]]


def plan(name: str, root: Path) -> ExportPlan:
    stated = MATRIX[name]
    req = TrainingRequest.model_validate(stated)
    if name == "local_config":
        ckpt = root / "my-qwen2-0.5b"
        ckpt.mkdir()
        (ckpt / "config.json").write_text(json.dumps(LOCAL), encoding="utf-8")
        return plan_for(size(req, load_config(ckpt / "config.json")), model_path=str(ckpt))
    report = compare(req) if name in PRICED else None
    # the settings stated are passed as the chat passes them: a stated batch is written into the DeepSpeed JSON
    return plan_for(size(req), report, fsdp=name in FSDP, stated=frozenset(stated))


@pytest.fixture(scope="module")
def parsed(tmp_path_factory: pytest.TempPathFactory) -> Parsed:
    root = tmp_path_factory.mktemp("exports")
    plans = {}
    for name in MATRIX:
        p = plan(name, root)
        folder = root / name
        folder.mkdir()
        for fname, content in export_files(p).items():
            (folder / fname).write_text(content, encoding="utf-8")
        plans[name] = p
    script = Path(__file__).with_name("config_parsers.py")
    args = [str(root / "tiny-qwen2"), *MATRIX, *(f"smoke:{n}" for n in SMOKE)]
    proc = subprocess.run([sys.executable, str(script), *args], cwd=root, capture_output=True, text=True,
                          timeout=1200)
    assert proc.returncode == 0, proc.stderr[-3000:]
    line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("KASUAN-JSON "))
    result = json.loads(line.removeprefix("KASUAN-JSON "))
    return {name: (plans[name], result[name]) for name in MATRIX}


def test_the_matrix_covers_every_kind_of_plan(parsed: Parsed) -> None:
    plans = {name: p for name, (p, _) in parsed.items()}
    kinds = {p.estimate.plan.zero for p in plans.values()} | {p.estimate.plan.offload for p in plans.values()}
    assert {0, 2, 3, "optimizer", "all"} <= kinds
    assert {p.nodes for p in plans.values()} >= {1, 2, 4}
    assert {p.stage for p in plans.values()} == {"sft", "pt", "dpo", "kto"}
    assert {p.resolved.method for p in plans.values()} == {"qlora", "lora", "full", "pretrain"}
    assert len(MATRIX) >= 12


@pytest.mark.parametrize("case", list(MATRIX))
def test_llamafactory_builds_the_plan(parsed: Parsed, case: str) -> None:
    p, files = parsed[case]
    q = p.resolved.request
    plan = p.estimate.plan
    for name in ("llamafactory.yaml", "llamafactory_fsdp.yaml"):
        lf = files[name]
        assert lf["cutoff_len"] == q.seq_len - (1 if q.packing else 0)  # packing: LLaMA-Factory keeps one back
        assert lf["per_device_train_batch_size"] == q.micro_batch
        assert lf["gradient_accumulation_steps"] == q.grad_accum
        assert lf["gradient_checkpointing"] is bool(q.grad_checkpointing)
        assert lf["flash_attn"] == TOOL_ATTENTION[q.attention or "flash"]
        assert lf["bf16"] is True and lf["template_known"] is True
        assert lf["stage"] == p.stage
        assert lf["save_total_limit"] == KEEP  # the checkpoint advice's disk figure counts 3 saves
        assert ":" not in lf["output_dir"] and " " not in lf["output_dir"]
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
        # the quantization LLaMA-Factory's loader would hand to from_pretrained: 4-bit NF4 for QLoRA
        if q.method == "qlora":
            quant = dict(lf["quantization"])
            assert "bitsandbytes>=0.39.0" in quant.pop("gates")  # LLaMA-Factory's 4-bit version gate
            assert quant == {"class": "BitsAndBytesConfig", "load_in_4bit": True, "quant_type": "nf4",
                             "double_quant": bool(q.double_quant), "compute_dtype": "torch.bfloat16"}
        else:
            assert lf["quantization"] is None and lf["quantization_bit"] is None
        # the bundle's own dataset, loaded and tokenized with the plan's template
        data = lf["dataset"]
        if q.packing:  # packed text: blocks of cutoff_len - 1 tokens (LLaMA-Factory keeps one back)
            assert data["rows"] >= 1 and data["length"] == q.seq_len - 1
        else:
            assert data["rows"] == {"sft": 6, "pt": 6, "dpo": 4, "kto": 4}[p.stage] and 0 < data["length"] <= q.seq_len
        assert DATA_COLUMNS[p.stage] in data["columns"]
        assert data["trained_tokens"] > 0 and data["template"] == lf["template"]
    assert files["llamafactory.yaml"]["model_name_or_path"] == (
        p.model_path or q.hub_id or next(a for a in p.resolved.spec.aliases if "/" in a))
    assert files["llamafactory.yaml"]["dataset"]["names"] == [q.dataset or DEMO[p.stage].name]  # the one loaded above
    if plan.zero:
        ds = files["llamafactory.yaml"]["deepspeed"]  # DeepSpeedConfig after the HF trainer filled "auto"
        assert ds["stage"] == plan.zero
        assert (ds["micro_batch"], ds["grad_accum"]) == (q.micro_batch, q.grad_accum)
        assert ds["offload_optimizer"] == ("cpu" if plan.offload in ("optimizer", "all") else None)
        assert ds["offload_param"] == ("cpu" if plan.offload == "all" else None)
        assert ds["bf16"] is True and ds["gradient_clipping"] == 1.0
    else:
        assert "deepspeed" not in files["llamafactory.yaml"]


@pytest.mark.parametrize("case", list(MATRIX))
def test_deepspeed_and_accelerate_read_the_plan(parsed: Parsed, case: str) -> None:
    p, files = parsed[case]
    plan = p.estimate.plan
    if plan.zero:
        ds = files["ds_config.json"]
        assert ds["stage"] == plan.zero
        # stage 3 as LLaMA-Factory's own stage-3 example: no overlap_comm
        assert ds["overlap_comm"] is (plan.zero in (1, 2) and plan.offload == "none")
        if plan.zero == 3:
            assert ds["max_live_parameters"] == 1_000_000_000
        # a batch the user stated is DeepSpeed's as written, and the HF trainer's check that it matches
        # the training arguments holds (LLaMA-Factory's reading of the YAML, its JSON filled by the trainer)
        q = MATRIX[case]
        if "micro_batch" in q:
            assert (ds["micro_batch"], ds["grad_accum"]) == (q["micro_batch"], q["grad_accum"])
            assert (files["llamafactory.yaml"]["deepspeed"]["micro_batch"], files["llamafactory.yaml"]["deepspeed"]["grad_accum"]) \
                == (q["micro_batch"], q["grad_accum"])
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


@pytest.mark.parametrize("case", list(MATRIX))
def test_launchers_read_the_command(parsed: Parsed, case: str) -> None:
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
    # a multi-node script sets NCCL's network; InfiniBand where the priced provider rents it
    want = set()
    if p.nodes > 1:
        want = {"NCCL_SOCKET_IFNAME"} | ({"NCCL_IB_DISABLE", "NCCL_IB_HCA"} if case in PRICED else set())
    assert set(lf["exported"]) == want


@pytest.mark.parametrize("case", SMOKE)
def test_the_bundle_trains_two_steps_on_the_cpu(parsed: Parsed, case: str) -> None:
    p, files = parsed[case]
    run = files["smoke"]
    assert run["global_step"] == 2
    assert run["train_loss"] is not None and math.isfinite(run["train_loss"]) and run["train_loss"] > 0
    assert run["changed"] > 0  # the optimizer moved the trained weights
    want = "adapter_model.safetensors" if p.resolved.adapter else "model.safetensors"
    assert want in run["saved"]


def test_sixteen_cards_stay_sixteen_on_two_nodes_at_the_cost_replys_price(parsed: Parsed) -> None:
    p, files = parsed["two_nodes_16xh100"]
    assert (p.basis, p.num_gpus, p.nodes, p.per_node) == ("replanned", 16, 2, 8)
    report = compare(TrainingRequest.model_validate(MATRIX["two_nodes_16xh100"]))
    same = next(o for o in report.options if o.gpu.id == "h100-sxm" and o.num_gpus == 16)
    assert p.cost is not None and p.cost.quote.total_min == same.quote.total_min
    assert p.cost.provider.id == "gpuli"  # the provider that sells InfiniBand for multi-node jobs
    assert files["launch_torchrun.sh"]["nproc_per_node"] == "8"


def test_fsdp_is_the_main_plan_when_asked(parsed: Parsed) -> None:
    from bot.views.export import export_reply

    p, files = parsed["fsdp_8xh100"]
    assert p.fsdp and files["accelerate_fsdp.yaml"]["sharding"] == "FULL_SHARD"
    reply = export_reply(p.sizing, "en", fsdp=True)
    assert reply.data["v"]["run"] == "launch_accelerate.sh" and reply.data["v"]["fsdp"] is True
    assert export_reply(p.sizing, "en").data["v"]["run"] == "launch_llamafactory.sh"
