""""Which card to get X working on first (then decide Y)" at a provider: the cheapest card that runs it there, with
its price, leads (catalogs/faq.yaml from seeds 000/002/003: gpuli a week of an RTX 4090 at ₮109, cloudgpu a 4090 at
$0.33/h or a 3090 at $0.21/h, Yiwan a 3090 at ¥1750 a month), not the parallelism to start with nor LoRA's quality."""

from __future__ import annotations

import pytest

from tests.chat_user import first_lines, said

TRY_FIRST = [
    ("先用啥卡把 lora 跑通 再决定上不上全参 gpuli", ("4090", "₮109")),
    ("gpuli 先用什么卡把 lora 跑通，再决定要不要全参", ("4090", "₮109")),
    ("在 gpuli 先租哪张卡跑通 lora 比较好", ("4090", "₮109")),
    ("which card should I try lora on first at gpuli before deciding on full fine-tuning", ("4090", "₮109")),
    ("at cloudgpu which gpu to get qlora working first, then decide on full ft", ("3090", "$0.21")),
    ("cloudgpu 上先租哪张卡把 qlora 跑通", ("3090", "$0.21")),
    ("一万网络 先用什么卡试 lora，效果好再上全参", ("3090", "1750")),
]


@pytest.mark.parametrize(("text", "facts"), TRY_FIRST)
def test_the_cheapest_card_to_try_first_there_leads(text: str, facts: tuple[str, str]) -> None:
    me = said(text)
    head = first_lines(me, 3)
    assert all(f in head for f in facts), me.text
    assert "DDP" not in me.text and "ZeRO" not in me.text, me.text


def test_with_a_model_named_the_job_is_sized_with_the_cheapest_card_there() -> None:
    me = said("先用啥卡把 7b lora 跑通 再决定上不上全参 gpuli")
    head = first_lines(me, 1)  # the adapter step named first (a two-step plan when full fine-tuning may follow)
    assert "7B" in head and "LoRA" in head and "QLoRA" not in head and "gpuli ₮" in me.text, me.text


# no provider and no model: "validate LoRA cheaply first, then decide on full" asked as what to rent is seed 003's
# start-small advice (a 4090 or 3090, with their prices), not the entry on how far LoRA falls behind full fine-tuning
@pytest.mark.parametrize("text", [
    "想先用lora试试效果 不行再全参 该租什么",
    "lora 先验证一下 效果够再考虑全参 要先租啥",
    "prove lora works first, decide on full fine-tuning later. what should we rent?",
    "we'd like to check lora quality cheaply before committing to a full finetune — what to rent?",
])
def test_validate_first_asked_as_what_to_rent_is_the_cheap_card_advice(text: str) -> None:
    me = said(text)
    assert ("4090" in me.text or "3090" in me.text) and "₮109" in me.text and "$0.21" in me.text, me.text
    assert "0.8" not in me.text, me.text  # the LoRA-against-full quality example is not this answer
