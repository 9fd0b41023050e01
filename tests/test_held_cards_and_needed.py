"""Cards a team already holds, asked whether they are enough, get the fit verdict on those cards (not a rental
search for them); yes/no questions about a sizing or a price band lead with their answer.

Figures from the seeds: seed 000 sizes 7B full fine-tuning with the 8-bit optimizer at 70 GB of model states on
one 80 GB card (AdamW: 16 bytes per parameter, 112 GB, does not fit), 32B full fine-tuning on 8 × 80 GB with
ZeRO-3, 7B LoRA at 20–26 GB with an RTX 5090 (32 GB) as the table's card, QLoRA 20–40% slower than bf16 LoRA;
seed 003 quotes 一万网络's 8 × A100 80G server as an estimate, ¥25,000–40,000 a month."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import first_lines, said

VERDICT = ("✅", "⚠️", "❌")


# ---------------------------------------------------------------- cards held, asked whether enough
def test_cards_held_for_a_month_get_the_fit_not_a_rental_search_en() -> None:
    me = said("Our lab has one 80 GB H100 booked for the whole month. We'd full fine-tune a 7B model with the "
              "8-bit AdamW optimizer and gradient checkpointing. Would that single card do?")
    lead = first_lines(me, 1)
    assert lead.startswith(VERDICT) and "H100" in lead and "fits" in lead, me.text
    assert "70 GB" in first_lines(me, 4), me.text  # seed 000: 10 bytes per parameter × 7B
    assert "setup to rent" not in me.text and "No option" not in me.text, me.text


def test_cards_approved_for_a_month_zh_not_enough_says_the_least_count() -> None:
    me = said("学校只给我们批了一台 4 卡 H100，用一个月。32B 全参微调，AdamW，序列 2048，四张卡够不够？不够的话至少几张？")
    lead = first_lines(me, 1)
    assert lead.startswith("❌") and "4×H100" in lead and "装不下" in lead, me.text
    assert "8×H100" in first_lines(me, 4) or "8×A100" in first_lines(me, 4), me.text  # seed 000: 8 × 80 GB, ZeRO-3


def test_cards_set_aside_with_a_per_sequence_token_count_are_sized() -> None:
    me = said("IT has put two RTX 4090s aside for us. Qwen3-8B with QLoRA, sequences of 4096 tokens. Is that enough?")
    lead = first_lines(me, 1)
    assert lead.startswith("✅") and "2× RTX 4090" in lead and "seq 4096" in lead, me.text


def test_held_cards_with_a_price_asked_too_lead_with_the_fit_then_the_price() -> None:
    me = said("7b lora，我们有两张 4090，租一周够吗，要多少钱")
    assert first_lines(me, 1).startswith("✅") and "2×RTX 4090" in first_lines(me, 1), me.text
    assert "₮218" in me.text, me.text  # gpuli: two single 4090 instances, ₮109 a week each


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([("h100", "h100-sxm"), ("A100 80G", "a100-80g-sxm"), ("4090", "rtx-4090"), ("L40S", "l40s")]),
       st.sampled_from([1, 2, 4, 8]),
       st.sampled_from(["We have {n}x {card} reserved for a month. 14b lora, enough?",
                        "我们有 {n} 张 {card}，包了一个月，14b lora 够不够？",
                        "财务批了 {n} 张 {card} 的月租，14b lora 能跑吗？",
                        "{n} {card} booked for two weeks; will a 14b lora fit on them?"]))
def test_held_cards_are_read_as_a_fit_of_that_count(card: tuple[str, str], n: int, template: str) -> None:
    parsed = parse(template.format(n=n, card=card[0]))
    assert (parsed.intent, parsed.request.gpu, parsed.request.num_gpus) == ("size", card[1], n), template
    assert parsed.rental.duration_days is None and not parsed.parts


def test_a_small_token_count_is_a_sequence_length_a_large_one_a_dataset() -> None:
    assert parse("Qwen3-8B QLoRA at 4096 tokens").request.seq_len == 4096
    assert parse("Qwen3-8B QLoRA at 4096 tokens").request.tokens is None
    each = parse("7b lora，10万条数据，每条 512 tokens").request
    assert (each.samples, each.avg_len, each.tokens) == (100_000, 512, None)
    assert parse("7b lora on 20M tokens").request.tokens == 20_000_000


# ---------------------------------------------------------------- a setting said after the question
def test_plain_adamw_said_after_the_question_is_the_jobs_zh() -> None:
    me = said("领导问：7b 全参，一张 A100 80G 扛得住吗？不用 8-bit 优化器。")
    assert first_lines(me, 1).startswith("❌") and "装不下" in first_lines(me, 1), me.text  # AdamW: 16 bytes × 7B


def test_plain_adamw_said_after_the_question_is_the_jobs_en() -> None:
    me = said("Can one H100 take a 7B full fine-tune? Plain AdamW, no 8-bit optimizer.")
    assert first_lines(me, 1).startswith("❌") and "does not fit" in first_lines(me, 1), me.text
    me = said("Can one H100 take a 7B full fine-tune? With the 8-bit optimizer.")
    assert "fits" in first_lines(me, 1) and "70 GB" in first_lines(me, 4), me.text


def test_as_long_as_the_switch_is_on_states_it_and_one_job_is_answered_once() -> None:
    me = said("有人说 7B 全参只要开 8-bit 优化器，单张 4090 就能跑。一张 4090 真能全参 7B 吗？")
    assert first_lines(me, 1).startswith("❌") and "80.7 GB" in first_lines(me, 1), me.text  # the 8-bit figure
    assert me.text.count("❌ 7B 全参微调") == 1 and len(me.lines) <= 15, me.text


# ---------------------------------------------------------------- DDP and memory per card
def test_ddp_on_more_cards_does_not_cut_memory_per_card_en() -> None:
    me = said("13b lora on one A6000?", "And on two A6000s under plain DDP, will each card need less memory?")
    lead = first_lines(me, 1)
    assert lead.startswith("❌ No") and "full copy" in lead, me.text


def test_ddp_on_more_cards_does_not_cut_memory_per_card_zh() -> None:
    me = said("14b lora 两张 L40S 用 DDP，每张卡的显存会少吗？")
    assert first_lines(me, 1).startswith("❌ 不会") and "完整的模型副本" in first_lines(me, 1), me.text


def test_zero3_on_more_cards_does_cut_memory_per_card() -> None:
    me = said("14b lora on two L40S with ZeRO-3: does that reduce the memory per card?")
    assert first_lines(me, 1).startswith("✅ Yes"), me.text


# ---------------------------------------------------------------- "is that necessary?"
def test_a_bigger_card_asked_necessary_names_the_smaller_card_that_holds_it() -> None:
    me = said("My manager says we have to rent an H100 for a 7B LoRA. Is that really necessary?")
    assert first_lines(me, 1).startswith("No, not necessary") and "RTX 5090 (32 GB)" in first_lines(me, 1), me.text
    me = said("7B LoRA 非得用 A100 80G 吗？有必要吗")
    assert first_lines(me, 1).startswith("没必要") and "RTX 5090" in first_lines(me, 1), me.text


def test_qlora_asked_necessary_where_lora_fits_says_no_and_the_speed_cost() -> None:
    me = said("We run 7B LoRA on an RTX A6000 48GB and it fits, but someone wants to switch to 4-bit QLoRA to be safe, is that really necessary?")
    lead = first_lines(me, 1)
    assert lead.startswith("No, not necessary") and "20–40%" in lead, me.text
    me = said("14b lora 用的 A100 80G，显存够，同事想换成 qlora 保险一点，有必要吗")
    assert first_lines(me, 1).startswith("没必要") and "20–40%" in first_lines(me, 1), me.text


def test_a_card_that_is_the_smallest_that_holds_it_is_not_called_unnecessary() -> None:
    me = said("Is an H100 really necessary for a 7B full fine-tune with the 8-bit optimizer?")
    assert "not necessary" not in first_lines(me, 1), me.text


# ---------------------------------------------------------------- a band's low end as the budget
def test_budgeting_at_an_estimated_bands_low_end_is_advised_against() -> None:
    me = said("一万网络 8 卡 A100 80G 月租，财务想按下限来写预算，可以吗？")
    lead = first_lines(me, 1)
    assert lead.startswith("⚠️ 不建议") and "¥40,000" in lead and "预估" in lead, me.text
    me = said("8x A100 80GB at Yiwan per month - can we budget on the lower figure?")
    lead = first_lines(me, 1)
    assert lead.startswith("⚠️ Not advisable") and "¥40,000" in lead and "estimate" in lead, me.text


# a setup said on its own first ("老板问 8 卡 H100", "we have 8 H100s"), the job next: the job is sized on the cards
# stated, their count kept (seed 000: 32B full fine-tuning on 8 × 80 GB with ZeRO-3; 14B on 4 × A100 80G), whatever
# filler surrounds the setup and whichever answer the setup alone got
_SETUPS = {"zh": ["{n} 卡 {card}", "老板问 {n} 卡 {card}", "我们有 {n} 张 {card}", "手上有 {n} 张 {card} 了"],
           "en": ["{n} {card}s", "we have {n} {card}s", "boss approved {n}x {card}", "our team has {n} {card}s"]}
_JOBS = {"zh": ["训 {size}b 全参", "{size}b 全参够不够", "跑 {size}b 全参微调"],
         "en": ["{size}b full ft", "{size}b full fine-tune, fits?", "train a {size}b full finetune"]}


@settings(max_examples=24, deadline=None, derandomize=True)
@given(lang=st.sampled_from(["zh", "en"]), pick=st.integers(0, 11),
       job=st.sampled_from([(8, "H100", 32, "8×H100 SXM", "8× H100 SXM"), (4, "A100 80G", 14, "4×A100 80GB SXM", "4× A100 80GB SXM")]))
def test_a_setup_said_first_is_where_the_next_job_is_sized(lang: str, pick: int, job: tuple[int, str, int, str, str]) -> None:
    n, card, size, setup_zh, setup_en = job
    setup = _SETUPS[lang][pick % 4].format(n=n, card=card)
    me = said(setup, _JOBS[lang][pick % 3].format(size=size))
    assert (setup_zh if lang == "zh" else setup_en) in me.lines[0], me.text


def test_a_job_naming_its_own_card_is_not_moved_to_the_setup_before() -> None:
    me = said("我们有 8 卡 H100", "7b qlora 用 4090 够吗")
    assert "RTX 4090" in me.lines[0] and "H100" not in me.lines[0]
