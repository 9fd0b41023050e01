"""Issue 18 item 5 (blind set 9, class K): a config asked for in free text at a stated precision
("bf16 lora（不要 qlora）", "in fp16") says that precision in its summary, read back from the
LLaMA-Factory file written, and a QLoRA ruled out is not quantized."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.chat_user import ChatUser

ZH = ["帮我生成 {m} 的 {p} lora（不要 qlora）llamafactory yaml", "导出 {m} {p} lora 的 llamafactory 配置"]
EN = ["give me a llamafactory config for {m} lora in {p}", "export {m} lora llamafactory yaml, {p}, not qlora"]


@settings(max_examples=16, deadline=None)
@given(form=st.sampled_from(ZH + EN), model=st.sampled_from(["qwen3-8b", "7b", "qwen2.5-14b"]),
       precision=st.sampled_from(["bf16", "fp16"]))
def test_a_stated_precision_is_in_the_export_summary_and_the_file(form: str, model: str, precision: str) -> None:
    me = ChatUser()
    reply = me.say(form.format(m=model, p=precision))
    assert reply.kind == "export"
    keys = next(line for line in me.lines if line.startswith(("要点", "Key settings")))
    assert f"{precision}: true" in keys and "quantization_bit" not in keys, keys
    other = "fp16" if precision == "bf16" else "bf16"
    assert f"{other}: " not in keys  # a switch that is off says nothing
    files = dict(reply.files)
    doc = yaml.safe_load(files["llamafactory.yaml"].decode())
    assert doc[precision] is True and doc.get(other) is not True and "quantization_bit" not in doc


@pytest.mark.parametrize("text", ["导出 7b qlora 的 llamafactory 配置", "llamafactory yaml for 8b qlora"])
def test_a_qlora_export_keeps_its_quantization_and_default_precision(text: str) -> None:
    me = ChatUser()
    me.say(text)
    keys = next(line for line in me.lines if line.startswith(("要点", "Key settings")))
    assert "quantization_bit: 4" in keys and "bf16: true" in keys
