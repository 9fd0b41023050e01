"""A whole year at an offer whose source states its own yearly figure (seed 003: the 8×H100 box,
"年成本预估约 ¥80–120 万", worked out from ¥8–12 万 a month) names that figure beside ours (the month
price × 12 less the 85 折 annual prepay: ¥81.6–122.4 万); a month's rental does not. The card count
written "8-card" is read as eight cards."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize(("msg", "band"), [("what's the H100 8-card yearly cost estimate at 一万网络?", "¥800,000–1,200,000"),
                                           ("一万网络 8卡 h100 包年多少钱", "80–120 万"),
                                           ("一万网络 8卡 h100 租两年多少", "160–240 万"),
                                           # the 8×A100 80G box: "年付 85 折预估约 ¥25–40 万", stated beside ours (25.5–40.8 万)
                                           ("8卡a100 80g 一万网络 年付大概要多少钱", "25–40 万")])
def test_a_year_at_an_offer_whose_source_states_its_yearly_estimate_names_it(msg: str, band: str) -> None:
    u = ChatUser()
    u.say(msg)
    # the English question is answered in English (a provider named in Chinese is a name, not the language)
    line = next(ln for ln in u.text.splitlines() if "一万网络" in ln and ("85" in ln or "15% off" in ln))
    assert band in line and any(c in line or c in u.text.splitlines()[0] for c in ("8×H100", "8× H100", "8×A100"))


def test_a_month_at_that_offer_does_not_name_the_yearly_figure() -> None:
    u = ChatUser()
    u.say("一万网络 8卡 h100 一个月多少钱")
    assert "按年估" not in u.text and "120 万" not in u.text
