"""An export's summary shows the model path its LLaMA-Factory YAML loads (model_name_or_path, read back from
the file written) beside the method and the quantization, so "给我一份 qwen3 8b qlora 的 llamafactory yaml"
is seen to load Qwen/Qwen3-8B at quantization_bit: 4 without opening the file."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize(("ask", "path", "quantized"), [
    ("给我一份 qwen3 8b qlora 的 llamafactory yaml", "model_name_or_path: Qwen/Qwen3-8B", True),
    ("export the llamafactory config for qwen3 8b qlora", "model_name_or_path: Qwen/Qwen3-8B", True),
    ("导出 qwen3 14b lora 的训练配置", "model_name_or_path: Qwen/Qwen3-14B", False),
    ("llamafactory yaml for qwen3 32b qlora please", "model_name_or_path: Qwen/Qwen3-32B", True),
])
def test_the_summary_names_the_model_path_the_yaml_loads(ask: str, path: str, quantized: bool) -> None:
    chat = ChatUser()
    chat.say(ask)
    assert path in chat.text, chat.text
    assert ("quantization_bit: 4" in chat.text) is quantized, chat.text
