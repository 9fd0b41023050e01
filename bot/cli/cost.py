"""`kasuan cost`: how long a fine-tuning job takes and what it costs at every provider, cheapest first.

The engine (engine.cost.compare) does the numbers and bot.views.cost shapes the reply every front
end shows; this module reads the flags and the free text, prints that reply, or adds `time` and
`costs` to the sizing JSON.
bot/cli/commands.py registers it lazily inside build_parser, so importing bot.cli.args at the top is safe.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from decimal import Decimal
from typing import Any

from bot.cli.args import EXIT_BAD_INPUT, SIZE_FIELDS, add_from_flag, add_size_flags, answer_lines
from bot.cli.contract import CostJson, checked
from bot.cli.json_output import sizing_json
from bot.messages import Reply
from bot.text.errors import error_message
from bot.text.i18n import detect_language
from bot.text.render import render_reply
from bot.understand.numbers import parse_quantity
from bot.understand.parser import parse_cost
from bot.views.cost import cost_reply
from engine.billing import Amount
from engine.catalog import ModelSpec
from engine.cost import CostOption, CostReport, Skip, compare
from engine.errors import InvalidRequest, KasuanError
from engine.hf_config import load_config
from engine.money import Money
from engine.request import TrainingRequest

COST_FIELDS = (
    "tokens", "samples", "avg_len", "epochs", "provider", "hours", "days", "step_seconds", "mfu", "currency",
)


# ---------------------------------------------------------------- flags


def count_arg(text: str) -> int:
    """A count as people type it: 20000000, 20M, 2e7, 2000万; a minus sign is kept for the engine to refuse."""
    s = text.strip()
    sign = -1 if s.startswith("-") else 1
    value = parse_quantity(s.lstrip("-"))
    if value is None or not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"not a count: {text!r} (try 20M, 2e7, 2000万)")
    return sign * round(value)


def share_arg(text: str) -> float:
    """A utilization as a share or a percentage: 0.3 or 30%."""
    s = text.strip()
    try:
        return float(s[:-1]) / 100 if s.endswith("%") else float(s)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"not a share: {text!r} (try 0.3 or 30%)") from exc


def number_arg(text: str) -> float:
    try:
        return float(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from exc


def add_cost_flags(p: argparse.ArgumentParser) -> None:
    """The dataset, schedule and pricing flags `cost` adds to the sizing flags."""
    data = p.add_mutually_exclusive_group()
    data.add_argument("--tokens", type=count_arg, help="tokens per epoch, e.g. 20M")
    data.add_argument("--samples", type=count_arg, help="samples per epoch (with --avg-len, or --step-seconds)")
    p.add_argument("--avg-len", type=count_arg, dest="avg_len", help="average tokens per sample")
    p.add_argument("--epochs", type=number_arg)
    p.add_argument("--provider", help="only this provider: gpuli, cloudgpu, yiwan")
    p.add_argument("--hours", type=number_arg, help="how long you need the cards (when no dataset size is given)")
    p.add_argument("--days", type=number_arg, help="the same in days")
    p.add_argument("--step-seconds", type=number_arg, dest="step_seconds",
                   help="measured seconds per optimizer step on --gpu (seed 002: time 50 steps, divide by 50)")
    p.add_argument("--mfu", type=share_arg, help="model FLOPs utilization, e.g. 0.3 or 30%%")
    p.add_argument("--currency", help="compare totals in USD, CNY or USDT (each price stays in its own)")


def add_cost_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register `kasuan cost` on the `kasuan` subparsers (called from bot.cli.build_parser)."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "cost", help="training time and the cheapest way to buy it at each provider"
    )
    add_size_flags(p)
    add_cost_flags(p)
    add_from_flag(p)
    goal = p.add_mutually_exclusive_group()
    goal.add_argument("--deadline", help="only setups that finish by then: 2026-12-15, 2026-12-15T18:00+08:00, 3d, 48h")
    goal.add_argument("--budget", help="only setups within this total: 5000CNY, $800, 500USDT")
    p.set_defaults(handler=cmd_cost)
    return p


def planning_cost(args: argparse.Namespace, text: str, lang: str) -> Reply:
    """`cost --deadline / --budget`: the cheapest setups that meet it, at every card count."""
    from bot.clock import SystemClock
    from bot.understand.planning import budget_value, deadline_value
    from bot.views.planning import budget_reply, deadline_reply

    request = cost_request(args, text)
    if args.deadline:
        now = SystemClock().now()
        due = deadline_value(args.deadline, now)
        if due is None:
            raise InvalidRequest("deadline", "not a date or a span", reason="bad_deadline", value=args.deadline)
        return deadline_reply(request, due, now, lang)
    found = budget_value(args.budget)
    if found is None:
        raise InvalidRequest("budget", "not an amount", reason="bad_budget", value=args.budget)
    amount, currency = found
    return budget_reply(request, amount, currency or request.currency or "USD", lang)


# ---------------------------------------------------------------- request


def cost_request(args: argparse.Namespace, text: str) -> TrainingRequest:
    """What the text says, with every stated flag on top (flags beat text)."""
    stated = {k: getattr(args, k, None) for k in (*SIZE_FIELDS, *COST_FIELDS)}
    flags = TrainingRequest.model_validate({k: v for k, v in stated.items() if v is not None})
    return parse_cost(text).merged(flags)


def answer_cost(args: argparse.Namespace, text: str, spec: ModelSpec | None) -> tuple[str, dict[str, Any]]:
    """(plain text, json object) for one cost question."""
    lang = args.lang or detect_language(text)
    request = cost_request(args, text)
    if spec is not None:
        request = request.model_copy(update={"model": None, "params_b": None})
    report = compare(request, spec)
    return render_reply(cost_reply(report, lang), "plain"), cost_json(report)


# ---------------------------------------------------------------- handler


def cmd_cost(args: argparse.Namespace) -> int:
    """Print the reply (or JSON); bad input is one line on stderr and exit 2."""
    if getattr(args, "from_files", None):
        from bot.cli.from_file import answer_from

        return answer_from(args, cost=True)
    spec = load_config(args.config) if args.config else None
    if args.text == "-":
        return answer_lines(sys.stdin, lambda line: answer_cost(args, line, spec)[1], args)
    text = args.text or ""
    if args.deadline or args.budget:
        if spec is not None:
            raise InvalidRequest("config", "--deadline and --budget take a catalog model", value=args.config)
        reply = planning_cost(args, text, args.lang or detect_language(text))
        print(json.dumps(reply.data["v"], ensure_ascii=False, default=str) if args.json else render_reply(reply, "plain"),
              end="\n" if args.json else "")
        return 0
    try:
        plain, obj = answer_cost(args, text, spec)
    except KasuanError as exc:
        print(error_message(exc, args.lang or detect_language(text)), file=sys.stderr)
        return EXIT_BAD_INPUT
    print(json.dumps(obj, ensure_ascii=False) if args.json else plain, end="\n" if args.json else "")
    return 0


# ---------------------------------------------------------------- JSON


def _money(x: Decimal) -> str:
    """A Decimal as a JSON string without exponent or trailing zeros ("4172", "0.539")."""
    return format(x.normalize(), "f") if x else "0"


def _jsonable(value: object) -> object:
    if isinstance(value, Decimal):
        return _money(value)
    if isinstance(value, float):
        return round(value, 6)
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def _amount(a: Amount) -> dict[str, str]:
    return {"min": _money(a.low), "max": _money(a.high)}


def option_json(o: CostOption, display: str) -> dict[str, Any]:
    """One option of `costs` in the JSON contract; money as strings (Decimal, never float)."""
    q = o.quote
    est = o.fit.estimate
    return {
        "provider": o.provider.id,
        "offer": q.offer,
        "gpu": o.gpu.id,
        "num_gpus": o.num_gpus,
        "instances": q.instances,
        "gpus_per_instance": q.gpus_per_instance,
        "plan": {"zero": est.plan.zero, "offload": est.plan.offload},
        "memory_gb": round(est.total_gb, 3),
        "headroom_gb": round(o.fit.headroom_gb, 3),
        "tight": o.tight,
        "hours": round(o.hours, 4) if o.hours is not None else None,
        "mfu": round(o.time.mfu, 4) if o.time is not None and o.time.mfu is not None else None,
        "needed_hours": _money(q.needed_hours),
        "bought_hours": _money(q.bought_hours),
        "unused_hours": _money(q.unused_hours),
        "cycles": [
            {"kind": c.kind, "count": c.count, "instances": c.instances,
             "unit_price": _amount(c.unit_price), "amount": _amount(c.amount)}
            for c in q.cycles
        ],
        "add_ons": [
            {"id": a.id, "unit": a.unit, "quantity": _money(a.quantity), "months": a.months,
             "unit_price": _money(a.unit_price), "amount": _money(a.amount)}
            for a in q.add_ons
        ],
        "discounts": [{"id": d.id, "kind": d.kind, "amount": _amount(d.amount)} for d in q.discounts],
        "total": _money(q.total) if q.total is not None else None,
        "total_min": _money(q.total_min),
        "total_max": _money(q.total_max),
        "currency": q.currency,
        "per_gpu_hour": str(Money(q.per_gpu_hour, q.currency).rounded().amount) if q.per_gpu_hour is not None else None,
        "per_gpu_hour_min": _money(q.per_gpu_hour_range.low),
        "per_gpu_hour_max": _money(q.per_gpu_hour_range.high),
        "compare": {"currency": display, **_amount(o.compare_range)},
        "price_status": q.price_status,
        "estimate": o.estimate,
        "caution": o.caution,
        "cheapest": o.cheapest,
        "notes": [{"code": n.code, "params": _jsonable(dict(n.params))} for n in o.notes],
    }


def time_json(report: CostReport) -> dict[str, Any]:
    """`time`: the estimate for the recommended option (or the cheapest listed), and what it rests on."""
    ref = report.reference
    tt = ref.time if ref is not None else None
    hours: float | None = None
    if tt is not None:
        hours = tt.hours
    elif report.stated_duration is not None:
        hours = report.stated_duration.total_seconds() / 3600
    return {
        "basis": report.basis,
        "flops": tt.flops if tt is not None else None,
        "hours": round(hours, 4) if hours is not None else None,
        "mfu": round(tt.mfu, 4) if tt is not None and tt.mfu is not None else None,
        "mfu_source": tt.mfu_source if tt is not None else None,
        "factors": [{"code": f.code, "value": f.value} for f in tt.factors] if tt is not None else [],
        "tokens": report.tokens,
        "steps": tt.steps if tt is not None else None,
        "seconds_per_step": _money(tt.seconds_per_step) if tt is not None and tt.seconds_per_step else None,
        "recompute_counted": report.recompute_counted,
        "attention_counted": report.attention_counted,
        "provider": ref.provider.id if ref is not None else None,
        "gpu": ref.gpu.id if ref is not None else None,
        "num_gpus": ref.num_gpus if ref is not None else None,
    }


def _skip_json(k: Skip) -> dict[str, Any]:
    return {"provider": k.provider, "gpu": k.gpu, "num_gpus": k.num_gpus, "reason": k.reason,
            "params": _jsonable(dict(k.params))}


def cost_json(report: CostReport) -> dict[str, Any]:
    """The sizing JSON plus `time`, `costs` (cheapest first), `currency`, `cheapest` and `skipped`."""
    obj = sizing_json(report.sizing)
    obj["request"].update({k: getattr(report.request, k) for k in COST_FIELDS})
    obj["assumptions"] = [*obj["assumptions"], *({"code": a.code, "value": a.value} for a in report.assumptions)]
    pick = report.cheapest
    obj["time"] = time_json(report)
    obj["currency"] = report.display_currency
    obj["costs"] = [option_json(o, report.display_currency) for o in report.options]
    obj["cheapest"] = report.options.index(pick) if pick is not None else None
    obj["skipped"] = [_skip_json(k) for k in report.skipped]
    return checked(obj, CostJson)


