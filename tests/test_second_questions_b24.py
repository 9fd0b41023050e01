"""Issue 18 (blind set 24): a second question joined by "+" or a bare "顺便" is answered; a clause naming
only another provider asks the same card there, in its own unit; a rental story asking for money back is
the refund rule; ROCm questions get the MI300X caveat; tensor or pipeline parallelism asked of a job is
the parallelism entry, not a memory lever's price. Figures from the seeds: SSH at gpuli in about 3
minutes, A100 80GB gpuli ₮269/week and CloudGPU $1.49/h, gpuli refunds within 1 hour of creation, ROCm
operators to verify, custom CUDA kernels -> A100/H100 (seed 000); TP/PP not for fine-tuning, DDP with
ZeRO-2 on one node (seed 003)."""

from __future__ import annotations

import pytest

from tests.chat_user import first_lines, said

MAX_LINES = 15


# "+" or a bare "顺便" before a question starts a second one: the SSH wait is answered after the plan.
@pytest.mark.parametrize("text", [
    "14b qlora done by monday, cheapest at gpuli + how long until ssh works?",
    "h100 at gpuli monthly price + how soon can we ssh in?",
    "14b qlora 周一前训完 gpuli 最便宜的方案 + 多久能 ssh 上",
    "7b lora 周五前训完，gpuli 最便宜的方案 顺便 多久能连上 ssh",
])
def test_plus_or_bare_by_the_way_joins_a_second_question(text: str) -> None:
    me = said(text)
    assert "3 分钟" in me.text or "3 minutes" in me.text, me.text


# "+" adding storage to a rental is still one question (no second question asked after it).
def test_plus_before_an_add_on_is_no_second_question() -> None:
    me = said("8卡h100 + 1TB 存储卷 一个月多少")
    assert "SSH" not in me.text, me.text


# A clause naming only another provider prices the same card there, in the unit it names.
@pytest.mark.parametrize(("text", "first", "second"), [
    ("a100 80g 在 gpuli 周租多少，CloudGPU 按小时又是多少", "₮269", "$1.49"),
    ("a100 80g 在 gpuli 周租多少？cloudgpu 每小时呢？", "₮269", "$1.49"),
    ("weekly price of an a100 80g at gpuli, and what is it hourly at cloudgpu?", "₮269", "$1.49"),
    ("a100 80g at gpuli per week? and at cloudgpu by the hour?", "₮269", "$1.49"),
])
def test_other_provider_clause_keeps_its_provider_and_unit(text: str, first: str, second: str) -> None:
    me = said(text)
    assert first in first_lines(me), me.text
    assert f"{second} — 60" in me.text, me.text  # the hour priced at that provider, not the weekly comparison
    assert "能按小时租卡吗" not in me.text and "rent a GPU by the hour" not in me.text, me.text


# A rental story asking for money back is the refund rule, not the price of the card or the list.
@pytest.mark.parametrize(("text", "rule"), [
    ("rented the wrong gpu at gpuli 15 minutes ago, refund possible?", "within 1 hour"),
    ("opened an h100 at gpuli an hour ago by mistake, can I cancel and get my money back?", "within 1 hour"),
    ("在 gpuli 租了张 4090 租错了，20分钟前开的，能退多少钱", "1 小时内"),
    ("gpuli 上开错了 a100，刚 10 分钟，退钱吗", "1 小时内"),
])
def test_rental_story_with_refund_question_gets_the_rule(text: str, rule: str) -> None:
    me = said(text)
    assert rule in first_lines(me), me.text
    assert "₮109 —" not in me.text and "list prices" not in me.text, me.text


# ROCm / AMD compatibility asked, alone or after the MI300X's price: the MI300X caveat.
@pytest.mark.parametrize(("turns", "caveat"), [
    (("gpuli 的 mi300x 多少钱", "ROCm 兼容性怎么样"), "算子"),
    (("ROCm 兼容性如何 有没有坑",), "算子"),
    (("how much is the mi300x at gpuli", "how is ROCm compatibility, any gotchas?"), "CUDA kernels"),
    (("is ROCm compatible with custom cuda code?",), "CUDA kernels"),
])
def test_rocm_compatibility_gets_the_mi300x_caveat(turns: tuple[str, ...], caveat: str) -> None:
    me = said(*turns)
    assert caveat in first_lines(me), me.text


# Tensor or pipeline parallelism asked of a job: the parallelism entry (not worth it, DDP/ZeRO), no price.
@pytest.mark.parametrize(("text", "lead"), [
    ("70b 全参 用 pipeline parallel 能省显存吗 值得搞吗", "不用"),
    ("32b 全参 开 tensor parallel 能省显存吗", "不用"),
    ("70b full finetune, does pipeline parallel save memory, worth it?", "No"),
    ("14b full ft, will PP cut the per-card memory?", "No"),
])
def test_parallelism_question_answers_about_parallelism(text: str, lead: str) -> None:
    me = said(text)
    assert lead in first_lines(me), me.text
    assert "ZeRO" in me.text and "₮" not in me.text, me.text
    assert len(me.lines) <= MAX_LINES, me.text


# A provider named only in a later clause is where the one job is priced, not a second place.
@pytest.mark.parametrize("text", [
    "4 张 h100 跑 32b 全参，gpuli 包月多少？",
    "32b full finetune on 4 h100s, at gpuli per month?",
])
def test_provider_named_once_prices_the_one_job(text: str) -> None:
    me = said(text)
    assert "gpuli" in first_lines(me) and "₮" in first_lines(me), me.text
    assert len(me.lines) <= MAX_LINES, me.text
