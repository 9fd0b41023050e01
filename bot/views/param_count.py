"""The answer to "exactly how many params does qwen3 32b have" / "qwen3-8b 多少参数": the model's own
parameter count, as a fact.

Why: the question named a model and no job, so it was sized (a LoRA on one card), and the count asked
for was nowhere in the reply. The catalog holds each model's config shapes; engine.architecture counts
the parameters from them exactly (the counts match the vendors' published totals, checked in tests), so
the reply gives that count, the vendor's rounded figure beside it, and the shapes it comes from.
"""

from __future__ import annotations

from typing import cast

from bot.messages import Reply, Turn
from engine.architecture import LORA_TARGETS, count_params, lora_params
from engine.catalog import ModelSpec, models
from engine.inference import kv_bytes_per_token
from engine.request import TrainingRequest
from engine.resolve import DEFAULTS

FIELDS = {"layers": "layers", "hidden": "hidden", "heads": "heads", "kv_heads": "kv_heads", "vocab": "vocab",
          "context": "max_context"}  # a fact asked (bot.understand.model_facts) -> its catalog field


def _computed(fact: str, model_id: str, req: TrainingRequest | None) -> dict[str, object] | None:
    """A figure the engine computes from the model's shapes, asked as a fact: the parameters active per
    token (a mixture of experts; a dense model has them all active), the bf16 KV cache of one token
    (engine.inference), an adapter's trainable parameters at the rank and targets stated or the defaults."""
    m = models().get(model_id)
    if fact == "active":
        c = count_params(m)
        return {"fact": fact, "value": c.active if m.moe else c.total, "b": f"{(c.active if m.moe else c.total) / 1e9:.2f}",
                "published": m.active_params_published_b if m.moe else m.params_published_b, "dense": m.moe is None}
    if fact == "kv_token":
        per_token = int(kv_bytes_per_token(m))
        return {"fact": fact, "value": per_token, "kib": f"{per_token / 1024:g}"}
    if fact == "lora_params":
        rank = (req.lora_rank if req else None) or cast(int, DEFAULTS["lora_rank"])  # the rank a sizing assumes
        targets = (req.lora_targets if req else None) or LORA_TARGETS
        n = lora_params(m, rank, tuple(targets))
        return {"fact": fact, "value": n, "m": f"{n / 1e6:.2f}", "rank": rank, "targets": ",".join(targets),
                "share": f"{100 * n / count_params(m).total:.2f}"}
    return None


def _fact(m: ModelSpec, fact: str) -> dict[str, object]:
    """One shape asked; the context as the model card states it where the config's maximum differs (Qwen3-8B: 32,768
    native, 131,072 with YaRN, the config's 40,960 beside them)."""
    if fact == "context" and m.native_context and m.yarn_context:
        return {"fact": "context_yarn", "value": m.max_context, "native": m.native_context, "yarn": m.yarn_context}
    return {"fact": fact, "value": getattr(m, FIELDS[fact])}


def param_count_reply(model_id: str, lang: str, facts: tuple[str, ...] = (), req: TrainingRequest | None = None) -> Reply:
    """The exact count (total, and active per token for a mixture of experts), where it comes from,
    and the size of its bf16 weights; a shape asked ("有多少层", "context length") or a figure computed from
    the shapes ("active params", "kv cache 每 token", "LoRA trainable params") leads, with the catalog's
    source of it."""
    m = models().get(model_id)
    c = count_params(m)
    asked = [_fact(m, f) for f in facts if f in FIELDS]
    reply = Reply("param_count", lang, {
        "asked": asked, "computed": [x for f in facts if (x := _computed(f, model_id, req))],
        "source": m.source,
        "name": m.name, "total": c.total, "active": c.active if m.moe else None,
        "published": m.params_published_b, "active_published": m.active_params_published_b,
        "layers": m.layers, "hidden": m.hidden, "heads": m.heads, "kv_heads": m.kv_heads, "vocab": m.vocab,
        "embeddings": c.embedding + c.lm_head, "tied": m.tie_embeddings, "experts": m.moe is not None,
        "vision": m.vision_params, "weights_gb": c.total * 2 / 1e9,
    })
    reply.turn = Turn("size", {"request": {"model": model_id}})  # "多少层", "lora 呢" next: of this model
    return reply
