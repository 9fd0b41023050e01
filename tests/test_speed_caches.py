"""The speed caches (engine/lazy.py, engine/memo.py, engine/fit.py, engine/money.py, bot/text/render.py)
never answer for an input they were not filled with: a changed model, request or card count
gives new figures, and the shortcuts give what the long way gives."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from bot.text.render import environment
from bot.understand import faq_terms, glossary
from engine.architecture import count_params, layer_params, lora_params
from engine.catalog import gpus, models
from engine.fit import Planner, ladder
from engine.memo import EstimateMemo, one_question
from engine.memory import Plan, activation_part, estimate, is_sharded
from engine.money import Money
from engine.price_list import card_hour_rates
from engine.request import TrainingRequest
from engine.resolve import resolve
from engine.sizing import size
from tests.extra_provider import with_provider


def test_parameter_counts_follow_a_changed_model_not_the_cached_one() -> None:
    spec = models().get("qwen3-8b")
    assert count_params(spec).total == 8_190_735_360
    deeper = spec.model_copy(update={"layers": spec.layers * 2})  # a config.json of the same family, twice as deep
    per_layer = count_params(spec).linear // spec.layers
    assert count_params(deeper).linear == 2 * spec.layers * per_layer
    assert layer_params(deeper, False) == layer_params(spec, False) == per_layer
    assert lora_params(deeper, 8, ("q", "v")) == 2 * lora_params(spec, 8, ("q", "v"))
    assert lora_params(spec, 16, ("q", "v")) == 2 * lora_params(spec, 8, ("q", "v"))  # the other arguments are keys
    assert count_params(spec).total == 8_190_735_360  # the first one is still answered for itself


def test_a_spec_made_after_another_died_is_counted_for_itself() -> None:
    """The cache holds each spec it answered for, so a new spec can never reuse a dead one's id."""
    spec = models().get("qwen3-8b")
    totals = set()
    for layers in range(10, 40):
        copy = spec.model_copy(update={"layers": layers})
        totals.add(count_params(copy).total)
        del copy
    assert len(totals) == 30


def test_the_memo_shares_activation_terms_only_between_plans_of_one_request() -> None:
    base = resolve(TrainingRequest(model="qwen3-32b", method="full", seq_len=4096))
    longer = resolve(TrainingRequest(model="qwen3-32b", method="full", seq_len=8192))
    memo = EstimateMemo()
    for r in (base, longer):
        for plan in (Plan(1, 0), Plan(8, 2), Plan(8, 3), Plan(16, 3, "optimizer")):
            got = memo.estimate(r, plan)
            assert got == estimate(r, plan)  # the memo's shortcut gives the long way's figures
            assert got.terms[4:6] == activation_part(r, is_sharded(plan))[0]
    acts = {r.request.seq_len: memo.estimate(r, Plan(8, 3)).per_gpu()["activations"] for r in (base, longer)}
    assert acts[8192] > 1.9 * acts[4096]


def test_recommendations_worked_out_per_card_memory_match_each_card_walked_alone() -> None:
    for req in (TrainingRequest(model="qwen3-32b", method="full", seq_len=4096),
                TrainingRequest(model="llama-3.1-70b", method="qlora"),
                TrainingRequest(model="qwen3-8b", method="full", num_gpus=4)):
        s = size(req)
        planner = Planner(s.resolved, s.memo)
        count = s.request.num_gpus if s.resolved.num_gpus_stated else None
        alone = {g.id: planner.first_fit(g, ladder(s.resolved, count)) for g in gpus().entries}
        assert {f.gpu.id: f for f in s.recommendations} == alone
        assert len({g.memory_gb for g in gpus().entries}) < len(gpus().entries)  # cards do share memory sizes


@pytest.mark.parametrize(("amount", "lang", "exact", "shown"), [
    ("2800", "zh", False, "¥2,800"), ("2800", "zh", True, "¥2,800.00"), ("2800.5", "zh", False, "¥2,800.50"),
    ("-0.335", "en", False, "-¥0.34"), ("1234567.891", "en", False, "¥1,234,567.89"), ("0.001", "en", True, "¥0.00"), ("0.001", "en", False, "¥0.0010"),
])
def test_amounts_print_the_same_from_the_cache(amount: str, lang: str, exact: bool, shown: str) -> None:
    money = Money(Decimal(amount), "CNY")
    assert money.format(lang, exact) == shown
    assert money.format(lang, exact) == shown  # a second time, from the cache
    assert Money(Decimal(amount), "USD").format(lang, exact) == shown.replace("¥", "$")


def test_templates_read_dict_keys_and_dict_methods_as_jinja_does() -> None:
    from jinja2 import Environment, StrictUndefined
    from jinja2.exceptions import UndefinedError

    source = "{{ d.a }} {{ d['items'] }} {{ d.items() | list | length }} {{ d.get('a') }} {{ o.real }}"
    data = {"d": {"a": 1, "items": "key", "get": "shadowed"}, "o": 3}
    plain = Environment(undefined=StrictUndefined).from_string(source).render(**data)
    ours = environment("plain").from_string(source).render(**data)
    assert ours == plain == "1 key 3 1 3"
    with pytest.raises(UndefinedError):
        environment("plain").from_string("{{ d.missing }}").render(d={"a": 1})


def test_items_from_the_cache_are_the_items_built_afresh() -> None:
    from engine import memory

    req = TrainingRequest(model="qwen3-32b", method="full", seq_len=4096, num_gpus=8)
    warm = size(req)
    memory._item.cache_clear()
    cold = size(req)
    assert warm.estimate == cold.estimate and repr(warm.recommendations) == repr(cold.recommendations)
    assert memory._item("w", 2, 10**9, 8).formula == "2 B × 1e9 param / 8"
    assert memory._item("w", 2.5, 10**9).formula == "2.5 B × 1e9 param"  # a different byte count is another item


def test_one_question_estimates_a_plan_once_and_gives_the_same_figures() -> None:
    """Inside one question a second size() of the same job finds its plans estimated; outside it
    nothing is shared, and the figures are the same either way."""
    req = TrainingRequest(model="qwen3-32b", method="full", seq_len=4096)
    apart = [size(req), size(req)]
    assert apart[0].memo is not apart[1].memo
    with one_question() as memo:
        first = size(req)
        done = memo.computed
        second = size(req)
        longer = size(req.model_copy(update={"seq_len": 8192}))
    assert first.memo is second.memo is memo and done > 0
    assert memo.computed > done  # only the longer job's plans were new
    assert second.estimate == first.estimate == apart[0].estimate
    assert [f.estimate for f in second.recommendations] == [f.estimate for f in apart[1].recommendations]
    assert longer.estimate.total_gb > first.estimate.total_gb
    assert size(req).memo is not memo  # the scope ended with the question


def _every_pattern(phrases: list[tuple[str, str]], folded: str) -> list[tuple[int, int, str]]:
    found = [(m.start(), m.end(), names) for phrase, names in phrases
             if (p := faq_terms.phrase_pattern(phrase)) is not None for m in p.finditer(folded)]
    return faq_terms.longest_first(found)


def test_the_phrase_index_finds_what_trying_every_phrase_finds() -> None:
    """The glossary's and the FAQ concepts' phrase index (first word, then first character) gives the
    same mentions as trying every phrase, over texts built from the phrases themselves, glued,
    spaced, inflected and cut."""
    forms = [(f, t.id) for t in glossary.terms() for f in t.forms]
    pieces = [*[f for f, _ in forms][:60], "zero 3", "Zero-3s", "checkpointing", "全参微调吗", "4090", "lo ra", "q-lora"]
    texts = [" ".join(pieces[i:i + k]) for k in (1, 2, 3) for i in range(len(pieces))]
    texts += ["".join(pieces[i:i + 2]) for i in range(len(pieces))] + [p[1:] for p in pieces] + [p[:-1] for p in pieces]
    for text in texts:
        folded = faq_terms.fold(text)
        assert glossary.mentions(folded) == _every_pattern(forms, folded), text
    assert sum(bool(glossary.mentions(faq_terms.fold(t))) for t in texts) > len(texts) // 2


def test_recommendations_worked_out_when_read_are_the_walk_of_every_card() -> None:
    """A sizing walks every card only when its recommendations are read (a sizing made for its fit alone
    never does), and what it finds then is the planner's own walk: 14B LoRA on one H100 fits, and every
    card the catalog holds gets its smallest setup, in the same order, read inside the question or after it."""
    req = TrainingRequest(model="qwen3-14b", method="lora", gpu="h100-sxm", num_gpus=1, seq_len=4096)
    with one_question() as memo:
        s = size(req)
        before = memo.computed
        assert s.fit is not None and s.fit.fits and "recommendations" not in vars(s)
        inside = s.recommendations
        assert memo.computed >= before
    after = size(req).recommendations  # outside any question: a memo of its own
    walked = sorted(Planner(resolve(req)).recommendations(), key=lambda f: (f.gpu.id, f.num_gpus))
    assert [(f.gpu.id, f.num_gpus, f.estimate) for f in inside] == [(f.gpu.id, f.num_gpus, f.estimate) for f in after]
    assert sorted(inside, key=lambda f: (f.gpu.id, f.num_gpus)) == walked and len(inside) == len(gpus().entries)
    assert s.recommendations is inside  # worked out once


def test_card_hour_rates_follow_a_provider_added_to_the_catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The per-setup rates are kept per loaded catalog: a provider added (a reloaded catalog) is priced at
    once, and the shipped catalog's figures come back with it."""
    before = card_hour_rates("rtx-4090", 1)
    cheap = {"id": "cheapbox", "name": "CheapBox", "aliases": [], "currency": "USD", "prices_read": "2026-12-01", "source": "a test entry",
             "billing": {"model": "per_minute", "prepaid": True, "hourly_rental": True, "rounding": "ceil_minute",
                         "minimum_minutes": 1, "boot_billed": False, "boot_minutes": 2, "preauthorization_hours": 1,
                         "destroy_on_zero_balance": True, "multi_instance": False, "node_gpus": 1},
             "offers": [{"id": "rtx-4090", "gpu": "rtx-4090", "count": 1, "prices": {"hour": "0.01"}, "source": "test"}],
             "lifecycle": {"provisioning_minutes": 2, "disk_deleted_on_destroy": True}}
    catalog = with_provider(tmp_path, monkeypatch, cheap)
    next(catalog)
    try:
        assert card_hour_rates("rtx-4090", 1)[0] == Decimal("0.01")
    finally:
        for _ in catalog:
            pass
    assert card_hour_rates("rtx-4090", 1) == before


def test_a_question_sizes_a_request_once_and_a_changed_one_anew() -> None:
    req = TrainingRequest(model="qwen3-8b", method="full", gpu="rtx-4090", num_gpus=1)
    deeper = models().get("qwen3-8b").model_copy(update={"layers": 72})
    with one_question():
        first = size(req)
        assert size(req.model_copy()) is first  # the same request, asked again in the question
        two = size(req.model_copy(update={"num_gpus": 2}))
        overridden = size(req, deeper)
    assert two is not first and two.estimate.plan.num_gpus == 2
    assert overridden.estimate.total_gb > first.estimate.total_gb  # an override is sized for itself
    alone = size(req)
    assert alone is not size(req) and alone.estimate == first.estimate  # outside a question: afresh, same figures
