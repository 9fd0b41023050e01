"""Two rule questions typed with no mark between them are both answered even when one is matched outright:
"cloudgpu 怎么计费 余额用完会怎样" is per-minute billing and the balance at zero (the instance destroyed); a second
half that only narrows the first ("cloudgpu 怎么计费 按小时算吗") stays one question (bot.understand.faq_clauses)."""

from __future__ import annotations

import pytest

from bot.understand.faq_clauses import faq_answers
from bot.understand.script import simplified
from tests.chat_user import ChatUser


@pytest.mark.parametrize("text", ["cloudgpu 怎么计费 余额用完会怎样", "cloudgpu 怎麼計費 餘額用完會怎樣",
                                  "cloudgpu 怎么收费 余额没了会怎样", "how does cloudgpu bill what happens when the balance runs out"])
def test_billing_and_the_balance_at_zero_are_both_answered(text: str) -> None:
    ids = [h.entry.id for h in faq_answers(simplified(text), "cloudgpu")[0]]
    assert ids == ["per-minute-billing", "balance-runs-out"], ids
    chat = ChatUser()
    chat.say(text)
    said = chat.text
    assert ("分钟" in said or "minute" in said) and ("销毁" in said or "destroy" in said), said


@pytest.mark.parametrize("text", ["cloudgpu 怎么计费 按小时算吗", "how much balance does cloudgpu hold while an instance runs"])
def test_a_half_that_narrows_the_first_stays_one_question(text: str) -> None:
    assert len(faq_answers(text, "cloudgpu")[0]) == 1


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
