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
