"""Cards at a provider said alone after a job ("32b 全参 2000万token 跑3个epoch" then "八卡 h100 gpuli", "14b full"
then "8x h100 at gpuli"): that job on those cards at that provider, never the cards' own price list.

Why: with nothing but the setup and where, the message changes the job before (as "八卡 h100 在 gpuli 呢" did
already); a price asked of the cards ("gpuli 8卡 h100 多少钱") keeps its words and stays a price question, so
the job stays for the next turn ("周五前能训完吗" is then that job's deadline on 8×H100 at gpuli)."""

from __future__ import annotations

from dataclasses import replace

from bot.core.about_last import job_of
from bot.messages import Turn
from bot.understand.entities import find_gpus, find_provider
from bot.understand.follow_frame import frame_only
from bot.understand.follow_reads import COUNTED
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed


def setup_at_provider(parsed: Parsed, last: Turn, text: str) -> Parsed:
    """`parsed` as a change of the job before when it names only cards and their count at a provider after a
    sizing or a costed job; else `parsed` unchanged."""
    job = job_of(last, {})
    stated = set(parsed.request.stated())
    # a count is part of it: a card alone at a provider ("一万网络 a100 40g") is that card's own question, never the
    # job's last count carried onto it (8 single A100 40G rentals are no machine)
    if last.kind not in ("size", "cost") or not (job.get("model") or job.get("params_b")) or stated != {"gpu", "num_gpus"} \
            or not parsed.rental.provider or parsed.follow_up or parsed.parts:
        return parsed
    norm = normalize(text)
    where = find_provider(norm)
    if where is not None:
        norm = f"{norm[:where.start]} {norm[where.end:]}"
    for g in sorted(find_gpus(norm), key=lambda g: -g.start):
        norm = f"{norm[:g.start]} {norm[g.end:]}"
    if not frame_only(COUNTED.sub(" ", norm)):
        return parsed
    return replace(parsed, intent=last.kind, follow_up=True, faq=[], faq_answers=[], faq_confident=False)
