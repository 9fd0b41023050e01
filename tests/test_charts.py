"""Charts tell the same story as the text: the setups the text names, in its order, the lead first and
marked; labels literal ("$" is not math), names whole, the provider on every cost bar, legible at a
phone's preview width; drawn in a worker process with a cache; sent tied to their answer on Telegram
and replacing the old chart on a Discord edit. Plus: real CJK glyphs, lazy matplotlib, and a failing
chart never touches the text reply."""

from __future__ import annotations

import asyncio
import logging
import os
import subprocess
import sys
import time
import warnings
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.charts import figures as charts
from bot.charts.spec import LEAD_MARK, Chart, cost_chart, memory_chart
from bot.charts.worker import ChartWorker
from bot.core.router import Core
from bot.core.settings import MemorySettings
from bot.messages import Incoming, Reply
from bot.text.names import short_gpu
from bot.text.render import fmt_gb, render_reply
from bot.views.summary import sizing_summary
from engine.catalog import gpus
from engine.request import TrainingRequest
from engine.sizing import size

PNG = b"\x89PNG\r\n\x1a\n"
QUESTIONS = [
    ("32B full on 8 cards", "en"), ("32B 全参 8卡", "zh"), ("Qwen2.5-14B LoRA on 2 A100s", "en"),
    ("Qwen3-8B QLoRA on a 4090", "en"), ("72B full on 8 H100", "en"), ("qwen3 8b 全参 一张4090", "zh"),
    ("/cost 32B full finetune on 8 cards, 20M tokens, 3 epochs", "en"),
    ("/cost 32B 全参 8卡 2000万 token 3 轮", "zh"), ("/cost Qwen3-8B QLoRA on a 4090, 50k samples", "en"),
]


def ask(text: str, core: Core | None = None) -> Reply:
    reply = (core or Core(MemorySettings())).handle(Incoming(text=text, user_id="u", chat_id="u"))
    assert reply is not None and isinstance(reply.chart, Chart), text
    return reply


def drawn(fig: Any) -> list[str]:
    """Render the figure with glyph warnings turned into errors, and return every text on it."""
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message=".*missing from font.*")
        assert charts.png(fig).startswith(PNG)
    return charts.figure_texts(fig)


def bar_labels(fig: Any) -> list[str]:
    """The bars' labels as drawn (the y tick labels, top to bottom), each on one line."""
    ax = fig.axes[0]
    ticks = sorted(zip(ax.get_yticks(), ax.get_yticklabels(), strict=True), key=lambda p: p[0])
    return [" ".join(label.get_text().split()) for _, label in ticks]


def as_text_names(label: str) -> str:
    """A drawn memory label ("★ 8× A100 80GB SXM ZeRO-3") as the text writes the setup ("... (ZeRO-3)")."""
    return label.removeprefix(LEAD_MARK)


# ---------------------------------------------------------------- the same story as the text


@pytest.mark.parametrize(("text", "lang"), QUESTIONS)
def test_the_chart_shows_the_texts_setups_in_its_order_lead_first_and_marked(text: str, lang: str) -> None:
    reply = ask(text)
    chart = reply.chart
    assert isinstance(chart, Chart) and chart.lang == lang == reply.lang
    words = render_reply(reply, "plain")
    fig = charts.figure(chart)
    labels = bar_labels(fig)
    names = chart.names()
    assert len(labels) == len(names) >= 2
    # every bar's setup is named in the text, and in the text's order
    places = [words.find(name) for name in names]
    assert -1 not in places, (names, words)
    assert places == sorted(places), (names, words)
    # the drawn labels are those setups, whole: the words of the drawn label are the text's words
    for label, name, row in zip(labels, names, reply.data["v"]["lineup"] or [{}], strict=True):
        drawn_words = as_text_names(label).replace("(", "").replace(")", "").split()
        text_words = name.replace("(", "").replace(")", "").split()
        extra = drawn_words[len(text_words):]
        assert drawn_words[:len(text_words)] == text_words
        assert not extra or row.get("role") == "eight_bit"  # only the 8-bit way says more: "+ 8-bit optimizer"
    # the lead is the setup of the answer's verdict line, first, marked with ★ and a shaded row
    lead_line = next(line for line in words.splitlines()[:2] if names[0] in line)
    assert lead_line and labels[0].startswith(LEAD_MARK.strip()) and not any(x.startswith("★") for x in labels[1:])
    assert [b.lead for b in chart.bars] == [True] + [False] * (len(names) - 1)
    shaded = [p for p in fig.axes[0].patches if p.get_facecolor()[:3] != (1.0, 1.0, 1.0)]
    assert len(shaded) == 1 and shaded[0].get_y() == pytest.approx(-0.5)  # the top row, the lead's


def test_32b_full_on_8_cards_leads_with_the_setup_the_text_leads_with() -> None:
    """The reported bug: the chart dropped the verdict's setup and showed cards the text never named."""
    reply = ask("32B full on 8 cards")
    assert isinstance(reply.chart, Chart)
    names = reply.chart.names()
    words = render_reply(reply, "plain")
    verdict = words.splitlines()[1]
    assert names[0] in verdict and all(n in words for n in names)
    v = reply.data["v"]["verdict"]
    # the figure on the lead bar is the verdict line's: the range (or the figure) of the card's memory
    low, high = fmt_gb(v["low_gb"]), fmt_gb(v["high_gb"])
    value = reply.chart.bars[0].value
    assert value == (f"{low}–{high}" if low != high else fmt_gb(v["total_gb"])) + f" / {v['memory_gb']:g} GB"
    assert value.split(" / ")[0] in verdict


def test_cost_bars_name_their_provider_and_print_the_texts_totals() -> None:
    reply = ask("/cost 32B full finetune on 8 cards, 20M tokens, 3 epochs")
    chart = reply.chart
    assert isinstance(chart, Chart)
    words = render_reply(reply, "plain")
    fig = charts.figure(chart)
    providers = {"gpuli", "一万网络", "CloudGPU"}
    for label, bar in zip(bar_labels(fig), chart.bars, strict=True):
        first = label.removeprefix(LEAD_MARK).split(" ")[0]
        assert first in providers and first == bar.provider  # the provider opens every bar's label
    texts = drawn(fig)
    for bar in chart.bars:  # the total on each bar is the total the text prints for that option
        assert bar.value in texts and bar.value in words
    assert chart.names()[0] == "gpuli 8×H200 SXM" and "gpuli 8×H200 SXM" in words.splitlines()[1]


# ---------------------------------------------------------------- literal, whole, legible


def test_a_dollar_price_label_is_drawn_literally_not_as_math() -> None:
    reply = ask("/cost Qwen3-8B QLoRA on a 4090, 50k samples")
    v = reply.data["v"]
    usd = [r for r in v["lineup"] if r["currency"] == "USD"]
    assert usd  # CloudGPU prices in dollars
    # an estimated band in dollars prints its sign once ("$a–b"); a label with two "$" (a provider's own text could
    # hold one) is what mathtext would read as an equation, so one is drawn here to check it stays literal
    band = [usd[0] | {"total_max": usd[0]["total_min"] * 2}, *v["lineup"][1:]]
    chart = cost_chart(band, v, "en", lambda row: (float(row["compare"][0]), float(row["compare"][1])))
    assert chart.bars[0].value.count("$") == 1 and "–" in chart.bars[0].value
    chart = replace(chart, bars=[replace(chart.bars[0], value=f"{chart.bars[0].value} (${chart.bars[0].high:.2f})"),
                                 *chart.bars[1:]])
    assert chart.bars[0].value.count("$") == 2
    from matplotlib.text import Text

    fig = charts.figure(chart)
    drawn(fig)
    dollars = [x for x in fig.findobj(Text) if "$" in x.get_text()]
    assert dollars
    for x in dollars:
        assert x._preprocess_math(x.get_text()) == (x.get_text(), False)  # drawn as the literal string
    # and the same label would have been math without the setting: the test can fail
    assert Text(0, 0, "$1,200–$2,000", parse_math=True)._preprocess_math("$1,200–$2,000")[1] is True


def test_long_card_names_are_wrapped_whole_and_nothing_is_clipped() -> None:
    long_names = sorted((g for g in gpus().entries), key=lambda g: -len(g.name))[:3]
    v = ask("Qwen3-8B QLoRA on a 4090").data["v"]
    rows = [sizing_summary(size(TrainingRequest(model="qwen3-8b", method="qlora", gpu=g.id)), "USD")["lineup"][0]
            for g in long_names]
    chart = memory_chart(rows, v, "en")
    fig = charts.figure(chart)
    assert charts.clipped_texts(fig) == []
    for label, g in zip(bar_labels(fig), long_names, strict=True):
        assert short_gpu(g.name) in label  # the whole name, only wrapped between words
    for question, _ in QUESTIONS:
        assert charts.clipped_texts(charts.figure(ask(question).chart)) == [], question  # type: ignore[arg-type]


@pytest.mark.parametrize(("text", "lang"), QUESTIONS[:2] + QUESTIONS[6:8])
def test_legible_at_a_phones_preview_width(text: str, lang: str) -> None:
    """480 px wide, so a 360 px preview shrinks it by a quarter: every label stays at 11 pt or more
    (≥ 11 px on the phone), and there are few of them: per bar its label and its figure, plus the title,
    a legend of four and one note — no axis ticks."""
    from matplotlib.text import Text

    chart = ask(text).chart
    assert isinstance(chart, Chart)
    fig = charts.figure(chart)
    texts = drawn(fig)
    assert charts.missing_glyphs(texts) == set()
    assert fig.get_figwidth() * fig.dpi == 480
    sizes = [x.get_fontsize() for x in fig.findobj(Text) if x.get_text() and x.get_visible()]
    assert min(sizes) >= 11
    assert len(texts) <= 2 * len(chart.bars) + 6
    assert fig.axes[0].get_xticklabels() == [] or not any(x.get_visible() and x.get_text()
                                                          for x in fig.axes[0].get_xticklabels())
    if lang == "zh":
        assert any("显存" in x or "总价" in x for x in texts)  # Chinese really drawn


def test_the_chart_font_is_the_packaged_noto_cjk_with_a_fallback_for_symbols() -> None:
    from matplotlib import rcParams

    assert charts._setup() == "Noto Sans CJK SC" and rcParams["font.family"] == ["Noto Sans CJK SC", "DejaVu Sans"]
    assert charts.font_path().is_file() and "mplfonts" in str(charts.font_path())
    assert rcParams["text.parse_math"] is False
    assert charts.missing_glyphs(["₮19,752 ¥25,000 $0.33 ★"]) == set()  # ₮ from DejaVu Sans, the rest from Noto


def test_the_glyph_check_catches_a_character_the_fonts_lack() -> None:
    assert charts.missing_glyphs(["显存 GB", "\U0001fae0"]) == {"\U0001fae0"}  # an emoji neither font has


def test_a_failing_chart_leaves_the_text_reply_alone(caplog: pytest.LogCaptureFixture) -> None:
    def broken() -> bytes:
        raise RuntimeError("no font")

    reply = Reply("help", "en", chart=broken)
    with caplog.at_level(logging.ERROR, logger="kasuan.charts"):
        assert reply.picture() is None
    assert "chart for a help reply failed" in caplog.text
    assert render_reply(reply, "plain") and reply.picture() is None  # drawn at most once


def test_sizing_and_cost_replies_carry_a_chart_that_draws_on_demand() -> None:
    reply = ask("/size Qwen2.5-14B LoRA on 2 A100s")
    assert reply.kind == "sizing" and reply.image is None
    assert (reply.picture() or b"").startswith(PNG)
    assert reply.chart_caption and "\n" not in reply.chart_caption and "★" in reply.chart_caption
    cost = ask("/cost 32B full finetune on 8 cards, 20M tokens, 3 epochs")
    assert cost.kind == "cost" and (cost.picture() or b"").startswith(PNG)


def test_matplotlib_is_imported_only_when_a_chart_is_drawn() -> None:
    code = ("import sys; from bot.cli.commands import build_parser; build_parser(); import bot.core.router, bot.charts.figures; "
            "import bot.adapters, bot.charts.worker; print('matplotlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         cwd=Path(__file__).parent.parent)
    assert out.stdout.strip() == "False", out.stderr


# ---------------------------------------------------------------- the worker process and its cache


def _pid() -> int:
    return os.getpid()


async def test_charts_draw_in_another_process_and_a_repeat_comes_from_the_cache() -> None:
    worker = ChartWorker(workers=1)
    try:
        await asyncio.wrap_future(worker.start())
        assert worker._pool is not None
        child = await asyncio.wrap_future(worker._pool.submit(_pid))
        assert child != os.getpid()
        zh, en = ask("32B 全参 8卡").chart, ask("32B full on 8 cards").chart
        assert isinstance(zh, Chart) and isinstance(en, Chart) and zh != en  # the language is part of the key
        first = await worker.draw(en)
        assert first is not None and first.startswith(PNG) and worker.stats.drawn == 1
        again = await worker.draw(ask("32B full on 8 cards").chart)  # type: ignore[arg-type]  # a new, equal chart
        assert again == first and worker.stats.drawn == 1 and worker.stats.hits == 1
        both = await asyncio.gather(worker.draw(zh), worker.draw(zh))  # asked twice at once: drawn once
        assert both[0] == both[1] and worker.stats.drawn == 2 and worker.stats.joined == 1
    finally:
        worker.close()


async def test_a_burst_of_charts_does_not_hold_up_the_text_answers() -> None:
    """Twelve distinct charts queued in the worker, then five text questions: every text answer
    is back before the burst is drawn, each within a second."""
    from bot.adapters import CoreRunner

    core = Core(MemorySettings())
    runner = CoreRunner(core)
    runner.chart_worker = ChartWorker(workers=1)
    try:
        await asyncio.wrap_future(runner.chart_worker.start())
        sizes = [f"/size qwen3-{m} lora {n} cards" for m in ("8b", "14b", "32b") for n in (1, 2, 4, 8)]
        replies = [await runner.handle(Incoming(text=q, user_id="u", chat_id="u")) for q in sizes]
        burst = [asyncio.ensure_future(runner.picture(r)) for r in replies if r is not None]
        latencies = []
        for q in ("qwen3 8b lora on a 4090", "/gpus", "32B full on 8 cards", "/cost 7b lora 1 card 10k samples",
                  "/help"):
            start = time.perf_counter()
            assert await runner.handle(Incoming(text=q, user_id="u", chat_id="u")) is not None
            latencies.append(time.perf_counter() - start)
        pending = sum(not f.done() for f in burst)
        pictures = await asyncio.gather(*burst)
        assert all(p is not None and p.startswith(PNG) for p in pictures)
        assert pending > 0, "the burst was over before the text questions: not a test of overlap"
        assert max(latencies) < 1.0, latencies
    finally:
        runner.chart_worker.close()
        runner.close()


# ---------------------------------------------------------------- sent tied to their answer


async def test_telegram_sends_the_chart_as_a_reply_to_its_answer_with_a_one_line_caption() -> None:
    from tests.test_telegram import GROUP, TelegramHarness

    async with TelegramHarness() as h:
        [text] = await h.ask(GROUP, "@kasuan_bot 32B full on 8 cards")
        [photo] = await h.server.wait_sent(1, "sendPhoto", chat_id=GROUP, timeout=30)
        answer_id = text.result["message_id"]
        assert photo.params["reply_parameters"]["message_id"] == answer_id  # tied to the answer, not floating
        caption = photo.params["caption"]
        lead = text.params["text"].splitlines()[1]
        assert "\n" not in caption and caption.startswith("📊") and caption.rsplit(", ", 1)[1] in lead
        assert photo.params["photo"].startswith(PNG)
        # a button press edits the answer in place: the new chart replies to that same message
        lora = next(b for row in text.params["reply_markup"]["inline_keyboard"] for b in row if b["text"] == "LoRA")
        h.server.press(GROUP, answer_id, lora["callback_data"])
        photos = await h.server.wait_sent(2, "sendPhoto", chat_id=GROUP, timeout=30)
        assert photos[1].params["reply_parameters"]["message_id"] == answer_id
        assert "LoRA" in photos[1].params["caption"] and photos[1].params["caption"] != caption


async def test_a_discord_edit_replaces_the_old_chart_with_the_new_one() -> None:
    from tests.test_discord import CHANNEL, DiscordHarness

    def attachments(body: Any) -> list[str]:
        data = body.get("data", body) if isinstance(body, dict) else {}
        return [a["filename"] for a in (data.get("attachments") or [])]

    async with DiscordHarness() as h:
        h.slash("size", model="qwen3-8b", method="qlora", gpu="rtx-4090", gpus=1)
        await h.settle(lambda: h.sent("/messages/@original"))
        first = h.answers()[0]
        [old_chart] = h.sent("/messages/@original")
        assert attachments(old_chart.payload) == ["reply.png"] and "QLoRA" in old_chart.payload["embeds"][0]["footer"]["text"]
        message = h.message_payload(CHANNEL, first.payload["data"])
        message["attachments"] = [{"id": "1", "filename": "reply.png", "size": 1, "url": "https://x/reply.png",
                                   "proxy_url": "https://x/reply.png"}]
        lora = next(b for b in first.components if b["label"] == "LoRA")
        h.press(message, lora["custom_id"])
        await h.settle(lambda: len(h.sent("/messages/@original")) == 2)
        edit = next(r for r in h.answers()[1:] if r.payload.get("type") == 7)
        assert "LoRA" in edit.content
        assert edit.payload["data"]["attachments"] == [] and edit.payload["data"]["embeds"] == []  # the old chart goes
        new_chart = h.sent("/messages/@original")[1]
        assert attachments(new_chart.payload) == ["reply.png"]  # attachments=[new]
        footer = new_chart.payload["embeds"][0]["footer"]["text"]
        assert "LoRA" in footer and "QLoRA" not in footer


@pytest.mark.parametrize("question", ["32B full on 8 cards", "Qwen3-8B QLoRA on a 4090"])
def test_the_details_chart_follows_the_details_text(question: str) -> None:
    """Details: the named card first (the text's verdict line), then the table's rows in its order;
    with no card named there is no verdict to mark, so no bar is."""
    core = Core(MemorySettings())
    summary = ask(question, core)
    details = next(b for b in summary.buttons if b.label_key == "btn.details")
    reply = core.handle(Incoming(text="", button=details.payload, user_id="u", chat_id="u"))
    assert reply is not None and reply.kind == "sizing_details" and isinstance(reply.chart, Chart)
    words = render_reply(reply, "plain")
    table = words[words.index("GB/card"):]
    bars = reply.chart.bars
    named = summary.data["v"]["named"]
    rows = bars[1:] if named else bars
    places = [table.find(b.name.split(" (")[0] + " ") for b in rows]
    assert -1 not in places and places == sorted(places), ([b.name for b in bars], table)
    assert [b.lead for b in bars] == [named] + [False] * (len(bars) - 1)
    if named:
        assert short_gpu(summary.data["v"]["fit"]["name"]) in words.splitlines()[2] and bars[0].name.endswith("RTX 4090")


def test_a_chart_worker_leaves_when_its_parent_is_killed(tmp_path: Path) -> None:
    """A SIGKILLed front end cannot shut its pool down: the spawned worker notices it was handed to
    another parent and exits, instead of waiting on its queue for good."""
    import signal

    script = tmp_path / "parent.py"
    script.write_text(
        "import time\n"
        "from bot.charts.worker import ChartWorker\n"
        "if __name__ == '__main__':\n"
        "    w = ChartWorker(workers=1)\n"
        "    w.start().result(timeout=120)\n"
        "    print(*w._executor()._processes, flush=True)\n"
        "    time.sleep(600)\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert parent.stdout is not None
        worker = int(parent.stdout.readline().split()[0])
        os.kill(worker, 0)  # alive while its parent is
    finally:
        parent.send_signal(signal.SIGKILL)
        parent.wait(10)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        try:
            os.kill(worker, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    raise AssertionError(f"chart worker {worker} outlived its killed parent")
