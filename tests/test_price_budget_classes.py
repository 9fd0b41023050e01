"""Issue 18, prices and budgets: each class through the whole bot, in several phrasings and both
languages. Every figure traces to the seeds: CloudGPU by the minute (seed 002: 4090 $0.33/h, 48 GB
4090 $0.65/h, A800 $1.09/h), gpuli weeks and months (seed 000: 4090 ₮109/₮369, 8×H100 ₮4,172/₮14,432),
一万网络 months (seed 003: A100 40G ¥2,800, 3090 ¥1,750, CPU 16 核 +¥400, 内存 128G +¥600, 8×A100 80G
¥2.5–4 万, 8×H100 ¥8–12 万)."""

from __future__ import annotations

import pytest

from bot.understand import fields as f
from bot.understand.entities import find_gpus
from bot.understand.normalize import normalize
from tests.chat_user import ChatUser, counts


def _talk(*turns: str) -> ChatUser:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return me


def _head(me: ChatUser, n: int = 3) -> str:
    return "\n".join(me.lines[:n])


# ---------------------------------------------------------------- a memory qualifier names the variant


@pytest.mark.parametrize(("text", "card"), [
    ("48gb 4090", "rtx-4090-48g"), ("48g的4090", "rtx-4090-48g"), ("4090 (48gb)", "rtx-4090-48g"),
    ("4090 with 48gb", "rtx-4090-48g"), ("4090 48g", "rtx-4090-48g"), ("40g a100", "a100-40g-sxm"),
    ("2 张 40g 的 a100", "a100-40g-sxm"), ("24g 4090", "rtx-4090"), ("内存 128g 4090", "rtx-4090"),
])
def test_a_memory_beside_a_card_names_its_variant(text: str, card: str) -> None:
    assert [m.ident for m in find_gpus(normalize(text))] == [card]


@pytest.mark.parametrize("text", ["price of the 48gb 4090 at cloudgpu", "cloudgpu 上 48G 的 4090 多少钱一小时",
                                  "cloudgpu 4090 (48GB) per hour?"])
def test_the_48gb_4090_is_priced_as_itself(text: str) -> None:
    me = _talk(text)
    assert "$0.65" in me.text and "$0.33" not in me.text


@pytest.mark.parametrize(("text", "card"), [
    ("有没有 48g 版的 4090", "rtx-4090-48g"), ("48G 版本的 4090", "rtx-4090-48g"),
    ("the 48gb version of the 4090", "rtx-4090-48g"), ("a 48 gb variant of a 4090", "rtx-4090-48g"),
])
def test_a_memory_with_a_version_word_names_its_variant(text: str, card: str) -> None:
    assert [m.ident for m in find_gpus(normalize(text))] == [card]


@pytest.mark.parametrize(("text", "cards"), [
    ("4090 24g 和 48g", ["rtx-4090", "rtx-4090-48g"]), ("a100 40gb vs 80gb", ["a100-40g-sxm", "a100-80g-sxm"]),
    ("the 4090 or the 48gb one", ["rtx-4090", "rtx-4090-48g"]),
    ("4090 和 48g 的 a6000", ["rtx-4090", "rtx-a6000"]),  # the memory opens the next card's name
])
def test_a_second_memory_joined_to_a_card_is_its_other_variant(text: str, cards: list[str]) -> None:
    assert [m.ident for m in find_gpus(normalize(text))] == cards


@pytest.mark.parametrize("text", ["有冇 48G 版嘅 4090 啊，几钱", "what does the 48GB version of a 4090 cost per hour"])
def test_the_48gb_variant_asked_with_a_version_word_is_priced(text: str) -> None:
    me = _talk(text)
    assert "$0.65" in me.text and "$0.33" not in me.text


@pytest.mark.parametrize("text", ["cloudgpu 的 4090 24G 跟 48G 每小时差多少", "cloudgpu 4090 24gb vs 48gb, how much more an hour"])
def test_both_variants_named_get_both_prices_and_the_gap(text: str) -> None:
    me = _talk(text)
    assert "$0.65" in me.text and "$0.33" in me.text and "$0.32" in me.text


# ---------------------------------------------------------------- a used time is billed by the provider's rule


@pytest.mark.parametrize(("text", "hours"), [("61 分 12 秒", 61.2 / 60), ("61m12s", 61.2 / 60), ("1h 2m 30s", 62.5 / 60),
                                             ("1 小时 1 分 12 秒", 61.2 / 60), ("61 minutes and 12 seconds", 61.2 / 60)])
def test_minutes_and_seconds_are_one_duration(text: str, hours: float) -> None:
    days, read = f.duration(normalize(text))
    assert days is None and read == pytest.approx(hours)


@pytest.mark.parametrize(("text", "billed", "amount"), [
    ("cloudgpu 4090 用了 61 分 12 秒，扣多少", "62 分钟", "$0.34"),
    ("cloudgpu 4090 ran 61m12s, how much was I charged", "62 min", "$0.34"),
    ("cloudgpu 4090 跑了 1 小时 1 分 12 秒 扣了多少钱", "62 分钟", "$0.34"),
    ("cloudgpu 4090 ran 1h 2m 30s, charged?", "63 min", "$0.35"),
])
def test_a_used_time_is_charged_per_started_minute(text: str, billed: str, amount: str) -> None:
    me = _talk(text)  # ceil(61.2) = 62 min × $0.33 / 60 = $0.341; 63 × 0.0055 = $0.3465
    assert billed in me.text and amount in me.text


# ---------------------------------------------------------------- add-ons: all of them, no "× 1 month"


@pytest.mark.parametrize("text", ["一万网络 A100 40G，CPU 升 16 核、内存升 128G，一个月多少",
                                  "at yiwan, A100 40G with cpu upgraded to 16 cores and ram bumped to 128gb, monthly cost?",
                                  "一万网络 a100 40g 加 16 核 cpu，内存也升到 128G，包月多少钱"])
def test_several_add_ons_named_together_are_all_priced(text: str) -> None:
    me = _talk(text)
    assert "¥3,800" in me.text and "¥400" in me.text and "¥600" in me.text  # 2,800 + 400 + 600


@pytest.mark.parametrize(("text", "amount"), [("一万网络 CPU 加到 16 核 每月加多少", "¥400"),
                                              ("yiwan: how much a month to upgrade RAM to 128GB", "¥600")])
def test_a_monthly_add_on_is_its_price_a_month_with_no_unit_that_means_nothing(text: str, amount: str) -> None:
    me = _talk(text)
    assert amount in me.text and "× 1" not in me.text


def test_several_months_of_an_add_on_say_how_many() -> None:
    me = _talk("一万网络 CPU 16 核 和 内存 128G 三个月多少")
    assert "× 3 个月" in me.text and "¥1,200" in me.text and "¥1,800" in me.text and "¥3,000" in me.text


# ---------------------------------------------------------------- multi-card setups only as one machine


@pytest.mark.parametrize(("text", "single_sum"), [("一万网络能租 4 张 A100 40G 的机器吗 多少钱", "11,200"),
                                                  ("can yiwan rent me a 2x 3090 box? price?", "3,500")])
def test_single_rentals_side_by_side_are_never_a_box_price(text: str, single_sum: str) -> None:
    me = _talk(text)
    assert single_sum not in me.text
    assert "8×A100 80GB SXM" in me.text.replace("× ", "×") and "8×H100 SXM" in me.text.replace("× ", "×")


@pytest.mark.parametrize(("text", "cheaper"), [
    ("at yiwan, which is cheaper: the 8x A100 80G box or the 8x H100 box", "A100"),
    ("一万网络 8卡 H100 和 8卡 A100 80G 哪个便宜", "A100"),
    ("gpuli 5090 和 4090 周租哪个划算", "4090"),
])
def test_two_setups_compared_lead_with_the_cheaper(text: str, cheaper: str) -> None:
    me = _talk(text)
    assert cheaper in me.lines[0] and "💡" in me.lines[0]


def test_a_band_of_ten_thousands_is_also_written_in_wan() -> None:
    me = _talk("一万网络 8 卡 a100 80g 整机报价多少")
    assert "2.5–4 万" in me.text and "¥25,000–40,000" in me.text


# ---------------------------------------------------------------- weeks against a month


@pytest.mark.parametrize("turns", [
    ["need 8x h100 for 3 weeks at gpuli — monthly or weekly cheaper?"],
    ["gpuli 8卡h100 租三周，包月划算还是周租划算"],
    ["gpuli 8卡h100 周租多少", "三周呢", "那包月划算还是周租划算"],
    ["8x h100 at gpuli for 3 weeks", "weekly or monthly, which is cheaper?"],
])
def test_a_span_in_weeks_against_a_month_gives_both_totals_and_the_cheaper(turns: list[str]) -> None:
    me = _talk(*turns)  # 3 × ₮4,172 = ₮12,516 against one month ₮14,432
    assert "12,516" in me.text and "14,432" in me.text and "1,916" in me.text
    assert any(word in me.lines[0] for word in ("周租", "weekly"))


@pytest.mark.parametrize(("text", "words"), [("一万网络 3090 三周，周租还是包月划算", "只有包月"),
                                            ("yiwan 3090 for 3 weeks: weekly or monthly?", "monthly only")])
def test_a_provider_with_one_unit_says_there_is_nothing_to_compare(text: str, words: str) -> None:
    me = _talk(text)  # seed 003: 一万网络 rents by the month (¥1,750 for a 3090), never by the week
    assert words in me.lines[0] and "¥1,750" in me.text


def test_a_mix_of_weeks_and_months_is_named_when_it_beats_both() -> None:
    me = _talk("gpuli 4090 租 40 天，周租和包月哪个划算")  # 6 × 109 = 654, 2 × 369 = 738, 369 + 2 × 109 = 587
    assert "₮654" in me.text and "₮738" in me.text and "₮587" in me.text


# ---------------------------------------------------------------- budget runway


@pytest.mark.parametrize(("text", "span"), [("budget 5000 rmb, how many months of 3090 at yiwan", "2 months"),
                                            ("预算 5000 块 一万网络 3090 能租几个月", "2 个月"),
                                            ("₮400 how many weeks of 4090 at gpuli", "3 weeks")])
def test_a_runway_counts_its_units_in_words(text: str, span: str) -> None:
    me = _talk(text)
    assert span in me.text and "× month" not in me.text and "× week" not in me.text


@pytest.mark.parametrize("turns", [["4090 weekly at gpuli", "we have 2k budget, how many weeks is that"],
                                   ["gpuli 4090 周租多少", "我们手上就 2k 预算，能租几周"]])
def test_a_budget_after_a_price_is_divided_into_that_price(turns: list[str]) -> None:
    me = _talk(*turns)  # ₮2,000 ÷ ₮109 = 18 whole weeks
    assert "₮2,000" in me.text and ("18 weeks" in me.text or "18 周" in me.text)


@pytest.mark.parametrize(("turns", "hours"), [
    (["cloudgpu a100 80g 一小时多少", "预算 100 刀能跑多久", "那 a800 呢"], "91.7"),
    (["a100 80g hourly at cloudgpu", "with a $100 budget how long can it run", "and the a800?"], "91.7"),
])
def test_a_card_changed_after_a_runway_keeps_the_runway_question(turns: list[str], hours: str) -> None:
    me = _talk(*turns)  # $100 ÷ $1.09/h
    assert hours in me.text and "💵" in me.lines[0]


@pytest.mark.parametrize(("text", "verdict"), [
    ("we only have 1000 usdt, can we get gpuli's 8x h100 for a week", "not enough"),
    ("手上只有 1000u，gpuli 8 卡 h100 能租一周吗", "不够"),
])
def test_a_budget_for_a_named_setup_and_period_leads_with_the_verdict(text: str, verdict: str) -> None:
    me = _talk(text)
    assert verdict in me.lines[0] and "₮3,172" in me.lines[0]  # ₮4,172 − ₮1,000


@pytest.mark.parametrize(("second", "verdict"), [("我们预算就 500，够不", "够。"), ("our budget is only 50 bucks, enough?", "not enough")])
def test_a_budget_question_never_sets_the_wallet_budget(second: str, verdict: str) -> None:
    me = _talk("7b qlora gpuli 4090 周租多少", second)
    assert verdict in me.lines[0]
    assert counts(me.store)["budgets"] == 0


def test_a_budget_statement_still_sets_it() -> None:
    me = _talk("预算每月 2万元")
    assert "20,000" in me.text and counts(me.store)["budgets"] == 1


def test_a_budget_with_a_sizing_is_a_runway_on_the_setup_that_fits() -> None:
    me = _talk("预算 ₮2000 做 7b 全参 gpuli 能租多久")
    assert me.lines[0].startswith("💵") and "gpuli" in me.lines[1] and "📏" in me.text


# ---------------------------------------------------------------- the engine beneath


def test_unit_totals_buy_a_span_in_whole_units_of_each_kind() -> None:
    from datetime import timedelta

    from engine.price_list import unit_totals

    (row, units), = unit_totals(["rtx-4090"], None, timedelta(days=40), "gpuli")
    assert row.provider.id == "gpuli"
    by = {u.unit: (u.cycles, u.total.high) for u in units}
    assert by == {"week": (6, 654), "month": (2, 738)}  # ceil(40/7) × 109, ceil(40/30) × 369
    assert unit_totals(["rtx-4090"], None, timedelta(days=40), "cloudgpu") == []  # by the minute: no units to compare


def test_whole_machines_leave_out_single_servers_side_by_side() -> None:
    from engine.price_list import setup_prices

    loose = {r.provider.id: r.quotes[0].instances for r in setup_prices("a100-40g-sxm", 4, None).offered}
    whole = [r.provider.id for r in setup_prices("a100-40g-sxm", 4, None, whole_machines=True).offered]
    assert loose == {"yiwan": 4} and whole == []  # four ¥2,800 servers are no 4-card machine
    nodes = setup_prices("h100-sxm", 16, None, whole_machines=True).offered
    assert {r.provider.id for r in nodes} == {"gpuli", "yiwan"}  # two whole 8-card nodes still are
