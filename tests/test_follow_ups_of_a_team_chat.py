"""Follow-ups and wallet questions as a Hong Kong team types them, each answered against the answer before it:

- a card given by its memory alone after a sizing ("一张 48G 的行不行", "would a 48gb card do?"): the job on the
  cheapest card of that memory (bot.views.memory_cheapest), the verdict first (72B QLoRA's ~54 GB on 48 GB: no);
- "which card would you pick instead" after a "tight": the card that holds the job, never the out-of-scope line;
- one machine more with its link ("and a second node with IB?", "加多一台跨机要加几钱"): two machines of the box
  priced, the storage volume added before kept, InfiniBand at ₮600 a node-month (seed 000);
- a run timed from its measured step ("80k listings, 2 epochs, bs 4, accum 4, 1.5 s a step"): 10,000 steps, 4.17 h;
- money put in, then what a rental leaves ("充了 500 USDT，4090 包月之后还剩多少"): ₮500 − ₮369 = ₮131, the
  card's digits never read as a second amount; an order from the wallet with no provider quotes each at the
  form the order takes there (gpuli's A100 80GB PCIe at ₮899);
- a ZeRO stage wished for after the question ("zero-2 would be nice"): that stage's verdict, ZeRO-3's 64 GB beside;
  LoRA in bf16 asked "does a 24gb card cut it": the LoRA sizing, never the bf16-or-fp16 entry."""

from __future__ import annotations

import re

import pytest

from bot.understand.parser import parse
from bot.understand.script import simplified
from tests.chat_user import conversation, lead_lines

NO = re.compile(r"does not fit|装不下|❌")


@pytest.mark.parametrize("asked", ["一张 48G 的行不行", "一張 48G 嘅得唔得", "48G 的卡够不够", "would a 48gb card do?",
                                   "what about one 48GB card?"])
def test_a_card_given_by_its_memory_is_the_cheapest_card_of_it(asked: str) -> None:
    text = conversation("72b qlora 要什么卡", asked)
    lead = lead_lines(text, 2)
    assert NO.search(lead) and "A6000" in lead and "48 GB" in lead, text
    assert "53.6 GB" in lead, text


def test_two_cards_of_a_memory_shard_the_job() -> None:
    lead = lead_lines(conversation("72b qlora 要什么卡", "2 张 48G 的行不行"), 1)
    assert "2×RTX A6000" in lead and "✅" in lead, lead


def test_the_cantonese_a_not_a_ask_is_mandarin_s() -> None:
    assert simplified("一张 48G 嘅得唔得") == "一张 48G 的行不行"
    assert simplified("我哋得一万蚊") == "我们只有一万块"  # 得 before an amount: only have


@pytest.mark.parametrize("asked", ["ok so which card would you pick instead", "那你会选哪张卡", "which gpu would you suggest then"])
def test_the_card_picked_instead_is_one_that_holds_the_job(asked: str) -> None:
    text = conversation("7b lora bf16 on a 4090?", asked)
    lead = lead_lines(text, 2)
    assert "outside what I do" not in text and "A6000" in lead and "48 GB" in lead, text


@pytest.mark.parametrize(("turns", "total"), [
    (("8x H100 monthly?", "plus a 2TB storage volume?", "and a second node with IB?"), "₮30,224"),
    (("8卡H100 跑一個月連 2T 存儲卷幾錢", "加多一台跨機要加幾錢"), "₮30,224"),
    (("8x H100 monthly?", "one more node with infiniband?"), "₮30,064"),
    (("gpuli 8卡h100 包月多少", "再加一台 跨节点训练 多少钱"), "₮30,064"),
])
def test_one_machine_more_is_two_of_the_box_with_their_link(turns: tuple[str, ...], total: str) -> None:
    text = conversation(*turns)
    lead = lead_lines(text, 2)
    assert "16×" in lead.replace("× ", "×") and total in lead and "₮1,200" in lead, text


def test_a_repeat_purchase_is_no_node_added() -> None:
    assert not parse("那第二台 A100 月付多少").cues.nodes_added
    assert not parse("what about a second machine at gpuli?").cues.nodes_added
    assert parse("and a second node with IB?").cues.nodes_added == 1


@pytest.mark.parametrize("asked", ["how long for 2 epochs on 80k listings? step time 1.5s, bs 4, accum 4",
                                   "80k records, 2 epochs, bs 4 accum 4, 1.5 s a step, how long?"])
def test_a_run_timed_by_its_step_counts_the_data_by_its_noun(asked: str) -> None:
    run = parse(asked).run
    assert run is not None and run.samples == 80000 and run.steps == 10000
    lead = lead_lines(conversation("14b qlora 4090 ok?", asked), 1)
    assert "4.17 h" in lead and "10,000 steps" in lead, lead


@pytest.mark.parametrize("asked", ["充咗 500 USDT，4090 包月之後仲剩幾多", "充了 500 USDT，4090 包月之后还剩多少",
                                   "we topped up 500 USDT, how much is left after a 4090 month?"])
def test_what_a_top_up_leaves_after_a_rental(asked: str) -> None:
    lead = lead_lines(conversation(asked), 1)
    assert "₮131" in lead and "₮369" in lead, lead


def test_a_top_up_said_alone_is_still_recorded() -> None:
    assert "+₮500.00" in conversation("充了 500 USDT 到 gpuli")


@pytest.mark.parametrize("asked", ["帮我租 A100 80G 一个月，从余额扣", "rent an a100 80g for a month from my balance"])
def test_an_order_with_no_provider_quotes_the_form_it_would_take(asked: str) -> None:
    text = conversation(asked)
    assert "gpuli ₮899.00" in text and "₮1,595" not in text, text


@pytest.mark.parametrize("asked", ["on eight H100s would a full finetune of a 32b fit? zero-2 would be nice, zero-3 is slow for us",
                                   "32b full ft on 8 h100, does it fit? ideally zero-2"])
def test_the_stage_wished_is_the_one_sized(asked: str) -> None:
    lead = lead_lines(conversation(asked), 3)
    assert "(ZeRO-2)" in lead and "120 GB" in lead and "64 GB" in lead, lead


@pytest.mark.parametrize("asked", ["lora on 7b but we want bf16 not 4bit. does a 24gb card cut it?",
                                   "7b lora in bf16, would a 24gb card cut it", "7b lora 用 bf16 不要 4bit，24G 的卡够吗"])
def test_lora_in_bf16_is_sized_never_the_precision_entry(asked: str) -> None:
    lead = lead_lines(conversation(asked), 1)
    assert "7B LoRA" in lead and "QLoRA" not in lead and "24 GB" in lead and "18.6–26.4 GB" in lead, lead


def test_whether_bf16_saves_memory_is_still_the_faq_s() -> None:
    assert parse("does bf16 cut memory for a 14b lora?").intent == "faq"
