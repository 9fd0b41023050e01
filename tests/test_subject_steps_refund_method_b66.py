"""Classes read from blind 66's failures (session 25, r0c), each in our own phrasings, both languages, with the
seeds' figures:

- a part of a message that names only a provider is the subject of the question after it, whatever marks split
  them ("does cloudgpu; bill per minute?" asks the per-minute rule, not cloudgpu's price list);
- a deadline or budget no option meets leads with its verdict (❌ 来不及 / Not in time);
- the run's steps named before their count ("总步数 6250", "total steps = 3000") are its total, scale a trial stated
  beside them ("前 50 步用了 100 秒"), and the run's time asked again ("那要多少分钟") answers it again;
- download / save / upload minutes add to a stated training length (seed 002: 任务分钟 = 下载 + 训练 + 保存/上传);
- a length with its cost asked after a FAQ question about a card prices that card for that length;
- a rent asking which provider says what that rental costs at each and that it comes off the balance;
- a refund question ending on the refund word, and "later" as the time used, leads with the 1-hour window;
- LoRA's trainable share and a card-pair NVLink asked after a price are the FAQ's;
- whether QLoRA is still needed is answered by whether bf16 LoRA fits the card.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.faq_clauses import faq_answers
from tests.chat_user import ChatUser


def _say(*turns: str) -> str:
    u = ChatUser()
    for turn in turns:
        u.say(turn)
    return u.text


def _head(text: str, n: int = 3) -> str:
    return "\n".join(text.strip().splitlines()[:n])


# ---------------------------------------------------------------- a provider alone is the next question's subject


@pytest.mark.parametrize("message", [
    "so does cloudgpu; charge per minute?",
    "cloudgpu; how is the per-minute billing done?",
    "cloudgpu 的；按分钟计费怎么算",
    "那 cloudgpu；按分钟怎么扣钱",
])
def test_a_provider_alone_before_a_mark_is_the_subject_of_the_question(message: str) -> None:
    found, _ = faq_answers(message)
    assert [h.entry.id for h in found] == ["per-minute-billing"], [h.entry.id for h in found]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([";", "; ", " ;  ", "，", ",", " - "]), st.sampled_from(["", "so ", "and "]))
def test_marks_between_a_provider_and_its_question_change_nothing(mark: str, joiner: str) -> None:
    plain, _ = faq_answers(f"{joiner}does cloudgpu charge per minute?")
    marked, _ = faq_answers(f"{joiner}does cloudgpu{mark}charge per minute?")
    assert [h.entry.id for h in marked] == [h.entry.id for h in plain] == ["per-minute-billing"]


# ---------------------------------------------------------------- a deadline nobody meets: the verdict leads


@pytest.mark.parametrize("message, verdict", [
    ("qwen2.5 72b full finetune, 8x h100 with offload, 1B tokens, done by tomorrow 8am?", "Not in time"),
    ("72b 全参 8 卡 h100 offload，10 亿 token，明天早上 8 点前能训完吗", "来不及"),
])
def test_a_deadline_no_option_meets_leads_with_the_verdict(message: str, verdict: str) -> None:
    head = _head(_say(message))
    assert "❌" in head and verdict in head, head


# ---------------------------------------------------------------- steps named before their count, a trial beside them


@pytest.mark.parametrize("message, needle", [
    ("训练步数：4800，每步 1.5 秒，多久", "4,800 步 × 1.5 秒 = 120 分钟"),
    ("total steps = 4800, 1.5 s per step, how long", "4,800 steps × 1.5 s = 120 min"),
    ("总步数 6000，预热后前 50 步跑了 75 秒，训练要多少分钟", "6,000 步 × 1.5 秒 = 150 分钟"),
    ("max_steps=6000, the first 50 steps took 75 s, how long", "6,000 steps × 1.5 s = 150 min"),
])
def test_the_runs_steps_named_before_the_count_are_its_total(message: str, needle: str) -> None:
    text = _say(message)
    assert needle in text, text


@pytest.mark.parametrize("first, again, needle", [
    ("步数 3000，前 50 步用了 60 秒", "那一共要多少分钟", "3,000 步 × 1.2 秒 = 60 分钟"),
    ("total steps 3000, first 50 steps took 60 s", "so how long is that", "3,000 steps × 1.2 s = 60 min"),
])
def test_the_runs_time_asked_again_answers_it_again(first: str, again: str, needle: str) -> None:
    text = _say(first, again)
    assert needle in text, text


def test_a_step_time_over_a_count_is_no_trial() -> None:
    text = _say("cloudgpu 4090 跑 1000 步 6 秒一步 多久 多少钱")  # 6 s a step over 1000 steps, no 1000-step trial
    assert "1,000 步 × 6 秒 = 100 分钟" in text and "$0.55" in text, text


# ---------------------------------------------------------------- the minutes around training, priced with it


@pytest.mark.parametrize("message, needle", [
    ("cloudgpu a6000 下载 5 分钟 训练 100 分钟 保存 10 分钟 多少钱", "115 分钟 × $0.44/小时"),
    ("at cloudgpu on an a6000: download 5 min, train 100 min, upload 10 min, what does it cost", "115 min × $0.44/h"),
])
def test_side_minutes_add_to_the_training_length(message: str, needle: str) -> None:
    text = _say(message)
    assert needle in text and "$0.84" in text, text


@pytest.mark.parametrize("question, length, needle", [
    ("how does cloudgpu bill an a6000 by the hour?", "ok so 3 hours on it, how much?", "180 min × $0.44/h"),
    ("cloudgpu 的 a6000 按小时怎么收费", "下载 5 分钟 训练 100 分钟 保存 10 分钟，算下费用", "115 分钟 × $0.44/小时"),
])
def test_a_length_priced_after_a_faq_question_about_a_card(question: str, length: str, needle: str) -> None:
    text = _say(question, length)
    assert needle in text, text


# ---------------------------------------------------------------- rent: which provider, with the price at each


@pytest.mark.parametrize("message, needles", [
    ("帮我租一张 a6000 两周", ("₮230", "$147.84", "余额")),
    ("rent me one a6000 for two weeks", ("₮230", "$147.84", "balance")),
])
def test_which_provider_for_a_rental_says_its_price_at_each(message: str, needles: tuple[str, ...]) -> None:
    text = _say(message)
    assert all(n in text for n in needles), text


# ---------------------------------------------------------------- refunds


@pytest.mark.parametrize("message, verdict, window", [
    ("gpuli a6000 — changed my mind two hours later, refundable?", "❌ No", "1 hour"),
    ("rented a gpuli 5090, a day later i want out, refund?", "❌ No", "1 hour"),
    ("gpuli 的 a6000 租了两小时就后悔了 可以退吗", "❌ 不能退", "1 小时"),
])
def test_a_refund_asked_after_the_window_leads_with_no(message: str, verdict: str, window: str) -> None:
    head = _head(_say(message))
    assert verdict in head and window in head, head


@pytest.mark.parametrize("message", ["is a gpuli rental refundable?", "gpuli 租了反悔的话钱能退吗"])
def test_refundable_is_the_refund_question(message: str) -> None:
    text = _say(message)
    assert "1 hour" in text or "1 小时" in text, text


# ---------------------------------------------------------------- FAQ facts: LoRA's share, a pair bridged


@pytest.mark.parametrize("message", ["lora 训练的参数比例是多少", "LoRA 的可训练参数占多少",
                                     "what fraction of the parameters are trainable with lora?",
                                     "lora trainable params percent?"])
def test_loras_trainable_share(message: str) -> None:
    text = _say(message)
    assert "0.1–1%" in text, text


@pytest.mark.parametrize("price, ask, needle", [
    ("gpuli a6000 包月多少", "能接 nvlink 吗", "桥接"),
    ("A6000 在 gpuli 租一个月多少钱", "两张之间能连 nvlink 吗", "桥接"),
    ("gpuli a6000 monthly price?", "can two of them be nvlinked?", "bridged"),
])
def test_nvlink_asked_after_a_cards_price(price: str, ask: str, needle: str) -> None:
    text = _say(price, ask)
    assert needle in text and "NVLink" in text, text


# ---------------------------------------------------------------- is QLoRA still needed on this card?


@pytest.mark.parametrize("message, lead", [
    ("手上有 80G 的卡 14b 还有必要上 qlora 吗", "没必要 QLoRA"),
    ("our cards are 80GB A100s, should we still use qlora for a 14b?", "No need for QLoRA"),
    ("we have 24GB 4090s, do we even need qlora for a 14b?", "Yes, QLoRA"),
    ("14b 在 4090 上还需要 qlora 吗", "要 QLoRA"),
    ("8b on a 4090, is qlora still necessary?", "To be safe, yes"),
])
def test_whether_qlora_is_needed_follows_whether_lora_fits(message: str, lead: str) -> None:
    text = _say(message)
    assert text.strip().startswith("👉") and lead in _head(text, 1) and "20–40%" in text, text


def test_qlora_sized_without_the_question_has_no_such_lead() -> None:
    assert "QLoRA:" not in _head(_say("8b qlora on an 80GB a100"), 1)


# ---------------------------------------------------------------- "I mean <provider>": the last question asked there


@pytest.mark.parametrize("question, where, needle", [
    ("does a 4090 have nvlink", "at gpuli i mean", "At gpuli"),
    ("how soon can i ssh in at gpuli", "sorry, I meant cloudgpu", "2 minutes"),
    ("4090 有 nvlink 吗", "我是说 gpuli 的", "在 gpuli"),
    ("gpuli 开机多久能 ssh", "我指的是 cloudgpu", "2 分钟"),
])
def test_a_provider_meant_asks_the_last_question_there(question: str, where: str, needle: str) -> None:
    text = _say(question, where)
    assert needle in _head(text), text
