"""Discord in a server: wallet replies are ephemeral (the team summary public only when an admin asks),
team-wallet writes carry default_member_permissions, a bystander's button press is refused privately
with the message left alone, a team is the server (per-channel team wallets move to it), wallet commands
have typed options, and the command tree is synced only when it changed."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from bot.clock import FixedClock
from bot.core.router import Core
from bot.core.settings import MemorySettings
from bot.messages import Incoming
from bot.runtime.run import make_core
from bot.store import connect
from bot.store.wallets import wallet_by_owner
from bot.wallet import handle_command
from tests.test_discord import CHANNEL, GUILD, DiscordHarness, user

ADMIN = "32"  # manage_guild
EPHEMERAL = 64


def _flags(sent: Any) -> int:
    body = sent.payload or {}
    data = body.get("data") if isinstance(body.get("data"), dict) else body
    return int((data or {}).get("flags") or 0)


def _slash_in(h: DiscordHarness, channel: int, name: str, permissions: str = "0", author: int = 42,
              **options: Any) -> None:
    opts = [{"name": k, "type": 5 if isinstance(v, bool) else 4 if isinstance(v, int) else 3, "value": v}
            for k, v in options.items()]
    payload = h._interaction(2, {"id": "1", "name": name, "type": 1, "options": opts}, guild=True, locale="en-US",
                             author=author, permissions=permissions)
    payload["channel_id"] = str(channel)
    payload["channel"]["id"] = str(channel)
    h.state.parse_interaction_create(payload)  # type: ignore[arg-type]


def _wallet_core() -> tuple[Core, Any]:
    store = connect(":memory:")
    return make_core(store, FixedClock(datetime(2026, 12, 1, tzinfo=UTC))), store


async def test_wallet_commands_have_typed_options_and_admin_permissions() -> None:
    core, _ = _wallet_core()
    async with DiscordHarness(core) as h:
        [put] = [r for r in h.requests if r.method == "PUT"]
        by_name = {c["name"]: c for c in put.payload}
        for name in ("topup", "rent", "stop", "renew"):
            assert str(by_name[name]["default_member_permissions"]) == ADMIN, name
        for name in ("wallet", "history", "rentals", "budget", "size"):
            assert by_name[name].get("default_member_permissions") is None, name
        topup = {o["name"]: o for o in by_name["topup"]["options"]}
        assert topup["amount"]["type"] == 3 and topup["amount"]["required"]
        assert {c["value"] for c in topup["currency"]["choices"]} == {"USD", "CNY", "USDT"}
        assert topup["provider"]["autocomplete"]
        rent = {o["name"]: o for o in by_name["rent"]["options"]}
        assert rent["card"]["autocomplete"] and rent["card"]["required"] and rent["duration"]["autocomplete"]
        assert rent["count"]["type"] == 4 and rent["count"]["max_value"] == 64
        assert {o["name"] for o in by_name["stop"]["options"]} >= {"rental"}
        assert "text" not in rent and "text" not in topup


async def test_wallet_replies_in_a_server_are_ephemeral_unless_an_admin_makes_the_summary_public() -> None:
    core, store = _wallet_core()
    async with DiscordHarness(core) as h:
        h.slash("topup", amount="500", currency="USDT", provider="gpuli", permissions=ADMIN)
        await h.settle(lambda: h.answers())
        [done] = h.answers()
        assert "₮500.00" in done.content and _flags(done) & EPHEMERAL
        for permissions, public, ephemeral in (("0", False, True), ("0", True, True), (ADMIN, False, True),
                                               (ADMIN, True, False)):
            before = len(h.answers())
            h.slash("wallet", permissions=permissions, public=public)
            await h.settle(lambda: len(h.answers()) > before)  # noqa: B023
            answer = h.answers()[-1]
            assert "₮500.00" in answer.content
            assert bool(_flags(answer) & EPHEMERAL) == ephemeral, (permissions, public)
        h.slash("size", model="qwen3-8b", method="lora")
        await h.settle(lambda: "Qwen3-8B" in h.answers()[-1].content)
        assert not _flags(h.answers()[-1]) & EPHEMERAL  # sizing stays public
    store.close()


async def test_a_team_is_the_server_and_a_channels_team_wallet_moves_to_it() -> None:
    core, store = _wallet_core()
    clock = FixedClock(datetime(2026, 12, 1, tzinfo=UTC))
    # before: a team wallet kept per channel
    old = Incoming(text="", user_id="42", chat_id=str(CHANNEL), platform="discord", chat_kind="group", is_admin=True,
                   event_id="e1")
    handle_command(store, clock, old, "topup", "300 USDT gpuli", "en")
    assert wallet_by_owner(store, f"discord:chat:{CHANNEL}") is not None
    async with DiscordHarness(core) as h:
        _slash_in(h, CHANNEL, "wallet")
        await h.settle(lambda: h.answers())
        assert "₮300.00" in h.answers()[-1].content and "this server" in h.answers()[-1].content
        assert wallet_by_owner(store, f"discord:guild:{GUILD}") is not None
        assert wallet_by_owner(store, f"discord:chat:{CHANNEL}") is None
        _slash_in(h, CHANNEL + 7, "wallet")  # another channel of the same server: the same team wallet
        await h.settle(lambda: len(h.answers()) == 2)
        assert "₮300.00" in h.answers()[-1].content and "this server" in h.answers()[-1].content
    store.close()


async def test_a_bystanders_press_is_refused_privately_and_the_message_stays() -> None:
    async with DiscordHarness() as h:
        h.slash("size", model="qwen3-8b", method="qlora", gpu="rtx-4090")
        await h.settle(lambda: h.answers())
        first = h.answers()[0]
        message = h.message_payload(CHANNEL, first.payload["data"])
        message["interaction_metadata"] = {"id": "77001", "type": 2, "user": user(42),
                                           "authorizing_integration_owners": {"0": str(GUILD)}}
        lora = next(b for b in first.components if b["label"] == "LoRA")
        h.press(message, lora["custom_id"], author=77)
        await h.settle(lambda: len(h.answers()) == 2)
        refusal = h.answers()[1]
        assert refusal.payload["type"] == 4 and _flags(refusal) & EPHEMERAL and "belong" in refusal.content
        assert not [r for r in h.requests if isinstance(r.payload, dict) and r.payload.get("type") == 7], "the message was not changed"
        h.press(message, lora["custom_id"], author=42)
        await h.settle(lambda: len(h.answers()) == 3)
        assert h.answers()[2].payload["type"] == 7


async def test_the_command_tree_is_synced_only_when_it_changed() -> None:
    core = Core(MemorySettings())
    async with DiscordHarness(core) as h:
        assert len([r for r in h.requests if r.method == "PUT"]) == 1
    async with DiscordHarness(core) as h:  # a restart with the same tree: no upload
        assert [r for r in h.requests if r.method == "PUT"] == []
    async with DiscordHarness(core, guild_id=777) as h:  # a different target: uploaded
        assert len([r for r in h.requests if r.method == "PUT"]) == 1


async def test_a_wallet_answer_to_a_mention_in_a_server_goes_to_the_askers_dms() -> None:
    core, store = _wallet_core()
    async with DiscordHarness(core) as h:
        h.slash("topup", amount="500", currency="USDT", provider="gpuli", permissions=ADMIN)
        await h.settle(lambda: h.answers())
        h.say("<@1000> wallet balance", mention=True)
        await h.settle(lambda: len(h.answers()) >= 3)
        dm = [r for r in h.answers() if r.path == "/channels/{channel_id}/messages" and "₮500.00" in r.content]
        note = [r for r in h.answers() if "DM" in r.content]
        assert dm and note and "₮500.00" not in note[0].content
        assert [r for r in h.requests if r.path == "/users/@me/channels"]
    store.close()
