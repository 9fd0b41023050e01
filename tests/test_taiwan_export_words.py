"""Taiwan's word for export, 匯出 (汇出 once folded to simplified characters), asks for the files as 导出 does
(catalogs/typos.yaml): "匯出 deepspeed 設定 …" was sized instead (blind 51 k-007, k-009, k-010, read after its
first contact)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import conversation


@pytest.mark.parametrize(("text", "file"), [
    ("匯出 deepspeed 設定 32B 全參 8張 H100 ZeRO-3", "ds_config"),
    ("匯出設定 accelerate 8B QLoRA 單卡 4090", "accelerate"),
    ("幫我匯出 LLaMA-Factory 設定 14B LoRA L40S", "llamafactory.yaml"),
    ("汇出 deepspeed 配置 32b 全参 8卡 h100 zero3", "ds_config"),
])
def test_taiwan_export_word_hands_over_the_files(text: str, file: str) -> None:
    assert parse(text).intent == "export", text
    assert file in conversation(text), text

