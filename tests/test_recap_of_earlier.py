"""Issue 18 (blind set 50 b-001): what was worked out before, said back ("我们之前算过 14b qlora 用 4090",
"we already sized 14b qlora on a 4090"), then "现在想问下" / "now I want to ask" and a service question: the
message is that question (一万网络's engineer installs CUDA one-on-one, seed 003), not a sizing again."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize(("text", "answer"), [
    ("我们之前算过14b qlora 用4090 现在想问下 一万网络 部署要自己配环境吗", "CUDA"),
    ("上次已经算过 7b lora 用 a6000 现在问一下 cloudgpu 能用支付宝吗", "支付宝"),
    ("we already sized 14b qlora on a 4090, now i want to ask: do i have to set up cuda myself at yiwan", "CUDA"),
    ("we went with 7b lora on an a6000 btw can i pay with alipay at cloudgpu", "Alipay"),
])
def test_a_recap_of_earlier_work_then_a_question_answers_the_question(text: str, answer: str) -> None:
    me = ChatUser()
    me.say(text)
    assert answer in "\n".join(me.text.splitlines()[:3]), me.text
    assert "📏" not in me.text and "GB /" not in me.text, me.text  # no sizing again
