"""Follow-ups and picks that change the option of a sizing or pricing answer, answered about that option: a card
swapped with "how much more" weighs both cards for the same length (seed 002: CloudGPU 3090 $0.21/h, 4090 $0.33/h,
8 h: $1.68 against $2.64, $0.96 more); "gpuli" after "the roomy setup a month" is that roomy setup there (seed 000:
32B full, 8 × H100 SXM, seed 003: ₮14,432 a month); "cloudgpu" after "the cheapest card for 3 hours" is that card
there, and a card the seed's table holds the class on (14B QLoRA 14–18 GB on 24 GB) is named the cheapest with
our high end as a caution, not dropped (3090, 3 h: $0.63)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


def head(turns: list[str], lines: int = 3) -> str:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return "\n".join(me.lines[:lines])


# (turns, figures the first lines must hold): both cards for the same length, and the difference
SWAP_HOW_MUCH = [
    (["qlora 8b 用 3090 cloudgpu 8 小时", "换 4090 多花多少"], ["$0.96", "$1.68", "$2.64"]),
    (["8B QLoRA on a 3090 at cloudgpu for 8 hours", "how much more with a 4090?"], ["$0.96", "$1.68", "$2.64"]),
    (["cloudgpu 上 8b lora 3090 跑 8 小时", "改用 4090 贵多少"], ["$0.96"]),
    (["7b qlora 3090 cloudgpu 10 小时", "换成 4090 要多花几块"], ["$1.20", "$2.10", "$3.30"]),
    (["7B QLoRA, cloudgpu 3090, 10h", "and if we switch to a 4090, what's the difference?"], ["$1.20"]),
    (["cloudgpu 8b qlora on 4090 for 8 hours", "how much cheaper with a 3090?"], ["$0.96"]),
]


@pytest.mark.parametrize(("turns", "figures"), SWAP_HOW_MUCH)
def test_a_card_swapped_with_how_much_weighs_both_for_the_same_length(turns: list[str], figures: list[str]) -> None:
    text = head(turns, 1)
    for figure in figures:
        assert figure in text


def test_a_card_the_job_does_not_fit_is_not_weighed_as_if_it_did() -> None:
    # 70B QLoRA (46–58 GB) on one 24 GB 4090: no "cheaper by" line for a setup that cannot run the job
    text = head(["70B QLoRA for 8 hours on CloudGPU, cheapest card", "how much cheaper with a 4090?"], 2)
    assert "cheaper than" not in text


@pytest.mark.parametrize("turns", [
    ["qlora 8b 用 3090 cloudgpu 8 小时"],
    ["8B QLoRA on a 3090 at cloudgpu for 8 hours"],
    ["cloudgpu 上 用 3090 跑 8b qlora 8 个小时"],
])
def test_the_card_stated_is_the_card_priced(turns: list[str]) -> None:
    text = head(turns, 1)
    assert "3090" in text and "$1.68" in text


# (turns, figure the first three lines must hold): the question before asked again at the provider named
SAME_QUESTION_THERE = [
    (["32b 全参 宽裕点的配置 多少钱一个月", "gpuli"], "₮14,432"),
    (["32B full finetune, a roomy setup, monthly cost?", "at gpuli"], "₮14,432"),
    (["32b 全参想宽裕一点 月租多少", "那 gpuli 呢"], "₮14,432"),
    (["14b qlora 最便宜的卡 跑 3 小时", "cloudgpu"], "$0.63"),
    (["cheapest card for a 14b qlora run of 3 hours", "on cloudgpu"], "$0.63"),
    (["14b qlora 跑 3 小时 最便宜用啥卡", "cloudgpu 的呢"], "$0.63"),
]


@pytest.mark.parametrize(("turns", "figure"), SAME_QUESTION_THERE)
def test_a_provider_alone_keeps_the_roomy_or_cheapest_question(turns: list[str], figure: str) -> None:
    assert figure in head(turns)


# the seed's table puts 14B QLoRA at 14–18 GB: a 24 GB card is named the cheapest, its high end a caution
SEED_HOLDS = [
    (["14b qlora 最便宜的卡 跑 3 小时"], ["RTX 3090", "$0.63", "14–18 GB"]),
    (["cheapest card for 14b qlora, 3 hours on cloudgpu"], ["RTX 3090", "$0.63", "14–18 GB"]),
    (["cloudgpu 14b qlora 用哪张卡最便宜 跑三小时"], ["RTX 3090", "14–18 GB"]),
    (["which is the cheapest gpu for qwen3 14b qlora at cloudgpu for 3h"], ["RTX 3090", "$0.63"]),
]


@pytest.mark.parametrize(("turns", "words"), SEED_HOLDS)
def test_the_cheapest_card_agrees_with_the_seed_table(turns: list[str], words: list[str]) -> None:
    text = head(turns)
    for word in words:
        assert word in text


# a ZeRO stage stated after a sizing: the job sized again at that stage, whether it fits first, and ZeRO-3 (which
# shards the weights too) named as what it needs when it does not (seed 000: 32B full on 8 × 80 GB is a ZeRO-3 setup)
STAGE_STATED = [
    (["32B full on 8 A100 80G", "we'd rather use ZeRO-2 to save time, fits?"], "does not fit", "ZeRO-3 → 77.4 GB"),
    (["32b 全参 8 张 a100 80g", "换 zero2 行吗"], "装不下", "ZeRO-3 → 77.4 GB"),
    (["32b full finetune on 8x a100 80gb", "zero2 instead, does it fit?"], "does not fit", "ZeRO-3 → 77.4 GB"),
    (["32b 全参 八卡 a100 80g", "用 zero-2 能装下吗"], "装不下", "ZeRO-3 → 77.4 GB"),
    (["14b full on 4 a100 80g", "switch to zero-2, still fits?"], "does not fit", "ZeRO-3 → 67.5 GB"),
    (["14b 全参 4 张 a100 80g", "改 zero2 会不会 oom"], "装不下", "ZeRO-3 → 67.5 GB"),
]


@pytest.mark.parametrize(("turns", "verdict", "needed"), STAGE_STATED)
def test_a_stage_stated_after_a_sizing_resizes_with_it(turns: list[str], verdict: str, needed: str) -> None:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    assert verdict in me.lines[0] and "ZeRO-2" in me.lines[0]
    assert needed in me.text


# one setup named, another asked about ("wants 2x … is one card enough?"): the one asked is sized first, the other
# named back; a price asked after it is that job's price (seed 003: gpuli's 80 GB card by the month, ₮899)
ONE_ASKED = [
    ("engineer wants 2x A100 for a 7B full finetune. Is one 80GB card enough with an 8-bit optimizer? "
     "cheapest monthly at gpuli?", "1× A100 80GB", ["70 GB", "₮899"]),
    ("同事想要两张 a100 做 7b 全参，一张 80G 的卡够吗 用 8bit 优化器？", "1×A100 80GB", ["70 GB"]),
    ("my boss wants 4 cards for 14b qlora. would one 24gb card be enough?", "1× RTX 3090", ["14–18 GB"]),
    ("老板说 14b qlora 要 4 张卡，一张 24G 的够不够", "1×RTX 3090", ["14–18 GB"]),
    ("they asked for two 4090s for 8b lora, is one 4090 enough?", "1× RTX 4090", ["20–26 GB"]),
]


@pytest.mark.parametrize(("message", "setup", "figures"), ONE_ASKED)
def test_the_setup_asked_about_is_answered_not_the_one_named_first(message: str, setup: str, figures: list[str]) -> None:
    me = ChatUser()
    me.say(message)
    assert setup in me.lines[0]
    for figure in figures:
        assert figure in me.text


# "which is cheapest and what's the catch" after a sizing: the cheapest plan and what it costs besides money
# (seed 000: 72B full on 8 × H100 SXM needs optimizer offload, 20–50% slower; seed 003: ₮14,432 a month)
CATCH_AFTER = [
    ["72B full finetune options at gpuli", "which is cheapest and what's the catch"],
    ["72b 全参 gpuli 有哪些方案", "最便宜的是哪个，有啥代价"],
    ["72B full finetune options at gpuli", "cheapest one, any catch?"],
    ["72b 全参微调 gpuli", "哪个最省钱 有什么坑"],
    ["72b full ft at gpuli, what setups?", "what's the catch with the cheapest?"],
]


@pytest.mark.parametrize("turns", CATCH_AFTER)
def test_the_cheapest_plan_and_its_catch_after_a_sizing(turns: list[str]) -> None:
    text = head(turns)
    assert "₮14,432" in text and "offload" in text and "20–50%" in text


# "the other option" after a cost answer: the other setup it listed, for the same job and length (seed 002: CloudGPU
# A100 80GB SXM $1.49/h, 8 h: $11.92; the A800 80GB PCIe at $1.09/h led)
OTHER_OPTION = [
    ["70B QLoRA for 8 hours on CloudGPU, cheapest card", "and the other 80G option?"],
    ["cloudgpu 70b qlora 跑 8 小时 最便宜的卡", "另一个 80G 的呢"],
    ["70B QLoRA for 8 hours on CloudGPU, cheapest card", "the other option?"],
    ["cloudgpu 70b qlora 8 小时", "另外那个多少"],
    ["70b qlora on cloudgpu for 8h", "what about the other one?"],
    ["70b qlora cloudgpu 8 个小时多少钱", "另外一张 80g 的卡呢"],
]


@pytest.mark.parametrize("turns", OTHER_OPTION)
def test_the_other_option_is_the_other_setup_listed(turns: list[str]) -> None:
    text = head(turns, 1)
    assert "A100 80GB SXM" in text and "$11.92" in text
