"""Inline answers: "@kasuan_bot 7b qlora 4090" in any chat gets the short answer as a result (in the
user's language, cached briefly), with a button whose deep link opens the full answer in a private
chat; and the Discord commands are registered for user installs in DMs and any server."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlparse

from bot.adapters.telegram.inline import decode_start, encode_start
from testkit.telegram_html import check
from tests.test_telegram import TelegramHarness


async def _inline(h: TelegramHarness, query: str, lang: str = "en") -> dict[str, Any]:
    before = len(h.server.inline_answers)
    h.server.inline(query, lang=lang)
    await h.server.wait_for(lambda: len(h.server.inline_answers) > before)
    return h.server.inline_answers[-1]


def _results(answer: dict[str, Any]) -> list[dict[str, Any]]:
    return [r if isinstance(r, dict) else json.loads(r) for r in answer["results"]]


async def test_an_inline_query_gets_the_short_answer_with_a_deep_link_to_the_full_one() -> None:
    async with TelegramHarness() as h:
        answer = await _inline(h, "7b qlora 4090")
        [r] = _results(answer)
        assert r["type"] == "article"
        assert "fits 1× RTX 4090" in r["title"] and "GB" in r["title"]
        assert r["description"].startswith("💰") and "$0.33/h" in r["description"]
        body = r["input_message_content"]
        check(body["message_text"])
        assert body["parse_mode"] == "HTML" and "Prices as of" in body["message_text"]
        assert int(answer["cache_time"]) == 30 and answer.get("is_personal") in (True, "true", "True")
        [[button]] = r["reply_markup"]["inline_keyboard"]
        link = urlparse(button["url"])
        assert (link.netloc, link.path) == ("t.me", "/kasuan_bot")
        payload = parse_qs(link.query)["start"][0]
        assert decode_start(payload) == "7b qlora 4090" and len(payload) <= 64
        # the button's /start payload answers the same question in full, in the private chat
        [full] = await h.ask(42, f"/start {payload}")
        assert "fits 1× RTX 4090" in full.params["text"] and full.params["reply_markup"]["inline_keyboard"]


async def test_inline_answers_follow_the_users_language_and_are_cached_per_query() -> None:
    async with TelegramHarness() as h:
        calls: list[str] = []
        handle = h.runner.handle

        async def counted(inc: Any) -> Any:
            calls.append(inc.text)
            return await handle(inc)

        h.runner.handle = counted  # type: ignore[method-assign]
        zh = _results(await _inline(h, "8张H100 一周多少钱", lang="zh-hans"))[0]
        assert "8×H100 SXM" in zh["title"] and "gpuli" in zh["description"] and "₮4,172" in zh["description"]
        assert "价格截至" in zh["input_message_content"]["message_text"]
        again = _results(await _inline(h, "8张H100  一周多少钱", lang="zh-hans"))[0]
        assert again["title"] == zh["title"] and calls == ["8张H100 一周多少钱"]  # the second came from the cache
        en = _results(await _inline(h, "8张H100 一周多少钱", lang="en"))[0]
        assert "gpuli" in en["description"] and len(calls) == 2  # another language, another entry


async def test_personal_answers_and_an_empty_query_are_not_posted_inline() -> None:
    async with TelegramHarness() as h:
        [hint] = _results(await _inline(h, ""))
        assert hint["title"].startswith("Ask KaSuan")
        [wallet] = _results(await _inline(h, "我的余额", lang="zh"))
        assert wallet["title"] == "这个问题请在私聊里问"
        assert "余额" not in wallet["input_message_content"]["message_text"]


def test_start_payloads_round_trip_and_refuse_what_is_not_ours() -> None:
    for q in ("7b qlora 4090", "8张H100 一周多少钱"):
        payload = encode_start(q)
        assert payload is not None and decode_start(payload) == q
    assert encode_start("Qwen2.5-72B full fine-tune on 16 H100 with ZeRO-3 and offload please") is None
    assert decode_start("size_qwen3-8b") is None and decode_start("q_!!!") is None and decode_start("q_/w") is None


async def test_discord_commands_are_registered_for_user_installs_in_dms_and_any_server() -> None:
    from tests.test_discord import DiscordHarness

    async with DiscordHarness() as h:
        [put] = [r for r in h.requests if r.method == "PUT"]
        for command in put.payload:
            assert sorted(command["integration_types"]) == [0, 1], command["name"]  # guild install + user install
            assert sorted(command["contexts"]) == [0, 1, 2], command["name"]  # servers, DMs, group DMs
