"""A plan told over several messages (issue 18): the model in one, the budget or a condition in the next, and a bare
ask last ("用哪个配置", "so which setup?", "行不行") answers that job, with the budget said earlier named back and
weighed; a setting accepted ("qlora 就好", "qlora works") or a condition set ("skip offload, speed is key",
"别用 offload 吞吐最重要") changes the job before it, never a FAQ entry. Figures from seed 000: 32B full on 8×A100
80GB SXM under ZeRO-3 (gpuli ₮8,352/month), 72B full without offload on 8×H200 with an 8-bit optimizer (gpuli
₮19,752/month), 70B QLoRA on one 80 GB card (CloudGPU A800 80GB PCIe $1.09/h, $784.80 for 720 hours)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


def _last(*turns: str) -> ChatUser:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    return chat


@pytest.mark.parametrize(("turns", "want"), [
    (("32b 全参", "一个月预算 1.2 万 U", "用哪个配置"), ["₮12,000", "8×A100 80GB SXM ₮8,352"]),
    (("budget is 12k usdt monthly", "32b full fine-tune", "so which setup?"), ["₮12,000", "A100 80GB SXM at ₮8,352"]),
    (("预算 5000 美元一个月", "qwen 72b qlora", "行不行"), ["$5,000", "够", "$784.80"]),
])
def test_a_bare_ask_after_the_plan_answers_that_job_against_the_budget(turns: tuple[str, ...], want: list[str]) -> None:
    chat = _last(*turns)
    lead = "\n".join(chat.lines[:3])
    for w in want:
        assert w in lead, (w, chat.text)


def test_a_bare_ask_with_no_plan_before_is_still_no_plan() -> None:
    chat = _last("用哪个配置")
    assert "₮" not in chat.text and "$" not in chat.text, chat.text


@pytest.mark.parametrize(("turns", "want"), [
    (("llama 3.1 70b 微调", "qlora 就好"), ["QLoRA", "A800 80GB PCIe"]),
    (("need to tune a 70b", "qlora works"), ["QLoRA", "A800 80GB PCIe"]),
    (("72b full fine-tune", "skip offload, speed is key"), ["H200", "₮19,752"]),
    (("72b 全参", "别用 offload 吞吐最重要"), ["H200", "₮19,752"]),
])
def test_a_setting_accepted_or_a_speed_condition_changes_the_job(turns: tuple[str, ...], want: list[str]) -> None:
    chat = _last(*turns)
    lead = "\n".join(chat.lines[:3])
    for w in want:
        assert w in lead, (w, chat.text)
    assert "offload" not in chat.lines[1] or "H200" in chat.lines[1]


@pytest.mark.parametrize(("turns", "want"), [
    (("72b full fine-tune", "no offload, throughput counts", "and per month?"), "₮19,752"),
    (("70b 微调", "qlora 也可以", "最便宜的每小时多少"), "$1.09"),
])
def test_the_condition_stays_for_the_price_asked_next(turns: tuple[str, ...], want: str) -> None:
    chat = _last(*turns)
    assert want in "\n".join(chat.lines[:3]), chat.text


@pytest.mark.parametrize("text", ["offload 吞吐会掉多少", "what is qlora", "qlora 是什么"])
def test_a_question_about_the_setting_is_no_change_of_the_job(text: str) -> None:
    assert not parse(text).cues.setting_only, text


@pytest.mark.parametrize("text", ["qlora 就好", "qlora works", "lora 也可以", "别用 offload 吞吐最重要",
                                  "skip offload, speed is key", "no offload, throughput counts"])
def test_a_setting_said_with_its_acceptance_or_condition_is_a_setting_alone(text: str) -> None:
    assert parse(text).cues.setting_only, text


@pytest.mark.parametrize(("job", "chatter"), [
    ("Qwen3-8B QLoRA 一张4090够吗", "今天吃啥"), ("Qwen3-8B QLoRA 一张4090够吗", "谁请客？"),
    ("qwen3 8b qlora on a 4090?", "what's for lunch?"),
])
def test_chatter_after_a_sizing_is_not_the_plan_asked_again(job: str, chatter: str) -> None:
    """A short question that asks no choice and no go-ahead is no ask of the plan: the sizing is not shown again."""
    chat = ChatUser()
    chat.say(job)
    reply = chat.say(chatter)
    assert reply.kind != "size" and "RTX 4090" not in chat.text, chat.text
