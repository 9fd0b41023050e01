"""A FAQ detour inside a job conversation (issue 18): the follow-up after it answers against the right answer, in
phrasings of our own in both languages. Words that return to the job ("回到刚才", "going back to the earlier one")
change the job under the FAQ answer (gpuli's RTX 4090 week ₮109, Yiwan's A100 40G year prepaid ¥2,800 × 12 × 0.8 =
¥26,880); a card said alone after a FAQ answer that is the same for every card changes the job's card (CloudGPU's
4090 48G, 8 h × $0.65 = $5.20); after a FAQ answer about a card's feature it asks that feature of the card named
(NVLink on the A6000: bridged in pairs; the 8×A100 box's bandwidth: 10 Gbps; the H100 box's IB: 400G). An add-on
said after a job's cost is added to the setup it priced (gpuli 8×H100 month ₮14,432 + 2,000 GB ₮160; two nodes
with InfiniBand 2 × ₮14,432 + 2 × ₮600 = ₮30,064)."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("turns", [
    ("7b qlora 4090 gpuli 多少", "gpuli 到期会提醒吗", "回到刚才那个 一周的多少"),
    ("7b qlora on a 4090 at gpuli, how much?", "do they remind me before it expires at gpuli?",
     "going back to the earlier one, what about a week?"),
    ("gpuli 4090 7b qlora 要花多少", "到期前会通知吗", "说回之前那个 包周呢"),
])
def test_return_words_after_a_faq_detour_change_the_job_beneath(turns: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns))
    assert "₮109" in lead and "7B" in lead, lead


@pytest.mark.parametrize(("turns", "year"), [
    (("一万网络 a100 40g 月付", "一万网络 故障多久迁移", "回到刚才 年付多少"), "26,880"),
    (("一万网络 a100 40g 月付", "一万网络 能开发票吗", "说回刚才那个 年付多少"), "26,880"),
    (("yiwan a100 40g monthly", "does yiwan migrate on hardware failure?", "back to the earlier quote, yearly?"), "26,880"),
])
def test_return_words_reprice_the_rental_beneath_for_the_term(turns: tuple[str, ...], year: str) -> None:
    lead = lead_lines(conversation(*turns))
    assert year in lead, lead


@pytest.mark.parametrize(("turns", "price"), [
    (("@KaSuan 32b qlora cloudgpu a6000 8小时多少", "顺便问下 销毁后 checkpoint 还在吗", "嗯 那换 4090 48g 呢"), "$5.20"),
    (("32b qlora cloudgpu a6000 8 hours cost", "does the checkpoint survive destroying the instance?",
      "ok what about a 4090 48g then"), "$5.20"),
    (("32b qlora cloudgpu a6000 8小时多少", "能用支付宝吗", "那换 a100 80g 呢"), "$11.92"),
])
def test_a_card_after_a_faq_the_same_for_every_card_changes_the_job(turns: tuple[str, ...], price: str) -> None:
    lead = lead_lines(conversation(*turns))
    assert price in lead and "32B" in lead, lead


@pytest.mark.parametrize(("turns", "words"), [
    (("gpuli 4090 周租", "多卡能 nvlink 吗", "那 a6000 呢"), ("桥接", "两张")),
    (("gpuli a6000 weekly", "can 4090s at gpuli use nvlink together?", "what about the a6000"), ("bridged", "two")),
    (("一万网络 a100 40g 带宽多少", "8卡 a100 80g 那台呢"), ("10Gbps",)),
    (("yiwan a100 40g bandwidth?", "and the 8x a100 80g box?"), ("10 Gbps",)),
    (("一万网络 有 ib 吗", "h100 那套"), ("400G",)),
    (("yiwan has infiniband?", "the h100 one"), ("400G",)),
])
def test_a_card_after_a_faq_on_a_card_feature_asks_that_feature_of_it(turns: tuple[str, ...],
                                                                       words: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns))
    assert all(w in lead for w in words), lead
    assert "₮" not in lead.splitlines()[0] and "$" not in lead.splitlines()[0], lead  # no price answered instead


@pytest.mark.parametrize(("turns", "total"), [
    (("bf16 和 fp16 用哪个", "32b full ft 8卡 h100 gpuli monthly 多少", "加 2000g volume 呢"), "₮14,592"),
    (("32b full ft 8x h100 gpuli monthly", "add a 2000g volume?"), "₮14,592"),
    (("qlora 掉点 多不多", "32b full ft 8卡 h100 gpuli monthly", "加 IB 两个 node 呢"), "₮30,064"),
    (("32b 全参 8卡 h100 gpuli 包月", "再加 IB 两台呢"), "₮30,064"),
])
def test_an_add_on_after_a_job_cost_is_added_to_its_setup(turns: tuple[str, ...], total: str) -> None:
    lead = lead_lines(conversation(*turns))
    assert total in lead, lead


@pytest.mark.parametrize("turns", [
    ("8卡 a100 pcie 和 sxm 差在哪", "zero3 用哪个"),
    ("max_seq_len 一般设多少", "8卡 a100 pcie 和 sxm 差在哪", "那跑 zero3 选哪个"),
    ("pcie vs sxm a100, what should the contract say?", "which one for zero3 then?"),
])
def test_which_one_after_a_faq_comparing_two_is_that_comparisons_answer(turns: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns))
    assert "SXM" in lead and ("PCIe" in lead or "pcie" in lead.lower()), lead
    assert "16/N" not in lead, lead  # not the ZeRO stages entry


def test_a_bare_card_after_a_faq_naming_it_as_an_example_is_not_that_faq_again() -> None:
    # the ₮ currency answer names the RTX 4090's month only as an example: the 4090 next is the wallet's runway
    lead = lead_lines(conversation("钱包还有 800", "gpuli", "4090"))
    assert "2 个月" in lead and "USDT" not in lead, lead
