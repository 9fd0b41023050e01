"""A FAQ question that names a job, a card or a machine beside what it asks is answered on what it asks, and leads
with it: the value a setting takes is no price, a question about a card to rent is no order, what the asker holds is
what a payment question asks of, a 是-question is answered 是, two ways set against each other stay the question
whatever fills the message, a switch asked what it costs is that switch's entry, and a catch asked of a job leads
with the card's software stack or the link between machines."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


def _reply(*texts: str) -> str:
    chat = ChatUser()
    for text in texts:
        chat.say(text)
    return chat.text


def _head(text: str, lines: int = 2) -> str:
    return "\n".join(text.splitlines()[:lines])


@pytest.mark.parametrize("text", ["dataloader 的 num_workers 该设成几，机器 32 核", "num_workers 设成多少比较好 cpu 是 16 核的"])
def test_the_value_a_setting_takes_is_no_price_of_the_cpu_named(text: str) -> None:
    reply = _reply(text)
    assert "num_workers" in _head(reply) and "2–4" in _head(reply), reply
    assert "¥400" not in reply, reply


def test_a_cpu_add_on_asked_how_much_is_still_priced() -> None:
    assert "¥400" in _head(_reply("一万网络 加 16 核 cpu 多少"), 1)


@pytest.mark.parametrize("text", ["想租 8 卡 a100，sxm 跟 pcie 差在哪",
                                  "rent 8x a100 pcie, how is it different from sxm and what goes in the contract"])
def test_a_question_about_the_card_to_rent_is_answered_not_ordered(text: str) -> None:
    reply = _reply(text)
    assert "NVLink" in _head(reply) and "SXM" in _head(reply), reply
    assert "确认" not in reply and "confirm" not in reply.lower(), reply


def test_a_rental_said_without_a_question_is_still_an_order() -> None:
    assert "确认记这次租用" in _reply("租 4090 一周 gpuli")


@pytest.mark.parametrize(("text", "lead"), [
    ("cloudgpu require a phone number? all we have is a mastercard", "✅ Yes"),
    ("cloudgpu 付款必须要美国银行卡吗 我们手上只有支付宝", "✅ 可以"),
])
def test_what_the_asker_holds_is_asked_whether_it_is_taken(text: str, lead: str) -> None:
    assert _reply(text).startswith(lead)


@pytest.mark.parametrize(("text", "lead"), [("do i need a us bank card for cloudgpu", "❌ No"), ("cloudgpu 需要手机号吗", "❌ 不需要")])
def test_whether_a_thing_is_required_stays_a_no(text: str, lead: str) -> None:
    assert _reply(text).startswith(lead)


@pytest.mark.parametrize(("text", "verdict"), [("一万网络那台 a100 八卡 是 nvlink 互联的吗", "是的，有"),
                                               ("gpuli 的 4090 之间是不是 nvlink 连的", "不是，没有")])
def test_a_question_asked_with_shi_is_answered_shi_or_bu_shi(text: str, verdict: str) -> None:
    assert verdict in _head(_reply(text))


def test_a_question_asked_with_you_keeps_you() -> None:
    reply = _reply("a100 sxm 有 nvlink 吗")
    assert "是的" not in reply and "有" in _head(reply), reply


@pytest.mark.parametrize("text", ["我们 8b lora 到底该用 zero 还是 ddp 啊", "zero和ddp到底选哪个 我们13b qlora",
                                  "ddp跟zero到底用哪个好 我们团队 8b 的 lora"])
def test_two_ways_set_against_each_other_stay_the_question(text: str) -> None:
    reply = _reply(text)
    assert "DDP" in _head(reply, 1) and "ZeRO" in _head(reply, 1), reply
    assert "📏" not in reply, reply


@pytest.mark.parametrize(("text", "said"), [
    ("is 8-bit adam risky for a months-long pretraining run", "fp32"),
    ("8bit 优化器 做继续预训练有没有副作用", "fp32"),
    ("8-bit adam 做长时间的继续预训练 会不会影响收敛", "fp32"),
    ("does offload hurt throughput on long runs", "offload"),
])
def test_a_switch_asked_what_it_costs_is_its_entry_not_which_model(text: str, said: str) -> None:
    reply = _reply(text)
    assert said in reply and "Which model" not in reply and "哪个模型" not in reply, reply


def test_a_catch_asked_of_a_job_on_an_amd_card_leads_with_its_software_stack() -> None:
    reply = _reply("72b lora 用 mi300x 跑有什么坑")
    assert "ROCm" in _head(reply, 1), reply
    assert "72B LoRA" in reply and "GB" in reply, reply  # the fit follows


@pytest.mark.parametrize("text", ["跨节点训 32b 全参 有啥坑", "多台机器一起跑 70b 全参 要注意什么"])
def test_a_catch_asked_of_a_job_across_machines_leads_with_their_link(text: str) -> None:
    reply = _reply(text)
    assert "InfiniBand" in _head(reply, 1) and "₮600" in _head(reply, 1), reply
    assert "全参微调" in reply, reply  # the sizing follows


@pytest.mark.parametrize(("text", "said"), [
    ("qlora or bf16 lora, is there a quality hit", "accuracy"),
    ("qlora vs bf16 lora which is faster", "slower"),
])
def test_the_aspect_asked_of_two_methods_picks_between_their_entries(text: str, said: str) -> None:
    assert said in _head(_reply(text), 3).lower()


@pytest.mark.parametrize(("text", "lead"), [("does qlora hurt speed vs bf16 lora? by how much?", "slower"),
                                            ("we may use QLoRA instead of bf16 LoRA; does it hurt quality, any other price?", "accuracy"),
                                            ("qlora 比 bf16 lora 慢多少，伤速度吗", "慢")])
def test_a_method_set_against_a_precision_is_the_methods_question(text: str, lead: str) -> None:
    # the switch (bf16) is only the baseline the method is weighed against: QLoRA's speed entry answers
    chat = ChatUser()
    chat.say(text)
    assert lead in "\n".join(chat.lines[:2]) and "fp16" not in chat.lines[0], chat.text
