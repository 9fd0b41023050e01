"""What reaches a chat reads as a chat: no command-line flags, no exponent notation, no unit that
means nothing for the thing priced, and an assumption line that names the rule actually used."""

from __future__ import annotations

import re

from tests.chat_user import ChatUser


def test_a_flat_monthly_upgrade_is_priced_without_a_gb_or_an_exponent(chat: ChatUser) -> None:
    for text in ("一万网络 加 16核cpu 多少钱", "128G 内存升级 一个月多少钱"):
        chat.say(text)
        assert "GB" not in chat.text and not re.search(r"\dE[+-]?\d", chat.text), chat.text
        assert "¥400" in chat.text or "¥600" in chat.text


def test_storage_keeps_its_per_gb_price(chat: ChatUser) -> None:
    chat.say("300G 存储卷 一个月多少")
    assert "300 GB" in chat.text and "₮0.08" in chat.text and "₮24" in chat.text


def test_a_step_time_without_its_card_asks_in_words_not_flags(chat: ChatUser) -> None:
    chat.say("qwen3 8b lora 每步1.5秒 8000条")
    assert "--" not in chat.text and "4090" in chat.text


def test_a_lora_cost_names_the_four_n_d_rule_it_used(chat: ChatUser) -> None:
    chat.say("qwen3 14b lora 3万条 训2轮")
    chat.press("btn.details")
    assumed = [line for line in chat.lines if "N·D" in line]
    assert assumed and all("6·N·D" not in line for line in assumed)
    chat.say("qwen3 14b 全参 3万条 训2轮")
    chat.press("btn.details")
    assert any("6·N·D" in line for line in chat.lines)


CLI_ONLY = ("cli.", "wallet.cli.", "wallet.use_chat")  # spoken only by the command line about itself


def test_no_chat_string_names_a_flag_or_the_command_line() -> None:
    """Every reply string a chat can show, in both languages: no `--flag`, no `kasuan ...` command."""
    from pathlib import Path

    import yaml

    found = []
    for path in sorted(Path("catalogs").glob("strings*.yaml")):
        for key, texts in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).items():
            if key.startswith(CLI_ONLY) or not isinstance(texts, dict):
                continue
            found += [f"{path.name}:{key}:{lang}" for lang, text in texts.items()
                      if re.search(r"(?<![\w-])--[a-z]|\bkasuan [a-z]", str(text))]
    assert found == []


def test_a_flops_figure_is_a_power_of_ten_not_e_notation(chat: ChatUser) -> None:
    chat.say("32B full finetune on 8 cards, 20M tokens, 3 epochs")
    assert "1.15×10¹⁹" in chat.text and not re.search(r"\d[eE][+-]?\d", chat.text), chat.text
