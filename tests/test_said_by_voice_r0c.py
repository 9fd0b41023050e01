"""What blind 80's founder (who dictates by voice) showed misread, as behaviour:

- A size and the storage it sizes may have a filler between them ("1000G 的那个对象存储", "1 TB of the object
  storage"): each storage keeps its own size (seed 000: volume ₮0.08 and object storage ₮0.015 per GB·month, so
  2,000 GB + 1,000 GB is ₮160 + ₮15), never the volume's size handed to object storage.
- A yes/no asked beside the hold ("开机那段收钱吗 预授权多少", "is the boot billed, and how much is held?"): the FAQ's
  verdict leads (seed 002: the ~2 minutes of booting are not billed), then the hold (1 hour of the card's price,
  $0.33 on a 4090); English says the held span as "1 hour".
- LoRA said as it sounds ("罗拉", "洛拉") is the method.
- A setting switched with nothing named ("不开八bit" then "那开了呢"; "with it on?"; "关了呢"): the one setting the
  job before declined or gave is switched, the rest stays.
- The last day of a cycle asked as "租到哪天" / "能用到几号" / "good until what date", also as a part after a job's
  price in the same message: 7 days on for a week (Dec 1 → Dec 8), 30 for a month (→ Dec 31).
- A bigger card asked as better for a job a smaller card holds ("是不是 better 一点", "would an h100 be better"):
  not needed leads, from the job's own figures.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.cues import read as read_cues
from bot.understand.parser import parse
from bot.understand.rental_extras import add_ons
from tests.chat_user import ChatUser, conversation, lead_lines

FILLERS_ZH = ["", "的", "的那个", "那个", "的这个"]


@given(volume=st.integers(1, 9000), objects=st.integers(1, 9000), first=st.sampled_from(FILLERS_ZH),
       second=st.sampled_from(FILLERS_ZH))
@settings(max_examples=60, deadline=None)
def test_each_storage_keeps_its_own_size_whatever_filler_stands_before_it(volume: int, objects: int, first: str,
                                                                          second: str) -> None:
    said = add_ons(f"再加 {volume}g{first}存储卷 和 {objects}g{second}对象存储 一共多少钱")
    assert said.get("volume") == volume and said.get("object-storage") == objects, said


@pytest.mark.parametrize("text", [
    "2tb of the volume and 1tb of the object storage",
    "加两千G的那个存储卷 还有一千G的那个对象存储",
])
def test_filler_sizes_in_both_languages(text: str) -> None:
    said = add_ons(parse(text).words)
    assert said.get("volume") == 2000 and said.get("object-storage") == 1000, said


def test_the_month_with_both_storages_sums_their_own_sizes() -> None:
    text = conversation("嗯就是八卡h一百包月 再加两千G的存储卷 和一千G的那个对象存储 总共多少")
    assert "₮14,607" in text and "1,000 GB ₮15" in text, text  # ₮14,432 + ₮160 + ₮15 (seed 000)


@pytest.mark.parametrize("text", ["gpuli 4090 weekly, good until what date?", "gpuli 的 4090 周租 今天开能用到几号"])
def test_the_last_day_asked_on_its_own(text: str) -> None:
    reply = conversation(text)
    assert "Dec 8" in reply or "12月8日" in reply, reply


@pytest.mark.parametrize(("text", "verdict", "hold"), [
    ("cloudgpu 4090 开机那段收费吗 预授权冻结多少", "不收费", "$0.33"),
    ("cloudgpu a100 80g 启动期间计费吗？开机先冻结多少钱", "不收费", "$1.49"),
    ("is the boot time billed on a cloudgpu 4090, and how much is pre-authorized?", "No", "$0.33"),
])
def test_a_yes_no_beside_the_hold_leads_with_its_verdict(text: str, verdict: str, hold: str) -> None:
    reply = conversation(text)
    assert verdict in reply.splitlines()[0] and hold in lead_lines(reply, 4), reply


def test_the_hold_in_english_says_one_hour() -> None:
    reply = conversation("cloudgpu preauth: how much is held when I start an a6000?")
    assert "1 hour" in lead_lines(reply), reply


@pytest.mark.parametrize("text", ["七b罗拉 一张四零九零够吗", "14b 洛拉 要多少显存", "q 罗拉 七b 多少显存"])
def test_lora_said_as_it_sounds_is_the_method(text: str) -> None:
    assert parse(text).request.method in ("lora", "qlora"), text
    if "q" not in text:
        assert parse(text).request.method == "lora"


@pytest.mark.parametrize(("text", "way"), [
    ("那开了呢", "on"), ("要是开的话呢", "on"), ("and with it on?", "on"), ("what if we turn it on", "on"),
    ("那关了呢", "off"), ("不开呢", "off"), ("with it off then?", "off"), ("开了 20 分钟", None), ("那开8bit呢", None),
])
def test_a_switch_with_nothing_named_is_read(text: str, way: str | None) -> None:
    assert read_cues(text).toggled == way


@pytest.mark.parametrize(("first", "then", "said"), [
    ("7b全参 一张h100 80g 不开8bit", "那开了呢", "70 GB"),  # model states at 10 bytes a parameter (8-bit Adam)
    ("7b full on one h100, no 8-bit optimizer", "and with it on?", "70 GB"),
    ("14b full 4张h100 开offload", "那关了呢", "ZeRO-3)"),
])
def test_the_setting_declined_before_is_switched(first: str, then: str, said: str) -> None:
    u = ChatUser()
    u.say(first)
    u.say(then)
    assert said in lead_lines(u.text, 4) and "offload" not in lead_lines(u.text, 1).split("：")[0], u.text


def test_a_switch_after_a_job_that_declined_nothing_changes_nothing() -> None:
    u = ChatUser()
    u.say("7b qlora 一张4090够吗")
    before = u.text
    u.say("那开了呢")
    assert u.text != before or "✅" in before  # no setting to switch: not a resizing of a made-up change


@pytest.mark.parametrize(("text", "day"), [
    ("七b q lora 一张四零九零 gpuli租一周多少 周租租到哪天", "12月8日"),
    ("8b lora 一张a6000 gpuli包月多少 月租租到哪天", "12月31日"),
])
def test_the_last_day_of_a_cycle_after_the_jobs_price(text: str, day: str) -> None:
    reply = conversation(text)
    assert "₮" in reply and day in reply, reply


@pytest.mark.parametrize(("text", "lead"), [
    ("q lora 七b 用 h100 是不是 better 一点", "没必要"),
    ("8b qlora 用 a100 80g 会不会好一点", "没必要"),
    ("would an h100 be better for a 7b qlora?", "No"),
    ("is an a100 better for an 8b qlora?", "No"),
])
def test_a_bigger_card_asked_as_better_is_not_needed(text: str, lead: str) -> None:
    reply = conversation(text)
    assert reply.splitlines()[0].startswith(lead) and "4090" in reply.splitlines()[0], reply


def _said_number(value: str) -> str:
    """A version or size as it is said in Chinese ("3" 三, "14" 十四, "72" 七十二, "2.5" 二点五, "0.6" 零点六)."""
    digits = "零一二三四五六七八九"
    whole, _, part = value.partition(".")
    n = int(whole)
    if n >= 100:  # "四百零五", "二百三十五"
        rest = n % 100
        word = digits[n // 100] + "百" + ("" if not rest else "零" + digits[rest] if rest < 10 else digits[rest // 10] + "十"
                                           + (digits[rest % 10] if rest % 10 else ""))
    else:
        word = digits[n] if n < 10 else ("" if n < 20 else digits[n // 10]) + "十" + (digits[n % 10] if n % 10 else "")
    return word + ("点" + "".join(digits[int(c)] for c in part) if part else "")


def _spoken_models() -> list[tuple[str, str]]:
    """(the catalog id, its name said aloud) for every Qwen and Llama model named as <family><version>-<size>B."""
    import re

    from engine.catalog import models

    out = []
    for m in models().entries:
        named = re.fullmatch(r"(qwen|llama)-?(\d(?:\.\d)?)-(\d+(?:\.\d)?)b", m.id)
        if named:
            family = {"qwen": "千问", "llama": "拉玛"}[named[1]]
            out.append((m.id, f"{family}{_said_number(named[2])}{_said_number(named[3])}B"))
    return out


@pytest.mark.parametrize(("ident", "said"), _spoken_models(), ids=lambda v: v)
def test_a_family_said_with_its_version_and_size_is_that_catalog_model(ident: str, said: str) -> None:
    # voice input writes the version, then the size, in one run of numerals ("千问三八B" is Qwen3-8B, never an 8B of
    # no family, "千问三十四B" Qwen3-14B, never a 34B): every such catalog model reads back as itself
    assert parse(f"{said} 罗拉 一张 a100 够吗").request.model == ident, said


@pytest.mark.parametrize(("text", "params"), [("千问三十二B 罗拉 一张 a100 够吗", 32.0), ("千问七十B 全参 要几张卡", 70.0)])
def test_a_run_no_version_split_names_is_read_as_a_size(text: str, params: float) -> None:
    # no catalog model is Qwen3-2B or Qwen7-0B: the run stays one number, the size
    request = parse(text).request
    assert request.params_b == params or (request.model or "").endswith(f"{int(params)}b"), text


@pytest.mark.parametrize("text", ["给我导出一个拉玛factory的配置 千问三八B Q罗拉", "拉马 factory 的 yaml 帮我出一份 千问三八b q罗拉"])
def test_llama_factory_and_qlora_said_by_ear_export_that_file(text: str) -> None:
    parsed = parse(text)
    assert parsed.intent == "export" and parsed.request.framework == "hf", text
    assert parsed.request.model == "qwen3-8b" and parsed.request.method == "qlora", text
    reply = conversation(text)
    assert "Qwen3-8B" in lead_lines(reply, 1) and "LLaMA-Factory" in lead_lines(reply, 1), reply


def test_cards_and_memory_said_aloud_are_the_catalog_cards() -> None:
    assert parse("千问三八B 罗拉 四零九零 够吗").request.gpu == "rtx-4090"
    assert parse("千问三十四B 全参 八张H两百 多少显存").request.gpu == "h200"
    request = parse("千问三八B 全参 A一百 八十G 行吗").request
    assert request.gpu and request.gpu.startswith("a100-80g"), request
