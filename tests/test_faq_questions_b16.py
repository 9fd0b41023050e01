"""Questions blind set 16 showed misread, as classes: an add-on asked by its verb alone prices
every add-on named, not the first."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize("text", ["一万网络 cpu升级 内存升级 各多少钱", "一万网络 16核 再加内存 一个月多少",
                                  "一万网络 加cpu和内存怎么收费", "yiwan cpu upgrade plus a ram upgrade, how much?",
                                  "yiwan 16 cores and add ram, monthly price?",
                                  "at yiwan, what does upgrading the cpu and ram cost per month"])
def test_both_add_ons_asked_by_verb_are_both_priced(chat: ChatUser, text: str) -> None:
    chat.say(text)
    assert "¥400" in chat.text and "¥600" in chat.text, chat.text


@pytest.mark.parametrize("text", ["一万网络 内存升级多少钱", "yiwan ram upgrade price?"])
def test_the_memory_add_on_alone_is_priced(chat: ChatUser, text: str) -> None:
    chat.say(text)
    assert "¥600" in chat.text, chat.text


@pytest.mark.parametrize("text", ["gpuli 的 8 卡机器上行带宽多少，限不限量", "gpuli 8卡的出口流量有上限吗",
                                  "what's the egress bandwidth on gpuli's 8-gpu machines, is it capped?",
                                  "gpuli 8 gpu box: how fast is the outbound bandwidth, any limit?"])
def test_a_named_machines_bandwidth_is_the_faq_answer_not_a_price_list(chat: ChatUser, text: str) -> None:
    chat.say(text)
    head = "\n".join(chat.lines[:3])
    assert "25 Gbps" in head and ("不限量" in head or "unmetered" in head), chat.text
    assert "₮14,432" not in chat.text


@pytest.mark.parametrize(("text", "figure"), [("一万网络 8卡整机 带宽多少", "10Gbps"),
                                              ("how much bandwidth does gpuli's 8-card box get", "25 Gbps")])
def test_how_much_of_a_machines_bandwidth_is_an_amount_not_a_price(chat: ChatUser, text: str, figure: str) -> None:
    chat.say(text)
    assert figure in chat.text and "₮14,432" not in chat.text, chat.text


@pytest.mark.parametrize("text", ["gpuli 8 卡机器 月租多少", "how much is gpuli's 8 gpu box per month?"])
def test_a_machines_price_by_its_count_is_still_its_price_list(chat: ChatUser, text: str) -> None:
    chat.say(text)
    assert "₮14,432" in chat.text, chat.text


SLOW_MULTI = ["我 4卡 3090 跑 14b lora 为什么这么慢", "8 张 4090 训练好慢 怎么回事", "两张4090 跑 deepspeed 太慢了",
              "why is my 8x4090 zero3 run so slow?", "my 2x 4090 deepspeed training is really slow, why"]


@pytest.mark.parametrize("text", SLOW_MULTI)
def test_a_slow_multi_card_run_is_answered_about_the_interconnect_not_sized(chat: ChatUser, text: str) -> None:
    chat.say(text)
    head = "\n".join(chat.lines[:3])
    assert "PCIe" in head and "NVLink" in head, chat.text
    assert "GB /" not in chat.text and "每卡" not in head, chat.text


@pytest.mark.parametrize("text", ["单卡 4090 跑 7b qlora 为啥这么慢", "one 4090, 7b lora, why is it so slow"])
def test_a_slow_single_card_run_is_answered_about_the_data_pipeline(chat: ChatUser, text: str) -> None:
    chat.say(text)
    assert "num_workers" in chat.text and "NVLink" not in chat.text, chat.text


@pytest.mark.parametrize(("text", "price"), [("gpuli 怎么开一台 8卡 h100", "₮14,432"), ("gpuli 上 8 卡 h100 怎么创建，点哪里", "₮4,172"),
                                             ("how do I spin up an 8x h100 box at gpuli? what do i click", "₮14,432"),
                                             ("how can we launch a 4090 at cloudgpu", "$0.33")])
def test_how_to_rent_a_setup_at_a_provider_leads_with_its_steps_and_prices_it(chat: ChatUser, text: str, price: str) -> None:
    chat.say(text)
    assert chat.lines[0].startswith("🛒"), chat.text
    assert price in chat.text, chat.text


@pytest.mark.parametrize("text", ["在 cloudgpu 上租 8 张 a100 做 32b 全参 行吗", "cloudgpu 4 张 4090 跑 14b lora 够吗",
                                  "can I do 70b qlora on 2 a100 at cloudgpu?", "at cloudgpu, will 4x 4090 hold a 14b lora?"])
def test_a_multi_card_setup_at_the_per_card_provider_leads_with_whether_it_rents_one(chat: ChatUser, text: str) -> None:
    chat.say(text)
    assert ("单卡" in chat.lines[0] or "single GPU" in chat.lines[0]) and "/deploy" in chat.lines[0], chat.text
    assert "GB" in chat.lines[1], chat.text  # the setup is still sized right after


def test_one_card_at_the_per_card_provider_is_sized_as_before(chat: ChatUser) -> None:
    chat.say("cloudgpu 一张 4090 跑 8b qlora 够吗")
    assert chat.lines[0].startswith("✅") and "$0.33" in chat.text, chat.text


@pytest.mark.parametrize("text", ["zero2 的 ds json 来一份 8卡 4090 跑 14b lora", "给我 8 张 4090 跑 14b lora 的 deepspeed zero-2 配置",
                                  "give me a zero-2 deepspeed config for 14b lora on 8x 4090"])
def test_an_export_whose_asked_stage_does_not_fit_says_why_it_writes_another(chat: ChatUser, text: str) -> None:
    chat.say(text)
    why = next(line for line in chat.lines if "ZeRO-2" in line)
    assert "36 GB" in why and "24 GB" in why and "ZeRO-3" in why, chat.text


@pytest.mark.parametrize("text", ["zero2 的 ds json 来一份 8卡 a100 跑 14b lora", "deepspeed zero-2 config for 14b lora on 8x a100 please"])
def test_an_export_whose_asked_stage_fits_writes_that_stage(chat: ChatUser, text: str) -> None:
    chat.say(text)
    assert '"stage": 2' in chat.text and '"stage": 3' not in chat.text, chat.text


@pytest.mark.parametrize(("text", "verdict"), [("h100 之间有 nvlink 吗", "有。"), ("a100 sxm 卡间有没有 NVLink", "有。"),
                                               ("do h100s have nvlink between them?", "Yes."),
                                               ("does the a100 sxm have nvlink between the cards?", "Yes.")])
def test_a_card_answered_at_two_providers_says_its_verdict_once(chat: ChatUser, text: str, verdict: str) -> None:
    chat.say("8b lora 24g 够吗")
    chat.say(text)
    assert chat.text.count(verdict) == 1 and "一万网络" in chat.text, chat.text


@pytest.mark.parametrize("text", ["70b qlora 能用 4090 48g 吗", "can a 4090 48g do 70b qlora?", "4090 48g 魔改卡跑 70b qlora 够不够"])
def test_a_fix_nobody_rents_is_not_offered(chat: ChatUser, text: str) -> None:
    """Two 48 GB 4090s are rented nowhere (CloudGPU rents that card one per instance): the fix offered
    is a rentable 80 GB card at the count asked, and "2 cards" is not listed as a lever."""
    chat.say(text)
    assert "80GB" in chat.lines[1] and "48GB" not in chat.lines[1], chat.text
    assert "2 卡 →" not in chat.text and "2 cards →" not in chat.text, chat.text
