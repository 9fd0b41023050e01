"""Prices say how old they are, and a provider's own list can replace them: `kasuan prices import`
(gpu-prices.json or CSV) validates, shows the diff and writes only when confirmed, into the data
dir; the refresh fetches a configured URL (a local aiohttp server here) and keeps the last good
list when a fetch fails, saying so in the replies."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from bot.cli import prices as prices_cli
from bot.cli.commands import main
from bot.clock import FixedClock
from bot.core.router import Core
from bot.core.settings import MemorySettings
from bot.messages import Incoming
from bot.store.price_lists import refresh, reload_prices
from bot.text.render import render_reply
from engine.providers import provider

LIST = {"updated_at": "2026-11-30T09:00:00+08:00", "currency": "USD", "unit": "hour",
        "prices": [{"gpu": "RTX 4090 24G", "price": "0.29", "stock": 3}, {"gpu": "A100 80G", "price": "1.49"}]}


@pytest.fixture
def store_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("KASUAN_PRICES_DIR", str(tmp_path / "prices"))
    reload_prices()
    yield tmp_path / "prices"
    monkeypatch.undo()
    reload_prices()


def answer(text: str, at: str = "2026-12-01T08:00:00+00:00", lang: str = "en") -> str:
    core = Core(MemorySettings(), clock=FixedClock(at))
    reply = core.handle(Incoming(text=text, user_id="u", chat_id="u", user_lang=lang))
    assert reply is not None
    return render_reply(reply, "plain")


def test_a_sizing_reply_says_once_how_old_its_prices_are_and_warns_past_the_threshold(
        monkeypatch: pytest.MonkeyPatch) -> None:
    text = answer("qwen3 8b qlora 4090")
    assert text.count("Prices as of") == 1
    assert "Prices as of CloudGPU 2026-10-23 23:58 (UTC+8) · gpuli 2026-11-29 (the source gives no date" in text
    assert "CloudGPU's prices are 38 days old (over 30)" in text
    fresh = answer("qwen3 8b qlora 4090", at="2026-10-30T00:00:00+00:00")
    assert "Prices as of" in fresh and "days old" not in fresh
    monkeypatch.setenv("KASUAN_PRICE_STALE_DAYS", "60")
    assert "days old" not in answer("qwen3 8b qlora 4090")
    zh = answer("8张H100 一周多少钱", lang="zh")
    assert zh.count("价格截至") == 1 and "gpuli 2026-11-29（来源未注明日期，按读取当天）" in zh


def test_import_shows_the_diff_and_writes_only_when_confirmed(store_dir: Path, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    src = tmp_path / "gpu-prices.json"
    src.write_text(json.dumps(LIST))
    monkeypatch.setattr(prices_cli, "INPUT", lambda prompt: "n")
    assert main(["prices", "import", str(src), "--provider", "cloudgpu"]) == 0
    out = capsys.readouterr().out
    assert "1× rtx-4090 per hour: 0.33 → 0.29" in out and "a100" not in out  # unchanged rows are not listed
    assert "Nothing written." in out and not store_dir.exists()
    assert "$0.33/h" in answer("qwen3 8b qlora 4090")
    assert main(["prices", "import", str(src), "--provider", "cloudgpu", "--yes"]) == 0
    assert (store_dir / "cloudgpu.json").exists()
    stored = json.loads((store_dir / "cloudgpu.json").read_text())
    assert stored["offers"]["rtx-4090"]["hour"] == {"min": "0.29", "max": "0.29", "status": "published"}
    text = answer("qwen3 8b qlora 4090")
    assert "CloudGPU $0.29/h" in text and "Prices as of CloudGPU 2026-11-30 09:00 (UTC+8)" in text
    assert "days old" not in text  # a day old: fresh


def test_a_csv_list_for_a_weekly_provider_and_bad_lists_refused(store_dir: Path, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "gpuli.csv"
    good.write_text("gpu,count,unit,price,read_at\nRTX 4090,1,week,99,2026-11-30\nRTX 4090,1,month,349,2026-11-30\n")
    assert main(["prices", "import", str(good), "--provider", "gpuli", "--yes"]) == 0
    out = capsys.readouterr().out
    assert "1× rtx-4090 per week: 109 → 99" in out and "per month: 369 → 349" in out
    assert provider("gpuli").prices_read == "2026-11-30" and provider("gpuli").prices_date_basis == "published"
    for body, message in [
        ("gpu,count,unit,price\nRTX 9999,1,week,10\n", "no catalog card is called 'RTX 9999'"),
        ("gpu,count,unit,price\nRTX 4090,1,hour,10\n", "unit 'hour' is not one gpuli sells"),
        ("gpu,count,unit,price\nRTX 4090,1,week,-5\n", "must be a positive amount"),
        ("gpu,count,unit,price\nH100,1,week,10\n", "gpuli has no 1 × NVIDIA H100 SXM offer"),
        ("gpu,price\nRTX 4090,10\n", "header must have gpu,count,unit,price"),
    ]:
        bad = tmp_path / "bad.csv"
        bad.write_text(body)
        assert main(["prices", "import", str(bad), "--provider", "gpuli", "--yes"]) == 2
        assert message in capsys.readouterr().err
    assert json.loads((store_dir / "gpuli.json").read_text())["offers"]["rtx-4090"]["week"]["min"] == "99"


async def test_the_refresh_fetches_the_url_and_keeps_the_last_good_list_when_a_fetch_fails(store_dir: Path) -> None:
    state = {"fail": False}

    async def serve(request: web.Request) -> web.Response:
        if state["fail"]:
            return web.Response(status=503)
        return web.json_response(LIST)

    app = web.Application()
    app.router.add_get("/gpu-prices.json", serve)
    async with TestServer(app, host="127.0.0.1") as server:
        url = str(server.make_url("/gpu-prices.json"))
        now = datetime(2026, 12, 1, 8, tzinfo=UTC)
        [ok] = await refresh([("cloudgpu", url)], now)
        assert ok.ok and ok.changes == 1
        assert "CloudGPU $0.29/h" in answer("qwen3 8b qlora 4090")
        state["fail"] = True
        [failed] = await refresh([("cloudgpu", url)], now)
        assert not failed.ok and "HTTP 503" in failed.error
    text = answer("qwen3 8b qlora 4090")
    assert "CloudGPU $0.29/h" in text  # the last good list stands
    assert "Refreshing CloudGPU's price list failed at 2026-12-01 08:00 UTC; the list of 2026-11-30 09:00 (UTC+8)" in text
