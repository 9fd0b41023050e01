"""The engine owns the advice (engine.advice) and each plan is estimated once per question
(engine.memo): counted with wrappers around the one estimate function and the billing quote."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import engine.cost
import engine.memo
import engine.price_list
from bot.core.router import Core
from bot.messages import Incoming
from bot.text.render import render_reply
from bot.views import price
from bot.views.summary import sizing_summary
from engine import advice
from engine.advice import advise
from engine.calibration import band_for
from engine.cost import compare
from engine.memory import Plan
from engine.request import TrainingRequest
from engine.resolve import Resolved
from engine.sizing import size


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    """Every real memory estimate, by (request, plan), and the number of billing quotes."""
    seen: dict[str, Any] = {"estimates": Counter(), "quotes": 0}
    real_estimate, real_quote = engine.memo.estimate, engine.price_list.quote

    def estimate(r: Resolved, plan: Plan, *rest: Any) -> Any:  # rest: the activation terms the memo has
        seen["estimates"][(r.request.model_dump_json(), r.spec.id, plan)] += 1
        return real_estimate(r, plan, *rest)

    def quote(*args: Any, **kwargs: Any) -> Any:
        seen["quotes"] += 1
        return real_quote(*args, **kwargs)

    monkeypatch.setattr(engine.memo, "estimate", estimate)
    monkeypatch.setattr(engine.price_list, "quote", quote)
    monkeypatch.setattr(engine.cost, "quote", quote)
    advice.setup_rates.cache_clear()
    price.clear_unit_prices()
    yield seen
    advice.setup_rates.cache_clear()
    price.clear_unit_prices()


def _ask(text: str) -> str:
    reply = Core().handle(Incoming(text=text, user_id="u", chat_id="c"))
    assert reply is not None
    return str(render_reply(reply, "plain"))


def test_a_sizing_question_estimates_each_plan_once_and_quotes_only_providers_renting_the_card(counted: dict[str, Any]) -> None:
    text = _ask("32B full finetune on 8 cards")
    assert "8× A100 80GB SXM (ZeRO-3)" in text and "51.5 GB" in text
    assert max(counted["estimates"].values()) == 1  # the 8-bit variant at 8 × ZeRO-3 was estimated twice before
    assert sum(counted["estimates"].values()) == 5  # 7 before a plan (or stage) whose floor is over the card went unestimated
    assert counted["quotes"] <= 30  # 88 before: every provider was quoted for every card, renting it or not


def test_a_cost_question_makes_at_most_one_estimate_per_distinct_plan(counted: dict[str, Any]) -> None:
    report = compare(TrainingRequest(params_b=32, method="full", num_gpus=8, tokens=20_000_000, epochs=3))
    assert report.cheapest is not None and report.cheapest.provider.id == "gpuli"
    assert report.cheapest.gpu.id == "h200" and report.cheapest.quote.total == 19752
    assert max(counted["estimates"].values()) == 1  # size() and compare() no longer estimate the same plan twice
    assert sum(counted["estimates"].values()) == 4  # 8 cards: DDP, ZeRO-2, ZeRO-3, offload (8 before)


def test_a_cost_question_over_every_count_estimates_each_plan_once(counted: dict[str, Any]) -> None:
    report = compare(TrainingRequest(model="qwen3-8b", method="lora", tokens=1_000_000))
    assert report.options
    assert max(counted["estimates"].values()) == 1
    assert len(counted["estimates"]) == sum(counted["estimates"].values())


def test_the_advice_for_32b_full_on_8_cards_is_the_seeds_tight_recipe_with_the_8_bit_way() -> None:
    a = advise(size(TrainingRequest(params_b=32, method="full", num_gpus=8)))
    assert a.verdict is not None and a.state == "may_fit"  # judged by the high end: over 80 GB (90.6 on 2026-12-01)
    assert (a.verdict.gpu.id, a.verdict.num_gpus, a.verdict.estimate.plan.zero) == ("a100-80g-sxm", 8, 3)
    est = a.verdict.estimate  # the high end: the full ZeRO-3 band's ratio times the expected figure and the older loss
    assert a.verdict.high_gb == pytest.approx((est.total_gb + est.version_margin_gb) * band_for("full", "deepspeed", "hf").high)
    assert a.verdict.high_gb > 80 and round(est.total_gb, 1) == 77.4
    assert a.eight_bit is not None and round(a.eight_bit.estimate.total_gb, 1) == 51.5
    assert [f.gpu.id for f in a.others] == ["h200", "h20", "b200"]  # 8 × MI300X: single-card rentals only, no setup
    assert a.priced is a.verdict and a.alternative is None and not a.methods


def test_the_advice_without_a_method_names_qlora_on_the_cheapest_roomy_card() -> None:
    a = advise(size(TrainingRequest(model="qwen3-8b", gpu="rtx-4090")))
    assert a.state == "may_fit"
    assert [lv.code for lv in a.levers] == ["chunked_loss", "shorter_seq"]
    qlora, full = a.methods
    assert qlora.method == "qlora" and round(qlora.gb, 1) == 12.3
    # the cheapest card whose high end holds it: 24 GB now that the high end (19.3 GB) is over a T4's 16 GB
    assert qlora.best is not None and qlora.best.fits and 16 < qlora.best.high_gb <= qlora.best.gpu.memory_gb == 24
    assert qlora.priced
    assert full.method == "full" and full.best is None


def test_the_summary_view_words_the_advice_it_is_given() -> None:
    s = size(TrainingRequest(params_b=32, method="full", num_gpus=8))
    v = sizing_summary(s, "USD")
    a = advise(s)
    assert v["verdict"]["gpu"] == a.verdict.gpu.id if a.verdict else False
    assert v["eight_bit"]["total_gb"] == a.eight_bit.estimate.total_gb if a.eight_bit else False
    assert [row["gpu"] for row in v["others"]] == [f.gpu.id for f in a.others]
    assert [row["role"] for row in v["lineup"]] == ["verdict", "eight_bit", "other", "other", "other"]
