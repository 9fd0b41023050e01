"""The answer to a user's own training files, as data: what was read (key by key, as the file
writes it), the verdict (the sizing or cost answer every front end already shows), and when the
job does not fit its card, the diff of the very lines to change (engine.training_fix).

Shared by the chat (bot.core.files) and the CLI (`kasuan size --from` / `kasuan cost --from`), so
both say the same. Wording lives in templates/training_file.j2 and catalogs/strings_files.yaml.
"""

from __future__ import annotations

from typing import Any

from bot.messages import Reply
from bot.text.i18n import t
from bot.views.cost import cost_reply
from bot.views.summary import sizing_summary
from engine.cost import compare
from engine.request import TrainingRequest
from engine.sizing import Sizing, size
from engine.training_file import TrainingFiles
from engine.training_fix import find_fix

SHOWN_VALUE_CHARS = 60


def _raw(data: dict[str, Any], key: tuple[str, ...]) -> Any:
    node: Any = data
    for k in key:
        if not isinstance(node, dict) or k not in node:
            return None
        node = node[k]
    return node


def read_rows(job: TrainingFiles) -> list[dict[str, str]]:
    """Each key the sizing took, once, as `key value` the way the file writes it."""
    by_name = {f.name: f for f in job.files}
    rows: list[dict[str, str]] = []
    seen: set[tuple[str, tuple[str, ...]]] = set()
    for s in job.settings:
        if s.field in ("model", "framework") or (s.file, s.key) in seen:
            continue
        seen.add((s.file, s.key))
        raw = _raw(by_name[s.file].data, s.key) if s.file in by_name else None
        value = s.value if raw is None or isinstance(raw, dict) else raw
        if isinstance(value, list | tuple):
            value = ",".join(str(v) for v in value)
        text = str(value).lower() if isinstance(value, bool) else str(value)
        rows.append({"key": ".".join(s.key), "value": text[:SHOWN_VALUE_CHARS]})
    return rows


def request_for(job: TrainingFiles, extra: TrainingRequest, override: TrainingRequest | None = None) -> TrainingRequest:
    """The job as the files would run it; `extra` (the caption, the CLI's text) fills only what the
    files leave unsaid (most often the card, the card count and the provider); `override` (the
    CLI's flags) beats the files."""
    req = extra.merged(job.request)
    if override is not None:
        req = req.merged(override)
    if job.spec is not None:
        req = req.model_copy(update={"model": None, "params_b": None})
    return req


def file_view(job: TrainingFiles, s: Sizing, req: TrainingRequest, lang: str) -> dict[str, Any]:
    fix = find_fix(job, req, s, job.spec)
    view: dict[str, Any] = {
        "files": [{"name": f.name, "kind": f.kind, "label": f"{f.name} ({t('file.kind.' + f.kind, lang)})"}
                  for f in job.files],
        "read": read_rows(job),
        "skipped": [{"code": k.code, "key": k.key, "value": k.value} for k in job.skipped],
        "arch": {"name": job.spec.name, "params": job.spec.params_published_b} if job.spec is not None else None,
        "fix": None,
        "no_fix": s.fit is not None and not s.fit.fits and fix is None,
        "no_card": s.fit is None,
    }
    if fix is not None and fix.sizing.fit is not None and s.fit is not None:
        view["fix"] = {"changes": fix.changes, "before_gb": s.fit.estimate.total_gb,
                       "after_gb": fix.sizing.fit.estimate.total_gb, "memory_gb": s.fit.gpu.memory_gb,
                       "diffs": [{"name": n, "text": d} for n, d in fix.diffs.items()],
                       "edits": [{"file": e.file, "key": ".".join(e.key), "value": e.value} for e in fix.edits]}
    return view


def training_file_reply(job: TrainingFiles, extra: TrainingRequest, lang: str, display_currency: str,
                        *, cost: bool = False, override: TrainingRequest | None = None) -> Reply:
    """The reply for the files: what was read, the sizing (or the cost) and the fix."""
    req = request_for(job, extra, override)
    s = size(req, job.spec)
    view = file_view(job, s, req, lang)
    if cost:
        report = compare(req, job.spec, sizing=s)  # the sizing above: each plan estimated once
        inner = cost_reply(report, lang, details=False)
        return Reply("training_file", lang, {"file": view, "inner": "cost", **inner.data}, source=report)
    v = sizing_summary(s, display_currency, None, req) | {"family": None}
    return Reply("training_file", lang, {"file": view, "inner": "sizing", "v": v}, source=s)
