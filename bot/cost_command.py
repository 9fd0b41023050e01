"""`kasuan cost`: how long a fine-tuning job takes and what it costs at every provider, cheapest first.

The engine (engine.cost.compare) does the numbers; this module reads the flags and the free text,
builds the reply data (a plain dict, like bot.views), renders templates/plain/cost.j2, or adds
`time` and `costs` to the sizing JSON. bot/cli.py registers it lazily inside build_parser, so
importing from bot.cli at the top is safe.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from bot.cli import EXIT_BAD_INPUT, SIZE_FIELDS, add_size_flags
from bot.errors import error_message
from bot.i18n import detect_language, has, t
from bot.json_output import sizing_json
from bot.render import render
from bot.understand.numbers import parse_quantity
from bot.views import sizing_view
from engine.billing import Amount, CycleLine, Note
from engine.catalog import ModelSpec, gpus
from engine.cost import CostOption, CostReport, Skip, compare
from engine.errors import InvalidRequest, KasuanError
from engine.hf_config import load_config
from engine.providers import currency, provider, round_money
from engine.request import TrainingRequest

COST_FIELDS = (
    "tokens", "samples", "avg_len", "epochs", "provider", "hours", "days", "step_seconds", "mfu", "currency",
)
TABLE_ROWS = 8  # the reply shows the cheapest few; --json lists every option
ROW_FLAGS = ("tight", "estimate", "price_band", "price_unlabelled", "separate_instances",
             "multi_node_no_infiniband", "multi_node_infiniband")
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
    plain = render("cost", "plain", v=cost_view(report), s=sizing_view(report.sizing), lang=lang, **FORMATTERS)
    return plain, cost_json(report)


# ---------------------------------------------------------------- handler


def cmd_cost(args: argparse.Namespace) -> int:
    """Print the reply (or JSON); bad input is one line on stderr and exit 2."""
    spec = load_config(args.config) if args.config else None
    if args.text == "-":
        return answer_lines(sys.stdin, args, spec)
    text = args.text or ""
    try:
        plain, obj = answer_cost(args, text, spec)
    except KasuanError as exc:
        print(cost_error_message(exc, args.lang or detect_language(text)), file=sys.stderr)
        return EXIT_BAD_INPUT
    print(json.dumps(obj, ensure_ascii=False) if args.json else plain, end="\n" if args.json else "")
    return 0


def answer_lines(lines: Iterable[str], args: argparse.Namespace, spec: ModelSpec | None) -> int:
    """`kasuan cost -`: one JSON object per input line; a bad line gets an error object, the rest go on."""
    status = 0
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        lang = args.lang or detect_language(line)
        try:
            obj = answer_cost(args, line, spec)[1]
        except KasuanError as exc:
            obj = {"input": line, "error": {"code": exc.code, "message": cost_error_message(exc, lang)}}
            status = EXIT_BAD_INPUT
        print(json.dumps(obj, ensure_ascii=False), flush=True)
    return status


def cost_error_message(exc: KasuanError, lang: str) -> str:
    """One line: the cost-specific refusals (a card or count a provider does not rent) in the
    user's language, with the provider's and card's names; everything else as bot.errors words it."""
    reason = exc.params.get("reason")
    key = f"cost.error.{reason}"
    if isinstance(exc, InvalidRequest) and reason and has(key):
        p = dict(exc.params)
        p["provider"] = _provider_name(p.get("provider"))
        p["gpu"] = _gpu_name(p.get("gpu"))
        p["offered"] = ", ".join(_gpu_name(g) for g in p.get("offered") or [])
        p["counts"] = ", ".join(str(c) for c in p.get("counts") or [])
        p.setdefault("num_gpus", "")
        return t(key, lang, **p)
    return error_message(exc, lang)


def _provider_name(ident: object) -> str:
    if not isinstance(ident, str):
        return ""
    try:
        return provider(ident).name
    except KasuanError:
        return ident


def _gpu_name(ident: object) -> str:
    if not isinstance(ident, str):
        return ""
    found = gpus().find(ident)
    return found.name if found is not None else ident


# ---------------------------------------------------------------- formatting (passed to the template)


def fmt_money(low: Decimal, high: Decimal | None, currency_id: str) -> str:
    """₮4,172 · $0.54 · ¥25,000–40,000: the currency's symbol, thousands separators, cents only when
    there are any, a range as low–high."""
    symbol = currency(currency_id).symbol

    def one(x: Decimal) -> str:
        r = round_money(x, currency_id)
        return f"{r:,.0f}" if r == r.to_integral_value() else f"{r:,.2f}"

    if high is None or high == low:
        return f"{symbol}{one(low)}"
    return f"{symbol}{one(low)}–{one(high)}"


def fmt_rate(low: Decimal, high: Decimal, currency_id: str) -> str:
    """Price per GPU-hour, always to the cent: ₮3.10, $1.09, ¥23.61–35.42."""
    symbol = currency(currency_id).symbol
    a, b = round_money(low, currency_id), round_money(high, currency_id)
    return f"{symbol}{a:,.2f}" if a == b else f"{symbol}{a:,.2f}–{b:,.2f}"


def fmt_sci(x: float) -> str:
    """1.152e19 -> 1.15e19 (FLOPs)."""
    mantissa, exponent = f"{x:.2e}".split("e")
    return f"{mantissa}e{int(exponent)}"


def fmt_pct(x: float) -> str:
    return f"{x * 100:.0f}%" if abs(x * 100 - round(x * 100)) < 0.05 else f"{x * 100:.1f}%"


def duration_parts(hours: float | Decimal | None) -> tuple[str, str] | None:
    """(unit key, number) for a duration: minutes under an hour, hours under two days, else days."""
    if hours is None:
        return None
    h = float(hours)
    if h < 1:
        return "minutes", f"{max(h * 60, 0):.0f}"
    if h < 48:
        return "hours", f"{h:.2f}" if h < 10 else f"{h:.1f}"
    return "days", f"{h / 24:,.1f}"


def fmt_duration(hours: float | Decimal | None, lang: str) -> str:
    parts = duration_parts(hours)
    if parts is None:
        return "—"
    unit, n = parts
    return t(f"cost.dur.{unit}", lang, n=n)


FORMATTERS = {"money": fmt_money, "rate": fmt_rate, "sci": fmt_sci, "pct": fmt_pct, "duration": fmt_duration}


# ---------------------------------------------------------------- reply data


def _cycles(lines: Iterable[CycleLine]) -> list[dict[str, Any]]:
    return [{"kind": c.kind, "count": c.count, "instances": c.instances} for c in lines]


def _note_params(note: Note, currency_id: str) -> dict[str, Any]:
    """A note's parameters ready for str.format: money with its symbol, lists joined, shares rounded."""
    out: dict[str, Any] = {}
    for key, value in note.params.items():
        if key in ("low", "high", "hold", "min_balance") and isinstance(value, Decimal):
            out[key] = fmt_money(value, None, currency_id)
        elif key == "days" and isinstance(value, Decimal):
            out[key] = f"{value:.1f}".removesuffix(".0")
        elif key == "hours" and isinstance(value, Decimal | float):
            out[key] = f"{float(value):g}"
        elif isinstance(value, list | tuple):
            out[key] = ", ".join(str(v) for v in value)
        else:
            out[key] = value
    return out


def option_row(o: CostOption) -> dict[str, Any]:
    q = o.quote
    plan = o.plan
    return {
        "provider": o.provider.id,
        "provider_name": o.provider.name,
        "gpu": o.gpu.id,
        "name": o.gpu.name,
        "num_gpus": o.num_gpus,
        "zero": plan.zero,
        "offload": plan.offload,
        "hours": o.hours,
        "cycles": _cycles(q.cycles),
        "currency": q.currency,
        "total_min": q.total_min,
        "total_max": q.total_max,
        "per_gpu_hour_min": q.per_gpu_hour_range.low,
        "per_gpu_hour_max": q.per_gpu_hour_range.high,
        "unused_hours": q.unused_hours,
        "flags": [n.code for n in o.notes if n.code in ROW_FLAGS],
        "cheapest": o.cheapest,
        "notes": [
            {"code": n.code, "params": _note_params(n, q.currency)} for n in o.notes if n.code not in QUIET_NOTES
        ],
    }


def cost_view(report: CostReport) -> dict[str, Any]:
    """What a cost reply shows: the time, the cheapest rows, the pick, the notes and the misses."""
    ref = report.reference
    time = ref.time if ref is not None else None
    pick = report.cheapest
    converted = None
    if pick is not None and pick.currency != report.display_currency:
        converted = {"low": pick.compare_range.low, "high": pick.compare_range.high}
    does_not_fit: dict[str, float] = {}
    for k in report.skipped:
        if k.reason == "does_not_fit":
            name = _gpu_name(k.gpu)
            short = float(k.params.get("short_gb", 0.0))  # type: ignore[arg-type]
            does_not_fit[name] = min(short, does_not_fit.get(name, short))
    no_count = sorted({_provider_name(k.provider) for k in report.skipped if k.reason == "count_not_offered"})
    return {
        "basis": report.basis,
        "tokens": report.tokens,
        "epochs": report.request.epochs,
        "stated_hours": report.stated_duration.total_seconds() / 3600 if report.stated_duration else None,
        "method": report.sizing.resolved.method,
        "recompute_counted": report.recompute_counted,
        "attention_counted": report.attention_counted,
        "ref": option_row(ref) if ref is not None else None,
        "time": _time_view(time),
        "pick": option_row(pick) if pick is not None else None,
        "converted": converted,
        "display_currency": report.display_currency,
        "rows": [option_row(o) for o in report.options[:TABLE_ROWS]],
        "more": max(len(report.options) - TABLE_ROWS, 0),
        "notes": (option_row(pick)["notes"] if pick is not None else [])[:SHOWN_NOTES],
        "assumptions": [{"code": a.code, "value": a.value} for a in report.assumptions],
        "does_not_fit": [{"name": n, "short_gb": s} for n, s in does_not_fit.items()],
        "no_count": no_count,
        "num_gpus": report.sizing.resolved.request.num_gpus if report.sizing.resolved.num_gpus_stated else None,
    }


def _time_view(time: Any) -> dict[str, Any] | None:
    if time is None:
        return None
    return {
        "basis": time.basis,
        "hours": time.hours,
        "flops": time.flops,
        "mfu": time.mfu,
        "mfu_base": time.mfu_base,
        "mfu_source": time.mfu_source,
        "factors": [{"code": f.code, "value": f.value} for f in time.factors],
        "steps": time.steps,
        "seconds_per_step": time.seconds_per_step,
    }


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
        "per_gpu_hour": _money(round_money(q.per_gpu_hour, q.currency)) if q.per_gpu_hour is not None else None,
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
    obj["assumptions"] = [*obj["assumptions"], *({"code": a.code, "value": a.value} for a in report.assumptions)]
    pick = report.cheapest
    obj["time"] = time_json(report)
    obj["currency"] = report.display_currency
    obj["costs"] = [option_json(o, report.display_currency) for o in report.options]
    obj["cheapest"] = report.options.index(pick) if pick is not None else None
    obj["skipped"] = [_skip_json(k) for k in report.skipped]
    return obj


__all__ = ["add_cost_parser", "answer_cost", "cmd_cost", "cost_json", "cost_view"]
