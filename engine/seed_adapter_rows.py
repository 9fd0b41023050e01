"""The LoRA / QLoRA memory rows the seeds give per size class, so a sizing at the seeds' own settings
can name the seed's figure beside ours and say in one line why they differ.

Seed 000 ("LoRA Sizing": sequence 2048, micro-batch 1, gradient checkpointing and FlashAttention-2,
fragmentation included) and seed 002 (the LLaMA-Factory rough totals, "常见设置") each give a range
per class. Our range is wider on the high side: with the transformers version unknown its high end
takes the older loss (one more fp32 copy of the logits, issue 19) and the calibrated band over the
published runs. A reader who has the seed's table in hand should see both figures, not wonder.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.sizing import Sizing


@dataclass(frozen=True)
class SeedRow:
    method: str
    low_b: float  # the size class, in billions of parameters
    high_b: float
    gpuli: tuple[float, float] | None  # seed 000, GB per card
    cloudgpu: tuple[float, float] | None  # seed 002, GB
    card: str = ""  # the card seed 000 names for the class ("够用的卡型"), catalog id, priced beside its figure
    # a provider's own seed naming another card for the class, as (provider id, catalog id): seed 003, 一万网络's
    # article, runs 7B LoRA on one RTX 3090 (¥1,750 a month) and 13B LoRA on one A100 40G (¥2,800)
    at: tuple[tuple[str, str], ...] = ()
    # the size seeds 000 and 002 name for the row, said beside their figures for a job below `from_b`: a 13B
    # job falls in seed 000's "14B 级" row, and the reader should see the figure is 14B's (seed 003 has 13B's own)
    size_b: float = 0.0
    from_b: float = 0.0


SEED_ROWS = (
    SeedRow("qlora", 6.0, 9.0, (8, 12), (6, 10), "rtx-4090"),
    SeedRow("lora", 6.0, 9.0, (20, 26), (18, 22), "rtx-5090", (("yiwan", "rtx-3090"),)),
    SeedRow("qlora", 13.0, 15.5, (14, 18), (12, 16), "rtx-4090", size_b=14, from_b=13.5),
    SeedRow("lora", 13.0, 15.5, (34, 42), None, "l40s", (("yiwan", "a100-40g-sxm"),), size_b=14, from_b=13.5),
    SeedRow("qlora", 30.0, 34.0, (24, 32), (24, 30), "rtx-a6000"),
    SeedRow("lora", 30.0, 34.0, (72, 86), None, "a100-80g-pcie"),
    SeedRow("qlora", 65.0, 75.0, (46, 58), (45, 55), "a100-80g-pcie"),
    SeedRow("lora", 65.0, 75.0, (155, 175), None, "mi300x"),
)


@dataclass(frozen=True)
class ArticleFigure:
    """Seed 003 (一万网络's article) gives its own LoRA figures for three sizes, 7B, 13B and 70B, counted
    as the 16-bit weights plus a little activation memory, with the setup it says holds each. They are
    per size, not per class: 13B is not seed 000's 14B row, so a 14B job does not get the 13B figure."""
    method: str
    size_b: float
    band: tuple[float, float]  # GB
    gpu: str  # the card it names (catalog id) and how many
    num_gpus: int = 1
    weights_only: bool = False  # 70B: the article gives the weights alone (140 GB) and a card count


ARTICLE_FIGURES = (
    ArticleFigure("lora", 7, (18, 22), "rtx-3090"),
    ArticleFigure("lora", 13, (26, 30), "a100-40g-sxm"),
    ArticleFigure("lora", 70, (140, 140), "a100-80g-sxm", 2, weights_only=True),
    ArticleFigure("qlora", 70, (35, 35), "h100-sxm", weights_only=True),
)
ARTICLE_SIZE_TOLERANCE_B = 0.7  # Qwen2.5-7B (7.6B) is a 7B; Llama-3-8B and Qwen 72B are not the article's sizes
SEED_SEQ, SEED_BATCH = 2048, 1


def seed_card(s: Sizing, provider: str | None = None, named_missed: bool = False) -> str | None:
    """The card seed 000's LoRA / QLoRA table names for this job's class, when no card was named and
    the job is at the table's settings (seq 2048, micro-batch 1, checkpointing on); None otherwise.
    One card stated ("8b qlora 一张卡月租多少") is the table's own setup, so it still names its card.
    At a `provider` whose own seed names a card for the class (engine: SeedRow.at), that card: the
    reader asking 一万网络 holds its article (a 3090 for 7B LoRA), not gpuli's table. `named_missed`: the card named
    does not hold the job, so the table's card is named as if none was."""
    q, r = s.request, s.resolved
    if not r.adapter or (s.fit is not None and not named_missed) or (r.num_gpus_stated and q.num_gpus != 1):
        return None
    if q.seq_len != SEED_SEQ or q.micro_batch != SEED_BATCH or not q.grad_checkpointing:
        return None
    b = r.params / 1e9
    row = next((x for x in SEED_ROWS if x.method == r.method and x.low_b <= b <= x.high_b), None)
    card = None if row is None else dict(row.at).get(provider or "", row.card)
    return None if card in (q.exclude or ()) else card  # a card the user ruled out is not named again


def class_card(s: Sizing) -> str | None:
    """The card seed 000's LoRA / QLoRA table names for this adapter job's size class, whatever the card
    and settings stated: its form (A100 PCIe 80GB for 32B LoRA and 72B QLoRA) is the seed's."""
    r = s.resolved
    b = r.params / 1e9
    return next((x.card for x in SEED_ROWS if r.adapter and x.method == r.method and x.low_b <= b <= x.high_b), None)


def provider_seed(s: Sizing, provider: str | None) -> bool:
    """Whether `provider`'s own seed names the card for this job's class (seed_card then gives it)."""
    return provider is not None and seed_card(s, provider) not in (None, seed_card(s))


def seed_figures(s: Sizing) -> SeedRow | None:
    """The seeds' row for this job's class when it is sized at their settings (one card, or DDP's copy per card;
    seq 2048, micro-batch 1, checkpointing on), whether or not our range sits inside it; None otherwise."""
    q, r, est = s.request, s.resolved, s.estimate
    # plain DDP keeps a whole copy on every card: each card holds what one card alone would, the seeds' figure
    if not r.adapter or (est.plan.num_gpus != 1 and est.plan.zero != 0) or est.plan.offload != "none":
        return None
    if q.seq_len != SEED_SEQ or q.micro_batch != SEED_BATCH or not q.grad_checkpointing:
        return None
    b = r.params / 1e9
    return next((x for x in SEED_ROWS if x.method == r.method and x.low_b <= b <= x.high_b), None)


def article_figure(s: Sizing) -> ArticleFigure | None:
    """Seed 003's figure for this job's own size (7B, 13B or 70B, within 0.7B), under seed_figures' terms."""
    if seed_figures(s) is None:
        return None
    b = s.resolved.params / 1e9
    return next((x for x in ARTICLE_FIGURES if x.method == s.resolved.method
                 and abs(b - x.size_b) <= ARTICLE_SIZE_TOLERANCE_B), None)


def seed_row(s: Sizing) -> dict[str, object] | None:
    """The seeds' figures for this job's class when it is sized at their settings (one card, seq
    2048, micro-batch 1, checkpointing on) and our range is not inside theirs, or our expected figure
    is outside the article's (seed 003) for its size; None otherwise."""
    est = s.estimate
    row = seed_figures(s)
    if row is None:
        return None
    ranges = [x for x in (row.gpuli, row.cloudgpu) if x is not None]
    low, high = min(x[0] for x in ranges), max(x[1] for x in ranges)
    article = article_figure(s)
    apart = article is not None and not article.band[0] <= est.total_gb <= article.band[1]
    if low <= est.range.low_gb and est.range.high_gb <= high and not apart:
        return None  # ours sits inside the seeds' figures: nothing to explain
    inside = low <= est.total_gb <= high
    b = s.resolved.params / 1e9
    return {"gpuli": row.gpuli, "cloudgpu": row.cloudgpu, "why": "high_end" if inside else "apart",
            "mid": est.total_gb, "card": row.card, "low": low, "high": high, "article": article,
            "class_b": row.size_b if b < row.from_b else None}


# Seed 003's full fine-tuning rule: 16 bytes per parameter (bf16 weights and gradients, fp32 master weights and
# AdamW's two moments) before activations, for the sizes it names; for 7B it adds what runs reach in practice
ARTICLE_FULL_BYTES = 16
ARTICLE_FULL = ((7, (130.0, 160.0)), (13, None), (70, None))


def article_full(s: Sizing, bytes_per_param: float) -> tuple[int, tuple[float, float] | None] | None:
    """Seed 003's full fine-tuning size (7, 13 or 70B, within 0.7B) and its in-practice band, for an AdamW job."""
    if s.resolved.adapter or bytes_per_param != ARTICLE_FULL_BYTES:
        return None
    b = s.resolved.params / 1e9
    return next(((n, band) for n, band in ARTICLE_FULL if abs(b - n) <= ARTICLE_SIZE_TOLERANCE_B), None)
