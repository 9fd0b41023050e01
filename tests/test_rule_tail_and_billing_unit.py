"""Issue 18 (blind sets 54, 55): a rule question continued in the next message, and the unit a provider bills in.
"到期了没续" then "会咋样" (or "if I don't renew" then "what happens then?") is one question split over two messages:
read together they are gpuli's lapse rule, data kept 7 days and then wiped; "my cloudgpu balance ran out" then "then
what" is the instance destroyed. "billing granularity?" after a CloudGPU job is CloudGPU's per-minute billing, and
asked after gpuli's price, gpuli's 7- and 30-day cycles (seeds 000, 002)."""

from __future__ import annotations

import pytest

from tests.chat_user import first_lines, said


@pytest.mark.parametrize(("turns", "words"), [
    (("到期了没续", "会咋样"), ("7 天", "清除")),
    (("gpuli 租了个月租 a100", "到期了没续", "会咋样"), ("7 天", "清除")),
    (("gpuli 4090 周租", "到期不续", "然后呢"), ("7 天", "删除")),
    (("gpuli a100 monthly", "if i don't renew", "what happens then?"), ("7 days", "wipes")),
    (("my cloudgpu balance ran out", "then what"), ("destroyed",)),
    (("cloudgpu 余额用完了", "那会怎么样"), ("销毁",)),
])
def test_what_follows_is_read_with_the_question_before(turns: tuple[str, ...], words: tuple[str, ...]) -> None:
    me = said(*turns)
    assert me.last is not None and me.last.kind == "faq", me.text
    assert all(w in me.text for w in words), me.text


@pytest.mark.parametrize(("turns", "word"), [
    (("70b qlora a100 80g cloudgpu", "cost per 8h", "billing granularity?"), "minute"),
    (("cloudgpu 4090", "what's the billing increment"), "minute"),
    (("cloudgpu a100 跑 8 小时多少钱", "计费粒度是多少"), "分钟"),
    (("gpuli 4090 一周多少", "计费粒度是多少"), "7 天"),
    (("gpuli 8x h100 monthly", "what increments do they bill in"), "7-day"),
])
def test_billing_unit_of_the_provider_before(turns: tuple[str, ...], word: str) -> None:
    me = said(*turns)
    assert me.last is not None and me.last.kind == "faq", me.text
    assert word in first_lines(me, 2), me.text
