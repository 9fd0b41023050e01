"""GPU memory per card for one training plan, term by term (GB = 10^9 bytes).

Each term is one small formula named after what it counts, like the seed tables it reproduces:
- full fine-tuning / continued pretraining, bf16 mixed precision + AdamW: bf16 weights 2 B,
  bf16 gradients 2 B, fp32 master weights 4 B, AdamW m and v 8 B = 16 B per parameter;
  the 8-bit optimizer keeps m and v in 8 bits (bitsandbytes, blocks of 256: 2.031 B);
- DeepSpeed ZeRO / FSDP shard them over N cards: ZeRO-1 the optimizer (4 + 12/N),
  ZeRO-2 also gradients (2 + 14/N), ZeRO-3 / FSDP full shard everything (16/N);
  ZeRO-Offload moves master weights and optimizer states to host memory;
- LoRA: the frozen base in bf16 plus fp32 adapters with their gradients and AdamW states;
- QLoRA: linear layers in NF4 with double quantization (4.127 bits), the rest in bf16.
Each Term carries its formula and a basis code so a reply can answer "why 176 GB?".
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from engine import preference
from engine.activations import activation_bytes, logits_bytes
from engine.architecture import largest_linear, layer_linears
from engine.resolve import Resolved

GB = 1e9
NF4_DQ_BYTES = 0.51587  # 4 + 8/64 + 32/(64·256) bits (bitsandbytes NF4, double quantization)
NF4_BYTES = 0.5625  # 4 + 32/64 bits without double quantization
ADAM8_BYTES = 2.0  # two uint8 moments (the seed's 10 B/param total); bitsandbytes adds a 4 B absmax per 256-block (+1.6%)
CUDA_CONTEXT_GB = 0.6  # CUDA context, cuBLAS/cuDNN workspaces: present before the first tensor
FRAGMENTATION = 0.08  # caching allocator: reserved exceeds allocated by about this share at the peak
ZERO12_BUCKET_ELEMENTS = 2 * 5e8  # DeepSpeed reduce + allgather buckets (default 5e8 elements each)
ZERO3_LIVE_PARAMS = 1e9  # DeepSpeed stage3_max_live_parameters default
CARDS_PER_NODE = 8

TERM_KEYS = ("weights", "gradients", "master_weights", "optimizer_states", "activations", "logits", "overhead")


@dataclass(frozen=True)
class Plan:
    """How the job is spread: card count, ZeRO stage (0 = plain DDP/single card), offload."""

    num_gpus: int
    zero: int
    offload: str = "none"

    @property
    def nodes(self) -> int:
        return -(-self.num_gpus // CARDS_PER_NODE)


@dataclass(frozen=True)
class Item:
    """One contribution to a term: basis code, bytes per unit, units, divisor, GB per card."""

    basis: str
    gb: float
    formula: str


@dataclass(frozen=True)
class Term:
    key: str
    items: tuple[Item, ...]

    @cached_property
    def gb(self) -> float:
        return sum(i.gb for i in self.items)


@dataclass(frozen=True)
class MemoryEstimate:
    """Memory per card for one plan; `host_gb` is the host RAM offload needs per node."""

    plan: Plan
    terms: tuple[Term, ...]
    host_gb: float
    host_items: tuple[Item, ...]

    @cached_property
    def total_gb(self) -> float:
        return sum(t.gb for t in self.terms)

    @property
    def model_states_gb(self) -> float:
        return sum(t.gb for t in self.terms if t.key in TERM_KEYS[:4])

    def per_gpu(self) -> dict[str, float]:
        out = {t.key: t.gb for t in self.terms}
        out["total"] = self.total_gb
        return out


def _item(basis: str, bytes_per: float, units: float, shards: int = 1, label: str = "param") -> Item:
    gb = bytes_per * units / shards / GB
    shard = f" / {shards}" if shards > 1 else ""
    return Item(basis, gb, f"{bytes_per:g} B × {units / 1e9:.4g}e9 {label}{shard}")


def state_bytes(r: Resolved) -> dict[str, tuple[str, float]]:
    """Bytes per trainable parameter for each model-state term, by precision and optimizer."""
    q = r.request
    optim = ("adam8", ADAM8_BYTES) if q.optimizer == "adamw-8bit" else ("adamw", 8.0)
    if q.precision == "fp32":
        return {"weights": ("fp32", 4), "gradients": ("fp32", 4), "master_weights": ("none", 0), "optimizer_states": optim}
    if q.precision == "bf16":
        opt = optim if optim[0] == "adam8" else ("adamw_bf16", 4.0)
        return {"weights": ("bf16", 2), "gradients": ("bf16", 2), "master_weights": ("none", 0), "optimizer_states": opt}
    grads = ("fp32", 4.0) if q.fp32_grads else ("bf16", 2.0)
    return {"weights": ("bf16", 2), "gradients": grads, "master_weights": ("fp32", 4), "optimizer_states": optim}


def full_states(r: Resolved, plan: Plan) -> tuple[list[Term], list[Item]]:
    """Model states of full fine-tuning, sharded by the ZeRO stage, some of it moved to host."""
    n, z, p = plan.num_gpus, plan.zero, r.params
    b = state_bytes(r)
    shards = {
        "weights": n if z >= 3 else 1,
        "gradients": n if z >= 2 else 1,
        "master_weights": n if z >= 1 else 1,
        "optimizer_states": n if z >= 1 else 1,
    }
    to_host = {"master_weights", "optimizer_states"} if plan.offload != "none" else set()
    if plan.offload == "all":
        to_host.add("weights")
    terms, host = [], []
    for key in TERM_KEYS[:4]:
        basis, per = b[key]
        if key in to_host:
            host.append(_item(f"{key}_{basis}", per, p, plan.nodes))
            terms.append(Term(key, (Item("offloaded", 0.0, "0 (host)"),)))
        else:
            terms.append(Term(key, (_item(f"{key}_{basis}", per, p, shards[key]),)))
    return terms, host


def adapter_states(r: Resolved, plan: Plan) -> tuple[list[Term], list[Item]]:
    """LoRA/QLoRA: frozen base (bf16 or NF4) plus adapters trained in fp32 with AdamW.

    Parameter offload (FSDP cpu_offload / ZeRO-3 offload_param) keeps the frozen base in host
    memory; the card then holds only the layers being gathered (counted in overhead).
    """
    q, c, a = r.request, r.counts, r.lora_params
    shards = plan.num_gpus if plan.zero >= 3 else 1
    base_bytes = 4 if q.precision == "fp32" else 2
    if r.method == "qlora":
        nf4 = NF4_DQ_BYTES if q.double_quant else NF4_BYTES
        base = [
            _item("base_nf4_dq" if q.double_quant else "base_nf4", nf4, c.linear, shards),
            _item("base_bf16_rest", 2, c.embedding + c.lm_head + c.other, shards),
        ]
    else:
        base = [_item(f"base_{'fp32' if base_bytes == 4 else 'bf16'}", base_bytes, c.total, shards)]
    adapter_bytes = 2 if q.precision == "bf16" else 4
    optim = ADAM8_BYTES if q.optimizer == "adamw-8bit" else 8.0
    if q.precision == "bf16" and q.optimizer != "adamw-8bit":
        optim = 4.0
    weights = [*base, _item("adapter_weights", adapter_bytes, a, 1)]
    grads = [_item("adapter_grads", adapter_bytes, a, 1)]
    states = [_item("adapter_optimizer", optim, a, 1)]
    if q.train_embeddings:  # PEFT modules_to_save: a trainable copy in the base dtype, AdamW alike
        emb = c.embedding + c.lm_head
        weights.append(_item("embedding_copy", base_bytes, emb, shards))
        grads.append(_item("embedding_grads", base_bytes, emb, shards))
        states.append(_item("embedding_optimizer", 2 * base_bytes, emb, shards))
    host: list[Item] = []
    if plan.offload == "all":
        host = [replace(i, gb=i.gb * shards / plan.nodes) for i in base]
        weights = [Item("offloaded", 0.0, "0 (host)"), *weights[len(base):]]
    return [
        Term("weights", tuple(weights)),
        Term("gradients", tuple(grads)),
        Term("master_weights", (Item("none", 0.0, "0 (adapters are already fp32)"),)),
        Term("optimizer_states", tuple(states)),
    ], host


def activation_terms(r: Resolved) -> list[Term]:
    q = r.request
    seq, mb = q.seq_len or 2048, q.micro_batch or 1
    tokens = seq * mb
    saved, working = activation_bytes(r.spec, tokens, seq, q.attention or "flash", bool(q.grad_checkpointing))
    basis = "checkpointed" if q.grad_checkpointing else "all_layers"
    if q.activation_offload:
        saved, basis = 0.0, "offloaded_to_host"
    acts = Term(
        "activations",
        (
            Item(f"saved_{basis}", saved / GB, f"{saved / tokens:,.0f} B/token × {tokens:,} tokens"),
            Item("backward_working", working / GB, f"{working / tokens:,.0f} B/token × {tokens:,} tokens"),
        ),
    )
    lb = logits_bytes(r.spec, tokens, bool(q.chunked_loss))
    logits = Term(
        "logits",
        (Item("chunked_loss" if q.chunked_loss else "loss_fp32", lb / GB, f"{lb / r.spec.vocab:,.0f} B × vocab {r.spec.vocab:,}"),),
    )
    return [acts, logits]


def overhead_term(r: Resolved, plan: Plan, allocated_gb: float) -> Term:
    """CUDA context, allocator fragmentation and the framework's working buffers."""
    items = [Item("cuda_context", CUDA_CONTEXT_GB, "constant")]
    if r.method == "qlora":
        ws = 2 * largest_linear(r.spec) * 2
        items.append(Item("dequant_workspace", ws / GB, f"2 × {largest_linear(r.spec):,} × 2 B"))
    if plan.num_gpus > 1 and plan.zero in (1, 2) and not r.adapter:
        items.append(_item("zero_buckets", 2, ZERO12_BUCKET_ELEMENTS, 1, "elements"))
    if plan.num_gpus > 1 and plan.zero == 3:
        layer = sum(p.params for p in layer_linears(r.spec, r.spec.moe is not None))
        live = min(ZERO3_LIVE_PARAMS, 2 * layer)
        items.append(_item("zero3_gather", 2, live, 1, "params"))
    if plan.num_gpus > 1 and plan.zero == 0 and not r.adapter:
        items.append(_item("ddp_buckets", 2, r.params, 1))
    allocated = allocated_gb + sum(i.gb for i in items[1:])
    frag = FRAGMENTATION * allocated
    items.append(Item("fragmentation", frag, f"{FRAGMENTATION:.0%} × {allocated:.1f} GB"))
    return Term("overhead", tuple(items))


def estimate(r: Resolved, plan: Plan) -> MemoryEstimate:
    """Memory per card of `r` trained under `plan`."""
    host: list[Item] = []
    if r.adapter:
        states, host = adapter_states(r, plan)
    else:
        states, host = full_states(r, plan)
    frozen = preference.frozen_models(r, plan)
    if frozen:
        states = [Term(t.key, t.items + tuple(frozen)) if t.key == "weights" else t for t in states]
    terms = preference.reward_head(r, states + activation_terms(preference.for_activations(r)))
    allocated = sum(t.gb for t in terms)
    terms.append(overhead_term(r, plan, allocated))
    return MemoryEstimate(plan, tuple(terms), sum(i.gb for i in host), tuple(host))
