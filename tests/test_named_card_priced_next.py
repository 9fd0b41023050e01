"""The card a question stated or asked about is the one a later "多少钱" prices: a card the provider asked does not rent
at that count stood in for by its cheapest card there with as much memory per card (gpuli rents no single H100:
its 80 GB A100, ₮899 a month, said so), and a rental waiting for "which provider?" priced as stated
("3090 租两个月" then "要多少人民币": 一万网络 ¥3,500 for the two months)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


def _lead(chat: ChatUser, n: int = 3) -> str:
    return "\n".join(chat.lines[:n])


@pytest.mark.parametrize(("asked", "price", "said"), [
    ("7b 全参 一张 h100 够吗", "gpuli 一个月多少钱", "不出租 1×H100 SXM"),
    ("h100 单卡 跑 8b 全参够不够", "gpuli 月租多少", "不出租 1×H100 SXM"),
    ("would one h100 hold a 7b full fine-tune", "what's that a month on gpuli", "does not rent 1×H100 SXM"),
    ("7b full ft, is one h100 enough?", "how much per month at gpuli", "does not rent 1×H100 SXM"),
])
def test_a_card_not_rented_there_is_stood_in_for_by_one_as_large(asked: str, price: str, said: str) -> None:
    chat = ChatUser()
    chat.say(asked)
    chat.say(price)
    assert "₮899" in _lead(chat) and said in chat.lines[0], chat.text
    assert "MI300X" not in _lead(chat) and "₮1,699" not in chat.text, chat.text


@pytest.mark.parametrize(("before", "rent", "ask", "needles"), [
    ("7b lora 一万网络推荐啥卡", "3090 租两个月", "要多少人民币", ("一万网络", "¥3,500")),
    ("7b lora which card at yiwan", "rent a 3090 for two months", "how much is that", ("一万网络", "¥3,500")),
    (None, "4090 租一周", "多少钱", ("₮109", "$55.44")),
    (None, "rent a 4090 for a week", "what would that cost?", ("₮109", "$55.44")),
])
def test_a_rental_waiting_for_its_provider_is_priced_when_asked(before: str | None, rent: str, ask: str,
                                                                 needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    if before:
        chat.say(before)
    chat.say(rent)
    chat.say(ask)
    assert all(n in chat.text for n in needles), chat.text
    assert needles[1] in _lead(chat), chat.text
    assert chat.last is not None and chat.last.kind != "wallet_confirm", chat.text


def test_naming_the_provider_after_the_price_records_the_rental() -> None:
    chat = ChatUser()
    chat.say("租一张 4090 一周")  # ordered of us (the verb opens it): "4090 租一周" after the card only asks its price
    chat.say("多少钱")
    chat.say("gpuli")
    assert "确认记这次租用" in chat.text and "₮109" in chat.text, chat.text


@pytest.mark.parametrize(("first", "hourly", "cheaper", "needles"), [
    ("cloudgpu 4090 跑 14b qlora", "一小时多少", "换个便宜的", ("RTX 3090", "$0.21", "$0.33", "偏紧")),
    ("cloudgpu 4090 跑 14b qlora", "按小时多少钱", "有没有便宜点的", ("RTX 3090", "$0.21", "偏紧")),
    ("14b qlora on a 4090 at cloudgpu", "hourly?", "anything cheaper?", ("RTX 3090", "$0.21", "just as tight")),
    ("14b qlora on a 4090 at cloudgpu", "how much per hour", "is there a cheaper card", ("RTX 3090", "$0.21", "tight")),
])
def test_a_cheaper_card_as_large_is_an_option_when_the_pick_is_as_tight(first: str, hourly: str, cheaper: str,
                                                                          needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(first)
    chat.say(hourly)
    chat.say(cheaper)
    assert all(n in chat.lines[0] for n in needles), chat.text


@pytest.mark.parametrize(("first", "length", "cheaper", "needles"), [
    ("72b 全参 8卡 h200 gpuli", "一个月多少", "太贵了 换个便宜的", ("30 天", "₮14,432", "₮19,752")),
    ("72b 全参 8卡 h200 gpuli", "包月呢", "有便宜点的吗", ("30 天", "₮14,432")),
    ("72b full fine-tune on 8x h200 at gpuli", "monthly?", "anything cheaper?", ("30 d", "₮14,432")),
])
def test_a_cheaper_setup_keeps_the_length_priced_before(first: str, length: str, cheaper: str,
                                                        needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(first)
    chat.say(length)
    chat.say(cheaper)
    assert all(n in chat.lines[0] for n in needles), chat.text
    assert "₮4,172" not in chat.lines[0], chat.text


@pytest.mark.parametrize(("ask", "needles"), [
    ("14b qlora 按小时租 最便宜的卡是哪个", ("RTX 3090", "偏紧")),
    ("14b qlora 最便宜的卡 cloudgpu", ("RTX 3090", "偏紧")),
    ("cheapest card for 14b qlora at cloudgpu, hourly", ("RTX 3090", "tight")),
])
def test_the_cheapest_card_asked_is_the_cheapest_as_large(ask: str, needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(ask)
    assert all(n in "\n".join(chat.lines[:3]) for n in needles) and "$0.21" in chat.text, chat.text


@pytest.mark.parametrize(("card", "length", "swap", "needles"), [
    ("cloudgpu rtx4090 per hour", "跑 24h", "that's for 7b qlora right? 换 3090 多少", ("RTX 3090", "$5.04")),
    ("cloudgpu 4090 一小时多少", "跑 24 小时", "7b qlora 的话 换成 3090 多少钱", ("RTX 3090", "$5.04")),
    ("cloudgpu 4090 hourly", "for 24 hours", "for 7b qlora, how much on a 3090 instead", ("RTX 3090", "$5.04")),
    ("cloudgpu 4090 hourly", "we'd run it 10 hours", "8b qlora on a 3090 then, how much?", ("RTX 3090", "$2.10")),
])
def test_a_job_on_a_swapped_card_is_priced_for_the_length_priced(card: str, length: str, swap: str,
                                                                 needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(card)
    chat.say(length)
    chat.say(swap)
    assert all(n in chat.lines[0] for n in needles), chat.text


def test_memory_asked_on_a_swapped_card_is_still_a_sizing() -> None:
    chat = ChatUser()
    chat.say("cloudgpu 4090 一小时多少")
    chat.say("跑 24 小时")
    chat.say("7b qlora 换 3090 要多少显存")
    assert "GB" in chat.lines[0] and "$5.04" not in chat.lines[0], chat.text


@pytest.mark.parametrize(("priced", "faq", "swap", "needles"), [
    ("gpuli 4 张 a100 一个月多少", "h100 之间有 nvlink 吗", "换成 4 张 h100 呢", ("4×H100 SXM", "₮7,444")),
    ("gpuli 4 张 a100 包月多少钱", "h100 卡间有没有 nvlink", "那 4 张 h100 呢", ("4×H100 SXM", "₮7,444")),
    ("gpuli 4x a100 monthly", "do h100s have nvlink between them", "and with 4 h100s instead?", ("4× H100 SXM", "₮7,444")),
    ("gpuli 8x a100 monthly", "is there nvlink between the h100s", "what about 8 h100s then", ("8× H100 SXM", "₮14,432")),
])
def test_a_setup_changed_after_a_card_faq_prices_the_rental_beneath(priced: str, faq: str, swap: str,
                                                                   needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(priced)
    chat.say(faq)
    chat.say(swap)
    assert all(n in "\n".join(chat.lines[:2]) for n in needles), chat.text


def test_another_card_after_a_card_faq_asks_that_feature_of_it() -> None:
    chat = ChatUser()
    chat.say("gpuli 4090 一周多少")
    chat.say("4090 有 nvlink 吗")
    chat.say("那 a6000 呢")
    assert "NVLink" in chat.text and "₮" not in chat.lines[0], chat.text


@pytest.mark.parametrize(("job", "card", "instead"), [
    ("14b 用 lora 不量化", "一张 4090 行不行", "不行的话换啥 gpuli"),
    ("14b bf16 lora", "4090 够吗", "装不下的话 gpuli 换什么卡"),
    ("14b lora no quantization", "would one 4090 do", "if not, what should I get at gpuli"),
    ("14b lora in bf16", "is a 4090 enough", "otherwise what should we rent at gpuli"),
])
def test_what_instead_of_a_card_that_misses_is_a_card_that_holds_the_job(job: str, card: str, instead: str) -> None:
    chat = ChatUser()
    chat.say(job)
    chat.say(card)
    chat.say(instead)
    lead = "\n".join(chat.lines[:3])
    assert "RTX A6000" in lead and "48 GB" in lead and "₮389" in lead, chat.text
