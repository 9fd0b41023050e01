"""A short follow-up that points at one of the options the last answer listed, and follow-ups that change
one dimension or supply the missing piece of the question before.

- Options: an answer pricing two cards ("a6000 和 4090 48g 各多少钱一小时", "gpuli 4090 vs 5090 monthly"),
  or a price asked again of another card ("gpuli 4090 包周多少" then "那 5090 呢"), remembers the cards in
  order; "第二个跑 3 小时呢", "the cheaper one, 8 hours?", "贵的那个", "the first one monthly?" pick one
  (by place, by the lowest list rate per card-hour at the provider asked, or by memory), and the rest of the
  message changes that option: CloudGPU's 4090 48G for 3 hours is $1.95 (3 × $0.65), its A800 for 8 hours
  $8.72, its A100 80G for 3 hours $4.47; gpuli's 5090 week ₮149, its 4090 month ₮369 (seeds 000 and 002).
- A sizing lists the least setup and the reference table's roomy one (seed 000): "宽裕点的呢", "the second
  one", "the roomier one?" after 14B full at gpuli price 4 × H100 (₮7,444 a month), after 32B full 8 × H100
  (₮14,432).
- "年付呢 大概多少" after a month of 一万网络's 8 × H100 is that box for a year (¥816,000–1,224,000 with the
  15% annual discount), not the FAQ entry on discounts.
- "qlora 要多少显存" (the FAQ answers it for 70B) then "qwen3 8b": Qwen3-8B QLoRA (12.3 GB), not LoRA.
- A model change that says the method again ("thx, what about llama 3.3 70b qlora" after 8B QLoRA on a 4090)
  changes the model alone: the 4090 asked about stays and the verdict on it leads (no: 70B QLoRA needs 45-58 GB,
  seed 000), the 80 GB card that holds it next (session 26 reversed the "fitted anew" reading: the question
  was about that card); another method with it ("那 70b 全参呢") is a new job, fitted anew.
"""

from __future__ import annotations

import pytest

from bot.understand.option_ref import option_chosen
from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("first", "then", "figure", "card"), [
    ("a6000 和 4090 48g 在 cloudgpu 各多少钱一小时", "第二个跑 3 小时呢", "$1.95", "4090 48GB"),
    ("cloudgpu 上 a6000 跟 4090 48g 每小时各多少", "后者 跑3小时多少钱", "$1.95", "4090 48GB"),
    ("cloudgpu a6000 and 4090 48g, hourly price each?", "the second one for 3 hours?", "$1.95", "4090 48GB"),
    ("cloudgpu a6000 and 4090 48g, hourly price each?", "the latter, 3 hours", "$1.95", "4090 48GB"),
    ("a6000 和 4090 48g 在 cloudgpu 各多少钱一小时", "第一个跑 3 小时呢", "$1.32", "A6000"),
    ("a800 vs a100 80g at cloudgpu per hour", "the cheaper one, 8 hours?", "$8.72", "A800"),
    ("a800 vs a100 80g at cloudgpu per hour", "the pricier one for 3 hours", "$4.47", "A100 80GB"),
    ("cloudgpu 的 a800 和 a100 80g 每小时多少", "贵的那个跑 3 小时多少钱", "$4.47", "A100 80GB"),
    ("cloudgpu 的 a800 和 a100 80g 每小时多少", "便宜的那个 跑 8 小时", "$8.72", "A800"),
    ("cloudgpu 4090 and a6000 per hour", "the roomier one for 3 hours", "$1.32", "A6000"),
    ("gpuli 4090 vs 5090 monthly", "the second one weekly?", "₮149", "5090"),
    ("gpuli 4090 和 5090 包月各多少", "第二个包周呢", "₮149", "5090"),
])
def test_an_option_of_the_answer_is_picked_and_changed(first: str, then: str, figure: str, card: str) -> None:
    head = lead_lines(conversation(first, then), 2)
    assert figure in head and card in head, head


@pytest.mark.parametrize(("first", "then", "figure", "card"), [
    ("what are cloudgpu's 48gb options per hour", "the cheaper one, 8 hours?", "$3.52", "A6000"),
    ("cloudgpu 48g 的卡每小时多少", "便宜的那个跑 8 小时", "$3.52", "A6000"),
    ("cloudgpu 48g 的卡每小时多少", "第二个跑 3 小时多少钱", "$1.95", "4090 48GB"),
])
def test_a_card_from_a_provider_s_list_by_memory_is_an_option(first: str, then: str, figure: str, card: str) -> None:
    head = lead_lines(conversation(first, then), 2)
    assert figure in head and card in head, head


@pytest.mark.parametrize("turns", [
    ("gpuli 4090 包周多少", "那 5090 呢", "第一个包月呢"),
    ("gpuli 4090 weekly?", "and the 5090?", "the first one monthly?"),
    ("gpuli 4090 一周多少钱", "5090 呢", "前者包月多少"),
])
def test_cards_asked_one_after_another_are_options_too(turns: tuple[str, ...]) -> None:
    head = lead_lines(conversation(*turns), 2)
    assert "₮369" in head and "4090" in head, head


@pytest.mark.parametrize(("first", "then", "figure"), [
    ("14b 全参 gpuli", "the second one 呢 宽裕的那个多少", "₮7,444"),
    ("14b 全参 gpuli", "第二个呢", "₮7,444"),
    ("14b full fine-tune at gpuli", "the roomier one?", "₮7,444"),
    ("14b 全参 gpuli", "宽裕点的呢", "₮7,444"),
    ("32b 全参 gpuli 最便宜多少", "宽裕点的呢", "₮14,432"),
    ("32b full finetune at gpuli, cheapest?", "the second option?", "₮14,432"),
])
def test_a_sizing_s_second_option_is_the_reference_table_s_roomy_setup(first: str, then: str, figure: str) -> None:
    text = conversation(first, then)
    assert figure in lead_lines(text, 4) and "H100" in lead_lines(text, 4), text


def test_the_first_option_of_a_sizing_is_its_least_setup() -> None:
    text = conversation("14b 全参 gpuli", "the first one?")
    assert "₮4,308" in lead_lines(text, 4) and "A100" in lead_lines(text, 4), text


@pytest.mark.parametrize(("first", "then"), [
    ("cloudgpu 上 70b qlora 能用哪些卡", "便宜的那个跑 8 小时多少"),
    ("which cards can run 70b qlora at cloudgpu", "the cheaper one for 8 hours?"),
])
def test_the_cheaper_option_of_a_sizing_is_priced_for_the_span(first: str, then: str) -> None:
    assert "$8.72" in lead_lines(conversation(first, then), 3)  # CloudGPU's A800 80G, 8 × $1.09


@pytest.mark.parametrize(("first", "then", "figure"), [
    ("一万网络 h100 8卡 月付", "年付呢 大概多少", "¥816,000"),
    ("一万网络 h100 8卡 月付", "yearly then, roughly?", "¥816,000"),
    ("gpuli 4090 包月", "年付的话大约多少钱", "₮4,428"),
])
def test_a_term_asked_roughly_is_the_same_rental_for_that_term(first: str, then: str, figure: str) -> None:
    head = lead_lines(conversation(first, then), 2)
    assert figure in head, head


@pytest.mark.parametrize(("first", "then", "lead"), [
    ("qlora 要多少显存", "qwen3 8b", "Qwen3-8B QLoRA"),
    ("how much vram does qlora need", "llama 3.1 8b", "Llama-3.1-8B QLoRA"),
    ("做 qlora 需要多大显存", "那 qwen3 8b 呢", "Qwen3-8B QLoRA"),
])
def test_a_model_completes_the_question_the_faq_answered(first: str, then: str, lead: str) -> None:
    head = lead_lines(conversation(first, then), 2)
    assert lead in head and ("12.3 GB" in head or "11.2 GB" in head), head


@pytest.mark.parametrize(("text", "option"), [
    ("第二个跑 3 小时呢", "2"), ("the cheaper one, 8 hours?", "cheaper"), ("贵的那张呢", "pricier"),
    ("后者呢", "last"), ("the latter for a week", "last"), ("option 2 monthly", "2"), ("最后那个包月多少", "last"),
    ("那个便宜点的呢", "cheaper"), ("the roomier one?", "roomier"), ("第一个包月呢", "1"),
])
def test_a_pointer_at_an_option_is_read_and_taken_out(text: str, option: str) -> None:
    rest, found = option_chosen(text)
    assert found == option and (rest != text or option == "roomier"), (rest, found)


@pytest.mark.parametrize(("text", "figure"), [
    ("14b 全参 想要宽裕点的配置", "₮7,444"), ("14b 全参 宽裕点的配置 gpuli", "₮7,444"), ("32b 全参 宽裕一点的配置", "₮14,432"),
])
def test_a_roomy_setup_asked_on_its_own_stays_a_roomy_sizing(text: str, figure: str) -> None:
    assert figure in lead_lines(conversation(text), 3)


@pytest.mark.parametrize("text", [
    "which is the cheaper one, a100 or h100", "有没有便宜点的", "the first fine-tune", "8张卡，第一个问题是",
    "4090 和 5090 哪个便宜", "第一个月多少钱", "第二个星期还要续吗",
    # a superlative asks for the cheapest plan of the job, a question of its own
    "最便宜的方案", "cheapest gpu to fine-tune a 7b?", "最便宜的配置是啥", "the cheapest setup?",
])
def test_a_message_pointing_at_no_option_is_left_alone(text: str) -> None:
    assert option_chosen(text) == (text, None)


@pytest.mark.parametrize(("first", "then"), [
    ("qwen3 8b qlora on a 4090 ok?", "thx, what about llama 3.3 70b qlora"),
    ("qwen3 8b qlora 一张4090够吗", "那 70b qlora 呢"),
])
def test_a_model_changed_with_its_method_said_again_is_judged_on_the_card_asked(first: str, then: str) -> None:
    head = lead_lines(conversation(first, then), 2)
    assert head.startswith("❌") and "4090" in head.splitlines()[0] and "80GB" in head and "70B QLoRA" in head, head
