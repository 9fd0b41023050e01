"""The shortcuts after the parse give what the long way gives, for the input they are asked about.

The question memo's keys (engine/memo.py) leave out the request fields a memory estimate never reads
(PLAN_FIELDS: the card, the count, the ZeRO stage, offload, what pricing reads): the same plan of the
same job sized on another card or count is found, never estimated again. These tests fail if a left-out
field did change an estimate, or if a field the estimate reads, or the loss-version assumption, shared one."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.memo import PLAN_FIELDS, EstimateMemo, one_question
from engine.memory import Plan, estimate
from engine.request import TrainingRequest
from engine.resolve import Assumption, resolve
from engine.sizing import size

BASE = TrainingRequest(model="qwen3-14b", method="full", gpu="a100-40g-sxm", num_gpus=4, seq_len=4096)
OTHER_PLAN = {"gpu": "h100-sxm", "num_gpus": 1, "zero": 3, "offload": "optimizer", "exclude": ("rtx-4090",),
              "provider": "gpuli", "currency": "USD", "hours": 5.0, "days": 2.0}
PLANS = (Plan(1, 0), Plan(4, 2), Plan(8, 3), Plan(8, 3, "optimizer"))


def test_the_plan_fields_listed_are_the_ones_changed_here() -> None:
    assert set(OTHER_PLAN) == PLAN_FIELDS


@pytest.mark.parametrize("name", sorted(PLAN_FIELDS))
def test_a_plan_field_changes_no_estimate_and_is_found_in_the_memo(name: str) -> None:
    base = resolve(BASE)
    other = resolve(BASE.model_copy(update={name: OTHER_PLAN[name]}))
    memo = EstimateMemo()
    for plan in PLANS:
        first = memo.estimate(base, plan)
        done = memo.computed
        assert memo.estimate(other, plan) is first and memo.computed == done  # found, not estimated again
        assert estimate(other, plan) == estimate(base, plan) == first  # and the long way agrees: the field is not read


@pytest.mark.parametrize("update", [{"seq_len": 8192}, {"optimizer": "adamw-8bit"}, {"micro_batch": 4},
                                    {"chunked_loss": True}, {"grad_checkpointing": False}, {"precision": "fp32"},
                                    {"method": "lora"}, {"attention": "eager"}])
def test_a_field_the_estimate_reads_is_estimated_for_itself(update: dict[str, object]) -> None:
    base = resolve(BASE)
    changed = resolve(BASE.model_copy(update=update))
    memo = EstimateMemo()
    for plan in PLANS:
        memo.estimate(base, plan)
        got = memo.estimate(changed, plan)
        assert got == estimate(changed, plan)  # its own figures, not the base's
    assert any(memo.estimate(changed, p) != memo.estimate(base, p) for p in PLANS)


def test_the_loss_version_assumption_is_keyed() -> None:
    base = resolve(BASE.model_copy(update={"chunked_loss": False}))
    unknown = replace(base, assumptions=(*base.assumptions, Assumption("loss_version_unknown", "older")))
    known = replace(base, assumptions=tuple(a for a in base.assumptions if a.code != "loss_version_unknown"))
    memo = EstimateMemo()
    for plan in PLANS:
        assert memo.estimate(unknown, plan) == estimate(unknown, plan)
        assert memo.estimate(known, plan) == estimate(known, plan)


def test_a_question_sizing_one_job_on_another_count_finds_the_plans_estimated() -> None:
    """"4 张 A100 40G" then the same job on one card (the "one is enough" line): the second sizing
    estimates nothing its ladder shares with the first, and its figures are a fresh sizing's."""
    one_card = BASE.model_copy(update={"num_gpus": 1, "optimizer": "adamw"})
    with one_question() as memo:
        size(BASE)
        done = memo.computed
        inside = size(one_card)
        added = memo.computed - done
    alone = size(one_card)
    assert inside.estimate == alone.estimate and inside.fit == alone.fit and inside.alternative == alone.alternative
    assert inside.warnings == alone.warnings
    assert added <= 1  # at most the 8-bit note's estimate is new


def test_a_sizing_works_out_its_alternative_and_warnings_when_read_and_as_the_long_way_does() -> None:
    """`alternative` and `warnings` are worked out on first read (a sizing made for its fit alone never
    walks the ladder nor estimates the 8-bit note): what they hold is the long way's, for the request
    sized, not for another sized before it in the same question."""
    from engine.fit import Fit, Planner, ladder, warnings_for
    from engine.seed_minimums import seed_minimum_note
    from engine.sizing import eight_bit_note

    jobs = [BASE, BASE.model_copy(update={"num_gpus": 1}), BASE.model_copy(update={"model": "qwen3-8b", "num_gpus": 1}),
            BASE.model_copy(update={"gpu": "h100-sxm", "num_gpus": 8}), BASE.model_copy(update={"gpu": None, "num_gpus": None})]
    with one_question() as memo:
        sized = [size(q) for q in jobs]
        assert all("alternative" not in vars(s) and "warnings" not in vars(s) for s in sized)
        done = memo.computed
        for s in sized:
            assert s.warnings is s.warnings and s.alternative is s.alternative  # worked out once
        assert memo.computed >= done
    for q, s in zip(jobs, sized, strict=True):
        r = resolve(q)
        planner = Planner(r)
        plan, _ = planner.stated_plan()
        est = planner.estimate(plan)
        fit = Fit(r.gpu, est) if r.gpu is not None else None
        assert s.estimate == est and s.fit == fit
        alt = None
        if fit is not None and not fit.fits:
            found = planner.first_fit(fit.gpu, ladder(r))
            alt = found if (found.fits or found.may_fit) and found.estimate.plan != plan else None
        assert s.alternative == alt
        warnings = warnings_for(r, fit, plan)
        for note in (seed_minimum_note(r, fit), eight_bit_note(r, plan, est, fit)):
            if note is not None:
                warnings = sorted([*warnings, note], key=lambda w: w.priority)
        assert s.warnings == tuple(warnings)
    assert sized[0].fit is not None and not sized[0].fit.fits and sized[0].alternative is not None  # 14B full misses 4 × 40 GB as stated
    assert sized[0].warnings != sized[3].warnings


def _first_plan_by_the_fit_rules(planner: object, gpu: object, plans: list[Plan]) -> Plan:
    """engine.fit.Planner._first_plan as the rules of Fit say it, one Fit per step (the long way)."""
    from engine.fit import Fit

    last, maybe = None, None
    for i, plan in enumerate(plans):
        f = Fit(gpu, planner.estimate(plan))  # type: ignore[attr-defined, arg-type]
        if plan.offload != "none" and maybe is not None:
            return maybe
        if maybe is None and plan.offload == "none" and f.may_fit:
            maybe = plan
        if f.fits:
            if f.tight:
                for later in plans[i + 1:]:
                    if later.num_gpus == plan.num_gpus and later.offload == plan.offload:
                        roomy = Fit(gpu, planner.estimate(later))  # type: ignore[attr-defined, arg-type]
                        if roomy.fits and not roomy.tight:
                            return later
            return plan
        last = plan
    assert last is not None
    return maybe or last


@pytest.mark.parametrize("req", [BASE, BASE.model_copy(update={"num_gpus": None, "gpu": None}),
                                 TrainingRequest(model="qwen3-8b", method="qlora", seq_len=8192),
                                 TrainingRequest(model="llama-3.1-70b", method="full"),
                                 TrainingRequest(model="qwen3-32b", method="lora", num_gpus=2),
                                 TrainingRequest(model="qwen3-14b", method="full", sharding="fsdp", offload="all")])
def test_the_first_plan_on_each_card_is_the_one_the_fit_rules_pick(req: TrainingRequest) -> None:
    """The walk on figures alone (cached per plan, offload plans past a may-fit left unestimated) picks on
    every card the plan the rules of Fit pick, for a fresh planner and for one already warm."""
    from engine.catalog import gpus
    from engine.fit import Planner, ladder

    r = resolve(req)
    count = req.num_gpus if r.num_gpus_stated else None
    for plans in (ladder(r, count), ladder(r)):
        warm = Planner(r)
        for gpu in gpus().entries:
            expected = _first_plan_by_the_fit_rules(Planner(r), gpu, plans)
            assert Planner(r)._first_plan(gpu.memory_gb, plans) == expected, gpu.id
            assert warm._first_plan(gpu.memory_gb, plans) == expected, gpu.id


def test_a_template_reads_the_environments_globals_and_its_own_without_sharing_them() -> None:
    """Templates keep their globals as one dict (bot.text.render's ReplyEnvironment.make_globals): every
    global of the environment is read as the environment holds it, a template's own globals overlay them
    for that template alone, and the environment's are left as they were."""
    from bot.text.i18n import t
    from bot.text.render import environment

    env = environment("plain")
    before = dict(env.globals)
    own = env.from_string("{{ flavor }} {{ extra }} {{ t('method.full', 'en') }}", globals={"extra": "mine", "flavor": "over"})
    assert own.render() == "over mine " + t("method.full", "en")
    assert env.from_string("{{ flavor }} {{ extra is defined }}").render() == "plain False"
    assert dict(env.globals) == before
    sizing = env.get_template("sizing.j2")
    assert all(sizing.globals[k] is v for k, v in env.globals.items())
    importing = '{% from "common.j2" import plan_label %}{{ flavor }} {{ plan_label is defined }}'
    assert environment("telegram").from_string(importing).render() == "telegram True"  # each flavor its own globals


def _providers_by_recursion(data: object) -> list[str]:
    """bot.views.price_age.providers_in the long way: a call per container, depth-first, in the data's order."""
    from engine.providers import providers

    found: dict[str, None] = {}

    def walk(node: object) -> None:
        pairs = node.items() if isinstance(node, dict) else ((None, x) for x in node)  # type: ignore[attr-defined]
        for key, value in pairs:
            if key in ("provider", "provider_name") and isinstance(value, str):
                p = providers().find(value)
                if p is not None:
                    found.setdefault(p.id)
            elif isinstance(value, (dict, list, tuple)):
                walk(value)

    if isinstance(data, (dict, list, tuple)):
        walk(data)
    return list(found)


def test_the_providers_a_reply_names_are_found_in_the_order_the_long_walk_finds_them() -> None:
    import random

    from bot.views.price_age import providers_in
    from engine.providers import providers

    names = [p.name for p in providers().entries] + [p.id for p in providers().entries] + ["nobody", "gpu"]
    rng = random.Random(5)

    def node(depth: int) -> object:
        if depth == 0 or rng.random() < 0.3:
            return rng.choice([*names, 3, None, 2.5])
        if rng.random() < 0.5:
            keys = ["provider", "provider_name", "prices", "rows", "name", "v"]
            return {rng.choice(keys) + str(i % 2 * rng.randint(0, 1) or ""): node(depth - 1) for i in range(rng.randint(0, 4))}
        return [node(depth - 1) for _ in range(rng.randint(0, 4))] if rng.random() < 0.7 else tuple(node(depth - 1) for _ in range(3))

    seen_some = 0
    for _ in range(400):
        data = node(6)
        got = [p.id for p in providers_in(data)]
        assert got == _providers_by_recursion(data)
        seen_some += bool(got)
    assert seen_some > 50
    every = [{"provider": p.name} for p in providers().entries]
    assert [p.id for p in providers_in({"a": [*every, {"provider_name": "nobody"}], "b": [[{"x": 1}]]})] == \
        [p.id for p in providers().entries]  # all named: the walk stops, the order kept
    assert providers_in("gpuli") == [] and providers_in({"provider": "gpuli", "rows": []})[0].id == "gpuli"


def test_a_filled_request_sized_first_does_not_lend_its_figures_to_the_stated_one() -> None:
    """"8b qlora 两张3090 要开 zero3 吗": the ZeRO-3 answer sizes the filled request (its loss stated, so no
    loss-version assumption), then the "one card holds it" line sizes the stated one on one card (the
    assumption made, the older loss's margin in the high end). The start of session 27's memo keyed both
    alike and gave the second the first's high end; each is now what it is sized alone."""
    stated = TrainingRequest(model="qwen3-8b", method="qlora", gpu="rtx-3090", num_gpus=1)
    filled = resolve(stated).request
    with one_question():
        first = size(filled)
        second = size(stated)
    assert not any(a.code == "loss_version_unknown" for a in first.resolved.assumptions)
    assert any(a.code == "loss_version_unknown" for a in second.resolved.assumptions)
    assert second.estimate == size(stated).estimate and first.estimate == size(filled).estimate
    assert second.estimate.version_margin_gb > 0 == first.estimate.version_margin_gb
