"""Two rental spans set against each other in one message ("3 weeks of a 4090 vs one month", "租 3 周和
租一个月哪个便宜"), or a span against the other unit's name ("三周 l40s 和包月哪个便宜"): read with the duration reader's own lengths, kept apart from it to keep modules small."""

from __future__ import annotations

import itertools
import re

from bot.understand.fields import Length, _joined, _lengths, _unit_name

# nothing but a word offering one plan or the other between two lengths ("one month or two weeks", "一个月还是两周")
# "or" alone between two plans, or with the plan's own words and the comparison around it ("3 weekly rentals
# cheaper or just 1 month", "按周租三次更划算还是直接包一个月")
_OR_ONLY = re.compile(r"\s*(?:(?:rentals?|rents?|terms?|cycles?|blocks?|plans?|租|次)\s*)?(?:(?:is|are|be|more)\s+)?"
                      r"(?:(?:cheaper|better|cheapest|more\s+economical|更?划算|更?便宜|更?省钱?)\s*)?[,，]?\s*"
                      r"(?:or|vs\.?|versus|还是|或者|或是|或|对比)\s*(?:(?:just|simply|a|one|go|with|直接|干脆|包)\s*)?",
                      re.IGNORECASE)


def spans_against(text: str) -> float | None:
    """Two spans in different units, not added ("3 weeks vs one month"): the shorter, in hours, to buy both ways."""
    lengths = [x for x in _lengths(text) if x.addable and not _unit_name(text, x)]
    if len(lengths) == 3 and (covered := _span_covered(text, lengths)) is not None:
        return covered  # "用 28 天，租 4 周还是 1 个月", "10 days: two weeks or one month?": the span, bought both ways
    if len(lengths) > 2:
        return _span_of_plans(text, lengths) or _plans_against(text, lengths)
    if len(lengths) != 2 or len(_joined(text, lengths)) > 1 or lengths[0].unit_hours == lengths[1].unit_hours:
        return None
    return min(x.days * 24 + x.hours for x in lengths)


def _span_of_plans(text: str, lengths: list[Length]) -> float | None:
    """A span stated beside two plans offered for it ("10 days on a 4090: one month or two weeks?", "跑 10 天，一个月还是
    两周划算"): the two lengths with only "or" between them are the plans, the one length left is the span (in hours)
    each plan is priced for; None unless exactly one is left."""
    if len(_joined(text, lengths)) > 1 or any(len(_joined(text, lengths[i:])) > 1 for i in range(1, len(lengths))):
        return None  # a plan of lengths added ("5 weekly rentals vs a month plus one week"): _plans_against's
    for i, (a, b) in enumerate(itertools.pairwise(lengths)):
        if _OR_ONLY.fullmatch(text[a.end:b.start]):
            left = lengths[:i] + lengths[i + 2:]
            return left[0].days * 24 + left[0].hours if len(left) == 1 else None
    return None


def _span_covered(text: str, lengths: list[Length]) -> float | None:
    """A span and two plans in different, larger units that each cover it, none added to another ("28 天 … 4 周还是
    1 个月"): the span, in hours; None when no one length is covered by the two others ("一周多少 一个月多少 要跑三周":
    each unit's price, then the span, read by span_against_unit)."""
    if any(len(_joined(text, lengths[i:])) > 1 for i in range(len(lengths) - 1)):
        return None
    hours = [x.days * 24 + x.hours for x in lengths]
    found = [h for i, h in enumerate(hours)
             if len({o.unit_hours for j, o in enumerate(lengths) if j != i}) == 2
             and all(hours[j] >= h and lengths[j].unit_hours > lengths[i].unit_hours for j in range(3) if j != i)]
    return found[0] if len(set(found)) == 1 else None  # "28 天 … 4 周": the same span said twice


def _plans_against(text: str, lengths: list[Length]) -> float | None:
    """Two plans, one of them lengths added ("5 weekly rentals vs a month plus one week", "5 周 还是 一个月加一周"):
    each plan covers the span, so the shorter total is the span to buy both ways; None unless exactly two."""
    plans: list[list[Length]] = []
    rest = lengths
    while rest:
        run = _joined(text, rest)
        plans.append(run)
        rest = rest[len(run):]
    if len(plans) != 2 or all(len(plan) == 1 for plan in plans):
        return None
    totals = [sum(x.days * 24 + x.hours for x in plan) for plan in plans]
    return min(totals) if totals[0] != totals[1] else None


def span_against_unit(text: str) -> float | None:
    """One span set against another unit's name ("三周 gpuli l40s 和包月哪个便宜", "四周 8卡h100 还是直接包月",
    "two weeks of a 4090 or monthly?"): the span, in hours, to buy by the week and by the month, as the
    follow-up "包月会不会更划算" after a span's price does (cues.other_unit). None when the span and the
    unit named are the same unit ("三周，周租多少" asks one price) or there is not exactly one span (beside
    one unit's own price asked: "一周多少？两周的话包月还是包周")."""
    lengths = _lengths(text)
    spans = [x for x in lengths if x.addable and not _unit_name(text, x)]
    units = [x for x in lengths if _unit_name(text, x)]
    single = [x for x in spans if x.days * 24 + x.hours == x.unit_hours]
    if len(spans) - len(single) == 1 and single and (units or len(single) > 1):
        # "一周多少？两周能训完的话包月还是包周", "一周多少 一个月多少 要跑三周哪个划算": each unit's price asked, then
        # the one span to buy both ways
        units, spans = units + single, [x for x in spans if all(x is not y for y in single)]
    if len(spans) != 1 or not units or all(u.unit_hours == spans[0].unit_hours for u in units):
        return None
    return spans[0].days * 24 + spans[0].hours
