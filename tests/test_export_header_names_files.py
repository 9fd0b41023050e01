"""An export asked for a framework's config names that file in its first line, so the person who
asked for "the DeepSpeed config" sees at once that it came; with none named, the main files written are."""

from __future__ import annotations

import pytest

from tests.chat_user import first_lines, said


@pytest.mark.parametrize("text, named", [
    ("导出 deepspeed 配置 32b 全参 8卡", "DeepSpeed ds_config.json"),
    ("can you dump the deepspeed config for 14b full on 4 a100", "DeepSpeed ds_config.json"),
    ("give me the llamafactory config for qwen3 8b qlora", "LLaMA-Factory llamafactory.yaml"),
    ("给个 llama factory 的 yaml 14b qlora", "LLaMA-Factory llamafactory.yaml"),
])
def test_the_asked_framework_file_is_named_first(text: str, named: str) -> None:
    assert named in first_lines(said(text), 1)


def test_with_no_framework_named_the_main_files_written_are_named() -> None:
    one_card = first_lines(said("export configs for qwen3 14b lora on one a6000"), 1)
    assert "LLaMA-Factory llamafactory.yaml" in one_card and "DeepSpeed" not in one_card  # no DeepSpeed file for one card
    sharded = first_lines(said("export configs for 32b full on 8 h100"), 1)
    assert "LLaMA-Factory llamafactory.yaml + DeepSpeed ds_config.json" in sharded
