"""The answer to "how big is a checkpoint of this job, and where do I keep it".

A checkpoint question about a named job gets that job's figures (engine.checkpoint: the bytes per
parameter a save holds), the disk the usual save_total_limit needs, and where to write them (seed
000: local NVMe while training, object storage after), instead of a memory sizing nobody asked for.
"""

from __future__ import annotations

from bot.messages import Reply
from bot.text.i18n import has
from engine.checkpoint import checkpoint_sizes
from engine.request import TrainingRequest
from engine.resolve import resolve

KEEP = 3  # save_total_limit 2–3, the seeds' advice: the disk figure is for the upper end


def checkpoint_reply(req: TrainingRequest, lang: str, where_first: bool = False, provider: str | None = None,
                     weights_first: bool = False) -> Reply:
    """One save's size (with optimizer states, for resuming) and the weights alone, for this job.
    `where_first`: the question asked where to keep them ("训完 checkpoint 存哪"), so that line leads and
    the sizes follow it; `provider`: where it runs, whose own place for them is named (gpuli's object storage
    through the internal endpoint; at cloudgpu, off the machine before it is destroyed: seeds 000 and 002);
    `weights_first`: the weights alone were asked ("just the bf16 weights?"), so their size leads."""
    r = resolve(req)
    sizes = checkpoint_sizes(r)
    resume_gb = sizes.adapter_with_optimizer_gb if r.adapter and sizes.adapter_with_optimizer_gb else sizes.full_with_optimizer_gb
    return Reply("checkpoint", lang, {
        "model": r.spec.name if r.spec.id == req.model or req.model else f"{r.params / 1e9:.3g}B",
        "method": r.request.method,
        "adapter": r.adapter,
        "resume_gb": resume_gb,
        "weights_gb": sizes.weights_bf16_gb,
        "adapter_gb": sizes.adapter_gb,
        "keep": KEEP,
        "disk_gb": KEEP * resume_gb,
        "where_first": where_first,
        "weights_first": weights_first and not where_first,
        "where_key": f"ckpt.where.{provider}" if provider and has(f"ckpt.where.{provider}") else "ckpt.where",
    })
