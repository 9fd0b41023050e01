"""One line applying a general FAQ answer to the job the message states beside it.

"Does bf16 reduce optimizer memory? we're OOM on a 14B full run", "14B 继续预训练 单节点还是多节点 要 IB 吗", "7B LoRA 8 卡
先上 DDP 还是 ZeRO": the entry answers for every job (12 bytes a parameter stay, one 8-card node to start, DDP for
7B/13B), and the asker wants it for theirs. Why: the answer alone left them to do the sum; this line names the job back
(its size, method, cards) and gives the entry's rule in its numbers (seed 000's 16 bytes a parameter for a full
fine-tune, 12 of them the fp32 master weights and Adam's moments, 10 with the 8-bit optimizer; seed 003's DDP keeping
a whole copy on each card). None where the entry has no such rule or the message states no size."""

from __future__ import annotations

import math

from bot.text.i18n import t
from bot.text.names import gpu_name
from bot.understand.faq import Hit
from engine.catalog import gpus
from engine.request import TrainingRequest

STATE_BYTES = 16  # full fine-tune: bf16 weights 2 + gradients 2 + fp32 master weights and two moments 12 (seed 000)
OPTIMIZER_BYTES = 12  # the part mixed precision leaves as it is
EIGHT_BIT_BYTES = 10  # the model states with an 8-bit optimizer (seed 000's 8-bit row)
WEIGHT_BYTES = {"lora": 2.0, "qlora": 0.5}  # the frozen base a LoRA copy holds: bf16, or 4-bit
NODE_CARDS = 8  # one node of the seeds' multi-GPU servers
CARD_GB = 80  # their card (H100, A100 80G) where none is named
SHARDED_OVER = 8  # the count ZeRO is shown over where the message gives none

PRECISION = "mixed-precision-memory"
PRETRAIN = "continued-pretraining"
INFINIBAND = "infiniband"  # asked of a continued pretraining job ("14b 继续预训练 需不需要 IB"): the same weighing
PARALLEL = ("ddp-vs-zero", "first-parallelism")


def _n(value: float) -> str:
    return f"{value:,.0f}" if value >= 10 else f"{value:,.1f}".rstrip("0").rstrip(".")


def _job(req: TrainingRequest, lang: str) -> str:
    """"14B 全参微调", "7B LoRA · 8×H100 SXM", "7B LoRA on 8 cards": the job as stated."""
    size = f"{req.params_b:g}B"
    method = t(f"method.{req.method}", lang)
    cards = gpu_name(req.gpu) if req.gpu else None
    count = req.num_gpus
    where = (f"{count}×{cards}" if cards else t("faq.job.cards", lang, n=count)) if count and count > 1 else cards
    return f"{size} {method}" + (f" · {where}" if where else "")


def job_line(hit: Hit, req: TrainingRequest, lang: str) -> str | None:
    """The line for `hit`'s entry applied to the job of `req`; None without a size or a rule for that entry."""
    if not req.params_b:
        return None
    entry = hit.entry.id
    if entry == PRETRAIN or (entry == INFINIBAND and req.method == "pretrain"):
        return _pretrain(req, lang)
    if req.method is None:  # "7b on 8 cards, ddp or zero?": a size alone is no job to weigh (LoRA and full differ 8-fold)
        return None
    if entry == PRECISION:
        return _precision(req, lang)
    if entry in PARALLEL:
        return _parallel(req, lang)
    return None


def _precision(req: TrainingRequest, lang: str) -> str:
    """bf16 on a full job leaves 12 bytes a parameter; on a LoRA job the optimizer is the adapter's, never the OOM."""
    size, job = req.params_b or 0.0, _job(req, lang)
    if req.method in ("lora", "qlora"):
        return t("faq.job.precision_lora", lang, job=job)
    n = req.num_gpus if req.num_gpus and req.num_gpus > 1 else SHARDED_OVER
    return t("faq.job.precision_full", lang, job=job, size=f"{size:g}", optim=_n(size * OPTIMIZER_BYTES),
             states=_n(size * STATE_BYTES), eight=_n(size * EIGHT_BIT_BYTES), n=n, per=_n(size * STATE_BYTES / n))


def _pretrain(req: TrainingRequest, lang: str) -> str:
    """The job's model states (16 bytes a parameter) against one 8×80 GB node; past it, the nodes with InfiniBand."""
    size = req.params_b or 0.0
    states = size * STATE_BYTES
    job = f"{size:g}B {t('method.pretrain', lang)}"
    if states / NODE_CARDS <= CARD_GB:
        return t("faq.job.pretrain_one", lang, job=job, size=f"{size:g}", states=_n(states), per=_n(states / NODE_CARDS),
                 card=CARD_GB, node=NODE_CARDS * CARD_GB)
    nodes = math.ceil(states / (NODE_CARDS * CARD_GB))
    return t("faq.job.pretrain_nodes", lang, job=job, size=f"{size:g}", states=_n(states), node=NODE_CARDS * CARD_GB,
             nodes=nodes, per=_n(states / (nodes * NODE_CARDS)))


def _parallel(req: TrainingRequest, lang: str) -> str:
    """DDP where one whole copy of the job fits one card (the card named, else an 80 GB one), else ZeRO over the cards."""
    size, job = req.params_b or 0.0, _job(req, lang)
    spec = gpus().get(req.gpu) if req.gpu else None
    card = spec.memory_gb if spec is not None else CARD_GB
    n = req.num_gpus if req.num_gpus and req.num_gpus > 1 else None
    copy = size * WEIGHT_BYTES.get(req.method or "full", STATE_BYTES)  # a full copy: its 16 bytes a parameter
    if copy < card * 0.75:  # the copy, and the activations in the quarter of the card left: DDP, no sharding
        return t("faq.job.ddp_count" if n else "faq.job.ddp", lang, job=job, copy=_n(copy), card=_n(card), n=n or 0)
    over = n or SHARDED_OVER
    return t("faq.job.zero", lang, job=job, copy=_n(copy), card=_n(card), n=over, per=_n(copy / over))
