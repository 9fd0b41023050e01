"""Price watches: "tell me when an H100 week is under ₮4,000" / "H100 周租低于 4000 告诉我" sets a
watch; the check after a price refresh queues one alert through the outbox when the price falls
under it (never twice), and /alerts lists and removes watches."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.clock import FixedClock
from bot.messages import Delivery, Reply
from bot.store import outbox
from bot.store.connection import Store
from bot.store.price_lists import read_list, reload_prices, store
from bot.text.render import render_reply
from bot.wallet.sender import send_due
from bot.wallet.watch import check_watches
from engine.providers import provider
from tests.chat_user import T0, ChatUser


@pytest.fixture
def prices_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("KASUAN_PRICES_DIR", str(tmp_path / "prices"))
    reload_prices()
    yield tmp_path
    monkeypatch.undo()
    reload_prices()


def gpuli_list(week: str, tmp: Path) -> None:
    """A refreshed gpuli list with the 8× H100 week at `week`."""
    text = f"gpu,count,unit,price,read_at\nH100,8,week,{week},2026-12-01\n"
    new, _ = read_list(provider("gpuli"), text, "gpuli.csv", T0)
    store(new)


async def deliveries(s: Store, clock: FixedClock) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []

    async def deliver(chat: str, reply: Reply) -> Delivery:
        out.append((chat, render_reply(reply, "plain")))
        return Delivery.sent()

    await send_due(s, clock, deliver)
    return out


async def test_an_h100_week_watch_fires_once_when_the_refresh_brings_it_under(prices_dir: Path) -> None:
    me = ChatUser()
    set_ = me.say("tell me when an H100 week is under ₮4,000")
    text = render_reply(set_, "plain")
    assert "I'll tell you when 8× H100 SXM is under ₮4,000.00 a week (watch #1, once)" in text
    assert "No provider rents that count, so this watches 8 cards" in text  # "an H100": gpuli rents 8
    assert "Cheapest now: ₮4,172.00 (gpuli)" in text
    assert check_watches(me.store, T0) == 0 and outbox.items(me.store) == []  # ₮4,172 is not under ₮4,000
    gpuli_list("3999", prices_dir)
    assert check_watches(me.store, T0) == 1
    assert check_watches(me.store, T0) == 0  # once
    [(chat, alert)] = await deliveries(me.store, me.clock)
    assert chat == "telegram:chat:c1"
    assert "💸 8× H100 SXM is down to ₮3,999.00 a week at gpuli, under your ₮4,000.00." in alert
    assert "prices as of 2026-12-01" in alert
    gpuli_list("3500", prices_dir)
    assert check_watches(me.store, T0) == 0 and await deliveries(me.store, me.clock) == []


def test_a_chinese_watch_takes_the_providers_currency_and_alerts_lists_and_removes_it(prices_dir: Path) -> None:
    me = ChatUser(lang="zh")
    set_ = render_reply(me.say("8张H100 周租低于 4000 告诉我"), "plain")
    assert "8× H100 SXM 每周低于 ₮4,000.00 时告诉你（提醒 #1，只提醒一次）" in set_
    listed = render_reply(me.say("/alerts"), "plain")
    assert "价格提醒" in listed and "- #1 8× H100 SXM 每周低于 ₮4,000.00" in listed
    assert "已取消价格提醒 #1" in render_reply(me.say("/alerts unwatch 1"), "plain")
    assert "价格提醒" not in render_reply(me.say("/alerts"), "plain")
    gpuli_list("3000", prices_dir)
    assert check_watches(me.store, T0) == 0  # removed: nothing fires
    assert "没有编号为 #7 的价格提醒" in render_reply(me.say("/alerts unwatch 7"), "plain")


def test_a_watch_already_met_goes_out_at_once_and_ordinary_questions_are_no_watches(prices_dir: Path) -> None:
    me = ChatUser()
    text = render_reply(me.say("notify me when a 4090 is under $0.50/h"), "plain")
    assert "already under that" in text
    [item] = outbox.items(me.store)
    assert item.kind == "alert_price" and json.loads(json.dumps(item.data))["price"] == "0.33"
    assert me.say("qwen3 8b qlora 4090").kind == "sizing"
    assert me.say("tell me when it is cheaper").kind != "price_watch"


async def test_the_refresh_loop_checks_the_watches_after_fetching(prices_dir: Path) -> None:
    import asyncio
    import functools

    from aiohttp import web
    from aiohttp.test_utils import TestServer

    from bot.store.price_lists import price_loop

    me = ChatUser()
    me.say("tell me when a 4090 is under $0.30/h")
    assert outbox.items(me.store) == []  # $0.33 now
    listed = {"updated_at": "2026-12-01T09:00:00+08:00", "currency": "USD", "unit": "hour",
              "prices": [{"gpu": "RTX 4090 24G", "price": "0.27"}]}
    app = web.Application()
    app.router.add_get("/gpu-prices.json", lambda request: web.json_response(listed))
    stop = asyncio.Event()
    async with TestServer(app, host="127.0.0.1") as server:
        loop = asyncio.create_task(price_loop([("cloudgpu", str(server.make_url("/gpu-prices.json")))], me.clock,
                                              3600, stop, functools.partial(check_watches, me.store)))
        for _ in range(200):
            if outbox.items(me.store):
                break
            await asyncio.sleep(0.02)
        stop.set()
        await loop
    [item] = outbox.items(me.store)
    assert item.kind == "alert_price" and item.data["price"] == "0.27"
    [(_, alert)] = await deliveries(me.store, me.clock)
    assert "1× RTX 4090 is down to $0.27 an hour at CloudGPU, under your $0.30." in alert
