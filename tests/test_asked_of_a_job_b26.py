"""Classes blind set 26 showed, each asked in both languages: a message that names a job but asks where its
checkpoints go or what happens when the balance runs out gets that answer first; a ZeRO-3 setup on cards with
no NVLink is warned about right under its verdict (seed 000: markedly slower); a provider's name does not draw
the entry that lists it when the rest asks another entry's term (support hours, InfiniBand), and whether a
price is published is answered yes or no; "do I need the 8-bit optimizer?" after a sizing is answered for that
job. Figures are the seeds' (via catalogs/faq.yaml and the engine)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("text", ["32b 全参 跑完 checkpoint 放哪里比较好", "14b qlora 的检查点该存到哪 在 gpuli 上",
                                  "where should I keep the checkpoints of a 70b lora?",
                                  "8b full finetune at gpuli, where do the checkpoints go?"])
def test_where_a_jobs_checkpoints_go_leads_with_the_place(text: str) -> None:
    lead = lead_lines(conversation(text), 1)
    assert "NVMe" in lead, lead


def test_a_checkpoints_size_still_leads_when_no_place_is_asked() -> None:
    lead = lead_lines(conversation("32b 全参 checkpoint 多大"), 1)
    assert "512 GB" in lead and "NVMe" not in lead, lead


@pytest.mark.parametrize("text", ["14b lora 训到一半 cloudgpu 余额不够了怎么办", "7b qlora 还没跑完钱就用光了 会咋样",
                                  "what happens to my 32b qlora run if the cloudgpu balance runs out",
                                  "if my balance hits zero halfway through a 8b lora on cloudgpu, then what?"])
def test_the_balance_running_out_during_a_job_is_the_rule_not_a_sizing(text: str) -> None:
    parsed = parse(text)
    assert parsed.intent == "faq" and parsed.faq_answers[0].entry.id == "balance-runs-out", parsed.intent
    lead = lead_lines(conversation(text), 3)
    assert "销毁" in lead or "destroyed" in lead, lead


@pytest.mark.parametrize("text", ["cloudgpu 跑 8b qlora 余额至少留多少", "is $5 enough for a 7b qlora on cloudgpu?"])
def test_an_amount_asked_of_the_jobs_balance_is_still_not_the_faq(text: str) -> None:
    assert parse(text).intent != "faq"


@pytest.mark.parametrize("text", ["14b lora 4张3090 zero3 行吗", "32b qlora on 4 x 4090 with zero-3, fine?",
                                  "8 张 4090 跑 32b lora 用 zero3", "zero3 across 2 rtx 3090 for an 8b lora, ok?"])
def test_zero3_on_cards_without_nvlink_is_warned_under_the_verdict(text: str) -> None:
    lead = lead_lines(conversation(text), 3)
    assert "NVLink" in lead and ("掉速" in lead or "slower" in lead), lead


@pytest.mark.parametrize("text", ["一万网络 售后 周末有人吗", "一万网络半夜出问题有人管吗", "yiwan support hours?",
                                  "is there someone at 一万网络 at night if my server breaks"])
def test_a_providers_support_hours_are_its_support_entry(text: str) -> None:
    lead = lead_lines(conversation(text), 3)
    assert ("7×24" in lead or "24/7" in lead) and ("5 分钟" in lead or "5 minutes" in lead), lead


@pytest.mark.parametrize("text", ["一万网络的 h100 支持 IB 吗", "一万网络 8卡h100 可以加 infiniband 不",
                                  "does yiwan's h100 come with IB?"])
def test_infiniband_asked_at_a_named_provider_is_the_infiniband_entry(text: str) -> None:
    parsed = parse(text)
    assert parsed.faq_answers and parsed.faq_answers[0].entry.id == "infiniband", parsed.faq_answers
    assert "400G" in lead_lines(conversation(text), 3)


@pytest.mark.parametrize("text, verdict, figure", [
    ("一万网络 8卡a100 80g 的价格是官网明示的吗", "不是", "¥25,000–40,000"),
    ("is the 8 x a100 80g server price at yiwan official?", "No", "¥25,000–40,000"),
    ("一万网络 3090 1750 是官方价吗", "是官网明示价", "¥1750"),
    ("is the a100 40g price at yiwan published?", "Yes", "¥2800"),
])
def test_whether_a_price_is_published_leads_with_yes_or_no(text: str, verdict: str, figure: str) -> None:
    assert parse(text).intent == "faq"
    lead = lead_lines(conversation(text), 1)
    assert verdict in lead and figure in lead, lead


@pytest.mark.parametrize("sizing, turn, first", [
    ("7b 全参 用啥卡", "要不要开 8bit 优化器", "需要 8-bit 优化器"),
    ("7b full fine-tune, which card?", "do I need the 8-bit optimizer?", "Yes, the 8-bit optimizer is needed"),
    ("7b 全参 8卡 h100", "还需要 8-bit adam 吗", "不需要 8-bit 优化器"),
    ("14b full finetune", "is the 8-bit optimizer necessary?", "No, the 8-bit optimizer is not needed"),
])
def test_the_8bit_optimizer_asked_after_a_sizing_is_that_jobs_verdict(sizing: str, turn: str, first: str) -> None:
    text = conversation(sizing, turn)
    assert lead_lines(text, 1).startswith(first), text
    if first.startswith(("需要", "Yes")):
        assert "112 GB" in lead_lines(text, 3) and "70 GB" in lead_lines(text, 3), text


@pytest.mark.parametrize("text, place", [("8b qlora 训完 适配器放哪 cloudgpu", "Hugging Face"),
                                         ("where do I keep the checkpoints of a 14b full finetune at gpuli", "internal endpoint"),
                                         ("72b lora 在 gpuli 训完 checkpoint 存到哪", "内网端点")])
def test_where_names_the_providers_own_place(text: str, place: str) -> None:
    lead = lead_lines(conversation(text), 1)
    assert place in lead, lead
