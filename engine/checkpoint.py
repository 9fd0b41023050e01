"""Checkpoint sizes on disk: what a save costs in NVMe space (and in minutes of writing).

A full fine-tuning checkpoint through the HF Trainer + DeepSpeed holds the bf16 weights, the
fp32 master weights and the optimizer states, plus the consolidated bf16 model: 2 + 4 + 8 + 2 =
16 bytes per parameter with AdamW (the seed's "32B: about 512 GB").
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.memory import ADAM8_BYTES, GB
from engine.resolve import Resolved


@dataclass(frozen=True)
class CheckpointSizes:
    full_with_optimizer_gb: float
    weights_bf16_gb: float
    adapter_gb: float | None  # LoRA/QLoRA adapter weights alone
    adapter_with_optimizer_gb: float | None

    def as_dict(self) -> dict[str, float | None]:
        return {
            "full_with_optimizer_gb": round(self.full_with_optimizer_gb, 3),
            "weights_bf16_gb": round(self.weights_bf16_gb, 3),
            "adapter_gb": None if self.adapter_gb is None else round(self.adapter_gb, 4),
            "adapter_with_optimizer_gb": (
                None if self.adapter_with_optimizer_gb is None else round(self.adapter_with_optimizer_gb, 4)
            ),
        }


def checkpoint_sizes(r: Resolved) -> CheckpointSizes:
    p = r.params
    optim = ADAM8_BYTES if r.request.optimizer == "adamw-8bit" else 8.0
    full = (2 + 4 + optim + 2) * p / GB
    adapter = adapter_opt = None
    if r.adapter:
        adapter = 4 * r.lora_params / GB  # PEFT saves the fp32 adapters as trained
        adapter_opt = (4 + optim) * r.lora_params / GB
    return CheckpointSizes(full, 2 * p / GB, adapter, adapter_opt)
