"""A message that corrects itself mid-sentence, as voice input does ("32b 哦不是 14b", "5个小时 不对 10个小时",
"the a100 no wait the a800"): the value said after the correction is the one meant, for every kind of value
(model or size, card, card count, length of time, amount, provider, method, sequence length), in either
language, and a choice between two values or a question about one is no correction."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.understand.corrections import settled
from bot.understand.parser import parse
from tests.chat_user import ChatUser


def _read(msg: str) -> tuple[str, dict[str, object], object]:
    p = parse(msg)
    return p.intent, p.fields(), p.asks.budget


@pytest.mark.parametrize(("msg", "field", "value"), [
    ("32b 哦不是 14b qlora 要多少显存", "params_b", 14.0),
    ("qwen 14b 啊不 7b lora 4090 够吗", "params_b", 7.0),
    ("qwen 7b lora, sorry I mean qwen 14b, how much vram", "params_b", 14.0),
    ("llama 8b er 70b qlora how much vram", "params_b", 70.0),
    ("a100 80g 跑5个小时 不对 10个小时 多少钱 cloudgpu", "duration_hours", 10.0),
    ("用 a100 跑 7b 全参 一周 哦不对 两周 gpuli 多少钱", "duration_days", 14.0),
    ("4090 on gpuli for 3 days actually 5 days how much", "duration_days", 5.0),
    ("llama 8b full fine-tune on 2 h100 for 10 hours no wait 20 hours on gpuli how much", "duration_hours", 20.0),
    ("so on cloudgpu the a100 no wait the a800 for 8 hours how much", "gpu", "a800-80g-pcie"),
    ("4090 不是 是 a100 跑 qwen 14b lora 够吗", "gpu", "a100-80g-sxm"),
    ("我用 4090 跑 7b lora 算了 还是 3090 吧 够吗", "gpu", "rtx-3090"),
    ("mistral 7b on an a100 scratch that an h100 for 2 days on cloudgpu", "gpu", "h100-sxm"),
    ("32b全参 h100 8张 不对 4张 放得下不", "num_gpus", 4),
    ("8 h100s no wait 4 h100s for llama 70b qlora, enough?", "num_gpus", 4),
    ("gpuli 不对 cloudgpu 的 h100 一小时多少", "provider", "cloudgpu"),
    ("h100 on cloudgpu sorry I mean gpuli, price per month", "provider", "gpuli"),
    ("lora 不对 全参 qwen 7b 要多少显存", "method", "full"),
    ("qlora no wait full fine-tune for qwen 7b, how much memory", "method", "full"),
    ("qwen 7b seq 2048 我说错了 4096 lora 要多少显存", "seq_len", 4096),
    ("seq 2048 no wait 8192 qwen 7b lora memory", "seq_len", 8192),
    ("h100 8张 不对 4 全参 32b 够吗", "num_gpus", 4),  # a bare figure after the correction: the count's
    ("32b哦不是14b qlora要多少显存", "params_b", 14.0),  # dictated without spaces
    ("a100跑5个小时不对10个小时多少钱", "duration_hours", 10.0),
    ("gpuli 3090 包两周 不对 三周 多少钱", "duration_days", 21.0),
    ("h100 gpuli 一天 呃 两天 多少", "duration_days", 2.0),
    ("qwen 14b 全参 原计划 16 张 h200 算了 改成 8 张", "num_gpus", 8),
    ("llama 70b qlora on a 4090 uh an a100 how much vram", "gpu", "a100-80g-sxm"),
])
def test_the_value_after_the_correction_is_the_one_read(msg: str, field: str, value: object) -> None:
    assert parse(msg).fields()[field] == value


def test_an_amount_corrected_is_the_budget() -> None:
    assert parse("4090 on gpuli, budget $500 sorry I mean $800, how long can I run").asks.budget == (Decimal(800), "USD")
    assert parse("4090 gpuli 预算 500 美元 不对 800 美元 能租多久").asks.budget == (Decimal(800), "USD")


# a clean message, the slot where one value stands, the value meant and a wrong one of the same kind
CLEAN = [
    ("{} qlora 要多少显存", "14b", "32b"),
    ("qwen3 {} lora on one 4090, enough?", "8b", "14b"),
    ("a100 80g 跑{} 多少钱 cloudgpu", "10个小时", "5个小时"),
    ("4090 on gpuli for {} how much", "5 days", "3 days"),
    ("h100 gpuli 包{} 多少", "3个月", "2个月"),
    ("on cloudgpu the {} for 8 hours how much", "a800", "a100"),
    ("7b 全参 用 {} 一张 够吗", "a100", "h100"),
    ("32b 全参 h100 {} zero3 放得下吗", "4张", "8张"),
    ("qwen3 14b full on {} h100, enough?", "4", "8"),
    ("{} 的 h100 一小时多少", "cloudgpu", "gpuli"),
    ("qwen 7b {} 要多少显存", "全参", "lora"),
    ("llama 8b {} fine-tune memory", "qlora", "full"),
    ("qwen 7b lora seq {} memory", "4096", "2048"),
    ("4090 gpuli 预算 {} 能租多久", "800 美元", "500 美元"),
    ("4090 on gpuli, budget {}, how long can I run", "$800", "$500"),
]
MARKERS = ["不对", "哦不是", "不是 是", "啊不", "我说错了", "no wait", "sorry I mean", "scratch that"]


@pytest.mark.parametrize("marker", MARKERS)
@pytest.mark.parametrize(("template", "right", "wrong"), CLEAN)
def test_a_wrong_value_taken_back_reads_as_the_message_without_it(template: str, right: str, wrong: str, marker: str) -> None:
    """Metamorphic: the wrong value, a correction word and the right value read as the right value alone."""
    assert _read(template.format(f"{wrong} {marker} {right}")) == _read(template.format(right))


@pytest.mark.parametrize("msg", [
    "a100 还是 h100 哪个划算",  # a choice between two cards
    "跑5小时 还是 10小时 便宜",
    "不是 4090 是 a100 吗",  # a question
    "7b 要 16g 对不对",
    "这个价格不对吧 4090 一小时 2块",  # 不对 said of something else
    "h100 8张 算了一下 要多少钱",  # worked out, nothing taken back
    "i have a 4090 actually would an a100 be faster",
    "qwen 7b lora 和 全参 分别要多少显存",
    "qwen3 32b full on 8 h100, actually 3 epochs",
    "4090 on gpuli, sorry for the a100 question earlier",  # an apology, nothing taken back
])
def test_a_choice_or_a_question_is_no_correction(msg: str) -> None:
    assert settled(msg) == msg


def test_a_comparison_keeps_both_cards() -> None:
    assert parse("a100 还是 h100 哪个划算 gpuli 包月").cards[:2] == ["a100-80g-sxm", "h100-sxm"]


def test_a_follow_up_that_corrects_its_length_prices_the_later_one() -> None:
    u = ChatUser()
    u.say("14b qlora 4090 cloudgpu 跑3个小时 多少钱")
    u.say("跑8个小时 不对 6个小时呢")
    lead = "\n".join(u.text.splitlines()[:3])
    assert "6 小时" in lead and "$1.98" in u.text and "8 小时" not in lead


def test_a_follow_up_that_corrects_its_months_prices_the_later_one() -> None:
    u = ChatUser()
    u.say("一万网络 3090 一个月多少")
    u.say("包两个月 不对 三个月 多少")
    assert "¥5,250" in u.text


def test_a_card_corrected_in_english_is_the_one_priced() -> None:
    u = ChatUser()
    u.say("70b qlora how much vram")
    u.say("so on cloudgpu the a100 no wait the a800 for 8 hours how much")
    lead = "\n".join(u.text.splitlines()[:3])
    assert "A800" in lead and "$8.72" in lead and "A100" not in lead
