"""Whether a bigger batch can be run, asked as a yes or no ("能开大点 batch 吗", "batch 能调大吗", "can I raise the
batch?", "can we use a bigger batch"): the same question as "the largest micro-batch that fits", answered by the
same planning (bot.views.planning) on the job at hand. Why apart: the planning reader is full, and the words differ
from "最大 batch" only in asking it as can-or-cannot. Never a batch merely said bigger ("batch 调大显存会涨吗" asks
what it costs, a FAQ answer), only one asked whether it can be."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

RAISED = lazy(r"(?:能|可以|能不能|可不可以|还能)\s*(?:再)?\s*(?:开|调|加|放|用|上)\s*(?:大|高)\s*(?:一?点|些|一些)?\s*(?:的)?\s*(?:micro[\s_-]*)?(?:batch|bs|批)"
              r"|(?:batch|bs|批大小)(?:\s*size)?\s*(?:能|可以|能不能|还能)\s*(?:再)?\s*(?:开|调|加|放)\s*(?:大|高)(?!.{0,8}(?:显存|内存|会|吗.{0,4}涨))"
              r"|\bcan\s+(?:i|we|it)\s+(?:raise|increase|bump(?:\s+up)?|go\s+(?:with\s+)?(?:a\s+)?(?:bigger|larger)|use\s+a\s+(?:bigger|larger))"
              r"\s+(?:the\s+)?(?:micro[\s_-]*)?(?:batch|bs)\b", re.IGNORECASE)


def batch_raised(text: str) -> bool:
    """Whether `text` asks whether a bigger batch can be run."""
    return RAISED.search(text) is not None
