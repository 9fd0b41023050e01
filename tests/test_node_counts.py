"""Jobs on several machines (bot/understand/node_cards.py, bot/core/nodes_follow.py): a node count with the cards
in each ("2 nodes x 8 H100", "两台八卡", "three 8-gpu boxes") is nodes × cards, sized over all of them, priced as
that many machines plus InfiniBand per node at gpuli (₮600 a node-month, seed 000) and exported with the machines;
a follow-up that changes the node count ("三台呢", "what about 3 nodes") takes that many machines of the box just
discussed, the rest of the question kept. A budget weighed against such a rental with InfiniBand answered
"internal error" (the add-on had no name in the catalogs)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import conversation, lead_lines

ROOT = Path(__file__).resolve().parents[1]
WORDS = {2: "two", 3: "three", 4: "four"}
SAID = [
    "{n} nodes x {m} h100, 32b full",
    "32b 全参 {n} 台 {m} 卡 h100",
    "32b full on {n} machines of {m}x h100",
    "{n}x {m}xh100 nodes for 32b full",
    "{w} {m}-gpu boxes of h100, 32b full",
    "32b 全参 {n} 个节点 每个 {m} 张 h100",
    "gpuli {n} 台 {m}×H100 包月",
    "{m}x h100, {n} nodes, 32b full",
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(said=st.sampled_from(SAID), n=st.sampled_from([2, 3, 4]), m=st.sampled_from([2, 4, 8]))
def test_machines_by_cards_are_all_their_cards(said: str, n: int, m: int) -> None:
    text = said.format(n=n, m=m, w=WORDS[n])
    if said.startswith("{m}x") and m == n:
        return  # "2x h100, 2 nodes": the count may be the machines' own
    p = parse(text)
    assert (p.request.num_gpus, p.price.nodes) == (n * m, n), text


@pytest.mark.parametrize("text", ["8 h100s across 2 nodes, 32b lora", "32b lora 8 张 h100 分到 2 台"])
def test_a_count_spread_over_machines_stays_the_whole_jobs(text: str) -> None:
    assert parse(text).request.num_gpus == 8, text


def test_every_add_on_has_a_name_in_both_languages() -> None:
    strings = yaml.safe_load((ROOT / "catalogs/strings_reply.yaml").read_text(encoding="utf-8"))
    for path in (ROOT / "catalogs/providers").glob("*.yaml"):
        for add_on in yaml.safe_load(path.read_text(encoding="utf-8")).get("add_ons") or []:
            name = strings.get(f"price.addon_name.{add_on['id']}")
            assert name and name.get("zh") and name.get("en"), (path, add_on["id"])


@pytest.mark.parametrize(("turns", "verdict"), [
    (("gpuli 上租 2 台 8 卡 H100 一个月，手上 30000 USDT 够不够",), "不够"),
    (("gpuli 两台 8卡h100 包月 带 IB", "3 万 u 够不够"), "不够"),
    (("we have 30k usdt, enough for 2 nodes x 8 h100 at gpuli for a month with infiniband?",), "not enough"),
    (("gpuli, two nodes of 8x H100 for a month incl IB", "is a 30000 usdt budget enough?"), "not enough"),
])
def test_a_budget_against_two_machines_with_infiniband(turns: tuple[str, ...], verdict: str) -> None:
    reply = conversation(*turns)
    assert "错误编号" not in reply and "error id" not in reply, reply
    lead = lead_lines(reply)
    assert verdict in lead and "30,064" in lead, reply  # 2 × ₮14,432 + 2 × ₮600 over ₮30,000


@pytest.mark.parametrize("turns", [
    ("32B full fine-tune, two nodes of 8x H100, ZeRO-2, will it fit?",),
    ("32b 全参 zero2 2 台 8 卡 h100 能放下吗",),
    ("32b full 8x h100 zero-2", "what if we use 2 machines"),
    ("32b 全参 8卡 h100 zero2", "换成两台呢"),
])
def test_zero2_sized_over_sixteen_cards(turns: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns))
    # ZeRO-2 over 16 cards: 2 + 14/16 bytes a parameter, 92 GB of states a card (120 GB on 8 cards)
    assert "16" in lead and "92 GB" in lead and "ZeRO-2" in lead, lead


@pytest.mark.parametrize(("turns", "machines", "processes"), [
    (("deepspeed zero3 32b full, accelerate config for 3 nodes of 8 h100",), 3, 24),
    (("32b 全参 8 张 h100 zero3", "改两台", "导出 accelerate 配置"), 2, 16),
    (("32b full on 8x h100 with zero-3", "and on 2 machines?", "export the accelerate yaml"), 2, 16),
])
def test_exported_with_the_machines(turns: tuple[str, ...], machines: int, processes: int) -> None:
    reply = conversation(*turns)
    assert f"num_machines: {machines}" in reply and f"num_processes: {processes}" in reply, reply


@pytest.mark.parametrize(("turns", "total", "machines"), [
    (("gpuli 8卡 h200 包月", "三台呢"), "61,056", "3 台"),  # 3 × ₮19,752 + 3 × ₮600
    (("gpuli 2 nodes of 8x h100 monthly incl IB", "what about 3 nodes"), "45,096", "3 machines"),  # 3 × ₮14,432 + ₮1,800
    (("gpuli 两台八卡 h100 包月", "四台呢"), "60,128", "4 台"),  # 4 × ₮14,432 + 4 × ₮600, never 8 machines
    (("8x h100 at gpuli, one month", "2 nodes?", "with infiniband, total?"), "30,064", "2 machines"),
])
def test_a_node_count_changed_takes_that_many_of_the_box(turns: tuple[str, ...], total: str, machines: str) -> None:
    lead = lead_lines(conversation(*turns))
    assert total in lead and machines in lead, lead


def test_a_machine_of_four_cards_is_not_counted_twice() -> None:
    lead = lead_lines(conversation("gpuli 2 台 4 卡 a100 包月"))
    assert re.search(r"\b8\s*×\s*A100", lead) and "16×" not in lead, lead


@pytest.mark.parametrize(("turns", "total", "count"), [
    (("帮我看看 两台八卡的机器 包月要多少", "h200"), "40,704", "16"),  # 2 × ₮19,752 + 2 × ₮600 at gpuli
    (("8 张卡 租一个月多少钱", "h200"), "19,752", "8"),
    (("how much would 2 nodes of 8 gpus cost for a month", "h100"), "30,064", "16"),
    (("price for three 8-gpu boxes, monthly?", "h100 then"), "45,096", "24"),
])
def test_a_card_named_after_cards_counted_prices_those_cards(turns: tuple[str, ...], total: str, count: str) -> None:
    lead = lead_lines(conversation(*turns))
    assert total in lead and re.search(rf"(?<!\d){count}\s*×", lead), lead


@pytest.mark.parametrize("turns", [
    ("gpuli 2 nodes x 8 h100 monthly with IB", "back to 1 node"),
    ("gpuli 两台八卡h100 包月 带ib", "一台呢"),
])
def test_back_to_one_machine_is_one_box_without_the_link(turns: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns))
    assert "14,432" in lead and re.search(r"(?<!\d)8\s*×", lead) and "InfiniBand" not in lead, lead


@pytest.mark.parametrize("text", ["双节点 8 卡 h100 32b 全参", "two 8x H100 nodes for 72b full", "72b full ft on two 8xh100 nodes, fits?",
                                  "32b 全参 跑在 2 个节点上 每个 8 张 h100"])
def test_machines_beside_a_job_are_its_setup_not_a_network_question(text: str) -> None:
    p = parse(text)
    assert p.intent == "size" and p.request.num_gpus == 16, (text, p.intent, p.request.num_gpus)
    lead = lead_lines(conversation(text))
    assert "16" in lead and "InfiniBand" not in lead.splitlines()[0], lead


def test_the_link_asked_beside_the_machines_is_still_the_faqs() -> None:
    assert parse("32b 全参 两台八卡 h100 要配啥互联").intent == "faq"


@pytest.mark.parametrize(("turns", "total", "count"), [
    # one machine more than the setup answered: 2 × ₮14,432 + 2 × ₮600 of InfiniBand at gpuli (seed 000)
    (("32b 继续预训练 8卡h100 够不", "再加一个节点呢"), "30,064", "16"),
    (("gpuli 8卡h100 包月多少", "多加一台呢"), "30,064", "16"),
    (("32b continued pretraining on 8x h100, enough?", "add another node?"), "30,064", "16"),
    (("gpuli 8x h100 monthly", "and with one more machine?"), "30,064", "16"),
    (("gpuli 两台八卡h100 包月", "再加一台呢"), "45,096", "24"),  # two machines, then a third: 3 × (₮14,432 + ₮600)
])
def test_a_machine_added_is_one_more_box_of_the_last_setup(turns: tuple[str, ...], total: str, count: str) -> None:
    text = conversation(*turns)
    assert total in text and re.search(rf"(?<!\d){count}\s*×", lead_lines(text, 4)), text


def test_machines_stated_as_the_whole_add_none() -> None:
    """"那加两节点 IB 呢 两台一共" after an 8×H100 month states the whole: two machines (₮30,064 with IB at gpuli,
    seed 000), never two more added to the one priced."""
    from tests.chat_user import ChatUser

    me = ChatUser()
    me.say("boss wants to know the monthly for 8x h100 at gpuli")
    me.say("那加两节点 IB 呢 两台一共")
    assert "30,064" in "\n".join(me.lines[:3]) and "45,096" not in me.text, me.text
