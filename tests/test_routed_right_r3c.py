"""Messages routed to the answer they ask for (issue 18, session 15 r3c): a question never opens a rental
confirmation ("开8bit" is a setting switched on, not a card ordered); a job's cheapest way with its catch is
that job's smallest setup, priced, not the beginners' FAQ; bytes per parameter asked with an 8-bit optimizer
named is 10, not AdamW's 16; a terse ask for the card list is the GPU catalog ("gpu list" is no "gpuli");
whether uploading data is charged is the inbound-traffic entry; N cards "pooled together" where the provider
rents that card only as a single-card server are N separate machines."""

from __future__ import annotations

import re

import pytest

from bot.understand.entities import find_provider
from bot.understand.parser import parse
from bot.understand.wallet_intent import wallet_action
from tests.chat_user import ChatUser


def _head(u: ChatUser, lines: int = 3) -> str:
    return "\n".join([ln for ln in u.text.splitlines() if ln.strip()][:lines])


# --- 1. a question about whether a job fits is never a rental
@pytest.mark.parametrize(("first", "msg"), [
    ("7b 全参 最低配置", "单卡a100 80g 开8bit 放得下?"),
    ("7b 全参 最低配置", "单卡a100 80g 开8bit 放得下"),
    ("7b全参", "一张a100 80g 开8位优化器 装得下吗"),
    ("7b full finetune minimum", "one a100 80g with 8bit optimizer, fits?"),
])
def test_a_fit_question_after_a_job_is_its_sizing_never_a_rental(first: str, msg: str) -> None:
    u = ChatUser()
    u.say(first)
    u.say(msg)
    assert "确认记这次租用" not in u.text and "Confirm this rental" not in u.text
    assert "70 GB" in _head(u)  # 7B × 10 bytes: the 8-bit optimizer's model states
    assert "A100 80GB" in u.text.splitlines()[0]


@pytest.mark.parametrize(("first", "msg"), [("7b 全参 最低配置", "单卡a100 80g 开8bit 放得下?"),
                                            ("7b full", "one a100 80g with 8bit, fits?")])
def test_8bit_switched_on_bare_is_the_optimizer_asked(first: str, msg: str) -> None:
    u = ChatUser()
    u.say(first)
    u.say(msg)
    assert "按你说的：8-bit 优化器" in u.text or "As asked: 8-bit optimizer" in u.text
    assert "装不下" not in u.text and "152 GB" not in u.text  # AdamW's figure is not the one asked


def test_8bit_with_lora_is_its_base_not_the_optimizer() -> None:
    assert parse("7b lora 用8bit 一张4090").request.optimizer is None
    assert parse("7b 全参 不开8bit").request.optimizer == "adamw"


@pytest.mark.parametrize("msg", ["单卡a100 80g 开8bit 放得下?", "开 4 位 一张 4090 跑得动吗", "rent one h100, does 7b full fit?",
                                 "租一张 a100 80g 7b 全参 装得下"])
def test_asked_whether_it_fits_no_rental_action(msg: str) -> None:
    action = wallet_action(msg.rstrip("?"), amount=None, gpu="a100-80g-sxm", has_duration=False, asked=msg.endswith("?"))
    assert action is None


def test_a_card_ordered_is_still_a_rental() -> None:
    assert wallet_action("开一张 a100 80g", amount=None, gpu="a100-80g-sxm", has_duration=False).kind == "rent"
    assert wallet_action("rent one a100 80g for 8 hours", amount=None, gpu="a100-80g-sxm", has_duration=True).kind == "rent"


# --- 2. the cheapest way to do a job, and its catch: the job's smallest setup, priced, with offload's cost
@pytest.mark.parametrize("msg", ["cheapest way to full ft 72b on gpuli and whats the catch",
                                 "72b全参 在gpuli 最便宜怎么搞 有什么坑",
                                 "what's the cheapest way to do a 72b full finetune at gpuli, any gotchas?"])
def test_a_jobs_cheapest_way_with_its_catch_is_its_setup(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    assert "offload" in _head(u) and "8×H100" in u.text.replace("8× H100", "8×H100")
    assert "14,432" in u.text and re.search(r"20%?–50%", u.text)
    assert "RTX 4090" not in u.text  # not the beginners' first rental


# --- 3. bytes per parameter with an 8-bit optimizer named: 10, not 16
@pytest.mark.parametrize("msg", ["8bit优化器 每参数几个字节 全参", "全参 8bit优化器 每个参数占几个字节", "全参用8位优化器 一个参数占多少字节",
                                 "full finetune with 8-bit adam, bytes per param?",
                                 "bytes per parameter for full fine-tuning with an 8-bit optimizer",
                                 "8-bit optimizer full ft how many bytes per param"])
def test_bytes_per_parameter_with_an_8bit_optimizer(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    assert "10" in _head(u) and "70 GB" in u.text


@pytest.mark.parametrize("msg", ["全参微调 每参数多少字节", "full fine-tuning bytes per parameter?"])
def test_bytes_per_parameter_without_it_stays_16(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    assert "16" in _head(u) and "112 GB" in u.text


# --- 4. the card list, asked tersely
@pytest.mark.parametrize("msg", ["gpu列表 发下", "list cards pls", "卡的列表", "show me the gpu list", "显卡清单发一下", "send the card list",
                                 "列出所有显卡", "列一下 gpu", "帮我列出全部的卡"])
def test_a_terse_ask_for_the_card_list_is_the_catalog(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    assert u.last is not None and u.last.kind == "gpus"
    assert "RTX 4090" in u.text and "H100 SXM" in u.text and "MI300X" in u.text


def test_gpu_list_is_not_gpuli() -> None:
    assert find_provider("show me the gpu list") is None
    assert find_provider("gpu list") is None
    assert find_provider("gpu li 8卡 h100").ident == "gpuli"  # type: ignore[union-attr]
    assert parse("gpuli 卡的列表").rental.provider == "gpuli"


# --- 5. whether uploading data is charged: inbound traffic is free
@pytest.mark.parametrize(("first", "msg"), [("gpuli 8卡h100", "传200g数据进来 收钱吗"), ("gpuli 4090", "数据传进去要钱不"),
                                            ("gpuli 8x h100", "uploading 200gb of data in, is that charged"),
                                            ("gpuli 8x h100", "is uploading my dataset free?")])
def test_whether_upload_is_charged_is_the_inbound_traffic_entry(first: str, msg: str) -> None:
    u = ChatUser()
    u.say(first)
    u.say(msg)
    assert "不太确定" not in u.text and "not sure" not in u.text
    assert "不收费" in u.text or "free" in _head(u)


def test_how_long_an_upload_takes_stays_its_own_entry() -> None:
    u = ChatUser()
    u.say("传200g数据要多久")
    assert "200 GB" in u.text.splitlines()[0]


# --- 6. cards joined together at a provider that rents that card only as single-card servers
@pytest.mark.parametrize("msg", ["一万网络 租4张a100 40g 拼起来做14b全参 多少钱", "一万网络 4张a100 40g 拼起来 跑14b全参",
                                 "rent four a100 40g at yiwan and pool them together for a 14b full finetune, cost?"])
def test_cards_pooled_where_rented_single_are_separate_machines(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    assert "11,200" not in u.text
    assert "4,308" in u.text and ("独立的机器" in u.text or "separate machines" in u.text)


def test_cards_joined_where_rented_as_one_machine_are_that_machine() -> None:
    u = ChatUser()
    u.say("gpuli 租4张a100 80g 拼起来做14b全参 多少钱")
    assert "独立的机器" not in u.text and "4,308" in u.text and "67.5 GB" in u.text


@pytest.mark.parametrize("msg", ["两台8卡h100 用 IB 连起来 gpuli 一个月多少", "two 8x h100 nodes linked together with IB at gpuli, monthly?"])
def test_machines_joined_are_no_pooled_single_cards(msg: str) -> None:
    assert parse(msg).asks.pooled is None
    u = ChatUser()
    u.say(msg)
    assert "独立的机器" not in u.text and "separate machines" not in u.text
