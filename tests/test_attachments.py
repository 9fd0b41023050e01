"""Charts and exported files reach the user on every front end: Telegram (photo + one zip document),
Discord (attachments), the console (a saved PNG and a folder of files, paths printed), and /export
through the core."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import yaml

from bot.adapters import bundle
from bot.core.router import Core
from bot.core.settings import MemorySettings
from bot.messages import Incoming, Reply
from bot.runtime.console import chat
from bot.text.render import render_reply
from engine.request import TrainingRequest
from engine.sizing import size
from tests.test_discord import BOT_ID, DiscordHarness
from tests.test_telegram import TelegramHarness

PNG = b"\x89PNG\r\n\x1a\n"
FILES = {"llamafactory.yaml", "accelerate_fsdp.yaml", "llamafactory_fsdp.yaml", "launch_llamafactory.sh",
         "launch_torchrun.sh", "launch_accelerate.sh", "dataset_info.json", "kasuan_demo_sft.json"}


def test_export_through_the_core_hands_over_the_sized_files() -> None:
    core = Core(MemorySettings())
    reply = core.handle(Incoming(text="/export Qwen2.5-14B LoRA on 2 A100s", user_id="u", chat_id="u"))
    assert reply is not None and reply.kind == "export"
    files = dict(reply.files)
    assert set(files) == FILES  # two cards, DDP: no DeepSpeed file
    lf = yaml.safe_load(files["llamafactory.yaml"])
    s = size(TrainingRequest(model="qwen2.5-14b", method="lora", gpu="a100-80g-sxm", num_gpus=2))
    assert (lf["model_name_or_path"], lf["cutoff_len"], lf["lora_rank"]) == ("Qwen/Qwen2.5-14B", 2048, 8)
    assert f"{s.estimate.total_gb:.1f} GB per card" in files["llamafactory.yaml"].decode()
    text = render_reply(reply, "plain")
    assert "2× A100 80GB SXM" in text and "bash launch_llamafactory.sh" in text
    zh = core.handle(Incoming(text="/export 7B QLoRA 一张4090", user_id="u", chat_id="u"))
    assert zh is not None and zh.lang == "zh" and "可直接运行" in render_reply(zh, "plain")
    missing = core.handle(Incoming(text="/export", user_id="u", chat_id="u"))
    assert missing is not None and missing.kind == "missing" and not missing.files


def test_the_export_button_under_a_sizing_reply_answers_with_files() -> None:
    core = Core(MemorySettings())
    sized = core.handle(Incoming(text="/size 32B full finetune on 8 H100", user_id="u", chat_id="u"))
    assert sized is not None
    [button] = [b for b in sized.buttons if b.label_key == "btn.export"]
    assert button.payload.endswith("|x") and len(button.payload.encode()) <= 64
    reply = core.handle(Incoming(text="", button=button.payload, user_id="u", chat_id="u"))
    assert reply is not None and reply.kind == "export"
    files = dict(reply.files)
    assert "ds_config.json" in files  # 8 cards of full fine-tuning: a ZeRO stage, so DeepSpeed
    import json

    stage = json.loads(files["ds_config.json"])["zero_optimization"]["stage"]
    assert stage == sized.data["v"]["zero"] and stage in (2, 3)


def test_bundle_zips_several_files_and_keeps_scripts_runnable() -> None:
    assert bundle([("a.yaml", b"x: 1\n")]) == ("a.yaml", b"x: 1\n")
    name, data = bundle([("a.yaml", b"x: 1\n"), ("run.sh", b"echo hi\n")])
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert name.endswith(".zip") and zf.read("run.sh") == b"echo hi\n"
        assert (zf.getinfo("run.sh").external_attr >> 16) & 0o111


async def test_telegram_sends_the_chart_as_a_photo_and_the_files_as_one_zip() -> None:
    async with TelegramHarness() as h:
        [text] = await h.ask(7, "Qwen2.5-14B LoRA on 2 A100s")
        [photo] = await h.server.wait_sent(1, "sendPhoto", chat_id=7, timeout=30)  # a cold chart worker under load
        assert photo.params["photo"].startswith(PNG)
        assert h.server.calls.index(photo) > h.server.calls.index(text)  # the text goes first, the picture after
        await h.ask(7, "/export Qwen2.5-14B LoRA on 2 A100s")
        [doc] = await h.server.wait_sent(1, "sendDocument", chat_id=7)
        with zipfile.ZipFile(io.BytesIO(doc.params["document"])) as zf:
            assert set(zf.namelist()) == FILES
            assert yaml.safe_load(zf.read("llamafactory.yaml"))["cutoff_len"] == 2048


async def test_telegram_text_still_goes_out_when_the_chart_fails() -> None:
    core = Core(MemorySettings())

    def broken() -> bytes:
        raise RuntimeError("chart broke")

    core.commands["chart"] = lambda ctx, args: Reply("help", "en", chart=broken)
    async with TelegramHarness(core) as h:
        [text] = await h.ask(7, "/chart")
        assert "KaSuan" in text.params["text"]
        assert h.server.sent("sendPhoto", chat_id=7) == []


def attachments(body: Any) -> list[str]:
    data = body.get("data", body) if isinstance(body, dict) else {}
    return [a["filename"] for a in (data.get("attachments") or [])]


async def test_discord_sends_the_chart_and_the_files_as_attachments() -> None:
    async with DiscordHarness() as h:
        h.say(f"<@{BOT_ID}> /size Qwen2.5-14B LoRA on 2 A100s", mention=True)
        await h.settle(lambda: h.sent("/messages/{message_id}"))
        [text] = h.answers()
        [chart] = h.sent("/messages/{message_id}")  # the text goes first; the chart is edited into it once drawn
        assert attachments(text.payload) == [] and attachments(chart.payload) == ["reply.png"]
        assert chart.payload["embeds"][0]["image"]["url"] == "attachment://reply.png"
        before = len(h.answers())
        h.say(f"<@{BOT_ID}> /export Qwen2.5-14B LoRA on 2 A100s", mention=True)
        await h.settle(lambda: len(h.answers()) > before)
        assert set(attachments(h.answers()[-1].payload)) == FILES


def test_console_saves_the_chart_and_writes_the_files(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("KASUAN_OUT", str(tmp_path))
    out = io.StringIO()
    chat(io.StringIO("Qwen2.5-14B LoRA on 2 A100s\n/export Qwen2.5-14B LoRA on 2 A100s\n"), out,
         Core(MemorySettings()))
    text = out.getvalue()
    png = tmp_path / "sizing-1.png"
    assert f"chart: {png}" in text and png.read_bytes().startswith(PNG)
    folder = tmp_path / "export-2"
    assert {p.name for p in folder.iterdir()} == FILES
    for name in FILES:
        assert f"  {folder / name}" in text
    assert (folder / "launch_torchrun.sh").stat().st_mode & 0o111


async def test_a_burst_of_charts_is_bounded_and_the_text_is_never_held() -> None:
    from bot.adapters import CHART_BACKLOG, CoreRunner

    runner = CoreRunner(Core(MemorySettings()))
    try:
        def draw() -> bytes:
            return PNG + b"chart"

        runner._chart_backlog = CHART_BACKLOG  # as if that many charts were waiting for the chart thread
        busy = Reply("sizing", "en", chart=draw)
        assert await runner.picture(busy) is None and busy.chart is None and runner.charts_dropped == 1
        runner._chart_backlog = 0
        assert await runner.picture(Reply("sizing", "en", chart=draw)) == PNG + b"chart"
        assert runner._chart_backlog == 0
    finally:
        runner.close()


async def test_discord_export_button_edits_the_text_and_follows_with_the_files() -> None:
    from tests.test_discord import CHANNEL

    async with DiscordHarness() as h:
        h.slash("size", model="qwen2.5-14b", method="lora", gpu="a100-80g-sxm", gpus=2)
        await h.settle(lambda: h.answers())
        await h.settle(lambda: h.sent("/messages/@original"))
        first = h.answers()[0]
        [chart] = h.sent("/messages/@original")  # the chart is edited into the slash command's answer
        assert attachments(chart.payload) == ["reply.png"]
        message = h.message_payload(CHANNEL, first.payload["data"])
        export = next(b for b in first.components if b["label"] == "Export config")
        h.press(message, export["custom_id"])
        await h.settle(lambda: any(set(attachments(r.payload)) == FILES for r in h.requests))
        edit = next(r for r in h.answers()[1:] if isinstance(r.payload, dict) and r.payload.get("type") == 7)
        assert "ready-to-run" in edit.content and "bash launch\\_llamafactory.sh" in edit.content  # markdown-escaped


def test_cost_replies_have_the_export_button_too() -> None:
    core = Core(MemorySettings())
    cost = core.handle(Incoming(text="/cost Qwen3-8B QLoRA on a 4090, 50k samples", user_id="u", chat_id="u"))
    assert cost is not None and cost.kind == "cost"
    [button] = [b for b in cost.buttons if b.label_key == "btn.export"]
    assert button.payload.endswith("|x")
    reply = core.handle(Incoming(text="", button=button.payload, user_id="u", chat_id="u"))
    assert reply is not None and reply.kind == "export"
    lf = yaml.safe_load(dict(reply.files)["llamafactory.yaml"])
    assert (lf["quantization_bit"], lf["model_name_or_path"]) == (4, "Qwen/Qwen3-8B")


def test_the_console_leaves_on_quit_words_without_answering_them(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("KASUAN_OUT", str(tmp_path))
    for word in ("quit", "EXIT", "退出"):
        out = io.StringIO()
        assert chat(io.StringIO(f"{word}\nQwen3-8B LoRA on a 4090\n"), out, core=Core(MemorySettings())) == 0
        assert out.getvalue() == "", (word, out.getvalue())  # left before the question on the next line


async def test_an_update_is_marked_answered_once_its_text_is_out_before_the_chart(tmp_path: Path) -> None:
    """A replica killed while its chart waits for the chat's pace must not leave the update to be
    answered (and its text sent) a second time by the replica that takes it over."""
    from bot.adapters import CoreRunner, StoreDedup
    from bot.store import connect

    store = connect(tmp_path / "k.db")
    seen: list[list[int]] = []

    def chart() -> bytes:  # drawn after the text went out: what does the store say by then?
        reader = connect(tmp_path / "k.db")
        seen.append([int(r["done"]) for r in reader.rows("SELECT done FROM processed_updates")])
        reader.close()
        return PNG + b"\x00" * 16

    core = Core(MemorySettings())
    core.commands["chart"] = lambda ctx, args: Reply("help", "en", chart=chart)
    async with TelegramHarness(core, runner=CoreRunner(core, StoreDedup(store))) as h:
        await h.ask(7, "/chart")
        await h.server.wait_sent(1, chat_id=7, method="sendPhoto")
    assert seen == [[1]], seen
    store.close()
