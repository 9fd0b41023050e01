"""The money type (engine/money.py), Babel plurals (bot.text.i18n.t with count=) and the one wording for
what a provider does not sell (bot.text.errors.not_offered), with the catalog's real amounts."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal as D

import pytest

from bot.text.errors import error_message, not_offered
from bot.text.i18n import strings, t
from bot.text.render import environment
from bot.wallet.call import error_text
from bot.wallet.money import check_amount
from bot.wallet.refusal import WalletError
from engine.billing import NotOffered, quote
from engine.errors import InvalidRequest
from engine.money import MixedCurrencies, Money, TooPrecise


@pytest.mark.parametrize(
    ("minor", "currency", "amount", "shown"),
    [
        (1234, "USD", D("12.34"), "$12.34"),
        (280000, "CNY", D("2800"), "¥2,800.00"),  # 一万网络's 4090-class month, in fen
        (1443200, "USDT", D("14432"), "₮14,432.00"),  # gpuli 8×H100 for a month (seed 000)
        (-34, "USD", D("-0.34"), "-$0.34"),  # a shortfall
        (0, "USDT", D("0"), "₮0.00"),
    ],
)
def test_minor_units_round_trip(minor: int, currency: str, amount: D, shown: str) -> None:
    m = Money.from_minor(minor, currency)
    assert m.amount == amount and m.currency == currency
    assert m.minor == minor
    assert Money(amount, currency).minor == minor
    assert m.format("en", exact=True) == shown == m.format("zh", exact=True)


def test_more_decimals_than_the_currency_has_is_refused_by_name() -> None:
    with pytest.raises(TooPrecise) as caught:
        _ = Money(D("0.001"), "USD").minor
    assert caught.value.digits == 2 and caught.value.currency == "USD"
    with pytest.raises(WalletError) as refused:  # the wallet words it in its own sentence
        check_amount(D("5.125"), "USDT")
    assert refused.value.key == "wallet.err.too_precise" and refused.value.params["digits"] == 2
    assert check_amount(D("5.12"), "USDT") == 512


def test_rounding_is_half_up_to_the_currencys_minor_units() -> None:
    assert Money(D("0.335"), "USD").rounded().amount == D("0.34")  # half up, not half even (0.33 + 0.005)
    assert Money(D("0.345"), "USD").rounded().amount == D("0.35")
    assert Money(D("0.334"), "USD").rounded().amount == D("0.33")
    assert Money(D("-0.335"), "USD").rounded().amount == D("-0.34")
    assert Money(D("2.505556"), "USDT").rounded().amount == D("2.51")  # gpuli's H100 per card-hour
    assert Money(D("0.335"), "USD").rounded().minor == 34


def test_conversion_uses_the_catalogs_comparison_rates() -> None:
    assert Money(D("100"), "USD").to("CNY") == Money(D("710"), "CNY")  # 7.1 CNY per USD
    assert Money(D("14607"), "USDT").to("USD").amount == D("14607")  # the stated 1:1 peg
    usd = Money(D("2800"), "CNY").to("USD")
    assert usd.rounded().amount == D("394.37") and usd.approx().amount == D("394")  # whole units from 100 up
    assert Money(D("10"), "CNY").to("USD").approx().amount == D("1.41")  # cents below 100
    assert Money(D("80000"), "CNY").to("USD").approx().format("en") == "$11,268"  # 一万网络 8×H100, low end
    assert Money(D("5"), "usd").currency == "USD"  # an alias is its catalog id


def test_arithmetic_stays_in_one_currency() -> None:
    week, month = Money(D("109"), "USDT"), Money(D("369"), "USDT")  # gpuli RTX 4090
    assert week * 2 + month == Money(D("587"), "USDT")
    assert 3 * week - month == Money(D("-42"), "USDT") == -Money(D("42"), "USDT")
    assert week < month and month >= week and max(week, month) is month
    assert sum([week, month], Money.zero("USDT")) == Money(D("478"), "USDT")
    with pytest.raises(MixedCurrencies):
        _ = week + Money(D("109"), "USD")
    with pytest.raises(MixedCurrencies):
        _ = week < Money(D("2800"), "CNY")
    assert Money(D("1"), "USD") != Money(D("1"), "USDT")  # equal figures, different money


def test_a_float_never_becomes_money() -> None:
    with pytest.raises(InvalidRequest):
        Money(0.1, "USD")  # type: ignore[arg-type]
    with pytest.raises(InvalidRequest):
        Money.of("12,3x", "USD")
    with pytest.raises(TypeError):
        _ = Money(D("1"), "USD") * 1.5  # type: ignore[operator]
    assert Money.of("1,234.5", "CNY").amount == D("1234.5")
    assert Money.of(7, "CNY").amount == D("7")


@pytest.mark.parametrize(
    ("amount", "currency", "shown"),
    [
        ("14432", "USDT", "₮14,432"),  # a whole price drops its cents
        ("0.33", "USD", "$0.33"),  # CloudGPU's RTX 4090 per hour
        ("2800", "CNY", "¥2,800"),
        ("80000", "CNY", "¥80,000"),
        ("2.51", "USDT", "₮2.51"),
        ("1798.5", "USDT", "₮1,798.50"),
        ("-0.34", "USD", "-$0.34"),
    ],
)
def test_prices_print_as_before_in_both_languages(amount: str, currency: str, shown: str) -> None:
    m = Money.of(amount, currency)
    assert m.format("zh") == shown and m.format("en") == shown


def test_the_money_filter_prints_a_money_or_a_decimal_with_its_currency() -> None:
    env = environment("plain")
    tmpl = env.from_string("{{ a | money }} {{ b | money('CNY') }}")
    assert tmpl.render(lang="zh", a=Money(D("0.33"), "USD"), b=D("2800")) == "$0.33 ¥2,800"


def test_plurals_come_from_the_languages_plural_rule() -> None:
    assert t("wallet.cycle.week", "en", count=1) == "1 week"
    assert t("wallet.cycle.week", "en", count=2) == "2 weeks"
    assert t("price.cycle.month", "en", count=1) == "1 month"
    assert t("price.cycle.year", "en", count=3) == "3 years prepaid"
    assert t("wallet.cycle.week", "zh", count=1) == "1 周" == t("wallet.cycle.week", "zh", count=1, n=1)
    assert t("wallet.cycle.week", "zh", count=2) == "2 周"  # Chinese has one form
    assert t("price.cycle.minute", "en", count=5) == "5 min"  # a key without forms is used as it is
    assert t("wallet.cli.left_queued", "en", count=1, platform="telegram").startswith("1 alert for telegram")
    assert t("wallet.cli.left_queued", "en", count=3, platform="telegram").startswith("3 alerts for telegram")


def test_no_string_says_s_in_brackets() -> None:
    assert not [k for k, v in strings().items() if "(s)" in v.en or "(s)" in (v.zh or "")]


def test_one_wording_for_what_a_provider_does_not_sell() -> None:
    """The same refusal reads the same in a cost answer, a wallet reply and the price list."""
    with pytest.raises(NotOffered) as caught:
        quote("yiwan", "h100", 4, timedelta(days=30))  # 一万网络 rents H100 only as 8-card boxes
    exc = caught.value
    line = not_offered(exc.reason, exc.params, "en")
    assert line == "一万网络 has no 4-card H100 SXM setup (offered: 8 per instance)"
    assert error_message(exc, "en") == line == error_text(exc, "en")
    rendered = environment("plain").from_string("{{ not_offered(r, p, lang) }}").render(
        r=exc.reason, p=exc.params, lang="zh")
    assert rendered == "一万网络 的 H100 SXM 没有 4 卡的配置（可租：每台 8 卡）"
    with pytest.raises(NotOffered) as other:
        quote("cloudgpu", "h100", 1, timedelta(days=30))
    assert error_message(other.value, "en").startswith("CloudGPU does not rent the H100 SXM (it rents: ")
