"""A job changed after its setup was priced keeps the card the user named and says whether it still holds the
job: "14b qlora 4090 够不够", "gpuli 一周多少", then "换成 lora 不量化呢" leads with the 4090 no longer fitting
(about 36–38 GB a card against 24 GB), then the setup that does and its price for the same week. 72B full
without offload is seed 000's single machine, 8×H200 with an 8-bit optimizer (gpuli ₮19,752 a month), never
32×H100 across four nodes. A deadline asked after a run's time says the run's length (seed 000: about 1.5 h
for 32B full, 2,000 万 token × 3 epochs on 8×H100). Prices from the seeds through catalogs/providers."""

from __future__ import annotations

import pytest

from tests.chat_user import first_lines, said


@pytest.mark.parametrize(("turns", "named", "pick", "price"), [
    (("qwen2.5 14b qlora 4090 够不够", "gpuli 一周多少", "换成 lora 不量化呢"), "4090", "RTX A6000", "₮115"),
    (("14b qlora 一张 4090 行吗", "gpuli 包周多少钱", "那用 lora 呢"), "4090", "RTX A6000", "₮115"),
    (("7b qlora 4090 够不够", "gpuli 一个月多少", "模型换成 32b 呢"), "4090", "RTX A6000", "₮389"),
    (("14b qlora on a 4090 enough?", "gpuli weekly price?", "what about plain lora, no quantization"),
     "4090", "RTX A6000", "₮115"),
    (("7b qlora on one 4090, ok?", "how much a month at gpuli", "and 32b?"), "4090", "RTX A6000", "₮389"),
])
def test_the_named_card_no_longer_fitting_leads(turns: tuple[str, ...], named: str, pick: str, price: str) -> None:
    me = said(*turns)
    lead = first_lines(me, 1)
    assert ("装不下" in lead or "no longer fits" in lead) and named in lead and "24 GB" in lead, me.text
    assert pick in lead and "48 GB" in lead, me.text
    assert price in me.text, me.text


@pytest.mark.parametrize("turns", [
    ("7b 全参 一张 a100 80g 8bit优化器 放得下吗", "gpuli 一周多少", "不开 8bit 呢"),
    ("7b full fine-tune one a100 80g with 8bit adam, fits?", "how much per week at gpuli?", "and without 8bit?"),
])
def test_adamw_says_its_model_states_against_the_card(turns: tuple[str, ...]) -> None:
    me = said(*turns)
    lead = first_lines(me, 1)
    assert "112 GB" in lead and "80 GB" in lead and "MI300X" in lead, me.text  # 16 bytes × 7B against 80 GB
    assert "₮489" in me.text, me.text


@pytest.mark.parametrize("turns", [
    ("72b全参 8卡h100 offload 行吗", "一个月多少", "不想 offload 呢"),
    ("72b 全参 8张 h100 开 offload 可以吗", "gpuli 包月多少钱", "不开 offload 呢"),
    ("72b full 8x h100 with offload ok?", "monthly?", "no offload then?"),
])
def test_without_offload_is_one_machine_as_the_seed_rents_it(turns: tuple[str, ...]) -> None:
    me = said(*turns)
    lead = first_lines(me, 3)
    assert "H200" in lead and "8-bit" in lead, me.text
    assert "₮19,752" in me.text and "32×H100" not in lead and "32× H100" not in lead, me.text


@pytest.mark.parametrize(("turns", "yes", "time"), [
    (("32b全参 2000万token 3个epoch 8卡h100 要多久", "周五前能训完吗"), "能", "1.5 小时"),
    (("32b 全参 2000万 token 训 3 轮 用 8 张 h100 多久能跑完", "这周五之前来得及吗"), "能", "1.5 小时"),
    (("32b full 20M tokens 3 epochs on 8 h100 how long", "can it finish by friday?"), "Yes", "1.5 h"),
])
def test_a_deadline_after_a_time_says_the_run_length(turns: tuple[str, ...], yes: str, time: str) -> None:
    me = said(*turns)
    lead = first_lines(me, 3)
    assert yes in lead and time in lead, me.text


@pytest.mark.parametrize(("turns", "note_has"), [
    # 7B bf16 LoRA on a 24 GB card: 18.6–26.4 GB, most likely 20.6 GB (tight: the high end does not fit)
    (("7b qlora 4090 够不", "那要花好多钱", "换成bf16 lora呢"), ("偏紧", "20.6 GB", "24 GB", "RTX 4090")),
    (("7b qlora 一张 4090 行吗", "一个月多少钱", "改成 lora 不量化呢"), ("偏紧", "20.6 GB", "24 GB", "RTX 4090")),
    (("7b qlora on a 4090, enough?", "how much is that", "switch to bf16 lora?"), ("tight", "20.6 GB", "24 GB", "RTX 4090")),
])
def test_a_job_changed_after_its_price_says_when_the_card_named_is_tight(turns: tuple[str, ...],
                                                                         note_has: tuple[str, ...]) -> None:
    """The price of the changed job still leads (the rule of earlier sessions' tests); a card that only just holds
    it is said below the price, with its figures."""
    me = said(*turns)
    assert any(all(word in line for word in note_has) for line in me.lines), me.text
    assert "$0.33" in first_lines(me, 3) or "₮369" in first_lines(me, 3), me.text


@pytest.mark.parametrize("turns", [
    ("7b lora on a 4090, enough?", "how much per month", "what about qlora"), ("7b lora 4090 够不", "包月多少", "换 qlora 呢"),
])
def test_a_job_changed_that_still_fits_with_room_is_priced_first(turns: tuple[str, ...]) -> None:
    me = said(*turns)
    assert "$0.33" in me.text or "₮369" in me.text, me.text  # the named card is still what is priced (seed 000 / 002)
