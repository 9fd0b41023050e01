"""FAQ paraphrases of our own, in both languages, that name each entry in words the entry does not use
("instance dies mid training", "ping me before my rental runs out", "存储盘", "block storage"): each is
answered from the right entry with confidence, and the chat answers it as an FAQ. A question about which
cards are on offer ("你们都有啥卡", "what cards do you offer") lists the cards, as /gpus does, or the
provider's own list when one is named (gpuli RTX 4090 ₮109/week, CloudGPU RTX 4090 $0.33/h)."""

from __future__ import annotations

import pytest

from bot.understand.faq import lookup
from bot.understand.parser import parse
from tests.chat_user import first_lines, said

CASES = [
    ('gpuli 的机器能退款吗 租了三天不想用了', 'refunds'),
    ('rented the wrong card at gpuli, can I get my money back', 'refunds'),
    ('余额用光了机器会立刻被关掉吗', 'balance-runs-out'),
    ('what happens when my cloudgpu balance hits zero mid run', 'balance-runs-out'),
    ('快到期之前会不会发消息提醒我', 'expiry-reminders'),
    ('will gpuli ping me before my rental runs out', 'expiry-reminders'),
    ('不续费的话数据还能保留几天', 'data-retention'),
    ("if I don't renew, how long until my files get wiped", 'data-retention'),
    ('训练中途机器挂了 存档会丢吗', 'checkpoint-on-failure'),
    ('gpuli node died halfway through the run, are my checkpoints gone', 'checkpoint-on-failure'),
    ('gpuli 下载模型出去收流量费吗', 'egress-traffic'),
    ('does gpuli charge for outbound bandwidth', 'egress-traffic'),
    ('往 gpuli 传数据集进去要钱吗', 'ingress-traffic'),
    ('is uploading my dataset to gpuli free or metered', 'ingress-traffic'),
    ('how much is a storage volume at gpuli per month', 'storage-volume-pricing'),
    ('4090 之间有 nvlink 吗', 'nvlink-cards'),
    ('do the h100s at gpuli have nvlink between them', 'nvlink-cards'),
    ('一万网络的机房在哪 国内延迟多少', 'regions-latency'),
    ("where are yiwan's servers located and what's the ping from china", 'regions-latency'),
    ('gpuli 能用支付宝付钱吗', 'payment-methods'),
    ('can I pay gpuli with a credit card', 'payment-methods'),
    ('gpuli 的价格是用什么货币结算的', 'gpuli-currency'),
    ('what currency does gpuli bill in', 'gpuli-currency'),
    ('下单后多久能 ssh 上去', 'instance-ready-time'),
    ('how soon can I ssh in after ordering at gpuli', 'instance-ready-time'),
    ('可用性低于 99% 有赔偿吗', 'sla-credits'),
    ('what compensation do I get if gpuli uptime drops below the sla', 'sla-credits'),
    ('租的机器预装了 pytorch 吗 cuda 版本多少', 'software-stack'),
    ('does the rented box come with pytorch and cuda preinstalled', 'software-stack'),
    ('qlora 会不会比 lora 效果差很多', 'qlora-accuracy'),
    ('does 4-bit qlora hurt accuracy much compared to lora', 'qlora-accuracy'),
    ('开梯度检查点能省多少显存 慢多少', 'gradient-checkpointing'),
    ('how much memory does gradient checkpointing save and what does it cost in speed', 'gradient-checkpointing'),
    ('bf16 和 fp16 训练选哪个', 'bf16-vs-fp16'),
    ('should I train in bf16 or fp16', 'bf16-vs-fp16'),
    ('一万网络年付有折扣吗', 'yiwan-discounts'),
    ('does yiwan give a discount if I pay for a year', 'yiwan-discounts'),
    ('几张 4090 能一起训吗', 'multi-4090-training'),
    ('can I pool several 4090s for one training job', 'multi-4090-training'),
    ('cloudgpu 为啥先扣了我一小时的钱', 'cloudgpu-preauthorization'),
    ('why did cloudgpu freeze an hour of credit when I started', 'cloudgpu-preauthorization'),
    ('gpuli instance dies mid training, what happens to my run', 'checkpoint-on-failure'),
    ('my gpuli box crashed halfway through training, do I lose everything', 'checkpoint-on-failure'),
    ('训练到一半 gpuli 机器崩了 checkpoint 还在吗', 'checkpoint-on-failure'),
    ('what if the gpu fails mid-run at gpuli', 'checkpoint-on-failure'),
    ('gpuli 存储盘怎么收费', 'storage-volume-pricing'),
    ('what does block storage cost at gpuli', 'storage-volume-pricing'),
]


@pytest.mark.parametrize(("text", "entry"), CASES)
def test_a_paraphrase_meets_its_entry(text: str, entry: str) -> None:
    hit, _ = lookup(text)
    assert hit is not None and hit.entry.id == entry
    assert parse(text).intent == "faq"


@pytest.mark.parametrize("text", ["你们都有啥卡", "你们有什么显卡", "都有什么卡能租", "what cards do you offer",
                                  "which gpus can i rent", "list your gpus"])
def test_cards_on_offer_are_listed(text: str) -> None:
    lead = first_lines(said(text))
    assert "RTX 4090" in lead and "H100" in said(text).text


@pytest.mark.parametrize(("text", "price"), [("gpuli 有哪些卡", "₮109"), ("what gpus does cloudgpu have", "$0.33")])
def test_cards_on_offer_at_a_provider_are_its_list(text: str, price: str) -> None:
    assert price in said(text).text


@pytest.mark.parametrize("text", ["有什么卡能跑 70b 全参", "which cards can run a 14b lora"])
def test_which_card_a_job_needs_is_still_a_sizing(text: str) -> None:
    assert "GB" in first_lines(said(text)) and "H20" not in first_lines(said(text))


@pytest.mark.parametrize("text", ["租卡有什么坑", "显卡有什么区别", "gpu 有什么要求"])
def test_a_question_about_something_of_the_cards_is_no_card_list(text: str) -> None:
    # "卡有什么…" followed by what is asked of the cards (pitfalls, differences, requirements) is not "which cards"
    assert not parse(text).asks.cards_offered
