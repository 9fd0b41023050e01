"""A count written right after a card ("a100 4x monthly", "h100 8x 包月") belongs to the card; it never multiplies the
month into four or eight (session 28: "h100 8x gpuli monthly" was priced for 240 days after runs said before a length
began to multiply it). Runs counted before a length in hours or after a verb still multiply it."""

import pytest

from tests.chat_user import said


@pytest.mark.parametrize(("message", "said_back"), [("a100 4x monthly on gpuli", "₮4,308"), ("gpuli a100 4x month price?", "₮4,308"),
                                                   ("a100 3x 包月多少 gpuli", "3 张")])
def test_a_count_after_a_card_does_not_multiply_the_month(message: str, said_back: str) -> None:
    # the count is the card's (session 29: gpuli's 4×A100 SXM box, ₮4,308 a month, seed 000's 14B row; no 3-card box)
    text = said(message).text
    assert said_back in text and "₮3,596" not in text and "₮2,697" not in text, text


@pytest.mark.parametrize("message", ["h100 8x gpuli monthly", "h100 8x 包月多少", "H100 ×8 gpuli 一个月"])
def test_an_eight_card_h100_month_is_one_month(message: str) -> None:
    text = said(message).text
    assert "₮14,432" in text and "₮115,456" not in text, text


@pytest.mark.parametrize(("message", "total"), [("3 x 8h runs on cloudgpu 4090", "$7.92"),
                                                ("cloudgpu 4090 跑 3 × 8 小时", "$7.92"),
                                                ("跑 2 × 一周 4090 gpuli", "₮218")])
def test_runs_counted_before_a_length_still_multiply_it(message: str, total: str) -> None:
    assert total in said(message).text
