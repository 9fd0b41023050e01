"""Charts as PNG pictures beside the text: memory per card, and the cost options' totals.

- sizing: a stacked bar of the memory terms per card (weights, gradients, ... overhead) for the
  setup asked about, with up to three alternatives beside it, each against its card's capacity;
- cost: the options' totals (in the comparison currency) by provider, cheapest first.

matplotlib (Agg, no display) is imported only when a chart is drawn, so the CLI starts fast and a
text-only caller never pays for it. Chinese labels use Noto Sans CJK SC, which the `mplfonts`
package ships (declared in pyproject.toml, so `make test` installs it on a fresh machine).
A chart is attached lazily (`attach_chart`): the front end draws it when it sends a picture, and a
chart that fails to draw is logged and dropped without touching the text reply.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Iterable
from functools import cache, partial
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.i18n import t
from bot.messages import Reply
from bot.names import short_gpu
from bot.render import fmt_gb, fmt_mem
from engine.cost import CostReport
from engine.fit import Fit
from engine.memory import TERM_KEYS, Plan
from engine.money import Money
from engine.sizing import Sizing

if TYPE_CHECKING:
    from matplotlib.figure import Figure

log = logging.getLogger("kasuan.charts")
FONT_FILE = "NotoSansCJKsc-Regular.otf"
ALTERNATIVES = 3
COST_BARS = 8
SIZE_IN = (6.4, 3.6)
DPI = 100
TITLE_Y = 1.02  # a fixed title position spares matplotlib measuring the axes to place it
# One colour per memory term (matplotlib's tab10 order) and per provider.
TERM_COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#7f7f7f")
PROVIDER_COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd")


def font_path() -> Path:
    """The CJK font file inside the installed `mplfonts` package (not imported: only its data is used)."""
    spec = find_spec("mplfonts")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("the mplfonts package (Noto Sans CJK SC) is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / "fonts" / FONT_FILE


@cache
def _setup() -> str:
    """Select Agg and register the CJK font once per process; returns the font's family name."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import font_manager, rcParams

    path = font_path()
    font_manager.fontManager.addfont(str(path))
    name = font_manager.FontProperties(fname=str(path)).get_name()
    rcParams["font.family"] = [name]
    rcParams["axes.unicode_minus"] = False  # the CJK font's minus sign, not U+2212 from DejaVu
    return str(name)


def missing_glyphs(texts: Iterable[str]) -> set[str]:
    """Characters of `texts` the chart font cannot draw (each would render as an empty box)."""
    _setup()
    from matplotlib.ft2font import FT2Font

    font = FT2Font(str(font_path()))
    return {c for text in texts for c in text if not c.isspace() and font.get_char_index(ord(c)) == 0}


def figure_texts(fig: Figure) -> list[str]:
    """Every string drawn on `fig` (titles, labels, tick labels, legend, annotations)."""
    from matplotlib.text import Text

    return [x.get_text() for x in fig.findobj(Text) if x.get_text()]


def png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI, pil_kwargs={"compress_level": 3})  # zlib's fast end: 20% bigger, 3× quicker
    return buf.getvalue()


def _new_figure(left: float, right: float) -> tuple[Figure, Any]:
    """A figure with fixed margins: a layout engine would lay every text out twice per chart."""
    _setup()
    from matplotlib.figure import Figure

    fig = Figure(figsize=SIZE_IN, dpi=DPI)
    fig.subplots_adjust(left=left, right=right, top=0.9, bottom=0.16)
    return fig, fig.subplots()


# ---------------------------------------------------------------- memory per card


def plan_label(plan: Plan, lang: str) -> str:
    """The plan as the replies name it (templates/common.j2 plan_label): offload, ZeRO-n, DDP or one card."""
    if plan.offload != "none":
        return t("plan.offload", lang)
    if plan.zero:
        return t("plan.zero", lang, zero=plan.zero)
    return t("plan.ddp", lang) if plan.num_gpus > 1 else t("plan.single", lang)


def bar_label(fit: Fit, lang: str) -> str:
    plan = fit.estimate.plan
    return t("chart.setup", lang, n=plan.num_gpus, gpu=short_gpu(fit.gpu.name), plan=plan_label(plan, lang))


def sizing_bars(s: Sizing) -> list[Fit]:
    """The setup asked about first (the named card, or the best fit), then up to three alternatives."""
    first = s.fit if s.fit is not None else next((f for f in s.recommendations if f.fits), None)
    bars = [first] if first is not None else []
    if s.alternative is not None:
        bars.append(s.alternative)
    for f in s.recommendations:
        if len(bars) > ALTERNATIVES:
            break
        if f.fits and all(f.gpu.id != b.gpu.id for b in bars):
            bars.append(f)
    return bars


def _boxes(rects: list[tuple[float, float, float, float]], colour: str, alpha: float = 1.0) -> Any:
    """Rectangles (x, y, width, height) as one collection: one artist instead of a patch per bar, which
    matplotlib would otherwise add (and re-measure the axes for) one at a time."""
    from matplotlib.collections import PolyCollection

    verts = [[(x, y), (x + w, y), (x + w, y + h), (x, y + h)] for x, y, w, h in rects]
    return PolyCollection(verts, facecolors=colour, edgecolors="none", alpha=alpha)


def sizing_figure(s: Sizing, lang: str) -> Figure:
    from matplotlib.patches import Patch
    from matplotlib.ticker import MaxNLocator

    fig, ax = _new_figure(0.1, 0.76)
    bars: list[Fit | None] = [*sizing_bars(s)] or [None]
    estimates = [fit.estimate if fit is not None else s.estimate for fit in bars]
    xs = list(range(len(bars)))
    bottoms = [0.0] * len(bars)
    handles = []
    for i, (colour, key) in enumerate(zip(TERM_COLOURS, TERM_KEYS, strict=True)):
        heights = [est.terms[i].gb for est in estimates]
        ax.add_collection(_boxes([(x - 0.3, b, 0.6, h) for x, b, h in zip(xs, bottoms, heights, strict=True)], colour),
                          autolim=False)
        handles.append(Patch(color=colour, label=t(f"term.{key}", lang)))
        bottoms = [b + h for b, h in zip(bottoms, heights, strict=True)]
    carded = [(x, fit.gpu.memory_gb) for x, fit in zip(xs, bars, strict=True) if fit is not None]
    if carded:
        ax.hlines([c for _, c in carded], [x - 0.4 for x, _ in carded], [x + 0.4 for x, _ in carded],
                  colors="black", linestyles="dashed", linewidth=1.2)
    for x, cap in carded:
        ax.annotate(t("chart.capacity", lang, gb=fmt_mem(cap)), (x, cap), textcoords="offset points",
                    xytext=(0, 3), ha="center", fontsize=8)
    for x, est in zip(xs, estimates, strict=True):
        ax.annotate(fmt_gb(est.total_gb), (x, est.total_gb), textcoords="offset points", xytext=(0, -10),
                    ha="center", fontsize=8, color="white")
    labels = [bar_label(fit, lang) if fit is not None else t("chart.no_card", lang) for fit in bars]
    ax.set_xticks(xs, labels, fontsize=8)
    ax.set_ylabel(t("chart.gb_per_card", lang))
    r = s.resolved
    ax.set_title(t("chart.memory_title", lang, model=r.spec.name, method=t(f"method.{r.method}", lang)), fontsize=10,
                 y=TITLE_Y)
    ax.legend(handles=handles, fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
    top = max([c for _, c in carded] + [est.total_gb for est in estimates])
    ax.set_xlim(-0.6, len(bars) - 0.4)
    ax.set_ylim(0, top * 1.12)
    ax.yaxis.set_major_locator(MaxNLocator(5))  # each tick label is a text to lay out: keep them few
    return fig


def sizing_chart(s: Sizing, lang: str) -> bytes:
    """PNG: memory terms per card for the setup and its alternatives, against each card's capacity."""
    return png(sizing_figure(s, lang))


# ---------------------------------------------------------------- cost options


def cost_figure(report: CostReport, lang: str) -> Figure:
    from matplotlib.patches import Patch
    from matplotlib.ticker import MaxNLocator

    fig, ax = _new_figure(0.2, 0.97)
    options = report.options[:COST_BARS]
    cur = report.display_currency
    order = list(dict.fromkeys(o.provider.id for o in options))
    colours = [PROVIDER_COLOURS[order.index(o.provider.id) % len(PROVIDER_COLOURS)] for o in options]
    lows = [Money(o.compare_range.low, cur).rounded().amount for o in options]
    highs = [Money(o.compare_range.high, cur).rounded().amount for o in options]
    ys = list(range(len(options)))
    for y, colour, low, high in zip(ys, colours, lows, highs, strict=True):
        ax.add_collection(_boxes([(0.0, y - 0.4, float(low), 0.8)], colour), autolim=False)
        if high > low:  # an estimated price band: its upper end lighter
            ax.add_collection(_boxes([(float(low), y - 0.4, float(high - low), 0.8)], colour, 0.35), autolim=False)
    ax.set_ylim(len(options) - 0.5, -0.5)  # cheapest on top
    for y, low, high in zip(ys, lows, highs, strict=True):
        text = Money(low, cur).format() if high == low else f"{Money(low, cur).format()}–{Money(high, cur).format()}"
        ax.annotate(text, (float(high), y), textcoords="offset points", xytext=(3, 0), va="center", fontsize=8)
    ax.set_yticks(ys, [f"{o.num_gpus}× {short_gpu(o.gpu.name)}" for o in options], fontsize=8)
    ax.set_xlabel(t("chart.total_in", lang, currency=cur))
    ax.set_title(t("chart.cost_title", lang, model=report.sizing.resolved.spec.name), fontsize=10, y=TITLE_Y)
    if options:
        ax.set_xlim(0, float(max(highs)) * 1.3)
        ax.xaxis.set_major_locator(MaxNLocator(4))
        names = {o.provider.id: o.provider.name for o in options}
        handles = [Patch(color=PROVIDER_COLOURS[i % len(PROVIDER_COLOURS)], label=names[p]) for i, p in enumerate(order)]
        ax.legend(handles=handles, fontsize=8, loc="upper right", frameon=False)  # cheapest (shortest) bars on top
    return fig


def cost_chart(report: CostReport, lang: str) -> bytes:
    """PNG: the total of each cost option (comparison currency), coloured by provider."""
    return png(cost_figure(report, lang))


# ---------------------------------------------------------------- attaching


def attach_chart(reply: Reply, source: Sizing | CostReport) -> Reply:
    """Give `reply` its chart, drawn only when a front end sends the picture (Reply.picture)."""
    if isinstance(source, CostReport):
        if source.options:
            reply.chart = partial(cost_chart, source, reply.lang)
    else:
        reply.chart = partial(sizing_chart, source, reply.lang)
    return reply
