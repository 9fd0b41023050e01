"""Exported training files follow the sizing they come from (one source of truth)."""

from __future__ import annotations

import json

import pytest
import yaml

from engine.cost import compare
from engine.export import export_files, hf_id, plan_for
from engine.memory import ZERO3_LIVE_PARAMS, ZERO12_BUCKET_ELEMENTS
from engine.request import TrainingRequest
from engine.sizing import size


def files_for(**stated: object) -> tuple[dict[str, str], object]:
    s = size(TrainingRequest.model_validate(stated))
    p = plan_for(s)
    return export_files(p), p


def body(text: str) -> dict[str, object]:
    return yaml.safe_load(text)


def test_lora_on_two_a100s_is_exported_as_sized() -> None:
    files, p = files_for(model="qwen2.5-14b", method="lora", gpu="a100-80g-sxm", num_gpus=2)
    lf = body(files["llamafactory.yaml"])
    assert lf["model_name_or_path"] == "Qwen/Qwen2.5-14B"
    assert (lf["stage"], lf["finetuning_type"], lf["lora_rank"], lf["lora_target"]) == ("sft", "lora", 8, "all")
    assert (lf["cutoff_len"], lf["per_device_train_batch_size"], lf["gradient_accumulation_steps"]) == (2048, 1, 1)
    assert lf["bf16"] is True and lf["flash_attn"] == "fa2" and lf["disable_gradient_checkpointing"] is False
    assert "deepspeed" not in lf  # two cards, DDP: the sizing chose ZeRO-0 for a 14B LoRA on 80 GB cards
    assert p.estimate.plan.zero == 0 and p.basis == "as_stated"
    assert "NPROC_PER_NODE=2 llamafactory-cli train llamafactory.yaml" in files["launch_llamafactory.sh"]
    assert "--nproc_per_node 2" in files["launch_torchrun.sh"]
    # the header carries the predicted memory per card, to one decimal, from the same estimate
    assert f"{p.estimate.total_gb:.1f} GB per card of 80 GB" in files["llamafactory.yaml"]
    assert files["launch_torchrun.sh"].startswith("#!/usr/bin/env bash\n# KaSuan")


@pytest.mark.parametrize("change", [
    {"seq_len": 8192}, {"micro_batch": 4}, {"grad_accum": 16}, {"lora_rank": 64}, {"num_gpus": 8, "zero": 3},
    {"method": "qlora"}, {"method": "full", "num_gpus": 8}, {"grad_checkpointing": False}, {"attention": "sdpa"},
    {"optimizer": "adamw-8bit"}, {"lora_targets": ("q", "v")},
])
def test_changing_the_plan_changes_the_files(change: dict[str, object]) -> None:
    base = {"model": "qwen3-8b", "method": "lora", "gpu": "h100-sxm", "num_gpus": 2}
    stated = {**base, **change}
    files, p = files_for(**stated)
    q = p.resolved.request
    plan = p.estimate.plan
    lf = body(files["llamafactory.yaml"])
    assert lf["cutoff_len"] == q.seq_len
    assert lf["per_device_train_batch_size"] == q.micro_batch
    assert lf["gradient_accumulation_steps"] == q.grad_accum
    assert lf["disable_gradient_checkpointing"] is (not q.grad_checkpointing)
    assert lf["flash_attn"] == {"flash": "fa2", "sdpa": "sdpa", "eager": "disabled"}[q.attention or "flash"]
    assert lf["optim"] == ("adamw_bnb_8bit" if q.optimizer == "adamw-8bit" else "adamw_torch")
    if q.method in ("lora", "qlora"):
        assert lf["lora_rank"] == q.lora_rank
        assert lf["lora_target"] == ("all" if len(q.lora_targets or ()) == 7 else "q_proj,v_proj")
    else:
        assert lf["finetuning_type"] == "full" and "lora_rank" not in lf
    assert ("quantization_bit" in lf) is (q.method == "qlora")
    assert ("deepspeed" in lf) is (plan.zero > 0)
    if plan.zero:
        ds = json.loads(files["ds_config.json"])
        assert ds["zero_optimization"]["stage"] == plan.zero
    acc = body(files["accelerate_fsdp.yaml"])
    assert acc["num_processes"] == plan.num_gpus
    assert f"--nproc_per_node {plan.num_gpus}" in files["launch_torchrun.sh"]
    assert f"{p.estimate.total_gb:.1f} GB per card" in files["llamafactory.yaml"]
    # and the change did change something the file says
    unchanged, _ = files_for(**base)
    assert files["llamafactory.yaml"] != unchanged["llamafactory.yaml"]


def test_deepspeed_follows_zero_stage_offload_and_the_memory_model_constants() -> None:
    files, p = files_for(params_b=72, method="full", gpu="h100-sxm", num_gpus=8, offload="optimizer")
    ds = json.loads(files["ds_config.json"])
    zero = ds["zero_optimization"]
    assert p.estimate.plan.zero == 3 and zero["stage"] == 3
    assert zero["offload_optimizer"] == {"device": "cpu", "pin_memory": True} and "offload_param" not in zero
    assert zero["stage3_max_live_parameters"] == ZERO3_LIVE_PARAMS
    assert ds["train_micro_batch_size_per_gpu"] == "auto" and ds["bf16"] == {"enabled": "auto"}
    assert any("host memory for offload" in line for line in ds["_kasuan"])
    files, p = files_for(model="qwen3-8b", method="full", gpu="h100-sxm", num_gpus=8, zero=2)
    zero = json.loads(files["ds_config.json"])["zero_optimization"]
    assert zero["stage"] == 2 and zero["reduce_bucket_size"] * 2 == ZERO12_BUCKET_ELEMENTS
    files, p = files_for(params_b=72, method="full", gpu="h100-sxm", num_gpus=8, offload="all")
    zero = json.loads(files["ds_config.json"])["zero_optimization"]
    assert zero["offload_param"]["device"] == "cpu"
    assert body(files["accelerate_fsdp.yaml"])["fsdp_config"]["fsdp_offload_params"] is True


def test_multi_node_launch_has_the_node_variables() -> None:
    files, p = files_for(model="qwen2.5-72b", method="full", gpu="h100-sxm", num_gpus=32, zero=3)
    assert p.basis == "as_stated" and p.nodes == 4
    sh = files["launch_torchrun.sh"]
    assert '--nnodes "$NNODES" --node_rank "$NODE_RANK" --master_addr "$MASTER_ADDR"' in sh
    assert "NNODES=4" in sh and "--nproc_per_node 8" in sh
    assert body(files["accelerate_fsdp.yaml"])["num_machines"] == 4
    assert 'NNODES="$NNODES" NODE_RANK="$NODE_RANK"' in files["launch_llamafactory.sh"]


def test_a_card_that_does_not_fit_exports_the_fewest_that_would() -> None:
    s = size(TrainingRequest(model="qwen3-32b", method="full", gpu="h100-sxm", num_gpus=1))
    assert s.fit is not None and not s.fit.fits and s.alternative is not None and s.alternative.may_fit
    p = plan_for(s)
    assert p.basis == "alternative" and p.num_gpus == s.alternative.num_gpus > 1
    assert f"--nproc_per_node {p.per_node}" in export_files(p, "torchrun")["launch_torchrun.sh"]


def test_formats_and_cost_line() -> None:
    req = TrainingRequest(model="qwen3-8b", method="qlora", gpu="rtx-4090", days=7)
    s = size(req)
    report = compare(req)
    p = plan_for(s, report)
    assert p.cost is not None and p.cost.gpu.id == "rtx-4090"
    files = export_files(p, "llamafactory")
    # one card: no DeepSpeed; the demo dataset and its dataset_info.json come along
    assert set(files) == {"llamafactory.yaml", "launch_llamafactory.sh", "dataset_info.json", "kasuan_demo_sft.json"}
    total = p.cost.quote.total_min
    assert f"{total:,.2f} {p.cost.quote.currency}" in files["llamafactory.yaml"]
    assert set(export_files(p, "deepspeed")) == {"ds_config.json"}
    assert set(export_files(p, "accelerate")) == {"accelerate_fsdp.yaml", "llamafactory_fsdp.yaml",
                                                  "launch_accelerate.sh", "dataset_info.json", "kasuan_demo_sft.json"}
    with pytest.raises(ValueError):
        export_files(p, "megatron")


def test_bare_size_has_no_checkpoint_to_name() -> None:
    s = size(TrainingRequest(params_b=13, method="lora", gpu="a100-80g-sxm"))
    assert hf_id(s.resolved) is None
    lf = body(export_files(plan_for(s), "llamafactory")["llamafactory.yaml"])
    assert lf["model_name_or_path"] == "path/to/your/model"


def test_every_catalog_family_has_a_llamafactory_template_and_a_hub_id() -> None:
    from engine.catalog import models
    from engine.export import TEMPLATES

    for m in models().entries:
        assert m.family in TEMPLATES, m.id
        assert any("/" in a for a in m.aliases), m.id


def test_stated_epochs_are_written_and_a_tight_fit_says_so() -> None:
    files, p = files_for(model="qwen3-32b", method="full", gpu="h100-sxm", num_gpus=8, zero=3, epochs=2)
    lf = body(files["llamafactory.yaml"])
    assert lf["num_train_epochs"] == 2.0 and "epochs, demo" not in files["llamafactory.yaml"]
    # 77.4 GB expected of 80 GB, the high end over it: "may fit", said with the high end's shortfall
    assert p.fit is not None and p.fit.may_fit and "(may fit, high end short" in files["llamafactory.yaml"]
    files, _ = files_for(model="qwen3-8b", method="lora", gpu="h100-sxm")
    assert body(files["llamafactory.yaml"])["num_train_epochs"] == 3.0 and "3 epochs" in files["llamafactory.yaml"]


def test_one_setup_has_one_price_however_the_export_reached_it() -> None:
    # 32B full on one A100 does not fit: the export moves to the fewest A100s that hold it (8), which
    # the cost report (priced at the stated one card) has no option for; that setup is priced itself
    one = TrainingRequest(model="qwen3-32b", method="full", gpu="a100-80g-sxm", num_gpus=1, days=7)
    p = plan_for(size(one), compare(one))
    assert p.basis == "alternative" and p.num_gpus == 8 and not compare(one).options
    eight = TrainingRequest(model="qwen3-32b", method="full", gpu="a100-80g-sxm", num_gpus=8, days=7)
    direct = plan_for(size(eight), compare(eight))
    assert direct.estimate.plan == p.estimate.plan
    assert p.cost is not None and direct.cost is not None
    assert (p.cost.provider.id, p.cost.quote.total_min) == (direct.cost.provider.id, direct.cost.quote.total_min)
    lf = export_files(p, "llamafactory")["llamafactory.yaml"]
    assert f"{direct.cost.quote.total_min:,.2f} {direct.cost.quote.currency}" in lf
    assert "no catalog provider rents" not in lf


def test_qlora_names_bitsandbytes_as_llamafactory_does_and_saves_are_capped() -> None:
    files, _ = files_for(model="qwen3-8b", method="qlora", gpu="rtx-4090")
    lf = body(files["llamafactory.yaml"])
    assert (lf["quantization_bit"], lf["quantization_method"], lf["quantization_type"]) == (4, "bnb", "nf4")
    assert lf["save_total_limit"] == 3 and lf["dataset_dir"] == "." and lf["dataset"] == "kasuan_demo_sft"
    info = json.loads(files["dataset_info.json"])
    assert info == {"kasuan_demo_sft": {"file_name": "kasuan_demo_sft.json"}}
    assert len(json.loads(files["kasuan_demo_sft.json"])) == 6


def test_objectives_pick_their_stage_and_demo_data() -> None:
    for objective, stage, loss, demo in [("dpo", "dpo", "sigmoid", "kasuan_demo_pairs"),
                                         ("orpo", "dpo", "orpo", "kasuan_demo_pairs"),
                                         ("kto", "kto", None, "kasuan_demo_kto"), ("rm", "rm", None, "kasuan_demo_pairs")]:
        files, _ = files_for(model="qwen3-8b", method="lora", objective=objective, gpu="h100-sxm")
        lf = body(files["llamafactory.yaml"])
        assert (lf["stage"], lf.get("pref_loss"), lf["dataset"]) == (stage, loss, demo), objective
        assert demo in json.loads(files["dataset_info.json"])
    files, _ = files_for(model="qwen3-8b", method="lora", objective="ppo", gpu="h100-sxm")
    assert body(files["llamafactory.yaml"])["reward_model"] == "path/to/your/reward_model"
    assert "# ppo: set reward_model" in files["llamafactory.yaml"]


def test_gated_models_name_the_licence_step_and_open_ones_do_not() -> None:
    files, _ = files_for(model="llama-3.1-8b", method="lora", gpu="a100-80g-sxm")
    assert ("# licence: meta-llama/Llama-3.1-8B-Instruct is gated: accept its licence at "
            "https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct") in files["launch_llamafactory.sh"]
    assert "huggingface-cli login" in files["llamafactory.yaml"] and "HF_TOKEN" in files["llamafactory.yaml"]
    files, _ = files_for(model="qwen3-8b", method="lora", gpu="a100-80g-sxm")
    assert "licence" not in files["llamafactory.yaml"]


def test_two_nodes_at_an_infiniband_provider_set_nccl_up() -> None:
    req = TrainingRequest(model="qwen2.5-72b", method="full", gpu="h100-sxm", num_gpus=16, days=7)
    p = plan_for(size(req), compare(req))
    sh = export_files(p, "torchrun")["launch_torchrun.sh"]
    assert p.nodes == 2 and p.cost is not None and p.cost.provider.id == "gpuli"
    assert "# InfiniBand: gpuli rents InfiniBand 400G for multi-node jobs (regions DFW-1, ORD-1" in sh
    assert "export NCCL_IB_DISABLE=0\n" in sh and 'export NCCL_IB_HCA="${NCCL_IB_HCA:-mlx5}"' in sh
    assert 'export NCCL_SOCKET_IFNAME="${NCCL_SOCKET_IFNAME:-eth0}"' in sh
    unpriced = export_files(plan_for(size(req)), "torchrun")["launch_torchrun.sh"]
    assert "NCCL_IB_HCA" not in unpriced and "NCCL_SOCKET_IFNAME" in unpriced and "TCP" in unpriced


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_chat_reply_names_fsdp_the_licence_and_the_nodes(lang: str) -> None:
    from bot.text.render import render_reply
    from bot.views.export import asks_fsdp, export_reply

    assert asks_fsdp("Qwen3-32B full on 8 H100 with FSDP") and not asks_fsdp("qwen3-32b full zero3")
    s = size(TrainingRequest(model="llama-3.1-70b", method="full", gpu="h100-sxm", num_gpus=16, zero=3))
    text = render_reply(export_reply(s, lang, fsdp=True), "plain")
    assert "launch_accelerate.sh" in text and "FSDP" in text
    assert "meta-llama/Llama-3.1-70B" in text and "HF_TOKEN" in text
    assert "NCCL_SOCKET_IFNAME" in text and "NODE_RANK" in text
    plain = render_reply(export_reply(size(TrainingRequest(model="qwen3-8b", method="lora", gpu="l40s")), lang), "plain")
    assert "HF_TOKEN" not in plain and "FSDP" not in plain and "launch_llamafactory.sh" in plain


def test_the_export_button_after_an_fsdp_question_keeps_fsdp_the_main_plan() -> None:
    """"with FSDP" is read into the request (sharding), so the Export button, which carries only the
    request, exports the accelerate + FSDP plan as the main one, like /export with the words."""
    from bot.text.render import render_reply
    from tests.chat_user import ChatUser

    chat = ChatUser()
    chat.say("qwen3 32b full on 8 h100 with fsdp")
    exported = chat.press("btn.export")
    text = render_reply(exported, "plain")
    assert exported.kind == "export" and "Run: bash launch_accelerate.sh" in text and "FSDP" in text
    chat.say("qwen3 32b full on 8 h100 zero3")
    assert "Run: bash launch_llamafactory.sh" in render_reply(chat.press("btn.export"), "plain")


def test_fsdp_header_says_what_its_offload_moves() -> None:
    s = size(TrainingRequest(model="qwen2.5-72b", method="full", gpu="h100-sxm", num_gpus=8, offload="optimizer"))
    fsdp = export_files(plan_for(s, fsdp=True), "accelerate")["launch_accelerate.sh"]
    assert "FSDP FULL_SHARD (accelerate launch; DeepSpeed ZeRO-3 files as the other way)" in fsdp
    assert "it has no optimizer-only offload" in fsdp
    plain = export_files(plan_for(s), "accelerate")["launch_accelerate.sh"]
    assert "DeepSpeed ZeRO-3, optimizer offloaded to CPU [as stated]" in plain and "FSDP" not in plain.split("\n\n")[0]


def test_an_objective_llamafactory_lacks_is_said_not_silently_swapped() -> None:
    files, p = files_for(model="qwen3-8b", method="lora", objective="grpo", gpu="h100-sxm")
    assert p.stage == "sft"
    assert "# objective grpo: LLaMA-Factory has no such stage, so this file trains sft;" in files["llamafactory.yaml"]
