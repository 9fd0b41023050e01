"""The demo dataset an export ships, and the dataset_info.json that names it.

LLaMA-Factory looks its `dataset` up in `<dataset_dir>/dataset_info.json`; an export that names a
dataset without shipping that file stops at "Cannot open data/dataset_info.json". So each bundle
carries one small demo file in the shape its stage reads (catalogs/export_demo.yaml), written by
json.dumps only, and the YAML points `dataset_dir` at the bundle's own folder.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import yaml

from catalogs import catalog_path


@dataclass(frozen=True)
class Demo:
    name: str  # the dataset's key in dataset_info.json
    file: str
    info: dict[str, Any]  # LLaMA-Factory's dataset_info entry, less file_name
    rows: tuple[dict[str, Any], ...]



@lru_cache(maxsize=1)
def _load() -> dict[str, Demo]:
    raw = yaml.safe_load(catalog_path("export_demo.yaml").read_text(encoding="utf-8"))
    out: dict[str, Demo] = {}
    for key, d in raw.items():
        demo = Demo(d["name"], d["file"], dict(d["info"]), tuple(d["rows"]))
        for stage in d.get("stages", [key]):
            out[stage] = demo
    out["ppo"] = out["sft"]  # PPO samples its answers from prompts: the instruction set serves
    return out


class _Lazy:
    def __getitem__(self, stage: str) -> Demo:
        return _load()[stage]


DEMO = _Lazy()


# Continued pretraining packs the text into blocks of exactly cutoff_len tokens and drops the rest, so
# its demo must hold at least one block: 8 characters per token of cutoff_len fill one block with any
# tokenizer that averages under 8 characters per token (real ones average 1-4), two with one under 4.
CHARS_PER_BLOCK_TOKEN = 8


def demo_rows(stage: str, cutoff_len: int, packing: bool | None) -> list[dict[str, Any]]:
    """The demo rows for `stage`; packed pretraining text repeated until it fills its blocks."""
    rows = list(DEMO[stage].rows)
    if stage == "pt" and packing is not False:  # LLaMA-Factory packs pt unless told not to
        chars = sum(len(str(v)) for r in rows for v in r.values())
        rows *= -(-CHARS_PER_BLOCK_TOKEN * cutoff_len // chars)
    return rows


def dataset_files(stage: str, cutoff_len: int, packing: bool | None, named: str | None = None) -> dict[str, str]:
    """{file name: content}: dataset_info.json and the demo rows for `stage`; a dataset the user named takes the
    demo's place under its own name (`<name>.json`, the demo rows standing in until the user's rows replace them),
    so the trainer's `dataset: <name>` resolves and the bundle still runs as shipped."""
    d = DEMO[stage]
    name, file = (named, data_file(named)) if named else (d.name, d.file)
    return {"dataset_info.json": json.dumps({name: {"file_name": file, **d.info}}, indent=2, ensure_ascii=False) + "\n",
            file: json.dumps(demo_rows(stage, cutoff_len, packing), indent=2, ensure_ascii=False) + "\n"}


# the bundle's other JSON files: a dataset named after one of them is written under another file name
TAKEN = frozenset({"dataset_info", "ds_config"})


def data_file(named: str) -> str:
    return f"{named}_data.json" if named in TAKEN else f"{named}.json"


def dataset_note(stage: str, cutoff_len: int, packing: bool | None, named: str | None = None) -> str:
    """The header's words on the data: the demo shipped, and where the named dataset's rows go."""
    rows = len(demo_rows(stage, cutoff_len, packing))
    if named:
        return f"; dataset: {data_file(named)} holds {rows} demo rows, put yours there in their columns"
    return f"; dataset: {DEMO[stage].file} is a {rows}-row demo, put your data in its columns (or add yours to dataset_info.json)"
