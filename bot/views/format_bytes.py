"""The answer to a weight format's size asked per parameter ("nf4 加 double quant 每参数多少字节", "bf16 bytes per
param", "how many bits per weight is nf4"): the figure the engine sizes with, in bytes and bits, and how it is made up.

Why its own reply: the question names a format and no model, so an FAQ entry on memory answered it with another
figure (QLoRA's rounded 0.55) and the one asked was nowhere; the engine holds the exact ones (engine.memory for
NF4 with and without double quantization, engine.inference for the serving formats).
"""

from __future__ import annotations

from bot.messages import Reply
from engine.inference import WEIGHT_BYTES
from engine.memory import NF4_BYTES, NF4_DQ_BYTES

FP32_BYTES = 4.0


def format_bytes_reply(fmt: str, lang: str) -> Reply:
    """Bytes and bits per parameter of `fmt` ("nf4", "nf4_dq", "int8", "fp8", "bf16", "fp32"), with its makeup."""
    per = {"nf4": NF4_BYTES, "nf4_dq": NF4_DQ_BYTES, "int8": WEIGHT_BYTES["int8"], "fp8": WEIGHT_BYTES["fp8"],
           "bf16": WEIGHT_BYTES["bf16"], "fp32": FP32_BYTES}[fmt]
    other = {"nf4": NF4_DQ_BYTES, "nf4_dq": NF4_BYTES}.get(fmt)  # the NF4 figure with double quantization the other way
    return Reply("format_bytes", lang, {"format": fmt, "bytes": per, "bits": per * 8, "other": other, "seven_b_gb": per * 7})
