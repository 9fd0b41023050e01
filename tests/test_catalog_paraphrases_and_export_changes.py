"""Catalog questions in other words, and a job changed right after its export:
- gpuli's SLA asked as availability "under" a figure: below 95% the month is free (catalogs/faq.yaml, seed 000);
- a count of the card just discussed, asked a FAQ question ("两张的话 有 nvlink 吗"): the card's part of the entry
  (the A6000 bridges in pairs, the 4090 has no NVLink), while a count alone still prices that many;
- the card with no NVLink of its own says it cannot use it, wherever rented;
- how a plan is charged from the wallet (upfront or metered) is the billing rule, not a read of the book;
- a config named apart from its tool ("config to start the job: 14b qlora on one 4090, llama-factory") is the
  export of that job (14B, QLoRA, 4-bit);
- after an export, a change worded in a longer frame ("what if we switch to 16-bit lora on an a100 80g") is the
  files again, with finetuning_type lora and no quantization_bit; a change that asks a figure stays a sizing."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser, first_lines

SLA_UNDER = [
    ("what if availability is under 95% for the month at gpuli", "below 95% the whole month is free"),
    ("gpuli instance availability under 95 percent?", "below 95% the whole month is free"),
    ("availability under 95% at gpuli, what happens", "below 95% the whole month is free"),
    ("if gpuli's availability ends up under 99% this month, what then", "below 99% it's 10×"),
    ("gpuli 月可用性低于 95% 怎么办", "低于 95% 整月免费"),
    ("gpuli 这个月可用率要是不到 95% 咋算", "低于 95% 整月免费"),
]


@pytest.mark.parametrize(("text", "rule"), SLA_UNDER)
def test_availability_under_a_figure_is_the_sla(text: str, rule: str) -> None:
    me = ChatUser()
    me.say(text)
    assert rule in first_lines(me, 3), me.text


COUNT_ASKED = [
    ("a6000 at gpuli", "两张的话 有 nvlink 吗", "NVLink 桥接"),
    ("gpuli 的 a6000", "要是两张 能 nvlink 吗", "NVLink 桥接"),
    ("a6000 at gpuli", "with two of them, is there nvlink?", "NVLink-bridged two at a time"),
    ("rent a 4090 at gpuli for a week, price?", "if we get 2 cards, nvlink between them?", "doesn't have NVLink"),
    ("l40s at gpuli", "两张的话 有 nvlink 吗", "不能走 NVLink"),
]


@pytest.mark.parametrize(("before", "text", "answer"), COUNT_ASKED)
def test_a_faq_question_of_a_count_of_the_card_before(before: str, text: str, answer: str) -> None:
    me = ChatUser()
    me.say(before)
    me.say(text)
    assert answer in first_lines(me, 3), me.text
    assert "₮" not in me.text, me.text  # the link asked, not two cards priced


@pytest.mark.parametrize(("text", "count"), [("两张的话呢", "2"), ("what about two of them?", "2")])
def test_a_count_alone_after_a_card_still_prices_that_many(text: str, count: str) -> None:
    me = ChatUser()
    me.say("a6000 at gpuli")
    me.say(text)
    assert "₮115" in me.text and count in first_lines(me, 1), me.text  # 1× RTX A6000 ₮115/week, for 2 asked
    assert "NVLink" not in me.text, me.text


@pytest.mark.parametrize(("text", "no"), [("L40S 有没有 nvlink", "不能走 NVLink"), ("4090 支持 nvlink 吗", "不能走 NVLink"),
                                          ("does the L40S have nvlink", "doesn't have NVLink")])
def test_a_card_without_nvlink_says_it_cannot_use_it(text: str, no: str) -> None:
    me = ChatUser()
    me.say(text)
    assert no in first_lines(me, 3), me.text


BILLED_HOW = [
    ("gpuli: billed weekly/monthly from wallet upfront or metered?", "the price is locked"),
    ("gpuli 包周包月是从钱包一次性扣还是按量扣", "价格锁定"),
    ("wallet: is the gpuli monthly plan prepaid?", "the price is locked"),
    ("钱包 包月是预付的吗 gpuli", "价格锁定"),
]


@pytest.mark.parametrize(("text", "rule"), BILLED_HOW)
def test_how_a_plan_is_charged_from_the_wallet_is_the_rule(text: str, rule: str) -> None:
    me = ChatUser()
    me.say(text)
    assert rule in me.text and "/topup" not in me.text, me.text


@pytest.mark.parametrize(("text", "wallet"), [("查一下钱包余额", "余额 0"), ("what's my balance", "Balance 0")])
def test_a_read_of_the_wallet_stays_a_read(text: str, wallet: str) -> None:
    me = ChatUser()
    me.say(text)
    assert wallet in me.text, me.text


CONFIG_APART = [
    ("config to start the job: 14b qlora on one 4090, llama-factory", "Qwen3-14B QLoRA"),
    ("config for the run: 14b qlora, one 4090, llama-factory", "Qwen3-14B QLoRA"),
    ("启动任务用的配置：14b qlora，一张 4090，llama-factory", "Qwen3-14B QLoRA"),
    ("启动配置: 14b qlora 单卡 4090 llamafactory", "Qwen3-14B QLoRA"),
]


@pytest.mark.parametrize(("text", "job"), CONFIG_APART)
def test_a_config_named_apart_from_its_tool_is_the_export(text: str, job: str) -> None:
    me = ChatUser()
    me.say(text)
    assert job in me.lines[0] and "llamafactory.yaml" in me.lines[0], me.text
    assert "quantization_bit: 4" in me.text and "RTX 4090" in me.text, me.text


@pytest.mark.parametrize("text", ["what config should I use for 14b qlora on llama-factory", "llama-factory 14b qlora 配置 哪个好"])
def test_a_question_about_the_config_stays_a_question(text: str) -> None:
    me = ChatUser()
    me.say(text)
    assert "Files (" not in me.text and "个文件" not in me.text, me.text


CHANGED_AFTER_EXPORT = [
    ("32b qlora on a6000", "llamafactory yaml pls", "what if we switch to 16-bit lora on an a100 80g", "Qwen3-32B LoRA"),
    ("32b qlora on a6000", "llamafactory yaml pls", "and what if we use 16-bit lora on the a100 80g instead then", "Qwen3-32B LoRA"),
    ("7b qlora on a 4090", "导出 llamafactory 配置", "如果换成 a100 80g 上做 16 位 lora 的话呢", "Qwen2.5-7B LoRA"),
]


@pytest.mark.parametrize(("job", "export", "change", "head"), CHANGED_AFTER_EXPORT)
def test_a_change_in_a_longer_frame_after_an_export_is_the_files_again(job: str, export: str, change: str, head: str) -> None:
    me = ChatUser()
    me.say(job)
    me.say(export)
    me.say(change)
    assert me.lines[0].startswith(head), me.text
    assert "finetuning_type: lora" in me.text and "quantization_bit" not in me.text and "A100 80GB" in me.text, me.text


def test_a_change_that_asks_a_figure_after_an_export_stays_a_sizing() -> None:
    me = ChatUser()
    me.say("7b qlora on a 4090")
    me.say("llamafactory yaml pls")
    me.say("what if we switch to lora on an a100, does it still fit?")
    assert me.lines[0].startswith("✅ 7B LoRA fits 1× A100 80GB SXM"), me.text
    assert "finetuning_type" not in me.text, me.text
