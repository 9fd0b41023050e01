"""A follow-up asking one detail of the answer just given (how long, how much, where, what instead) is answered
from that answer's topic, led by its figure, in both languages; it used to draw another FAQ entry that shares the
asking words ("how much slower" after QLoRA's speed: gradient checkpointing's) or "outside what I do". Figures come
from the seeds (000, 002, 003) through catalogs/faq.yaml."""

from __future__ import annotations

import re

import pytest

from bot.understand.detail_ask import detail_asked
from bot.understand.faq import faq_entries
from bot.understand.faq_clauses import faq_answers
from bot.understand.parser import parse
from tests.chat_user import ChatUser

# (the question, the detail asked after it, the figure that must lead, the entry answering)
AFTER_A_FAQ = [
    ("will gpuli refund me if I picked the wrong card", "within how long?", r"\b1 hour", "refunds"),
    ("does gpuli remind me before expiry", "how many days before", r"\b3 days", "expiry-reminders"),
    ("is the boot billed at cloudgpu", "how long does it take", r"\b2 minutes", None),
    ("gradient checkpointing worth it?", "how much slower", r"20–30%", "gradient-checkpointing"),
    ("should I offload the optimizer", "ok how much slower then", r"20–50%", "optimizer-offload"),
    ("is tensor parallel worth it for a 13b finetune", "so what should we use", r"DDP", "no-tensor-pipeline-parallel"),
    ("gpuli 能退款吗", "多长时间内", r"1 小时", "refunds"),
    ("gpuli 掉线有赔偿吗", "能补几倍", r"3 倍", "sla-credits"),
    ("到期会提醒吗", "提前几天", r"3 天", "expiry-reminders"),
    ("梯度检查点 省显存吗", "那速度慢多少", r"20–30%", "gradient-checkpointing"),
    ("微调要上张量并行吗", "那用啥", r"DDP", "no-tensor-pipeline-parallel"),
    ("gpuli 实例坏了 checkpoint 会丢吗", "要多久才能恢复", r"30 分钟", "checkpoint-on-failure"),
    # a count's measure word is no subject of its own: "一个节点一个月多少" is per node per month (seed 000: ₮600)
    ("gpuli 哪些 region 有 IB", "一个节点一个月多少", r"₮600", "infiniband"),
    ("gpuli 的 IB 怎么收费", "两个节点一个月多少", r"₮1,200", "infiniband"),
    ("does gpuli have infiniband?", "how much per node per month?", r"₮600", "infiniband"),
    # what does it, after a no that names no other way: the closest entry on the topic (seed 000: checkpointing 60–80%)
    ("梯度累积能省显存吗", "那啥能省", r"60–80%", "gradient-checkpointing"),
    ("does gradient accumulation save memory?", "so what does then?", r"60–80%", "gradient-checkpointing"),
]

# after a knowledge answer (a checkpoint's size, a sizing): the FAQ entry on that job answers the detail
AFTER_A_JOB = [
    ("14b full ft checkpoint size", "where do i put it", r"NVMe", "checkpoint-location"),
    ("14b 全参 checkpoint 多大", "放哪", r"NVMe", "checkpoint-location"),
    ("72b full ft gpuli cheapest", "and the throughput hit?", r"20–50%", "optimizer-offload"),
    ("72b 全参 gpuli 最便宜怎么租", "吞吐掉多少", r"20–50%", "optimizer-offload"),
]


def _question(entry_id: str, lang: str) -> str:
    entry = next(e for e in faq_entries() if e.id == entry_id)
    return entry.question.zh if lang == "zh" else entry.question.en


def _lang(text: str) -> str:
    return "zh" if re.search(r"[\u4e00-\u9fff]", text) else "en"


@pytest.mark.parametrize(("first", "detail", "figure", "entry"), AFTER_A_FAQ + AFTER_A_JOB)
def test_a_detail_is_answered_from_the_last_answer_figure_first(first: str, detail: str, figure: str,
                                                                entry: str | None) -> None:
    me = ChatUser()
    me.say(first)
    me.say(detail)
    lines = [line for line in me.text.splitlines() if line.strip()]
    assert re.search(figure, "\n".join(lines[:2])), me.text  # the figure leads: the first line, or the answer's start
    if entry is not None:
        assert _question(entry, _lang(detail)) in me.text


@pytest.mark.parametrize("text", ["多少钱", "how much?", "那要多少钱"])
def test_a_bare_price_ask_after_a_sizing_is_no_faq_detail(text: str) -> None:
    """"多少钱" after a sizing asks the price of that job's card (₮109 a week for a 4090 at gpuli), never a FAQ
    entry's figure."""
    me = ChatUser()
    me.say("qwen3 8b lora 4090 够吗")
    reply = me.say(text)
    assert reply.kind != "faq", me.text
    assert "109" in me.text


@pytest.mark.parametrize(("text", "kind"), [
    ("within how long", "time"), ("多久能恢复", "time"), ("how much slower", "amount"), ("存哪", "place"),
    ("what then", "instead"), ("那怎么办", "instead"), ("what does cloudgpu recommend", "instead"),
    ("多少钱一个月", "amount"), ("那啥能省", "instead"), ("so what does then?", "instead"), ("how much back", "amount"), ("where should I put them", "place"),
    ("那 4090 呢", None), ("qwen3 8b 多少显存", None), ("how much is an h100 a week", None),
    ("how much for 3000 gb", None), ("今天吃啥", None),
])
def test_the_detail_a_short_follow_up_asks(text: str, kind: str | None) -> None:
    read = detail_asked(text)
    assert (read[0] if read is not None else None) == kind
    assert parse(text).cues.detail == kind  # read once, by the parser


@pytest.mark.parametrize(("first", "then", "price"), [
    ("7b lora bf16 on 4090 ok?", "what does cloudgpu recommend", "$"),
    ("qwen3 8b lora 4090 够吗", "cloudgpu 推荐用啥", "$"),
])
def test_a_provider_asked_for_its_pick_after_a_sizing_prices_the_job_there(first: str, then: str, price: str) -> None:
    """A provider asked what it recommends for the job just sized answers with that job priced at that provider
    (CloudGPU bills in dollars), never a FAQ answer quoting another provider's prices."""
    me = ChatUser()
    me.say(first)
    reply = me.say(then)
    assert reply.kind != "faq", me.text
    assert price in me.text and "₮" not in me.text, me.text


@pytest.mark.parametrize(("text", "facts"), [
    ("gpuli expiry: do they warn me? how long is data kept after", ["3 days", "7 days"]),
    ("gpuli 到期：会提醒吗？数据留几天", ["3 天", "7 天"]),
])
def test_two_questions_after_a_topic_label_each_get_their_answer(text: str, facts: list[str]) -> None:
    answers, _ = faq_answers(text)
    assert [h.entry.id for h in answers] == ["expiry-reminders", "data-retention"]
    me = ChatUser()
    me.say(text)
    for fact in facts:
        assert fact in me.text


@pytest.mark.parametrize(("first", "then", "entry"), [
    ("where should I save checkpoints", "where are the datacenters", "regions-latency"),
    ("checkpoint 存哪", "机房在哪", "regions-latency"),
])
def test_a_question_with_a_subject_of_its_own_is_no_detail(first: str, then: str, entry: str) -> None:
    """"where are the datacenters" after where checkpoints go asks the regions, not the checkpoint entry's place."""
    me = ChatUser()
    me.say(first)
    me.say(then)
    assert _question(entry, _lang(then)) in me.text
    assert "NVMe" not in me.text.splitlines()[0]
