"""What the user said reaches the file and the price (session 28, round 1, blind 78/79 leftovers):

- a ZeRO stage said for an export is the stage the trainer runs, when its model states fit the card (seed 000's
  ZeRO-2 row: 2 + 14/N bytes per parameter, so a 7B on two 80 GB cards keeps ~63 GB of states a card): the JSON
  says stage 2 and the reply says it is tight, rather than silently writing ZeRO-3; a stage whose states do not
  fit (14B LoRA at ZeRO-2 on 24 GB cards: 28 GB of unsharded weights) is still replanned, and said so;
- a job given after "a llamafactory config?" keeps its method: QLoRA exports quantization_bit 4;
- Yiwan's terms asked of the card just priced (seed 003: A100 40G ¥2,800 a month, 20% off a prepaid year =
  ¥26,880, ¥100 off a month on a repeat purchase; 8×H100 ¥8–12 万 a month, 15% off a year, the source's own
  year ¥80–120 万): the card priced on them, never the discounts FAQ; a second machine on the same account is
  the card bought again, not a node of 8 cards; a year said with an add-on prices the year with it.
"""

from __future__ import annotations

import json

import pytest
import yaml

from tests.chat_user import ChatUser, conversation, lead_lines


def files_of(chat: ChatUser, *turns: str) -> dict[str, str]:
    reply = None
    for turn in turns:
        reply = chat.say(turn)
    assert reply is not None and reply.kind == "export", chat.text
    return {name: content.decode() for name, content in reply.files}


@pytest.mark.parametrize("ask", [
    "export a deepspeed zero-2 json for 7b full on two A100 80G",
    "DS config please, ZeRO stage 2, bf16, 7b full fine-tune, 2 GPUs",
    "导出 deepspeed 配置：7b 全参 两张 a100 80g，zero2",
    "给我 ds json，zero-2，7b 全量微调，2 卡",
    "7b full finetune on 2x h100, zero 2, deepspeed config",
])
def test_a_zero_stage_said_is_the_stage_in_the_json(ask: str) -> None:
    chat = ChatUser()
    files = files_of(chat, ask)
    assert json.loads(files["ds_config.json"])["zero_optimization"]["stage"] == 2, chat.text
    assert "ZeRO-2" in chat.text and "ZeRO-3)" not in chat.text.splitlines()[1], chat.text


def test_a_stage_whose_states_do_not_fit_is_still_replanned_and_said() -> None:
    chat = ChatUser()
    files = files_of(chat, "zero2 的 ds json，8卡 4090 跑 14b lora")
    assert json.loads(files["ds_config.json"])["zero_optimization"]["stage"] == 3
    assert "ZeRO-2 装不下" in chat.text, chat.text


@pytest.mark.parametrize(("first", "job"), [
    ("给我一份 llamafactory 配置", "qwen3-8b qlora"),
    ("export a llamafactory config", "qwen3 8b qlora"),
    ("导出一份 llama-factory 的配置", "qwen3 8b 用 qlora"),
    ("can I get a LLaMA-Factory yaml?", "qwen3-8b, qlora"),
])
def test_a_method_given_after_the_export_question_reaches_the_file(first: str, job: str) -> None:
    chat = ChatUser()
    chat.say(first)
    files = files_of(chat, job)
    lf = yaml.safe_load(files["llamafactory.yaml"])
    assert (lf["finetuning_type"], lf.get("quantization_bit")) == ("lora", 4), chat.text
    assert "QLoRA" in chat.text.splitlines()[0] or "QLoRA" in chat.text, chat.text


@pytest.mark.parametrize(("turns", "figure"), [
    (("A100 40G at Yiwan, annual?",), "26,880"),
    (("yiwan a100 40g annual",), "26,880"),
    (("A100 40G at Yiwan, annual?", "and with the repeat-purchase discount, monthly?"), "2,700"),
    (("Yiwan A100 40G per month", "repeat purchase?"), "2,700"),
    (("Yiwan H100 8-card monthly?", "and the yearly estimate?"), "1,200,000"),
    (("一万网络 h100 8卡 月付", "那年付预估呢"), "120 万"),
])
def test_yiwan_terms_asked_of_the_card_priced(turns: tuple[str, ...], figure: str) -> None:
    reply = conversation(*turns)
    assert figure in lead_lines(reply, 3), reply
    assert "discounts does" not in reply and "哪些折扣" not in reply, reply


@pytest.mark.parametrize("ask", [
    "一万网络 3090 月付多少，同账户再买一台能便宜多少",
    "一万网络 3090 包月，再买一台呢",
    "yiwan 3090 monthly, a second box on the same account?",
])
def test_a_second_machine_is_the_card_bought_again(ask: str) -> None:
    reply = conversation(ask)
    assert "8 张" not in reply and "8× RTX 3090" not in reply and "8×RTX 3090" not in reply, reply
    assert "1,650" in reply and "1,750" in reply, reply  # seed 003: ¥1,750 a month, ¥100 off bought again


@pytest.mark.parametrize(("turns", "figures"), [
    (("一万网络 a100 40g 包月", "年付 加 16 核 一起多少"), ("26,880", "4,800", "31,680")),
    (("Yiwan A100 40G monthly", "paid yearly with the 16-core CPU upgrade, total?"), ("26,880", "4,800", "31,680")),
    (("一万网络 3090 包月", "复购 加内存128g 多少"), ("2,250",)),  # ¥1,750 + ¥600 − ¥100
])
def test_a_term_said_with_an_add_on_prices_both(turns: tuple[str, ...], figures: tuple[str, ...]) -> None:
    reply = conversation(*turns)
    for figure in figures:
        assert figure in lead_lines(reply, 3), reply
