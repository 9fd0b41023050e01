"""A plan asked within a budget names the budget back first and leads with the pick against it, however the money
is said (hedged, "money's tight … 300 usd", "我们就三千块", "budget 每月 800 块", "$150 tops", "three weeks and about
250 usdt"); a plan in two steps (an adapter run to validate, a full fine-tune only if it falls short) answers both,
the cheap step first on its 24 GB card with that card's week; "don't want to bother with offload" and "money is no
issue, we want speed" both mean no offload (seed 000: 72B full on 8×H200 with the 8-bit optimizer)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.understand.fields import offload
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from bot.understand.roadmap import first_method, staged
from bot.understand.switch_asks import keeps_speed
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("text", "value", "currency"), [
    ("手头钱紧 差不多每个月就三千块 想训个 8b 的 lora 选啥卡", 3000, "CNY"),
    ("咱们就8000块 打算 qwen 32b qlora 跑三天 租哪个", 8000, "CNY"),
    ("team budget 每月 800 块 rmb, want to tune a 3b model, which gpu", 800, "CNY"),
    ("打算训 14b, budget 很紧 大约 $300/月, 给个方案", 300, "USD"),
    ("we've got three weeks and about 250 usdt, 8b lora, what should we rent?", 250, "USDT"),
    ("money's tight, maybe 300 usd a month, 8b qlora, which card?", 300, "USD"),
    ("budget is limited, $150 tops, want to tune an 8b with lora", 150, "USD"),
])
def test_money_said_lean_beside_a_job_is_its_budget(text: str, value: int, currency: str) -> None:
    asks = parse(text).asks
    assert asks.budget is not None and asks.budget[0] == Decimal(value) and asks.budget[1] == currency, (text, asks.budget)


@pytest.mark.parametrize("text", ["4090 一个月就 2000 块吗", "3090 是 0.21 刀一小时", "we trained for 2 weeks and it cost 400 usdt"])
def test_a_price_said_is_no_budget(text: str) -> None:
    assert parse(text).asks.budget is None, text


@pytest.mark.parametrize(("text", "budget_shown"), [
    ("我们就三千块 想把 8b lora 跑两天 选哪个", "¥3,000"),
    ("we only have about 250 usdt and three weeks. an 8b lora. what do we rent?", "₮250"),
    ("we have 1500 usd for the whole thing, 8b qlora runs for a month, cheapest option?", "$1,500"),
])
def test_the_budget_is_named_back_in_the_first_line(text: str, budget_shown: str) -> None:
    chat = ChatUser()
    chat.say(text)
    assert chat.lines[0].startswith("💵") and budget_shown in chat.lines[0], chat.text


def test_a_budget_with_a_sized_job_is_not_a_faq_answer() -> None:
    chat = ChatUser()
    chat.say("We have $1500 for the whole project, 8B qlora for a month. What is the cheapest option?")
    assert chat.last is not None and chat.last.kind != "faq", chat.text
    assert "$1,500" in chat.lines[0], chat.text


def test_the_setups_within_a_budget_lead_with_the_cheapest() -> None:
    chat = ChatUser()
    chat.say("qwen2.5-14b lora sft, 3 万条数据")
    chat.say("预算八千块，一个月，租什么")
    head = "\n".join(chat.lines[:3])
    assert "最省的是" in head and "¥8,000" in head, chat.text


def test_a_budget_over_the_least_rental_leads_with_that_rental() -> None:
    chat = ChatUser()
    chat.say("14b full fine-tune, what setup?")
    chat.say("budget 8000 usd")
    assert chat.lines[0].startswith("💵 Budget $8,000: the cheapest rental is"), chat.text


@pytest.mark.parametrize(("text", "method"), [
    ("先用 qlora 在 4090 上验证一下 14b，效果不行再全参，怎么规划", "qlora"),
    ("打算先按周租把流程跑通，之后再看要不要上 8b 全参", "qlora"),
    ("first make sure the pipeline works cheaply, then switch to full fine-tuning if the adapter is not enough", "qlora"),
    ("we plan to move from a lora pilot to 14b full finetune in q3, what does it take?", "lora"),
    ("先用 lora 跑通 8b，不行再全参", "lora"),
])
def test_a_two_step_plan_is_read(text: str, method: str) -> None:
    norm = normalize(text)
    assert staged(norm) and first_method(norm) == method, text


@pytest.mark.parametrize("text", ["7b lora 先还是直接全参?", "first, what does a 7b full ft cost?", "先算 7b 全参 再算 14b lora",
                                  "14b 全参 要几张卡"])
def test_one_job_or_a_choice_is_no_two_step_plan(text: str) -> None:
    assert not staged(normalize(text)), text


@pytest.mark.parametrize(("text", "lang"), [("打算先按周租把流程跑通，之后再看要不要上 8b 全参", "zh"),
                                            ("validate the pipeline on the cheap first, then full fine-tune an 8b if the adapter falls short", "en")])
def test_the_cheap_step_leads_with_its_week_and_the_full_step_follows(text: str, lang: str) -> None:
    chat = ChatUser()
    chat.say(text)
    head = "\n".join(chat.lines[:3])
    assert "QLoRA" in chat.lines[0] and ("4090" in head or "3090" in head), chat.text
    assert "₮109" in head, chat.text  # seed 000: a 4090 for a week at gpuli
    assert ("全参微调" if lang == "zh" else "full fine-tune") in chat.text.split("\n\n", 1)[1], chat.text


def test_no_size_named_takes_a_7b_and_says_so() -> None:
    chat = ChatUser()
    chat.say("We'd like to test our data cheaply first and only go to full fine-tuning if LoRA is not good enough. Plan and costs?")
    assert "7B" in chat.lines[0] and any("assumed" in line for line in chat.lines[:5]), chat.text


def test_the_jump_to_full_is_priced_at_the_provider_named() -> None:
    chat = ChatUser()
    chat.say("going from a qlora trial to 32b full ft next quarter, how much is that step at gpuli?")
    assert "₮8,352" in chat.text, chat.text  # seed 000: 8×A100 80GB SXM a month at gpuli


@pytest.mark.parametrize("text", ["不想搞 offload", "不想弄offload", "72b 全参 不想走 offload"])
def test_not_wanting_offload_is_none(text: str) -> None:
    assert offload(normalize(text)) == "none", text


@pytest.mark.parametrize(("text", "wished"), [
    ("钱不是问题，要快", True), ("不差钱 越快越好", True), ("cost is fine, we need it fast", True),
    ("speed matters more than price", True), ("哪个快", False), ("要多快", False), ("要快速部署一个服务", False),
])
def test_speed_wished_outright(text: str, wished: bool) -> None:
    assert keeps_speed(normalize(text)) is wished, text


def test_speed_wished_after_a_full_72b_drops_offload() -> None:
    chat = ChatUser()
    chat.say("72b 全参 offload 有必要吗")
    chat.say("钱不是问题 越快越好")
    head = "\n".join(chat.lines[:2])
    assert "8×H200" in head and "8-bit" in chat.text, chat.text


@pytest.mark.parametrize(("message", "lead"), [
    # $2,500 over a quarter: ₮109 (a 4090 week) + 2 × ₮899 (1× A100 80GB PCIe months) = ≈ $1,907; a third month is over
    ("we have about $2.5k this quarter: 8b qlora pilot first, then full ft 8b if needed. plan?",
     ("$2,500 for the quarter", "both steps fit", "₮109", "₮899", "2 × a month", "$1,907")),
    # ¥20,000 (≈ $2,817): ① ₮109 + three months of ② ₮899 = ≈ $2,806, so three months fit, no more than a quarter holds
    ("这个季度经费 2 万元，先用 qlora 验证 8b，效果不行再全参，怎么安排",
     ("¥20,000（本季度）", "两步都放得下", "₮109", "₮899", "3 个月")),
    # $600 for 14b: the pilot week fits, the full fine-tune's month (4× A100 80GB SXM, ₮4,308) does not
    ("budget $600, 14b lora pilot then full finetune later, what's the plan?",
     ("$600", "only step ① fits", "₮4,308", "4× A100 80GB SXM")),
])
def test_a_two_step_plan_names_its_budget_back_and_says_whether_both_steps_fit(message: str, lead: tuple[str, ...]) -> None:
    user = ChatUser()
    user.say(message)
    first = user.text.splitlines()[0]
    assert all(bit in first for bit in lead), first


def test_a_two_step_plan_with_rupees_names_them_back_unweighed() -> None:
    user = ChatUser()
    user.say("we have 1.2 lakh INR for the quarter, 8b qlora first then maybe full ft, plan?")
    first = user.text.splitlines()[0]
    assert "INR 120,000" in first and "no rate" in first
    assert "both steps fit" not in user.text and "$120,000" not in user.text
