"""Session 26 round 1 (blind 74, helper r1c): two options named for one choice, each its own provider, card and length,
are priced exactly as named (the job's fit on each card said) with the cheaper total leading; a yes/no question the
FAQ answers leads with its yes or no; a year's annual-prepay discount shows the month it is taken off; the cheapest
way asked with speed as a condition leads with the way that keeps it and says what the condition rules out.
Figures from the seeds: seed 000 (gpuli RTX 4090 ₮109/week, 8×H100 ₮14,432/month, 8×H200 ₮19,752/month, offload
20–50% slower, continued pretraining from one 8-card node), seed 002 (CloudGPU RTX 3090 $0.21/h), seed 003 (一万网络
RTX3090 ¥1750/月, A100 40G ¥2800/月, 年付 8 折)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.money import Money
from tests.chat_user import ChatUser, lead_lines, said


@pytest.mark.parametrize("ask", [
    "14b qlora 用 gpuli 4090 包周 还是 cloudgpu 3090 跑 20 小时 哪个便宜",
    "for a 14b qlora run: gpuli 4090 by the week, or cloudgpu 3090 for 20 hours — which costs less?",
    "14b qlora，gpuli 4090 一周 或者 cloudgpu 3090 20h，选哪个",
])
def test_two_options_for_one_job_priced_as_named(ask: str) -> None:
    me = said(ask)
    lead = lead_lines(me.text, 1)
    assert "CloudGPU" in lead and "$4.20" in lead and "₮109" in lead, me.text  # 20 h × $0.21 against one week ₮109
    assert "A6000" not in me.text, me.text  # exactly the cards named, not another pick
    assert "OOM" in me.text, me.text  # 14B QLoRA is tight on a 24 GB card: said of the options


@pytest.mark.parametrize("ask", ["gpuli 4090 weekly or cloudgpu 3090 for 20h?", "gpuli 4090 包周 还是 cloudgpu 3090 跑 20 小时"])
def test_two_rentals_named_without_a_job(ask: str) -> None:
    lead = lead_lines(said(ask).text, 1)
    assert "CloudGPU" in lead and "$4.20" in lead and "₮109" in lead, lead


def test_one_card_at_two_providers_stays_the_cards_comparison() -> None:
    me = said("gpuli 4090 包月 还是 cloudgpu 4090 包月 哪个便宜")
    assert "$237.60" in me.text and "₮369" in me.text, me.text  # 720 h × $0.33 against the month


RENTALS = [("gpuli", "4090", "weekly"), ("gpuli", "4090", "monthly"), ("gpuli", "l40s", "weekly"), ("cloudgpu", "3090", "for 20h"),
           ("cloudgpu", "4090", "for 30h"), ("cloudgpu", "a6000", "for 100h"), ("一万网络", "3090", "monthly")]


def _total(option: tuple[str, str, str]) -> Decimal:
    reply = said(" ".join(option)).last
    assert reply is not None and reply.kind == "price", option
    total = reply.data["rows"][0]["quotes"][0]["total"]
    return Money(Decimal(str(total["high"])), total["currency"]).to("USD").amount


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(RENTALS), min_size=2, max_size=2, unique_by=lambda r: r[0]), st.sampled_from([" or ", " 还是 "]))
def test_the_cheaper_of_two_named_rentals_leads(pair: list[tuple[str, str, str]], joiner: str) -> None:
    """Whatever two rentals at two providers are set against each other, the lead names the one whose own total (in
    US dollars) is lower, as each is priced when asked alone."""
    lead = lead_lines(said(joiner.join(" ".join(r) for r in pair) + "?").text, 1)
    cheaper, other = sorted(pair, key=_total)
    names = {"gpuli": "gpuli", "cloudgpu": "CloudGPU", "一万网络": "一万网络"}
    assert lead.index(names[cheaper[0]]) < lead.index(names[other[0]]), lead  # "💡 Cheaper: <that one> … (the other: …)"


@pytest.mark.parametrize(("ask", "verdict"), [
    ("单卡做继续预训练可以吗", "❌"), ("继续预训练 两张 4090 能搞吗", "❌"), ("continued pretraining on one gpu, possible?", "❌ No"),
    ("can we do continued pretraining with 4 gpus?", "❌ No"), ("继续预训练 八卡够吗", "✅"), ("continued pretraining on 8 gpus ok?", "✅ Yes"),
])
def test_continued_pretraining_asked_yes_or_no_leads_with_it(ask: str, verdict: str) -> None:
    me = said(ask)
    assert me.lines[0].startswith(verdict), me.text
    assert "8" in me.lines[0], me.text  # one 8-card node is where it starts (seed 000, 03)


def test_continued_pretraining_asked_how_has_no_verdict() -> None:
    me = said("继续预训练要什么配置")
    assert not me.lines[0].startswith(("❌", "✅")), me.text


@pytest.mark.parametrize(("ask", "base", "year"), [
    ("一万网络 3090 年付多少", "¥1,750/月 × 12 = ¥21,000", "¥16,800"),
    ("一万网络 3090 包年 有优惠吗", "¥1,750/月 × 12 = ¥21,000", "¥16,800"),
    ("yiwan a100 40g yearly price?", "¥2,800/month × 12 = ¥33,600", "¥26,880"),
])
def test_a_years_discount_shows_the_month_it_is_taken_off(ask: str, base: str, year: str) -> None:
    me = said(ask)
    assert base in me.text and year in me.text, me.text


@pytest.mark.parametrize("ask", ["72b 全参 最便宜的配置 速度别太差", "72b 全参 最省钱 不想掉速", "cheapest setup for 72b full ft, not too slow please",
                                 "cheapest way to full-tune 72b without slowing it down"])
def test_the_cheapest_way_kept_fast_says_what_it_rules_out(ask: str) -> None:
    lead = lead_lines(said(ask).text, 1)
    assert "19,752" in lead and "14,432" in lead and "20–50%" in lead, lead


def test_offload_ruled_out_by_name_has_no_trade_off_lead() -> None:
    me = ChatUser()
    me.say("72b 全参 不开 offload 最省钱方案")
    assert "⚡" not in me.text and "19,752" in me.text, me.text
