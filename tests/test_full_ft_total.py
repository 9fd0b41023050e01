"""Full fine-tuning asked without a card: the job's whole memory leads (seed 000's model-state rule,
16 bytes per parameter with mixed-precision AdamW, then what activations add), and the setup named
is the seed's minimum (14B: 4 × A100 SXM with ZeRO-3; 32B: 8 × A100 SXM with ZeRO-3; 72B: 8 × H100
with optimizer offload), bigger cards as alternatives; where our estimate does not hold the seed's
setup (7B with an 8-bit optimizer on one 80 GB card) the reply names it and says by how much.

Wordings are generated (fillers, punctuation, the method and the ask in many forms, both languages):
the meaning, not one phrasing, decides."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.advice import advise
from engine.request import TrainingRequest
from engine.sizing import size
from tests.chat_user import ChatUser

# size class -> (the seed's states at 16 B/param, the seed's minimum as the reply shows it)
SEED = {14: ("224 GB", "4× A100 80GB SXM (ZeRO-3)", "4×A100 80GB SXM (ZeRO-3)"),
        32: ("512 GB", "8× A100 80GB SXM (ZeRO-3)", "8×A100 80GB SXM (ZeRO-3)"),
        72: ("1,152 GB", "8× H100 SXM (ZeRO-3+offload)", "8×H100 SXM (ZeRO-3+offload)")}

ZH_METHOD = ["全参", "全参微调", "全量微调", "全参数微调", "全参数训练"]
EN_METHOD = ["full fine-tuning", "full finetune", "full FT", "full-parameter fine-tuning", "full fine tune"]
ZH_ASK = ["要多少显存", "显存需要多大", "得多少显存才够", "最少要几张卡", "最低什么配置", "需要多少 GPU 内存"]
EN_ASK = ["how much VRAM", "how much GPU memory is needed", "what is the minimum setup", "how many GPUs at least",
          "memory requirement?", "what hardware do I need"]
ZH_FILL = ["", "请问 ", "想问下 ", "大佬们，", "老板让我算下 "]
EN_FILL = ["", "hey, ", "quick q: ", "team — ", "so "]
ZH_END = ["", "?", "？", "！", " 谢谢", "呀"]
EN_END = ["", "?", "!", " thx", " please", "??"]


def _size_word(b: int, style: int) -> str:
    return (f"{b}B", f"{b}b", f"{b} B")[style % 3]


@st.composite
def zh_wording(draw: st.DrawFn) -> tuple[int, str]:
    b = draw(st.sampled_from(sorted(SEED)))
    words = [_size_word(b, draw(st.integers(0, 2))), draw(st.sampled_from(ZH_METHOD))]
    ask = draw(st.sampled_from(ZH_ASK))
    sep = draw(st.sampled_from([" ", "，", ""]))
    return b, draw(st.sampled_from(ZH_FILL)) + " ".join(words) + sep + ask + draw(st.sampled_from(ZH_END))


@st.composite
def en_wording(draw: st.DrawFn) -> tuple[int, str]:
    b = draw(st.sampled_from(sorted(SEED)))
    method = draw(st.sampled_from(EN_METHOD))
    ask = draw(st.sampled_from(EN_ASK))
    size_word = _size_word(b, draw(st.integers(0, 2)))
    body = draw(st.sampled_from([f"{ask} for {method} of a {size_word} model",
                                 f"{size_word} {method}: {ask}", f"{ask} to {method} {size_word}"]))
    return b, draw(st.sampled_from(EN_FILL)) + body + draw(st.sampled_from(EN_END))


@settings(max_examples=25, deadline=None)
@given(zh_wording())
def test_a_chinese_full_ft_question_leads_with_the_jobs_states_and_the_seeds_minimum(case: tuple[int, str]) -> None:
    b, text = case
    chat = ChatUser()
    chat.say(text)
    states, _, setup = SEED[b]
    # the seed's range of states, 10 bytes a parameter with an 8-bit optimizer to 16 with AdamW (the total's)
    assert re.search(rf"模型状态 (?:[\d.]+–)?{re.escape(states)}", chat.lines[0]), (text, chat.text)
    assert re.search(r"每参数 (?:10–)?16 字节", chat.lines[0]) and "AdamW" in chat.lines[0], (text, chat.text)
    assert setup in chat.lines[1] and "参考表" in chat.lines[1], (text, chat.text)


@settings(max_examples=25, deadline=None)
@given(en_wording())
def test_an_english_full_ft_question_leads_with_the_jobs_states_and_the_seeds_minimum(case: tuple[int, str]) -> None:
    b, text = case
    chat = ChatUser()
    chat.say(text)
    states, setup, _ = SEED[b]
    assert f"{states} of model states" in chat.lines[0], (text, chat.text)
    assert setup in chat.lines[1] and "reference table" in chat.lines[1], (text, chat.text)


def test_bigger_cards_nobody_rents_as_one_machine_are_no_alternative() -> None:
    a = advise(size(TrainingRequest(params_b=32, method="full")), TrainingRequest(params_b=32, method="full"))
    assert a.seed_is_verdict and a.verdict is not None and (a.verdict.gpu.id, a.verdict.num_gpus) == ("a100-80g-sxm", 8)
    # four MI300X would hold it on fewer, bigger cards, but nobody rents them as one machine (gpuli rents the
    # MI300X one card to an instance): no bigger-card alternative is offered, and none of four MI300X at all
    assert a.bigger is None
    assert all((o.gpu.id, o.num_gpus) != ("mi300x", 4) for o in a.others)
    assert round(a.verdict.estimate.model_states_gb, 1) == 64.0  # 512 GB / 8 cards, as the seed's table


def test_a_per_card_question_on_a_sharded_setup_shows_the_states_share() -> None:
    for text, share in (("每张卡要多少显存：32B 全参，8 卡 ZeRO-3", "模型状态每卡 64 GB"),
                        ("14B full FT across 4 GPUs with ZeRO-3, memory per GPU?", "model states are 56 GB")):
        chat = ChatUser()
        chat.say(text)
        assert share in chat.lines[0], chat.text


def test_where_our_estimate_misses_the_seeds_minimum_the_reply_says_by_how_much() -> None:
    chat = ChatUser()
    chat.say("7B 全参要多大显存")
    # seed 000's minimum is the answer (our expected 80.7 GB is within its allowance for activations
    # on top of its 70 GB of states), named with both figures and the risk
    seed_line = next(line for line in chat.lines if "1×A100 80GB PCIe + 8-bit 优化器" in line)
    assert "模型状态 70 GB" in seed_line and "最可能 80.7 GB" in seed_line and "OOM" in seed_line  # 10 B × 7B
    assert "模型状态 70–112 GB" in chat.lines[0]  # 10–16 B × 7B: 8-bit optimizer to AdamW


def test_a_stated_card_or_a_no_offload_wish_is_not_overridden_by_the_seed_row() -> None:
    chat = ChatUser()
    chat.say("32B full fine-tune on 8 H200")
    assert "H200" in chat.lines[0] and "reference table" not in chat.text
    chat.say("72B 全参，不用 offload，最低配置")
    assert "8×H200 SXM (ZeRO-3) + 8-bit 优化器" in chat.lines[1]  # the seed's other way for 72B
    assert "offload" not in chat.lines[1].replace("8-bit", "")


def test_a_named_sharded_setup_shows_the_states_share_the_seed_computes() -> None:
    # seed 000: 72B with an 8-bit optimizer on 8 × H200 is 10 B × 72B / 8 = 90 GB of states per card
    # (asked per card, the share is said as the seed writes it: 90 GB, 64 GB)
    for text, share in (("72B 全参 8张H200 8bit 优化器 每卡多少显存", "模型状态每卡 90 GB"),
                        ("per-card memory: 32B full fine-tune, 8x A100 80G, ZeRO-3", "Model states are 64 GB per card")):
        chat = ChatUser()
        chat.say(text)
        assert share in chat.text, chat.text
        assert chat.lines.index(next(line for line in chat.lines if share in line)) <= 2  # right under the verdict
