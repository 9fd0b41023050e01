"""A provider called by its billing trait, in more of the ways a team writes it, and the per-minute provider
weighed against a prepaid term for a stated span.

Why: the trait is read from the billing rule objects and the catalog (a new per-minute provider fits the
words "per-minute" as CloudGPU does), so when two providers fit, the words name neither and no one is picked
silently; "那个" and "one" may point at an option of the last answer, so they name a provider only when that
can't be meant. Seed figures: CloudGPU RTX 4090 $0.33/h (seed 002), gpuli RTX 4090 ₮109/week, ₮369/month
(seed 000), 一万网络 sells months and years (seed 003)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.understand.parser import parse
from bot.understand.provider_words import descriptions, having, weighs_metered
from tests.chat_user import ChatUser
from tests.extra_provider import with_provider
from tests.test_new_provider import RENTBOX


@pytest.mark.parametrize(("text", "want"), [
    ("hourly 那家 3090 多少", "cloudgpu"),
    ("by-the-minute 的平台 A100 80G 多少", "cloudgpu"),
    ("按小时收费的那个 3090 多少", "cloudgpu"),
    ("包周计费的那个 4090 多少钱", "gpuli"),
    ("有年付优惠的那家 A100 40G 一个月多少", "yiwan"),
    ("4090 at the weekly-rental provider?", "gpuli"),
    ("3090 at the by-the-minute one?", "cloudgpu"),
    ("A100 40G at the provider with an annual discount?", "yiwan"),
    ("4090 at the weekly/monthly one?", "gpuli"),
])
def test_more_ways_of_naming_a_provider_by_its_billing(text: str, want: str) -> None:
    assert parse(text).rental.provider == want, text


@pytest.mark.parametrize("text", [
    "按分钟的那个多少",  # the per-minute option of the answer before, said without a verb of billing
    "the weekly one?",  # gpuli's weekly option beside its monthly one
    "有按分钟计费的那家吗",  # asks whether one exists
    "月付那家 A100 多少",  # gpuli and 一万网络 both sell months: no silent pick
])
def test_words_that_may_mean_an_option_or_fit_several_name_no_provider(text: str) -> None:
    assert descriptions(text.lower()) == []


@pytest.fixture
def two_per_minute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    yield from with_provider(tmp_path, monkeypatch, RENTBOX)


def test_a_new_per_minute_provider_shares_the_trait_so_the_words_pick_neither(two_per_minute: Path) -> None:
    assert sorted(p.id for p in having({"minute"})) == ["cloudgpu", "rentbox"]  # from the billing rule, not a name
    for text in ("按分钟那家 4090 多少", "4090 at the per-minute provider?"):
        assert descriptions(text) == [] and parse(text).rental.provider is None, text


@pytest.mark.parametrize(("turns", "first", "total"), [
    (("4090 跑 40 小时，包周和按分钟哪个划算",), "CloudGPU", "$13.20"),  # 40 h × $0.33 against a ₮109 week
    (("a 4090 for just two days: by the minute or weekly?",), "CloudGPU", "$15.84"),  # 48 h × $0.33
    (("3090 按小时 还是 包月 跑 50 小时",), "CloudGPU", "$10.50"),  # 50 h × $0.21 against 一万网络's ¥1,750 month
])
def test_per_minute_against_a_term_prices_both_for_the_span_cheaper_first(turns: tuple[str, ...], first: str,
                                                                          total: str) -> None:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    lead = [line for line in me.lines if line.startswith("•")]
    assert first in lead[0] and total in lead[0], me.text
    assert len(lead) >= 2 and "💡" not in me.text, me.text  # the other way priced too, no week-against-month block


def test_weekly_against_monthly_at_one_provider_is_still_that_comparison() -> None:
    assert not weighs_metered("gpuli 4090 跑 3 周 周租还是包月") and weighs_metered("4090 跑 3 天 周租还是按分钟")
    me = ChatUser()
    me.say("gpuli 4090 跑 3 周 周租还是包月")
    assert "₮327" in "\n".join(me.lines[:3]) and "₮369" in me.text


@pytest.mark.parametrize(("text", "names"), [
    ("包月的那家 A100 40G 一个月多少", "gpuli、一万网络"),
    ("A100 40G at the monthly provider?", "gpuli, 一万网络"),
])
def test_a_description_several_providers_fit_names_them_all(text: str, names: str) -> None:
    me = ChatUser()
    me.say(text)
    assert names in me.lines[0] and "¥2,800" in me.text, me.text  # 一万网络's month (seed 003), no one picked

