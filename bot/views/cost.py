"""The cost reply as data: what a time-and-cost answer shows, the same for every front end.

engine.cost.compare does the numbers; this module picks the rows, the pick, the marks and the
notes that matter, and leaves every word to templates/cost.j2 and catalogs/strings_cost.yaml.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, cast

from bot.messages import Reply
from bot.text.names import gpu_name, provider_name, short_gpu
from bot.text.render import fmt_gb
from bot.views.minute_exact import minute_exact
from engine.billing import CycleLine, Note, Quote
from engine.cost import CostOption, CostReport
from engine.money import Money
from engine.price_list import cycle_unit_price
from engine.request import TrainingRequest
from engine.training_time import training_steps

TABLE_ROWS = 8  # the reply shows the cheapest few; --json lists every option
# One-character marks in the table, explained under it (order = legend order).
MARKS = {"tight": "!", "estimate": "~", "price_band": "~", "price_unlabelled": "?", "separate_instances": "*",
         "multi_node_no_infiniband": "*"}
MINUTES_AS_HOURS = 600
UNUSED_SHOWN_FROM_HOURS = Decimal("0.05")  # per-minute rounding leaves seconds: not worth a column entry
SHOWN_NOTES = 2  # "the one or two notes that matter"
QUIET_NOTES = {"boot_minutes", "minimum_unit"}  # said elsewhere in the reply, or too small to matter
# how the priced setup runs, said right under its price rather than after the alternatives (as the sizing
# reply's lead notes, bot/views/summary.py): ZeRO-3 on cards with no NVLink is markedly slower (seed 000)
LEAD_NOTES = frozenset({"zero3_pcie"})


def duration_view(hours: float | Decimal | None, estimate: bool = False) -> dict[str, str] | None:
    """A duration as (unit, number) for the template to word: minutes under an hour, hours under
    two days (or not whole or half days), days beyond; None when there is none to show. An `estimate` (a run timed from FLOPs and
    an assumed MFU, good to a factor of two or three by seed 000) between one and ten hours is said to
    the half hour, as the seed says it ("单次约 1.5 小时"): "1.35 小时" claims a precision it lacks."""
    if hours is None:
        return None
    h = float(hours)
    if estimate and 1 <= h < 10:
        h = max(round(h * 2) / 2, 1.0)
    if h < 1:
        return {"unit": "minutes", "n": f"{max(h * 60, 1):.0f}"}
    if h < 48 or (h * 2) % 24:  # "140 h" (10 h a day for two weeks) said as run, never "5.8 days"
        shown = f"{h:.2f}".rstrip("0") if h < 10 else f"{h:.1f}"  # "3 小时", "2.5 h": no zeros that say nothing
        return {"unit": "hours", "n": shown.removesuffix(".0").removesuffix(".")}
    return {"unit": "days", "n": f"{h / 24:,.1f}".removesuffix(".0")}


SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def sci(x: float) -> str:
    """FLOPs as the seeds write them, a power of ten rather than a computer's E notation, which no
    chat should show: 1.152e19 -> 1.15×10¹⁹."""
    mantissa, exponent = f"{x:.2e}".split("e")
    return f"{mantissa}×10{str(int(exponent)).translate(SUPERSCRIPT)}"


def pct(share: float | None) -> str:
    """A utilization as a percentage: 0.3 -> 30%, 0.245 -> 24.5%."""
    return f"{(share or 0) * 100:.1f}".removesuffix(".0") + "%"


def _note_params(note: Note, currency_id: str) -> dict[str, Any]:
    """A note's parameters ready for str.format: money with its symbol, lists joined, numbers short."""
    out: dict[str, Any] = {}
    for key, value in note.params.items():
        if key in ("low", "high", "hold", "min_balance") and isinstance(value, Decimal):
            out[key] = Money(value, currency_id).format()  # grouping and marks are the same in zh and en
        elif key in ("host_gb", "headroom_gb", "high_gb", "over_gb", "mid_gb") and isinstance(value, float | int):
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
        "cycles": [_cycle_view(c.kind, c.count) | {"unit": _unit_shown(q, c)} for c in q.cycles],
        "instances": q.instances,
        "currency": q.currency,
        "total_min": Money(q.total_min, q.currency).rounded().amount,
        "total_max": Money(q.total_max, q.currency).rounded().amount,
        "rate_min": Money(q.per_gpu_hour_range.low, q.currency).rounded().amount,
        "rate_max": Money(q.per_gpu_hour_range.high, q.currency).rounded().amount,
        "exact": minute_exact(q),  # a per-minute total cents would round: "$0.495 (≈ $0.50)"
        "unused": duration_view(unused),
        "marks": [MARKS[n.code] for n in o.notes if n.code in MARKS],
        "cheapest": o.cheapest,
        "compare": (o.compare_range.low, o.compare_range.high),  # in the report's display currency (the chart's bar)
        "notes": [_note_view(n, o) for n in o.notes if n.code not in QUIET_NOTES],
    }


def _note_view(n: Note, o: CostOption) -> dict[str, Any]:
    """A note as the reply shows it; the InfiniBand added across nodes says what it adds to the total
    ("₮1,200 (₮600 per node a month)"), read from the quote's own add-on line."""
    q, params = o.quote, _note_params(n, o.quote.currency)
    if n.code == "multi_node_infiniband":
        ib = {a.id for a in o.provider.add_ons if a.multi_node}
        line = next((a for a in q.add_ons if a.id in ib), None)
        if line is not None:
            return {"code": "multi_node_infiniband_priced", "params": params | {
                "total": Money(line.amount, q.currency).format(), "each": Money(line.unit_price, q.currency).format()}}
    return {"code": "tight_over" if "over_gb" in n.params else n.code, "params": params}


def _unit_shown(q: Quote, c: CycleLine) -> Decimal | None:
    """The price a bought line multiplies (engine.price_list.cycle_unit_price), as the reply prints it;
    none for an estimated band (its total already shows the range)."""
    unit = cycle_unit_price(q, c)
    return None if unit is None or unit.is_range else Money(unit.low, q.currency).rounded().amount


def _cycle_view(kind: str, count: int) -> dict[str, Any]:
    """Minutes billed read better as hours past ten hours (4,167 min -> 69.5 h); JSON keeps minutes."""
    if kind == "minute" and count >= MINUTES_AS_HOURS:
        return {"kind": "minute_hours", "count": Decimal(count) / 60}
    return {"kind": kind, "count": count}


def cost_view(report: CostReport) -> dict[str, Any]:
    """What a cost reply shows: the time, the pick, the cheapest rows, the notes that matter and what
    did not make the list. Same data for every flavor."""
    ref = report.reference
    tt = ref.time if ref is not None else None
    pick = report.cheapest
    converted = None
    if pick is not None and pick.currency != report.display_currency:
        converted = {"min": Money(pick.compare_range.low, report.display_currency).approx().amount,
                     "max": Money(pick.compare_range.high, report.display_currency).approx().amount}
    short: dict[str, float] = {}
    for k in report.skipped:
        if k.reason == "does_not_fit":
            name = gpu_name(k.gpu)
            gb = float(cast(float, k.params.get("short_gb", 0.0)))
            short[name] = min(gb, short.get(name, gb))
    rows = [option_row(o) for o in report.options[:TABLE_ROWS]]
    for row, o in zip(rows, report.options, strict=False):
        if o.currency != report.display_currency:  # the user's currency beside each provider's own
            row["converted"] = {"min": Money(o.compare_range.low, report.display_currency).approx().amount,
                                "max": Money(o.compare_range.high, report.display_currency).approx().amount}
    shown = lineup(report, rows)
    notes = option_row(pick)["notes"] if pick is not None else []
    led = notes if pick is not None else (rows[0]["notes"] if rows else [])  # the option the lead line prices
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
            "duration": duration_view(tt.hours, estimate=tt.flops is not None),
            "flops": sci(tt.flops) if tt.flops is not None else None,
            "mfu": pct(tt.mfu),
            "mfu_base": pct(tt.mfu_base),
            "mfu_user": tt.mfu_source == "user",
            "factors": [{"code": f.code, "value": f.value} for f in tt.factors],
            "steps": tt.steps,
            "seconds_per_step": tt.seconds_per_step,
        },
        "pick": option_row(pick) if pick is not None else None,
        # a pick that is only the cheapest not tight by its expected figure: never called the safe one
        "pick_tight": any(n["code"] in ("tight", "tight_over") for n in notes),
        "converted": converted,
        "display_currency": report.display_currency,
        "rows": rows,
        "others": shown[1:] if shown else [],
        "lineup": shown,
        "more": max(len(report.options) - TABLE_ROWS, 0),
        "mixed_currencies": len({o.currency for o in report.options[:TABLE_ROWS]}) > 1,
        "marks": marks,
        "notes": notes[:SHOWN_NOTES],  # every note that matters, for the details view
        "lead_notes": [n for n in led if n["code"] in LEAD_NOTES],  # under the priced line
        "tail_notes": [n for n in notes if n["code"] not in LEAD_NOTES][:SHOWN_NOTES],  # the short reply's closing notes
        "sizing_assumptions": [{"code": a.code, "value": a.value} for a in report.sizing.assumptions],
        "assumptions": [{"code": a.code, "value": a.value} for a in report.assumptions],
        "does_not_fit": [{"name": n, "short_gb": gb} for n, gb in list(short.items())[:6]],
        "no_count": _no_count(report),
        "num_gpus": r.request.num_gpus if r.num_gpus_stated else None,
        "model": r.spec.name,
        "bare_size": any(a.code == "architecture_from" for a in report.sizing.assumptions),
        "params": r.params,
        "method": r.method,
        "objective": r.request.objective if r.request.objective not in (None, "sft") else None,
        "seq_len": r.request.seq_len,
        "micro_batch": r.request.micro_batch,
        "run_steps": run_steps(report),
        "dataset": dataset_said(report),
    }


def dataset_said(report: CostReport) -> dict[str, Any] | None:
    """The dataset a time estimated from FLOPs was counted on, said back with how to get the real figure (seed 000:
    time about 50 steps on the card): "50,000 samples × 2048 tokens". None where the time is not such an estimate,
    the steps are counted already (run_steps says the 50 steps), or the message gave no samples."""
    q = report.request
    if report.basis != "flops" or not q.samples or run_steps(report) is not None:
        return None
    epochs = q.epochs or 1
    seq = round(report.tokens / q.samples / epochs) if report.tokens else q.seq_len  # the tokens a sample was counted at
    return {"samples": q.samples, "seq": seq, "epochs": epochs if epochs != 1 else None}


def run_steps(report: CostReport) -> dict[str, Any] | None:
    """The optimizer steps of a run whose dataset and batch settings were stated (seed 002: ⌈samples × epochs ÷
    (per-card batch × accumulation × GPUs)⌉), on the setup the time is given for; None when the batch is not stated
    or the time already comes from the steps. With no option holding the job the steps still count, on the cards
    stated (one when none are): a step count needs no card's memory."""
    q, ref = report.request, report.reference
    if report.basis != "flops" or not q.samples or not (q.micro_batch or q.grad_accum):
        return None
    return steps_counted(q, q.num_gpus or (ref.num_gpus if ref is not None else 1))


def steps_counted(q: TrainingRequest, gpus: int) -> dict[str, Any]:
    """The step count of `q`'s stated samples on `gpus` cards, with every factor of ⌈samples × epochs ÷ (batch ×
    accumulation × GPUs)⌉ a reply writes out (a cost's time line, a deadline's verdict)."""
    epochs, batch, accum = q.epochs or 1, q.micro_batch or 1, q.grad_accum or 1
    return {"steps": training_steps(q.samples or 0, epochs, batch, accum, gpus), "samples": q.samples, "epochs": epochs,
            "batch": batch, "accum": accum, "gpus": gpus}


OTHERS_SHOWN = 3


def lineup(report: CostReport, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The options the short reply names, in its order (the chart's bars): the pick (or, with none
    safe, the first row), then up to three others from the table."""
    if report.cheapest is not None:
        pick = next((r for r in rows if r["cheapest"]), None) or option_row(report.cheapest)
        others = [r for r in rows if not r["cheapest"]]
    elif rows:
        pick, others = rows[0], rows[1:]
    else:
        return []
    return [pick, *others[:OTHERS_SHOWN]]


def _no_count(report: CostReport) -> list[str]:
    """Provider cards without a setup of the asked size (at most six, then an ellipsis)."""
    names = sorted({f"{provider_name(k.provider)} {gpu_name(k.gpu)}" for k in report.skipped
                    if k.reason == "count_not_offered"})
    return names[:6] + (["…"] if len(names) > 6 else [])


def cost_reply(report: CostReport, lang: str, details: bool = True) -> Reply:
    """The cost reply as data: the short chat answer (templates/cost.j2) or the full table with
    every option, the time's basis and the assumptions (templates/cost_details.j2, the CLI's)."""
    return Reply("cost_details" if details else "cost", lang, {"v": cost_view(report)})


def lines_reply(labelled: list[tuple[dict[str, Any], CostReport]], lang: str, safe_only: bool = True) -> Reply:
    """One job priced several ways, a line each: for each rental length asked ("7b qlora 一周多少 一个月多少",
    label {"stated": …}), each card named ("用 4090 还是 5090 各多少钱一个月", label {"card": …}) or each
    provider named ("gpuli or cloudgpu?", label {"provider": …}, the cheaper first), every
    provider's cheapest option at a firm price (a band is no figure to compare), so every question
    asked is answered at once; the full table stays one "明细" away. `safe_only`: skip options with a
    caution (a length asked leaves the card to us; a card named is priced even when tight, marked !).
    Two cards priced at one provider: the difference between them, which such a question is after."""
    first = cost_view(labelled[0][1])
    lines = []
    for label, report in labelled:
        rows: dict[str, dict[str, Any]] = {}
        for o in report.options:
            safe = not o.caution and o.plan.offload == "none"
            if o.provider.id not in rows and (safe or not safe_only) and not o.quote.estimate \
                    and o.quote.total_min == o.quote.total_max:
                rows[o.provider.id] = option_row(o)
        lines.append(label | {"rows": list(rows.values())})
    mode = "card" if "card" in labelled[0][0] else "provider" if "provider" in labelled[0][0] else "length"
    cheapest = None
    if mode == "provider":  # "gpuli or cloudgpu?": the cheaper provider first, and said
        lines.sort(key=lambda line: line["rows"][0]["compare"][1] if line["rows"] else Decimal("Infinity"))
        cheapest = lines[0]["provider"] if lines[0]["rows"] and len(lines) > 1 else None
    return Reply("cost_lines", lang, {"v": first | {
        "lines": lines, "difference": _difference(lines), "span": first["stated"] if mode != "length" else None,
        "mode": mode, "cheapest": cheapest}})


def _difference(lines: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Two cards priced at the same provider: the second against the first, in that provider's currency."""
    if len(lines) != 2 or "card" not in lines[0]:
        return None
    a, b = ({r["provider"]: r for r in line["rows"]} for line in lines)
    common = next((p for p in a if p in b), None)
    if common is None:
        return None
    ra, rb = a[common], b[common]
    return {"provider": ra["provider_name"], "currency": ra["currency"], "a": ra, "b": rb,
            "amount": abs(rb["total_min"] - ra["total_min"]), "more": rb["total_min"] > ra["total_min"]}
