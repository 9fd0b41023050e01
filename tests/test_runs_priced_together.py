"""A plan of several runs in one message (an ablation, a list of experiments, one job's methods side by side) is
priced run by run and summed: the total leads, one short line per run follows (its card, unit price × units), and
the runs stay with the turn for "total?", "包月呢", "each for two weeks?". Figures are seed 000's gpuli weekly and
monthly prices, CloudGPU's per-hour rates and 一万网络's monthly prices."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import T0, ChatUser


def _chat(*turns: str) -> ChatUser:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    return chat


@pytest.mark.parametrize(("turn", "total", "seeded", "each"), [
    # the place and length said once in a header, the runs numbered under it: 4090 ₮109 + A6000 ₮115 + A6000 ₮115;
    # on the tables' cards the 14B LoRA is an L40S (₮189)
    ("组会前要补三组对比，都在 gpuli 租一周：\n1) qwen3-8b qlora\n2) qwen3-14b lora\n3) qwen3-32b qlora\n一共要多少经费",
     "₮339", "₮413", ["₮109", "₮189", "₮115"]),
    # said once after the list, lettered: the 14B QLoRA's table card (4090 ₮109) is tight, the A6000 (₮115) is safe
    ("three runs for the paper: (a) 7b qlora (b) 14b qlora (c) 32b qlora, a week each at gpuli, what's the total?",
     "₮339", "₮333", ["₮109", "₮115", "₮115"]),
    # each run with its own length, the provider said once for both: A6000 ₮115 × 2 + ₮115; L40S ₮189 × 2
    ("first 14b lora for 2 weeks, then 32b qlora for 1 week, everything at gpuli", "₮345", "₮493", ["₮230", "₮115"]),
    # one job's methods side by side, a week each
    ("14b 做个对比：lora vs qlora，各在 gpuli 跑一周", "₮230", "₮298", ["₮189", "₮109"]),
    # per-hour rates at CloudGPU: 3090 $0.21 × 20 h + A6000 $0.44 × 10 h; the table's 4090 at $0.33 × 20 h
    ("cloudgpu 上 7b qlora 跑 20 小时，14b lora 跑 10 小时，合计多少", "$8.60", "$11", ["$4.20", "$4.40"]),
    # 一万网络 by the month: the 14B LoRA's safe pick is an estimated band, so the seed's card (A100 40GB ¥2,800) is its
    ("一万网络包月：7b qlora 和 14b lora 各一个月，总共多少", "¥4,550", None, ["¥1,750", "¥2,800"]),
    # seed 000's minimum for 7B with the 8-bit optimizer (one A100 80GB, ₮899) beside our safe pick (MI300X, ₮1,699)
    ("7b full with 8-bit adam and 14b full, a month at gpuli each", "₮6,007", "₮5,207", ["₮899", "₮4,308"]),
])
def test_a_plan_of_runs_leads_with_its_total_and_a_line_per_run(turn: str, total: str, seeded: str | None,
                                                               each: list[str]) -> None:
    chat = _chat(turn)
    assert total in chat.lines[0] and (seeded is None or seeded in chat.lines[1]), chat.text
    assert len(chat.lines) == len(each) + (1 if seeded is None else 2), chat.text  # one line per run, nothing more
    for line, price in zip(chat.lines[-len(each):], each, strict=True):
        assert price in line, chat.text


def test_an_optimizer_in_brackets_after_one_run_stays_that_runs_own() -> None:
    parts = parse("两组：7b 全参（8bit 优化器）和 14b 全参，gpuli 包月", T0).parts
    assert [(p.request.params_b, p.request.optimizer) for p in parts] == [(7.0, "adamw-8bit"), (14.0, None)]
    parts = parse("7b full w/ 8-bit adam and 14b full, a month at gpuli each", T0).parts
    assert [(p.request.params_b, p.request.optimizer) for p in parts] == [(7.0, "adamw-8bit"), (14.0, None)]


def test_a_lettered_list_on_lines_of_its_own_is_one_run_per_letter() -> None:
    parts = parse("估一下经费，均在 gpuli 包月：\na. qwen3-8b lora\nb. qwen3-14b lora", T0).parts
    assert [(p.request.model, p.intent, p.rental.provider, p.rental.duration_days) for p in parts] == [
        ("qwen3-8b", "cost", "gpuli", 30.0), ("qwen3-14b", "cost", "gpuli", 30.0)]


@pytest.mark.parametrize(("follow", "total"), [
    ("total?", "₮345"),  # each run for the length it was priced for: A6000 ₮115 × 2 + ₮115
    ("一共多少钱", "₮345"),
    ("包月呢", "₮778"),  # every run for a month: A6000 ₮389 twice
    ("what if monthly?", "₮778"),
    ("each for two weeks?", "₮460"),  # ₮115 × 2, twice
])
def test_the_runs_stay_for_a_total_or_a_new_length_asked_next(follow: str, total: str) -> None:
    chat = _chat("first 14b lora for 2 weeks, then 32b qlora for 1 week, everything at gpuli", follow)
    assert total in chat.lines[0] and len(chat.lines) == 4, chat.text


def test_a_length_said_for_the_first_run_only_is_not_every_runs() -> None:
    parts = parse("8b 全参 h200 一个月多少，还有 14b 全参要几卡", T0).parts
    assert [(p.intent, p.rental.duration_days) for p in parts] == [("cost", 30.0), ("size", None)]


@pytest.mark.parametrize("follow", ["difference how much?", "差多少", "how big is the gap?"])
def test_the_gap_between_two_setups_just_compared_is_answered_next(follow: str) -> None:
    chat = _chat("For 14b full finetune which is cheaper per month: 4x A100 SXM or 4x H100 SXM?", follow)
    assert "₮3,136" in chat.lines[0], chat.text  # gpuli ₮7,444 − ₮4,308


def test_a_budget_beside_a_plan_keeps_its_verdict_first_and_a_line_per_run_under_it() -> None:
    chat = _chat("budget 500 usdt. three runs: (a) 7b qlora (b) 14b qlora (c) 32b qlora, a week each at gpuli, enough?")
    assert "₮500" in chat.lines[0] and "enough" in chat.lines[0].lower(), chat.text
    assert len(chat.lines) <= 8 and any("₮115/week × 1" in line for line in chat.lines), chat.text


@pytest.mark.parametrize(("turn", "figure"), [
    # the full fine-tune's pick is gpuli's 4× A100 80GB SXM (₮4,308 a month); the LoRA's own pick is CloudGPU's A6000
    # ($316.80), but gpuli rents an A6000 too (₮389): both at gpuli, ₮4,308 − ₮389
    ("14B 全参 和 14B LoRA 各跑一个月，成本差多少", "₮3,919"),
    ("14b full fine-tune vs 14b lora for a month each, what's the price difference?", "₮3,919"),
    ("14B 全参微调 同 14B LoRA 一个月的成本相差多少", "₮3,919"),
])
def test_runs_billed_in_several_currencies_are_totalled_at_one_provider(turn: str, figure: str) -> None:
    chat = _chat(turn)
    assert figure in chat.lines[0], chat.text
    assert "$" not in chat.lines[0] and "gpuli" in chat.lines[1], chat.text


def test_a_total_of_amounts_in_several_currencies_is_converted_into_one() -> None:
    from decimal import Decimal

    from bot.views.runs_one_currency import total_line
    line = total_line("runs.total_plain", 2, [(Decimal(710), "CNY"), (Decimal(100), "USD")], "en", difference=False)
    assert "¥1,420" in line and "$" not in line.split("(")[0] and "converted" in line  # $100 ≈ ¥710 at the catalog's 7.1
    gap = total_line("runs.total_plain", 2, [(Decimal(100), "USD"), (Decimal(355), "CNY")], "zh", difference=True)
    assert "$50" in gap and "参考汇率" in gap  # ¥355 ≈ $50: $100 − $50


@pytest.mark.parametrize(("turn", "cheaper", "other"), [
    ("7b qlora: gpuli 4090 for a week or cloudgpu 3090 for 30 hours, which is cheaper?", "$6.30", "₮109"),  # 30 h × $0.21
    ("8b qlora 用 cloudgpu 3090 跑 40 小时 还是 gpuli 4090 包一周 选哪个", "$8.40", "₮109"),  # 40 h × $0.21
])
def test_one_job_on_two_options_is_a_choice_not_a_plan_of_runs(turn: str, cheaper: str, other: str) -> None:
    chat = _chat(turn)
    assert "CloudGPU" in chat.lines[0] and cheaper in chat.lines[0] and other in chat.lines[0], chat.text
    assert "+" not in chat.lines[0], chat.text  # never summed as two runs


@pytest.mark.parametrize(("follow", "figure"), [
    ("两个月一共多少", "₮1,476"),  # the table's 4090 for both: ₮369 × 2, twice, over ₮1,000
    ("and for two months in total?", "₮1,476"),
    ("那三个月总共呢", "₮2,214"),  # ₮369 × 3, twice
])
def test_a_new_length_after_runs_under_a_budget_is_weighed_against_it_again(follow: str, figure: str) -> None:
    chat = _chat("budget ₮1000 a month: 14b qlora and 7b qlora, both at gpuli", follow)
    head = "\n".join(chat.lines[:2])
    assert figure in head and ("₮1,000" in chat.lines[0]), chat.text
    assert "not enough" in chat.lines[0] or "不够" in chat.lines[0], chat.text
