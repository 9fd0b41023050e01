"""Session 30, round 0 (r0b2): exports, sizing alternatives and conversations of blind 80/81, as behaviour.

- Offloading both the optimizer and the parameters, however it is said ("优化器和参数都卸载到 cpu", "offload both the
  optimizer and the params"), is offload of everything: the DeepSpeed JSON carries `offload_param`, and DeepSpeed's
  own config parser reads it back.
- accelerate refuses `zero_stage` (and its other DeepSpeed keys) beside `deepspeed_config_file`: the stage lives in
  the JSON the accelerate file points to, never in the accelerate file (checked with accelerate's own launch path).
- A ZeRO-1/2 setup refused on its cards names ZeRO-3's per-card model states, the way out (seed 000's table: 8 cards,
  32B full, ZeRO-1 176 GB, ZeRO-2 120 GB, ZeRO-3 64 GB).
- A ZeRO-3 job sized as full fine-tuning with no method stated stays full fine-tuning through a change ("zero-1 呢").
- Who rents a card by the hour is that card's price list, each provider with its unit ($1.49/h at CloudGPU for the
  A100 80GB, seed 002), so "cloudgpu" after it is that price.
- A job's dataset timed by a measured step is the run's length: a deadline asked after it weighs that length
  (300,000 × 3 ÷ 16 = 56,250 steps × 1.2 s = 18.75 h), not a throughput estimate.
- A card count for a job on the 8-bit optimizer (the "without offload" option picked) says the optimizer.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.fields import offload
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from engine.export import deepspeed_body
from tests.chat_user import ChatUser

ROOT = Path(__file__).resolve().parent.parent

BOTH_OFFLOADED = (
    "optimizer 和 param 都 offload 到 cpu", "优化器和参数都卸载到 cpu", "参数和优化器状态都 offload 到内存",
    "offload both the optimizer and the params to cpu", "optimizer + parameter offload, please",
    "offload optimizer states and parameters", "params too offload", "offload_param 也要开",
)
OPTIMIZER_ONLY = ("offload the optimizer to cpu", "优化器 offload 到 cpu", "optimizer offload only, keep the params on the gpu",
                  "offload the optimizer, not the params")


@settings(max_examples=16, deadline=None)
@given(said=st.sampled_from(BOTH_OFFLOADED))
def test_both_offloaded_is_offload_of_everything(said: str) -> None:
    assert offload(normalize(said)) == "all"


@pytest.mark.parametrize("said", OPTIMIZER_ONLY)
def test_the_optimizer_alone_stays_optimizer_offload(said: str) -> None:
    assert offload(normalize(said)) == "optimizer"


def _deepspeed_reads(config: dict[str, object]) -> dict[str, object]:
    """DeepSpeed 0.19's own DeepSpeedZeroConfig + DeepSpeedConfig on the JSON (tests/config_parsers.py), in a child
    process so torch never loads into the test runner."""
    code = textwrap.dedent("""
        import json, sys
        sys.path.insert(0, sys.argv[1])
        from tests.config_parsers import _quiet, deepspeed_config
        _quiet()
        print(json.dumps(deepspeed_config(json.loads(sys.stdin.read()))))
    """)
    proc = subprocess.run([sys.executable, "-c", code, str(ROOT)], input=json.dumps(config), capture_output=True,
                          text=True, timeout=300, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("ask", ["导出 ds_config，zero3，优化器和参数都卸载到 cpu",
                                 "export a deepspeed config, zero 3, offload both the optimizer and the params to cpu"])
def test_the_exported_json_offloads_the_parameters_and_deepspeed_reads_it(ask: str) -> None:
    chat = ChatUser()
    reply = chat.say(ask)
    assert reply.kind == "export_generic", chat.text
    ds = json.loads(dict(reply.files)["ds_config.json"])
    zero = ds["zero_optimization"]
    assert zero["stage"] == 3 and zero["offload_param"]["device"] == "cpu" and zero["offload_optimizer"]["device"] == "cpu"
    assert "offload_param" in chat.text
    read = _deepspeed_reads(ds)
    assert read["stage"] == 3 and read["offload_param"] == "cpu" and read["offload_optimizer"] == "cpu"


ACCELERATE_PROBE = textwrap.dedent("""
    import os, sys
    from accelerate.commands.launch import launch_command_parser, _validate_launch_command
    from accelerate.utils.launch import prepare_deepspeed_cmd_env
    args = launch_command_parser().parse_args(["--config_file", sys.argv[1], "train.py"])
    args, defaults, mp = _validate_launch_command(args)  # accelerate launch's own first step
    fields = list(defaults.deepspeed_config.keys()) + (["mixed_precision"] if mp else [])
    args.deepspeed_fields_from_accelerate_config = ",".join(fields)  # as launch_command sets it
    _, env = prepare_deepspeed_cmd_env(args)
    os.environ.update({k: v for k, v in env.items() if k.startswith("ACCELERATE")})
    from accelerate.utils import DeepSpeedPlugin
    try:
        DeepSpeedPlugin(hf_ds_config=os.environ["ACCELERATE_DEEPSPEED_CONFIG_FILE"])
        print("accepted")
    except ValueError as e:
        print("refused:", str(e).splitlines()[0])
""")


def test_accelerate_refuses_a_zero_stage_beside_the_deepspeed_json(tmp_path: Path) -> None:
    """Why the accelerate file never carries `zero_stage`: accelerate's launch refuses it beside
    `deepspeed_config_file` (the stage is the JSON's)."""
    reply = ChatUser().say("导一份 accelerate 配置：4 卡，ZeRO-3")
    files = dict(reply.files)
    ds = json.loads(files["ds_config.json"])
    assert ds["zero_optimization"]["stage"] == 3
    import yaml

    config = yaml.safe_load(files["accelerate_config.yaml"])
    assert "zero_stage" not in config["deepspeed_config"] and config["deepspeed_config"]["deepspeed_config_file"] == "ds_config.json"
    body = files["ds_config.json"]
    (tmp_path / "ds_config.json").write_bytes(body if isinstance(body, bytes) else body.encode())
    with_stage = {k: v for k, v in config.items() if k != "mixed_precision"}
    with_stage["deepspeed_config"] = {**config["deepspeed_config"], "zero_stage": 3}
    (tmp_path / "with_stage.yaml").write_text(yaml.safe_dump(with_stage), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-c", ACCELERATE_PROBE, "with_stage.yaml"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300, check=True)
    assert "refused: When using `deepspeed_config_file`" in proc.stdout, proc.stdout + proc.stderr


ZERO12_REFUSED = ("32b 全参 8张 h100 zero-{z} 行吗", "32b full on 8x H100 with ZeRO-{z}, good enough?",
                  "8 卡 h100 跑 32b 全参 用 zero{z} 够不够", "is zero {z} on 8 H100s ok for a 32B full fine-tune?")


@settings(max_examples=8, deadline=None)
@given(ask=st.sampled_from(ZERO12_REFUSED), z=st.sampled_from([1, 2]))
def test_a_refused_zero_1_or_2_names_zero_3s_states_per_card(ask: str, z: int) -> None:
    chat = ChatUser()
    chat.say(ask.format(z=z))
    lines = chat.text.splitlines()
    assert "❌" in lines[0], chat.text
    states = next(ln for ln in lines if "ZeRO-3" in ln and ("64 GB" in ln))  # seed 000: 16 / N × 32B = 64 GB on 8 cards
    assert ("176 GB" if z == 1 else "120 GB") in states  # the stage's own share beside it (seed 000's table)


def test_states_over_all_the_cards_name_no_zero_3_way_out() -> None:
    chat = ChatUser()
    chat.say("14b full finetune on 4x A100 40G with zero-1, does it fit?")
    # 14B × 16 bytes = 224 GB of states, over the 4 × 40 GB: no stage holds them, so ZeRO-3 is no way out here
    assert "less than the model states alone" in chat.text and "bringing the model states down" not in chat.text, chat.text


@pytest.mark.parametrize(("first", "then", "share"), [
    ("zero-3 8 卡跑 32b 每卡多少", "zero-1 呢", "176 GB"),
    ("8 卡 zero3 跑 32b，每张卡多少显存", "换 zero2 呢", "120 GB"),
    ("zero3 on 8 gpus for a 32b, how much memory per card?", "and zero-1?", "176 GB"),
    ("32b with zero-3 over 8 cards, per-card memory?", "what about zero 2", "120 GB"),
])
def test_a_stage_change_keeps_the_full_fine_tune_zero_3_sized(first: str, then: str, share: str) -> None:
    chat = ChatUser()
    chat.say(first)
    assert "64 GB" in chat.text  # full fine-tuning's states at ZeRO-3 (seed 000)
    chat.say(then)
    head = "\n".join(chat.text.splitlines()[:2])
    assert share in head and "LoRA" not in head, chat.text


WHO_RENTS_HOURLY = ("A100 80G 哪家能按小时租", "哪里可以按小时租 a100 80g", "a100 80g 哪个平台可以按小时租",
                    "which provider rents an A100 80G by the hour?")


@settings(max_examples=8, deadline=None)
@given(ask=st.sampled_from(WHO_RENTS_HOURLY))
def test_who_rents_a_card_by_the_hour_is_its_price_list(ask: str) -> None:
    parsed = parse(ask)
    assert parsed.intent == "price" and parsed.request.gpu == "a100-80g-sxm"
    chat = ChatUser()
    chat.say(ask)
    assert "$1.49" in "\n".join(chat.text.splitlines()[:3]), chat.text  # CloudGPU's A100 80G hourly (seed 002)


@pytest.mark.parametrize(("ask", "then"), [("A100 80G 哪家可以按小时租", "cloudgpu"), ("a100 80g 哪家能按小时租", "cloudgpu 呢"),
                                           ("which provider rents an A100 80G by the hour?", "cloudgpu")])
def test_a_provider_after_who_rents_it_hourly_is_its_price(ask: str, then: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    chat.say(then)
    assert "1.49" in "\n".join(chat.text.splitlines()[:3]), chat.text


def test_the_hourly_question_with_no_card_stays_the_faq() -> None:
    assert parse("能按小时租卡吗").intent == "faq" and parse("哪家能按小时租卡").intent == "faq"


@pytest.mark.parametrize("ask", ["一万网络 有按小时的 h100 吗", "gpuli 有按小时租的 4090 吗", "does yiwan rent the h100 by the hour?"])
def test_whether_one_provider_rents_a_card_hourly_stays_the_billing_faq(ask: str) -> None:
    parsed = parse(ask)  # its answer: gpuli rents by the week, 一万网络 by the month with hourly H100 MIG slices (seed 000)
    assert parsed.intent == "faq", parsed.intent


@pytest.mark.parametrize(("first", "then", "hours"), [
    ("14b lora，30w 条 3 epoch，per_device 4 accum 4 单卡，实测 1.2 s/step，要多久", "那 12 月 3 号之前来得及吗", "18.8"),
    ("Qwen3-14B LoRA, 300k samples, 3 epochs, micro batch 4, grad accum 4, one GPU, measured 1.2 s per step, how long?",
     "can it be done by December 3?", "18.8"),
    ("7b qlora 2 万条 3 轮 batch 2 累积 8 单卡 每步 1.5 秒 多久", "下周一之前能跑完吗", "1.56"),
])
def test_a_deadline_after_a_measured_run_weighs_its_length(first: str, then: str, hours: str) -> None:
    chat = ChatUser()
    chat.say(first)
    chat.say(then)
    lead = chat.text.splitlines()[0]
    assert "✅" in lead and hours in lead, chat.text


def test_the_measured_length_is_the_job_s_own_not_re_estimated() -> None:
    parsed = parse("14b lora，30w 条 3 epoch，per_device 4 accum 4 单卡，50 步测下来 1.2 s/step，多久")
    assert parsed.request.hours == pytest.approx(56_250 * 1.2 / 3600) and parsed.request.samples is None
    assert parsed.run is not None and parsed.run.steps == 56_250  # the steps still shown from the dataset
    # no model: the dataset stays (nothing would re-estimate from it)
    assert parse("样本2万条 3轮 单卡batch 2 累积8 每步1.5秒 要跑多久").request.samples == 20_000


@pytest.mark.parametrize(("first", "then", "said"), [
    ("72b 全参显存多少", "how many H200 需要", "8-bit optimizer"),
    ("72b full finetune memory?", "how many h200 would I need", "8-bit optimizer"),
    ("72b 全参 8bit 优化器 要几张 h200", None, "8-bit 优化器"),
])
def test_a_card_count_on_the_8bit_optimizer_says_it(first: str, then: str | None, said: str) -> None:
    chat = ChatUser()
    chat.say(first)
    if then:
        chat.say(then)
    line = next(ln for ln in chat.text.splitlines() if "H200" in ln and "141 GB" in ln)
    assert said in line and "8" in line, chat.text


def test_a_card_count_on_adamw_says_no_optimizer() -> None:
    chat = ChatUser()
    chat.say("14b 全参 要几张 a100")
    assert "8-bit" not in chat.text.splitlines()[1]


def test_the_json_alone_carries_the_parameter_offload() -> None:
    assert "offload_param" in deepspeed_body(3, "all")["zero_optimization"]
    assert "offload_param" not in deepspeed_body(3, "optimizer")["zero_optimization"]
