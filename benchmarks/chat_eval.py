"""The team-chat evaluation (issue 10, item 9): every case of benchmarks/chat_eval.yaml through the real chat core.

Each case gets a fresh SQLite store in a temporary directory and the core every front end builds
(`bot.core.app.build_core`) on a clock that stands still, so wallets, refund windows and expiry dates
come out the same on every run. Its turns are pushed as one user in one private chat, the way the
console does it: text as a message, "button: A|B" as a press of the previous reply's first button
whose label contains A or B. The last reply is rendered plain and judged on its first message: every
`lead` group needs one alternative in the first three non-empty lines (the verdict leads), every
`must` group one anywhere, no `must_not` string may appear, and it may have at most `max_lines`
non-empty lines. The same reply is also rendered for Telegram and Discord, only to check
that nothing raises.

`python -m benchmarks.chat_eval [ID_PREFIX ...] [--show] [--cases PATH]` runs the set (or the cases whose id
starts with a prefix) and prints the summary; failures go to benchmarks/out/chat_eval_failures.txt
(with --cases PATH, another case file, to benchmarks/out/<PATH's stem>_failures.txt).
"""

from __future__ import annotations

import logging
import re
import statistics
import sys
import tempfile
import time
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from bot.text.render import render_reply

HERE = Path(__file__).parent
CASES = HERE / "chat_eval.yaml"
FAILURES = HERE / "out" / "chat_eval_failures.txt"
CLOCK_AT = "2026-12-01T01:00:00+00:00"  # a Tuesday morning in Beijing; fixed so dates and windows repeat
BUTTON = "button:"
REGEX = "re:"
USER = "chat-eval-user"
TARGET = 0.95
LEAD_LINES = 3


@dataclass(frozen=True)
class Case:
    id: str
    category: str
    lang: str
    turns: list[str]
    must: list[list[str]]
    must_not: list[str]
    max_lines: int
    lead: list[list[str]] = field(default_factory=list)
    seed: str | None = None


@dataclass
class Outcome:
    case: Case
    reasons: list[str] = field(default_factory=list)
    text: str = ""
    ms: float = 0.0

    @property
    def passed(self) -> bool:
        return not self.reasons


def flatten(items: Iterable[Any]) -> list[str]:
    """must_not may hold lists (YAML anchors of word groups) beside strings: one flat list."""
    out: list[str] = []
    for item in items:
        if isinstance(item, list):
            out.extend(flatten(item))
        else:
            out.append(str(item))
    return out


def load(path: Path = CASES) -> tuple[list[Case], dict[str, Any]]:
    """The cases, with the file's global must_not added to each, and the raw document."""
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    common = flatten(doc.get("global_must_not", []))
    cases = [
        Case(
            id=c["id"], category=c["category"], lang=c["lang"], turns=[str(t) for t in c["turns"]],
            must=[[str(a) for a in group] for group in c.get("must", [])],
            lead=[[str(a) for a in group] for group in c.get("lead", [])],
            must_not=list(dict.fromkeys(flatten(c.get("must_not", [])) + common)), max_lines=int(c["max_lines"]), seed=c.get("seed"),
        )
        for c in doc["cases"]
    ]
    return cases, doc


def norm(text: str) -> str:
    """Compare like a reader would: full-width digits and letters folded (NFKC), case ignored."""
    return unicodedata.normalize("NFKC", text).casefold()


def found(alternative: str, text: str) -> bool:
    if alternative.startswith(REGEX):
        return re.search(alternative[len(REGEX):], unicodedata.normalize("NFKC", text), re.IGNORECASE) is not None
    return norm(alternative) in norm(text)


def first_message(plain: str) -> str:
    from bot.text.render import split_message

    return split_message(plain, "plain")[0]


def judge(case: Case, text: str) -> list[str]:
    """Why `text` fails `case` (empty when it passes)."""
    head = "\n".join([line for line in text.splitlines() if line.strip()][:LEAD_LINES])
    reasons = [f"verdict not leading, none of {group} in the first {LEAD_LINES} lines"
               for group in case.lead if not any(found(a, head) for a in group)]
    reasons += [f"missing one of {group}" for group in case.must if not any(found(a, text) for a in group)]
    reasons += [f"forbidden {bad!r}" for bad in case.must_not if found(bad, text)]
    lines = sum(1 for line in text.splitlines() if line.strip())
    if lines > case.max_lines:
        reasons.append(f"{lines} lines > {case.max_lines}")
    return reasons


def _label(button: Any, lang: str) -> str:
    from bot.text.i18n import t

    return str(t(button.label_key, lang, **button.label_params))


def play(case: Case) -> Outcome:
    """Push the case's turns through a fresh core and judge the last reply."""
    from bot.clock import FixedClock
    from bot.core.app import build_core
    from bot.messages import Incoming
    from bot.store import open_store

    outcome = Outcome(case)
    with tempfile.TemporaryDirectory(prefix="chat-eval-") as tmp:
        store = open_store(Path(tmp) / "kasuan.db")
        start = time.perf_counter()  # the turns and renders, not opening and migrating the store
        try:
            core = build_core(store, FixedClock(CLOCK_AT))
            reply: Any = None
            for n, turn in enumerate(case.turns):
                event = f"{case.id}-{n}"
                if turn.startswith(BUTTON):
                    wanted = [w.strip() for w in turn[len(BUTTON):].split("|") if w.strip()]
                    buttons = list(getattr(reply, "buttons", None) or [])
                    lang = getattr(reply, "lang", "zh")
                    hit = next((b for b in buttons if any(norm(w) in norm(_label(b, lang)) for w in wanted)), None)
                    if hit is None:
                        outcome.reasons.append(f"turn {n + 1}: no button like {wanted} in "
                                               f"{[_label(b, lang) for b in buttons]}")
                        break
                    inc = Incoming(text="", user_id=USER, chat_id=USER, event_id=event, button=hit.payload,
                                   user_lang=lang)
                else:
                    inc = Incoming(text=turn, user_id=USER, chat_id=USER, event_id=event)
                reply = core.handle(inc)
                if isinstance(reply, list | tuple):  # several messages: the first one is judged
                    reply = reply[0] if reply else None
                if reply is None:
                    outcome.reasons.append(f"turn {n + 1}: no reply")
                    break
            if not outcome.reasons:
                outcome.text = first_message(render_reply(reply, "plain"))
                for flavor in ("telegram", "discord"):
                    render_reply(reply, flavor)
                outcome.reasons = judge(case, outcome.text)
        except Exception as exc:  # a crash is a failed case, reported with its type, never a stopped run
            outcome.reasons.append(f"raised {type(exc).__name__}: {exc}")
        finally:
            outcome.ms = (time.perf_counter() - start) * 1000
            store.close()
    return outcome


def run(cases: list[Case] | None = None, prefixes: list[str] | None = None) -> list[Outcome]:
    chosen = cases if cases is not None else load()[0]
    if prefixes:
        chosen = [c for c in chosen if any(c.id.startswith(p) for p in prefixes)]
    router_log = logging.getLogger("kasuan")
    level = router_log.level
    router_log.setLevel(logging.CRITICAL)  # handler failures are counted as failed cases, not printed
    try:
        return [play(c) for c in chosen]
    finally:
        router_log.setLevel(level)


def _rate(outcomes: list[Outcome]) -> str:
    ok = sum(o.passed for o in outcomes)
    return f"{ok / len(outcomes):6.1%} ({ok}/{len(outcomes)})" if outcomes else "n/a"


def report(outcomes: list[Outcome], path: Path = FAILURES) -> str:
    """The summary: pass rate overall, single messages and conversations apart, by category and by
    language, time per case."""
    lines = [f"pass rate {_rate(outcomes)}, target {TARGET:.0%}"]
    singles = [o for o in outcomes if len(o.case.turns) == 1]
    talks = [o for o in outcomes if len(o.case.turns) > 1]
    if singles and talks:
        lines.append(f"  single messages {_rate(singles)}, conversations {_rate(talks)}")
    if outcomes:
        content_ok = sum(all(" lines > " in r for r in o.reasons) for o in outcomes)
        lines.append(f"  ignoring the line limit: {content_ok / len(outcomes):.1%} ({content_ok}/{len(outcomes)})")
    for key in ("category", "lang"):
        groups: dict[str, list[Outcome]] = {}
        for o in outcomes:
            groups.setdefault(getattr(o.case, key), []).append(o)
        lines.append(f"  by {key}:")
        lines += [f"    {name:<12} {_rate(group)}" for name, group in sorted(groups.items())]
    times = sorted(o.ms for o in outcomes)
    if times:
        lines.append(f"  time per case (all turns + 3 renders): median {statistics.median(times):.1f} ms, "
                     f"p99 {times[int(0.99 * (len(times) - 1))]:.1f} ms")
    failed = sum(not o.passed for o in outcomes)
    if failed:
        lines.append(f"  {failed} failing cases written to {path.relative_to(HERE.parent)}")
    return "\n".join(lines)


def failures(outcomes: list[Outcome]) -> str:
    """Each failing case: id, turns, reasons and the first three lines of its reply."""
    blocks = []
    for o in outcomes:
        if o.passed:
            continue
        head = [line for line in o.text.splitlines() if line.strip()][:3]
        blocks.append("\n".join([
            f"{o.case.id} [{o.case.category}/{o.case.lang}]",
            "  turns: " + " ⏎ ".join(o.case.turns),
            *[f"  - {r}" for r in o.reasons],
            *[f"  | {line}" for line in head],
        ]))
    return "\n\n".join(blocks) + ("\n" if blocks else "")


def write_failures(outcomes: list[Outcome], path: Path = FAILURES) -> Path:
    """The summary, then every failing case (the file is rewritten on each run)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(report(outcomes, path) + "\n\n" + failures(outcomes), encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    show = "--show" in args
    cases, failures_path = None, FAILURES
    if "--cases" in args:  # another case file (e.g. a held-out set); its failures go beside the default file
        at = args.index("--cases")
        if at + 1 >= len(args):
            print("--cases needs a path")
            return 2
        path = Path(args[at + 1])
        del args[at:at + 2]
        cases = load(path)[0]
        failures_path = FAILURES.with_name(f"{path.stem}_failures.txt")
    outcomes = run(cases, prefixes=[a for a in args if not a.startswith("--")])
    write_failures(outcomes, failures_path)
    print(report(outcomes, failures_path))
    if show:
        for o in outcomes:
            print(f"\n--- {o.case.id} {'PASS' if o.passed else 'FAIL ' + '; '.join(o.reasons)}\n{o.text}", end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
