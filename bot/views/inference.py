"""The answer to a serving question ("vLLM 推理 Qwen3-32B 要多少显存"): weights at the serving
precision + KV cache for the context and concurrency asked, and the cards that hold it.

KaSuan is a training estimator; this keeps an inference question from ever getting a training
breakdown (engine.inference has the formulas and their basis).
"""

from __future__ import annotations

from typing import Any

from bot.messages import Reply
from bot.text.names import short_gpu
from engine.catalog import gpus
from engine.inference import VLLM_UTILIZATION, inference_estimate
from engine.request import TrainingRequest
from engine.resolve import resolve

MAX_CARDS_SHOWN = 4


def inference_reply(req: TrainingRequest, lang: str, concurrency: int | None, precision: str | None,
                    details: bool = False) -> Reply:
    """Memory to serve the model, and the fewest cards of each size that hold it."""
    r = resolve(req.model_copy(update={"method": "lora", "gpu": None, "num_gpus": None}))
    est = inference_estimate(r.spec, precision=precision, context=req.seq_len, concurrency=concurrency, params=r.params)
    named = None
    if req.gpu:
        g = gpus().get(req.gpu)
        named = {"name": short_gpu(g.name), "memory_gb": g.memory_gb, "n": est.cards_needed(g)}
    options: list[dict[str, Any]] = []
    seen: set[float] = set()
    for g in sorted(gpus().entries, key=lambda g: (g.memory_gb, g.id)):
        n = est.cards_needed(g)
        if n and n <= 8 and g.memory_gb not in seen:
            seen.add(g.memory_gb)
            options.append({"name": short_gpu(g.name), "memory_gb": g.memory_gb, "n": n})
    options.sort(key=lambda o: (o["n"], o["memory_gb"]))
    data = {
        "model": r.spec.name,
        "params": est.params,
        "precision": est.precision,
        "context": est.context,
        "concurrency": est.concurrency,
        "weights_gb": est.weights_gb,
        "kv_gb": est.kv_cache_gb,
        "runtime_gb": est.runtime_gb,
        "total_gb": est.total_gb,
        "utilization": int(VLLM_UTILIZATION * 100),
        "named": named,
        "options": options[:MAX_CARDS_SHOWN],
        "details": details,
        "bare_size": r.spec.id != req.model and req.model is None,
    }
    return Reply("inference", lang, data)
