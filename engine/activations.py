"""Activation and logits memory of one micro-batch, from the architecture.

The counts follow what PyTorch autograd keeps for backward in a Hugging Face Llama/Qwen decoder
layer trained in bf16 (2 bytes per element):
- RMSNorm upcasts to fp32 and keeps the fp32 input (4 B) and the bf16 normalized output (2 B);
- q, k, v projections keep their outputs; RoPE keeps rotate_half(q|k) and the rotated q, k;
- Qwen3's qk-norm is an RMSNorm over q and k (6 B per element again);
- FlashAttention keeps its output (and a small log-sum-exp); SDPA in transformers repeats the
  GQA key/value heads first, so it keeps the expanded k and v; eager attention keeps the fp32
  softmax and its bf16 copy: the s² term;
- SwiGLU keeps gate, up, silu(gate) and their product (4 tensors of the intermediate size);
- MoE layers keep that per activated expert, plus the routed copies of the hidden state.
With gradient checkpointing only each layer's input survives the forward pass; backward then
recomputes one layer at a time, so one layer's full set is live at the peak.

The loss over the vocabulary (`logits_bytes`) depends on the framework's loss code (catalogs/
frameworks.yaml). Its peak comes before the first layer is recomputed in backward, so the peak of a
step is the larger of the two, never their sum (engine/memory.py).
"""

from __future__ import annotations

from engine.architecture import active_layer_linears
from engine.catalog import ModelSpec

BF16 = 2
FP32 = 4
# Liger/Unsloth-style fused or chunked cross-entropy materializes the logits of this many tokens at once.
LOSS_CHUNK_TOKENS = 1024
# A fused / chunked cross-entropy (Liger, Unsloth): bf16 logits (2) + fp32 upcast (4) + fp32 log-softmax (4)
# of one chunk of LOSS_CHUNK_TOKENS tokens.
LOGIT_BYTES = BF16 + FP32 + FP32
# transformers' causal-LM loss (loss_utils.py ForCausalLMLoss, 4.46+): the forward holds the bf16 logits (2),
# their fp32 upcast (4) and the fp32 log-softmax (4); neither the bf16 logits nor the upcast is saved for
# backward, where the log-softmax output (4), the gradient nll_loss hands it (4) and the gradient it
# returns (4) are live at once.
HF_FORWARD_BYTES = BF16 + FP32 + FP32
HF_BACKWARD_BYTES = 3 * FP32
# transformers <= 4.45 (modeling_llama.py LlamaForCausalLM.forward): logits.float() and a shifted
# .contiguous() fp32 copy before the loss: 2 + 4 + 4 + 4 in the forward; in backward the slice's
# gradient is a full fp32 buffer as well: 4 × 4.
HF_LEGACY_FORWARD_BYTES = BF16 + 3 * FP32
HF_LEGACY_BACKWARD_BYTES = 4 * FP32
# Gemma 2 final-logit soft-capping in bf16 before the loss: logits / cap (a temporary) and tanh's output,
# which tanh keeps for backward (transformers modeling_gemma2.py Gemma2ForCausalLM.forward).
SOFTCAP_BYTES = BF16 + BF16
SOFTCAP_FAMILIES = ("gemma2",)
# Eager attention's backward through the softmax of one layer (transformers v4.31.0 modeling_llama.py
# LlamaAttention.forward: softmax(attn_weights, dim=-1, dtype=torch.float32).to(query_states.dtype); PyTorch
# tools/autograd/derivatives.yaml: _to_copy's backward casts the gradient back to fp32, _softmax's backward is
# _softmax_backward_data(grad, result, dim, input_dtype)). The forward leaves 6 B per score element (the fp32
# softmax output 4 + its bf16 copy 2). In backward the bf16 gradient of the probabilities (2) is cast to fp32 (4)
# while the fp32 output is still held, and softmax's backward writes its bf16 result (2) from both: 10 B live at
# once, 4 B over the saved 6. Only one layer is in its backward at a time.
EAGER_BACKWARD_EXTRA_BYTES = FP32


def norm_bytes(width: int) -> int:
    """One RMSNorm over `width` elements: the fp32 input and the bf16 output are saved."""
    return (FP32 + BF16) * width


def attention_bytes(m: ModelSpec, attention: str, seq_len: int) -> float:
    """Saved bytes per token in the attention block of one layer."""
    if m.mla is not None:
        a = m.mla
        q_width = m.heads * (a.qk_nope_head_dim + a.qk_rope_head_dim)
        kv_width = m.heads * (a.qk_nope_head_dim + a.v_head_dim)
        latent = a.q_lora_rank + a.kv_lora_rank + a.qk_rope_head_dim
        out = m.heads * a.v_head_dim
        saved = BF16 * (latent + q_width + kv_width + out) + norm_bytes(a.q_lora_rank + a.kv_lora_rank)
        k_width = m.heads * a.qk_rope_head_dim
    else:
        q_width = m.heads * m.head_dim
        k_width = m.kv_heads * m.head_dim
        out = q_width
        saved = BF16 * (q_width + 2 * k_width)  # q, k, v projection outputs
        saved += 2 * BF16 * (q_width + k_width)  # RoPE: rotate_half copies and rotated q, k
        saved += BF16 * out  # attention output (input of o_proj)
        if m.qk_norm:
            saved += norm_bytes(q_width + k_width)
    if attention == "sdpa" and m.mla is None:
        saved += 2 * BF16 * (q_width - k_width)  # k and v repeated to every query head
    if attention == "eager":
        saved += (FP32 + BF16) * m.heads * seq_len  # softmax probabilities: the s² term
    return float(saved)


def mlp_bytes(m: ModelSpec, moe_layer: bool) -> float:
    """Saved bytes per token in the feed-forward block of one layer."""
    if moe_layer and m.moe is not None:
        e = m.moe
        per_expert = 4 * BF16 * e.expert_intermediate
        routed = e.experts_per_token * (per_expert + 2 * BF16 * m.hidden)  # gathered input + output
        shared = e.shared_experts * per_expert
        router = FP32 * e.num_experts * 2  # router logits and probabilities
        return float(routed + shared + router)
    inter = m.moe.dense_intermediate if (m.moe and m.moe.dense_intermediate) else m.intermediate
    return float(4 * BF16 * inter)


def eager_backward_bytes(m: ModelSpec, attention: str, seq_len: int) -> float:
    """Per token: what eager attention's softmax backward holds beyond the saved scores (one layer)."""
    return float(EAGER_BACKWARD_EXTRA_BYTES * m.heads * seq_len) if attention == "eager" else 0.0


def layer_bytes_per_token(m: ModelSpec, attention: str, seq_len: int, moe_layer: bool) -> float:
    """Everything one decoder layer saves for backward, per token."""
    norms = m.norms_per_layer * norm_bytes(m.hidden)
    return norms + attention_bytes(m, attention, seq_len) + mlp_bytes(m, moe_layer)


def linear_inputs(m: ModelSpec, targets: tuple[str, ...] | None = None) -> int:
    """Input elements per token of one layer's projections (those in `targets`, or all), the
    largest layer kind (a MoE layer counts each routed expert the token visits)."""
    kinds = [False] + ([True] if m.moe else [])
    return max(
        sum(lin.d_in * lin.copies for lin in active_layer_linears(m, moe) if targets is None or lin.target in targets)
        for moe in kinds
    )


def dropout_inputs(m: ModelSpec, targets: tuple[str, ...] | None, fused_qkv: bool) -> int:
    """Input elements per token of one layer that LoRA dropout copies: one per targeted projection
    (PEFT wraps each), but q, k and v share one copy where they are one fused projection (LitGPT
    lit_gpt/lora.py LoRAQKVLinear.forward: F.linear(self.lora_dropout(x), self.lora_A))."""
    if not fused_qkv:
        return linear_inputs(m, targets)
    qkv = {"q", "k", "v"}
    chosen = tuple(t for t in (targets or ("q", "k", "v", "o", "gate", "up", "down")) if t not in qkv)
    rest = linear_inputs(m, chosen) if chosen else 0
    hit = targets is None or any(t in qkv for t in targets)
    return rest + (m.hidden if hit else 0)


def activation_bytes(
    m: ModelSpec,
    tokens: int,
    seq_len: int,
    attention: str,
    grad_checkpointing: bool,
    extra_per_layer: float = 0.0,
    stream_bytes: int = BF16,
    mode: str = "full",
    fraction: float = 1.0,
) -> tuple[float, float]:
    """(saved, working) bytes of activations for `tokens` = micro-batch × sequence length.

    saved: what the forward pass leaves behind (layer inputs only, with checkpointing);
    working: one layer recomputed in backward plus the gradient of the hidden state.
    extra_per_layer: bytes per token a layer keeps beyond the bf16 count (LoRA dropout copies,
    the 4-bit matmuls' own input copies); stream_bytes: the residual stream's element size
    (4 when a QLoRA trainer casts the embeddings to fp32).
    mode "selective" (Megatron-LM's selective recompute; Korthikanti et al. 2022, "Reducing
    Activation Recomputation in Large Transformer Models", Table 2: 34sbh per layer instead of
    34sbh + 5as²b): every layer keeps its activations except the attention core (the s² softmax),
    which is recomputed one layer at a time. `fraction` (mode "full"): the share of layers
    checkpointed (torchtitan / torchtune ac every n-th layer); the rest keep everything.
    """
    if grad_checkpointing and mode == "selective":
        core = (FP32 + BF16) * m.heads * seq_len if attention == "eager" else 0.0
        every, _ = activation_bytes(m, tokens, seq_len, attention, False, extra_per_layer, stream_bytes)
        eager_bwd = eager_backward_bytes(m, attention, seq_len)
        return every - m.layers * core * tokens, (core + eager_bwd + 2 * BF16 * m.hidden) * tokens
    if grad_checkpointing and fraction < 1.0:
        kept = m.layers - round(fraction * m.layers)  # layers that keep every activation
        full_saved, _ = activation_bytes(m, tokens, seq_len, attention, False, extra_per_layer, stream_bytes)
        ckpt_saved, working = activation_bytes(m, tokens, seq_len, attention, True, extra_per_layer, stream_bytes)
        share = kept / m.layers
        plain = (2 * BF16 * m.hidden + eager_backward_bytes(m, attention, seq_len)) * tokens
        return share * full_saved + (1 - share) * ckpt_saved, working if kept < m.layers else plain
    moe_layers = m.layers - m.moe.dense_layers if m.moe else 0
    dense_layers = m.layers - moe_layers
    per_layer = {
        False: layer_bytes_per_token(m, attention, seq_len, moe_layer=False),
        True: layer_bytes_per_token(m, attention, seq_len, moe_layer=True),
    }
    per_layer = {k: v + extra_per_layer + (stream_bytes - BF16) * m.hidden for k, v in per_layer.items()}
    final = norm_bytes(m.hidden)
    hidden_grad = 2 * BF16 * m.hidden  # gradient of the residual stream and its running sum
    eager_bwd = eager_backward_bytes(m, attention, seq_len)  # the layer in its backward, either way
    if grad_checkpointing:
        saved = float(m.layers * stream_bytes * m.hidden + final)
        working = max(per_layer[moe_layers > 0], per_layer[False]) + hidden_grad + eager_bwd
    else:
        saved = dense_layers * per_layer[False] + moe_layers * per_layer[True] + final
        working = hidden_grad + eager_bwd
    return saved * tokens, working * tokens


def logits_bytes(m: ModelSpec, tokens: int, chunked: bool) -> float:
    """A fused / chunked loss: the peak of one chunk of logits (Liger, Unsloth)."""
    live_tokens = min(tokens, LOSS_CHUNK_TOKENS) if chunked else tokens
    return float(LOGIT_BYTES * m.vocab * live_tokens)


def kept_logits_bytes(loss: str, precision: str) -> float:
    """Bytes per logit element a hand-written loop keeps alive through the layers' backward: the
    model output it still references (fp32 where the model upcasts in its forward, transformers
    <= 4.45 and torchtune <= 0.2; bf16 otherwise; nothing for a fused loss)."""
    if loss == "fused":
        return 0.0
    if loss == "hf_legacy" or precision == "fp32":
        return float(FP32)
    return float(BF16)


def loss_bytes_per_element(loss: str, chunks: int, precision: str, family: str) -> tuple[str, float, float]:
    """(basis, forward bytes, backward bytes) per logit element of the whole sequence for a framework's loss.

    hf_upcast / hf_legacy: see the constants; with fp32 training the logits are fp32 already (one
    buffer less in the forward); Gemma 2 adds its soft-capping buffers to the forward.
    chunked_output (torchtune): bf16 logits (2) and every chunk's fp32 log-softmax (4) stay until
    backward; the fp32 upcast and its gradient (8) live for one chunk at a time.
    bf16_chunked (LitGPT): bf16 logits (2) + the log-softmax in the logits' dtype under bf16-true
    (2) or fp32 under bf16-mixed autocast (4); backward works chunk by chunk.
    """
    if loss == "chunked_output":
        per = BF16 + FP32 + 2 * FP32 / chunks
        return "loss_chunked_output", per, per
    if loss == "bf16_chunked":
        per = float(BF16 + (BF16 if precision == "bf16" else FP32))
        return "loss_bf16_chunked", per, per
    legacy = loss == "hf_legacy"
    fwd = float(HF_LEGACY_FORWARD_BYTES if legacy else HF_FORWARD_BYTES)
    bwd = float(HF_LEGACY_BACKWARD_BYTES if legacy else HF_BACKWARD_BYTES)
    if precision == "fp32":
        fwd -= BF16
    basis = "loss_fp32_shift_copy" if legacy else "loss_fp32"
    if family in SOFTCAP_FAMILIES:
        return basis + "_softcap", fwd + SOFTCAP_BYTES, bwd
    return basis, fwd, bwd
