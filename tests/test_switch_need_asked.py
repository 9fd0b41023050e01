"""Whether a memory switch is needed, or what it costs, asked with no model named is the FAQ's knowledge
(gradient checkpointing: 60–80% less activation memory for 20–30% of throughput, seed 000), not a sizing that
asks which model. With a model named, whether that job needs it stays the job's sizing."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser

ASKED = [
    ("for 32k context lora is gradient checkpointing needed", "20–30%"),
    ("do I need gradient checkpointing for a lora at 16k context", "60–80%"),
    ("should I turn on gradient checkpointing for a long-context lora run", "20–30%"),
    ("32k 上下文做 lora 梯度检查点必须开吗", "60–80%"),
    ("lora 训 16k 长文本 梯度检查点有必要吗", "20–30%"),
    ("长上下文 qlora 要不要开 gradient checkpointing", "60–80%"),
    ("qlora 开梯度检查点代价多大", "20–30%"),
]


@pytest.mark.parametrize(("text", "figure"), ASKED)
def test_the_switch_entry_answers_with_its_figures(text: str, figure: str) -> None:
    me = ChatUser()
    me.say(text)
    assert figure in "\n".join(me.lines[:3]), me.text
    assert "A name or a size" not in me.text and "哪个模型" not in me.text, me.text


@pytest.mark.parametrize("text", ["7b 全参 要不要开 offload", "14b full finetune, do I need offload?"])
def test_with_a_model_the_job_is_sized(text: str) -> None:
    me = ChatUser()
    me.say(text)
    assert "📏" in me.text, me.text


@pytest.mark.parametrize("text", ["qlora 比 bf16 lora 慢多少", "is qlora slower than bf16 lora, and by how much"])
def test_two_ways_weighed_are_the_slower_ones_entry(text: str) -> None:
    me = ChatUser()
    me.say(text)
    assert "20–40%" in "\n".join(me.lines[:3]), me.text
