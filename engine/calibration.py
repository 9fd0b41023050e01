"""How far off a memory estimate may be: low / expected / high, from the published runs.

The terms in engine/memory.py give one figure (the expected one). How much real runs differ from
it was measured on the published runs of benchmarks/memory_validation.yaml: the ratio measured /
predicted, its low and high quantiles per method, sharding and framework, fitted by
`python -m benchmarks.memory_validation --write-calibration` into catalogs/memory_calibration.yaml
(with the date, the quantiles and the method). Nothing here is typed in by hand.

A band is the most specific group with enough runs: method + sharding + framework, else method +
sharding, else method, else every run. The verdict uses the high end, so an under-prediction of the
kind the runs showed is already inside it. Each high end is the band's 95th percentile widened by
one cross-conformal factor over publishers (how far bands fitted without a publisher fell short
on its runs), because a band's own quantile covers a publisher it never saw about half as well.

One configuration is given as a caution instead of a range: QLoRA under FSDP with the parameters
offloaded to the host. Published runs hold about 20 GB per card there while the terms give far less
(the residency of the offloaded shards on the card is not sourced yet), so the reply shows the
published figures and never calls it a confident fit.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pydantic import Field

from catalogs import catalog_path
from engine.breakdown import Plan
from engine.catalog import Strict
from engine.catalog_files import read
from engine.errors import CatalogError

CALIBRATION_FILE = "memory_calibration.yaml"
ANY = "*"
# Published per-card figures of FSDP + CPU offload QLoRA (Llama-2/3 70B on two cards): PEFT docs
# accelerate/fsdp.md 19.6 GB; axolotl examples/llama-3/README.md "Dual GPU @ 21GB VRAM" (21 GiB = 22.5 GB).
FSDP_OFFLOAD_QLORA_PUBLISHED_GB = (19.6, 22.5)


class Band(Strict):
    key: str  # method/sharding/framework, "*" where the band pools that level
    cases: int = Field(ge=1)
    publishers: int = Field(ge=1)
    low: float = Field(gt=0)  # measured / predicted at the low quantile (after the floor)
    high: float = Field(gt=0)  # ... at the high quantile, times the cross-conformal widening


class Calibration(Strict):
    generated: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    method: str
    low_quantile: float
    high_quantile: float
    floor: float
    min_cases: int
    high_widening: float = Field(ge=1)  # the cross-conformal factor over publishers, already in every band's high
    cases: int
    bands: list[Band]


@cache
def calibration() -> Calibration:
    path = catalog_path(CALIBRATION_FILE)
    try:
        return Calibration.model_validate(read(path))
    except ValueError as exc:
        raise CatalogError(f"{CALIBRATION_FILE}: {exc}") from exc


@cache
def _bands() -> dict[str, Band]:
    return {b.key: b for b in calibration().bands}


@cache
def lowest_high() -> float:
    """The least factor any band's high end puts on an expected figure (at most 1): the high end of an estimate
    is never below its expected figure times this (a published caution's never below it), so a floor under the
    expected figure times this is a floor under the high end too (engine.fit.Planner passes over plans by it)."""
    return min(1.0, *(b.high for b in _bands().values()))


def sharding_class(num_gpus: int, zero: int, sharding: str) -> str:
    """single (one card or plain DDP copies), deepspeed or fsdp (sharded states)."""
    if num_gpus <= 1 or zero == 0:
        return "single"
    return sharding


def band_keys(method: str, sharding: str, framework: str) -> tuple[str, ...]:
    """From the most specific group to every run."""
    m = "full" if method == "pretrain" else method
    return (f"{m}/{sharding}/{framework}", f"{m}/{sharding}/{ANY}", f"{m}/{ANY}/{ANY}", f"{ANY}/{ANY}/{ANY}")


@cache
def band_for(method: str, sharding: str, framework: str) -> Band:
    bands = _bands()
    for key in band_keys(method, sharding, framework):
        if key in bands:
            return bands[key]
    raise CatalogError(f"{CALIBRATION_FILE}: no band for {method}/{sharding}/{framework} and no '*/*/*' band")


def published_caution(method: str, plan: Plan, sharding: str) -> bool:
    """QLoRA under FSDP with parameter offload: published runs, not the terms, say what it takes."""
    return method == "qlora" and plan.offload == "all" and sharding_class(plan.num_gpus, plan.zero, sharding) == "fsdp"


@dataclass(frozen=True)
class Range:
    """Memory per card (nvidia-smi, GB): the high end decides the verdict; `basis` names the band."""

    low_gb: float
    expected_gb: float
    high_gb: float
    basis: str
    confident: bool = True  # False: given as a caution (published figures), never a confident fit


def memory_range(expected_gb: float, margin_gb: float, method: str, plan: Plan, sharding: str, framework: str) -> Range:
    """The calibrated range around `expected_gb`; `margin_gb` (the older loss when the transformers
    version is unknown) goes into the high end only."""
    if published_caution(method, plan, sharding):
        # the term-by-term figure is the low end; the published runs, not the terms, say what to expect
        low, high = FSDP_OFFLOAD_QLORA_PUBLISHED_GB
        return Range(min(low, expected_gb), max(low, expected_gb), max(high, expected_gb + margin_gb),
                     "published_fsdp_offload_qlora", confident=False)
    band = band_for(method, sharding_class(plan.num_gpus, plan.zero, sharding), framework)
    return Range(expected_gb * band.low, expected_gb, (expected_gb + margin_gb) * band.high, band.key)
