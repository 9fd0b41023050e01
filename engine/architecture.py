"""Parameter counts derived from a model's architecture.

Each count is one small formula named after what it counts, so a reply can say where a number
comes from ("Qwen3-8B: 36 layers × 184.7 M + embeddings 622 M ..."). The memory model uses the
split between linear layers (quantized by QLoRA, adapted by LoRA) and the rest (embeddings,
norms, biases: kept in bf16).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.catalog import ModelSpec
from engine.lazy import per_object

# The projections LoRA can target, in the names LLaMA-Factory and PEFT use for Llama/Qwen blocks.
LORA_TARGETS = ("q", "k", "v", "o", "gate", "up", "down")


@dataclass(frozen=True)
class Linear:
    """One linear projection of a decoder layer: its name (a LoRA target) and shape."""

    target: str
    d_in: int
    d_out: int
    copies: int = 1  # experts: the same projection repeated per expert

    @property
    def params(self) -> int:
        return self.d_in * self.d_out * self.copies


@dataclass(frozen=True)
class ParamCounts:
    """Where a model's parameters live."""

    embedding: int
    lm_head: int  # 0 when tied to the embedding
    linear: int  # every decoder projection (attention + MLP/experts), all layers
    other: int  # norms, biases, routers: small tensors kept in bf16
    active_linear: int  # linear parameters a token passes through (MoE: routed top-k + shared)

    @property
    def total(self) -> int:
        return self.embedding + self.lm_head + self.linear + self.other

    @property
    def active(self) -> int:
        """Parameters used per token: what the 6·N·D training-FLOPs rule counts."""
        return self.embedding + self.lm_head + self.active_linear + self.other


def attention_linears(m: ModelSpec) -> list[Linear]:
    """q, k, v, o projections (MLA for DeepSeek-V3: low-rank q and kv paths)."""
    h = m.hidden
    if m.mla is not None:
        a = m.mla
        qk = a.qk_nope_head_dim + a.qk_rope_head_dim
        if a.q_lora_rank:
            query = [Linear("q", h, a.q_lora_rank), Linear("q", a.q_lora_rank, m.heads * qk)]
        else:  # DeepSeek-V2-Lite: no query compression
            query = [Linear("q", h, m.heads * qk)]
        return [
            *query,
            Linear("k", h, a.kv_lora_rank + a.qk_rope_head_dim),
            Linear("v", a.kv_lora_rank, m.heads * (a.qk_nope_head_dim + a.v_head_dim)),
            Linear("o", m.heads * a.v_head_dim, h),
        ]
    q_out = m.heads * m.head_dim
    kv_out = m.kv_heads * m.head_dim
    return [Linear("q", h, q_out), Linear("k", h, kv_out), Linear("v", h, kv_out), Linear("o", q_out, h)]


def mlp_linears(m: ModelSpec, intermediate: int, copies: int = 1) -> list[Linear]:
    """SwiGLU feed-forward: gate and up (hidden -> I), down (I -> hidden)."""
    h = m.hidden
    return [
        Linear("gate", h, intermediate, copies),
        Linear("up", h, intermediate, copies),
        Linear("down", intermediate, h, copies),
    ]


def layer_linears(m: ModelSpec, moe_layer: bool) -> list[Linear]:
    """All projections of one decoder layer; MoE layers hold every expert (all must be in memory)."""
    if not moe_layer or m.moe is None:
        inter = m.moe.dense_intermediate if (m.moe and m.moe.dense_intermediate) else m.intermediate
        return attention_linears(m) + mlp_linears(m, inter)
    e = m.moe
    experts = mlp_linears(m, e.expert_intermediate, copies=e.num_experts)
    shared = mlp_linears(m, e.expert_intermediate, copies=e.shared_experts) if e.shared_experts else []
    return attention_linears(m) + experts + shared


@per_object()
def layer_params(m: ModelSpec, moe_layer: bool) -> int:
    """Parameters of one decoder layer's projections (what ZeRO-3 and FSDP gather per layer)."""
    return sum(p.params for p in layer_linears(m, moe_layer))


def active_layer_linears(m: ModelSpec, moe_layer: bool) -> list[Linear]:
    """Projections one token passes through in a layer (routed top-k plus shared experts)."""
    if not moe_layer or m.moe is None:
        return layer_linears(m, moe_layer=False)
    e = m.moe
    used = e.experts_per_token + e.shared_experts
    return attention_linears(m) + mlp_linears(m, e.expert_intermediate, copies=used)


def moe_layer_count(m: ModelSpec) -> int:
    if m.moe is None:
        return 0
    return m.layers - m.moe.dense_layers


def layer_small_params(m: ModelSpec, moe_layer: bool) -> int:
    """Norm weights, attention biases, qk-norm and the router of one layer."""
    n = m.norms_per_layer * m.hidden
    if m.qkv_bias and m.mla is None:
        n += (m.heads + 2 * m.kv_heads) * m.head_dim
    if m.qk_norm:
        n += 2 * m.head_dim
    if m.mla is not None:
        n += m.mla.q_lora_rank + m.mla.kv_lora_rank  # the latent RMSNorms (no query norm when q_lora_rank is 0)
    if moe_layer and m.moe is not None:
        n += m.hidden * m.moe.num_experts  # router
    return n


@per_object()
def count_params(m: ModelSpec) -> ParamCounts:
    """Exact parameter count from the architecture (checked against published totals in tests)."""
    moe_layers = moe_layer_count(m)
    dense_layers = m.layers - moe_layers
    linear = active = other = 0
    for is_moe, count in ((False, dense_layers), (True, moe_layers)):
        if count == 0:
            continue
        linear += count * sum(p.params for p in layer_linears(m, is_moe))
        active += count * sum(p.params for p in active_layer_linears(m, is_moe))
        other += count * layer_small_params(m, is_moe)
    other += m.hidden  # final norm
    embedding = m.vocab * m.hidden
    lm_head = 0 if m.tie_embeddings else m.vocab * m.hidden
    return ParamCounts(embedding, lm_head, linear, other, active)


@per_object()
def lora_params(m: ModelSpec, rank: int, targets: tuple[str, ...]) -> int:
    """Adapter parameters: r·(d_in + d_out) per targeted projection (PEFT's lora_A + lora_B).

    Fused projections (ChatGLM's query_key_value, dense_h_to_4h) are one adapter over the fused
    shape; a target set that names any part of a fused group adapts the whole group.
    """
    total = 0
    for is_moe, count in ((False, m.layers - moe_layer_count(m)), (True, moe_layer_count(m))):
        if count == 0:
            continue
        per_layer = 0
        for group in _fused_groups(m, layer_linears(m, is_moe)):
            if any(p.target in targets for p in group):
                d_in = group[0].d_in
                d_out = sum(p.d_out for p in group)
                per_layer += rank * (d_in + d_out) * group[0].copies
        total += count * per_layer
    return total


def _fused_groups(m: ModelSpec, linears: list[Linear]) -> list[list[Linear]]:
    """Group projections the way the checkpoint stores them (fused qkv / gate_up for ChatGLM)."""
    groups: list[list[Linear]] = []
    for p in linears:
        fuse_qkv = m.fused_qkv and p.target in ("k", "v") and groups and groups[-1][0].target == "q"
        fuse_mlp = m.fused_gate_up and p.target == "up" and groups and groups[-1][0].target == "gate"
        if fuse_qkv or fuse_mlp:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


@per_object()
def largest_linear(m: ModelSpec) -> int:
    """Elements of the biggest single weight matrix (QLoRA dequantizes one at a time)."""
    sizes = [p.d_in * p.d_out for p in layer_linears(m, moe_layer=m.moe is not None)]
    return max(sizes)
