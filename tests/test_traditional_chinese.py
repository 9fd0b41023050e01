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


@pytest.mark.parametrize(("taiwan", "mainland"), [
    ("記憶體怎麼估？全參跟 LoRA 差多少", "显存怎么估？全参跟 LoRA 差多少"),
    ("Qwen3 14B 全參 顯示卡記憶體要多少", "Qwen3 14B 全参 显存要多少"),
    ("4 張 H100 租兩週 + 500G 儲存卷 + 2TB 物件儲存 總共多少", "4 张 H100 租两周 + 500G 存储卷 + 2TB 对象存储 总共多少"),
    ("gpuli 儲存空間怎麼收費", "gpuli 存储空间怎么收费"),
])
def test_taiwan_words_for_memory_and_storage_are_the_mainland_ones(taiwan: str, mainland: str) -> None:
    # 記憶體 is the card's memory here (显存), 儲存 is 存储 and 物件儲存 object storage (对象存储): one reply for both
    assert simplified(taiwan) == mainland
    a, b = ChatUser(), ChatUser()
    a.say(taiwan)
    b.say(mainland)
    assert a.text == b.text


def test_the_host_s_memory_stays_the_host_s() -> None:
    # beside the CPU or the machine, 記憶體 is the host's RAM (内存), which offload fills, not the card's
    assert simplified("系統記憶體 256G 夠 offload 嗎") == "系统内存 256G 够 offload 吗"
    assert simplified("CPU 記憶體多大") == "CPU 内存多大"


def test_storage_priced_in_traditional_characters_adds_each_storage() -> None:
    # seed 000's gpuli: a volume ₮0.08 and object storage ₮0.015 per GB·month; 2,000 GB + 1,000 GB is ₮160 + ₮15
    me = ChatUser()
    me.say("8 張 H100 包一個月，加 2000G 儲存卷 和 1000G 物件儲存，總共多少")
    assert "₮160" in me.text and "₮15" in me.text, me.text


@pytest.mark.parametrize("ask", ["幫我出 yaml", "幫我出一份設定檔", "帮我写个 llamafactory 配置"])
def test_help_me_make_the_file_is_an_export(ask: str) -> None:
    # after a sized job, "幫我出 yaml" (help me produce the yaml) hands the file over, for that job
    me = ChatUser()
    me.say("14B LoRA bf16 用 L40S 夠嗎？")
    me.say(ask)
    assert "llamafactory.yaml" in me.text and "L40S" in me.text.splitlines()[1], me.text
