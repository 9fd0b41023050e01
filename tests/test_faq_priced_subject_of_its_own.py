"""A priced subject of its own after a FAQ answer is its own question ("gpuli 存储卷 多少钱" after where checkpoints
go: the volume's ₮0.08 a GB a month, bot.core.detail_follow), and a volume moves to a new instance (挂载 / mount)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize("before", ["cloudgpu 销毁了 ckpt 还在吗", "余额不够会怎样"])
@pytest.mark.parametrize("text", ["gpuli 存储卷 多少钱", "how much is a gpuli storage volume"])
def test_a_priced_subject_of_its_own_after_a_faq_answer_is_its_own_question(before: str, text: str) -> None:
    chat = ChatUser()
    chat.say(before)
    chat.say(text)
    assert "₮0.08" in chat.text, chat.text  # the volume's price a GB a month


@pytest.mark.parametrize(("text", "word"), [("gpuli data volume 换实例 还能 mount 吗", "挂载"),
                                            ("gpuli 存储卷 换实例还能挂载吗", "挂载"),
                                            ("can I mount my gpuli volume on a new instance", "mount")])
def test_a_volume_moves_to_a_new_instance(text: str, word: str) -> None:
    chat = ChatUser()
    chat.say(text)
    assert word in chat.text and "₮0.08" in chat.text, chat.text
