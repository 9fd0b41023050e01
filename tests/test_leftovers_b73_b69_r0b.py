"""Classes of behaviour blind 73 and blind 69 still failed at the start of session 27 (round 0, r0b), in phrasings of
our own, both languages; every figure from the seeds through the catalogs and the engine:
- money said after a job priced for a length weighs that total (enough or short), not how long it rents;
- runs in a span count a run length the user states ("假设每次跑 6 小时"), the estimate beside it;
- registering or opening an account is the sign-up entry (seed 000: sign-up by email);
- "just the bf16 weights?" after a checkpoint's size leads with the weights alone (bf16: 2 bytes a parameter);
- cards asked to stand in for the ones before ("能顶替吗", "substitute for them") ask their fit;
- a card's price asked beside a job keeps the job, so "那 8 卡 H100 呢" prices it on those cards;
- "which gpu do I rent for that at gpuli" after a sizing is that job's card there;
- shutting a prepaid gpuli cycle down saves nothing (seed 000: charged once at order time, price fixed for the cycle);
- a price quoted to be confirmed ("really 369 a month?") is checked, right or wrong leading;
- "非得租 H100 吗" / "do we have to rent an A100" asks whether that card is needed;
- several PCIe cards (4090/5090/3090, L40S) asked ZeRO-3 or DDP, or whether multi-card training is sound: the
  link decides (seed 000: DDP or ZeRO-2 fine on several 4090s, ZeRO-3 much slower)."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.chat_user import ChatUser


def _reply(*turns: str) -> str:
    me = ChatUser()
    for text in turns:
        me.say(text)
    return me.text


def _lead(*turns: str, lines: int = 1) -> str:
    return "\n".join(_reply(*turns).splitlines()[:lines])


# ---- money said after a job priced for a month: that month against it
@pytest.mark.parametrize(("turns", "facts"), [
    (("14b 全参 4 卡 a100 sxm 包月多少", "我们手上有 5000U 预算"), ["够", "₮4,308", "₮692"]),
    (("14b full ft on 4 A100 SXM for a month?", "we've got a 4000 USDT budget"), ["not enough", "₮4,308", "₮308"]),
])
def test_money_after_a_priced_month_weighs_it(turns: tuple[str, str], facts: list[str]) -> None:
    lead = _lead(*turns)
    assert lead.startswith("💵") and all(f in lead for f in facts), lead


# ---- the user's own run length, counted in the span (seed 002: a 720-hour month)
@pytest.mark.parametrize(("turns", "facts"), [
    (("32b 全参 8卡h100，2000万 token 3 epoch 要多久", "假设每次跑 6 小时，一个月能跑几次"), ["每次 6 小时", "120 次"]),
    (("14b lora on 8 h100, 200M tokens 2 epochs, how long?", "if each run takes 8 hours, how many runs fit in a month?"),
     ["At 8 h a run", "90 runs"]),
])
def test_a_stated_run_length_is_counted(turns: tuple[str, str], facts: list[str]) -> None:
    lead = _lead(*turns)
    assert all(f in lead for f in facts), lead


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=2, max_value=23))
def test_runs_in_a_week_are_the_week_over_the_stated_hours(hours: int) -> None:
    lead = _lead("7b qlora 一张 4090，1 亿 token 1 epoch 多久", f"就按每次 {hours} 小时，一周能跑几次")
    assert f"能跑 {math.floor(168 / hours):,} 次" in lead, lead


# ---- signing up
@pytest.mark.parametrize(("text", "fact"), [("new question: how do I create an account?", "email"),
                                            ("what is the registration process at gpuli?", "email"),
                                            ("换个问题：账号怎么注册", "邮箱")])
def test_registering_is_the_sign_up_entry(text: str, fact: str) -> None:
    assert fact in _reply(text)


# ---- the weights alone after a checkpoint's size: 2 bytes a parameter
@pytest.mark.parametrize(("turns", "facts"), [
    (("how large is a 14B full fine-tune checkpoint?", "only the bf16 weights?"), ["weights alone", "28 GB"]),
    (("72b 全参 存一次 checkpoint 多大", "只存 bf16 权重呢"), ["只存权重", "144 GB"]),
])
def test_the_weights_alone_lead_after_a_checkpoint(turns: tuple[str, str], facts: list[str]) -> None:
    lead = _lead(*turns)
    assert all(f in lead for f in facts), lead


# ---- cards standing in for the ones before: their fit
@pytest.mark.parametrize("turns", [("14b 全参 4 卡 a100 sxm 包月多少", "换 2 张 H100 能顶替吗"),
                                   ("14b full ft on 4 A100 SXM for a month?", "can two H100s substitute for them?")])
def test_cards_standing_in_are_sized(turns: tuple[str, str]) -> None:
    lead = _lead(*turns)
    assert lead.startswith("❌") and "2×H100" in lead.replace("× ", "×"), lead


# ---- a price asked beside a job keeps the job
def test_a_price_beside_a_job_keeps_the_job() -> None:
    reply = _reply("我们在做 32B 全参微调的方案，周租月租那家 8 卡 A100 SXM 一个月多少钱？", "换成 8 卡 H100 呢？")
    assert "₮14,432" in reply and "要估哪个模型" not in reply, reply


# ---- the card for that job at a provider
def test_which_card_for_that_at_a_provider() -> None:
    reply = _reply("How much VRAM for Qwen2.5-72B QLoRA?", "which gpu do I rent for that at gpuli")
    assert "A100 80GB" in reply and "₮899" in reply, reply


# ---- a prepaid cycle shut down saves nothing
@pytest.mark.parametrize(("text", "verdict"), [("gpuli 包周的机器，周末关掉能省钱吗", "❌ 不能"),
                                               ("if we turn it off over the weekend on gpuli, do we pay less?", "❌ No"),
                                               ("gpuli 月租，晚上停机能少扣点吗", "❌ 不能")])
def test_shutting_a_prepaid_cycle_down_saves_nothing(text: str, verdict: str) -> None:
    assert _lead(text).startswith(verdict)


# ---- a quoted price confirmed or corrected
@pytest.mark.parametrize(("text", "verdict", "price"), [("is gpuli's 4090 really 369 a month?", "✅", "₮369"),
                                                        ("一万网络 T4 真的只要 800 一个月吗", "❌", "¥900"),
                                                        ("gpuli 4090 周租真的是 109 吗", "✅", "₮109")])
def test_a_quoted_price_is_checked(text: str, verdict: str, price: str) -> None:
    lead = _lead(text)
    assert lead.startswith(verdict) and price in lead, lead


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=100, max_value=2000))
def test_any_quoted_month_of_the_4090_is_judged_against_369(amount: int) -> None:
    lead = _lead(f"gpuli 的 4090 月租真的是 {amount} 吗")
    assert lead.startswith("✅" if amount == 369 else "❌") and "₮369" in lead, lead


# ---- a big card asked whether it is needed
@pytest.mark.parametrize(("text", "lead"), [("7b qlora 非得租 H100 吗", "没必要"), ("8b qlora 一定要用 a100 吗", "没必要"),
                                            ("do we have to rent an A100 for 8b qlora?", "No, not necessary")])
def test_a_big_card_is_not_needed(text: str, lead: str) -> None:
    first = _lead(text)
    assert first.startswith(lead) and "RTX 4090" in first, first


# ---- several PCIe cards: the link decides the stage
@pytest.mark.parametrize("text", ["5090 多卡训练靠谱吗", "多张 4090 一起训靠谱吗", "6 张 3090 跑 7b，ddp 好还是 zero3 好",
                                  "three l40s for 14b lora: ddp or zero-3?", "eight 4090s on a 14b, zero-3 or plain ddp?"])
def test_pcie_cards_together_are_answered_for_their_link(text: str) -> None:
    reply = _reply(text)
    assert "PCIe" in reply and ("ZeRO-2" in reply or "DDP" in reply) and "MI300X" not in reply, reply
