"""Questions blind set 17 showed answered with a sizing or a price list, as classes: a message that
names a model size, a card count or a job but asks something a sizing never states (what is left of a
destroyed instance, which weights to download, a server's RAM, why tensor parallel slowed a run,
whether nodes need InfiniBand, QLoRA's cost in speed) gets the FAQ's answer first; a count of cards
asked whether it is needed at all is weighed against one card; and a Chinese courtesy beside an
English message does not make the reply Chinese. Figures are the seeds' (via catalogs/faq.yaml)."""

from __future__ import annotations

import pytest

from bot.text.i18n import detect_language
from tests.chat_user import ChatUser
from tests.chat_user import first_lines as _head


@pytest.mark.parametrize("text", ["cloudgpu 上 14b qlora 跑完把实例销毁了，checkpoint 还能找回来吗",
                                  "销毁实例以后我那个 8b lora 的检查点还在不在",
                                  "if I destroy the cloudgpu instance after my 7b lora, is the checkpoint still there?",
                                  "does my 32b qlora checkpoint survive once the instance is destroyed on cloudgpu"])
def test_what_survives_a_destroyed_instance_is_answered_before_any_sizing(chat: ChatUser, text: str) -> None:
    chat.say(text)
    head = _head(chat)
    assert "不在" in head or "Not at cloudgpu" in head, chat.text
    assert "每卡" not in head and "per card" not in head, chat.text


@pytest.mark.parametrize("text", ["cloudgpu 上做 70b qlora，该下载哪个权重", "72b qlora 下什么权重，多大",
                                  "for a 70b qlora on an a800, which weights should I download?",
                                  "70b qlora at cloudgpu: do I download the 16-bit weights?"])
def test_which_weights_to_download_names_the_4bit_base_and_its_size(chat: ChatUser, text: str) -> None:
    chat.say(text)
    head = _head(chat)  # the FAQ's figures (38.8 GB, not the 141 GB of 16-bit), or the sizing's weights line
    first = chat.lines[0]
    assert ("38.8" in head and "141" in head) or ("4-bit" in first and ("预量化" in first or "pre-quantized" in first)), chat.text


@pytest.mark.parametrize("text", ["gpuli 8卡 h100 机器内存多大", "8 卡 h100 实例配多少内存",
                                  "how much RAM comes with an 8x h100 instance?", "8x h100 box, how much host ram"])
def test_a_servers_ram_is_the_faq_answer_not_a_price_list(chat: ChatUser, text: str) -> None:
    chat.say(text)
    assert "1,600 GB" in _head(chat), chat.text
    assert "₮4,172" not in chat.text, chat.text


@pytest.mark.parametrize("text", ["32b lora 开了 tp=8 怎么反而变慢了", "14b 用张量并行以后速度反而掉了",
                                  "why did my 14b lora get slower with tensor parallel on 4 cards",
                                  "turned on tp=4 for a 32b qlora and it got slower, why?"])
def test_tensor_parallel_slowing_a_run_is_the_communication_answer(chat: ChatUser, text: str) -> None:
    chat.say(text)
    head = _head(chat)
    assert "通信" in head or "traffic" in head or "interconnect" in head, chat.text
    assert "DDP" in chat.text and "ZeRO" in chat.text, chat.text


@pytest.mark.parametrize("text", ["for continued pretraining across two nodes do I need infiniband",
                                  "for pretraining on 2 nodes, is infiniband required?",
                                  "继续预训练跨两台机器 要配 infiniband 吗", "多机做继续预训练需要 IB 吗"])
def test_infiniband_across_nodes_is_answered_with_its_price(chat: ChatUser, text: str) -> None:
    chat.say(text)
    assert "InfiniBand" in _head(chat), chat.text
    assert "₮600" in chat.text, chat.text


@pytest.mark.parametrize("text", ["qlora 训出来的 14b 效果会比 lora 差很多吗", "7b 用 qlora 质量会不会差一截",
                                  "will a qlora 8b come out much worse than lora?"])
def test_qloras_quality_answer_says_its_cost_in_speed(chat: ChatUser, text: str) -> None:
    chat.say(text)
    assert "20%–40%" in chat.text or "20–40%" in chat.text, chat.text


@pytest.mark.parametrize("text", ["LoRA vs QLoRA 哪个快", "QLoRA 和 LoRA 哪个更快", "lora or qlora, which is faster?"])
def test_which_method_is_faster_is_the_slowdown_answer(chat: ChatUser, text: str) -> None:
    chat.say(text)
    assert "20%–40%" in chat.text or "20–40%" in chat.text, chat.text


@pytest.mark.parametrize(("text", "lead"), [("8b qlora，两张4090 有必要吗", "没必要 2 张"),
                                            ("7b lora 租 8 卡 h100 是不是更快更好", "没必要 8 张"),
                                            ("14b qlora 用 4 张 a100 值得吗", "没必要 4 张"),
                                            ("do I need two 4090s for an 8b qlora?", "2 is more than needed"),
                                            ("is 8x h100 overkill for a 7b lora", "8 is more than needed")])
def test_a_count_asked_whether_needed_is_weighed_against_one_card(chat: ChatUser, text: str, lead: str) -> None:
    chat.say(text)
    assert lead in _head(chat), chat.text


@pytest.mark.parametrize(("text", "lang"), [("can 4090 do 7b qlora？谢谢", "en"),
                                            ("is one h100 enough for a 70b qlora 多谢", "en"),
                                            ("how long does a 7b lora take on an a100, 麻烦了", "en"),
                                            ("谢谢", "zh"), ("qlora 谢谢", "zh"), ("4090 能跑 7b 吗 thanks", "zh")])
def test_a_courtesy_in_another_language_keeps_the_messages_language(text: str, lang: str) -> None:
    assert detect_language(text) == lang


def test_an_english_question_thanked_in_chinese_is_answered_in_english(chat: ChatUser) -> None:
    chat.say("can a 4090 handle a 7b qlora？谢谢")
    assert "fits" in chat.text and "装得下" not in chat.text, chat.text
