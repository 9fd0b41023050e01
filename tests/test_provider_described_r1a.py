"""Issue 18, blind set 69 round 1: a provider named by how it bills instead of by its name ("周租月租那家",
"the weekly/monthly provider", "按分钟那家", "the one that bills in USDT", "年付的那个平台") is read exactly as if
its name were written, by every reader: price, cost, FAQ and the follow-up readers. Which provider a
description names comes from the catalogs (seed 000: gpuli sells weeks and months in USDT; seed 002: CloudGPU
bills by the minute in USD; seed 003: 一万网络 sells months and years in CNY); a description several providers
fit ("包月那家": gpuli and 一万网络) names none, and words that ask ABOUT billing name none either.
Figures from the seeds: gpuli RTX 4090 ₮109/week, ₮369/month, RTX 5090 ₮149/week, 8×H100 ₮14,432/month;
CloudGPU RTX 4090 $0.33/h, A100 80G $1.49/h; 一万网络 A100 40G ¥2,800/month."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.entities import find_provider
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from bot.understand.provider_words import descriptions, facets
from engine.providers import providers
from tests.chat_user import ChatUser

DESCRIBED = {
    "gpuli": ["周租月租那家", "周租/月租那家", "那家周租月租平台", "那家按周/月计费的平台", "只有周租和月租的那家",
              "用 USDT 结算的那家", "收 usdt 的平台", "USDT 那家", "我们用的是周租月租那家", "the weekly/monthly provider", "the weekly and monthly GPU provider",
              "the weekly GPU cloud", "the provider that bills in USDT", "the one that rents by the week or month"],
    "cloudgpu": ["按分钟计费那家", "按分钟那家", "按小时计费的那个平台", "分钟级计费的平台", "用美元结算的那家",
                 "the per-minute provider", "the per minute platform", "the provider that charges by the minute",
                 "the one billing per minute", "the hourly provider"],
    "yiwan": ["年付那家", "包年的那个平台", "月付年付那家", "收人民币的那家", "the yearly provider",
              "the provider that bills in yuan", "the monthly/yearly vendor"],
}


def _talk(*turns: str) -> ChatUser:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return me


@pytest.mark.parametrize(("words", "ident"), [(w, p) for p, ws in DESCRIBED.items() for w in ws])
def test_a_description_reads_as_the_provider_it_fits(words: str, ident: str) -> None:
    assert parse(f"{words} 4090 多少钱" if not words.isascii() else f"4090 price at {words}?").rental.provider == ident


@pytest.mark.parametrize("text", [
    "周租和月租哪个划算", "按月那家 a100 多少", "包月的平台 4090 多少", "the monthly provider's 4090?",
    "does cloudgpu bill per minute?", "which provider bills by the minute?", "有没有按分钟计费的平台",
    "按分钟计费的平台有哪些", "按分钟计费怎么算", "is there an hourly provider?", "哪家按周租", "有按周租的平台吗",
    "预算 5000 USDT 那家够吗", "gpuli 是周租月租那家吗", "is cloudgpu the per-minute one?", "the weekly one",
    "周租那个多少",
])
def test_billing_asked_about_or_shared_names_no_provider(text: str) -> None:
    assert descriptions(text.lower()) == []
    named = find_provider(text.lower())
    assert parse(text).rental.provider == (named.ident if named else None)  # "does cloudgpu bill…" names it; nothing is described
    assert normalize(text).count("gpuli") == text.lower().count("gpuli")


FACET_WORDS = {"week": ("周租", "weekly"), "month": ("月租", "monthly"), "year": ("年付", "yearly"),
               "minute": ("按分钟计费", "per-minute"), "hour": ("按小时", "hourly"),
               "USDT": ("用 usdt 结算", "usdt"), "CNY": ("收人民币", "rmb"), "USD": ("用美元结算", "usd")}


@settings(max_examples=80, deadline=None)
@given(named=st.lists(st.sampled_from(sorted(FACET_WORDS)), min_size=1, max_size=3, unique=True),
       zh=st.booleans(), joiner=st.sampled_from(["/", " and ", "和", "、"]))
def test_a_description_names_the_one_provider_with_every_facet_it_names(named: list[str], zh: bool, joiner: str) -> None:
    if zh:
        text = f"{(joiner if not joiner.isascii() else '/').join(FACET_WORDS[f][0] for f in named)}的那家 4090 多少"
    else:
        text = f"4090 price at the {(joiner if joiner.isascii() else '/').join(FACET_WORDS[f][1] for f in named)} provider"
    have = facets()
    having = [p.id for p in providers().entries if all(have[f](p) for f in named)]
    want = having[0] if len(having) == 1 else None
    assert parse(text).rental.provider == want, text


SAME = [  # (a message naming the provider by {p}, the name, the description)
    ("{p} 4090 跑 3 小时多少钱", "cloudgpu", "按分钟计费那家"),
    ("{p} 8 卡 h100 包月多少", "gpuli", "周租月租那家"),
    ("{p} 支持哪些付款方式", "gpuli", "周租/月租那家"),
    ("{p} 销毁实例以后数据还在吗", "cloudgpu", "按分钟那家"),
    ("{p} 入站流量收费吗", "gpuli", "那家周租月租平台"),
    ("{p} a100 40g 包月多少", "一万网络", "年付那家"),
    ("how long after paying until I can ssh in at {p}?", "gpuli", "the weekly/monthly provider"),
    ("What does a 4090 cost for 8 hours at {p}?", "cloudgpu", "the per-minute provider"),
    ("Which payment methods does {p} take?", "gpuli", "the provider that bills in USDT"),
    ("Can I get a multi-GPU machine at {p}?", "cloudgpu", "the one that charges per minute"),
    ("weekly price of an 8xH100 node at {p}", "gpuli", "the weekly/monthly GPU provider"),
]


@pytest.mark.parametrize(("template", "name", "description"), SAME)
def test_a_described_provider_is_answered_as_the_named_one(template: str, name: str, description: str) -> None:
    assert _talk(template.format(p=description)).text == _talk(template.format(p=name)).text


@pytest.mark.parametrize(("first", "second", "want", "not_want"), [
    ("按分钟计费那家 4090 跑 3 小时多少钱？", "另外问一句，往周租月租那家的实例传数据，入站流量收费吗？", ("免费", "不收"), "$0.99"),
    ("What does an 8-hour run on a 4090 cost at the per-minute provider?",
     "Separately, which payment methods does the weekly/monthly provider accept?", ("USDT",), "$2.64"),
    ("一万网络 RTX3090 月付多少？", "另外，周租月租那家遇到硬件故障，checkpoint 会丢吗？", ("30 分钟", "30 min"), "1,750"),
])
def test_a_new_question_naming_a_described_provider_is_no_follow_up(first: str, second: str, want: tuple[str, ...],
                                                                     not_want: str) -> None:
    me = _talk(first, second)
    assert any(w in me.text for w in want), me.text
    assert not_want not in me.text


@pytest.mark.parametrize(("turns", "want"), [
    (("7b qlora on a 4090 enough?", "price on gpuli", "the weekly one"), "₮109"),
    (("gpuli 4090 多少钱", "周租那个呢"), "₮109"),
])
def test_the_weekly_one_after_a_price_is_that_option_not_a_provider(turns: tuple[str, ...], want: str) -> None:
    me = _talk(*turns)
    assert want in "\n".join(me.lines[:3]), me.text


@pytest.mark.parametrize(("text", "want"), [
    ("8 卡 h100 在周租月租那家包月多少？", "₮14,432"),
    ("What does a single RTX 5090 cost for a fortnight at the weekly/monthly provider?", "₮298"),
    ("一张 5090 在那家周租/月租平台租两周多少钱", "₮298"),
    ("4090 at the per-minute provider for 3 hours?", "$0.99"),
    ("按分钟那家 A100 80G 跑 10 小时多少钱", "$14.90"),
    ("年付那家 A100 40G 一个月多少", "¥2,800"),
    ("What does a single hour on a 4090 cost at the per-minute provider?", "$0.33"),
])
def test_a_described_provider_is_priced_from_its_own_catalog(text: str, want: str) -> None:
    assert want in _talk(text).text


@pytest.mark.parametrize(("text", "figure"), [
    ("深圳那家 A100 40G 包两个月多少", "¥5,600"),  # 2 × ¥2,800 (seed 003: its racks are in Shenzhen)
    ("what's the Shenzhen provider's 3090 per month", "¥1,750"),
    ("the one in Shenzhen: T4 for a month?", "¥900"),
    ("新加坡机房的那家，8卡 h100 包月", "¥80,000"),  # seed 003: its H100 servers sit in Singapore
])
def test_a_provider_described_by_where_its_machines_are_is_that_provider(text: str, figure: str) -> None:
    user = ChatUser()
    user.say(text)
    assert figure in user.text.splitlines()[1] and "gpuli" not in user.text.splitlines()[1], user.text


def test_a_place_alone_or_a_currency_named_after_it_points_at_no_provider() -> None:
    for text in ("新加坡元多少", "we are based in Singapore", "4090 in Shenzhen?", "深圳"):
        match = find_provider(normalize(text))
        assert match is None, text
    every_place = [place for p in providers().entries for r in p.regions for place in r.names]
    assert "深圳" in every_place and "shenzhen" in every_place
