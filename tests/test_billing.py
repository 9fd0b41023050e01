"""Billing: the seeds' worked examples to the unit, the cheapest cycle mix, and refusals."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

import engine.billing.pricing as billing  # where quote() looks providers up
from engine.billing import NotOffered, quote, quote_all
from engine.errors import InvalidRequest, UnknownName
from engine.money import Money
from engine.providers import Provider, provider

D = Decimal
DAY = timedelta(days=1)


# ---------------------------------------------------------------- seed 000 (gpuli, prepaid weeks / months)


def test_seed_8x_h100_month_with_storage_is_14607() -> None:
    """Seed 000 cost example: 8 × H100 30 days + 2,000 GB volume + 1,000 GB object storage."""
    q = quote("gpuli", "h100-sxm", 8, 30 * DAY, add_ons={"volume": 2000, "object-storage": 1000})
    assert q.total == D("14607")
    assert [(c.kind, c.count, c.unit_price.exact) for c in q.cycles] == [("month", 1, D("14432"))]
    assert {a.id: a.amount for a in q.add_ons} == {"volume": D("160"), "object-storage": D("15")}
    assert q.instances == 1 and q.gpus_per_instance == 8
    assert q.currency == "USDT"
    # seed 000, Cost Example table, total row: ₮2.54 per card-hour counting storage, ₮2.51 for the
    # cards alone, i.e. 14607 / 5760 and 14432 / 5760 card-hours
    assert q.bought_hours == D("720")
    assert q.per_gpu_hour is not None and q.per_gpu_hour_cards is not None
    assert Money(q.per_gpu_hour, "USDT").rounded().amount == D("2.54")
    assert Money(q.per_gpu_hour_cards, "USDT").rounded().amount == D("2.51")
    assert q.unused_hours == 0
    assert q.estimate is False


def test_eight_card_boxes_priced_as_listed() -> None:
    """8 × H100 is the box price (week ₮4,172, month ₮14,432), never 8 × a single card."""
    week = quote("gpuli", "h100-sxm", 8, 7 * DAY)
    month = quote("gpuli", "h100-sxm", 8, 30 * DAY)
    assert week.total == D("4172") and week.offer == "8x-h100-sxm"
    assert month.total == D("14432")
    a100_box = quote("gpuli", "a100-80g-sxm", 8, 30 * DAY)
    assert a100_box.total == D("8352") and a100_box.instances == 1
    # gpuli lists no single H100, so one H100 cannot be rented there
    with pytest.raises(NotOffered) as err:
        quote("gpuli", "h100-sxm", 1, DAY)
    assert err.value.reason == "count_not_offered"
    assert err.value.params["counts"] == [4, 8]


def test_ten_days_on_a_4090_is_two_weeks_not_a_month() -> None:
    q = quote("gpuli", "rtx-4090", 1, 10 * DAY)
    assert q.total == D("218")  # 2 × ₮109 < ₮369
    assert [(c.kind, c.count) for c in q.cycles] == [("week", 2)]
    assert q.unused_hours == D("96")  # 14 days bought, 10 needed


def test_two_day_job_on_a_week_leaves_five_days() -> None:
    """Seed 000 FAQ: a 2-day job buys a week; the 5 days left are for evaluation."""
    q = quote("gpuli", "rtx-4090", 1, 2 * DAY)
    assert q.total == D("109")
    assert q.unused_hours == D("120")
    note = q.note("unused_time")
    assert note is not None and note.params["days"] == D("5")


def test_thirty_three_days_is_month_plus_week_when_cheaper() -> None:
    q = quote("gpuli", "rtx-4090", 1, 33 * DAY)
    assert sorted((c.kind, c.count) for c in q.cycles) == [("month", 1), ("week", 1)]
    assert q.total == D("478")  # 369 + 109, cheaper than 5 weeks (545)


def test_thirty_three_days_is_five_weeks_when_weeks_are_cheaper(monkeypatch: pytest.MonkeyPatch) -> None:
    """Same rule on a provider whose week is cheap: 5 × 80 = 400 < 369 + 80 = 449."""
    data = provider("gpuli").model_dump(mode="json")
    data["offers"] = [
        {
            "id": "cheap-4090",
            "gpu": "rtx-4090",
            "count": 1,
            "prices": {"week": "80", "month": "369"},
            "source": "test",
        }
    ]
    cheap = Provider.model_validate(data)
    monkeypatch.setattr(billing, "provider", lambda name: cheap)
    q = quote("any", "rtx-4090", 1, 33 * DAY)
    assert [(c.kind, c.count) for c in q.cycles] == [("week", 5)]
    assert q.total == D("400")


def test_week_only_and_month_only_offers() -> None:
    # single A100 SXM: only the week is stated (₮319), so 40 days = 6 weeks
    weeks = quote("gpuli", "a100-80g-sxm", 1, 40 * DAY)
    assert [(c.kind, c.count) for c in weeks.cycles] == [("week", 6)]
    assert weeks.total == D("1914")
    # 4 × A100 SXM: only the month is stated; a 10-day job still buys a month
    month = quote("gpuli", "a100-80g-sxm", 4, 10 * DAY)
    assert month.total == D("4308") and month.unused_hours == D("480")


def test_storage_is_billed_per_started_month() -> None:
    """Two weeks of rental pay one month of storage; 31 days (a month + a week) pay two."""
    two_weeks = quote("gpuli", "rtx-4090", 1, 10 * DAY, add_ons={"volume": 100})
    assert two_weeks.total == D("218") + D("8")  # 100 GB × ₮0.08 × 1 month
    longer = quote("gpuli", "rtx-4090", 1, 31 * DAY, add_ons={"存储卷": 100})
    assert {a.id: a.months for a in longer.add_ons} == {"volume": 2}
    assert longer.total == D("478") + D("16")


def test_multi_node_adds_infiniband_per_node_where_sold() -> None:
    q = quote("gpuli", "h100-sxm", 16, 30 * DAY, region="DFW-1")
    assert q.instances == 2
    assert {a.id: (a.quantity, a.amount) for a in q.add_ons} == {"infiniband": (D("2"), D("1200"))}
    assert q.total == D("30064")  # 2 × 14,432 + 2 × 600
    # LAS-1 has no InfiniBand
    with pytest.raises(NotOffered) as err:
        quote("gpuli", "h100-sxm", 16, 30 * DAY, region="LAS-1")
    assert err.value.reason == "add_on_not_in_region"
    assert err.value.params["regions"] == ["DFW-1", "ORD-1"]
    # no region stated: priced, with the regions that have it
    anywhere = quote("gpuli", "h100-sxm", 16, 30 * DAY)
    note = anywhere.note("region_required")
    assert note is not None and note.params["regions"] == ["DFW-1", "ORD-1"]
    # declined explicitly
    bare = quote("gpuli", "h100-sxm", 16, 30 * DAY, region="LAS-1", infiniband=False)
    assert bare.total == D("28864") and bare.note("multi_node_without_infiniband") is not None
    # a single node never gets it
    assert quote("gpuli", "h100-sxm", 8, 30 * DAY, region="DFW-1").add_ons == ()


def test_unlisted_count_is_several_instances_where_allowed() -> None:
    q = quote("gpuli", "rtx-4090", 2, 7 * DAY)
    assert q.instances == 2 and q.gpus_per_instance == 1
    assert q.total == D("218")
    note = q.note("separate_instances")
    assert note is not None and note.params == {"instances": 2, "gpus_per_instance": 1}
    # 12 H100 = 8 + 4 would be two different boxes across nodes: not built
    with pytest.raises(NotOffered):
        quote("gpuli", "h100-sxm", 12, 30 * DAY)


# ---------------------------------------------------------------- seed 002 (cloudgpu, per minute)


def test_per_minute_rounding_by_hand() -> None:
    """1 h 37 min 10 s = 97.1667 min -> 98 billed minutes; 98 × $0.33 / 60 = $0.539 (shown $0.54).

    By hand: 0.33 / 60 = 0.0055 per minute; 98 × 0.0055 = 0.539. The amount is kept exact; only
    display rounds half-up to cents.
    """
    q = quote("cloudgpu", "rtx-4090", 1, timedelta(hours=1, minutes=37, seconds=10))
    (line,) = q.cycles
    assert (line.kind, line.count) == ("minute", 98)
    assert line.unit_price.exact == D("0.0055")
    assert q.total == D("0.539")
    assert Money(q.total, "USD").rounded().amount == D("0.54")
    note = q.note("per_minute_rounding")
    assert note is not None and note.params["billed_minutes"] == 98
    assert note.params["needed_minutes"] == D("97.166667")


def test_per_minute_minimum_and_exact_hours() -> None:
    short = quote("cloudgpu", "rtx-4090", 1, timedelta(seconds=20))
    assert short.cycles[0].count == 1 and short.total == D("0.0055")
    hour = quote("cloudgpu", "rtx-4090", 1, timedelta(hours=1))
    assert hour.cycles[0].count == 60 and hour.total == D("0.33")
    # one second over the minute starts the next minute
    assert quote("cloudgpu", "rtx-4090", 1, timedelta(minutes=60, seconds=1)).cycles[0].count == 61


@pytest.mark.parametrize(
    ("gpu", "hours", "expected"),
    [  # the seed 002 table: 1 h / 3 h / 8 h columns
        ("rtx-4090", 1, "0.33"),
        ("rtx-3090", 8, "1.68"),
        ("rtx-4090-48g", 3, "1.95"),
        ("rtx-a6000", 8, "3.52"),
        ("a800-80g-pcie", 3, "3.27"),
        ("a100-80g-sxm", 8, "11.92"),
    ],
)
def test_seed_002_price_table(gpu: str, hours: int, expected: str) -> None:
    assert quote("cloudgpu", gpu, 1, timedelta(hours=hours)).total == D(expected)


def test_per_minute_notes_boot_and_preauthorization() -> None:
    q = quote("cloudgpu", "a100-80g-sxm", 1, timedelta(hours=8))
    boot = q.note("boot_not_billed")
    assert boot is not None and boot.params["boot_minutes"] == 2
    pre = q.note("preauthorization")
    assert pre is not None and pre.params["hold"] == D("1.49")
    assert pre.params["min_balance"] == D("11.92") + D("1.49")
    assert q.note("destroyed_at_zero_balance") is not None
    assert q.note("no_persistent_storage") is not None


def test_per_minute_refuses_multi_card() -> None:
    with pytest.raises(NotOffered) as err:
        quote("cloudgpu", "rtx-4090", 2, timedelta(hours=1))
    assert err.value.reason == "single_card_plans"
    assert err.value.code == "not_offered"
    assert isinstance(err.value, InvalidRequest)


# ---------------------------------------------------------------- seed 003 (yiwan, monthly CNY)


def test_yiwan_monthly_annual_and_repeat_discounts() -> None:
    assert quote("yiwan", "a100-40g-sxm", 1, 30 * DAY).total == D("2800")
    year = quote("yiwan", "a100-40g-sxm", 1, 365 * DAY)
    assert [(c.kind, c.count, c.amount.exact) for c in year.cycles] == [("year", 1, D("33600"))]
    assert [(d.id, d.amount.exact) for d in year.discounts] == [("annual-gpu-custom", D("-6720"))]
    assert year.total == D("26880")  # seed 003: 年付 8 折后约 ¥26880/年
    # ten months cost more than a discounted year, so the year is bought
    assert quote("yiwan", "a100-40g-sxm", 1, 300 * DAY).total == D("26880")
    # thirteen months: a year and a month
    assert quote("yiwan", "a100-40g-sxm", 1, 395 * DAY).total == D("26880") + D("2800")
    # repeat purchase: ¥100 off every month, after the annual discount
    assert quote("yiwan", "a100-40g-sxm", 1, 30 * DAY, repeat_purchase=True).total == D("2700")
    assert quote("yiwan", "a100-40g-sxm", 1, 365 * DAY, repeat_purchase=True).total == D("25680")


def test_yiwan_cpu_and_ram_add_ons() -> None:
    q = quote("yiwan", "a100-40g-sxm", 1, 60 * DAY, add_ons={"cpu-16c": 1, "内存": 1})
    assert q.total == 2 * (D("2800") + D("400") + D("600"))
    # cards only: 5,600 / 1,440 GPU-hours = 3.888…, kept to 6 places
    assert q.per_gpu_hour_cards == D("3.888889")
    assert q.per_gpu_hour == D("5.277778")  # with the upgrades: 7,600 / 1,440


def test_yiwan_ranges_and_labels() -> None:
    h100 = quote("yiwan", "h100-sxm", 8, 30 * DAY)
    assert h100.total is None  # a published band, not one number
    assert (h100.total_min, h100.total_max) == (D("80000"), D("120000"))
    assert h100.estimate is False and h100.price_status == "published"
    assert h100.note("published_price_band") is not None
    a100 = quote("yiwan", "a100-80g-sxm", 8, 30 * DAY)
    assert a100.estimate is True and (a100.total_min, a100.total_max) == (D("25000"), D("40000"))
    h100_year = quote("yiwan", "h100-sxm", 8, 365 * DAY)
    assert (h100_year.total_min, h100_year.total_max) == (D("816000"), D("1224000"))  # × 12 × 0.85
    t4 = quote("yiwan", "t4", 1, 30 * DAY)
    assert t4.total == D("900") and t4.price_status == "unlabelled" and t4.estimate is False


def test_repeat_purchase_elsewhere_is_noted_not_applied() -> None:
    q = quote("gpuli", "rtx-4090", 1, 7 * DAY, repeat_purchase=True)
    assert q.total == D("109") and q.note("repeat_purchase_not_applicable") is not None


def test_quote_all_compares_across_currencies() -> None:
    qs = quote_all("rtx-4090", 1, timedelta(hours=5))
    assert [(q.provider, q.total, q.currency) for q in qs] == [
        ("cloudgpu", D("1.65"), "USD"),
        ("gpuli", D("109"), "USDT"),
    ]


# ---------------------------------------------------------------- bad input


def test_unknown_provider_suggests() -> None:
    with pytest.raises(UnknownName) as err:
        quote("gpulee", "rtx-4090", 1, DAY)
    assert err.value.kind == "provider" and "gpuli" in err.value.suggestions


def test_card_names_resolve_through_the_gpu_catalog() -> None:
    assert quote("gpuli", "4090", 1, 7 * DAY).total == D("109")
    assert quote("cloudgpu", "A100 80G", 1, timedelta(hours=1)).total == D("1.49")
    with pytest.raises(UnknownName) as err:
        quote("gpuli", "rtx-4099", 1, DAY)
    assert err.value.kind == "gpu"


def test_card_not_offered() -> None:
    with pytest.raises(NotOffered) as err:
        quote("cloudgpu", "h100-sxm", 1, DAY)
    assert err.value.reason == "gpu_not_offered"
    assert "rtx-4090" in err.value.params["offered"]


@pytest.mark.parametrize(
    ("num_gpus", "duration", "field"),
    [
        (1, timedelta(hours=-3), "duration"),
        (1, timedelta(0), "duration"),
        (1, timedelta(days=3651), "duration"),
        (0, DAY, "num_gpus"),
        (-8, DAY, "num_gpus"),
        (100_000, DAY, "num_gpus"),
    ],
)
def test_bad_numbers(num_gpus: int, duration: timedelta, field: str) -> None:
    with pytest.raises(InvalidRequest) as err:
        quote("gpuli", "rtx-4090", num_gpus, duration)
    assert err.value.field == field


def test_bad_add_ons_and_regions() -> None:
    with pytest.raises(UnknownName):
        quote("gpuli", "rtx-4090", 1, DAY, add_ons={"gold-plating": 1})
    with pytest.raises(InvalidRequest):
        quote("gpuli", "rtx-4090", 1, DAY, add_ons={"volume": -5})
    with pytest.raises(UnknownName):
        quote("gpuli", "rtx-4090", 1, DAY, region="MARS-1")
    with pytest.raises(NotOffered) as err:  # the CPU upgrade belongs to the single-card custom GPU servers
        quote("yiwan", "a100-80g-sxm", 8, 30 * DAY, add_ons={"cpu-16c": 1})
    assert err.value.reason == "add_on_not_for_offer"
