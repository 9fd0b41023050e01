"""Round 2 (blind 70): exports asked with settings changed write them; follow-ups that change one thing of the job
before (a setting raised with a verb, a ZeRO stage alone, machines of a one-card box, a card in the plural), steps
counted when no option holds, and half a minute read as a length. Phrasings are our own; figures from the seeds."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.learning_rate import save_steps
from bot.understand.parser import parse
from tests.chat_user import ChatUser


def _chat(*turns: str) -> ChatUser:
    u = ChatUser()
    for t in turns:
        u.say(t)
    return u


def _lf_yaml(u: ChatUser) -> dict[str, object]:
    files = dict(u.last.files or [])
    return yaml.safe_load(files["llamafactory.yaml"].decode())


# --- exports with settings changed -------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "llamafactory 的配置：qwen3 8b qlora，cutoff_len 改成 8192",
    "给 llama-factory 配置 qwen3 8b qlora cutoff 改 8192",
    "llama factory yaml for qwen3 8b qlora, cutoff_len=8192",
])
def test_export_with_a_value_changed_is_an_export(text: str) -> None:
    p = parse(text)
    assert p.intent == "export"
    assert p.request.seq_len == 8192


def test_export_writes_changed_cutoff_and_4bit() -> None:
    u = _chat("llama factory 配置，qwen3 8b qlora，cutoff_len 改 8192")
    doc = _lf_yaml(u)
    assert doc["cutoff_len"] == 8192
    assert doc["quantization_bit"] == 4


def test_export_writes_epochs_after_bf16() -> None:
    """"bf16 epoch 改成 2": two epochs, never the 16 of bf16."""
    p = parse("llamafactory 配置 qwen3 14b lora bf16 epoch 改成 2")
    assert p.intent == "export"
    assert p.request.epochs == 2
    u = _chat("llamafactory 配置 qwen3 14b lora bf16 epoch 改成 2")
    doc = _lf_yaml(u)
    assert doc["num_train_epochs"] == 2.0
    assert doc["finetuning_type"] == "lora"


@pytest.mark.parametrize(("text", "steps"), [
    ("save every 250 steps", 250),
    ("checkpoint every 50 steps", 50),
    ("save_steps: 300", 300),
    ("save_steps 改成 80", 80),
    ("每 100 步存一次", 100),
    ("每200步保存", 200),
    ("保存间隔 400 步", 400),
])
def test_save_steps_read(text: str, steps: int) -> None:
    assert save_steps(text) == steps


def test_save_steps_not_read_from_other_steps() -> None:
    assert save_steps("50k samples, 3,125 steps in all") is None
    assert save_steps("每步 1.2 秒，一共 1250 步") is None


@pytest.mark.parametrize("text", [
    "export a llamafactory config: qwen3 8b qlora, save every 250 steps",
    "llamafactory 配置 qwen3 8b qlora，每 250 步存一次",
])
def test_export_writes_save_steps(text: str) -> None:
    u = _chat(text)
    assert _lf_yaml(u)["save_steps"] == 250
    assert "save_steps: 250" in u.text


def test_export_after_sizing_with_cutoff_changed() -> None:
    u = _chat("14b qlora on one 4090?", "great, now the llamafactory yaml with cutoff 4096")
    doc = _lf_yaml(u)
    assert doc["cutoff_len"] == 4096
    assert doc["quantization_bit"] == 4
    u = _chat("14b qlora 一张 4090 够吗", "好，那 llamafactory 的配置，cutoff 改 4096")
    assert _lf_yaml(u)["cutoff_len"] == 4096


def test_config_question_is_still_a_question() -> None:
    assert parse("deepspeed 配置怎么改").intent != "export"
    assert parse("llama factory yaml 8192 的 cutoff 会 oom 吗").intent != "export"


# --- follow-ups --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("second", ["raise seq to 8k, still ok?", "seq 8k still fits?", "序列拉到 8192 还能跑吗",
                                    "cutoff 改成 8192 还够吗"])
def test_setting_raised_resizes_the_job_before(second: str) -> None:
    u = _chat("7b qlora at seq 2048 on a 4090?", second)
    assert "4090" in u.text
    assert "8192" in u.text


@pytest.mark.parametrize(("first", "second"), [("一万网络 t4 包月", "两台呢"), ("yiwan t4 for a month", "what about 2 machines")])
def test_machines_of_a_one_card_box(first: str, second: str) -> None:
    """一万网络 rents the T4 as a one-card machine at ¥900 a month (seed 003): two machines are ¥1,800."""
    u = _chat(first, second)
    assert "1,800" in u.text
    assert "14,400" not in u.text


def test_machines_of_an_eight_card_box_stay_eight() -> None:
    u = _chat("gpuli h100 monthly", "what about 2 machines")
    assert "16×" in u.text or "16× " in u.text


@pytest.mark.parametrize(("first", "second"), [("do l40s boxes have nvlink?", "and the a6000s?"),
                                               ("l40s 有 nvlink 吗", "那 a6000s 呢")])
def test_plural_card_after_faq_is_the_same_question(first: str, second: str) -> None:
    u = _chat(first, second)
    assert "NVLink" in u.text
    assert "A6000" in u.text


@pytest.mark.parametrize(("first", "second"), [("32b 全参 zero 用哪一级", "zero2"),
                                               ("32b full fine-tune, which zero stage?", "ZeRO-2 then")])
def test_stage_alone_on_the_count_of_the_setup(first: str, second: str) -> None:
    """32B full under ZeRO-2 over 8 cards: 2 + 14/8 bytes a parameter = 120 GB of model states a card (seed 000)."""
    u = _chat(first, second)
    assert "120 GB" in u.text


@pytest.mark.parametrize("second", ["40k samples, 1 epoch, batch 4, grad accum 4 — total steps?",
                                    "4 万条数据 1 个 epoch batch 4 梯度累积 4 一共多少步"])
def test_steps_counted_when_no_option_holds(second: str) -> None:
    u = _chat("7b qlora, 4090, cloudgpu", second)
    assert "2,500" in u.text  # ⌈40,000 × 1 ÷ (4 × 4 × 1)⌉


# --- half a minute -----------------------------------------------------------------------------------------------

def _hours(text: str) -> float | None:
    return parse(text).rental.duration_hours


@pytest.mark.parametrize(("text", "hours"), [("cloudgpu 4090 跑了 37 分半 多少钱", 37.5 / 60),
                                             ("cloudgpu 3090 用了 12 分钟半 多少", 12.5 / 60),
                                             ("a 4090 at cloudgpu ran 20 and a half minutes, cost?", 20.5 / 60),
                                             ("cloudgpu 4090 跑了 2 小时半 多少钱", 2.5)])
def test_half_after_a_unit(text: str, hours: float) -> None:
    assert _hours(text) == pytest.approx(hours)


@given(st.integers(min_value=1, max_value=59))
@settings(max_examples=10, deadline=None)
def test_half_minute_is_read(minutes: int) -> None:
    assert _hours(f"cloudgpu 4090 跑了 {minutes} 分半 多少钱") == pytest.approx((minutes + 0.5) / 60)


def test_a100_billed_for_half_minute() -> None:
    """A100 80G at CloudGPU $1.49/h: 37.5 min billed 38 min = $0.94."""
    u = _chat("cloudgpu a100 80g 用了 37 分半 多少钱")
    assert "0.94" in u.text
