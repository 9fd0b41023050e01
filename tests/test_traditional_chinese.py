"""Traditional Chinese reads as simplified (bot.understand.script): a team in Taipei or Hong Kong types
"4 張 A100 做 14B 全參 可以嗎" and gets the answer "4 张 A100 做 14B 全参 可以吗" gets, from every surface."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from bot.understand.script import simplified
from testkit.variants import BASES, Base, reading, traditional
from tests.chat_user import ChatUser


@pytest.mark.parametrize("base", [b for b in BASES if b.lang == "zh"], ids=lambda b: b.plain())
def test_every_chinese_base_request_reads_the_same_in_traditional_characters(base: Base) -> None:
    text = base.plain()
    typed = traditional(text)
    assert reading(typed) == reading(text), typed


@pytest.mark.parametrize(("traditional", "simple"), [
    ("4 張 A100 做 14B 全參 可以嗎", "4 张 A100 做 14B 全参 可以吗"),
    ("gpuli 8卡h100 包月多少錢", "gpuli 8卡h100 包月多少钱"),
    ("預算 3萬 夠不夠 跑 32b 全參", "预算 3万 够不够 跑 32b 全参"),
    ("cloudgpu 開機那兩分鐘收費嗎", "cloudgpu 开机那两分钟收费吗"),
])
def test_a_traditional_message_gets_the_simplified_message_s_answer(traditional: str, simple: str) -> None:
    a, b = ChatUser(), ChatUser()
    a.say(traditional)
    b.say(simple)
    assert a.text == b.text and a.text.strip()


def test_the_count_and_method_in_traditional_characters_are_read() -> None:
    p = parse("4 張 A100 做 14B 全參 可以嗎")
    assert p.intent == "size" and p.request.num_gpus == 4 and p.request.method == "full"


def test_names_and_english_are_left_as_they_are() -> None:
    for text in ("一万网络 8卡h100", "千问 qwen3 8b qlora", "how much is a 4090 at gpuli", "乾坤"):
        assert simplified(text) == text


@pytest.mark.parametrize(("cantonese", "mandarin"), [
    ("gpuli 點樣增值", "gpuli 怎样充值"),
    ("4090 夠唔夠 跑 7b qlora", "4090 够不够 跑 7b qlora"),
    ("一万网络 冇 NVLink 咩?", "一万网络 没有 NVLink 吗?"),
    ("咩卡可以跑 14b 全参", "什么卡可以跑 14b 全参"),
    ("8 卡 h100 幾多錢一個月", "8 卡 h100 多少钱一个月"),
])
def test_cantonese_function_words_read_as_mandarin(cantonese: str, mandarin: str) -> None:
    assert simplified(cantonese) == mandarin
    a, b = ChatUser(), ChatUser()
    a.say(cantonese)
    b.say(mandarin)
    assert a.text == b.text


def test_value_added_tax_stays_mandarin() -> None:
    # 增值 is Hong Kong's "top up", but 增值税 / 增值服务 are Mandarin's "value-added" tax and services
    assert simplified("增值税 发票 能开吗") == "增值税 发票 能开吗"
    assert "充值" in simplified("gpuli 点样增值")


@pytest.mark.parametrize(("taiwan", "mainland"), [
    ("Qwen3 8B LoRA 4090 匯出設定檔", "Qwen3 8B LoRA 4090 导出配置文件"),
    ("7b qlora 4090 輸出 yaml 跟啟動指令", "7b qlora 4090 导出 yaml 跟启动命令"),
    ("gpuli 帳號怎麼儲值", "gpuli 账号怎么充值"),
    ("伺服器的網路頻寬多少", "服务器的网络带宽多少"),
])
def test_taiwan_words_read_as_the_mainland_ones(taiwan: str, mainland: str) -> None:
    # Taiwan's vocabulary (匯出 export, 儲值 top up, 指令 a command) in a traditional message is read as the
    # mainland word our readers know, so both messages get one reply
    assert simplified(taiwan) == mainland
    a, b = ChatUser(), ChatUser()
    a.say(taiwan)
    b.say(mainland)
    assert a.text == b.text


def test_taiwan_words_are_read_only_in_traditional_text() -> None:
    # the mainland writes 资料 and 执行 too; typed in simplified they stay, and instruction data keeps its 指令
    assert simplified("参考资料 执行") == "参考资料 执行"
    assert simplified("指令微調資料集 5 萬筆") == "指令微调数据集 5 万笔"
    assert parse("Qwen3 14B QLoRA 4090 輸出 yaml 跟啟動指令").intent == "export"
