"""Cantonese's everyday words (bot.understand.cantonese_words) read as Mandarin: 听朝 is tomorrow morning, 提我 remind
me, 租紧 renting now, 系点 how it is, 跌分 losing score, 边张 which card, 先有 only then there, 搞唔搞得掂 can it be
done, 顶唔顶得顺 is it enough. Both ways: the Cantonese message gets the Mandarin message's answer, and a Mandarin
message holding the same characters (关系, 9 点, 紧急, 跌价, 旁边, 仲裁) reads exactly as it did."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.understand.cantonese_words import everyday
from bot.understand.script import _converter, simplified
from testkit.variants import reading
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("cantonese", "mandarin"), [
    ("聽朝 8 點提我續費", "明天早上 8 点提醒我续费"),
    ("聽晚 10 點提我關機", "明天晚上 10 点提醒我关机"),
    ("我哋仲有冇租緊嘅 h100", "我们还有没有在租的 h100"),
    ("嗰部 a100 仲跑緊", "那部 a100 还在跑"),
    ("cloudgpu 係點收錢㗎", "cloudgpu 是怎么收钱"),
    ("計費方式係點?", "计费方式是怎样?"),
    ("8-bit 優化器會唔會跌分", "8-bit 优化器会不会掉分"),
    ("邊張 48g 卡最抵", "哪张 48g 卡最划算"),
    ("h200 邊個機房先有", "h200 哪个机房才有"),
    ("32b lora 點揀卡", "32b lora 怎么选卡"),
    ("一張 4090 搞唔搞得掂 14b qlora", "一张 4090 能不能搞定 14b qlora"),
    ("兩張 a100 頂唔頂得順 70b qlora", "两张 a100 够不够 70b qlora"),
    ("呢張卡咁貴", "这张卡这么贵"),
    ("咁 h100 呢", "那 h100 呢"),
    ("唔好幫我續費", "不要帮我续费"),  # 唔好 forbids: never 不好 (not good)
    ("好唔好先租一週", "好不好先租一周"),
    ("cloudgpu 每個鐘幾錢", "cloudgpu 每小时多少钱"),
    ("攞份 yaml 畀我", "拿份 yaml 给我"),
])
def test_a_cantonese_everyday_word_reads_as_its_mandarin(cantonese: str, mandarin: str) -> None:
    assert simplified(cantonese) == mandarin


# Mandarin where the same characters mean something of their own: nothing changes
MANDARIN = ["关系不大", "联系客服", "晚上 9 点提醒我续费", "3.5 点的时候", "仲裁怎么走", "提到的那张卡", "前提是有货",
            "别提了", "紧急求助", "抓紧时间租", "赶紧关机", "价格跌了", "跌价了吗", "挑拣一下", "掂量一下预算",
            "旁边那台", "海边度假", "一边跑一边看", "先有鸡还是先有蛋", "哪张卡先到货", "要点是什么", "一个钟头",
            "8 卡 H100 两点开始跑", "这是 9 点的提醒", "系统盘多大", "体系结构", "我的系列模型", "你好", "不好用"]


@pytest.mark.parametrize("mandarin", MANDARIN)
def test_mandarin_with_the_same_characters_stays(mandarin: str) -> None:
    assert simplified(mandarin) == mandarin


def _corpus() -> list[str]:
    cases = yaml.safe_load(Path(__file__).with_name("parser_cases.yaml").read_text(encoding="utf-8"))["cases"]
    return [c["text"] for c in cases if c.get("lang") in ("zh", "mixed")]


def test_no_everyday_rule_fires_on_the_mandarin_parser_corpus() -> None:
    # the corpus is the Mandarin the parser was written against: its readings may not move
    texts = _corpus()
    assert len(texts) > 100
    changed = [t for t in texts if everyday(plain := str(_converter().convert(t))) != plain]  # type: ignore[attr-defined]
    assert changed == []


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(word=st.sampled_from(MANDARIN), lead=st.sampled_from(["", "gpuli ", "4090 ", "请问 "]),
       tail=st.sampled_from(["", "?", "，多少钱", " 呢"]))
def test_mandarin_words_stay_inside_any_sentence(word: str, lead: str, tail: str) -> None:
    text = lead + word + tail
    assert everyday(text) == text


@pytest.mark.parametrize(("cantonese", "mandarin"), [
    ("邊張卡 14b qlora 最抵", "哪张卡 14b qlora 最划算"),
    ("一張 a100 搞唔搞得掂 32b qlora", "一张 a100 能不能搞定 32b qlora"),
    ("qwen3 8b qlora 4090 頂唔頂得順", "qwen3 8b qlora 4090 够不够"),
])
def test_a_cantonese_job_question_parses_as_its_mandarin(cantonese: str, mandarin: str) -> None:
    assert reading(cantonese) == reading(mandarin)


@pytest.mark.parametrize(("cantonese", "mandarin", "said"), [
    # a reminder at tomorrow 08:00 (the chat's clock stands on 2026-12-01), never a price list
    (["聽朝 8 點提我續 gpuli 嘅 5090"], ["明天早上 8 点提醒我续 gpuli 的 5090"], "08:00"),
    # one's own rentals as they stand: none recorded
    (["我哋而家有冇租緊嘅卡"], ["我们现在有没有在租的卡"], "没有租用记录"),
    # QLoRA's quality: it loses a little (NF4), the answer of the quality entry
    (["QLoRA 精度會唔會跌好多"], ["QLoRA 精度会不会掉很多"], "NF4"),
    # where InfiniBand is offered: gpuli's two regions
    (["IB 要唔要另外俾錢？邊個機房先有"], ["IB 要不要另外给钱？哪个机房才有"], "DFW-1"),
    # gpuli's billing rule: the whole cycle taken from the wallet at order time
    (["gpuli 係點收錢㗎"], ["gpuli 是怎么收钱"], "一次扣清"),
])
def test_a_cantonese_question_gets_the_mandarin_answer(cantonese: list[str], mandarin: list[str], said: str) -> None:
    a, b = ChatUser(), ChatUser()
    for x, y in zip(cantonese, mandarin, strict=True):
        a.say(x)
        b.say(y)
    assert a.text == b.text and said in a.text
