"""Short follow-ups answered against the last answer (issue 18, item 2), in phrasings of our own in both
languages: a provider named alone after a FAQ answer asks that question there (CloudGPU boots in about 2
minutes and the boot is free, seed 002; gpuli's SSH comes in about 3); a card named alone after a question on
how a provider charges is that card's price there (CloudGPU's RTX 4090 $0.33/h billed by the minute, seed 002;
gpuli's 8×H100 ₮14,432/month, seed 000); "how many" after a sizing is the card count of its setup (14B full:
4 × A100 SXM with ZeRO-3, seed 000's table)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser, conversation, lead_lines


@pytest.mark.parametrize(("faq", "ask"), [
    ("how soon can i ssh in at gpuli", "and at cloudgpu?"),
    ("what's the ssh wait like on gpuli?", "what about over at cloudgpu then"),
    ("gpuli 下单后多久能连上 ssh", "那 cloudgpu 呢"),
    ("gpuli 开机要多久才能 ssh", "cloudgpu 那边呢？"),
])
def test_a_provider_alone_after_a_faq_answer_asks_it_there(faq: str, ask: str) -> None:
    lead = lead_lines(conversation(faq, ask), 2)
    assert ("2 min" in lead or "2 分钟" in lead) and "$0.33" not in lead, lead
    assert lead.splitlines()[1].lower().startswith("cloudgpu"), lead  # its part first, gpuli's after


@pytest.mark.parametrize(("faq", "ask", "own", "other"), [
    ("gpuli 能退款吗", "cloudgpu 呢", "预授权", "1 小时内"),
    ("can I get a refund at gpuli?", "how about cloudgpu", "pre-auth", "within 1 hour"),
    ("gpuli 有 nvlink 吗", "一万网络呢", "900GB/s", "SXM/OAM"),
    ("does gpuli have nvlink", "same question for yiwan", "900 GB/s", "SXM/OAM"),
])
def test_the_named_provider_leads_the_same_entry(faq: str, ask: str, own: str, other: str) -> None:
    text = conversation(faq, ask)
    assert own in text and other in text and text.index(own) < text.index(other), text
    assert "¥2800" not in text and "$0.33" not in text, text  # never that provider's price list


def test_a_provider_with_a_question_of_its_own_stands_alone() -> None:
    lead = lead_lines(conversation("how soon can i ssh in at gpuli", "cloudgpu 能退款吗"), 2)
    assert "预授权" in lead and "SSH" not in lead, lead


def test_a_question_the_faq_is_unsure_of_is_asked_again_at_the_provider_named() -> None:
    assert "¥2800" not in conversation("gpuli 能开发票吗", "一万网络呢")  # not Yiwan's price list


@pytest.mark.parametrize(("faq", "ask", "price"), [
    ("cloudgpu 的卡怎么计费", "4090", "$0.33"),
    ("how does cloudgpu bill?", "4090?", "$0.33"),
    ("how are cards charged at cloudgpu", "and an a6000?", "$0.44"),
    ("cloudgpu 是怎么扣费的", "那 3090 呢", "$0.21"),
    ("gpuli 怎么收费", "h100 呢", "₮14,432"),
    ("how am i billed at gpuli", "what about an a100", "₮899"),
])
def test_a_card_alone_after_a_billing_question_is_its_price_there(faq: str, ask: str, price: str) -> None:
    lead = lead_lines(conversation(faq, ask), 3)
    assert price in lead, lead


@pytest.mark.parametrize(("job", "ask"), [
    ("14b full finetune, which gpus", "how many"),
    ("which cards for a 14b full fine-tune?", "so how many then?"),
    ("14b full ft", "how many would it take?"),
    ("14b full finetune, which gpus", "number of cards?"),
    ("14b 全参 用啥卡", "要几张"),
    ("14b 全参微调", "几个卡？"),
])
def test_how_many_after_a_sizing_is_its_card_count(job: str, ask: str) -> None:
    lead = lead_lines(conversation(job, ask), 3)
    assert "4× A100" in lead or "4×A100" in lead, lead


@pytest.mark.parametrize("ask", ["how many?", "ok how many then", "要几张"])
def test_how_many_of_the_card_named(ask: str) -> None:
    lead = lead_lines(conversation("32b lora on a 4090", ask), 3)
    assert "8 cards" in lead or "8 张" in lead, lead


@pytest.mark.parametrize("text", ["how many hours", "how many tokens per second", "how many steps?"])
def test_how_many_of_another_noun_counts_no_cards(text: str) -> None:
    assert not parse(text).asks.count


@pytest.mark.parametrize(("text", "frame"), [
    ("and at cloudgpu?", True), ("那一万网络那边呢", True), ("what about an a100", True), ("那 h100 的话", True),
    ("cloudgpu 能退款吗", False), ("cloudgpu refunds?", False), ("cloudgpu 一周呢", False),
])
def test_a_follow_ups_frame_is_names_and_nothing_asked_of_its_own(text: str, frame: bool) -> None:
    assert parse(text).asks.frame_only is frame


# a card set against the last answer ("vs the a800?", "compared with an a800?", "比起 a800 呢") is that job on that card,
# never the FAQ entry its words score on (seed 002: CloudGPU A800 80G $1.09/h, 8 h = $8.72)
@pytest.mark.parametrize("versus", ["vs the a800?", "compared with an a800?", "versus the a800", "比起 a800 呢"])
def test_a_card_set_against_a_cost_reprices_the_job_on_it(versus: str) -> None:
    me = ChatUser()
    me.say("cloudgpu a100 80g, 8h qlora 70b – cost?")
    assert me.say(versus).kind == "cost" and "A800" in me.lines[0] and "$8.72" in me.lines[0], me.text


# two providers weighed with no card (not answered), then the card: the two questions read together, the cheaper
# one leading (seed 002: CloudGPU 4090 $0.33/h, 720 h = $237.60 a month; seed 000: gpuli ₮369 a month)
@pytest.mark.parametrize(("first", "card"), [("gpuli 同 CloudGPU 边间平啲", "4090"), ("gpuli 和 cloudgpu 哪家便宜", "那 4090 呢"),
                                             ("which is cheaper, gpuli or cloudgpu?", "for a 4090"),
                                             ("cloudgpu or gpuli, who's cheaper?", "4090")])
def test_a_card_after_providers_weighed_answers_which_is_cheaper(first: str, card: str) -> None:
    me = ChatUser()
    me.say(first)
    me.say(card)
    assert "CloudGPU" in me.lines[0] and "$237.60" in me.lines[0] and "₮369" in me.lines[0], me.text


# a comparison naming both its cards ("对比两个方案：A100 8 卡 … H100 8 卡") sets them against each other: a question
# of its own, never a change of an answer before (nor, first in a conversation, a sizing asking which model)
@pytest.mark.parametrize(("text", "lead"), [
    ("对比两个方案：一万网络 8 卡 A100 80G 整机（预估 2.5–4 万/月），和同一家的 H100 8 卡（8–12 万/月）。财务想按最低价 2.5 万来报 A100 那个方案的预算，这样可以吗？",
     "不建议按低端报预算"),  # seed 003: ¥25,000–40,000 an estimate, budgeted at ¥40,000
    ("Compared to 8x H100 at 一万网络 (80k-120k/month), the 8x A100 80G there is est. 25k-40k/month. Can finance budget "
     "the A100 plan at the low end, 25k?", "Not advisable to budget at the low end"),
])
def test_a_comparison_naming_both_cards_is_no_follow_up(text: str, lead: str) -> None:
    assert not parse(text).follow_up
    assert lead in lead_lines(conversation(text), 1)


@pytest.mark.parametrize("versus", ["比起 a800 呢", "vs the a800?", "相比 a100 40g 呢"])
def test_a_comparison_naming_one_card_still_points_back(versus: str) -> None:
    assert parse(versus).follow_up
