"""An outage that drags on is the SLA's question (its availability and the credit), in both languages, also asked
after a machine was said to have died (session 28: a new FAQ entry shifted the scores and the refunds entry took it)."""

import pytest

from bot.understand.faq import faq_index
from tests.chat_user import said


@pytest.mark.parametrize("question", ["what if the outage drags on for a whole day", "机器坏了迟迟修不好怎么办",
                                      "what if the outage lasts all day", "宕机拖很久的话有补偿吗"])
def test_a_long_outage_is_the_sla_entry(question: str) -> None:
    assert faq_index().search(question)[0].entry.id == "sla-credits"


@pytest.mark.parametrize("ask", ["how soon do they replace the node, and if it drags on?", "他们多久能换好，要是拖很久呢"])
def test_asked_after_a_node_died_the_reply_gives_the_availability(ask: str) -> None:
    chat = said("we rent 8x h100 monthly on gpuli", "a node died this morning", ask)
    assert "99.9" in chat.text, chat.text


def test_full_fine_tuning_which_card_then_a_model_keeps_full() -> None:
    chat = said("打算做全参微调，用什么卡", "qwen3 8b")
    assert "全参微调" in chat.text.splitlines()[0] and "LoRA" not in chat.text.splitlines()[0], chat.text
