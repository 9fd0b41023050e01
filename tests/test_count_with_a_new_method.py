"""A count said together with a new method ("qlora on a single card" after "fine-tune qwen3 14b") is the count of a new
job's cards, not a count of the card the answer before picked: the job is fitted anew, so a later price question
gets the recommended card with the reference table's card beside it (14B QLoRA: seed 000's RTX 4090 at gpuli ₮109 a
week, tight by our estimate), never the earlier pick treated as the user's own choice. A count alone ("4 卡呢")
still counts the card picked (tests/test_follow_up_keeps_the_rest_s26_r1b.py)."""

import pytest

from tests.chat_user import ChatUser

CONVERSATIONS = [
    ["we want to fine-tune qwen3 14b", "qlora on a single card", "which card, and what does a week at gpuli cost"],
    ["要微调 qwen3 14b", "qlora，单卡", "用什么卡，gpuli 一周多少"],
    ["need to train qwen3 14b", "qlora, one gpu", "what card and how much per week at gpuli"],
]


@pytest.mark.parametrize("turns", CONVERSATIONS)
def test_count_with_a_new_method_fits_anew(turns: list[str]) -> None:
    user = ChatUser()
    for turn in turns:
        user.say(turn)
    head = "\n".join(user.text.splitlines()[:3])
    assert "4090" in head and "₮109" in head, user.text
