"""Short follow-ups about a rental just priced keep that rental: "cheaper?" after a cost for a length prices the
cheaper cards that still hold the job for the same length; "and hourly?" after a pick names that card's hourly
price; a length with a FAQ question gets the cost first and the answer after it; "how much must be in the wallet
before starting?" applies the provider's pre-authorization to that card (never a wallet read); "人民币对吧" / "is
that USD?" says which currency the last figure is billed in. Figures from the seeds' CloudGPU, gpuli and 一万网络
price lists (seed 002: 3090 $0.21/h, 4090 $0.33/h, A6000 $0.44/h, A100 80GB $1.49/h, one hour pre-authorized)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


def _after(*turns: str) -> ChatUser:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    return chat


@pytest.mark.parametrize(("job", "priced", "cheaper", "needles"), [
    ("qwen3 8b qlora 要多少显存", "cloudgpu 4090 跑 3 小时多少", "cheaper?", ("RTX 3090", "$0.63", "$0.99")),
    ("qwen3 8b qlora 要多少显存", "cloudgpu 4090 跑 3 小时多少", "便宜点的呢", ("RTX 3090", "$0.63")),
    ("qwen3 8b qlora 要多少显存", "cloudgpu 4090 跑 3 小时多少", "有更便宜的吗", ("RTX 3090", "$0.63")),
    ("8b qlora, per-hour rental?", "cloudgpu 4090 for 8 hours?", "cheaper?", ("RTX 3090", "$1.68", "$2.64")),
    ("8b qlora, per-hour rental?", "cloudgpu 4090 for 8 hours?", "anything cheaper?", ("RTX 3090", "$1.68")),
    ("how much vram for qwen 32b qlora", "cloudgpu 4090 48g for 10 hours", "something cheaper?", ("RTX A6000", "$4.40", "$6.50")),
    ("qwen 32b qlora 用啥卡", "cloudgpu 4090 48g 跑 10 小时多少", "还有便宜点的卡吗", ("RTX A6000", "$4.40")),
])
def test_cheaper_after_a_cost_for_a_length_keeps_the_length_and_the_job(job: str, priced: str, cheaper: str,
                                                                        needles: tuple[str, ...]) -> None:
    chat = _after(job, priced, cheaper)
    assert all(n in chat.lines[0] for n in needles), chat.text
    assert "/h" not in chat.lines[0] and "/小时" not in chat.lines[0], chat.text  # a total for the length, not a rate list


@pytest.mark.parametrize(("priced", "cheaper", "needles"), [
    ("cloudgpu a100 80g 跑 8 小时多少", "有更便宜的吗", ("A800 80GB PCIe", "$8.72", "8 小时")),
    ("cloudgpu a100 80g for 8 hours?", "cheaper?", ("A800 80GB PCIe", "$8.72", "8 h")),
])
def test_cheaper_after_a_card_priced_for_a_length_prices_that_length(priced: str, cheaper: str, needles: tuple[str, ...]) -> None:
    chat = _after(priced, cheaper)
    assert all(n in chat.text for n in needles), chat.text


@pytest.mark.parametrize(("job", "pick", "hourly", "needles"), [
    ("how much vram for qwen 32b qlora", "which card at cloudgpu", "and hourly?", ("RTX A6000", "$0.44")),
    ("how much vram for qwen 32b qlora", "which card at cloudgpu", "how much an hour?", ("RTX A6000", "$0.44")),
    ("how much vram for qwen 32b qlora", "which card at cloudgpu", "what's that per hour", ("RTX A6000", "$0.44")),
    ("qwen 32b qlora 用啥卡", "cloudgpu 上用哪张卡", "按小时呢", ("RTX A6000", "$0.44")),
    ("qwen 32b qlora 用啥卡", "cloudgpu 上用哪张卡", "一小时多少", ("RTX A6000", "$0.44")),
    ("qwen 32b qlora 用啥卡", "cloudgpu 上用哪张卡", "那每小时多少钱", ("RTX A6000", "$0.44")),
])
def test_hourly_after_a_pick_prices_the_picked_card_for_an_hour(job: str, pick: str, hourly: str, needles: tuple[str, ...]) -> None:
    chat = _after(job, pick, hourly)
    assert all(n in "\n".join(chat.lines[:3]) for n in needles), chat.text


@pytest.mark.parametrize(("cost", "hourly"), [
    ("cloudgpu 14b qlora 跑 10 小时多少", "按小时呢"),
    ("cloudgpu 14b qlora for 10 hours, cost?", "and hourly?"),
])
def test_hourly_after_a_cost_prices_the_card_it_priced_for_an_hour(cost: str, hourly: str) -> None:
    chat = _after(cost, hourly)
    assert "RTX A6000" in chat.lines[0] and "$0.44" in "\n".join(chat.lines[:2]) and "$4.40" not in chat.text, chat.text


@pytest.mark.parametrize(("pick", "hourly", "needles"), [
    ("7b lora gpuli 上用啥卡", "按小时呢", ("不按小时", "₮115")),
    ("which card for 7b lora at gpuli", "and hourly?", ("hour", "₮115")),
])
def test_hourly_at_a_provider_without_hours_says_so(pick: str, hourly: str, needles: tuple[str, ...]) -> None:
    chat = _after(pick, hourly)
    assert needles[0] in chat.lines[0] and needles[1] in chat.text, chat.text


@pytest.mark.parametrize(("priced", "asked", "cost", "answer"), [
    ("CloudGPU A6000 一小時多少錢", "跑 3 小時呢 開機時間算錢嗎", "$1.32", "不收费"),
    ("CloudGPU A6000 一小时多少钱", "跑 3 小时呢，开机时间算钱吗", "$1.32", "不收费"),
    ("CloudGPU A6000 一小时多少钱", "跑 5 小时呢 开机那两分钟收费吗", "$2.20", "不收费"),
    ("cloudgpu a6000 hourly price?", "for 5 hours then? is boot time billed?", "$2.20", "2 min"),
    ("cloudgpu a6000 hourly price?", "and 3 hours? does the boot time cost money", "$1.32", "2 min"),
])
def test_a_length_with_a_faq_question_gets_the_cost_first_then_the_answer(priced: str, asked: str, cost: str, answer: str) -> None:
    chat = _after(priced, asked)
    assert cost in "\n".join(chat.lines[:3]), chat.text
    assert answer in chat.text, chat.text


@pytest.mark.parametrize(("turns", "needles"), [
    (("70b qlora 用啥卡", "cloudgpu a100 80g 多少钱一小时", "开机的时候余额会先扣多少"), ("预授权", "$1.49")),
    (("cloudgpu a100 80g 多少钱一小时", "启动前钱包里得有多少钱"), ("预授权", "$1.49")),
    (("cloudgpu a100 80g 多少钱一小时", "开机会冻结多少余额"), ("预授权", "$1.49")),
    (("cloudgpu: a100 80g, 8h run", "how much must be in the wallet before starting?"), ("$11.92", "$13.41", "$1.49")),
    (("cloudgpu: a100 80g, 8h run", "how much gets held when it starts?"), ("$11.92", "$1.49")),
    (("cloudgpu 4090 跑 8 小时多少钱", "开机前余额要有多少"), ("$2.64", "$2.97", "$0.33")),
    (("70b qlora on an a800 at cloudgpu for 8 hours", "what's the pre-auth on that"), ("$8.72", "$1.09")),
])
def test_the_hold_at_start_is_the_rule_applied_to_the_rental(turns: tuple[str, ...], needles: tuple[str, ...]) -> None:
    chat = _after(*turns)
    assert all(n in chat.lines[0] for n in needles), chat.text
    assert "钱包是空的" not in chat.text and "wallet is empty" not in chat.text, chat.text


@pytest.mark.parametrize("command", ["我的钱包", "/wallet", "balance?", "余额多少"])
def test_a_wallet_command_after_a_price_stays_a_wallet_read(command: str) -> None:
    chat = _after("cloudgpu a100 80g 跑 8 小时多少", command)
    assert "$11.92" not in chat.text and "/topup" in chat.text, chat.text


@pytest.mark.parametrize(("priced", "asked", "needles"), [
    ("一万网络 3090 包 3 个月多少", "人民币对吧", ("人民币", "¥5,250")),
    ("一万网络 3090 包 3 个月多少", "单位是元吧", ("人民币", "¥5,250")),
    ("一万网络 3090 包 3 个月多少", "美元没错吧", ("人民币", "¥5,250")),
    ("3090 monthly at 一万网络?", "those are yuan, right?", ("yuan", "¥1,750")),
    ("cloudgpu 4090 for 8 hours?", "is that USD?", ("US dollars", "$2.64")),
    ("cloudgpu 4090 for 8 hours?", "dollars, right?", ("US dollars", "$2.64")),
    ("14b qlora at cloudgpu for 10 hours", "is that USD?", ("US dollars", "$4.40")),
    ("一万网络 7b qlora 包月多少", "人民币对吧", ("人民币", "¥1,750")),
])
def test_a_currency_confirmation_names_the_last_price_currency(priced: str, asked: str, needles: tuple[str, ...]) -> None:
    chat = _after(priced, asked)
    assert all(n in chat.lines[0] for n in needles), chat.text


@pytest.mark.parametrize("amount", ["3u 吧", "大概一万元吧", "500 usd right?"])
def test_an_amount_with_a_tag_is_no_currency_question(amount: str) -> None:
    from bot.understand.currency_which import which_currency
    assert not which_currency(amount)


def test_cheaper_after_a_month_bought_at_gpuli_lists_its_weeks_too() -> None:
    chat = _after("7b qlora", "gpuli 4090 包月", "有更便宜的吗")
    assert "₮109" in chat.text, chat.text  # the week gpuli also sells, not "nothing cheaper" for the month


@pytest.mark.parametrize("told", ["we created it 30 minutes ago and picked the wrong region, refund?",
                                  "开了 20 分钟发现选错机房了，能退款吗"])
def test_a_time_told_beside_a_faq_question_is_no_cost_asked(told: str) -> None:
    chat = _after("price of 8x h100 weekly at gpuli", told)
    assert "1 hour" in chat.text or "1 小时" in chat.text, chat.text
    assert "₮4,172" not in chat.lines[0], chat.text
