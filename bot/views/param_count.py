"""The answer to "exactly how many params does qwen3 32b have" / "qwen3-8b 多少参数": the model's own
parameter count, as a fact.

Why: the question named a model and no job, so it was sized (a LoRA on one card), and the count asked
for was nowhere in the reply. The catalog holds each model's config shapes; engine.architecture counts
the parameters from them exactly (the counts match the vendors' published totals, checked in tests), so
the reply gives that count, the vendor's rounded figure beside it, and the shapes it comes from.
"""

from __future__ import annotations

from bot.messages import Reply, Turn
from engine.architecture import count_params
from engine.catalog import models

FIELDS = {"layers": "layers", "hidden": "hidden", "heads": "heads", "kv_heads": "kv_heads", "vocab": "vocab",
          "context": "max_context"}  # a fact asked (bot.understand.model_facts) -> its catalog field


def param_count_reply(model_id: str, lang: str, facts: tuple[str, ...] = ()) -> Reply:
    """The exact count (total, and active per token for a mixture of experts), where it comes from,
    and the size of its bf16 weights; a shape asked ("有多少层", "context length") leads, with the
    catalog's source of it."""
    m = models().get(model_id)
    c = count_params(m)
    reply = Reply("param_count", lang, {
        "asked": [{"fact": f, "value": getattr(m, FIELDS[f])} for f in facts if f in FIELDS],
        "source": m.source,
        "name": m.name, "total": c.total, "active": c.active if m.moe else None,
        "published": m.params_published_b, "active_published": m.active_params_published_b,
        "layers": m.layers, "hidden": m.hidden, "heads": m.heads, "kv_heads": m.kv_heads, "vocab": m.vocab,
        "embeddings": c.embedding + c.lm_head, "tied": m.tie_embeddings, "experts": m.moe is not None,
        "vision": m.vision_params, "weights_gb": c.total * 2 / 1e9,
    })
    reply.turn = Turn("size", {"request": {"model": model_id}})  # "多少层", "lora 呢" next: of this model
    return reply
