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

Three figures come out of one estimate: the peak allocated by tensors (torch.cuda.max_memory_allocated),
the peak the caching allocator reserves (+ fragmentation), and what nvidia-smi shows (+ the CUDA
context) — the total, which the fit verdict uses.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from engine import preference
from engine.activations import (
    activation_bytes,
    dropout_inputs,
    kept_logits_bytes,
    linear_inputs,
    logits_bytes,
    loss_bytes_per_element,
)
from engine.architecture import largest_linear, layer_params
from engine.breakdown import Item, Plan, Term
from engine.calibration import Range, memory_range
from engine.frameworks import LOSS_OPTIONS
from engine.lazy import cached
from engine.resolve import Resolved

GB = 1e9
NF4_DQ_BYTES = 0.51587  # 4 + 8/64 + 32/(64·256) bits (bitsandbytes NF4, double quantization)
NF4_BYTES = 0.5625  # 4 + 32/64 bits without double quantization
ADAM8_BYTES = 2.0  # two uint8 moments (the seed's 10 B/param total); bitsandbytes adds a 4 B absmax per 256-block (+1.6%)
CUDA_CONTEXT_GB = 0.6  # CUDA context, cuBLAS/cuDNN workspaces: present before the first tensor
FRAGMENTATION = 0.08  # caching allocator: reserved exceeds allocated by about this share at the peak
# FSDP: the all-gathers run on their own stream and the caching allocator caches per stream, so reserved
# exceeds allocated by more: 19.36 GB reserved over 15.22 GB active (+27%) in meta-llama/llama-cookbook PR #41
# (Llama-2-7B LoRA, 4 × A100 40GB, FSDP with limit_all_gathers, 2023-07-25).
FSDP_FRAGMENTATION = 19.36 / 15.22 - 1
FSDP_UNITS_LIVE = 2  # the wrapped layer being computed and the one prefetched (BackwardPrefetch.BACKWARD_PRE)
ZERO12_BUCKET_ELEMENTS = 2 * 5e8  # DeepSpeed reduce + allgather buckets (default 5e8 elements each)
ZERO3_LIVE_PARAMS = 1e9  # DeepSpeed stage3_max_live_parameters default
ZERO3_SUB_GROUP = 1e9  # zero_optimization.sub_group_size (1e9 in DeepSpeed and in LLaMA-Factory/HF ZeRO-3 configs)

TERM_KEYS = ("weights", "gradients", "master_weights", "optimizer_states", "activations", "logits", "overhead")


@dataclass(frozen=True)
class MemoryEstimate:
    """Memory per card for one plan; `host_gb` is the host RAM offload needs per node."""

    plan: Plan
    terms: tuple[Term, ...]
    host_gb: float
    host_items: tuple[Item, ...]
    # what the older transformers loss would add when the version is unknown (the high end carries it)
    version_margin_gb: float = 0.0
    method: str = "lora"
    sharding: str = "deepspeed"
    framework: str = "hf"
    # batch lengths stated to vary: the loss buffers of an earlier batch that stay in the allocator's cache;
    # in readings of reserved memory and nvidia-smi, not in the figures the verdict uses
    length_cache_gb: float = 0.0

    @cached
    def total_gb(self) -> float:
        """The expected figure (nvidia-smi): the sum of the terms."""
        return sum(t.gb for t in self.terms)

    @cached
    def range(self) -> Range:
        """Low / expected / high per card, calibrated on published runs (engine/calibration.py)."""
        return memory_range(self.total_gb, self.version_margin_gb, self.method, self.plan, self.sharding, self.framework)

    @property
    def nvidia_smi_gb(self) -> float:
        """What nvidia-smi shows at the peak: reserved memory plus the CUDA context (= the total)."""
        return self.total_gb

    @property
    def reserved_gb(self) -> float:
        """torch.cuda.max_memory_reserved: the total without the CUDA context."""
        return self.total_gb - self._overhead("cuda_context")

    @property
    def allocated_gb(self) -> float:
        """torch.cuda.max_memory_allocated: reserved without the allocator's fragmentation."""
        return self.reserved_gb - self._overhead("fragmentation")

    def _overhead(self, basis: str) -> float:
        return sum(i.gb for t in self.terms if t.key == "overhead" for i in t.items if i.basis == basis)

    def figures(self) -> dict[str, float]:
        out = {"allocated_gb": self.allocated_gb, "reserved_gb": self.reserved_gb, "nvidia_smi_gb": self.nvidia_smi_gb}
        if self.length_cache_gb:
            out["length_cache_gb"] = self.length_cache_gb
        return out

    @property
    def model_states_gb(self) -> float:
        return sum(t.gb for t in self.terms if t.key in TERM_KEYS[:4])

    def per_gpu(self) -> dict[str, float]:
        out = {t.key: t.gb for t in self.terms}
        out["total"] = self.total_gb
        return out


@lru_cache(maxsize=4096, typed=True)  # an Item is immutable: the plans of a question repeat most of them
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


def kbit_fp32(r: Resolved, sharded: bool) -> bool:
    """Whether the framework runs prepare_model_for_kbit_training: TRL skips it when the 4-bit
    weights are sharded (FSDP / ZeRO-3 QLoRA, trl sft_trainer.py is_sharded_qlora)."""
    return r.framework.kbit_fp32 and (r.framework.kbit_fp32_sharded or not sharded)


def is_sharded(plan: Plan) -> bool:
    return plan.num_gpus > 1 and plan.zero == 3


def is_fsdp(r: Resolved, plan: Plan) -> bool:
    return is_sharded(plan) and r.request.sharding == "fsdp"


def qlora_rest_bytes(r: Resolved, sharded: bool = False) -> tuple[str, int]:
    """Element size of a QLoRA model's non-quantized parts (embeddings, lm_head, norms): bf16 as
    bitsandbytes loads them, fp32 when training in fp32 or when the framework runs PEFT's
    prepare_model_for_kbit_training (it casts every non-4-bit parameter to fp32)."""
    if r.request.precision == "fp32" or kbit_fp32(r, sharded):
        return "base_fp32_rest", 4
    return "base_bf16_rest", 2


def adapter_states(r: Resolved, plan: Plan) -> tuple[list[Term], list[Item]]:
    """LoRA/QLoRA: frozen base (bf16 or NF4) plus adapters trained in fp32 with AdamW.

    The adapters are sharded like any trained parameter (DeepSpeed ZeRO / FSDP): optimizer states
    from ZeRO-1, gradients from ZeRO-2, the weights themselves under ZeRO-3 / FSDP full shard.
    Optimizer offload (ZeRO-Offload) keeps the adapters' optimizer states and gradients in host
    memory and steps there; parameter offload (FSDP cpu_offload / ZeRO-3 offload_param) also keeps
    the frozen base and the adapter weights there — the card holds only the layers being gathered
    (counted in overhead).
    """
    q, c, a = r.request, r.counts, r.lora_params
    n, z = plan.num_gpus, plan.zero
    shards = n if z >= 3 else 1
    grad_shards = n if z >= 2 else 1
    optim_shards = n if z >= 1 else 1
    base_bytes = 4 if q.precision == "fp32" else 2
    if r.method == "qlora":
        nf4 = NF4_DQ_BYTES if q.double_quant else NF4_BYTES
        rest_basis, rest_bytes = qlora_rest_bytes(r, is_sharded(plan))
        base = [
            _item("base_nf4_dq" if q.double_quant else "base_nf4", nf4, c.linear, shards),
            _item(rest_basis, rest_bytes, c.embedding + c.lm_head + c.other, shards),
        ]
    else:
        base = [_item(f"base_{'fp32' if base_bytes == 4 else 'bf16'}", base_bytes, c.total, shards)]
    adapter_bytes = 2 if q.precision == "bf16" else 4
    optim = ADAM8_BYTES if q.optimizer == "adamw-8bit" else 8.0
    if q.precision == "bf16" and q.optimizer != "adamw-8bit":
        optim = 4.0
    weights = [*base, _item("adapter_weights", adapter_bytes, a, shards)]
    grads = [_item("adapter_grads", adapter_bytes, a, grad_shards)]
    states = [_item("adapter_optimizer", optim, a, optim_shards)]
    if q.train_embeddings:  # PEFT modules_to_save: a trainable copy in the base dtype, AdamW alike
        emb = c.embedding + c.lm_head
        weights.append(_item("embedding_copy", base_bytes, emb, shards))
        grads.append(_item("embedding_grads", base_bytes, emb, grad_shards))
        states.append(_item("embedding_optimizer", 2 * base_bytes, emb, optim_shards))
    host: list[Item] = []
    if plan.offload != "none":  # the optimizer step runs on the host: states and gradients live there
        host += [replace(i, gb=i.gb * optim_shards / plan.nodes) for i in states]
        host += [replace(i, gb=i.gb * grad_shards / plan.nodes) for i in grads]
        states = [Item("offloaded", 0.0, "0 (host)")]
        grads = [Item("offloaded", 0.0, "0 (host)")]
    if plan.offload == "all":
        host += [replace(i, gb=i.gb * shards / plan.nodes) for i in weights]
        weights = [Item("offloaded", 0.0, "0 (host)")]
    return [
        Term("weights", tuple(weights)),
        Term("gradients", tuple(grads)),
        Term("master_weights", (Item("none", 0.0, "0 (adapters are already fp32)"),)),
        Term("optimizer_states", tuple(states)),
    ], host


LORA_DROPOUT_BYTES = 3  # PEFT: dropout(x) is a new bf16 tensor kept by lora_A (2 B) plus its bool mask (1 B)
KBIT_INPUT_COPY_BYTES = 2  # bitsandbytes MatMul4Bit keeps A, its own bf16 cast of an fp32 input


BF16_BYTES = 2


def lora_input_bytes(r: Resolved) -> tuple[float, str] | None:
    """Per token and layer, what LoRA keeps of its projections' inputs beyond the layer count's one
    copy of each (bytes; negative where it keeps less). None for MoE / MLA layers (the dropout rule
    below applies there as before).

    The layer count (engine/activations.py) keeps each projection group's input once, as full
    fine-tuning does. LoRA differs, in three ways:
    - a frozen bf16 projection keeps no input: autograd saves a matmul's input only for its weight's
      gradient (PyTorch tools/autograd/derivatives.yaml, mm: mat2's gradient uses self; the generated
      code saves self only when mat2 requires grad), so an input stays only where something reads it;
    - PEFT casts the input to the adapter's dtype (peft/tuners/lora/layer.py Linear.forward:
      x = self._cast_input_dtype(x, lora_A.weight.dtype)); with fp32 adapters under bf16 autocast,
      lora_A's input is autocast's own bf16 copy of that fp32 cast, one per targeted projection (2 B);
      a LoRA dropout > 0 likewise gives each targeted projection its own dropped copy (2 B) and mask (1 B);
      an undropped adapter of the compute dtype reads x itself, kept once;
    - QLoRA keeps the input of every 4-bit projection: bitsandbytes MatMul4Bit saves it whatever is
      trained (autograd/_functions.py: ctx.tensors = (A, B)).
    A fused projection (ChatGLM's query_key_value, Qwen v1's c_attn, LitGPT's attn) is one target.
    Fused LoRA kernels (profile lora_copies false: Unsloth's fast_lora.py LoRA_QKV / LoRA_MLP save X
    once per group) keep what the count has.
    o_proj's input is the attention kernel's own output, which the count keeps either way.
    """
    q, m = r.request, r.spec
    if m.moe is not None or m.mla is not None:
        return None
    targets = set(q.lora_targets or ())
    dropout = (q.lora_dropout or 0) > 0
    if not r.framework.lora_copies:  # fused LoRA kernels keep each group's input once, as counted
        return None
    cast = q.precision == "mixed"  # fp32 adapters (4 B, see adapter_states) trained under bf16 autocast
    fused_qkv = m.fused_qkv or r.framework.fused_qkv
    groups = (  # targets, fused, input width, whether something else keeps the input anyway
        (("q", "k", "v"), fused_qkv, m.hidden, False), (("o",), False, m.heads * m.head_dim, True),
        (("gate", "up"), m.fused_gate_up, m.hidden, False), (("down",), False, m.intermediate, False))
    total, parts = 0.0, []
    for names, fused, width, kept in groups:
        hit = sum(1 for n in names if n in targets)
        n = min(hit, 1) if fused else hit
        own = n * (BF16_BYTES + (1 if dropout else 0)) if (cast or dropout) else 0
        shared = BF16_BYTES if kept or r.method == "qlora" or (n and not (cast or dropout)) else 0
        delta = (own + shared - BF16_BYTES) * width  # the count has each input once
        if delta:
            total += delta
            parts.append(f"{'/'.join(names)} {delta / width:+g} B × {width:,}")
    return (total, "; ".join(parts)) if parts else None


def layer_extras(r: Resolved, sharded: bool = False) -> tuple[list[tuple[str, float, str]], int]:
    """Per-token bytes one layer keeps beyond the bf16 count, and the residual stream's element size.

    - LoRA / QLoRA on dense layers: what the adapters keep of their projections' inputs beyond the
      count (lora_input_bytes: their own cast or dropped copies, less the inputs no frozen projection keeps);
    - on MoE / MLA layers, lora_dropout > 0: each targeted projection's LoRA branch keeps its own dropped
      copy of the input and the mask (peft/tuners/lora/layer.py: lora_B(lora_A(dropout(x))));
    - QLoRA under prepare_model_for_kbit_training (fp32 embeddings, so an fp32 residual stream):
      every 4-bit projection casts its input to bf16 and MatMul4Bit saves that copy
      (bitsandbytes autograd/_functions.py: ctx.tensors = (A, B)).
    """
    q, m = r.request, r.spec
    out: list[tuple[str, float, str]] = []
    stream = 2
    inputs = lora_input_bytes(r) if r.adapter else None
    if inputs is not None:
        out.append(("lora_inputs", inputs[0], inputs[1]))
    elif r.adapter and (q.lora_dropout or 0) > 0:
        d_in = dropout_inputs(m, q.lora_targets, r.framework.fused_qkv or m.fused_qkv)
        out.append(("lora_dropout_copies", LORA_DROPOUT_BYTES * d_in, f"{LORA_DROPOUT_BYTES} B × {d_in:,} inputs/layer"))
    if r.method == "qlora" and kbit_fp32(r, sharded) and q.precision != "fp32":
        d_in = linear_inputs(m)
        out.append(("kbit_input_copies", KBIT_INPUT_COPY_BYTES * d_in, f"{KBIT_INPUT_COPY_BYTES} B × {d_in:,} inputs/layer"))
        stream = 4
    return out, stream


def checkpoint_mode(r: Resolved) -> str:
    """full | selective | none: grad_checkpointing says on or off, `checkpointing` which kind."""
    q = r.request
    if not q.grad_checkpointing:
        return "none"
    return "selective" if q.checkpointing == "selective" else "full"


def activation_terms(r: Resolved, sharded: bool = False) -> list[Term]:
    return activation_terms_and_margin(r, sharded)[0]


def activation_terms_and_margin(r: Resolved, sharded: bool = False) -> tuple[list[Term], float]:
    """Saved activations, the layers' backward working memory and the loss peak.

    The loss over the vocabulary peaks before backward reaches the last layer, and the layers'
    recompute starts after it: the two do not coincide, so the step's peak is the larger of them.
    The logits term carries the loss peak and subtracts the part that overlaps the working memory.
    With fp32 training every activation element is 4 bytes.
    """
    q = r.request
    seq, mb = q.seq_len or 2048, q.micro_batch or 1
    tokens = seq * mb
    extras, stream = layer_extras(r, sharded)
    extra = sum(b for _, b, _ in extras)
    mode = checkpoint_mode(r)
    fraction = q.checkpoint_fraction or 1.0
    saved, working = activation_bytes(
        r.spec, tokens, seq, q.attention or "flash", mode != "none", extra, stream, mode, fraction
    )
    # fp32 full fine-tuning and fp32 QLoRA (bnb_4bit_compute_dtype float32, no autocast) compute in fp32:
    # every activation element is 4 bytes. An fp32 LoRA base usually trains under bf16 autocast, whose
    # projections' outputs stay bf16: counted as bf16 activations, as before.
    scale = 2.0 if q.precision == "fp32" and r.method != "lora" else 1.0
    saved, working = saved * scale, working * scale
    basis = {"full": "checkpointed", "selective": "selective_recompute", "none": "all_layers"}[mode]
    if mode == "full" and fraction < 1.0:
        basis = "checkpointed_part"
    if scale > 1:
        basis += "_fp32"
    if q.activation_offload:
        saved, basis = 0.0, "offloaded_to_host"
    logits, fwd, bwd = logits_term(r, tokens, loss_code(r))
    # The loss forward, the loss backward and the layers' backward are three moments: the peak is
    # the largest, not their sum. The layers' moment includes the 4-bit dequantization buffer
    # (overhead), which exists only while a quantized layer runs. The logits term shows the loss
    # forward; this item corrects the sum.
    layer = working + dequant_workspace_bytes(r)
    manual = r.framework.loop == "manual"  # the loop still holds the model output through the whole backward
    cache = kv_cache_bytes(r, tokens) if mode != "none" else 0.0  # without checkpointing k, v are saved anyway
    kept = cache if manual else 0.0
    if manual:
        kept += kept_logits_bytes(loss_code(r), q.precision or "mixed") * r.spec.vocab * tokens
    head = lm_head_cast_bytes(r, sharded)  # lives from the logits' forward to the head's backward
    peak = max(fwd + head + cache, bwd + head + kept, layer + kept)
    # with the transformers version unknown: how much higher the older loss would put the peak (the
    # activation terms sum to saved + peak, so the difference of the peaks is the difference of the sums)
    margin = 0.0
    older = r.framework.older_loss
    if older is not None and not q.chunked_loss and any(a.code == "loss_version_unknown" for a in r.assumptions):
        _, fwd_old, bwd_old = logits_term(r, tokens, older)
        kept_old = cache + kept_logits_bytes(older, q.precision or "mixed") * r.spec.vocab * tokens if manual else 0.0
        margin = max(0.0, max(fwd_old + head + cache, bwd_old + head + kept_old, layer + kept_old) - peak)
    items = [
        Item(f"saved_{basis}", saved / GB, f"{saved / tokens:,.0f} B/token × {tokens:,} tokens"),
        Item("backward_working", working / GB, f"{working / tokens:,.0f} B/token × {tokens:,} tokens"),
        Item("peak_is_max_of_loss_and_backward", (peak - fwd - layer) / GB,
             f"max(loss fwd {fwd / GB:.2f}, loss bwd {bwd / GB:.2f}, layer bwd {layer / GB:.2f} GB) − loss fwd − layer bwd"),
    ]
    if cache:
        items.append(Item("kv_cache_in_training", 0.0, f"{cache / GB:.2f} GB: use_cache left on, every layer's k and v "
                                                        f"held {'through backward' if manual else 'until the loss'} "
                                                        "(in the peak above)"))
    if head:
        items.append(Item("lm_head_bf16_copy", 0.0, f"{head / GB:.2f} GB: the fp32 lm_head cast to bf16 by autocast, "
                                                    "kept for its backward (in the peak above)"))
    if kept - cache:
        items.append(Item("logits_kept_by_loop", 0.0, f"{(kept - cache) / GB:.2f} GB of model output held through backward "
                                                      "(hand-written loop; in the peak above)"))
    items += [Item(f"incl_{b}", 0.0, f"{f} (in the figures above)") for b, _, f in extras]
    return [Term("activations", tuple(items)), logits], margin / GB


def lm_head_cast_bytes(r: Resolved, sharded: bool) -> float:
    """The bf16 copy of a frozen fp32 lm_head that autocast makes for the logits and autograd keeps.

    PEFT's prepare_model_for_kbit_training leaves the lm_head in fp32; under bf16 autocast its matmul
    runs on a bf16 cast of the weight, and autocast caches casts only of leaves that require grad
    (torch/csrc/autograd/autocast_mode.cpp cached_cast), so a frozen head gets a fresh copy that the
    matmul saves for the gradient of its input. It lives through the loss and is freed when backward
    leaves the head. Measured on an H200 (benchmarks/gpu_probe_h200.yaml): the QLoRA runs' allocated
    peaks sit above the rest of the estimate by 1.1-1.4 GB on Qwen3-8B/14B and 0.3-0.6 GB on
    Qwen2.5-0.5B/1.5B/3B, against 2 B x vocab x hidden = 1.24, 1.56, 0.27, 0.47 and 0.62 GB.
    """
    q = r.request
    if r.method != "qlora" or not kbit_fp32(r, sharded) or (q.precision or "mixed") != "mixed" or q.train_embeddings:
        return 0.0
    if loss_code(r) == "fused":  # a fused linear cross-entropy takes the head weight inside its kernel
        return 0.0
    return float(2 * r.spec.vocab * r.spec.hidden)


def kv_cache_bytes(r: Resolved, tokens: int) -> float:
    """The KV cache a model builds in training when the framework leaves use_cache on.

    transformers (v4.31.0 modeling_llama.py LlamaModel.forward) turns use_cache off only when its own
    gradient checkpointing is on; a script that checkpoints from outside (FSDP apply_activation_checkpointing)
    and loads the model with the config's use_cache=True gets `past_key_value = (key_states, value_states)`
    from every layer (k after RoPE, before repeat_kv), returned with the model output. Under checkpointing
    nothing else keeps those tensors. meta-llama/llama-recipes 353dfcdc (2023-09-05, "Pass use_cache=False
    when training with FSDP") removed it there. bf16, or fp32 when training in fp32."""
    if not r.framework.kv_cache:
        return 0.0
    m = r.spec
    width = m.heads * (m.mla.qk_nope_head_dim + m.mla.qk_rope_head_dim + m.mla.v_head_dim) if m.mla else 2 * m.kv_heads * m.head_dim
    element = 4 if r.request.precision == "fp32" else 2
    return float(m.layers * width * element * tokens)


def loss_code(r: Resolved) -> str:
    """The loss as computed: the request's (stated, or the framework's, resolved), fused when a
    chunked loss was asked for."""
    q = r.request
    if q.chunked_loss:
        return "fused"
    return LOSS_OPTIONS[q.loss] if q.loss else r.framework.loss


def logits_term(r: Resolved, tokens: int, code: str) -> tuple[Term, float, float]:
    """The loss over the vocabulary computed as `code`: (term, forward bytes, backward bytes)."""
    q, fw, vocab = r.request, r.framework, r.spec.vocab
    if code == "fused":
        fwd = bwd = logits_bytes(r.spec, tokens, chunked=True)
        basis, formula = "chunked_loss", f"{fwd / vocab:,.0f} B × vocab {vocab:,} (one chunk)"
    else:
        chunks = fw.loss_chunks if code == fw.loss else 8  # torchtune's default num_output_chunks
        basis, f_el, b_el = loss_bytes_per_element(code, chunks, q.precision or "mixed", r.spec.family)
        fwd, bwd = f_el * vocab * tokens, b_el * vocab * tokens
        formula = f"{f_el:g} B × {tokens:,} tokens × vocab {vocab:,} (backward {b_el:g} B)"
    return Term("logits", (Item(basis, fwd / GB, formula),)), fwd, bwd


def dequant_workspace_bytes(r: Resolved) -> float:
    """QLoRA: the bf16 copy of the largest 4-bit weight being dequantized, and its transpose in backward."""
    return float(2 * largest_linear(r.spec) * 2) if r.method == "qlora" else 0.0


def overhead_term(r: Resolved, plan: Plan, allocated_gb: float, step: Item | None = None) -> Term:
    """CUDA context, allocator fragmentation and the framework's working buffers."""
    items = [Item("cuda_context", CUDA_CONTEXT_GB, "constant")]
    if step is not None:
        items.append(step)
    if r.method == "qlora":
        ws = dequant_workspace_bytes(r)
        items.append(Item("dequant_workspace", ws / GB, f"2 × {largest_linear(r.spec):,} × 2 B"))
    if plan.num_gpus > 1 and plan.zero in (1, 2) and not r.adapter:
        items.append(_item("zero_buckets", 2, ZERO12_BUCKET_ELEMENTS, 1, "elements"))
    if is_fsdp(r, plan):
        items += fsdp_gather_items(r)
    elif plan.num_gpus > 1 and plan.zero == 3:
        layer = layer_params(r.spec, r.spec.moe is not None)
        live = min(ZERO3_LIVE_PARAMS, 2 * layer)
        if r.method == "qlora":  # the gathered layers are the packed 4-bit weights (quant_storage)
            items.append(_item("zero3_gather_nf4", NF4_DQ_BYTES, live, 1, "params"))
        else:
            items.append(_item("zero3_gather", 2, live, 1, "params"))
    if plan.num_gpus > 1 and plan.zero == 0 and not r.adapter:
        items.append(_item("ddp_buckets", 2, r.params, 1))
    allocated = allocated_gb + sum(i.gb for i in items[1:])
    share = FSDP_FRAGMENTATION if is_fsdp(r, plan) else FRAGMENTATION
    frag = share * allocated
    items.append(Item("fragmentation", frag, f"{share:.0%} × {allocated:.1f} GB"))
    return Term("overhead", tuple(items))


def fsdp_gather_items(r: Resolved) -> list[Item]:
    """PyTorch FSDP full shard: each wrapped unit (one decoder layer) is all-gathered whole while it
    runs, with the next one prefetched (torch/distributed/fsdp/api.py BackwardPrefetch.BACKWARD_PRE:
    "the current set of parameters and the next set"; limit_all_gathers caps the in-flight gathers
    at two); full fine-tuning also holds one unit's unsharded gradient before its reduce-scatter.
    No DeepSpeed live-parameter cap applies."""
    layer = layer_params(r.spec, r.spec.moe is not None)
    live = FSDP_UNITS_LIVE * layer
    if r.method == "qlora":
        out = [_item("fsdp_gather_nf4", NF4_DQ_BYTES, live, 1, "params")]
    else:
        out = [_item("fsdp_gather", 4 if r.request.precision == "fp32" else 2, live, 1, "params")]
    if not r.adapter:
        out.append(_item("fsdp_unsharded_grads", 2, layer, 1, "params"))
    return out


FOREACH_TEMP_BYTES = 4  # torch.optim.AdamW(foreach=True): sqrt(v) as a tensor list in v's dtype (fp32; bf16 = 2 B)


def optimizer_step_item(r: Resolved, plan: Plan, activations_gb: float) -> Item | None:
    """The optimizer step's temporary, where the framework steps with PyTorch's foreach AdamW on the card.

    _multi_tensor_adamw computes torch._foreach_sqrt(exp_avg_sq): a second copy of v for every
    parameter it steps (the PyTorch docs: foreach "uses more peak memory, since the intermediates
    are a tensorlist"). It lives at step time, when the activations are gone, so only the part
    above the activation peak adds to the peak. Not with the 8-bit optimizer (bitsandbytes steps
    block by block), an offloaded optimizer (the host steps) or DeepSpeed's FusedAdam.
    """
    q = r.request
    if not r.framework.foreach_adamw or q.optimizer != "adamw" or plan.offload != "none":
        return None
    trained = r.lora_params if r.adapter else r.params
    if r.adapter and q.train_embeddings:
        trained += r.counts.embedding + r.counts.lm_head
    shards = plan.num_gpus if plan.zero >= 1 else 1
    stepped = trained / shards
    if plan.zero == 3 and not is_fsdp(r, plan):  # DeepSpeed stage3 steps its fp32 partition one sub-group at a
        stepped = min(stepped, ZERO3_SUB_GROUP)      # time; FSDP steps the whole local shard at once
    per = FOREACH_TEMP_BYTES if q.precision != "bf16" else 2  # pure bf16 keeps v in bf16
    temp = per * stepped / GB
    beyond = max(0.0, temp - activations_gb)
    return Item("foreach_step_beyond_activations", beyond,
                f"max(0, {per} B × {stepped / 1e9:.4g}e9 param stepped at once − {activations_gb:.2f} GB activations)")


def activation_part(r: Resolved, sharded: bool) -> tuple[tuple[Term, ...], float]:
    """The activation and logits terms of `r` and the older loss's margin: they depend on the plan
    only through whether the weights are sharded, so a question's memo computes them once per
    value of `sharded` (engine/memo.py) instead of once per plan."""
    plain, margin = activation_terms_and_margin(preference.for_activations(r), sharded)
    acts = preference.reward_head(r, plain)
    if acts is not plain:
        margin = 0.0  # a reward head has no vocabulary-sized loss
    return tuple(acts), margin


def estimate(r: Resolved, plan: Plan, activations: tuple[tuple[Term, ...], float] | None = None) -> MemoryEstimate:
    """Memory per card of `r` trained under `plan`; `activations`: activation_part(r, is_sharded(plan))
    when the caller already has it."""
    host: list[Item] = []
    if r.adapter:
        states, host = adapter_states(r, plan)
    else:
        states, host = full_states(r, plan)
    frozen = preference.frozen_models(r, plan)
    if frozen:
        states = [Term(t.key, t.items + tuple(frozen)) if t.key == "weights" else t for t in states]
    acts, margin = activations if activations is not None else activation_part(r, is_sharded(plan))
    step = optimizer_step_item(r, plan, sum(t.gb for t in acts))
    terms = [*states, *acts]
    allocated = sum(t.gb for t in terms)
    over = overhead_term(r, plan, allocated, step)
    terms.append(over)
    margin *= 1 + (FSDP_FRAGMENTATION if is_fsdp(r, plan) else FRAGMENTATION)
    return MemoryEstimate(plan, tuple(terms), sum(i.gb for i in host), tuple(host), margin,
                          r.method, r.request.sharding or "deepspeed", r.framework.id, length_cache_gb(r, acts))


def length_cache_gb(r: Resolved, acts: tuple[Term, ...] | list[Term]) -> float:
    """What reserved memory and nvidia-smi read above the peak when batch lengths vary from step to step.

    Unpacked data padded to each batch's longest sample allocates the loss buffers (the largest
    per-step blocks) at a new size every step; the caching allocator keeps the earlier, differently
    sized set cached instead of reusing it (the PyTorch CUDA semantics notes on expandable_segments:
    allocation sizes that change "such as having a changing batch size" leave cached segments that
    do not fit the next request). One stale set of the loss buffers is counted. It is not in the
    verdict: on a failed allocation the allocator releases its unused cached blocks and retries
    (c10/cuda/CUDACachingAllocator.cpp, release_cached_blocks) before it reports out of memory, so
    this shows in readings, not as an OOM, and the verdict and the range leave it out. Because the
    validation runs state their data shape, the range's bands are fitted on errors with this
    explained, instead of widening every user's range for a cache the allocator gives back.
    Fixed-length or packed batches reuse the same blocks.
    """
    if r.request.lengths != "variable":
        return 0.0
    return sum(t.gb for t in acts if t.key == "logits")

