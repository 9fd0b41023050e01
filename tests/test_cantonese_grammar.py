"""Cantonese (and Taiwan's) wording reads as the Mandarin request (bot.understand.script): 幾錢 is 多少钱, 幾耐 多久,
會點 会怎样, 唔 不, 係…定… 是…还是…, 一個鐘 an hour, a bare measure word one thing, 設定 配置 — where the grammar puts
them, never inside another word (系统, 一定, 会点击, 全部 stay as they are)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.understand.script import simplified
from testkit.variants import reading
from tests.chat_user import ChatUser

# (Cantonese / Taiwan wording, its Mandarin): each a request of its own, with a card, a provider or a model around it
PAIRS = [
    ("{p} {c} 一個鐘幾錢", "{p} {c} 一小时多少钱"),
    ("{p} {c} 租 8 個鐘 幾錢", "{p} {c} 租 8 小时 多少钱"),
    ("{p} {c} 1000 美金 可以跑幾耐", "{p} {c} 1000 美金 可以跑多久"),
    ("部 {c} 夠唔夠 跑 {m} qlora", "一张 {c} 够不够 跑 {m} qlora"),
    ("2 部 {c} 得唔得 跑 {m} lora", "2 张 {c} 行不行 跑 {m} lora"),
    ("我哋 想用 {p} 跑 {m} lora 幾錢", "我们 想用 {p} 跑 {m} lora 多少钱"),
    ("{c} 做 {m} 全參 夠唔夠", "{c} 做 {m} 全参 够不够"),
    ("{p} {c} 包月同租 4 個星期邊個平", "{p} {c} 包月和租 4 个星期哪个便宜"),  # 同 joins the choices, 平 is cheap
    ("{p} {c} 跑成個月 24 個鐘唔停 幾錢", "{p} {c} 跑整个月 24 小时不停 多少钱"),  # 成个月: the whole month
    ("{p} 同 cloudgpu 邊間平啲 {c} 租兩日", "{p} 和 cloudgpu 哪家便宜些 {c} 租两日"),
    ("{p} {c} 由今日用到 12 月 20 號 點租最抵", "{p} {c} 从今天用到 12 月 20 号 怎么租最划算"),
    ("預算兩萬蚊 {m} lora 用 {c} 夠唔夠", "预算两万块 {m} lora 用 {c} 够不够"),
]
CARDS = ["4090", "a100", "h100", "3090", "l40s"]
PROVIDERS = ["gpuli", "cloudgpu", "一万网络"]
MODELS = ["7b", "14b", "qwen3 8b"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pair=st.sampled_from(PAIRS), c=st.sampled_from(CARDS), p=st.sampled_from(PROVIDERS),
       m=st.sampled_from(MODELS), tail=st.sampled_from(["", "?", " 呀", "？"]))
def test_a_cantonese_phrasing_parses_as_its_mandarin_counterpart(pair: tuple[str, str], c: str, p: str, m: str,
                                                                 tail: str) -> None:
    cantonese, mandarin = (x.format(c=c, p=p, m=m) + tail for x in pair)
    assert reading(cantonese) == reading(mandarin), (cantonese, mandarin)


@pytest.mark.parametrize(("cantonese", "mandarin"), [
    ("係美金定人民幣", "是美金还是人民币"),
    ("係 A100 定 H100 好", "是 A100 还是 H100 好"),
    ("h100 定 a100 好啲", "h100 还是 a100 好些"),
    ("餘額唔夠會點", "余额不够会怎样"),
    ("餘額唔夠會點?", "余额不够会怎样?"),
    ("cloudgpu 3090 一個鐘幾錢", "cloudgpu 3090 一小时多少钱"),
    ("條 job 要跑 8 個鐘", "这条 job 要跑 8 小时"),
    ("幫我出一份 accelerate 設定 8 張 h100", "帮我出一份 accelerate 配置 8 张 h100"),
    ("deepspeed 設定檔", "deepspeed 配置文件"),
    ("我哋得一萬塊預算", "我们只有一万块预算"),
    ("checkpoint 會唔會冇咗", "checkpoint 会不会没了"),  # 冇咗: gone (没了), not 没有了
    ("offload 慳唔慳 vram", "offload 省不省 vram"),
    ("70b 全參要幾多張 a100 先跑得？", "70b 全参要多少张 a100 才能跑？"),  # 先 … 得: only then can
    ("gpuli 5090 包月同租 4 個星期邊個平", "gpuli 5090 包月和租 4 个星期哪个便宜"),
    ("最平嘅 48g 卡", "最便宜的 48g 卡"), ("4090 平過 a6000 咩", "4090 便宜过 a6000 吗"),
    ("跑成個星期", "跑整个星期"),
    # money in 蚊, "still" (仲), "worth it" (抵), "how" before renting (點租), "from today" (由今日), "lower than" (低過)
    ("預算兩萬蚊", "预算两万块"), ("充咗 500 USDT 仲剩幾多", "充了 500 USDT 还剩多少"),
    ("包月同周租邊個抵啲", "包月和周租哪个划算些"), ("點租最抵", "怎么租最划算"),
    ("由今日用到 12 號", "从今天用到 12 号"), ("聽日開始跑", "明天开始跑"),
    ("餘額低過 50 蚊提我一聲", "余额低于 50 块提醒我"),
])
def test_cantonese_grammar_reads_as_mandarin(cantonese: str, mandarin: str) -> None:
    assert simplified(cantonese) == mandarin


@pytest.mark.parametrize("mandarin", ["系统定时任务", "一定要 8 卡", "确定系美金", "设定预算 5000", "设定 预算 5000",
                                      "我会点击下单", "全部 4090", "部署到 h100", "8 卡 定 4 卡", "一个钟头",
                                      "先跑得快的那个", "你先跑一下",
                                      "同一张卡", "同时跑两个", "不同的卡", "合同", "用同配置", "8卡同规格", "平台", "平均速度", "水平", "成本", "完成一个月",
                                      "仲裁怎么走", "抵扣券", "抵达机房", "快点租", "一点租金", "由于显存不够", "理由是什么",
                                      "跨节点训 32b", "检查点跑丢了", "多节点跑"])
def test_mandarin_words_that_hold_the_same_characters_stay(mandarin: str) -> None:
    assert simplified(mandarin) == mandarin


@pytest.mark.parametrize(("cantonese", "mandarin", "said"), [
    # which currency a price is in: the card's hourly price, $0.21, in US dollars
    (["cloudgpu 3090 一個鐘幾錢", "係美金定人民幣"], ["cloudgpu 3090 一小时多少钱", "是美金还是人民币"], "0.21"),
    # the balance running out at cloudgpu: the instance is destroyed
    (["cloudgpu a100 80g 一小時", "餘額唔夠會點"], ["cloudgpu a100 80g 一小时", "余额不够会怎样"], "销毁"),
    # how long $2,000 lasts on an A100 80GB at $1.49 an hour
    (["cloudgpu a100 80g 一小時", "2k 美金 可以跑幾耐"], ["cloudgpu a100 80g 一小时", "2k 美金 可以跑多久"], "1,342"),
    # an 8-hour job on one 4090 at $0.33 an hour
    (["部 4090 夠唔夠 run 7b qlora", "條 job 要跑 8 個鐘 cloudgpu 幾錢"],
     ["一张 4090 够不够 run 7b qlora", "这条 job 要跑 8 小时 cloudgpu 多少钱"], "2.64"),
    # a month against four weeks at gpuli's 5090: ₮499 against 4 × ₮149 = ₮596, never a booking
    (["gpuli 5090 包月同租 4 個星期邊個平"], ["gpuli 5090 包月和租 4 个星期哪个便宜"], "₮596"),
    # a whole month around the clock on CloudGPU's 3090: 720 h × $0.21
    (["cloudgpu 3090 跑成個月 24 個鐘唔停要幾錢"], ["cloudgpu 3090 跑整个月 24 小时不停要多少钱"], "151.20"),
    # two days after two prices: CloudGPU's 4090 for 48 h, $15.84, against gpuli's week
    (["gpuli 4090 月租幾錢", "cloudgpu 呢", "週末跑兩日邊個平啲"], ["gpuli 4090 月租多少钱", "cloudgpu 呢", "周末跑两日哪个便宜些"], "15.84"),
    # Taiwan's 設定 is an export of accelerate's configuration
    (["幫我出一份 accelerate 設定 8 張 h100 32b 全參"], ["帮我出一份 accelerate 配置 8 张 h100 32b 全参"], "accelerate"),
])
def test_a_cantonese_conversation_gets_the_mandarin_answer(cantonese: list[str], mandarin: list[str],
                                                           said: str) -> None:
    a, b = ChatUser(), ChatUser()
    for x, y in zip(cantonese, mandarin, strict=True):
        a.say(x)
        b.say(y)
    assert a.text == b.text and said in a.text


@pytest.mark.parametrize(("cantonese", "said"), [
    # the checkpoint on a failed machine: at gpuli it moves with the instance; keep save_steps
    ("gpuli 部機中途出事，啲 checkpoint 會唔會冇咗", "save_steps"),
    ("训练跑一半机器出问题了 模型存档会不会不见了", "save_steps"),
    # whether gradient checkpointing saves memory, a job named beside it: the lever's entry, not the job's sizing
    ("梯度檢查點慳唔慳顯存? 32b lora", "60–80%"),
    # a card count asked with 先 … 得: 32B full fine-tuning takes 8 H100 (ZeRO-3)
    ("32b 全參要幾張 h100 先跑得", "8 张 H100"),
])
def test_cantonese_questions_get_their_answers(cantonese: str, said: str) -> None:
    u = ChatUser()
    u.say(cantonese)
    assert said in u.text, u.text


# Sichuan and Chongqing speech asks "how much / how many" with 好多 (bot.understand.regional_asks); Cantonese with 几多
HOW_MUCH_PAIRS = [
    ("{m} lora 要好多显存", "{m} lora 要多少显存"),
    ("{p} {c} 包月好多", "{p} {c} 包月多少"),
    ("{p} 租一张 {c} 一个月要好多钱", "{p} 租一张 {c} 一个月要多少钱"),
    ("{m} qlora {c} 跑完要好多天", "{m} qlora {c} 跑完要多少天"),
    ("{m} 全参 要好多张 {c}", "{m} 全参 要多少张 {c}"),
    ("{p} {c} 幾多錢一個月", "{p} {c} 多少钱一个月"),
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pair=st.sampled_from(HOW_MUCH_PAIRS), c=st.sampled_from(CARDS), p=st.sampled_from(PROVIDERS),
       m=st.sampled_from(MODELS), tail=st.sampled_from(["", "?", " 嘛", "？"]))
def test_an_asking_haoduo_reads_as_duoshao(pair: tuple[str, str], c: str, p: str, m: str, tail: str) -> None:
    regional, mandarin = (x.format(c=c, p=p, m=m) + tail for x in pair)
    assert reading(regional) == reading(mandarin), (regional, mandarin)


@pytest.mark.parametrize(("said", "read"), [
    ("那要花好多钱", "那要花多少钱"), ("那速度掉好多", "那速度掉多少"), ("好多钱嘛", "多少钱嘛"),
    ("72b全参 8卡h100 offload 每卡好多", "72b全参 8卡h100 offload 每卡多少"),
    # stating, not asking: after 了 / 很 / 有, before a noun that is no figure, in a comparison, or beside another ask
    ("用 qlora 省了好多", "用 qlora 省了好多"), ("好多人用 lora", "好多人用 lora"), ("花了好多钱", "花了好多钱"),
    ("A100 比 H100 便宜好多", "A100 比 H100 便宜好多"), ("QLoRA 效果差好多咩", "QLoRA 效果差好多吗"),
    ("跑起来快好多了", "跑起来快好多了"), ("有好多卡可以选", "有好多卡可以选"),
])
def test_haoduo_asks_only_where_it_asks(said: str, read: str) -> None:
    assert simplified(said) == read


def test_a_sichuan_conversation_gets_its_figures() -> None:
    me = ChatUser()
    me.say("qw2.5 7b lora 要好多显存 不量化")
    assert "Qwen2.5-7B" in me.text and "21.9 GB" in me.text and "20–26 GB" in me.text, me.text  # seed 000's 7B LoRA band
    me = ChatUser()
    me.say("72b全参 8卡h100 offload 每卡好多")
    me.say("那速度掉好多")
    assert "20–50%" in me.text.splitlines()[0], me.text  # seed 000: offload costs 20–50% of the throughput
    me = ChatUser()
    me.say("gpuli 8卡h100 包月好多")
    assert "₮14,432" in me.text.splitlines()[1], me.text
