"""Charts: real CJK glyphs for every label, PNG out, lazy matplotlib, and a failing chart never
touches the text reply."""

from __future__ import annotations

import logging
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from bot import charts
from bot.core.router import Core
from bot.messages import Incoming, Reply
from bot.render import render_reply
from engine.cost import compare
from engine.request import TrainingRequest
from engine.sizing import size

PNG = b"\x89PNG\r\n\x1a\n"
SIZING = TrainingRequest(model="qwen2.5-14b", method="lora", gpu="a100-80g-sxm", num_gpus=2)
COST = TrainingRequest(model="qwen3-32b", method="full", num_gpus=8, tokens=20_000_000, epochs=3)


def drawn(fig: object) -> list[str]:
    """Render the figure with glyph warnings turned into errors, and return every text on it."""
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message=".*missing from font.*")
        data = charts.png(fig)  # type: ignore[arg-type]
    assert data.startswith(PNG)
    return charts.figure_texts(fig)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_sizing_chart_labels_have_every_glyph(lang: str) -> None:
    s = size(SIZING)
    texts = drawn(charts.sizing_figure(s, lang))
    joined = "".join(texts)
    assert charts.missing_glyphs(texts) == set()
    if lang == "zh":
        assert "每卡显存" in joined and "权重" in joined and "激活值" in joined  # Chinese really drawn
    assert "A100 80GB SXM" in joined and f"{s.estimate.total_gb:.1f}" in joined
    bars = charts.sizing_bars(s)
    assert bars[0] is s.fit and 1 < len(bars) <= 1 + charts.ALTERNATIVES


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_cost_chart_labels_have_every_glyph(lang: str) -> None:
    report = compare(COST.model_copy(update={"currency": "CNY"}))
    texts = drawn(charts.cost_figure(report, lang))
    assert charts.missing_glyphs(texts) == set()
    names = {o.provider.name for o in report.options[:charts.COST_BARS]}
    assert names <= set(texts)  # the legend names every provider shown (一万网络 included when listed)
    assert any(t.startswith("¥") for t in texts)  # totals in the comparison currency


def test_the_chart_font_is_the_packaged_noto_cjk() -> None:
    from matplotlib import rcParams

    assert charts._setup() == "Noto Sans CJK SC" and rcParams["font.family"] == ["Noto Sans CJK SC"]
    assert charts.font_path().is_file() and "mplfonts" in str(charts.font_path())


def test_the_glyph_check_catches_a_character_the_font_lacks() -> None:
    assert charts.missing_glyphs(["显存 GB", "\U0001fae0"]) == {"\U0001fae0"}  # an emoji Noto CJK lacks


def test_a_failing_chart_leaves_the_text_reply_alone(caplog: pytest.LogCaptureFixture) -> None:
    def broken() -> bytes:
        raise RuntimeError("no font")

    reply = Reply("help", "en", chart=broken)
    with caplog.at_level(logging.ERROR, logger="kasuan.charts"):
        assert reply.picture() is None
    assert "chart for a help reply failed" in caplog.text
    assert render_reply(reply, "plain") and reply.picture() is None  # drawn at most once


def test_sizing_and_cost_replies_carry_a_chart_that_draws_on_demand() -> None:
    core = Core()
    reply = core.handle(Incoming(text="/size Qwen2.5-14B LoRA on 2 A100s", user_id="u", chat_id="u"))
    assert reply is not None and reply.kind == "sizing" and reply.image is None and reply.chart is not None
    assert (reply.picture() or b"").startswith(PNG)
    cost = core.handle(Incoming(text="/cost 32B full finetune on 8 cards, 20M tokens, 3 epochs", user_id="u",
                                chat_id="u"))
    assert cost is not None and cost.kind == "cost" and (cost.picture() or b"").startswith(PNG)


def test_matplotlib_is_imported_only_when_a_chart_is_drawn() -> None:
    code = ("import sys; from bot.cli.commands import build_parser; build_parser(); import bot.core.handlers, bot.charts; "
            "print('matplotlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         cwd=Path(__file__).parent.parent)
    assert out.stdout.strip() == "False", out.stderr
