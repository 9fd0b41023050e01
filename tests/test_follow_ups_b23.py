"""Follow-ups in a conversation (issue 18, blind sets 22 and 23), each a class of message:
- a provider named after a price is that rental at that provider, first; when it does not rent the setup
  (CloudGPU rents single cards, seed 002; no H100 there) that is said before the other prices;
- one training setting alone after a sizing ("fp16", "不开梯度检查点", "with flash attention") is that
  sizing changed, never the FAQ entry its word names; a question about the setting stays the FAQ's;
- "新问题：", "另外问下", "new question:" mark a message that stands alone, read without the marker;
- another tool's config after an export ("也给个 accelerate 的", "and the accelerate one") is that export;
- storage joined to a priced setup is that rental's total (seed 000: ₮14,432 + ₮160 + ₮15 = ₮14,607 for
  8×H100 with 2 TB of volume and 1 TB of object storage), which a budget asked next is weighed against;
- a change of the job after a setup's price keeps the price asked (8×H200 at gpuli, ₮19,752 a month);
- a count after the card and a comma ("a100 sxm，四张") is the count, never the "A100 SXM4" name;
- "那 4090 租一周呢" after a sizing prices that week; a rental asked right after an empty wallet is read
  is weighed against the empty wallet."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("first", "turn"), [
    ("8 卡 h100 gpuli 月租多少", "cloudgpu 上呢"),
    ("8x h100 monthly at gpuli?", "and at cloudgpu?"),
    ("gpuli 8卡 h100 一周", "那换成 cloudgpu"),
])
def test_a_provider_that_does_not_rent_the_setup_says_so_first(first: str, turn: str) -> None:
    lead = lead_lines(conversation(first, turn), 3)
    assert "CloudGPU" in lead.splitlines()[0] and ("不出租" in lead or "does not rent" in lead), lead
    assert "• gpuli: ₮" in lead  # the setup priced where it is rented still follows (₮14,432 / ₮4,172)


@pytest.mark.parametrize(("first", "turn", "price"), [
    ("gpuli 4090 一周多少", "换 cloudgpu 呢", "$55.44"),
    ("4090 for a week at cloudgpu", "what about gpuli?", "₮109"),
])
def test_a_provider_that_rents_it_is_priced_first(first: str, turn: str, price: str) -> None:
    lead = lead_lines(conversation(first, turn), 2)
    assert price in lead.splitlines()[1], lead


@pytest.mark.parametrize(("first", "turn", "job"), [
    ("14b qlora 要多少显存", "fp16", "14B QLoRA"),
    ("14b qlora 要多少显存", "不开梯度检查点呢", "14B QLoRA"),
    ("how much vram for 8b lora", "with flash attention", "8B LoRA"),
    ("how much vram for 8b lora", "8bit adam then", "8B LoRA"),
])
def test_a_bare_setting_after_a_sizing_sizes_it_again(first: str, turn: str, job: str) -> None:
    lead = lead_lines(conversation(first, turn), 2)
    assert job in lead and "GB" in lead, lead


@pytest.mark.parametrize("turn", ["bf16 还是 fp16？", "should I use bf16 or fp16?", "offload 是什么"])
def test_a_question_about_the_setting_is_not_a_change(turn: str) -> None:
    assert not parse(turn).cues.setting_only
    lead = lead_lines(conversation("7b lora 要多少显存", turn), 2)
    assert "7B LoRA" not in lead


@pytest.mark.parametrize("turn", ["新问题：gpuli 有没有 IB", "另外问下 gpuli 有 InfiniBand 吗",
                                  "new question: does gpuli offer InfiniBand?"])
def test_a_new_question_marker_stands_alone(turn: str) -> None:
    assert parse(turn).cues.fresh
    for said in (conversation("7b qlora 4090 够吗", turn), conversation(turn)):
        assert "DFW" in said and "ORD" in said, said


@pytest.mark.parametrize(("turns", "file_key"), [
    (("14b 全参 几张卡", "导出 ds 配置", "也给个 accelerate 的"), "distributed_type"),
    (("14b full fine-tune, how many gpus", "export a deepspeed config", "and the accelerate one"), "distributed_type"),
])
def test_another_tools_config_after_an_export(turns: tuple[str, ...], file_key: str) -> None:
    assert file_key in conversation(*turns)


@pytest.mark.parametrize("turn", ["accelerate 要不要装", "accelerate 是什么"])
def test_a_tool_asked_about_is_no_export(turn: str) -> None:
    assert not parse(turn).asks.export


@pytest.mark.parametrize(("turns", "verdict"), [
    (("gpuli 8卡h100 32b 全参", "包月多少", "再加 2T 存储卷 和 1T 对象存储", "预算 14500u 够吗"), "不够"),
    (("32b full fine-tune on 8x h100 at gpuli", "monthly cost?", "plus a 2TB volume and 1TB object storage",
      "is a 15000 usdt budget enough?"), "enough"),
])
def test_storage_joined_to_a_priced_setup_is_its_total_and_a_budget_weighs_it(turns: tuple[str, ...], verdict: str) -> None:
    total = lead_lines(conversation(*turns[:3]), 2)
    assert "₮14,607" in total, total
    lead = lead_lines(conversation(*turns), 2)
    assert verdict in lead and "₮14,607" in lead, lead


@pytest.mark.parametrize("turns", [
    ("72b 全参 8卡h100 offload", "gpuli 一个月多少", "那换 8卡 h200 不开 offload"),
    ("72b full on 8x h100 with offload", "how much per month at gpuli?", "what about 8x h200 without offload"),
])
def test_a_change_after_a_setup_price_keeps_the_price(turns: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 3)
    assert "₮19,752" in lead and "H200" in lead, lead


@pytest.mark.parametrize(("text", "count"), [("a100 sxm，四张，月租啥价", 4), ("A100 SXM, 4 cards, monthly?", 4),
                                             ("a100 sxm 2张 一周", 2), ("a100 sxm4 月租", None)])
def test_a_count_after_the_form_factor_is_the_count(text: str, count: int | None) -> None:
    p = parse(text)
    assert p.request.gpu == "a100-80g-sxm" and p.request.num_gpus == count


def test_four_a100_sxm_are_priced_as_four() -> None:
    assert "₮4,308" in lead_lines(conversation("a100 sxm，四张，包月什么价"), 3)


@pytest.mark.parametrize(("first", "turn"), [("7b qlora 要多少显存", "那 4090 租一周呢"),
                                             ("how much vram for 7b qlora", "what about renting a 4090 for a week")])
def test_a_rental_asked_after_a_sizing_is_priced(first: str, turn: str) -> None:
    said = conversation(first, turn)
    assert "₮109" in said and "$55.44" in said, said


@pytest.mark.parametrize(("first", "turn", "short"), [("我钱包余额多少", "那能租 4090 一周吗", "不够"),
                                                      ("what's my wallet balance", "can I rent a 4090 for a week then?", "Not enough")])
def test_a_rental_asked_after_an_empty_wallet_is_weighed_against_it(first: str, turn: str, short: str) -> None:
    said = conversation(first, turn)
    assert short in lead_lines(said, 1) and "₮109" in said, said


def test_a_rental_asked_with_no_wallet_before_is_a_price() -> None:
    lead = lead_lines(conversation("那能租 4090 一周吗"), 1)
    assert "不够" not in lead and lead.startswith("💰")


@pytest.mark.parametrize(("first", "turn"), [("72b full on 8x h100", "monthly at gpuli?"), ("72b full on 8x h100", "gpuli monthly?"),
                                             ("8x h100 weekly price", "monthly at gpuli?"), ("72b 全参 8卡h100", "在 gpuli 包月呢")])
def test_a_term_at_a_named_provider_prices_the_last_setup_there(first: str, turn: str) -> None:
    lead = lead_lines(conversation(first, turn), 2)
    assert "gpuli" in lead and "₮14,432" in lead, lead


def test_a_term_with_a_subject_of_its_own_stays_a_question() -> None:
    assert not parse("gpuli 年付有折扣吗").cues.term_frame
