"""`kasuan cost`: how long a fine-tuning job takes and what it costs at every provider, cheapest first.

The engine (engine.cost.compare) does the numbers; this module reads the flags and the free text,
builds the reply data (`cost_reply`: a Reply rendered by templates/cost.j2 in every flavor, so a
chat /cost handler can return the same thing), or adds `time` and `costs` to the sizing JSON.
bot/cli.py registers it lazily inside build_parser, so importing from bot.cli at the top is safe.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from decimal import Decimal
from typing import Any, cast

from bot.cli import EXIT_BAD_INPUT, SIZE_FIELDS, add_size_flags, answer_lines
from bot.errors import error_message, gpu_name, provider_name
from bot.i18n import detect_language
from bot.json_output import sizing_json
from bot.render import fmt_gb, fmt_money, short_gpu
from bot.replies import Reply
from bot.understand.numbers import parse_quantity
from engine.billing import Amount, Note
from engine.catalog import ModelSpec
from engine.cost import CostOption, CostReport, Skip, compare
from engine.errors import KasuanError
from engine.hf_config import load_config
from engine.providers import round_money
from engine.request import TrainingRequest

COST_FIELDS = (
    "tokens", "samples", "avg_len", "epochs", "provider", "hours", "days", "step_seconds", "mfu", "currency",
)
TABLE_ROWS = 8  # the reply shows the cheapest few; --json lists every option
# One-character marks in the table, explained under it (order = legend order).
MARKS = {"tight": "!", "estimate": "~", "price_band": "~", "price_unlabelled": "?", "separate_instances": "*",
         "multi_node_no_infiniband": "*"}
MINUTES_AS_HOURS = 600
UNUSED_SHOWN_FROM_HOURS = Decimal("0.05")  # per-minute rounding leaves seconds: not worth a column entry
SHOWN_NOTES = 2  # "the one or two notes that matter"
QUIET_NOTES = {"boot_minutes", "minimum_unit"}  # said elsewhere in the reply, or too small to matter


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
    p.set_defaults(handler=cmd_cost)
    return p


# ---------------------------------------------------------------- request


def cost_request(args: argparse.Namespace, text: str) -> TrainingRequest:
    """What the text says, with every stated flag on top (flags beat text)."""
    stated = {k: getattr(args, k, None) for k in (*SIZE_FIELDS, *COST_FIELDS)}
    flags = TrainingRequest.model_validate({k: v for k, v in stated.items() if v is not None})
    return text_cost_request(text).merged(flags)


def text_cost_request(text: str) -> TrainingRequest:
    """The chat parser's reading of `text`, with the provider and duration it found."""
    if not text:
        return TrainingRequest()
    from bot.understand.parser import parse

    parsed = parse(text)
    rental = parsed.rental
    found = {"provider": rental.provider, "days": rental.duration_days, "hours": rental.duration_hours}
    extra = {k: v for k, v in found.items() if v is not None and getattr(parsed.request, k) is None}
    return parsed.request.model_copy(update=extra) if extra else parsed.request


def answer_cost(args: argparse.Namespace, text: str, spec: ModelSpec | None) -> tuple[str, dict[str, Any]]:
    """(plain text, json object) for one cost question."""
    lang = args.lang or detect_language(text)
    request = cost_request(args, text)
    if spec is not None:
        request = request.model_copy(update={"model": None, "params_b": None})
    report = compare(request, spec)
    return cost_reply(report, lang).render("plain"), cost_json(report)


# ---------------------------------------------------------------- handler


def cmd_cost(args: argparse.Namespace) -> int:
    """Print the reply (or JSON); bad input is one line on stderr and exit 2."""
    spec = load_config(args.config) if args.config else None
    if args.text == "-":
        return answer_lines(sys.stdin, lambda line: answer_cost(args, line, spec)[1], args)
    text = args.text or ""
    try:
        plain, obj = answer_cost(args, text, spec)
    except KasuanError as exc:
        print(error_message(exc, args.lang or detect_language(text)), file=sys.stderr)
        return EXIT_BAD_INPUT
    print(json.dumps(obj, ensure_ascii=False) if args.json else plain, end="\n" if args.json else "")
    return 0




def duration_view(hours: float | Decimal | None) -> dict[str, str] | None:
    """A duration as (unit, number) for the template to word: minutes under an hour, hours under
    two days, days beyond; None when there is none to show."""
    if hours is None:
        return None
    h = float(hours)
    if h < 1:
        return {"unit": "minutes", "n": f"{max(h * 60, 1):.0f}"}
    if h < 48:
        return {"unit": "hours", "n": f"{h:.2f}" if h < 10 else f"{h:.1f}"}
    return {"unit": "days", "n": f"{h / 24:,.1f}"}


def sci(x: float) -> str:
    """FLOPs as engineers write them: 1.152e19 -> 1.15e19."""
    mantissa, exponent = f"{x:.2e}".split("e")
    return f"{mantissa}e{int(exponent)}"


def pct(share: float | None) -> str:
    """A utilization as a percentage: 0.3 -> 30%, 0.245 -> 24.5%."""
    return f"{(share or 0) * 100:.1f}".removesuffix(".0") + "%"


def _note_params(note: Note, currency_id: str) -> dict[str, Any]:
    """A note's parameters ready for str.format: money with its symbol, lists joined, numbers short."""
    out: dict[str, Any] = {}
    for key, value in note.params.items():
        if key in ("low", "high", "hold", "min_balance") and isinstance(value, Decimal):
            out[key] = fmt_money(value, currency_id)
        elif key in ("host_gb", "headroom_gb") and isinstance(value, float | int):
            out[key] = fmt_gb(float(value))
        elif key in ("days", "hours") and isinstance(value, Decimal | float | int):
            out[key] = f"{float(value):,.1f}".removesuffix(".0")
        elif isinstance(value, list | tuple):
            out[key] = ", ".join(str(v) for v in value)
        else:
            out[key] = value
    return out


def option_row(o: CostOption) -> dict[str, Any]:
    """One option as the reply shows it (numbers raw or as unit + number; no words)."""
    q = o.quote
    plan = o.plan
    unused = q.unused_hours if q.unused_hours > UNUSED_SHOWN_FROM_HOURS else None
    return {
        "provider": o.provider.id,
        "provider_name": o.provider.name,
        "gpu": o.gpu.id,
        "name": short_gpu(o.gpu.name),
        "num_gpus": o.num_gpus,
        "zero": plan.zero,
        "offload": plan.offload,
        "time": duration_view(o.hours),
        "cycles": [_cycle_view(c.kind, c.count) for c in q.cycles],
        "instances": q.instances,
        "currency": q.currency,
        "total_min": _display(q.total_min, q.currency),
        "total_max": _display(q.total_max, q.currency),
        "rate_min": _display(q.per_gpu_hour_range.low, q.currency),
        "rate_max": _display(q.per_gpu_hour_range.high, q.currency),
        "unused": duration_view(unused),
        "marks": [MARKS[n.code] for n in o.notes if n.code in MARKS],
        "cheapest": o.cheapest,
        "notes": [
            {"code": n.code, "params": _note_params(n, q.currency)} for n in o.notes if n.code not in QUIET_NOTES
        ],
    }


def _cycle_view(kind: str, count: int) -> dict[str, Any]:
    """Minutes billed read better as hours past ten hours (4,167 min -> 69.5 h); JSON keeps minutes."""
    if kind == "minute" and count >= MINUTES_AS_HOURS:
        return {"kind": "minute_hours", "count": Decimal(count) / 60}
    return {"kind": kind, "count": count}


def _display(amount: Decimal, currency_id: str) -> Decimal:
    """Rounded to the currency's minor units, so a band whose ends round alike prints as one amount."""
    return round_money(amount, currency_id)


def cost_view(report: CostReport) -> dict[str, Any]:
    """What a cost reply shows: the time, the pick, the cheapest rows, the notes that matter and what
    did not make the list. Same data for every flavor."""
    ref = report.reference
    tt = ref.time if ref is not None else None
    pick = report.cheapest
    converted = None
    if pick is not None and pick.currency != report.display_currency:
        converted = {"min": _display(pick.compare_range.low, report.display_currency),
                     "max": _display(pick.compare_range.high, report.display_currency)}
    short: dict[str, float] = {}
    for k in report.skipped:
        if k.reason == "does_not_fit":
            name = gpu_name(k.gpu)
            gb = float(cast(float, k.params.get("short_gb", 0.0)))
            short[name] = min(gb, short.get(name, gb))
    rows = [option_row(o) for o in report.options[:TABLE_ROWS]]
    marks = sorted({m for r in rows for m in r["marks"]}, key=list(MARKS.values()).index)
    r = report.sizing.resolved
    return {
        "basis": report.basis,
        "tokens": report.tokens,
        "adapter": r.adapter,
        "recompute_counted": report.recompute_counted,
        "attention_counted": report.attention_counted,
        "stated": duration_view(report.stated_duration.total_seconds() / 3600) if report.stated_duration else None,
        "ref": option_row(ref) if ref is not None else None,
        "time": None if tt is None else {
            "duration": duration_view(tt.hours),
            "flops": sci(tt.flops) if tt.flops is not None else None,
            "mfu": pct(tt.mfu),
            "mfu_base": pct(tt.mfu_base),
            "mfu_user": tt.mfu_source == "user",
            "factors": [{"code": f.code, "value": f.value} for f in tt.factors],
            "steps": tt.steps,
            "seconds_per_step": tt.seconds_per_step,
        },
        "pick": option_row(pick) if pick is not None else None,
        "converted": converted,
        "display_currency": report.display_currency,
        "rows": rows,
        "more": max(len(report.options) - TABLE_ROWS, 0),
        "mixed_currencies": len({o.currency for o in report.options[:TABLE_ROWS]}) > 1,
        "marks": marks,
        "notes": (option_row(pick)["notes"] if pick is not None else [])[:SHOWN_NOTES],
        "sizing_assumptions": [{"code": a.code, "value": a.value} for a in report.sizing.assumptions],
        "assumptions": [{"code": a.code, "value": a.value} for a in report.assumptions],
        "does_not_fit": [{"name": n, "short_gb": gb} for n, gb in list(short.items())[:6]],
        "no_count": _no_count(report),
        "num_gpus": r.request.num_gpus if r.num_gpus_stated else None,
        "model": r.spec.name,
        "bare_size": any(a.code == "architecture_from" for a in report.sizing.assumptions),
        "params": r.params,
        "method": r.method,
        "seq_len": r.request.seq_len,
        "micro_batch": r.request.micro_batch,
    }


def _no_count(report: CostReport) -> list[str]:
    """Provider cards without a setup of the asked size (at most six, then an ellipsis)."""
    names = sorted({f"{provider_name(k.provider)} {gpu_name(k.gpu)}" for k in report.skipped
                    if k.reason == "count_not_offered"})
    return names[:6] + (["…"] if len(names) > 6 else [])


def cost_reply(report: CostReport, lang: str) -> Reply:
    """The cost reply as data (templates/cost.j2), for the CLI and any chat front end alike."""
    return Reply("cost", lang, {"v": cost_view(report)})


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
        "per_gpu_hour": str(round_money(q.per_gpu_hour, q.currency)) if q.per_gpu_hour is not None else None,
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
    return obj


__all__ = ["add_cost_parser", "answer_cost", "cmd_cost", "cost_json", "cost_reply", "cost_view"]
