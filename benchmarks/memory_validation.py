"""Predicted vs measured peak GPU memory for published fine-tuning runs.

Each case in memory_validation.yaml is a measurement someone published (model, method, sequence
length, micro-batch, checkpointing, attention, LoRA settings, sharding, the number and what was
measured). The prediction is compared with the quantity that was measured:
- allocated (torch.cuda.max_memory_allocated): MemoryEstimate.allocated_gb;
- reserved (torch.cuda.max_memory_reserved): MemoryEstimate.reserved_gb;
- nvidia-smi or unknown: MemoryEstimate.nvidia_smi_gb (the total).
Each case names the framework profile it ran under (`profile`, catalogs/frameworks.yaml).
Targets (issue 15): median absolute error <= 5%, no case under-predicted by more than 15%, no
framework or method with a median over 10%.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from engine import yamlcache
from engine.catalog import ModelSpec
from engine.memory import MemoryEstimate, Plan, estimate
from engine.request import TrainingRequest
from engine.resolve import resolve

DATA = Path(__file__).with_name("memory_validation.yaml")
UNIT_TO_GB = {"GB": 1.0, "GiB": 1.073741824, "MiB": 1.048576e-3}
OPTIMIZERS = {"adamw": "adamw", "adamw-8bit": "adamw-8bit", "paged-adamw-8bit": "adamw-8bit",
              "paged-adamw-32bit": "adamw"}


@dataclass(frozen=True)
class Outcome:
    case_id: str
    label: str
    measured_gb: float
    predicted_gb: float
    measure: str
    source: str = ""
    method: str = ""
    framework: str = ""

    @property
    def error(self) -> float:
        """Signed relative error: negative = under-predicted (a user would OOM)."""
        return (self.predicted_gb - self.measured_gb) / self.measured_gb


def spec_for(case: dict[str, Any]) -> ModelSpec | None:
    arch = case.get("architecture")
    if not arch:
        return None
    return ModelSpec(
        id=f"validation:{case['id']}",
        name=str(arch["name"]),
        family="validation",
        layers=arch["layers"],
        hidden=arch["hidden"],
        intermediate=arch["intermediate"],
        heads=arch["heads"],
        kv_heads=arch.get("kv_heads", arch["heads"]),
        head_dim=arch.get("head_dim", arch["hidden"] // arch["heads"]),
        vocab=arch["vocab"],
        tie_embeddings=bool(arch.get("tie_embeddings", False)),
        max_context=10**6,
        qkv_bias=bool(arch.get("qkv_bias", False)),
        qk_norm=bool(arch.get("qk_norm", False)),
        params_published_b=float(arch.get("params_b", 1.0)),
        source=str(case.get("source", "")),
        checked=date.today().isoformat(),
    )


def request_for(case: dict[str, Any]) -> TrainingRequest:
    targets = case.get("lora_targets")
    return TrainingRequest(
        model=case.get("model"),
        method=case["method"],
        seq_len=case["seq_len"],
        micro_batch=case.get("micro_batch", 1),
        grad_checkpointing=case.get("grad_checkpointing", True),
        attention=case.get("attention") or "eager",
        lora_rank=case.get("lora_rank"),
        lora_targets=None if targets in (None, "all") else tuple(targets),
        optimizer=OPTIMIZERS[case.get("optimizer", "adamw")],  # type: ignore[arg-type]
        precision="fp32" if case.get("base_dtype") == "fp32" else case.get("precision") or "mixed",
        train_embeddings=case.get("train_embeddings", False),
        activation_offload=case.get("activation_offload"),
        chunked_loss=case.get("chunked_loss", False),
        double_quant=case.get("double_quant", True),
        framework=case.get("profile"),
        lora_dropout=case.get("lora_dropout"),
        packing=case.get("packing"),
        loss=case.get("loss"),
        sharding=case.get("sharding"),
        checkpointing=case.get("checkpointing"),
    )


def predicted_for(est: MemoryEstimate, measure: str) -> float:
    """The figure of the same kind as the measurement."""
    if measure == "allocated":
        return est.allocated_gb
    if measure == "reserved":
        return est.reserved_gb
    return est.nvidia_smi_gb


def evaluate(case: dict[str, Any]) -> Outcome:
    r = resolve(request_for(case), spec_for(case))
    plan = Plan(case.get("num_gpus", 1), case.get("zero") or 0, case.get("offload", "none"))
    est = estimate(r, plan)
    measured = float(case["measured"]) * UNIT_TO_GB[case["unit"]]
    label = f"{r.spec.name} {case['method']} s{case['seq_len']}×{case.get('micro_batch', 1)}"
    return Outcome(case["id"], label, measured, predicted_for(est, case["measure"]), case["measure"],
                   source_group(case), case["method"], r.framework.id)


def source_group(case: dict[str, Any]) -> str:
    """The publisher a case comes from: `group` when the case names it, else its id's first word."""
    return str(case.get("group") or case["id"].split("-")[0])


def run() -> list[Outcome]:
    cases = yamlcache.parse(DATA.read_text(encoding="utf-8"))["cases"]
    return [evaluate(c) for c in cases]


def summary(outcomes: list[Outcome]) -> dict[str, float]:
    errors = [o.error for o in outcomes]
    return {
        "cases": len(outcomes),
        "median_abs_error": statistics.median(abs(e) for e in errors),
        "mean_error": statistics.fmean(errors),
        "worst_under": min(errors),
        "worst_over": max(errors),
        "under_15": sum(1 for e in errors if e < -0.15),
    }


def groups(outcomes: list[Outcome], key: str) -> list[tuple[str, dict[str, float]]]:
    """summary() per source, method or framework."""
    by: dict[str, list[Outcome]] = {}
    for o in outcomes:
        by.setdefault(getattr(o, key), []).append(o)
    return [(name, summary(items)) for name, items in sorted(by.items())]


def table(outcomes: list[Outcome]) -> str:
    """Median |error| and the count under-predicted by > 15%, per source, method and framework."""
    lines = [f"{'by':<10} {'group':<12} {'cases':>5} {'median |err|':>12} {'median err':>10} {'under>15%':>9}"]
    for key in ("source", "method", "framework"):
        for name, s in groups(outcomes, key):
            errs = sorted(o.error for o in outcomes if getattr(o, key) == name)
            lines.append(f"{key:<10} {name:<12} {s['cases']:>5} {s['median_abs_error']:>12.1%} "
                         f"{statistics.median(errs):>+10.1%} {s['under_15']:>9}")
    return "\n".join(lines)


def report(outcomes: list[Outcome]) -> str:
    lines = [f"{'case':<58} {'measure':<9} {'measured':>9} {'predicted':>9} {'error':>7}"]
    for o in outcomes:
        lines.append(f"{o.case_id[:58]:<58} {o.measure:<9} {o.measured_gb:9.2f} {o.predicted_gb:9.2f} {o.error:+7.1%}")
    s = summary(outcomes)
    lines.append(
        f"cases {s['cases']}; median |error| {s['median_abs_error']:.1%}; mean error {s['mean_error']:+.1%}; "
        f"worst under {s['worst_under']:+.1%}; worst over {s['worst_over']:+.1%}; under-predicted >15%: {s['under_15']}"
    )
    return "\n".join(lines)


if __name__ == "__main__":
    results = run()
    print(report(results))
    print(table(results))
