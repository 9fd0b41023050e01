"""Issue 18, classes E/F/G/J: money and time words read one way, whatever the wording.

Budgets before 预算 / 够 / 能租 or held in English ("with 3k"), colloquial numerals (一万五), lengths
added up ("包个月再加两周") or halved ("half a year"), a trial run timed with no model named, a
deadline with a known run length, a wallet ask that names its amount, the form factor a rental
picks, and the total of several add-ons. Properties generate the wordings (hypothesis); the
figures are the seeds' (gpuli RTX 4090 ₮109/week ₮369/month, A100 80GB PCIe ₮269/week, 8×H100
₮4,172/week ₮14,432/month; CloudGPU RTX 4090 $0.33/h by the minute).
"""

from __future__ import annotations

import math
from decimal import Decimal

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bot.understand import fields as f
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from tests.chat_user import ChatUser

ZH_NUMERALS = {1: "一", 2: "两", 3: "三", 4: "四", 5: "五"}
FEW = settings(max_examples=12, deadline=None)
ASK_MODEL = ("哪个模型", "Which model")

# ---------------------------------------------------------------- lengths of time


ZH_UNITS = [("个月", 30), ("周", 7), ("天", 1)]
EN_UNITS = [("months", 30), ("weeks", 7), ("days", 1)]


@FEW
@given(a=st.integers(1, 5), b=st.integers(1, 5), units=st.sampled_from([(x, y) for x in ZH_UNITS for y in ZH_UNITS if x != y]),
       joiner=st.sampled_from(["再加", "，再加上", " 加 ", "+", "，另外加"]), numeral=st.booleans())
def test_zh_lengths_joined_are_added(a: int, b: int, units: tuple[tuple[str, int], tuple[str, int]], joiner: str,
                                     numeral: bool) -> None:
    (u1, d1), (u2, d2) = units
    first = ZH_NUMERALS[a] if numeral else str(a)
    p = parse(f"gpuli 4090 先租{first}{u1}{joiner}{b}{u2}，总共多少钱")
    assert p.intent == "price"
    assert p.rental.duration_days == a * d1 + b * d2
    assert not p.asks.both_units  # one total, not the weekly-and-monthly listing


@FEW
@given(a=st.integers(1, 5), b=st.integers(1, 5), units=st.sampled_from([(x, y) for x in EN_UNITS for y in EN_UNITS if x != y]),
       joiner=st.sampled_from(["plus", "and another", "+"]))
def test_en_lengths_joined_are_added(a: int, b: int, units: tuple[tuple[str, int], tuple[str, int]], joiner: str) -> None:
    (u1, d1), (u2, d2) = units
    p = parse(f"price of a 4090 at gpuli for {a} {u1} {joiner} {b} {u2}?")
    assert p.rental.duration_days == a * d1 + b * d2


@FEW
@given(a=st.integers(1, 4), b=st.integers(1, 4), units=st.sampled_from([(("年", 365), ("个月", 30)), (("个月", 30), ("周", 7)),
                                                                         (("周", 7), ("天", 1)), (("个月", 30), ("天", 1))]),
       glue=st.sampled_from(["", "零", " "]))
def test_a_compound_length_reads_as_its_sum(a: int, b: int, units: tuple[tuple[str, int], tuple[str, int]], glue: str) -> None:
    """"1年3个月", "一个月零一周", "2周 3天": a larger unit then a smaller one, written together, is one length.
    Not "1个月4周": a count of the smaller unit that makes up the larger is that span said again
    (test_a_length_restated_in_a_smaller_unit_is_not_added), so it is not drawn."""
    (u1, d1), (u2, d2) = units
    assume(b < 2 or abs(a * d1 - b * d2) >= d2)
    assert f.duration(normalize(f"4090 租{ZH_NUMERALS[a]}{u1}{glue}{ZH_NUMERALS[b]}{u2}"))[0] == a * d1 + b * d2


@pytest.mark.parametrize("text", ["4090 开满一个月 720 小时多少", "a100 连跑一个月（30天）多少钱", "租 1 周（7 天）", "a year (365 days) of a 4090"])
def test_a_length_restated_in_a_smaller_unit_is_not_added(text: str) -> None:
    days, hours = f.duration(normalize(text))
    assert (days or 0) * 24 + (hours or 0) in (720, 168, 365 * 24)


@pytest.mark.parametrize(("text", "days"), [
    ("gpuli 8 卡 h100 租半年多少钱", 180), ("8 h100s at gpuli for half a year, price?", 180),
    ("h100 on gpuli for 0.5 year", 180), ("租 1.5 个月 4090 多少", 45), ("4090 租一个半月要多少", 45),
    ("4090 for 1.5 years at gpuli", 540), ("两个季度的 4090 多少钱", 180), ("a 4090 for 2.5 weeks", 17.5),
])
def test_fractions_of_a_unit(text: str, days: float) -> None:
    assert parse(text).rental.duration_days == days


@FEW
@given(whole=st.integers(0, 3), tenth=st.integers(1, 9), unit=st.sampled_from(["year", "years", "年", "个月", "months", "周"]))
def test_a_number_is_never_read_from_inside_a_decimal(whole: int, tenth: int, unit: str) -> None:
    """"0.5 year" was read as five years: the digits after a decimal point are never a number of their own."""
    days, _ = f.duration(f"4090 gpuli {whole}.{tenth} {unit}")
    per = {"year": 360, "years": 360, "年": 360, "个月": 30, "months": 30, "周": 7}[unit]
    assert days == pytest.approx((whole + tenth / 10) * per)


@pytest.mark.parametrize("text", ["mi300x weekly and monthly price", "h100 周租和月租各多少", "4090 per week and per month"])
def test_rates_are_never_added_up(text: str) -> None:
    """Two rates named are two units to list, never one span of 37 days (nor a span at all)."""
    p = parse(text)
    assert p.asks.both_units and p.rental.duration_days is None and p.rental.duration_hours is None


# ---------------------------------------------------------------- money words


@FEW
@given(k=st.integers(1, 30), form=st.sampled_from(["{k}k 预算，gpuli 4090 够租多久", "手上 {k}k 的预算，gpuli 4090 能租几周",
                                                   "{k}k 够不够 gpuli 8卡h100 跑一周", "那我 {k}k 能租几个月",
                                                   "{k}k budget, how many weeks of a 4090 on gpuli",
                                                   "with {k}k, how long can I rent a 4090 on gpuli"]))
def test_a_scaled_amount_asked_what_it_buys_is_a_budget(k: int, form: str) -> None:
    p = parse(form.format(k=k))
    assert p.asks.budget == (Decimal(k * 1000), None)
    assert p.request.seq_len is None  # "5k" next to 够 is money, never a sequence length


@pytest.mark.parametrize("text", ["seq 2k 够吗 7b lora 4090", "样本 5k 够不够训 7b", "7b lora 4090 context 4k enough?"])
def test_a_length_or_count_next_to_enough_is_not_money(text: str) -> None:
    assert parse(text).asks.budget is None


@pytest.mark.parametrize(("text", "digits"), [
    ("预算一万五", "1.5万"), ("两万三的预算", "2.3万"), ("三千五块", "3500块"), ("预算一万", "1万"),
    ("五千美金", "5000美金"), ("一万五千块", "15000块"),
])
def test_colloquial_numerals(text: str, digits: str) -> None:
    assert digits in normalize(text)


@pytest.mark.parametrize("text", ["一万网络的 h100 多少钱", "千万别用 fp16", "万一 oom 了怎么办"])
def test_names_and_idioms_keep_their_numerals(text: str) -> None:
    assert normalize(text) == normalize(text).replace("1万", "")  # nothing turned into a number


# ---------------------------------------------------------------- runway: whole periods a budget buys


@FEW
@given(k=st.integers(1, 12), period=st.sampled_from([("包月", "几个月", 369, "个月"), ("按周", "几周", 109, "周")]),
       form=st.sampled_from(["{b} 预算，gpuli 4090 {p} 能租{q}", "手头 {b} 预算 租 gpuli 的 4090 {p} 够租{q}",
                             "gpuli 4090 {p}，{b} 预算可以租{q}"]))
def test_runway_counts_whole_periods_at_the_named_rental(k: int, period: tuple[str, str, int, str], form: str) -> None:
    pay, ask, price, unit = period
    me = ChatUser()
    me.say(form.format(b=f"{k}k", p=pay, q=ask))
    text = me.text
    assert f"{k * 1000 // price} {unit}" in text.splitlines()[1]  # the unit asked leads
    assert f"₮{k * 1000:,}" in text  # the budget named back, in gpuli's currency ...
    assert "gpuli 的结算币种" in text  # ... and the reply says why


@FEW
@given(k=st.integers(1, 9))
def test_runway_follow_up_after_a_price(k: int) -> None:
    me = ChatUser()
    me.say("gpuli 上 A100 80G 一周多少钱")
    me.say(f"那 {k}k 能租几周")
    assert f"{k * 1000 // 269} 周" in me.text


@FEW
@given(k=st.integers(1, 9), lead=st.sampled_from(["组里批了", "我这边有", "经费"]))
def test_runway_follow_up_after_a_sizing_rents_its_card(k: int, lead: str) -> None:
    me = ChatUser()
    me.say("8b qlora 单张 4090 跑得动吗")
    me.say(f"{lead} {k}k 预算，gpuli 包月能撑几个月")
    assert f"{k * 1000 // 369} 个月" in me.text
    assert not any(a in me.text for a in ASK_MODEL)


@FEW
@given(k=st.integers(2, 9), lang=st.sampled_from(["zh", "en"]))
def test_budget_against_a_package(k: int, lang: str) -> None:
    me = ChatUser()
    me.say(f"{k}k 够不够在 gpuli 租 8卡h100 一周" if lang == "zh" else f"is {k}k enough for 8x h100 on gpuli for a week")
    first = me.text.splitlines()[0]
    fits = k * 1000 >= 4172
    if lang == "zh":
        assert ("够。" in first and "不够" not in first) if fits else "不够" in first
    else:
        assert ("enough." in first and "not enough" not in first) if fits else "not enough" in first
    assert f"₮{k * 1000:,}" in first


def test_kuai_at_a_provider_billing_usdt_gives_both_readings() -> None:
    me = ChatUser()
    me.say("两万块在 gpuli 能租几周 8卡 h100")
    text = me.text
    assert "¥20,000" in text  # 块 read as yuan, said ...
    assert "₮20,000" in text and "4 周" in text  # ... and the USDT reading in one line: 20,000 // 4,172 = 4


# ---------------------------------------------------------------- totals


@FEW
@given(months=st.integers(1, 3), weeks=st.integers(1, 3))
def test_month_plus_weeks_at_package_prices(months: int, weeks: int) -> None:
    me = ChatUser()
    me.say(f"gpuli 的 4090 先包{ZH_NUMERALS[months]}个月，然后再加{weeks}周，合计多少")
    assert f"₮{months * 369 + weeks * 109:,}" in me.text


def test_half_a_year_is_six_months() -> None:
    me = ChatUser()
    me.say("how much is half a year of 8x h100 at gpuli")
    assert "86,592" in me.text and "1,825" not in me.text


@FEW
@given(volume=st.integers(1, 5), objects=st.integers(1, 5), lang=st.sampled_from(["zh", "en"]))
def test_several_add_ons_get_a_total(volume: int, objects: int, lang: str) -> None:
    me = ChatUser()
    me.say(f"gpuli 存储卷 {volume}TB 加对象存储 {objects}TB 一个月多少" if lang == "zh"
           else f"gpuli: {volume}TB volume plus {objects}TB object storage, monthly cost?")
    total = Decimal("0.08") * volume * 1000 + Decimal("0.015") * objects * 1000
    shown = f"₮{total:,.0f}" if total == total.to_integral_value() else f"₮{total:,.2f}"
    assert any(shown in line and ("合计" in line or "in all" in line) for line in me.lines)


# ---------------------------------------------------------------- a trial run, no model named


@FEW
@given(trial=st.sampled_from([20, 50, 100]), per=st.sampled_from([1, 2, 3]), samples=st.sampled_from([6000, 12000, 20000]),
       epochs=st.integers(1, 3), batch=st.sampled_from([1, 2, 4]), accum=st.sampled_from([1, 4, 8]),
       lang=st.sampled_from(["zh", "en"]))
def test_trial_run_times_the_job_without_a_model(trial: int, per: int, samples: int, epochs: int, batch: int,
                                                 accum: int, lang: str) -> None:
    me = ChatUser()
    seconds = trial * per
    if lang == "zh":
        me.say(f"在 cloudgpu 的 4090 上先跑了 {trial} 步，花了 {seconds} 秒；数据 {samples} 条，{epochs} 轮，"
               f"batch {batch}，梯度累积 {accum}，一张卡，整个训练多久、多少钱")
    else:
        me.say(f"cloudgpu 4090: a trial of {trial} steps took {seconds} s. {samples} samples, {epochs} epochs, "
               f"batch {batch}, grad accum {accum}, 1 gpu. how long and how much?")
    steps = math.ceil(samples * epochs / (batch * accum))
    text = me.text
    assert f"{steps:,}" in text
    minutes = steps * per / 60
    shown = f"{minutes:,.1f}".rstrip("0").rstrip(".")
    assert shown in text
    assert not any(a in text for a in ASK_MODEL)


def test_trial_run_cost_at_the_per_minute_provider() -> None:
    me = ChatUser()
    me.say("cloudgpu 4090 实测 40 步 80 秒，样本 2 万条，3 epoch，batch 2，累积 8，单卡，要多久多少钱")
    # 3,750 steps × 2 s = 125 min; ⌈125⌉ × $0.33 / 60 = $0.6875
    assert "3,750" in me.text and "125" in me.text and "$0.69" in me.text


# ---------------------------------------------------------------- a deadline with a known run length


@pytest.mark.parametrize("text", [
    "月底前要出结果，训练 3 天就够，gpuli 4090 怎么租最便宜",
    "must ship by next friday; the run takes 2 days on a 4090 at gpuli, cheapest way to rent?",
])
def test_deadline_with_known_length_prices_the_span(text: str) -> None:
    me = ChatUser()
    me.say(text)
    assert "109" in me.text and ("周" in me.text or "week" in me.text)
    assert not any(a in me.text for a in ASK_MODEL)
    assert me.text.startswith(("✅", "❌"))


# ---------------------------------------------------------------- the wallet


@FEW
@given(k=st.integers(1, 20), form=st.sampled_from(["帮我充 {k}k", "充值 {k}k", "top up {k}k"]))
def test_a_top_up_waiting_for_its_provider_names_the_amount(k: int, form: str) -> None:
    me = ChatUser()
    me.say(form.format(k=k))
    assert f"{k * 1000:,}" in me.text


def test_colloquial_budget_named_back() -> None:
    me = ChatUser()
    me.say("月预算两万三，帮我设上")
    assert "23,000" in me.text


@pytest.mark.parametrize("text", ["gpuli 租 8卡h100 一个月 钱包里得备多少钱", "renting 8x h100 on gpuli for a month, how much in my wallet",
                                  "gpuli 上 8卡h100 包一个月，钱包要留多少"])
def test_a_price_question_naming_the_wallet_is_a_price(text: str) -> None:
    me = ChatUser()
    me.say(text)
    assert "14,432" in me.text


@pytest.mark.parametrize(("text", "price", "other"), [
    ("帮我在 gpuli 租 1 张 A100 80G，一周", "₮269", "₮319"),
    ("rent an a100 80gb at gpuli for one week", "₮269", "₮319"),
])
def test_a_rental_without_form_factor_takes_the_cheaper_variant(text: str, price: str, other: str) -> None:
    me = ChatUser()
    me.say(text)
    assert "PCIe" in me.lines[0] and price in me.text and other in me.text  # the other named, with its price


def test_a_rental_naming_its_form_factor_keeps_it() -> None:
    me = ChatUser()
    me.say("rent an a100 80gb sxm at gpuli for one week")
    assert "SXM" in me.lines[0] and "₮319" in me.text and "PCIe" not in me.text


# ---------------------------------------------------------------- more money and time, read by context


@FEW
@given(k=st.integers(1, 9), lead=st.sampled_from(["手上就", "手头只有", "账上还有", "经费就"]))
def test_money_held_is_a_budget_and_its_verdict_leads(k: int, lead: str) -> None:
    me = ChatUser()
    me.say(f"{lead}{k}w，32b 全参想租一个月，能行吗")
    first = me.lines[0]
    assert f"{k * 10_000:,}" in first and "不够" in first  # the cheapest 32B full month is ₮14,432 and up, ≈ ¥100k


@pytest.mark.parametrize(("text", "months"), [("组长批了 6000，gpuli 的 h200 按月能租几个月", "2 个月"),
                                             ("给了 1200，gpuli 4090 包月能租几个月", "3 个月")])
def test_money_granted_is_a_budget(text: str, months: str) -> None:
    me = ChatUser()
    me.say(text)
    assert months in me.lines[1]  # ₮6,000 ÷ ₮2,599 and ₮1,200 ÷ ₮369, whole months


@pytest.mark.parametrize(("text", "budget"), [("cloudgpu 预算 $50，3090 能租多久", "$50"), ("¥80，a6000 cloudgpu 够跑多久", "¥80")])
def test_an_amount_beside_a_card_is_not_its_count(text: str, budget: str) -> None:
    me = ChatUser()
    me.say(text)
    assert budget in me.lines[0] and "1×" in me.text


@pytest.mark.parametrize(("text", "shown"), [("cloudgpu 3090 跑 1 分钟多少钱", "$0.0035"), ("how much is one minute of a 4090 on cloudgpu", "$0.0055")])
def test_a_price_under_a_cent_is_shown(text: str, shown: str) -> None:
    me = ChatUser()
    me.say(text)
    assert shown in me.lines[1]  # $0.21/h ÷ 60 and $0.33/h ÷ 60, never "$0"


@pytest.mark.parametrize("text", ["我有 800U 够租多久", "手上 3k 块能租多长时间"])
def test_a_runway_without_a_card_names_the_money_and_asks_the_card(text: str) -> None:
    me = ChatUser()
    me.say(text)
    assert ("800" in me.text or "3,000" in me.text) and ("卡型" in me.text or "card" in me.text)


@pytest.mark.parametrize("text", ["数据 6000 条，2 个 epoch，batch 4，梯度累积 2，单卡，每步 1.5 秒，训完要多久",
                                  "6000 samples, 2 epochs, batch 4, grad accum 2, one gpu, 1.5 s per step: how long?"])
def test_a_timed_run_without_a_card_answers_the_time(text: str) -> None:
    me = ChatUser()
    me.say(text)
    # ⌈6000 × 2 ÷ (4 × 2 × 1)⌉ = 1,500 steps × 1.5 s = 37.5 min
    assert "1,500" in me.text and "37.5" in me.text
    assert not any(a in me.text for a in ASK_MODEL)


@pytest.mark.parametrize(("first", "then", "ok"), [
    ("cloudgpu 4090 跑 40 小时多少钱", "下周一前能跑完吗", True),
    ("price of a 4090 at cloudgpu for 100 hours", "can it finish by tomorrow?", False),
])
def test_a_deadline_after_a_price_checks_its_length(first: str, then: str, ok: bool) -> None:
    me = ChatUser()
    me.say(first)
    me.say(then)
    head = me.lines[0]
    assert head.startswith(("✅", "❌"))
    assert (("来得及" in head or "makes it" in head) if ok else ("来不及" in head or "won't make it" in head))


@pytest.mark.parametrize(("text", "verdict"), [
    ("预算 5000 块，周五前要出结果，8b lora，一万网络租啥？多少钱", "够"),
    ("budget $200, need it by friday, 7b qlora on cloudgpu. cost?", "enough"),
])
def test_budget_and_deadline_without_data_price_the_time_left(text: str, verdict: str) -> None:
    """The bare "多少钱" clause asks the cost of the job the message states; with no dataset the rental
    runs until the deadline, and the budget's verdict on it leads."""
    me = ChatUser()
    me.say(text)
    first = me.lines[0]
    assert first.startswith("💵") and verdict in first and ("5,000" in first or "$200" in first)
    assert "⏱" in me.text  # the cost it judged follows


@pytest.mark.parametrize(("text", "line"), [("2k 在 gpuli 能租 a6000 几周", "17 周"), ("how many weeks of a 4090 at gpuli can 3k pay for", "27 weeks")])
def test_a_round_amount_in_a_how_long_question_about_a_card_is_money(text: str, line: str) -> None:
    me = ChatUser()
    me.say(text)
    assert line in me.text  # ₮2,000 ÷ ₮115 and ₮3,000 ÷ ₮109, whole weeks


def test_a_round_length_in_a_how_long_question_stays_a_length() -> None:
    assert parse("seq 4k 7b lora 4090 跑多久").request.seq_len == 4096


@pytest.mark.parametrize(("text", "minutes"), [("7b lora 4090 cloudgpu 总共 2000 步 用了 40 分钟 多少钱", 40),
                                               ("7b lora on a 4090 at cloudgpu: 1000 steps in 30 min, what does it cost", 30)])
def test_a_whole_run_timed_is_its_length_not_a_trial(text: str, minutes: int) -> None:
    """With no dataset to scale to (or "总共"), steps and a time are the run itself: priced for that time."""
    p = parse(text)
    assert p.rental.duration_hours == pytest.approx(minutes / 60) and p.run is None
