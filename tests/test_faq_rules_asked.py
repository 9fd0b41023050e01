"""Questions about a provider's rules answered from the right entry, with the verdict the question asks (seeds 000 and
002): a mixed-language question names a concept in either language ("booting" and 计费 ask whether the boot is billed);
"要国内手机号吗" asks whether a thing is required; "还在吗" asks whether a thing is still there (no filler); an entry
giving other providers' rules yields to the named provider's own rule on the same topic, also when the provider was
named a turn before."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser

BOOT_BILLED = [
    ("cloudgpu booting 的时候计费吗", "❌ 不收费"),
    ("cloudgpu 的 boot 时间收钱吗", "❌ 不收费"),
    ("is the 开机 time billed at cloudgpu?", "❌ No"),
    ("cloudgpu startup 那段扣费吗", "❌ 不收费"),
]


@pytest.mark.parametrize(("text", "lead"), BOOT_BILLED)
def test_a_mixed_language_boot_question_is_answered_not_billed(text: str, lead: str) -> None:
    me = ChatUser()
    me.say(text)
    assert me.lines[0].startswith(lead), me.text
    assert "2" in me.lines[0], me.text  # the two minutes of boot


NEEDED = [
    "cloudgpu 付款要国内手机号或者 us card 吗",
    "cloudgpu 充值要一张美国卡吗",
    "在 cloudgpu 付钱要国内的手机号吗",
    "do I need a us card or a phone number to pay at cloudgpu",
]


@pytest.mark.parametrize("text", NEEDED)
def test_asking_whether_a_thing_is_required_is_answered_no(text: str) -> None:
    me = ChatUser()
    me.say(text)
    assert me.lines[0].startswith(("❌ 不需要", "❌ No")), me.text


STILL_THERE = [
    ("cloudgpu 实例销毁了 checkpoint 还在吗", "❌ 不在了"),
    ("cloudgpu 上 checkpoint 销毁之后还在不在", "❌ 不在了"),
    ("cloudgpu destroy instance, are checkpoints still there?", "❌ No"),
    ("在 cloudgpu 销毁以后 checkpoint 会丢吗", "⚠️ 会"),
]


@pytest.mark.parametrize(("text", "lead"), STILL_THERE)
def test_checkpoints_after_destroy_lead_with_the_verdict(text: str, lead: str) -> None:
    me = ChatUser()
    me.say(text)
    assert me.lines[0].startswith(lead), me.text
    assert "删除" in me.lines[0] or "deleted" in me.lines[0], me.text


PROVIDERS_RULE = [
    ["will i lose my checkpoints at cloudgpu?"],
    ["cloudgpu 停了 checkpoint 会丢吗"],
    ["renting a 4090 on cloudgpu for 14b qlora", "can i stop it overnight and pick up tmrw", "will i lose my checkpoints?"],
    ["cloudgpu 租 4090 跑 14b qlora", "销毁以后 checkpoint 会丢吗"],
]


@pytest.mark.parametrize("turns", PROVIDERS_RULE)
def test_the_named_providers_own_rule_answers(turns: list[str]) -> None:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    assert "cloudgpu" in me.text and ("删" in me.text or "deleted" in me.text), me.text
    assert "NVMe" not in me.text, me.text  # not gpuli's migration of the local disk


def test_a_hardware_fault_at_gpuli_keeps_its_own_entry() -> None:
    me = ChatUser()
    me.say("gpuli 机器坏了 checkpoint 会丢吗")
    assert "30 分钟" in me.text and "迁移" in me.text, me.text


def test_a_greeting_is_still_filler() -> None:
    me = ChatUser()
    me.say("在吗 cloudgpu 怎么付款")
    assert "USDT" in me.text, me.text


STOPPED = [
    ["cloudgpu 跑到一半我停了 钱怎么算"],
    ["cloudgpu 提前停掉的话怎么收费"],
    ["if I stop the cloudgpu instance halfway what do I pay"],
    ["cloudgpu a100 80g 一小时多少", "跑 1.5 天呢", "要是中途停了 钱怎么算"],
]


@pytest.mark.parametrize("turns", STOPPED)
def test_a_run_stopped_halfway_is_billed_by_the_minute(turns: list[str]) -> None:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    assert ("按分钟" in me.text and "退回余额" in me.text) or ("minutes" in me.text and "balance" in me.text), me.text


POINTED = [
    (["cloudgpu a100 80g 跑 24 小时多少", "那个用 usdt 能付吗"], "✅ 可以：cloudgpu"),
    (["cloudgpu a100 80g 一小时多少", "那个能用支付宝付吗"], "✅ 可以：cloudgpu"),
    (["gpuli 4090 一周多少", "那个能用 usdt 付吗"], "✅ 可以：gpuli"),
    (["cloudgpu a100 80g for 24 hours how much", "can i pay that with usdt?"], "✅ Yes: cloudgpu"),
]


@pytest.mark.parametrize(("turns", "lead"), POINTED)
def test_a_yes_no_question_pointing_at_a_price_is_the_providers_rule(turns: list[str], lead: str) -> None:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    assert me.lines[0].startswith(lead), me.text
    assert "USDT" in me.text and "$35.76" not in me.text, me.text


def test_a_length_pointing_at_a_price_still_reprices_it() -> None:
    me = ChatUser()
    me.say("cloudgpu 4090 多少钱")
    me.say("那个跑 3 天多少")
    assert "$23.76" in me.text, me.text  # 72 h × $0.33


ADD_IB = [
    ["一万网络 h100 8 卡 月付多少", "年付呢", "ib 能加吗"],
    ["一万网络 8 卡 h100 多少钱", "IB 可以加吗"],
    ["yiwan 8x h100 monthly price", "can we add ib to that?"],
    ["一万网络 ib 能加吗"],
]


@pytest.mark.parametrize("turns", ADD_IB)
def test_adding_infiniband_is_not_the_cpu_and_ram_add_on(turns: list[str]) -> None:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    assert "IB 400G" in me.text, me.text
    assert "16 核" not in me.text and "16 cores" not in me.text, me.text
