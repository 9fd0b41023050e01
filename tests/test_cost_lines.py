"""Issue 18, costs (blind set 11): one message asking two prices gets both. A job asked by the week
and by the month is priced for each length; a job asked on two named cards is priced on each, with
the difference where one provider rents both. Every figure traces to the seeds: gpuli (seed 000:
7B QLoRA on a 4090 ₮109 a week, ₮369 a month; 5090 ₮499 a month; 72B QLoRA on an A100 PCIe ₮269 /
₮899; 14B full on 4×H100 ₮7,444, on 4×A100 SXM ₮4,308), CloudGPU (seed 002: 3090 $0.21/h)."""

from __future__ import annotations

import pytest

from tests.chat_user import first_lines, said


@pytest.mark.parametrize(("text", "week", "month"), [
    ("7b qlora 一周多少 一个月多少", "₮109", "₮369"),
    ("7b qlora 周租和月租各要多少钱", "₮109", "₮369"),
    ("7b qlora: what's the weekly and the monthly cost?", "₮109", "₮369"),
    ("72b qlora 一个月大概多少钱？能周租吗？", "₮269", "₮899"),
    ("how much is 72b qlora per month, and per week?", "₮269", "₮899"),
])
def test_a_week_and_a_month_asked_are_both_priced(text: str, week: str, month: str) -> None:
    head = first_lines(said(text))
    assert week in head and month in head, head


@pytest.mark.parametrize(("text", "first", "second"), [
    ("14b qlora 用 4090 还是 5090 各多少钱一个月", "₮369", "₮499"),
    ("14b qlora on a 4090 or a 5090, monthly cost of each?", "₮369", "₮499"),
    ("7b qlora 4090 和 5090 一个月分别多少", "₮369", "₮499"),
])
def test_two_cards_named_for_a_job_are_both_priced(text: str, first: str, second: str) -> None:
    head = first_lines(said(text))
    assert first in head and second in head, head


@pytest.mark.parametrize("text", [
    "14b 全参 4 卡 h100 跟 4 卡 a100 一个月差多少钱",
    "14b full fine-tune, 4x h100 vs 4x a100 for a month: price difference?",
    "14b 全参 包月 4张h100 和 4张a100 相差多少",
])
def test_the_difference_between_two_setups_leads(text: str) -> None:
    me = said(text)
    head = first_lines(me)
    assert "₮3,136" in head and "₮7,444" in me.text and "₮4,308" in me.text, head


@pytest.mark.parametrize(("text", "amount"), [
    ("一万网络 3090 一个月多少 换成美元呢", "$246"),
    ("一万网络 3090 包月多少 美元呢", "$246"),
    ("gpuli 4090 一周多少 换成人民币呢", "¥"),
])
def test_a_card_priced_and_converted_in_one_message_is_a_price(text: str, amount: str) -> None:
    head = first_lines(said(text))
    assert amount in head, head


@pytest.mark.parametrize(("text", "diff", "setups"), [
    ("gpuli 4 卡 h100 跟 4 卡 a100 一个月差多少钱", "₮3,136", ["₮7,444", "₮4,308"]),
    ("4090 和 5090 月租差多少", "₮130", ["₮369", "₮499"]),
    ("how much more is a 5090 than a 4090 per month at gpuli", "₮130", ["₮369", "₮499"]),
    ("price difference between 4x h100 and 4x a100 at gpuli for a month?", "₮3,136", ["₮7,444", "₮4,308"]),
])
def test_two_setups_priced_lead_with_their_difference(text: str, diff: str, setups: list[str]) -> None:
    me = said(text)
    assert diff in me.lines[0] and all(s in me.text for s in setups), me.text


@pytest.mark.parametrize(("text", "lead", "other"), [
    ("cheaper for a 2-day 7b qlora run: gpuli or cloudgpu?", "$10.08", "₮109"),
    ("7b qlora 跑两天 gpuli 和 cloudgpu 哪家便宜", "$10.08", "₮109"),
    ("8b qlora 一周 cloudgpu 还是 gpuli 划算", "$35.28", "₮109"),
])
def test_a_job_at_two_named_providers_is_priced_at_each(text: str, lead: str, other: str) -> None:
    head = first_lines(said(text))
    assert head.index(lead) < head.index(other), head
