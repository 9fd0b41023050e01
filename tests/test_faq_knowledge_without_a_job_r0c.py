"""Knowledge questions that name no job, in phrasings of our own in both languages (issue 18 item 6): which method
to start with is the LoRA-against-full guidance (a 30–40× cost gap, far above the quality gap: seed 000), low GPU
utilization with "add more cards?" is the data pipeline (DataLoader num_workers, CPU; adding cards does not fix it:
seed 003), a loss that will not drop is the data first (seed 003), gpuli's month is one charge from the wallet at
order time (seed 000), and 一万网络's overseas bare metal is buy one get one (seed 003). The catalogs carry the
words (full fine-tuning however written, the step first, utilization), never a list of these messages."""

from __future__ import annotations

import pytest

from bot.understand.asks import methods_named
from bot.understand.faq import lookup
from bot.understand.normalize import normalize
from tests.chat_user import conversation, lead_lines

START_WITH = ["should we start with lora or go full ft straight away", "lora first or full finetune directly?",
              "is full fine-tuning worth it or is lora enough", "先 lora 还是 直接 全参", "lora 和 全参 选哪个",
              "全参和lora 先上哪个", "lora 够用吗 还是得全参", "咱们直接全参 还是先拿 lora 试试"]


@pytest.mark.parametrize("question", START_WITH)
def test_which_method_first_is_the_lora_against_full_guidance(question: str) -> None:
    hit, _ = lookup(question)
    assert hit is not None and hit.entry.id == "lora-vs-full-quality", (question, hit and hit.entry.id)
    text = conversation(question)
    assert "30–40" in text and "LoRA" in lead_lines(text, 3) and "not sure" not in text and "不太确定" not in text, text


UTILIZATION = [("gpu util 30% on 8 a100s, add more cards?", None),
               ("GPU 利用率只有 30%，要加卡吗", "❌ 先别加卡"),
               ("利用率低 是不是该加卡了", "❌ 先别加卡"),
               ("gpus sit idle half the time, will more gpus help", "❌ No, not yet"),
               ("do we need more gpus? util is like 40%", "❌ No, not yet"),
               ("训练很慢 gpu 占用率低 加卡有用吗", "❌ 先别加卡"),
               ("dataloader 慢怎么办", None),
               ("the dataloader is slow, what should i do", None),
               ("cpu 太弱会拖慢训练吗", None),
               ("training is slow but gpus are not busy", None)]


@pytest.mark.parametrize(("question", "verdict"), UTILIZATION)
def test_low_utilization_is_the_data_pipeline_and_more_cards_do_not_fix_it(question: str, verdict: str | None) -> None:
    text = conversation(question)
    assert "num_workers" in text and "DataLoader" in text and "CPU" in text, text
    assert "not sure" not in text and "不太确定" not in text, text
    if verdict is not None:
        assert text.splitlines()[0].startswith(verdict), text


@pytest.mark.parametrize("question", ["loss 不降 要加卡吗", "loss 一直降不下去 怎么回事", "my loss is stuck, is it the gpus?"])
def test_a_loss_that_will_not_drop_is_the_data_first(question: str) -> None:
    hit, _ = lookup(question)
    assert hit is not None and hit.entry.id == "data-quality", (question, hit and hit.entry.id)


@pytest.mark.parametrize(("question", "lead"), [
    ("gpuli 月租 是 一次性 扣钱包 吗", "✅ 是"),
    ("gpuli 包月的钱是一次性扣的吗", "✅ 是"),
    ("is gpuli's monthly rental charged upfront?", "✅ Yes"),
    ("does gpuli take the whole month from my wallet at once", "✅ Yes"),
    ("gpuli 能先用后付吗", "❌ 不能后付"),
    ("can i pay later at gpuli", "❌ No paying later"),
])
def test_whether_gpulis_cycle_is_one_charge_leads_with_the_verdict(question: str, lead: str) -> None:
    text = conversation(question)
    assert text.splitlines()[0].startswith(lead) and ("7" in text and "30" in text), text


@pytest.mark.parametrize(("question", "deal"), [("yiwan bare metal overseas deal?", "buy one get one"),
                                                ("一万网络 海外裸金属 有啥活动", "买 1 送 1")])
def test_yiwans_overseas_bare_metal_deal_is_named(question: str, deal: str) -> None:
    text = conversation(question)
    assert deal in lead_lines(text, 3), text


@pytest.mark.parametrize(("text", "methods"), [("全参和lora 先上哪个", {"full", "lora"}), ("要full还是lora", {"full", "lora"}),
                                               ("qlora 和 lora", {"qlora", "lora"}), ("fully sharded", set())])
def test_a_method_written_against_a_chinese_character_is_named(text: str, methods: set[str]) -> None:
    assert methods_named(normalize(text)) == methods
