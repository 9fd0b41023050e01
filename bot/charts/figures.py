"""Charts as PNG pictures beside the text: memory per card of each setup the answer names, and the
total of each rental option it names, in the text's order, the lead first and marked (★, its row shaded).

Drawn for a phone: a chat preview is 320–400 px wide, so the picture is 480 px wide with few, large
labels: horizontal bars (a card's name reads across, wrapped between words, never cut), the figure
written at each bar's end instead of axis ticks, four memory groups instead of seven terms, the
provider named on every cost bar. Labels are literal text: matplotlib's mathtext is off, so "$1,200"
stays "$1,200" instead of becoming italic math.

Margins come from measuring the few texts (no layout engine: it would draw every chart twice).
What a chart shows is decided before drawing, as data (bot.charts.spec.Chart), from the reply's own
view; this module only draws it. matplotlib (Agg, no display) is imported only here, in whichever
process draws (the chat's chart worker, bot.charts.worker, or the console), so the CLI starts fast.
Chinese labels use Noto Sans CJK SC from the `mplfonts` package, with DejaVu Sans (matplotlib's own)
behind it for the few symbols the CJK font lacks (₮, ₽).
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.charts.spec import Chart, CostBar, MemoryBar, cost_chart, memory_chart
from bot.messages import Reply

if TYPE_CHECKING:
    from matplotlib.figure import Figure

FONT_FILE = "NotoSansCJKsc-Regular.otf"
FALLBACK_FONT = "DejaVu Sans"
WIDTH_IN = 4.8
DPI = 100  # 480 px wide: a phone shows it at 320–400 px, so 13 pt here is still about 11–13 px there
LABEL_PT = 13
VALUE_PT = 12
TITLE_PT = 14
NOTE_PT = 11
BAR_IN = 0.78  # height per bar, room for a three-line label
LEGEND_IN = 0.62  # two rows of legend under the bars
NOTE_IN = 0.38  # one line of note under the bars
GROUP_COLOURS = ("#4c72b0", "#dd8452", "#55a868", "#8c8c8c")  # weights, gradients+optimizer, activations, overhead
LEAD_SHADE = "#fff1c1"
PROVIDER_COLOURS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3")


def font_path() -> Path:
    """The CJK font file inside the installed `mplfonts` package (not imported: only its data is used)."""
    spec = find_spec("mplfonts")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("the mplfonts package (Noto Sans CJK SC) is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / "fonts" / FONT_FILE


@cache
def _setup() -> str:
    """Select Agg, register the CJK font and turn mathtext off, once per process; returns the font's name."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import font_manager, rcParams

    path = font_path()
    font_manager.fontManager.addfont(str(path))
    name = font_manager.FontProperties(fname=str(path)).get_name()
    rcParams["font.family"] = [name, FALLBACK_FONT]  # per-glyph fallback: ₮ comes from DejaVu Sans
    rcParams["axes.unicode_minus"] = False  # the CJK font's minus sign, not U+2212 from DejaVu
    rcParams["text.parse_math"] = False  # "$1,200–$2,000" is a price, not an equation
    return str(name)


def warm() -> None:
    """Pay the one-off costs (import, font registration, first glyph rendering) before the first chart."""
    _setup()
    from matplotlib.figure import Figure

    fig = Figure(figsize=(1, 1), dpi=DPI)
    fig.text(0.5, 0.5, "显存 GB $", fontsize=LABEL_PT)
    png(fig)


def _font_files() -> list[str]:
    from matplotlib import font_manager

    return [str(font_path()), font_manager.findfont(FALLBACK_FONT, fallback_to_default=False)]


def missing_glyphs(texts: Iterable[str]) -> set[str]:
    """Characters of `texts` no chart font can draw (each would render as an empty box)."""
    _setup()
    from matplotlib.ft2font import FT2Font

    fonts = [FT2Font(f) for f in _font_files()]
    return {c for text in texts for c in text
            if not c.isspace() and all(font.get_char_index(ord(c)) == 0 for font in fonts)}


def figure_texts(fig: Figure) -> list[str]:
    """Every string drawn on `fig` (titles, labels, tick labels, legend, annotations)."""
    from matplotlib.text import Text

    return [x.get_text() for x in fig.findobj(Text) if x.get_text() and x.get_visible()]


def clipped_texts(fig: Figure) -> list[str]:
    """The texts that reach past the picture's edge (drawn, then measured): a clipped name is a lie."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    canvas = fig.canvas if isinstance(fig.canvas, FigureCanvasAgg) else FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    box = fig.bbox
    out = []
    for x in fig.findobj(Text):
        if not x.get_text() or not x.get_visible():
            continue
        ext = x.get_window_extent(renderer)
        if ext.x0 < box.x0 - 0.5 or ext.y0 < box.y0 - 0.5 or ext.x1 > box.x1 + 0.5 or ext.y1 > box.y1 + 0.5:
            out.append(x.get_text())
    return out


def png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI, pil_kwargs={"compress_level": 3})  # zlib's fast end: 20% bigger, 3× quicker
    return buf.getvalue()


def _boxes(rects: list[tuple[float, float, float, float]], colour: str, alpha: float = 1.0) -> Any:
    """Rectangles (x, y, width, height) as one collection: one artist instead of a patch per bar."""
    from matplotlib.collections import PolyCollection

    verts = [[(x, y), (x + w, y), (x + w, y + h), (x, y + h)] for x, y, w, h in rects]
    return PolyCollection(verts, facecolors=colour, edgecolors="none", alpha=alpha)


def _new_figure(chart: Chart, extra_in: float) -> tuple[Figure, Any]:
    """A phone-width figure as tall as its bars need, margins set by `_fit_margins` once its texts are known."""
    _setup()
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    title_lines = chart.title.count("\n") + 1
    height = TITLE_PT * 1.35 * title_lines / 72 + 0.3 + BAR_IN * len(chart.bars) + extra_in
    fig = Figure(figsize=(WIDTH_IN, height), dpi=DPI)
    FigureCanvasAgg(fig)
    ax = fig.subplots()
    fig.suptitle(chart.title, fontsize=TITLE_PT, y=1 - 0.06 / height, va="top")
    for side in ("top", "right", "bottom"):
        ax.spines[side].set_visible(False)
    ax.tick_params(axis="x", bottom=False, labelbottom=False)  # the figures are written at the bars' ends
    ax.tick_params(axis="y", length=0, labelsize=LABEL_PT, pad=4)
    return fig, ax


def _text_px(fig: Figure, texts: Iterable[str], size: float) -> float:
    """The widest line of `texts` at `size` pt, in pixels, measured by the renderer that will draw them."""
    from matplotlib.font_manager import FontProperties

    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    prop = FontProperties(size=size)
    lines = [line for text in texts for line in text.split("\n") if line]
    return max((renderer.get_text_width_height_descent(line, prop, ismath=False)[0] for line in lines), default=0.0)


def _fit_margins(fig: Figure, ax: Any, chart: Chart, values: list[str], ends: list[float], bottom_in: float) -> None:
    """Margins from the measured texts, instead of a layout engine (which would draw the figure twice):
    the labels' width on the left, the title on top, `bottom_in` for the legend or note, and an x range
    that leaves room for each bar's figure after its end. tests/test_charts.py checks nothing is clipped."""
    w_px, h_in = WIDTH_IN * DPI, fig.get_figheight()
    pad = 10.0
    left = (_text_px(fig, [b.label for b in chart.bars], LABEL_PT) + pad + 4) / w_px
    title_in = TITLE_PT * 1.35 * (chart.title.count("\n") + 1) / 72 + 0.12
    fig.subplots_adjust(left=left, right=1 - pad / w_px, top=1 - title_in / h_in, bottom=bottom_in / h_in)
    axes_px = (1 - pad / w_px - left) * w_px
    # each bar's end plus its figure (5 pt offset) must stay inside the axes: solve for the x range
    need = [(end, _text_px(fig, [value], VALUE_PT) + 5 * DPI / 72 + 2) for end, value in zip(ends, values, strict=True)]
    xmax = max(end * axes_px / max(axes_px - text, 1.0) for end, text in need)
    ax.set_xlim(0, xmax or 1.0)


def _bar_labels(ax: Any, labels: list[str], leads: list[bool]) -> None:
    ys = list(range(len(labels)))
    ax.set_yticks(ys, labels)
    for y, lead in enumerate(leads):
        if lead:  # the CJK font has no bold: the lead's row is shaded instead (and its label starts with ★)
            ax.axhspan(y - 0.5, y + 0.5, color=LEAD_SHADE, zorder=0, linewidth=0)
    ax.set_ylim(len(labels) - 0.5, -0.5)  # the lead on top, then the text's order downwards


def memory_figure(chart: Chart) -> Figure:
    """Stacked horizontal bars of GB per card in four groups (the most likely figure), a whisker over the
    estimate's range, a black tick at each card's memory."""
    from matplotlib.patches import Patch

    bars: list[MemoryBar] = [b for b in chart.bars if isinstance(b, MemoryBar)]
    fig, ax = _new_figure(chart, LEGEND_IN)
    lefts = [0.0] * len(bars)
    for i, colour in enumerate(GROUP_COLOURS):
        rects = [(left, y - 0.32, b.groups[i], 0.64) for y, (left, b) in enumerate(zip(lefts, bars, strict=True))]
        ax.add_collection(_boxes(rects, colour), autolim=False)
        lefts = [left + b.groups[i] for left, b in zip(lefts, bars, strict=True)]
    for y, b in enumerate(bars):
        if b.capacity_gb is not None:
            ax.vlines(b.capacity_gb, y - 0.42, y + 0.42, colors="black", linewidth=2)
        if b.low_gb is not None and b.high_gb is not None:  # the estimate's range, as the text states it
            ax.hlines(y, b.low_gb, b.high_gb, colors="#222222", linewidth=1.5)
            ax.vlines([b.low_gb, b.high_gb], y - 0.12, y + 0.12, colors="#222222", linewidth=1.5)
        end = max(lefts[y], b.capacity_gb or 0.0, b.high_gb or 0.0)
        ax.annotate(b.value, (end, y), textcoords="offset points", xytext=(5, 0), va="center", fontsize=VALUE_PT)
    _bar_labels(ax, [b.label for b in bars], [b.lead for b in bars])
    ends = [max(left, b.capacity_gb or 0.0, b.high_gb or 0.0) for left, b in zip(lefts, bars, strict=True)]
    _fit_margins(fig, ax, chart, [b.value for b in bars], ends, LEGEND_IN)
    handles = [Patch(color=c, label=label) for c, label in zip(GROUP_COLOURS, chart.legend, strict=True)]
    fig.legend(handles=handles, loc="lower center", bbox_to_anchor=(0.5, 0.0), ncols=2, fontsize=VALUE_PT,
               frameon=False, handlelength=1.0, columnspacing=1.0, borderaxespad=0.2)
    return fig


def cost_figure(chart: Chart) -> Figure:
    """Horizontal bars of each option's total (the comparison currency sets the length; an estimated
    band's upper end lighter), labelled with provider and setup, the total as the text prints it."""
    bars: list[CostBar] = [b for b in chart.bars if isinstance(b, CostBar)]
    fig, ax = _new_figure(chart, NOTE_IN)
    order = list(dict.fromkeys(b.provider for b in bars))
    for y, b in enumerate(bars):
        colour = PROVIDER_COLOURS[order.index(b.provider) % len(PROVIDER_COLOURS)]
        ax.add_collection(_boxes([(0.0, y - 0.32, b.low, 0.64)], colour), autolim=False)
        if b.high > b.low:
            ax.add_collection(_boxes([(b.low, y - 0.32, b.high - b.low, 0.64)], colour, 0.35), autolim=False)
        ax.annotate(b.value, (b.high, y), textcoords="offset points", xytext=(5, 0), va="center", fontsize=VALUE_PT)
    _bar_labels(ax, [b.label for b in bars], [b.lead for b in bars])
    _fit_margins(fig, ax, chart, [b.value for b in bars], [b.high for b in bars], NOTE_IN if chart.note else 0.15)
    if chart.note:
        fig.text(0.5, 0.04 / fig.get_figheight(), chart.note, fontsize=NOTE_PT, color="#555555", ha="center",
                 va="bottom")
    return fig


def figure(chart: Chart) -> Figure:
    return memory_figure(chart) if chart.kind == "memory" else cost_figure(chart)


def draw(chart: Chart) -> bytes:
    """The chart as a PNG."""
    return png(figure(chart))


# ---------------------------------------------------------------- attaching


def chart_for(reply: Reply) -> Chart | None:
    """The chart for a sizing or cost reply, worded in its language, from the setups its text names."""
    v = reply.data.get("v")
    if not isinstance(v, dict) or "lineup" not in v:
        return None
    if reply.kind.startswith("cost"):
        if not v["lineup"]:
            return None
        return cost_chart(v["lineup"], v, reply.lang, lambda row: (float(row["compare"][0]), float(row["compare"][1])))
    return memory_chart(v["lineup"], v, reply.lang, "size.rec_row" if reply.kind == "sizing_details" else "sum.setup")


def attach_chart(reply: Reply, source: object = None) -> Reply:
    """Give `reply` its chart: a picklable, hashable `Chart` that draws when a front end sends the
    picture (Reply.picture, or the chart worker), with its one-line caption."""
    chart = chart_for(reply)
    if chart is not None:
        reply.chart = chart
        reply.chart_caption = chart.caption
    return reply
