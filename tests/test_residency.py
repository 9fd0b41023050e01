"""Where the machines are, as a rule a team must keep and as a question (bot.understand.residency, bot.views.place_line).

Catalog facts asserted (the seeds): 一万网络 runs its own racks in Shenzhen, where its A100 40G is, at ¥2,800 a month
(seed 003); its 8×H100 servers are in Singapore and Los Angeles, ¥80,000–120,000 a month; gpuli's regions are
LAS-1, DFW-1 and ORD-1, outside mainland China, and InfiniBand between nodes runs only in DFW-1 and ORD-1 at ₮600
per node a month (seed 000); CloudGPU names no region."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from bot.understand.residency import place_wanted, providers_in, where_asked
from tests.chat_user import ChatUser, first_lines, said


@pytest.mark.parametrize(("text", "area"), [
    ("监管要求服务器在境内，有 A100 吗", "mainland-china"), ("数据只能存在国内机房", "mainland-china"),
    ("compliance says the data stays in China", "mainland-china"), ("we need hosting in mainland China", "mainland-china"),
    ("海外节点也可以", "abroad"), ("must be outside China", "abroad"), ("only US-based servers", "us"),
    ("can it run in Singapore?", "singapore")])
def test_the_area_is_read(text: str, area: str) -> None:
    place = place_wanted(text)
    assert place is not None and place.area == area


@pytest.mark.parametrize("text", ["从国内传 200G 数据要多久", "latency from China to the box?", "tell us the price of a 4090"])
def test_where_the_team_is_is_no_rule(text: str) -> None:
    assert place_wanted(text) is None


def test_the_catalog_places_the_providers() -> None:
    assert providers_in("mainland-china") == ["yiwan"]
    assert providers_in("abroad") == ["gpuli", "yiwan"]  # gpuli's three regions; 一万网络's Singapore and LA
    assert providers_in("us") == ["yiwan"]  # Los Angeles; gpuli's sites name no country


@pytest.mark.parametrize("text", ["合规要求数据不出境内，A100 一个月多少钱", "A100 per month? our rules say the data must stay in China"])
def test_the_rule_keeps_the_price_to_shenzhen(text: str) -> None:
    parsed = parse(text)
    assert parsed.rental.provider == "yiwan" and parsed.request.gpu == "a100-40g-sxm"  # a bare A100: the one in Shenzhen
    me = said(text)
    lead = first_lines(me, 2)
    assert ("深圳" in lead or "Shenzhen" in lead) and "一万网络" in lead, me.text
    assert "2,800" in me.text and "₮" not in me.text and "$1.49" not in me.text, me.text  # no gpuli or CloudGPU A100


@pytest.mark.parametrize("text", ["哪家在境内有机房？我们要租一张 A100", "which provider has a data center in mainland China for an A100?"])
def test_which_provider_is_in_china_leads(text: str) -> None:
    lead = first_lines(said(text), 1)
    assert "一万网络" in lead and ("深圳" in lead or "Shenzhen" in lead), lead


@pytest.mark.parametrize(("text", "there"), [("数据要留在国内，8 卡 H100 包月多少", "新加坡"),
                                             ("8x H100 monthly, but hosting has to be in mainland China", "Singapore")])
def test_a_card_not_in_the_area_is_said_with_what_is(text: str, there: str) -> None:
    lead = first_lines(said(text), 1)
    assert ("不在境内" in lead or "not in mainland China" in lead) and there in lead and "A100 40GB" in lead, lead


@pytest.mark.parametrize("text", ["7B LoRA 问题：1. 租什么卡 2. 花多少 3. 数据可以放国内吗",
                                  "7B LoRA. Questions: 1. which card 2. what cost 3. can the data stay in China?"])
def test_a_whether_question_keeps_every_provider_and_is_answered(text: str) -> None:
    me = said(text)
    assert parse(text).rental.provider is None  # asked whether, not required: every provider still priced
    last = me.text.strip().splitlines()[-1]
    assert "一万网络" in last and ("深圳" in last or "Shenzhen" in last) and ("✅" in last), me.text


@pytest.mark.parametrize("text", ["70b 全参 要跨 2 个节点，gpuli 哪些机房可以", "two nodes for 70b full fine-tuning at gpuli, which region works?"])
def test_which_region_has_infiniband_between_nodes(text: str) -> None:
    assert where_asked(text)
    lead = first_lines(said(text), 1)
    assert "DFW-1" in lead and "ORD-1" in lead and "LAS-1" not in lead and "600" in lead, lead


@pytest.mark.parametrize("text", ["一万网络的 8 卡 H100 在哪个机房，包月多少", "which region is yiwan's 8x H100 box in, and the monthly price?"])
def test_which_region_rents_a_card(text: str) -> None:
    lead = first_lines(said(text), 1)
    assert ("新加坡" in lead and "洛杉矶" in lead) or ("Singapore" in lead and "Los Angeles" in lead), lead


@pytest.mark.parametrize(("text", "price"), [("哪家有 a6000", "$0.44"), ("which provider is cheapest for a week of 4090", "$55.44"),
                                             ("谁家有 L40S 包月", "₮649"), ("which host offers an l40s monthly?", "₮649")])
def test_which_provider_rents_a_card_is_answered_by_its_prices(text: str, price: str) -> None:
    assert not parse(text).price.where_asked  # who rents it, no site asked: the price list leads, no "names no site" line
    lead = first_lines(said(text), 3)
    assert price in lead and "🏢" not in lead, lead


@pytest.mark.parametrize("text", ["哪家有 IB，两台 8 卡 h100", "which provider has infiniband for two 8x h100 nodes?"])
def test_which_provider_has_infiniband_between_nodes_names_its_regions(text: str) -> None:
    lead = first_lines(said(text), 1)
    assert "DFW-1" in lead and "ORD-1" in lead and "600" in lead, lead


def test_a_faq_answer_led_by_its_place_keeps_its_turn_for_the_price_next() -> None:
    """"…2 nodes 8xh100, which region can?" answers where first; "total monthly?" then prices those two nodes with IB."""
    chat = ChatUser(lang="en")
    chat.say("continue pretrain on 2 nodes 8xh100, which region can?")
    chat.say("total monthly?")
    assert "₮30,064" in chat.text, chat.text


@pytest.mark.parametrize("text", ["数据不能出境，要租 A100", "合规：数据不得离开中国", "our data must not leave China", "data can't leave the country"])
def test_a_rule_that_data_may_not_leave_is_mainland(text: str) -> None:
    place = place_wanted(text)
    assert place is not None and place.area == "mainland-china"


@pytest.mark.parametrize("text", ["监管说数据不出境，cloudgpu、gpuli、一万网络 选哪家", "our data can't leave China - which provider works?"])
def test_which_provider_suits_the_rule_is_the_place_alone(text: str) -> None:
    """The rule and which provider suits it: the place answers, not an entry matched on 数据 (how long data is kept)."""
    me = said(text)
    lead = first_lines(me, 1)
    assert "一万网络" in lead and ("深圳" in lead or "Shenzhen" in lead), me.text
    assert "7 天" not in me.text and "7 days" not in me.text, me.text


@pytest.mark.parametrize(("text", "mark", "there"), [
    ("数据不能出境，一万网络的 8 卡 H100 可以用吗", "❌", "新加坡"),
    ("hosting must be inside mainland China - can we use yiwan's H100 box?", "❌", "Singapore"),
    ("数据要留在境内，一万网络 A100 行吗", "✅", "深圳"),
    ("we need mainland China hosting, is yiwan's a100 ok?", "✅", "Shenzhen"),
])
def test_whether_the_named_providers_card_suits_the_rule(text: str, mark: str, there: str) -> None:
    """Asked of one provider's card under the rule: yes where that card is there (its A100 40G in Shenzhen), no
    where it sits elsewhere (its H100s in Singapore and Los Angeles), and where it is."""
    lead = first_lines(said(text), 1)
    assert lead.startswith(mark) and there in lead, lead


def test_the_rule_after_a_price_is_answered_by_the_place() -> None:
    me = ChatUser()
    me.say("一万网络 8 卡 H100 包月多少")
    me.say("合规要求数据不出境，一万网络这款 H100 还能用吗")
    lead = me.text.splitlines()[0]
    assert "❌" in lead and "新加坡" in lead, me.text
