"""The CLI's JSON contract as pydantic models: `kasuan size --json`, `kasuan cost --json` and
`kasuan ask --json` are validated through these on the way out, and `kasuan schema` prints their
JSON Schema (docs/cli-json.schema.json, checked by a test to match).

Why models: other tools script against these keys; a model makes the contract explicit, keeps a
refactor from dropping or renaming a key silently, and publishes the types (money is a decimal
string, never a float). Nested engine detail that scripts only read through (`explain`, notes'
params, `assumptions` values) stays loosely typed on purpose.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class Contract(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)


class RequestJson(Contract):
    model: str | None
    params_b: float | None
    method: str
    gpu: str | None
    num_gpus: int
    seq_len: int
    micro_batch: int
    grad_accum: int
    zero: int
    offload: str
    optimizer: str
    grad_checkpointing: bool
    attention: str
    lora_rank: int | None
    lora_targets: list[str] | None
    # cost questions add these
    tokens: int | None = None
    samples: int | None = None
    avg_len: int | None = None
    epochs: float | None = None
    provider: str | None = None
    hours: float | None = None
    days: float | None = None
    step_seconds: float | None = None
    mfu: float | None = None
    currency: str | None = None


class CodeValue(Contract):
    code: str
    value: Any = None


class CodeParams(Contract):
    code: str
    params: dict[str, Any]


class HostJson(Contract):
    total_gb: float
    items: list[dict[str, Any]]


class RangeJson(Contract):
    """Low / expected / high per card (nvidia-smi GB); the verdict uses high_gb (engine/calibration.py)."""

    low_gb: float
    expected_gb: float
    high_gb: float
    basis: str  # the calibration band (method/sharding/framework) or published_fsdp_offload_qlora
    confident: bool


class MemoryJson(Contract):
    range: RangeJson
    per_gpu: dict[str, float]  # weights, gradients, master_weights, optimizer_states, activations, logits, overhead, total
    host: HostJson
    num_gpus: int
    model_states_gb: float
    figures: dict[str, float]  # allocated, reserved, nvidia_smi (GB per card)
    explain: dict[str, list[dict[str, Any]]]


class FitJson(Contract):
    gpu: str
    memory_gb: float
    num_gpus: int
    zero: int
    offload: str
    sharding: str  # how ZeRO-3 runs: deepspeed or fsdp (FSDP's offload moves parameters too)
    total_gb: float  # the expected figure
    low_gb: float
    high_gb: float
    headroom_gb: float  # memory_gb - high_gb
    fits: bool  # the high end fits
    may_fit: bool  # only the expected figure fits
    decided_by: str  # high_gb, or expected_gb when only that fits
    tight: bool
    host_gb: float


class FrameworkJson(Contract):
    id: str
    name: str
    source: str


class SizingJson(Contract):
    """`kasuan size --json`."""

    request: RequestJson
    training: dict[str, Any]
    assumptions: list[CodeValue]
    memory: MemoryJson
    fits: FitJson | None
    alternative: FitJson | None
    recommendations: list[FitJson]
    warnings: list[CodeParams]
    checkpoint: dict[str, float | None]
    framework: FrameworkJson


class CostJson(SizingJson):
    """`kasuan cost --json`: the sizing plus time and every priced option (money as decimal strings)."""

    time: dict[str, Any]
    currency: str
    costs: list[dict[str, Any]]
    cheapest: int | None
    skipped: list[dict[str, Any]]


def checked(obj: dict[str, Any], model: type[Contract]) -> dict[str, Any]:
    """`obj` validated against its contract (a missing, extra or mistyped key fails here, in tests,
    not in a user's script), returned as plain JSON-ready data."""
    return model.model_validate(obj).model_dump(mode="json", exclude_unset=True)


def schema() -> dict[str, Any]:
    """The JSON Schema of the size and cost outputs, as published in docs/cli-json.schema.json."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "kasuan CLI JSON",
        "oneOf": [{"$ref": "#/$defs/SizingJson"}, {"$ref": "#/$defs/CostJson"}],
        "$defs": {**SizingJson.model_json_schema(ref_template="#/$defs/{model}")["$defs"],
                  **CostJson.model_json_schema(ref_template="#/$defs/{model}")["$defs"],
                  "SizingJson": _top(SizingJson), "CostJson": _top(CostJson)},
    }


def _top(model: type[Contract]) -> dict[str, Any]:
    s = model.model_json_schema(ref_template="#/$defs/{model}")
    s.pop("$defs", None)
    return s
