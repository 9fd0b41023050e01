"""Buttons under a sizing reply: change one thing and answer again, state in the payload.

A payload carries the whole stated request so no server-side session is needed:
`s|<model or P<params>>|<method>|<seq>|<gpu>|<n>|<extra>|<action>` in at most 64 bytes (Telegram's
callback_data limit). Extra stated fields ride along as short flags (r16 z3 o1 8b g0 ae pgpuli ...).
When even that would exceed 64 bytes the extras are dropped, and the reply says the button
re-asks with the main fields only.
"""

from __future__ import annotations

from engine.providers import providers
from engine.request import TrainingRequest

LIMIT = 64
EXPORT = "x"  # the action of the "Export config" button: the same request, answered with its files
METHOD_CODES = {"full": "f", "lora": "l", "qlora": "q", "pretrain": "p"}
METHODS = {v: k for k, v in METHOD_CODES.items()}
OFFLOAD_CODES = {"none": "0", "optimizer": "1", "all": "2"}
OFFLOADS = {v: k for k, v in OFFLOAD_CODES.items()}
ATTENTION_CODES = {"flash": "f", "sdpa": "s", "eager": "e"}
ATTENTIONS = {v: k for k, v in ATTENTION_CODES.items()}


def _extras(q: TrainingRequest) -> str:
    out = []
    if q.lora_rank is not None:
        out.append(f"r{q.lora_rank}")
    if q.zero is not None:
        out.append(f"z{q.zero}")
    if q.offload is not None:
        out.append(f"o{OFFLOAD_CODES[q.offload]}")
    if q.optimizer == "adamw-8bit":
        out.append("8b")
    if q.grad_checkpointing is not None:
        out.append(f"g{int(q.grad_checkpointing)}")
    if q.attention is not None:
        out.append(f"a{ATTENTION_CODES[q.attention]}")
    if q.micro_batch is not None:
        out.append(f"b{q.micro_batch}")
    if q.sharding == "fsdp":
        out.append("fs")  # FSDP: its memory mechanism, and the export's main plan
    if q.provider:
        out.append(f"p{q.provider}")  # "在 gpuli 用什么卡" then the cost button: priced at gpuli
    return ".".join(out)


def encode(q: TrainingRequest, action: str) -> str:
    """The payload for `q` with `action` (e.g. "m=q", "s=8192", "n=8", "g=h100-sxm", "cost")."""
    who = q.model or (f"P{q.params_b:g}" if q.params_b else "")
    fields = [who, METHOD_CODES.get(q.method or "", ""), str(q.seq_len or ""), q.gpu or "", str(q.num_gpus or "")]
    payload = "|".join(["s", *fields, _extras(q), action])
    if len(payload.encode()) > LIMIT:
        payload = "|".join(["s", *fields, "", action])
    return payload


def decode(payload: str) -> tuple[TrainingRequest, str]:
    """The request and the action a sizing button carries; ValueError if it isn't one of ours."""
    parts = payload.split("|")
    if len(parts) != 8 or parts[0] != "s":
        raise ValueError("not a sizing button")
    _, who, method, seq, gpu, n, extras, action = parts
    data: dict[str, object] = {}
    if who.startswith("P"):
        data["params_b"] = float(who[1:])
    elif who:
        data["model"] = who
    if method:
        data["method"] = METHODS[method]
    if seq:
        data["seq_len"] = int(seq)
    if gpu:
        data["gpu"] = gpu
    if n:
        data["num_gpus"] = int(n)
    for flag in filter(None, extras.split(".")):
        key, value = flag[0], flag[1:]
        if flag == "8b":
            data["optimizer"] = "adamw-8bit"
        elif flag == "fs":
            data["sharding"] = "fsdp"
        elif key == "r":
            data["lora_rank"] = int(value)
        elif key == "z":
            data["zero"] = int(value)
        elif key == "o":
            data["offload"] = OFFLOADS[value]
        elif key == "g":
            data["grad_checkpointing"] = value == "1"
        elif key == "a":
            data["attention"] = ATTENTIONS[value]
        elif key == "b":
            data["micro_batch"] = int(value)
        elif key == "p":
            data["provider"] = _provider(value)
    return TrainingRequest.model_validate(data), action


def _provider(ident: str) -> str:
    """A provider a button names: one of the catalog's (a forged or retired id is a stale button)."""
    if ident not in {p.id for p in providers().entries}:
        raise KeyError(ident)
    return ident


def apply(q: TrainingRequest, action: str) -> TrainingRequest:
    """The request with the button's one change applied ("cost" and EXPORT change nothing)."""
    if "=" not in action:
        return q
    key, value = action.split("=", 1)
    update: dict[str, object] = {}
    if key == "m":
        update = {"method": METHODS[value]}
        if value in ("f", "p"):
            update["lora_rank"] = None
    elif key == "s":
        update = {"seq_len": int(value)}
    elif key == "n":
        update = {"num_gpus": int(value), "zero": None}
    elif key == "g":
        update = {"gpu": value, "num_gpus": None, "zero": None}
    return TrainingRequest.model_validate({**q.model_dump(), **update})
