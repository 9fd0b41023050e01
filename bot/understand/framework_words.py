"""The training framework a message names ("用 LLaMA-Factory", "with torchtune"): its profile changes the
memory (catalogs/frameworks.yaml). Apart from bot.understand.fields to keep that module small."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

# The frameworks whose profile changes the memory (catalogs/frameworks.yaml). "DeepSpeed" alone is not
# read here: people name it for ZeRO sharding while training with another framework.
FRAMEWORKS = (
    ("hf", lazy(r"llama[\s_-]?factory|\bllamafactory\b|hugging\s?face\s+trainer|\bhf\s+trainer\b|\btrl\b", re.ASCII)),
    ("torchtune", lazy(r"torch[\s_-]?tune", re.ASCII)),
    ("unsloth", lazy(r"unsloth", re.ASCII)),
    ("axolotl", lazy(r"axolotl", re.ASCII)),
    ("ms-swift", lazy(r"ms[\s_-]?swift|(?:用|with|using|via|in)\s*swift\b", re.ASCII)),
    ("litgpt", lazy(r"lit[\s_-]?gpt", re.ASCII)),
)


def framework(text: str) -> str | None:
    """The training framework a message names ("用 LLaMA-Factory", "with torchtune", "unsloth"), as a profile id."""
    found = [(m.start(), fid) for fid, pattern in FRAMEWORKS if (m := pattern.search(text))]
    return min(found)[1] if found else None
