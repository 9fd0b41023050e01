"""One memory estimate per plan per question: the memo every planner of one question shares.

Why: a sizing answer weighs the stated plan, the ladder on every card, the levers (the request
with one change), the 8-bit optimizer and the other methods; a cost answer does the same and then
prices every offer. Each of those used to build its own Planner, so the same plan of the same
request was estimated again (the sizing's and compare()'s planners; size()'s 8-bit note and the
8-bit option). The memo is keyed by a frozen PlanKey — everything engine.memory.estimate reads —
so a plan is estimated once, whichever helper asks first.

The request enters the key without the fields an estimate never reads (PLAN_FIELDS: the card, the
count, the ZeRO stage and offload, which the plan carries, and what only prices read): an answer
sizes the stated setup, then the same job on one card ("one is enough"), on twice the cards (the
"more cards" lever) or at one provider, and each of those requests used to estimate again the plans
the first had estimated already, under another key.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import wraps
from typing import ParamSpec, TypeVar

from engine.architecture import ParamCounts
from engine.breakdown import Term
from engine.catalog import ModelSpec
from engine.memory import GB, TERM_KEYS, MemoryEstimate, Plan, activation_part, estimate, is_sharded, state_bytes
from engine.request import TrainingRequest
from engine.resolve import Resolved

# Request fields engine.memory.estimate (and activation_part) never read: the card, the count, the ZeRO stage
# and offload reach it only through the Plan; the rest are read by pricing alone. A field not listed here is
# in the key, so a field added to the request later is keyed until someone checks the estimate ignores it.
PLAN_FIELDS = frozenset({"gpu", "num_gpus", "zero", "offload", "exclude", "provider", "currency", "hours", "days"})
_LEFT_OUT = set(PLAN_FIELDS)  # as pydantic's `exclude` takes it


@dataclass(frozen=True)
class PlanKey:
    """What a memory estimate depends on: the filled request less PLAN_FIELDS, the architecture, the
    counts, the framework, whether the loss version is unknown (the older loss's margin) and the plan
    (the card is not in it: estimates do not depend on the card)."""

    request: str  # the filled request as canonical JSON less PLAN_FIELDS (a pydantic model is not hashable)
    spec: str  # the architecture as canonical JSON (a spec holds lists)
    counts: ParamCounts
    lora_params: int
    framework: str
    unknown_loss: bool
    plan: Plan


def full_states_floor_gb(r: Resolved, plan: Plan) -> float:
    """The model states full fine-tuning keeps on each card under `plan` (engine.memory.full_states' on-card
    terms, summed without building them): with the activations, a floor under the plan's expected figure, so a
    planner can pass over a plan whose floor is already over a card without estimating it (engine.fit.Planner)."""
    n, z, p = plan.num_gpus, plan.zero, r.params
    b = state_bytes(r)
    shards = (n if z >= 3 else 1, n if z >= 2 else 1, n if z >= 1 else 1, n if z >= 1 else 1)
    on_card = (plan.offload != "all", True, plan.offload == "none", plan.offload == "none")
    return sum(b[key][1] * p / shard / GB for key, shard, kept in zip(TERM_KEYS[:4], shards, on_card, strict=True) if kept)


@dataclass
class EstimateMemo:
    """The estimates of one question, by plan key; `computed` counts the real estimates."""

    # the estimates by (the number of their PlanKey less the plan, the plan): see `estimate`
    found: dict[tuple[int, Plan], MemoryEstimate] = field(default_factory=dict)
    computed: int = 0
    # the activation and logits terms by (request, spec, framework, loss version unknown, sharded):
    # the same for every plan of a request (engine.memory.activation_part)
    _activations: dict[tuple[str, str, str, bool, bool], tuple[tuple[Term, ...], float]] = field(default_factory=dict)
    # id -> (the object kept alive, its JSON): each request and spec is serialized once per question
    # (neither is ever changed in place: the engine derives new requests with model_copy)
    _json: dict[int, tuple[TrainingRequest | ModelSpec, str]] = field(default_factory=dict)
    # id -> (the request kept alive, its JSON less PLAN_FIELDS): what a PlanKey holds of it
    _memory_json: dict[int, tuple[TrainingRequest, str]] = field(default_factory=dict)
    # the question's sizings by (request JSON, id of the spec override): engine.sizing.size keeps them here, each
    # with the override it was made with (kept alive, so its id is never another's); see sizing.size
    sizings: dict[tuple[str, int], tuple[object, object]] = field(default_factory=dict)
    # id of a resolved request -> (it, kept alive; its number among the question's PlanKeys less the plan; its
    # activations key): what a key holds of a Resolved is worked out once per Resolved, not once per plan asked
    # (a ladder asks a dozen plans of one; a Resolved is frozen and its request and spec are never changed in place)
    _bases: dict[int, tuple[Resolved, int, tuple[str, str, str, bool]]] = field(default_factory=dict)
    # PlanKey less the plan -> its number: `found` is keyed by (number, plan)
    _base_ids: dict[tuple[str, str, ParamCounts, int, str, bool], int] = field(default_factory=dict)

    def _canonical(self, obj: TrainingRequest | ModelSpec) -> str:
        found = self._json.get(id(obj))
        if found is None:
            found = self._json[id(obj)] = (obj, obj.model_dump_json())
        return found[1]

    def canonical(self, obj: TrainingRequest | ModelSpec) -> str:
        """The JSON of a request or spec, serialized once per question."""
        return self._canonical(obj)

    def _memory_canonical(self, req: TrainingRequest) -> str:
        found = self._memory_json.get(id(req))
        if found is None:
            found = self._memory_json[id(req)] = (req, req.model_dump_json(exclude=_LEFT_OUT))
        return found[1]

    def key(self, r: Resolved, plan: Plan) -> PlanKey:
        unknown = any(a.code == "loss_version_unknown" for a in r.assumptions)  # the older loss's margin reads it
        return PlanKey(self._memory_canonical(r.request), self._canonical(r.spec), r.counts, r.lora_params,
                       r.framework.id, unknown, plan)

    def _base(self, r: Resolved) -> tuple[Resolved, int, tuple[str, str, str, bool]]:
        """What the keys of `r`'s plans hold of it (a PlanKey's fields less the plan), numbered once per Resolved."""
        found = self._bases.get(id(r))
        if found is None:
            key = self.key(r, Plan(1, 0))
            base = (key.request, key.spec, key.counts, key.lora_params, key.framework, key.unknown_loss)
            number = self._base_ids.setdefault(base, len(self._base_ids))
            found = self._bases[id(r)] = (r, number, (key.request, key.spec, key.framework, key.unknown_loss))
        return found

    def estimate(self, r: Resolved, plan: Plan) -> MemoryEstimate:
        """The estimate of `r` under `plan`: found when a request with the same PlanKey asked that plan before.
        Keyed by (the number of the PlanKey less the plan, the plan): the same identity as the PlanKey, worked
        out once per Resolved rather than serialized and hashed again for every plan."""
        _, number, at = self._base(r)
        hit = self.found.get((number, plan))
        if hit is None:
            hit = self.found[number, plan] = estimate(r, plan, self._activation_part(r, at, is_sharded(plan)))
            self.computed += 1
        return hit

    def floor_gb(self, r: Resolved, plan: Plan) -> float | None:
        """A floor under the expected figure of `r` under `plan`, far cheaper than the estimate: full fine-tuning's
        model states on each card plus the activations (the question's own, worked out once per request); the
        estimate adds the overhead (never less than the CUDA context) and any frozen model to these. None for an
        adapter (its states are not summed so cheaply) and once the plan is estimated (its figures are known)."""
        if r.adapter:
            return None
        _, number, at = self._base(r)
        if (number, plan) in self.found:
            return None
        acts, _ = self._activation_part(r, at, is_sharded(plan))
        return full_states_floor_gb(r, plan) + sum(t.gb for t in acts)

    def _activation_part(self, r: Resolved, at: tuple[str, str, str, bool], sharded: bool) -> tuple[tuple[Term, ...], float]:
        key = (*at, sharded)
        found = self._activations.get(key)
        if found is None:
            found = self._activations[key] = activation_part(r, sharded)
        return found


# the memo of the question being answered, when a front end opened one (one_question)
_QUESTION: ContextVar[EstimateMemo | None] = ContextVar("kasuan_question_memo", default=None)


@contextmanager
def one_question() -> Iterator[EstimateMemo]:
    """Every sizing while this is open shares one memo: an answer sizes the same request several times
    (the stated job, the seed's optimizer, the price's setup, the levers), and each later size() finds
    the plans the first one estimated. Estimates are a pure function of their key, so sharing changes
    no figure; the scope ends with the question, so nothing outlives the message."""
    memo = EstimateMemo()
    token = _QUESTION.set(memo)
    try:
        yield memo
    finally:
        _QUESTION.reset(token)
        memo.sizings.clear()  # each sizing holds the memo: without this cycle the question's objects go with it


def question_memo() -> EstimateMemo:
    """The open question's memo, or a fresh one (a size() called outside any question)."""
    return _QUESTION.get() or EstimateMemo()


P = ParamSpec("P")
R = TypeVar("R")


def in_one_question(answer: Callable[P, R]) -> Callable[P, R]:
    """`answer` runs inside one_question(): a front end's entry point wears this."""
    @wraps(answer)
    def scoped(*args: P.args, **kwargs: P.kwargs) -> R:
        with one_question():
            return answer(*args, **kwargs)
    return scoped
