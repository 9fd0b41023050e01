"""A question about the terms of what was just answered gets that answer, computed from the seeds: "能按天吗"
after a job priced at a provider renting by the week (no, weekly or monthly; the week's price below),
"含存储呢" after a rental's price (the provider's own example storage added, the per-card-hour with it),
never a neighbouring FAQ entry or a "yes" to a question that was not asked."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize("turns", [
    ("7b qlora gpuli 用啥卡", "周租多少", "两天任务 能按天吗"),
    ("7b qlora 两天任务 gpuli 能按天吗",),
    ("qwen 7b qlora 三天 gpuli 可以按天算吗",),
    ("7b qlora at gpuli, which card?", "weekly price?", "it's a 2 day job, can we rent by the day?"),
    ("14b lora on gpuli, job is 3 days, can I rent it per day?",),
])
def test_a_unit_asked_of_a_job_is_answered_no_first(turns: tuple[str, ...]) -> None:
    chat = ChatUser()
    for text in turns:
        chat.say(text)
    lead = chat.lines[0]
    assert ("不能" in lead or lead.startswith("❌ No")) and "gpuli" in lead, chat.text
    assert "可以：" not in chat.text and "Yes:" not in chat.text
    assert "₮109" in chat.text or "₮149" in chat.text or "₮189" in chat.text


@pytest.mark.parametrize(("first", "then", "needles"), [
    ("gpuli 8卡h100 每卡每小时折合多少", "含存储呢", ("₮14,607", "₮2.54", "2,000 GB")),
    ("gpuli 8卡 h100 一个月多少钱", "那含存储的话呢", ("₮14,607", "₮2.54")),
    ("gpuli 8x h100 monthly price", "with storage?", ("₮14,607", "₮2.54", "2,000 GB")),
    ("how much is 8 h100 at gpuli per month", "what about including storage", ("₮14,607", "₮2.54")),
    ("gpuli 8卡h100 包月多少", "加上存储卷呢", ("₮14,592", "₮2.53")),
])
def test_storage_asked_after_a_price_adds_the_providers_example(first: str, then: str, needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(first)
    chat.say(then)
    top = "\n".join(chat.lines[:3])
    assert all(n in chat.text for n in needles), chat.text
    assert needles[1] in top, chat.text


@pytest.mark.parametrize(("turns", "needles"), [
    (("gpuli 8卡h100 周租多少", "用三周呢", "那一个月呢 哪个划算"), ("₮12,516", "₮14,432", "₮1,916")),
    (("gpuli 8卡h100 周租多少", "三周多少", "包一个月呢？哪个更省"), ("₮12,516", "₮14,432")),
    (("8x h100 at gpuli per week?", "2 weeks?", "vs one month — which is cheaper"), ("₮8,344", "₮14,432", "₮6,088")),
    (("gpuli 4090 weekly price", "and for 3 weeks?", "what about a month, which is cheaper?"), ("₮327", "₮369", "₮42")),
])
def test_a_month_weighed_after_weeks_compares_the_weeks_asked(turns: tuple[str, ...], needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    for text in turns:
        chat.say(text)
    top = "\n".join(chat.lines[:3])
    assert all(n in top for n in needles), chat.text
    assert "5 周" not in chat.text and "5 weeks" not in chat.text


def test_a_month_weighed_after_one_week_is_the_month_bought_both_ways() -> None:
    chat = ChatUser()
    for text in ("gpuli 8卡h100 周租多少", "那一个月呢 哪个划算"):
        chat.say(text)
    assert "₮20,860" in chat.text and "₮14,432" in chat.lines[0] + chat.lines[1] + chat.lines[2], chat.text


@pytest.mark.parametrize("text", ["gpuli 8卡h100 不含存储 包月多少", "gpuli 8x h100 monthly, without storage"])
def test_storage_left_out_is_not_added(text: str) -> None:
    chat = ChatUser()
    chat.say(text)
    assert "₮14,432" in chat.text and "₮14,607" not in chat.text, chat.text


@pytest.mark.parametrize(("turns", "needles"), [
    (("cloudgpu 按分钟计费 怎么取整", "ok 那 4090 跑 90 分钟", "a100"), ("$2.235", "$1.49", "90 分钟")),
    (("cloudgpu 按分钟计费 怎么取整", "那 a100 跑 90 分钟"), ("$2.235", "$1.49")),
    (("cloudgpu 怎么计费", "好 那 4090 跑两个小时"), ("$0.66", "$0.33")),
    (("how does cloudgpu round per-minute billing?", "ok, a 4090 for 90 minutes then", "and an a100?"), ("$2.235", "$1.49")),
])
def test_a_card_and_a_time_after_a_billing_rule_is_priced_there(turns: tuple[str, ...], needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    for text in turns:
        chat.say(text)
    top = "\n".join(chat.lines[:3])
    assert all(n in top for n in needles), chat.text
    assert "CloudGPU" in top


def test_gradient_checkpointing_savings_still_its_own_entry() -> None:
    chat = ChatUser()
    chat.say("梯度检查点能省多少显存")
    assert "60–80%" in chat.text


@pytest.mark.parametrize(("text", "needles"), [
    ("一万网络 h100 8卡 机器 内存 多大 nvswitch 带宽", ("2,000 GB", "2 TB", "900")),
    ("yiwan 8x h100 box: how much RAM and nvswitch bandwidth?", ("2,000 GB", "2 TB", "900")),
    ("gpuli 8卡 h100 实例内存多少 nvlink 带宽多少", ("1,600 GB", "160 vCPU", "900")),
    ("what's the ram on gpuli's 8x h100 and the nvlink speed", ("1,600 GB", "900")),
])
def test_the_machines_ram_is_answered_beside_the_cards_link(text: str, needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(text)
    assert all(n in chat.text for n in needles), chat.text
    assert needles[0] in chat.lines[0]


@pytest.mark.parametrize(("text", "total"), [
    ("8卡 h200 总显存多少", "1,128 GB"),
    ("8x h200 total vram?", "1,128 GB"),
    ("4张a100 80g 显存总共多少", "320 GB"),
])
def test_a_setups_total_memory_leads(text: str, total: str) -> None:
    chat = ChatUser()
    chat.say(text)
    assert total in chat.lines[0], chat.text


@pytest.mark.parametrize(("text", "needles"), [
    ("8x h200 total vram? enough for 72b full with plain adamw?", ("1,128 GB", "8-bit")),
    ("8卡h200 总显存多少？72b 全参 普通 adamw 放得下吗", ("1,128 GB", "8-bit")),
    ("4x a100 80g total vram? enough for 14b full fine-tune?", ("320 GB", "14B")),
])
def test_a_job_after_a_setups_total_is_judged_on_that_setup(text: str, needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(text)
    assert needles[0] in chat.lines[0] and all(n in chat.text for n in needles), chat.text
    assert "How many GPUs does full fine-tuning need" not in chat.text and "全参微调不同规模" not in chat.text


@pytest.mark.parametrize("turns", [
    ("fp16 NaN on H100 for 70b sft - just switch to bf16?", "is FP8 worth it for finetuning?"),
    ("h100 上 fp16 训 70b 老是 NaN，换 bf16 就行吗", "那 fp8 值得上吗"),
    ("is FP8 worth it for finetuning?",),
    ("微调要不要开 FP8",),
])
def test_whether_fp8_is_worth_it_is_answered_not_listed(turns: tuple[str, ...]) -> None:
    chat = ChatUser()
    for text in turns:
        chat.say(text)
    assert "Transformer Engine" in chat.text and "TFLOPS" not in chat.text, chat.text
    assert "not yet" in chat.text or "先不用" in chat.text


def test_a_cards_fp8_figure_is_still_a_figure() -> None:
    chat = ChatUser()
    chat.say("h100 fp8 算力多少")
    assert "1,978.9" in chat.text
