"""The dataset and the Hugging Face checkpoint a message names ("数据集叫 kyc_sft", "dataset: risk_qa",
"model 是 Qwen/Qwen2.5-7B-Instruct"): an export writes them as `dataset` and `model_name_or_path`.

Why apart: both are names the user chose, read from the message as typed (case kept), and they reach a file a
trainer and a shell read, so each is taken only when it is a plain name (letters, digits, `_`, `.`, `-`, one `/`
in a hub id): nothing else from the message can reach the exported files through them.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

# the word for the dataset, then how it is named ("叫", "是", "用", ":", "called", "named", "=") and the name
DATASET = lazy(
    r"(?:数据集|训练集|dataset|data\s*set)(?:\s*(?:name|名字?|名称))?"
    r"\s*(?:就?叫做?|是|用的?|名为|为|[:：=]|\bis\b|\bcalled\b|\bnamed\b|\bof\b)?\s*[`'\"“‘]?([A-Za-z][A-Za-z0-9_.-]{0,62})",
    re.IGNORECASE)
# words that follow "dataset" without naming it ("dataset is about 50k samples", "data of 10k rows")
NOT_A_NAME = frozenset(["is", "of", "with", "has", "have", "about", "around", "roughly", "size", "sizes", "the", "a", "an", "my", "our", "and", "or", "for", "in", "on", "to", "at", "by", "that", "this", "which", "samples", "sample", "tokens", "token", "rows", "row", "lines", "was", "will", "json", "jsonl", "format", "file", "files", "path", "dir", "folder", "from", "info", "info.json", "is_", "ready", "large", "small", "big"])
# a Hub repository as typed: owner/name, the name holding a model size ("Qwen/Qwen2.5-7B-Instruct", "meta-llama/Llama-3.1-8B")
HUB_ID = lazy(r"(?<![\w/.-])([A-Za-z][A-Za-z0-9_.-]{0,38})/([A-Za-z0-9][A-Za-z0-9_.-]{0,95})(?![\w/])")
SIZE = re.compile(r"(?<![a-z0-9])\d+(?:\.\d+)?b(?![a-z])|\d+(?:\.\d+)?b-|-\d+(?:\.\d+)?b$", re.IGNORECASE)


def dataset_name(raw: str) -> str | None:
    """The dataset's name as typed, or None when the message names none (a size or a count is no name)."""
    for m in DATASET.finditer(raw):
        name = m.group(1).rstrip(".-")
        if name.lower() not in NOT_A_NAME and not re.fullmatch(r"\d+(?:\.\d+)?[kmwb]?", name, re.IGNORECASE):
            return name
    return None


ASKED = lazy(r"\bhow\b|\bwhat\b|\bwhy\b|\bwhich\b|怎么|如何|什么|为什么|哪|吗|[?？]")
FILE = lazy(r"\byaml\b|\bjson\b|\bconfigs?\b|配置|\bfiles\b", re.IGNORECASE)


def file_for_dataset(norm: str) -> bool:
    """A config file asked with the dataset it trains on ("the llamafactory yaml, dataset: claims_zh"): a file for a
    job, since a question about a file names no dataset of the user's."""
    return bool(FILE.search(norm)) and dataset_name(norm) is not None and not ASKED.search(norm)


def hub_id(raw: str) -> str | None:
    """The Hugging Face repository the message names as owner/name, or None; the owner holds no model size
    ("7b/14b" and "A100/H100" are two things named, not a repository)."""
    for m in HUB_ID.finditer(raw):
        owner, name = m.group(1), m.group(2).rstrip(".-")
        if SIZE.search(name.replace("_", "-")) and not SIZE.search(owner) and not re.search(r"\d", owner[:1]):
            return f"{owner}/{name}"
    return None
