"""Training-framework profiles (catalogs/frameworks.yaml): how a framework's own code changes peak memory.

The same model, method and shape take different memory under different frameworks because they
compute the loss differently (an fp32 upcast of the whole logits, chunks, or a fused kernel),
prepare 4-bit models differently and step the optimizer differently. A profile carries those
differences as data with their sources; the default is Hugging Face Trainer + PEFT, the stack
LLaMA-Factory runs and the seeds' tables assume.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field

from catalogs import catalog_path
from engine.catalog import Index, Strict
from engine.catalog_files import load_entries

DEFAULT_FRAMEWORK = "hf"
Loss = Literal["hf_upcast", "hf_legacy", "chunked_output", "bf16_chunked", "fused"]


class FrameworkProfile(Strict):
    id: str
    name: str
    aliases: list[str] = Field(default_factory=list)
    loss: Loss
    loss_chunks: int = Field(default=1, ge=1)
    kbit_fp32: bool
    foreach_adamw: bool
    eager_families: list[str] = Field(default_factory=list)
    default_lora_targets: list[str]
    offload_checkpoints: bool = False
    source: str
    checked: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")


@cache
def frameworks() -> Index[FrameworkProfile]:
    return Index("framework", load_entries(catalog_path("frameworks.yaml"), "frameworks", FrameworkProfile))

