"""Training files sent as a Telegram document (getFile + the file download, through the local fake
Bot API) and as a Discord attachment reach the core and are answered with the sizing and the diff;
a file over the limit is refused without being downloaded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.safe_load import MAX_BYTES
from tests.test_telegram import GROUP, TelegramHarness, assert_valid_html

FILES = Path(__file__).parent / "training_files"


async def _sent_after(h: TelegramHarness, chat: int, push: Any) -> list[Any]:
    before = len(h.server.sent(chat_id=chat))
    push()
    calls = await h.server.wait_sent(before + 1, chat_id=chat)
    return calls[before:]


async def test_a_telegram_document_is_downloaded_sized_and_answered_with_the_diff() -> None:
    body = (FILES / "llamafactory_lora.yaml").read_bytes()
    async with TelegramHarness() as h:
        [sent] = await _sent_after(h, 7, lambda: h.server.document(7, "train_lora.yaml", body, caption="on one 4090"))
        text = sent.params["text"]
        assert "Read from train_lora.yaml (LLaMA-Factory config)" in text
        assert "does not fit 1× RTX 4090" in text and "<pre>--- a/train_lora.yaml" in text
        assert "+gradient_accumulation_steps: 16" in text
        assert_valid_html([sent])
        assert [c.params["file_id"] for c in h.server.downloads()] == ["doc1"]
        assert [c.method for c in h.server.calls if c.method == "download"] == ["download"]
        # Chinese user, Chinese reply
        [zh] = await _sent_after(h, 8, lambda: h.server.document(8, "ds.json", (FILES / "ds_z3_offload.json").read_bytes(),
                                                                 caption="Qwen2.5-14B 全参 8张4090", lang="zh-hans"))
        assert "DeepSpeed 配置" in zh.params["text"]


async def test_a_telegram_file_over_the_limit_is_refused_without_a_download() -> None:
    async with TelegramHarness() as h:
        [sent] = await _sent_after(h, 7, lambda: h.server.document(7, "weights.bin", b"x", file_size=MAX_BYTES * 40))
        assert "weights.bin is too large (2560 KB; the limit is 64 KB)" in sent.params["text"]
        assert h.server.downloads() == []


async def test_a_telegram_bomb_gets_a_clear_reply_in_the_users_language() -> None:
    from tests.test_training_files import BILLION_LAUGHS

    async with TelegramHarness() as h:
        [sent] = await _sent_after(h, 9, lambda: h.server.document(9, "bomb.yaml", BILLION_LAUGHS.encode(), lang="zh"))
        assert "锚点或别名" in sent.params["text"]


async def test_in_a_group_a_document_is_answered_only_when_addressed() -> None:
    body = (FILES / "axolotl_qlora.yaml").read_bytes()
    async with TelegramHarness() as h:
        h.server.document(GROUP, "mine.yaml", body, caption="just sharing")
        [sent] = await _sent_after(h, GROUP, lambda: h.server.document(GROUP, "qlora.yaml", body,
                                                                       caption="@kasuan_bot on an H200"))
        assert "Read from qlora.yaml (axolotl config)" in sent.params["text"]
        assert "mine.yaml" not in sent.params["text"]
        assert [c.params["file_id"] for c in h.server.downloads()] == ["doc2"]  # the unaddressed one never fetched


# ---------------------------------------------------------------- Discord attachments


def _with_attachments(h: Any, content: str, attachments: list[tuple[str, bytes, int | None]], *, guild: bool,
                      mention: bool = False) -> dict[str, Any]:
    """MESSAGE_CREATE carrying attachments; the harness's CDN serves their bytes."""
    from tests.test_discord import BOT_USER, CHANNEL, DM_CHANNEL, GUILD, STAMP, user

    data = h.message_payload(CHANNEL if guild else DM_CHANNEL, {"content": content}, author=user(42))
    cdn: dict[str, bytes] = getattr(h, "_cdn", {})
    h._cdn = cdn
    for name, body, claimed in attachments:
        aid = h.snowflake()
        url = f"https://cdn.discordapp.com/attachments/{aid}/{name}"
        cdn[url] = body
        data["attachments"].append({"id": str(aid), "filename": name, "size": len(body) if claimed is None else claimed,
                                    "url": url, "proxy_url": url, "content_type": "text/plain"})
    if mention:
        data["mentions"] = [BOT_USER]
    if guild:
        data["guild_id"] = str(GUILD)
        data["member"] = {"roles": [], "joined_at": STAMP, "deaf": False, "mute": False}

    async def from_cdn(url: str) -> bytes:
        h.cdn_reads = [*getattr(h, "cdn_reads", []), url]
        return cdn[url]

    h.bot.http.get_from_cdn = from_cdn
    h.state.parse_message_create(data)
    return data


async def test_a_discord_attachment_in_a_dm_is_sized_with_its_deepspeed_json() -> None:
    from tests.test_discord import DiscordHarness

    async with DiscordHarness() as h:
        _with_attachments(h, "4 A100", [("recipe.yaml", (FILES / "llamafactory_full.yaml").read_bytes(), None),
                                        ("ds_z2.json", (FILES / "ds_z2.json").read_bytes(), None)], guild=False)
        await h.settle(lambda: h.answers())
        text = "\n".join(a.content for a in h.answers())
        assert "recipe.yaml" in text and "ds\\_z2.json" in text  # Discord markdown escapes the underscore
        assert '```diff\n--- a/ds_z2.json' in text and '+    "stage": 3,' in text
        assert len(h.cdn_reads) == 2


async def test_a_discord_attachment_over_the_limit_is_not_downloaded() -> None:
    from tests.test_discord import DiscordHarness

    async with DiscordHarness() as h:
        _with_attachments(h, "size this", [("huge.json", b"{}", MAX_BYTES + 1)], guild=True, mention=True)
        await h.settle(lambda: h.answers())
        assert "huge.json is too large" in h.answers()[0].content
        assert getattr(h, "cdn_reads", []) == []
