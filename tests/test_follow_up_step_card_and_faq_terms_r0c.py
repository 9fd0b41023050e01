"""Follow-ups and FAQ questions a hackathon team types (session 26, round 0, blind 70's leftovers):

- a measured step time said after a job whose steps were counted ("每步 1.2 秒的话要多久", "if each step takes 2s how
  long?"): that job timed by it (seed 002: time = steps × seconds a step) and billed for it; a later "多少钱" keeps it;
- a card named alone after the cost of a plan stated without asking a price ("这周末 7b qlora 单卡跑" then "3090"):
  whether that card holds the job leads, the cost follows (with no count said, the fewest of the card that hold it,
  as the cost prices them); after a price question ("32b 全参 包月 多少" then "a100") the price leads as before;
- a FAQ term typed in English inside a Chinese question ("gpuli 的 snapshot 要额外付钱吗"): the entry on that concept
  (seed 000: one public IPv4 and one snapshot within the quota, ₮0), as 快照 would reach it;
- a training route named as the background of a question on another topic ("两台 8 卡 h100 做 continued pretraining，
  IB 另外怎么收"): that topic's entry (seed 000: InfiniBand ₮600 a node a month, two nodes ₮1,200, DFW-1 and ORD-1),
  not the route's.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.chat_user import ChatUser


def _chat(*turns: str) -> ChatUser:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return me


STEPS = [
    # 10,000 × 2 ÷ (2 × 8) = 1,250 steps × 1.2 s = 25 min; CloudGPU 4090 $0.33/h by the minute: $0.1375
    (("7b qlora cloudgpu 4090，1 万条数据 2 个 epoch，batch 2 累积 8，总共多少步", "每步 1.2 秒的话要多久"), "25 分钟", "$0.1375"),
    (("7b qlora cloudgpu 4090，1 万条数据 2 个 epoch，batch 2 累积 8，总共多少步", "一步 1.2s 呢"), "25 分钟", "$0.1375"),
    # 20,000 × 3 ÷ (4 × 4) = 3,750 steps × 2 s = 125 min: $0.6875
    (("8b lora on a cloudgpu 4090, 20k samples 3 epochs batch 4 accum 4, how many steps", "if each step takes 2s how long?"),
     "3,750 steps", "$0.6875"),
    (("8b lora on a cloudgpu 4090, 20k samples 3 epochs batch 4 accum 4, how many steps", "2 s/step then?"), "3,750 steps", "$0.6875"),
]


@pytest.mark.parametrize(("turns", "time", "price"), STEPS)
def test_a_step_time_after_counted_steps_times_and_bills_the_job(turns: tuple[str, ...], time: str, price: str) -> None:
    me = _chat(*turns)
    assert time in me.lines[0] and price in me.text, me.text


def test_the_cost_asked_after_the_step_time_keeps_it() -> None:
    me = _chat("7b qlora cloudgpu 4090，1 万条数据 2 个 epoch，batch 2 累积 8，总共多少步", "每步 1.2 秒的话要多久", "那多少钱")
    assert "$0.1375" in me.text and "416" not in me.text, me.text
    assert Decimal("0.1375") == Decimal(1250) * Decimal("1.2") / 3600 * Decimal("0.33")


CARDS = [
    (("这周末 hackathon，7b qlora 单卡跑", "3090"), "✅ 1 张 RTX 3090 够"),
    (("7b qlora for 2 days", "on a 3090?"), "✅ 1× RTX 3090 is enough"),
    (("14b lora for a week", "what about a 4090"), "❌ 1× RTX 4090 is not enough"),
    (("32b 全参 要跑一个月", "换 h100 呢"), "8 张 H100 SXM"),
]


@pytest.mark.parametrize(("turns", "lead"), CARDS)
def test_a_card_named_alone_after_a_jobs_cost_leads_with_its_fit(turns: tuple[str, ...], lead: str) -> None:
    me = _chat(*turns)
    assert me.lines[0].startswith(("✅", "⚠️", "❌")) and lead in me.lines[0], me.text
    assert "💰" in me.text or "⏱" in me.text, me.text


@pytest.mark.parametrize("turns", [("32b 全参 包月 多少", "a100"), ("7b qlora cost for 2 days?", "on a 3090?"),
                                   ("14b lora 跑一周多少钱", "4090 呢")])
def test_a_card_named_after_a_price_question_is_priced_first(turns: tuple[str, ...]) -> None:
    me = _chat(*turns)
    assert me.lines[0].startswith(("💰", "⏱")), me.text


@pytest.mark.parametrize("text", ["gpuli 的 snapshot 要额外付钱吗", "gpuli snapshot 另外收钱吗", "gpuli 的快照要额外付费吗",
                                  "do I pay extra for snapshots at gpuli", "gpuli 的 IPv4 要额外掏钱吗"])
def test_a_term_typed_in_english_inside_chinese_meets_its_entry(text: str) -> None:
    me = _chat(text)
    assert me.last.kind == "faq", me.text
    assert "₮0" in me.text and ("额度内" in me.text or "included" in me.text), me.text


@pytest.mark.parametrize("text", ["训练到一半 gpuli 机器崩了 checkpoint 还在吗", "租期到了没续 checkpoint 还在吗",
                                  "does 一万网络 snapshot the system disk"])
def test_an_english_word_the_chinese_answers_write_too_still_meets_them(text: str) -> None:
    me = _chat(text)
    assert me.last.kind == "faq" and ("checkpoint" in me.text or "检查点" in me.text or "Yiwan" in me.text), me.text


@pytest.mark.parametrize("text", ["两台 8 卡 h100 做 continued pretraining，IB 另外怎么收",
                                  "我们两台八卡 h100 打算做继续预训练，InfiniBand 怎么收费",
                                  "2 台 8 卡 h100 跑增量预训练，ib 要另外加钱吗"])
def test_a_route_named_as_background_leaves_the_topic_asked(text: str) -> None:
    me = _chat(text)
    assert "600" in me.text and "1,200" in me.text and ("DFW-1" in me.text or "ORD-1" in me.text), me.text


def test_a_question_about_the_route_itself_stays_the_routes() -> None:
    me = _chat("做继续预训练，要什么配置？")
    assert "继续预训练" in me.lines[0] and "16 字节" in me.text, me.text


def test_a_memory_lever_still_answers_with_its_own_figures() -> None:
    me = _chat("8bit优化器 每参数几个字节 全参")
    assert "10 字节" in me.text, me.text
