"""Session 28, round 0 (blind 77's leftovers), as behaviour:

- the currency asked of the figure just given ("是美元还是 U", "that's in yuan right?") names the currency that figure is
  billed in, an add-on's price (a storage volume, a CPU upgrade) as well as a card's (seed 000: gpuli in ₮, a volume
  ₮0.08 per GB-month; seed 003: 一万网络 in yuan, 16 cores ¥400 a month); paying "with U" asks the payment methods
  (seed 002: cloudgpu takes USDT on TRC-20), never a price shown in USDT;
- a command line or a config fragment pasted as the question is read for its card, term and provider and priced
  (seed 000: gpuli's 4090 ₮109 a week, ₮369 a month); its region, image and flags are settings, not FAQ topics;
- a count of runs before a length ("3 x 8h") multiplies it (seed 002: cloudgpu by the minute, $0.21/h for a 3090);
- questions about a setting with no model (a bigger per-device batch, SFT against full fine-tuning) are answered as
  concepts, not with "which model?";
- a sharding engine said alone after a sizing ("FSDP 呢") changes that job and is named back;
- a whole setup with its ZeRO stage asked "行吗" is that setup's fit (seed 000: 32B full needs 16 bytes per parameter,
  so ZeRO-2 on 8 cards keeps 120 GB of model states per card on an 80 GB card: no);
- FAQ paraphrases: the box up after deploy, the adapter's size and where it goes, getting data in fast.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import ChatUser


def _chat(*turns: str) -> str:
    user = ChatUser()
    for turn in turns:
        user.say(turn)
    return user.text


def _lead(text: str, lines: int = 3) -> str:
    return "\n".join(text.strip().splitlines()[:lines])


# ---- the currency of the figure just given
def test_currency_asked_of_a_storage_price_names_tether() -> None:
    reply = _chat("gpuli 存储卷 3T 一个月多少", "是美元还是 U")
    assert "USDT" in _lead(reply, 2) and "₮240" in _lead(reply, 2), reply


def test_currency_asked_of_a_cpu_upgrade_names_the_yuan() -> None:
    reply = _chat("yiwan 16-core cpu upgrade, price per month?", "that's in yuan right?")
    assert "CNY" in _lead(reply, 2) and "¥400" in _lead(reply, 2), reply


def test_paying_with_u_after_a_price_asks_the_payment_methods() -> None:
    reply = _chat("cloudgpu a6000 多少钱一小时", "能用U充值吗")
    assert reply.lstrip().startswith("✅") and "USDT" in _lead(reply, 1), reply
    assert parse("可以用 u 付吗").price.display_currency is None
    assert parse("用 u 算多少").price.display_currency == "USDT"  # a price shown in USDT stays one


def test_paying_with_u_at_a_provider_that_lists_no_channel() -> None:
    reply = _chat("一万网络 3090 包月", "可以用U付款吗")
    assert reply.lstrip().startswith("❓"), reply


# ---- a pasted command line or config fragment is priced
def test_a_pasted_command_line_is_priced_by_its_term() -> None:
    reply = _chat("gpuli create --gpu 4090 --region ORD-1 --cycle month 要多少")
    assert "₮369" in _lead(reply, 2) and "1 个月" in _lead(reply, 2), reply


def test_a_pasted_config_fragment_is_priced() -> None:
    reply = _chat("pasting my config: region=LAS-1 image=pytorch-2.5-cu124 gpu=4090 cycle=week, how much?")
    assert "₮109" in reply and "7 d" in _lead(reply, 1), reply


def test_an_amount_asked_in_u_is_money() -> None:
    parsed = parse("gpuli DFW-1，cuda 镜像，a6000 week，要几 U")
    assert parsed.intent == "price" and parsed.rental.duration_days == 7.0


def test_a_region_asked_about_stays_the_faq() -> None:
    parsed = parse("gpuli 4090 在哪个机房 延迟多少")
    assert parsed.intent == "faq" and parsed.faq_answers[0].entry.id == "regions-latency"


@settings(max_examples=30, deadline=None)
@given(card=st.sampled_from(["4090", "a6000", "5090", "l40s"]), region=st.sampled_from(["LAS-1", "DFW-1", "ORD-1"]),
       unit=st.sampled_from([("week", 7.0), ("month", 30.0)]), ask=st.sampled_from(["多少钱", "how much?", "要多少 U", "price?"]))
def test_any_pasted_command_line_is_a_price(card: str, region: str, unit: tuple[str, float], ask: str) -> None:
    parsed = parse(f"gpuli create --gpu {card} --region {region} --cycle {unit[0]} {ask}")
    assert parsed.intent == "price" and parsed.rental.duration_days == unit[1], (card, region, unit, ask)


# ---- runs counted before their length
def test_runs_counted_before_the_length_multiply_it() -> None:
    assert "$8.80" in _lead(_chat("cloudgpu a6000 2 x 10h 多少钱"), 2)  # 20 h × $0.44
    assert "$2.52" in _lead(_chat("4 x 3h runs on cloudgpu 3090, cost?"), 2)  # 12 h × $0.21


def test_instances_counted_by_runs_are_not_multiplied_twice() -> None:
    assert parse("cloudgpu 3090 跑 2 次 10 小时 多少钱").rental.duration_hours == 10.0


@settings(max_examples=40, deadline=None)
@given(runs=st.integers(2, 9), hours=st.integers(1, 12), sep=st.sampled_from(["x", " x ", "×", " * "]))
def test_any_count_of_runs_multiplies_the_hours(runs: int, hours: int, sep: str) -> None:
    parsed = parse(f"cloudgpu 3090 {runs}{sep}{hours}h 多少钱")
    assert parsed.rental.duration_hours == runs * hours, (runs, hours, sep)


def test_a_refusal_of_the_notation_is_no_refusal_of_the_card() -> None:
    parsed = parse("cost for 8h on cloudgpu 4090 48G，不要 E 记数法")
    assert parsed.request.gpu == "rtx-4090-48g" and not parsed.request.exclude
    assert parse("7b lora，h100 不要").request.exclude == ("h100-sxm",)


# ---- concepts with no model
def test_a_bigger_micro_batch_is_answered_as_activations() -> None:
    zh = _chat("先不管模型，每卡 batch 开到 2 显存会多吗")
    en = _chat("will a larger micro batch eat more vram?")
    assert "激活" in _lead(zh) and "activation" in _lead(en), (zh, en)
    assert "要估哪个模型" not in zh


def test_sft_against_full_is_the_same_memory() -> None:
    zh = _chat("监督微调跟全参占的显存一样不")
    en = _chat("is SFT the same memory bill as full fine-tuning?")
    assert "一样" in _lead(zh) and "same" in _lead(en), (zh, en)


# ---- a sharding engine said alone after a sizing
def test_fsdp_said_alone_changes_the_job() -> None:
    user = ChatUser()
    user.say("14b 全参 4 张 a100 80g")
    reply = user.say("FSDP 呢")
    assert reply.reading is not None and reply.reading.request.sharding == "fsdp"
    assert "FSDP" in user.text


# ---- a whole setup with its stage, asked whether it works
def test_zero2_for_32b_full_on_eight_80gb_cards_does_not_fit() -> None:
    zh = _chat("32b 全参，8 张 h100，为了少点通信想上 zero2，可以吗")
    en = _chat("32b full ft on 8x a100 80g with zero-2 to cut communication, would that work?")
    assert zh.lstrip().startswith("❌") and "120 GB" in _lead(zh), zh
    assert en.lstrip().startswith("❌") and "120 GB" in _lead(en), en


# ---- FAQ paraphrases
def test_the_box_up_after_deploy_is_the_boot_time() -> None:
    assert parse("how quickly is the machine up once I click deploy on cloudgpu").faq_answers[0].entry.id == "instance-ready-time"
    assert parse("cloudgpu 点了部署之后多久能用").faq_answers[0].entry.id == "instance-ready-time"


def test_the_adapter_file_and_s3_is_where_checkpoints_go() -> None:
    assert parse("how big is the adapter file, should I push it to s3").faq_answers[0].entry.id == "checkpoint-location"
    assert parse("adapter 文件多大 要同步到 s3 吗").faq_answers[0].entry.id == "checkpoint-location"


def test_getting_data_in_fast_is_the_upload_advice() -> None:
    assert parse("how do we get the data in quickly from guangzhou").faq_answers[0].entry.id == "data-upload"
    assert parse("从深圳把数据传进 gpuli 怎么最快").faq_answers[0].entry.id == "data-upload"
