"""Preference and RL objectives: what DPO, KTO, ORPO, SimPO, reward modelling and PPO add to memory.

Why a separate step: the memory terms of the trained model are the same as for SFT; these
objectives add frozen models and push more sequences through the model per step. What is counted
(TRL / LLaMA-Factory defaults, GB = 10^9 bytes):
- DPO and KTO compare against a frozen reference model. Full fine-tuning keeps a bf16 copy
  (2 B/param, sharded like the weights under ZeRO-3); LoRA/QLoRA use the base with the adapter
  switched off (TRL's `ref_model=None` with PEFT), which costs no memory.
- GRPO (TRL's GRPOTrainer) keeps a reference model for the KL term (full: a bf16 copy; LoRA: the
  base with the adapter off) and scores groups of sampled answers with a reward function, not a
  model. Not counted: the generation of the group's answers (KV cache, or a vLLM server).
- PPO keeps a reference and a reward model. Full: both as bf16 copies. LoRA (LLaMA-Factory's
  default `reward_model_type: lora`): the reward model is a second adapter on the same base and the
  value head sits on the policy, so both are small. Not counted: the rollout generation's KV cache
  and a separate critic model (OpenRLHF-style), which the reply names.
- Paired objectives (DPO, ORPO, SimPO, reward modelling) run the chosen and the rejected answer in
  one step: activations and logits for twice the micro-batch. KTO's pairs are unpaired examples.
- A reward model outputs one number per sequence: its head has no vocabulary-sized logits.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine.breakdown import Item, Plan, Term

if TYPE_CHECKING:
    from engine.resolve import Resolved

GB = 1e9
REFERENCE = {"dpo", "kto", "ppo", "grpo"}
PAIRED = {"dpo", "orpo", "simpo", "rm"}
NOT_COUNTED = {"ppo": ("rollout_kv_cache", "separate_critic"), "grpo": ("rollout_generation",)}


def objective(r: Resolved) -> str:
    return r.request.objective or "sft"


def for_activations(r: Resolved) -> Resolved:
    """`r` as the activation and logits terms see it: paired objectives double the micro-batch."""
    if objective(r) not in PAIRED:
        return r
    q = r.request
    return replace(r, request=q.model_copy(update={"micro_batch": (q.micro_batch or 1) * 2}))


def frozen_models(r: Resolved, plan: Plan) -> list[Item]:
    """The frozen models kept on each card beside the one being trained."""
    obj = objective(r)
    if r.adapter or obj not in REFERENCE:
        return []
    shards = plan.num_gpus if plan.zero == 3 else 1
    names = ["reference_model"] + (["reward_model"] if obj == "ppo" else [])
    return [Item(name, 2 * r.params / shards / GB, f"2 B × {r.params / 1e9:.4g}e9 param" + (f" / {shards}" if shards > 1 else ""))
            for name in names]


def reward_head(r: Resolved, terms: list[Term]) -> list[Term]:
    """A reward model's head gives one number per sequence: no vocabulary-sized logits."""
    if objective(r) != "rm":
        return terms
    return [Term("logits", (Item("reward_head", 0.0, "1 value per sequence"),)) if t.key == "logits" else t
            for t in terms]
