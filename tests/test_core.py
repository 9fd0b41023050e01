"""The chat core through the router, with a fake incoming message, in all three flavors."""

from __future__ import annotations

import re

import pytest
from wcwidth import wcswidth

from bot.core import buttons
from bot.core.router import Core
from bot.core.settings import MemorySettings
from bot.messages import Incoming, Reply
from bot.text.render import MESSAGE_LIMIT, render_reply, split_message
from engine.request import TrainingRequest
from testkit.telegram_html import TelegramHTMLError, check
from tests.chat_user import ChatUser

FLAVORS = ("plain", "telegram", "discord")
NASTY = 'Qwen3-8B <script>&amp; "quotes" *bold* _it_ `code` @everyone 1<2>0 qwen3-9b'


def User(core: Core | None = None, chat_kind: str = "private", lang: str | None = None) -> ChatUser:
    """The chat user (tests/chat_user.py) on a core with settings in memory."""
    return ChatUser(core=core or Core(MemorySettings()), group=chat_kind == "group", lang=lang, platform="console")


def reply(text: str, **kw: object) -> Reply:
    r = User(**kw).hear(text)  # type: ignore[arg-type]
    assert r is not None
    return r


def tables(text: str) -> list[list[str]]:
    """Blocks of lines inside code fences (discord), <pre> (telegram) or aligned plain tables."""
    found = re.findall(r"```\n(.*?)\n```", text, re.S) + re.findall(r"<pre>(.*?)</pre>", text, re.S)
    return [block.splitlines() for block in found]


def test_sizing_reply_data_and_three_flavors() -> None:
    r = reply("Qwen3-8B QLoRA 一张4090够吗")
    v = r.data["v"]
    assert r.kind == "sizing" and r.lang == "zh"
    assert (v["model_id"], v["method"], v["fit"]["gpu"], v["fit"]["fits"]) == ("qwen3-8b", "qlora", "rtx-4090", True)
    assert round(v["total_gb"], 1) == 12.3
    for flavor in FLAVORS:
        text = render_reply(r, flavor)
        assert "12.3" in text and "RTX 4090" in text
    check(render_reply(r, "telegram"))
    details = User().press(on=r, target=[b.label_key for b in r.buttons].index("btn.details"))  # the breakdown table
    assert "```" in render_reply(details, "discord") and "<pre>" in render_reply(details, "telegram")
    check(render_reply(details, "telegram"))


def test_every_table_row_has_the_same_display_width() -> None:
    for text, lang in (("qwen3 32b 全参 8卡 h100", None), ("qwen3 32b full on 8 h100", None), ("/gpus", "zh"), ("/compare qwen3 8b", "en")):
        r = reply(text, lang=lang)
        for flavor in ("telegram", "discord"):
            for block in tables(render_reply(r, flavor)):
                widths = {wcswidth(line.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")) for line in block}
                assert len(widths) == 1, (text, flavor, block)
                assert widths.pop() <= 40


def test_gpus_leads_with_a_phone_screen_and_keeps_the_table_one_button_away() -> None:
    user = User()
    short = user.hear("/gpus")
    assert short is not None and [b.label_key for b in short.buttons] == ["btn.details"]
    lines = [x for x in render_reply(short, "plain").splitlines() if x.strip()]
    assert len(lines) <= 15 and any("RTX 4090" in x and "24 GB" in x for x in lines)  # grouped by memory
    full = user.press(on=short, target=0)
    assert any(len(block) > 5 for block in tables(render_reply(full, "discord")))  # narrow enough for a table
    assert "₮109" in render_reply(full, "plain")  # gpuli's 4090 week: the list prices are behind the button


def test_wide_tables_switch_to_cards() -> None:
    short = reply("qwen3 32b full on 8 cards")
    wide = render_reply(User().press(on=short, target=[b.label_key for b in short.buttons].index("btn.details")), "telegram")
    assert "<b>8×" in wide  # the recommendation table is wider than 40 columns: card layout


def test_telegram_html_is_valid_for_every_reply_kind_even_with_hostile_text() -> None:
    texts = ["/help", "/gpus", "/models", "/faq", "/faq 能按小时租吗", "/compare qwen3 8b", "/lang", "/foo <b>",
             "qwen3-9b lora", "在吗", NASTY, "/size " + NASTY, "Qwen3-8B QLoRA 一张4090够吗 <i>"]
    for text in texts:
        r = reply(text)
        for part in split_message(render_reply(r, "telegram"), "telegram"):
            check(part)
            assert len(part) <= MESSAGE_LIMIT["telegram"]


def test_checker_rejects_what_telegram_rejects() -> None:
    for bad in ("<div>x</div>", "<b>x", "a < b", "x & y", "<b><i>x</b></i>", "&nbsp;"):
        with pytest.raises(TelegramHTMLError):
            check(bad)
    check('<b>ok</b> &lt;3 <pre>a  b</pre> <a href="https://x">x</a>')


def test_discord_escapes_user_text_and_mentions() -> None:
    text = render_reply(Reply("error", "en", {"message": "no card *h800* _x_ @everyone `rm`"}), "discord")
    assert "\\*h800\\*" in text and "\\_x\\_" in text and "\\`rm\\`" in text
    assert "@everyone" not in text and "@\u200beveryone" in text
    assert "*h800*" in render_reply(Reply("error", "en", {"message": "no card *h800*"}), "plain")


def test_long_replies_split_at_block_boundaries_never_inside_code() -> None:
    r = Reply("faq_list", "en", {"questions": [f"Question {i}: " + "how does it work " * 6 for i in range(40)]})
    text = render_reply(r, "discord")
    parts = split_message(text, "discord")
    assert len(parts) > 1 and all(len(p) <= 2000 for p in parts)
    big = "```\n" + "\n".join(f"row {i:04d}  " + "x" * 30 for i in range(200)) + "\n```"
    for part in split_message("intro\n\n" + big, "discord"):
        assert part.count("```") % 2 == 0 and len(part) <= 2000
    for part in split_message("<pre>" + "\n".join("y" * 50 for _ in range(200)) + "</pre>", "telegram"):
        check(part)


def test_buttons_fit_telegram_and_round_trip() -> None:
    r = reply("deepseek-r1-distill-qwen-32b qlora seq 8192 on 8 rtx 4090 48g rank 64 zero 3 batch 2 no flash")
    assert r.buttons
    for b in r.buttons:
        assert len(b.payload.encode()) <= 64
        request, _ = buttons.decode(b.payload)
        assert request.model == "deepseek-r1-distill-qwen-32b" and request.gpu == "rtx-4090-48g"


def test_button_changes_one_thing_and_answers_again() -> None:
    user = User()
    first = user.hear("Qwen3-8B QLoRA 一张4090够吗")
    assert first is not None
    labels = [b.label_key for b in first.buttons]
    second = user.press(on=first, target=labels.index("btn.method.lora"))
    v = second.data["v"]
    assert (v["method"], v["model_id"], v["fit"]["gpu"], second.lang) == ("lora", "qwen3-8b", "rtx-4090", "zh")
    assert v["total_gb"] > first.data["v"]["total_gb"] + 9  # the bf16 base instead of 4-bit
    third = user.press(on=second, target=[b.label_key for b in second.buttons].index("btn.seq"))
    assert third.data["v"]["seq_len"] == 4096


def test_stale_or_forged_button_gets_a_clear_reply() -> None:
    user = User()
    out = user.core.handle(Incoming(text="", user_id="u", chat_id="c", button="s|nope"))
    assert out is not None and out.kind == "error"
    out = user.core.handle(Incoming(text="", user_id="u", chat_id="c", button="s|qwen3-99b|l|||||m=q"))
    assert out is not None and out.kind == "error" and "out of date" in render_reply(out, "plain")  # a model since renamed


def test_settings_persist_and_language_precedence() -> None:
    store = MemorySettings()
    user = User(Core(store), lang="zh-hans")
    r = user.hear("qwen3 8b lora")
    assert r is not None and r.lang == "zh"  # platform locale beats the message's language
    user.hear("/lang en")
    r = user.hear("qwen3 8b lora")
    chosen = {k: v for k, v in store.get("console:user:u1").items() if k != "last_lang"}
    assert r is not None and r.lang == "en" and chosen == {"lang": "en"}
    user.hear("/currency cny")
    user.hear("/provider gpuli")
    chosen = {k: v for k, v in store.get("console:user:u1").items() if k != "last_lang"}
    assert chosen == {"lang": "en", "currency": "CNY", "provider": "gpuli"}
    user.hear("/provider auto")
    assert "provider" not in store.get("console:user:u1")


def test_a_bare_command_is_answered_in_the_language_of_the_last_question() -> None:
    user = User()
    first = user.hear("千问3 8B LoRA 显存够吗")
    bare = user.hear("/help")
    assert first is not None and bare is not None and (first.lang, bare.lang) == ("zh", "zh")
    user.hear("how much memory for qwen3 8b lora")
    later = user.hear("/help")
    assert later is not None and later.lang == "en"


def test_group_chatter_is_ignored_but_commands_and_mentions_are_answered() -> None:
    user = User(chat_kind="group")
    assert user.hear("lol anyone free for lunch", addressed=False) is None
    assert user.hear("qwen3 8b lora", addressed=False) is None
    assert user.hear("/size qwen3 8b lora", addressed=False) is not None
    assert user.hear("qwen3 8b lora", addressed=True) is not None


def test_bad_setting_and_unknown_command_are_clear_and_change_nothing() -> None:
    store = MemorySettings()
    user = User(Core(store))
    r = user.hear("/currency bitcoin")
    assert r is not None and r.kind == "error" and "USD" in render_reply(r, "plain")
    assert "currency" not in store.get("console:user:u1")
    r = user.hear("/frobnicate")
    assert r is not None and "/size" in render_reply(r, "plain")


def test_a_crashing_handler_becomes_an_apology_with_an_error_id() -> None:
    core = Core(MemorySettings())

    def boom(ctx: object, args: str) -> Reply:
        raise RuntimeError("secret internal detail")

    core.commands["boom"] = boom  # type: ignore[assignment]
    r = core.handle(Incoming(text="/boom", user_id="u", chat_id="c"))
    assert r is not None and r.kind == "error"
    text = render_reply(r, "plain")
    assert "secret" not in text and "Traceback" not in text and re.search(r"[0-9a-f]{8}", text)


def test_same_figures_on_every_flavor() -> None:
    r = reply("qwen2.5 72b lora 8卡 a100")
    numbers = [set(re.findall(r"\d+\.\d+ GB", render_reply(r, f))) for f in FLAVORS]
    assert numbers[0] == numbers[1] == numbers[2] and numbers[0]


def test_compare_and_gpus() -> None:
    r = reply("/compare qwen3 32b lora h100")
    rows = r.data["rows_data"]
    assert [row["num_gpus"] for row in rows] == [1, 2, 4, 8]
    assert rows[0]["total_gb"] > rows[3]["total_gb"] * 3
    g = reply("/gpus")
    by_name = {row["name"]: row for row in g.data["rows_data"]}
    prices = {(p["provider"], p["period"]): p["low"] for p in by_name["RTX 4090"]["prices"]}
    assert str(prices[("cloudgpu", "hour")]) == "0.33" and str(prices[("gpuli", "week")]) == "109"


def test_request_helper_is_not_mutated() -> None:
    q = TrainingRequest(model="qwen3-8b", method="qlora")
    payload = buttons.encode(q, "m=l")
    assert buttons.apply(buttons.decode(payload)[0], "m=l").method == "lora" and q.method == "qlora"


def test_every_command_has_an_ascii_name_and_descriptions_in_both_languages() -> None:
    core = Core(MemorySettings())
    for lang in ("zh", "en"):
        menu = dict(core.command_menu(lang))
        assert set(menu) == set(core.commands)
        assert all(name.isascii() and name.islower() for name in menu)
    assert dict(core.command_menu("zh"))["size"] != dict(core.command_menu("en"))["size"]


def test_a_bare_faq_lists_a_phone_screen_and_says_how_to_reach_the_rest() -> None:
    """73 questions do not fit a phone screen (nor Telegram's 4,096 characters): the first 12, and how to find the rest."""
    for lang, more in (("en", "more: ask in your own words"), ("zh", "直接用自己的话问")):
        text = render_reply(reply("/faq", lang=lang), "telegram")
        lines = [line for line in text.splitlines() if line.strip()]
        assert len(lines) == 14 and lines[-1].startswith("…") and more in lines[-1], text
        assert len(text) < MESSAGE_LIMIT["telegram"], len(text)
