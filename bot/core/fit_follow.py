"""Whether the job just sized fits, asked in a few words after the answer: "够吗", "放得下吗", "does it fit?",
"so one h100 works?", "单卡行不行", "would a single a100 do". The job before is sized again on the setup the
message names (else the one it was asked on), with the yes or no leading, never a FAQ entry that shares a
word ("one h100" is no question on 70B fine-tuning). A message saying anything more stands on its own.

Seed 000: 7B full fine-tuning with an 8-bit optimizer holds on one 80 GB card (A100 / H100), ~70 GB of
model states; asked "so one h100 works?" after that sizing, the answer is yes on it."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.core.about_last import job_of
from bot.messages import Turn
from bot.understand.clause_marks import FITS
from bot.understand.entities import find_gpus
from bot.understand.follow_frame import frame_only
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed
from engine.request import TrainingRequest

# a card asked for the job just sized: "which card then", "那用啥卡", "what gpu should i use instead"
_WHICH_CARD = lazy(r"(?:什么|啥|哪张|哪种|哪款|哪个)\s*(?:卡|gpu|显卡)|\b(?:which|what)\s+(?:cards?|gpus?)\b", re.IGNORECASE)
_AROUND_WHICH = lazy(r"应该|推荐|选|租|用|换|改|那|呢|吧|好|\bshould\b|\bwould\b|\bdo\b|\bcan\b|\bi\b|\bwe\b|\buse\b|\bpick\b"
                     r"|\brent\b|\bthen\b|\binstead\b|\bso\b|\bok\b|\bokay\b|\bfits?\b|\bworks?\b|\bholds?\b|\bit\b", re.IGNORECASE)

_WH_QUESTION = lazy(r"\s*(?:what|how|why|which|who|when|where)\b|\s*(?:什么|为什么|为啥|怎么|如何)", re.IGNORECASE)

# what a yes-or-no on a fit says around the card and count: "will it", "单卡", "a single", "works"
_AROUND = lazy(r"\bworks?\b|\bwill\b|\bwould\b|\bdoes\b|\bdo\b|\bcan\b|\bsingle\b|\bgpus?\b|\bcards?\b|单卡|单张|一张|一块"
               r"|一卡|张|块|卡|吗|呢|了|就|那|所以|这样|\bthen\b|\bso\b|\bjust\b|\bthat\b", re.IGNORECASE)


def without_cards(text: str) -> str:
    """The message with the cards it names taken out: a card's own digits ("4090") state no change to the job."""
    norm = normalize(text)
    for g in sorted(find_gpus(norm), key=lambda g: -g.start):
        norm = norm[:g.start] + " " + norm[g.end:]
    return norm


def fit_asked_of_last(parsed: Parsed, last: Turn, text: str) -> Parsed | None:
    """The job before, sized on the card and count the message names (if any), the verdict asked; None where
    the message is more than a fit asked (a FAQ question of its own, a cost, another model)."""
    q = parsed.request
    job = job_of(last, {})
    if last.kind not in ("size", "cost") or not (job.get("model") or job.get("params_b")) or q.model or q.params_b:
        return None
    if not set(q.stated()) <= {"gpu", "num_gpus"} or parsed.asks.cost or parsed.rental.provider:
        return None
    rest = without_cards(text)
    if _WH_QUESTION.match(rest):
        return None  # "what does a higher rank do?": a question of its own, not whether "it will do"
    if not FITS.search(rest) and not re.search(r"\bworks?\b", rest):
        return None
    rest = _AROUND.sub(" ", FITS.sub(" ", rest))
    if "num_gpus" in q.stated():  # "so one h100 works?": the count, written as a figure by the normalizer
        rest = re.sub(r"(?<![\w.])\d+(?![\w.])", " ", rest)
    if not frame_only(rest):
        return None
    stated = q.stated()
    if "gpu" in stated:  # another card: its own count, unless the message gives one
        job.pop("zero", None)
        job.pop("num_gpus", None)
    merged = TrainingRequest.model_validate({**job, **stated})
    return replace(parsed, request=merged, intent="size", missing=[], follow_up=True,
                   asks=replace(parsed.asks, sizing=True))


def card_asked_of_last(parsed: Parsed, last: Turn, text: str) -> Parsed | None:
    """"14b lora on a 4090?" answered no, then "which card then" / "那用啥卡": the job before sized with no card of
    the user's, so the card that holds it is the answer (a FAQ entry on paying is no answer to it); None otherwise."""
    job = job_of(last, {})
    if last.kind not in ("size", "cost") or not (job.get("model") or job.get("params_b")) or parsed.request.stated():
        return None
    norm = normalize(text)
    if not _WHICH_CARD.search(norm) or not frame_only(_AROUND_WHICH.sub(" ", _WHICH_CARD.sub(" ", norm))):
        return None
    for key in ("gpu", "num_gpus", "zero"):
        job.pop(key, None)
    return replace(parsed, request=TrainingRequest.model_validate(job), intent="size", missing=[], follow_up=True)
