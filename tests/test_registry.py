"""The command registry is the one list every front end reads: /help lists exactly its commands in
both languages, each has its descriptions, and every command is reachable on Telegram (through the
fake Bot API), on Discord (a tree built from the registry) and in the console."""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.clock import FixedClock
from bot.core import registry
from bot.core.router import Core
from bot.core.settings import MemorySettings
from bot.messages import Incoming
from bot.runtime.console import chat, command_list
from bot.runtime.run import make_core
from bot.store import connect
from bot.text.i18n import has, t
from bot.text.render import render_reply
from bot.wallet import COMMAND_HANDLERS
from tests.test_discord import DiscordHarness
from tests.test_telegram import TelegramHarness

NAMES = [cmd.name for cmd in registry.COMMANDS]
# /help's order: by group, each group in registry order
LISTED = [c.name for g in registry.HELP_GROUPS for c in registry.COMMANDS if c.group == g]
# the one value each required option needs for the command to get past "which card?"
SAMPLE: dict[str, Any] = {"amount": "10", "card": "rtx-4090", "rental": 1}
UNKNOWN = re.compile(r"There is no /\w+ command|没有 /\w+ 这个命令|no command '|error id")


def wallet_core(tmp_path: Path) -> tuple[Core, Any]:
    store = connect(tmp_path / "k.db")
    return make_core(store, FixedClock(datetime(2026, 12, 1, tzinfo=UTC))), store


def typed_line(cmd: registry.Command) -> str:
    return registry.command_line(cmd, {o.name: SAMPLE[o.name] for o in cmd.options if o.required})


def test_help_lists_exactly_the_registry_commands_in_both_languages(tmp_path: Path) -> None:
    core, store = wallet_core(tmp_path)
    for lang in ("zh", "en"):
        reply = core.handle(Incoming(text="/help", user_id="u", chat_id="u", user_lang=lang))
        assert reply is not None and reply.lang == lang
        shown = re.findall(r"/([a-z_]+)", render_reply(reply, "plain"))
        listed = [name for name in dict.fromkeys(shown) if name in core.commands]
        assert listed == LISTED  # every one, grouped in the registry's order; nothing else
        assert set(LISTED) == set(NAMES) - {"start", "help"}
        assert "balance" in listed  # handled by the wallet, and now named by /help too
    store.close()


def test_every_command_is_described_in_both_languages_and_the_wallet_handles_its_own() -> None:
    assert len(NAMES) == len(set(NAMES)) == 23
    for cmd in registry.COMMANDS:
        assert has(f"cmd.{cmd.name}") and t(f"cmd.{cmd.name}", "zh") != t(f"cmd.{cmd.name}", "en")
        assert cmd.group is None or cmd.group in registry.HELP_GROUPS
        assert all(o.required for o in cmd.options[: sum(o.required for o in cmd.options)])  # required first
    assert {c.name for c in registry.plugged(registry.WALLET)} == set(COMMAND_HANDLERS)
    assert [c.name for c in registry.COMMANDS if c.admin] == ["topup", "rent", "stop", "renew"]
    assert {c.name for c in registry.COMMANDS if c.private} == set(COMMAND_HANDLERS)


def test_suggestions_and_choices_come_from_the_catalogs_through_the_registry() -> None:
    assert ("NVIDIA GeForce RTX 4090", "rtx-4090") in registry.complete("gpu", "4090")
    assert registry.complete("model", "qwen3-8")[0][1].startswith("qwen3-8b")
    assert ("gpuli", "gpuli") in [(n.lower(), v) for n, v in registry.complete("provider", "gpu")]
    assert registry.complete("duration", "2") == [("2", "2"), ("2w", "2w"), ("24h", "24h")]
    currencies = [c.value for c in registry.choices("currency_setting")]
    assert {"USD", "CNY", "USDT"} <= set(currencies) and currencies[-1] == "auto"
    assert registry.choices("method")[0].label("zh") == "全参微调"


async def test_every_command_is_reachable_on_telegram_with_menus_from_the_registry(tmp_path: Path) -> None:
    core, store = wallet_core(tmp_path)
    async with TelegramHarness(core) as h:
        menus = h.server.scoped_commands
        assert [c["command"] for c in menus[("all_private_chats", "en")]] == NAMES
        assert [c["command"] for c in menus[("all_group_chats", "zh")]] == [
            c.name for c in registry.COMMANDS if not c.admin]
        for cmd in registry.COMMANDS:
            [sent] = await h.ask(7, typed_line(cmd))
            assert not UNKNOWN.search(sent.params.get("text") or sent.params.get("caption") or ""), cmd.name
    store.close()


async def test_every_command_is_reachable_on_discord_from_a_tree_built_from_the_registry(tmp_path: Path) -> None:
    core, store = wallet_core(tmp_path)
    async with DiscordHarness(core) as h:
        [put] = [r for r in h.requests if r.method == "PUT"]
        by_name = {c["name"]: c for c in put.payload}
        assert [c["name"] for c in put.payload] == NAMES
        for cmd in registry.COMMANDS:
            options = {o["name"]: o for o in by_name[cmd.name].get("options", [])}
            assert list(options) == [o.name for o in sorted(cmd.options, key=lambda o: not o.required)]
            assert all(options[o.name]["required"] == o.required for o in cmd.options)
            assert (by_name[cmd.name].get("default_member_permissions") is not None) == cmd.admin
        for cmd in registry.COMMANDS:
            before = len(h.answers())
            h.slash(cmd.name, **{o.name: SAMPLE[o.name] for o in cmd.options if o.required})
            await h.settle(lambda before=before: len(h.answers()) > before)  # type: ignore[misc]
            assert not UNKNOWN.search(h.answers()[before].content), cmd.name
    store.close()


def test_every_command_is_reachable_in_the_console_which_lists_them(tmp_path: Path) -> None:
    core, store = wallet_core(tmp_path)
    assert command_list(core, "en") == "Commands: " + " ".join(f"/{n}" for n in NAMES)
    out = io.StringIO()
    assert chat(io.StringIO("".join(typed_line(cmd) + "\n" for cmd in registry.COMMANDS)), out, core) == 0
    answers = [a for a in out.getvalue().split("\n\n") if a.strip()]
    assert len(answers) >= len(NAMES) and not UNKNOWN.search(out.getvalue())
    store.close()


def test_a_core_without_the_wallet_points_wallet_commands_to_a_chat() -> None:
    core = Core(MemorySettings())  # `kasuan ask`: no store, so no ledger to write
    assert [c.name for c in core.menu()] == NAMES
    reply = core.handle(Incoming(text="/balance", user_id="u", chat_id="u", platform="cli", user_lang="en"))
    assert reply is not None and reply.kind == "wallet_use_chat"
