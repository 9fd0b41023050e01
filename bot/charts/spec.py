"""What a chart shows, as plain data worded in the reply's language: the bars, in the order the text
names their setups, the lead first and marked, every label already written out.

Why data and not a figure: the chart is drawn in another process (bot.charts.worker), so what crosses
over must pickle and must be small; it is also the cache key (two questions that come to the same
setups in the same language share one PNG), and tests read the bars here to check that the chart
tells the same story as the text. Nothing here imports matplotlib.

The lineups come from the reply's own view data (bot.views.summary's `lineup`, bot.views.cost's
`lineup`), so the chart cannot pick other setups than the text does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from wcwidth import wcswidth

from bot.text.i18n import t
from bot.text.names import short_gpu
from bot.text.render import fmt_gb, fmt_mem, fmt_params, one_sign
from engine.memory import TERM_KEYS
from engine.money import Money

LABEL_COLUMNS = 16  # a bar label wraps at about this display width (a CJK character counts two)
TITLE_COLUMNS = 40
# The seven memory terms drawn as four groups: a phone preview has room for four legend entries, not seven.
TERM_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("weights", ("weights",)),
    ("optimizer", ("gradients", "master_weights", "optimizer_states")),
    ("activations", ("activations", "logits")),
    ("overhead", ("overhead",)),
)
assert sorted(k for _, keys in TERM_GROUPS for k in keys) == sorted(TERM_KEYS)


@dataclass(frozen=True)
class MemoryBar:
    """One setup: its label (wrapped), GB per card in each term group, its card's memory, the figure
    written at its end ("77.4 / 80 GB"), and whether it is the setup the answer leads with."""

    label: str
    groups: tuple[float, ...]
    capacity_gb: float | None
    value: str
    lead: bool = False
    name: str = ""  # the setup on one line as the text names it: "8× A100 80GB SXM (ZeRO-3)"
    low_gb: float | None = None  # the estimate's range (the bar is the most likely figure; the verdict uses the high end)
    high_gb: float | None = None


@dataclass(frozen=True)
class CostBar:
    """One rental option: label (provider, then the setup), the total as the text prints it, and the
    range in the comparison currency that sets the bar's length (floats: positions on an axis only)."""

    label: str
    provider: str
    value: str
    low: float
    high: float
    lead: bool = False
    name: str = ""  # provider and setup on one line as the text names them: "gpuli 8× H200 SXM"


@dataclass(frozen=True)
class Chart:
    """A chart to draw: `kind` memory or cost, the words around it and its bars. Frozen and hashable:
    it is the worker cache's key. Calling it draws the PNG (in whichever process calls it)."""

    kind: str
    lang: str
    title: str
    caption: str  # one line sent with the picture (Telegram's caption)
    legend: tuple[str, ...]
    bars: tuple[MemoryBar, ...] | tuple[CostBar, ...]
    note: str = ""  # a small line under the bars (what the bar length means)

    def __call__(self) -> bytes:
        from bot.charts.figures import draw

        return draw(self)

    def names(self) -> list[str]:
        """The bars' setups on one line each, top to bottom, as the text names them."""
        return [b.name for b in self.bars]


LEAD_MARK = "★ "


def wrap(text: str, columns: int = LABEL_COLUMNS) -> str:
    """Lines of at most `columns` display columns, broken only between words: a name is never cut."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and wcswidth(lines[-1] + " " + word) <= columns:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "\n".join(lines)


def plan_label(row: dict[str, Any], lang: str) -> str:
    """The plan as the replies name it (templates/common.j2 plan_label): offload, ZeRO-n, DDP or one card."""
    if row.get("sharding") == "fsdp" and row["zero"] == 3:
        return t("plan.fsdp_offload" if row["offload"] != "none" else "plan.fsdp", lang)
    if row["offload"] != "none":
        return t("plan.offload", lang, zero=row.get("zero") or 3)
    if row["zero"]:
        return t("plan.zero", lang, zero=row["zero"])
    return t("plan.ddp", lang) if row["num_gpus"] > 1 else t("plan.single", lang)


def _marked(label: str, lead: bool) -> str:
    return LEAD_MARK + label if lead else label


# ---------------------------------------------------------------- memory per card


def grouped(terms: Sequence[float]) -> tuple[float, ...]:
    """The seven terms (TERM_KEYS order) summed into TERM_GROUPS."""
    by_key = dict(zip(TERM_KEYS, terms, strict=True))
    return tuple(round(sum(by_key[k] for k in keys), 3) for _, keys in TERM_GROUPS)


def memory_bar(row: dict[str, Any], lang: str, role: str = "", lead: bool = False,
               setup_key: str = "sum.setup") -> MemoryBar:
    plan = plan_label(row, lang)
    setup = t(setup_key, lang, n=row["num_gpus"], gpu=short_gpu(row["name"]))
    # as templates/sizing.j2 `setup` names it: the plan in brackets unless it is one card as it is
    named = row["num_gpus"] > 1 or row["offload"] != "none"
    name = f"{setup} ({plan})" if named else setup
    if role == "eight_bit":  # as the text's line names it: "8× A100 80GB SXM (ZeRO-3) with an 8-bit optimizer"
        name = t("chart.eight_bit", lang, plan=name)
    if role == "eight_bit":
        drawn = t("chart.eight_bit", lang, plan=plan if named else "").strip()
    else:
        drawn = plan if named else ""
    label = _marked(wrap(setup) + ("\n" + wrap(drawn) if drawn else ""), lead)
    low: float = row.get("low_gb", row["total_gb"])
    high: float = row.get("high_gb", row["total_gb"])
    ranged = fmt_gb(low) != fmt_gb(high)
    need = f"{fmt_gb(low)}–{fmt_gb(high)}" if ranged else fmt_gb(row["total_gb"])
    value = t("chart.need_of", lang, need=need, mem=fmt_mem(row["memory_gb"]))
    return MemoryBar(label, grouped(row["terms"]), row["memory_gb"], value, lead, name,
                     low if ranged else None, high if ranged else None)


def what(v: dict[str, Any], lang: str) -> str:
    """The job as the reply's first line names it (templates/sizing.j2 `what`): "32B full fine-tune"."""
    if v.get("family"):
        who = f"{v['family']} {fmt_params(v['params'])}"
    else:
        who = fmt_params(v["params"]) if v.get("bare_size") else v["model"]
    return f"{who} {t('method.' + v['method'], lang)}"


def memory_chart(lineup: Sequence[dict[str, Any]], v: dict[str, Any], lang: str, setup_key: str = "sum.setup") -> Chart:
    """The memory chart for a sizing reply: one bar per setup of `lineup` (rows with a `role`, in
    the text's order; the first is the lead unless it is only the first row of a table, role "fits"),
    or the asked setup's estimate when no card holds it. `setup_key` words a setup as the text does."""
    bars: list[MemoryBar] = []
    for i, row in enumerate(lineup):
        bars.append(memory_bar(row, lang, row.get("role", ""), i == 0 and row.get("role") != "fits", setup_key))
    if not bars:
        terms = v["estimate_terms"] if "estimate_terms" in v else [term["gb"] for term in v["terms"]]
        none = t("chart.no_card", lang)
        bars.append(MemoryBar(wrap(none), grouped(terms), None, t("chart.need", lang, need=fmt_gb(v["total_gb"])),
                              name=none))
    job = what(v, lang)
    return Chart(
        kind="memory", lang=lang,
        title=wrap(t("chart.memory_title", lang, what=job), TITLE_COLUMNS),
        caption=t("chart.memory_caption" if bars[0].lead else "chart.memory_caption_table", lang, what=job,
                  lead=bars[0].name),
        legend=tuple(t(f"chart.group.{key}", lang) for key, _ in TERM_GROUPS),
        bars=tuple(bars),
    )


# ---------------------------------------------------------------- cost options


def amount(low: Any, high: Any, currency: str, lang: str) -> str:
    """A total as the cost reply prints it (templates/cost_macros.j2 amount): $1,234 or ¥25,000–¥40,000."""
    text = Money(low, currency).format(lang)
    return text if high == low else f"{text}–{Money(high, currency).format(lang)}"


def cost_chart(lineup: Sequence[dict[str, Any]], v: dict[str, Any], lang: str,
               compare: Callable[[dict[str, Any]], tuple[float, float]]) -> Chart:
    """The cost chart for a cost reply: one bar per option of `lineup` (option rows in the text's
    order, the pick first), labelled with its provider and setup and the total the text prints;
    `compare` gives each row's range in the comparison currency (the bar's length)."""
    bars = []
    for i, row in enumerate(lineup):
        setup = t("size.rec_row", lang, n=row["num_gpus"], gpu=row["name"])
        label = wrap(row["provider_name"]) + "\n" + wrap(setup)
        low, high = compare(row)
        bars.append(CostBar(_marked(label, i == 0), row["provider_name"],
                            one_sign(amount(row["total_min"], row["total_max"], row["currency"], lang)), low, high, i == 0,
                            f"{row['provider_name']} {setup}"))
    job = what(v, lang)
    return Chart(
        kind="cost", lang=lang,
        title=wrap(t("chart.cost_title", lang, what=job), TITLE_COLUMNS),
        caption=t("chart.cost_caption", lang, what=job, lead=bars[0].name if bars else ""),
        legend=(),
        bars=tuple(bars),
        note=t("chart.bar_length", lang, currency=v["display_currency"]),
    )
