"""Every LLaMA-Factory file KaSuan exports passes LLaMA-Factory's own start-up checks; pure bf16 at ZeRO-3,
which LLaMA-Factory refuses ("`pure_bf16` is incompatible with DeepSpeed ZeRO-3."), is exported as
mixed bf16 with fp32 master weights, says so, and is sized that way; bf16 on a card without it (V100,
T4: "Your setup doesn't support bf16/gpu") is exported as mixed fp16, said the same way.

The files are exported as a user gets them (the chat in both languages, `kasuan export`, and the engine
over methods × precisions × ZeRO stages × offload × the precision asked for the files), written to
folders, and tests/config_parsers.py runs `get_train_args` on each llamafactory*.yaml in one child
process, with the DeepSpeed file in place (`start_checks`: torchrun's distributed mode and the card's
bf16 support stand in for the launch on this CPU machine). On the old code the pure-bf16 ZeRO-3 bundles
and the V100 / T4 ones come back refused.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.cli import main
from engine.errors import KasuanError
from engine.export import export_files, plan_for
from engine.memory import GB
from engine.request import TrainingRequest
from engine.sizing import size
from tests.chat_user import ChatUser

# the chat: pure bf16 and ZeRO-3 said in as many ways as a user types them
CHAT = {
    "zh_8b": "导出 llamafactory 配置：qwen3-8b 全参，8 张 h100，纯 bf16，zero3",
    "zh_32b": "帮我出一份 llama factory 的 yaml，32b 全量微调，8卡 H800，纯bf16 + ZeRO-3",
    "zh_lora": "qwen2.5-14b lora 4卡 a100 纯 bf16 zero-3，导出训练配置",
    "en_8b": "export a llamafactory config for qwen3 8b full finetune on 8 h100s, pure bf16, zero-3",
    "en_32b": "give me the llama-factory yaml: qwen3-32b full fine-tuning, 8x h800, pure bf16 with ZeRO stage 3",
    "en_lora": "llamafactory yaml please, qwen2.5-14b lora on 4 a100, pure bf16 and zero 3",
}
# a card without bf16 (catalog bf16_native: false): the files train in fp16
NO_BF16_CHAT = {
    "zh_v100": "导出 llamafactory 配置，qwen3-1.7b lora，一张 v100",
    "zh_t4_pure": "给我 t4 上 qwen3-0.6b 全参 纯 bf16 的训练配置",
    "en_v100": "export the llama factory yaml for qwen3 1.7b lora on one v100",
    "en_t4_bf16": "training config for qwen3-0.6b full finetune in bf16 on a T4 please, llamafactory",
}
NO_BF16_CLI = {
    "cli_v100": ["--model", "qwen3-1.7b", "--method", "full", "--gpu", "v100", "--gpus", "4", "--precision", "bf16",
                 "--zero", "3"],
}
CLI = {
    "cli_full": ["--model", "qwen3-8b", "--method", "full", "--gpu", "h100", "--gpus", "8", "--precision", "bf16",
                 "--zero", "3"],
    "cli_qlora": ["--model", "qwen3-14b", "--method", "qlora", "--gpu", "4090", "--gpus", "2", "--precision", "bf16",
                  "--zero", "3"],
}
CHANGED = "pure_bf16_zero3"  # engine.export_rules.PURE_BF16_ZERO3
SEED_BYTES = 16  # seed 000: bf16 weights 2 + bf16 gradients 2 + fp32 master weights 4 + AdamW m, v 8 per parameter

METHODS = ("full", "lora", "qlora", "pretrain")
PRECISIONS = ("mixed", "bf16", "fp32")
STAGES = (0, 1, 2, 3)
OFFLOADS = ("none", "optimizer", "all")
ASKED = (None, "bf16", "fp16", "no")  # the precision a message may ask the files to train at
OBJECTIVES = (None, "dpo", "kto", "orpo", "simpo", "rm", "ppo", "grpo")  # grpo: LLaMA-Factory has none, trains sft


CARDS = ("h100-sxm", "v100-32g-sxm2")  # a bf16 card and one without


def matrix() -> dict[str, tuple[TrainingRequest, str | None, bool]]:
    """Every card × method × precision × stage × offload; the precision asked for the files, the objective
    and FSDP turn with the index, so each value meets every stage."""
    out = {}
    combos = itertools.product(CARDS, METHODS, PRECISIONS, STAGES, OFFLOADS)
    for i, (gpu, method, precision, zero, offload) in enumerate(combos):
        objective = OBJECTIVES[i % len(OBJECTIVES)] if method in ("full", "lora", "qlora") else None
        req = TrainingRequest.model_validate({"model": "qwen3-0.6b", "method": method, "gpu": gpu, "num_gpus": 2,
                                              "precision": precision, "zero": zero, "offload": offload,
                                              "objective": objective})
        try:
            size(req)
        except KasuanError:  # a combination the engine itself refuses (offload without a stage)
            continue
        out[f"m_{gpu}_{method}_{precision}_z{zero}_{offload}"] = (req, ASKED[i % 4], i % 5 == 0)
    return out


def no_bf16(case: str, bundles: dict[str, Any] | None = None) -> bool:
    return case in NO_BF16_CHAT or case in NO_BF16_CLI or (
        bundles is not None and case in bundles["plans"] and not bundles["plans"][case].fit.gpu.bf16_native)


def _write(folder: Path, files: dict[str, bytes]) -> None:
    folder.mkdir()
    for name, content in files.items():
        (folder / name).write_bytes(content)


@pytest.fixture(scope="module")
def bundles(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    root = tmp_path_factory.mktemp("accepted")
    replies: dict[str, str] = {}
    for name, text in (CHAT | NO_BF16_CHAT).items():
        u = ChatUser()
        reply = u.say(text)
        replies[name] = u.text
        _write(root / name, dict(reply.files))
    for name, flags in (CLI | NO_BF16_CLI).items():
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(["export", *flags, "--out", str(root / name)]) == 0
        replies[name] = out.getvalue()
    plans = {}
    for name, (req, asked, fsdp) in matrix().items():
        p = plan_for(size(req), fsdp=fsdp, mixed_precision=asked)
        _write(root / name, {k: v.encode() for k, v in export_files(p).items()})
        plans[name] = p
    # the checker bites: the old export's file (pure_bf16 beside the ZeRO-3 JSON) must come back refused
    old = root / "old_pure_bf16"
    old.mkdir()
    (old / "ds_config.json").write_bytes((root / "cli_full" / "ds_config.json").read_bytes())
    doc = yaml.safe_load((root / "cli_full" / "llamafactory.yaml").read_text(encoding="utf-8"))
    (old / "llamafactory.yaml").write_text(yaml.safe_dump(doc | {"pure_bf16": True}), encoding="utf-8")
    for name in ("dataset_info.json", "kasuan_demo_sft.json"):
        (old / name).write_bytes((root / "cli_full" / name).read_bytes())
    folders = [*CHAT, *CLI, *NO_BF16_CHAT, *NO_BF16_CLI, *plans, "old_pure_bf16"]
    kinds = {f: "checks-no-bf16" if f in NO_BF16_CHAT or f in NO_BF16_CLI or (
        f in plans and not plans[f].fit.gpu.bf16_native) else "checks" for f in folders}
    script = Path(__file__).with_name("config_parsers.py")
    proc = subprocess.run([sys.executable, str(script), str(root / "tiny"), *(f"{kinds[f]}:{f}" for f in folders)],
                          cwd=root, capture_output=True, text=True, timeout=1200)
    assert proc.returncode == 0, proc.stderr[-3000:]
    line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("KASUAN-JSON "))
    checks = json.loads(line.removeprefix("KASUAN-JSON "))
    return {"root": root, "replies": replies, "plans": plans,
            "checks": {f: checks[f"{kinds[f]}:{f}"] for f in folders}}


def test_the_checker_refuses_pure_bf16_beside_zero3(bundles: dict[str, Any]) -> None:
    assert bundles["checks"]["old_pure_bf16"]["llamafactory.yaml"] == "`pure_bf16` is incompatible with DeepSpeed ZeRO-3."


@pytest.mark.parametrize("case", [*CHAT, *CLI])
def test_pure_bf16_at_zero3_is_exported_as_llamafactory_accepts(bundles: dict[str, Any], case: str) -> None:
    folder: Path = bundles["root"] / case
    checks = bundles["checks"][case]
    assert "llamafactory.yaml" in checks
    assert all(refusal is None for refusal in checks.values()), checks
    ds = json.loads((folder / "ds_config.json").read_text(encoding="utf-8"))
    assert ds["zero_optimization"]["stage"] == 3
    text = (folder / "llamafactory.yaml").read_text(encoding="utf-8")
    doc = yaml.safe_load(text)
    assert doc["bf16"] is True and doc["pure_bf16"] is False
    assert "fp32 master weights" in text and "refuses pure_bf16 with DeepSpeed ZeRO-3" in text  # the header says why
    reply = bundles["replies"][case]
    said = "不接受 pure_bf16" in reply and "fp32 主权重" in reply if case.startswith("zh") else (
        "refuses pure_bf16" in reply and "fp32 master weights" in reply)
    assert said, reply
    assert len(reply.strip().splitlines()) <= 15 or case.startswith("cli")


@pytest.mark.parametrize("case", [*NO_BF16_CHAT, *NO_BF16_CLI])
def test_a_card_without_bf16_gets_fp16_files(bundles: dict[str, Any], case: str) -> None:
    folder: Path = bundles["root"] / case
    checks = bundles["checks"][case]
    assert "llamafactory.yaml" in checks
    assert all(refusal is None for refusal in checks.values()), checks
    text = (folder / "llamafactory.yaml").read_text(encoding="utf-8")
    doc = yaml.safe_load(text)
    assert doc["fp16"] is True and doc["bf16"] is False and doc["pure_bf16"] is False
    assert "this card has no bf16" in text
    if (folder / "ds_config.json").exists():
        ds = json.loads((folder / "ds_config.json").read_text(encoding="utf-8"))
        assert ds["bf16"]["enabled"] in (False, "auto") and ds["fp16"]["enabled"] in (True, "auto")
    reply = bundles["replies"][case]
    said = "不支持 bf16" in reply and "fp16" in reply if case.startswith("zh") else (
        "has no bf16" in reply and "fp16" in reply)
    assert said, reply
    if "pure" in case or "纯" in NO_BF16_CHAT.get(case, ""):
        assert "fp32 主权重" in reply or "fp32 master weights" in reply


def test_the_memory_shown_holds_the_fp32_master_copy(bundles: dict[str, Any]) -> None:
    """8 × H100, Qwen3-8B full at ZeRO-3: the export's model states are the seed's 16 bytes a parameter
    over 8 cards (fp32 master weights in), not pure bf16's 8, and the reply shows that total."""
    pure = size(TrainingRequest(model="qwen3-8b", method="full", gpu="h100-sxm", num_gpus=8, zero=3, precision="bf16"))
    p = plan_for(pure)
    assert getattr(p, "changed", None) == CHANGED and p.resolved.request.precision == "mixed"
    assert p.estimate.model_states_gb == pytest.approx(SEED_BYTES * pure.resolved.params / 8 / GB)
    assert pure.estimate.model_states_gb == pytest.approx(SEED_BYTES / 2 * pure.resolved.params / 8 / GB)
    shown = f"{p.estimate.total_gb:.1f} GB"
    assert shown in bundles["replies"]["cli_full"]
    assert shown in (bundles["root"] / "cli_full" / "llamafactory.yaml").read_text(encoding="utf-8")
    assert f"{pure.estimate.total_gb:.1f} GB" not in bundles["replies"]["cli_full"]


def test_the_matrix_covers_every_kind(bundles: dict[str, Any]) -> None:
    plans = bundles["plans"]
    assert {p.estimate.plan.zero for p in plans.values()} == {0, 1, 2, 3}
    assert {p.estimate.plan.offload for p in plans.values()} == {"none", "optimizer", "all"}
    assert {p.resolved.method for p in plans.values()} == set(METHODS)
    assert {p.mixed_precision for p in plans.values()} == set(ASKED)
    assert any(getattr(p, "changed", None) == CHANGED for p in plans.values())
    assert {p.stage for p in plans.values()} == {"sft", "pt", "dpo", "kto", "rm", "ppo"}
    assert any(getattr(p, "changed", None) == "no_bf16_card" for p in plans.values())
    assert {p.fit.gpu.id for p in plans.values()} == set(CARDS)


def test_llamafactory_accepts_every_combination(bundles: dict[str, Any]) -> None:
    refused = {case: checks for case, checks in bundles["checks"].items()
               if case in bundles["plans"] and any(v is not None for v in checks.values())}
    assert not refused
    for case, p in bundles["plans"].items():
        doc = yaml.safe_load((bundles["root"] / case / "llamafactory.yaml").read_text(encoding="utf-8"))
        # pure bf16 stays what was asked wherever the tools take it (a bf16 card, no ZeRO-3 beside it)
        assert doc["pure_bf16"] is (p.resolved.request.precision == "bf16" and p.mixed_precision not in ("fp16", "no"))
        if p.estimate.plan.zero == 3 or no_bf16(case, bundles):
            assert doc["pure_bf16"] is False
        if no_bf16(case, bundles):
            assert doc["bf16"] is False
