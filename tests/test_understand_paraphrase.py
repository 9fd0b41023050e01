"""Meaning over phrasing, on messages nobody tuned to: a technical question that happens to name a
model is the FAQ's, an export asked in any word order gets the files and says what is in them."""

from __future__ import annotations

import json
import re
from decimal import Decimal

import pytest

from bot.understand.parser import parse
from tests.chat_user import T0, ChatUser


@pytest.mark.parametrize(("text", "entry"), [
    ("Qwen 14B 全参，loss 突然变 NaN 了，换卡有用吗", "bf16-vs-fp16"),
    ("8b lora 两台机器之间只有以太网，能训吗", "ddp-vs-zero"),
    ("70b lora should we bother with tensor parallel on 4 cards", "no-tensor-pipeline-parallel"),
    ("13B 全参 8 卡 训练时 GPU 利用率一直上不去", "data-pipeline-bottleneck"),
])
def test_a_technical_question_naming_a_model_gets_the_faq_not_a_sizing(text: str, entry: str) -> None:
    p = parse(text, T0)
    assert p.intent == "faq" and p.faq_answers[0].entry.id == entry, (p.intent, [h.entry.id for h in p.faq_answers])


@pytest.mark.parametrize("text", ["qwen3 8b lora 4090 zero3 行不行", "14b qlora 3090 24G ok 吗",
                                  "dpo beta 0.1 qwen3 8b full 4xH100", "32B 全参 8卡 H100 要多少显存"])
def test_a_sizing_whose_leftover_words_are_common_stays_a_sizing(text: str) -> None:
    assert parse(text, T0).intent == "size", text


@pytest.mark.parametrize(("first", "ask"), [
    ("qwen3 14b 全参 4 张 h100", "那把 deepspeed 的 json 发我一下"),
    ("qwen3 8b qlora 4090", "llama-factory 的 yaml 导一下"),
    ("32b full finetune on 8 h200", "could you send me the deepspeed config file for that one please"),
])
def test_an_export_asked_after_an_answer_in_any_order_gets_that_jobs_files(first: str, ask: str) -> None:
    chat = ChatUser()
    chat.say(first)
    reply = chat.say(ask)
    assert reply.kind == "export" and reply.files, (ask, reply.kind)


def test_an_export_says_the_settings_its_files_hold() -> None:
    """The reply names the ZeRO stage, offload and quantization the files were written with, read
    back from the files themselves."""
    chat = ChatUser()
    reply = chat.say("导出 72b 全参 8 卡 h100 的配置")
    files = dict(reply.files)
    ds = json.loads(files["ds_config.json"])
    assert f'"stage": {ds["zero_optimization"]["stage"]}' in chat.text
    assert '"offload_optimizer": {"device": "cpu"}' in chat.text
    chat.say("给我一份 qwen3 8b qlora 4090 的 llamafactory yaml")
    assert "quantization_bit: 4" in chat.text and "finetuning_type: lora" in chat.text


@pytest.mark.parametrize("text", ["给我推荐个 7b lora 的配置", "32b 全参选哪个配置"])
def test_asking_which_setup_to_pick_is_not_an_export(text: str) -> None:
    assert not parse(text, T0).asks.export, text


@pytest.mark.parametrize(("text", "needle"), [
    ("手里 $40，cloudgpu 的 a6000 大概能开几个小时", "约 90.9 小时"),  # 40 / 0.44
    ("with $21 how many hours do I get on a cloudgpu 3090", "about 100 h"),  # 21 / 0.21, never "100.0"
    ("800 USDT 在 gpuli 能包几个月 4090", "2 个月"),  # 800 / 369
])
def test_money_and_how_long_on_a_card_is_divided_into_its_price(text: str, needle: str) -> None:
    chat = ChatUser()
    chat.say(text)
    assert chat.text.splitlines()[0].startswith("💵") and needle in chat.text, chat.text


def test_a_chinese_comma_after_an_amount_never_joins_it_to_the_next_number() -> None:
    p = parse("预算 $60，4090 够租多久", T0)
    assert p.asks.budget == (Decimal(60), "USD") and p.request.gpu == "rtx-4090"


def test_weeks_are_counted_without_a_measure_word_and_months_with_one() -> None:
    chat = ChatUser()
    chat.say("我有 ₮500，gpuli 4090 能租多久")
    assert "4 周，剩" in chat.text and "1 个月，剩" in chat.text and "个周" not in chat.text


@pytest.mark.parametrize("ask", ["那我手上 ¥6000 能租几个月", "预算 300 刀够吗"])
def test_money_asked_after_a_price_is_divided_into_that_price_and_never_sets_a_budget(ask: str) -> None:
    chat = ChatUser()
    chat.say("一万网络 a100 40g 包月多少")
    chat.say(ask)  # how long it lasts, or whether it covers the month asked: the money's answer leads
    assert chat.lines[0].startswith("💵") and "A100 40GB" in chat.text, chat.text
    assert chat.say("预算还剩多少").kind != "runway"  # the wallet's budget is still unset, read on its own


@pytest.mark.parametrize("text", ["预算紧，先做 QLoRA 还是 LoRA 好", "预算 2000 能租几个月"])
def test_a_question_mentioning_a_budget_is_no_budget_command(text: str) -> None:
    p = parse(text, T0)
    assert p.wallet is None or p.wallet.kind not in ("budget_set", "budget_show"), p.wallet


@pytest.mark.parametrize("text", ["能不能在 gpuli 租两张 a100 跑一周", "¥3000 能不能在一万网络租 3090 一个月"])
def test_a_can_i_rent_question_is_never_a_rental(text: str) -> None:
    assert parse(text, T0).intent != "wallet", text


@pytest.mark.parametrize("text", ["我们这边14b qlora 用啥卡", "领导说32b全参先估一下"])
def test_chinese_words_glued_to_a_bare_size_are_never_a_model_family(text: str) -> None:
    p = parse(text, T0)
    assert p.family is None and p.request.params_b in (14.0, 32.0), (p.family, p.request.params_b)


def test_a_family_with_its_version_apart_from_the_size_is_still_named_back() -> None:
    assert parse("百川2 13B lora", T0).family == "百川2"


def test_a_provider_named_with_a_sizing_is_where_its_cost_follow_up_prices() -> None:
    chat = ChatUser()
    chat.say("gpuli 上 14b qlora 用什么卡")
    reply = chat.say("要花多少钱")
    # no rental length: the setup gpuli rents for the job, its week and month, gpuli first
    assert reply.kind == "price" and "gpuli" in chat.lines[1] and re.search(r"₮[\d,]+/周, ₮[\d,]+/月", chat.lines[1]), chat.text


@pytest.mark.parametrize("provider", ["gpuli", "一万网络"])
def test_a_bare_provider_after_a_sizing_prices_that_job_there(provider: str) -> None:
    chat = ChatUser()
    chat.say("8b qlora 选什么卡")
    reply = chat.say(provider)
    assert reply.kind == "cost" and provider in chat.lines[1], chat.text


def test_a_question_naming_one_provider_is_never_answered_by_another_providers_entry() -> None:
    from bot.understand.faq import faq_index

    about = faq_index().about  # the provider each entry's question is about
    for text in ("gpuli 的卡库存去哪看", "一万网络按分钟怎么计费"):
        p = parse(text, T0)
        named = p.rental.provider
        assert all(about[h.entry.id] in (None, named) for h in p.faq_answers), (text, p.faq_answers)


def test_a_runway_without_a_count_shows_each_providers_smallest_box_and_fits_a_phone_screen() -> None:
    chat = ChatUser()
    chat.say("$25 在 cloudgpu 的 a100 80g 上能跑多久")
    assert len(chat.lines) <= 10 and "8×A100" not in chat.text.replace("一万网络 8×", ""), chat.text
    assert "约 16.7 小时" in chat.text  # 25 / 1.49 = 16.78 h: 1,006 whole minutes, rounded down (never 16.8)


def test_the_one_amount_in_a_question_asking_if_it_is_enough_is_its_budget() -> None:
    assert parse("团队只有三千美金 想跑 14b 全参 一周 够不够", T0).asks.budget == (Decimal(3000), "USD")


@pytest.mark.parametrize("text", ["qwen2.5 7b 全参 最低配置是什么", "7b 全参 单卡 3090 跑得动吗"])
def test_full_fine_tuning_of_a_7b_model_names_the_seeds_one_80_gb_card_minimum(text: str) -> None:
    """Seed 000: 7B/8B full fine-tuning's minimum is one 80 GB card with an 8-bit optimizer; a reply
    with no card named, or one on a card that misses, says so with its own figure."""
    chat = ChatUser()
    chat.say(text)
    hint = [line for line in chat.lines if "8-bit" in line and "80 GB" in line]
    assert hint, chat.text


@pytest.mark.parametrize("text", ["一万网络 3090 和 A100 40G 月付分别多少", "cloudgpu a6000 跟 3090 每小时各要多少钱"])
def test_a_price_question_naming_two_cards_prices_each(text: str) -> None:
    p = parse(text, T0)
    assert len(p.parts) == 2 and all(part.intent == "price" for part in p.parts)
    assert [part.request.gpu for part in p.parts] == p.cards


def test_two_cards_priced_in_one_message_get_both_price_lists() -> None:
    chat = ChatUser()
    chat.say("cloudgpu a6000 跟 3090 每小时各要多少钱")
    assert "$0.44" in chat.text and "$0.21" in chat.text


def test_a_cost_for_a_count_nobody_rents_names_that_and_prices_a_count_one_rents() -> None:
    chat = ChatUser()
    chat.say("qwen3 8b 全参 一张 h100")
    reply = chat.say("那要多少钱")
    assert reply.kind == "cost" and chat.lines[0].startswith("没有 1 张 H100"), chat.text
    # the seed's minimum for 8B full (one 80 GB card with an 8-bit optimizer, ₮899 a month) is named next, then a
    # count of H100s that is rented is priced
    assert "₮899" in chat.lines[1] and "8-bit" in chat.lines[1], chat.text
    assert any("4×H100" in line for line in chat.lines[2:5]), chat.text


def test_a_span_read_as_a_deadline_with_no_dataset_is_the_rental_priced() -> None:
    chat = ChatUser()
    chat.say("8b qlora 2.5天跑完的 cloudgpu 3090 大概多少钱")
    assert "$12.60" in chat.text  # 60 h × $0.21


def test_a_deadline_with_no_dataset_prices_the_time_left_and_says_so() -> None:
    chat = ChatUser()
    chat.say("14b lora 下周一前要训完，gpuli 上多少钱")
    assert "没给数据量" in chat.text and "₮" in chat.text, chat.text


def test_a_per_card_hour_ask_is_read_off_each_providers_month() -> None:
    chat = ChatUser()
    chat.say("8 卡 a100 80g 在 gpuli 单卡每小时合多少钱")
    assert "折合每卡每小时 ₮1.45" in chat.text, chat.text  # ₮8,352 / 30 d / 24 h / 8 cards


def test_continued_pretraining_names_the_node_and_its_network_not_only_the_memory() -> None:
    chat = ChatUser()
    chat.say("qwen3 14b 做增量预训练 需要啥卡")
    assert any("8 卡" in line and "InfiniBand" in line for line in chat.lines), chat.text


def test_a_verdict_whose_high_end_misses_says_it_is_tight() -> None:
    chat = ChatUser()
    chat.say("qwen2.5 7b lora 单张 4090 稳不稳")
    assert "偏紧" in chat.lines[0], chat.lines[0]


@pytest.mark.parametrize(("text", "entry"), [
    ("往 gpuli 机器里上传训练集 要交流量费吗", "ingress-traffic"),  # uploading is inbound: free at gpuli (seed 000)
    ("gpuli 的存储卷 每 GB 怎么算钱", "storage-volume-pricing"),
])
def test_a_question_naming_an_entrys_own_term_gets_that_entry(text: str, entry: str) -> None:
    from bot.understand.faq import lookup

    hit, _ = lookup(text)
    assert hit is not None and hit.entry.id == entry, (hit and hit.entry.id)


def test_a_short_change_after_a_faq_answer_asks_that_faq_question_again_with_the_change() -> None:
    chat = ChatUser()
    chat.say("gpuli 的 A100 SXM 之间是 NVLink 吗")
    reply = chat.say("那 5090 呢")
    assert reply.kind == "faq" and "NVLink" in chat.text and "PCIe" in chat.text, chat.text


def test_a_change_after_a_faq_answer_still_changes_the_sizing_before_it() -> None:
    chat = ChatUser()
    chat.say("qwen3 8b lora 一张 4090")
    chat.say("bf16 和 fp16 训练哪个稳")
    reply = chat.say("换成 qlora 呢")
    assert reply.kind == "sizing" and "QLoRA" in chat.lines[0] and "4090" in chat.lines[0], chat.text


def test_which_provider_after_a_job_prices_that_job() -> None:
    chat = ChatUser()
    chat.say("14b 全参 一个月")
    reply = chat.say("那选哪家比较好")
    assert reply.kind == "cost", reply.kind


def test_a_budget_stated_with_a_job_holds_for_its_follow_ups() -> None:
    chat = ChatUser()
    chat.say("预算 ₮3000，qwen3 14b 全参 训一个月")
    chat.say("换成 8 卡 a100 呢")
    assert "₮3,000" in chat.text, chat.text


def test_a_budget_after_a_priced_rental_length_is_checked_against_that_rental() -> None:
    chat = ChatUser()
    chat.say("cloudgpu a100 80g 跑 14b qlora 10 小时多少钱")
    chat.say("预算 $10 够吗")
    assert "$10" in chat.text and "$14.90" in chat.text, chat.text  # 10 h × $1.49


# ---------------------------------------------------------------- metamorphic: how it is typed never changes what it says

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

CARDS = [("4090", "rtx-4090"), ("a6000", "rtx-a6000"), ("h200", "h200"), ("3090", "rtx-3090"), ("l40s", "l40s")]
SEPARATORS = ["，", ", ", " ", "、", "；", "。"]
FILLERS = ["咱们", "老板问", "帮忙估一下", "求问", "我们这边", "麻烦看下", "领导让算"]


@settings(max_examples=150, derandomize=True, deadline=None)
@given(st.sampled_from(CARDS), st.integers(1, 9999), st.sampled_from(SEPARATORS), st.sampled_from(["$", "¥", "₮"]))
def test_an_amount_then_a_card_reads_the_same_whatever_separates_them(card: tuple[str, str], amount: int, sep: str,
                                                                      cur: str) -> None:
    p = parse(f"预算 {cur}{amount}{sep}{card[0]} 能租多久", T0)
    currency = {"$": "USD", "¥": "CNY", "₮": "USDT"}[cur]
    assert p.asks.budget == (Decimal(amount), currency) and p.request.gpu == card[1], (sep, p.asks.budget, p.request.gpu)


@settings(max_examples=60, derandomize=True, deadline=None)
@given(st.sampled_from(CARDS), st.sampled_from(["单卡", "单张", " 单卡", "一张"]))
def test_a_single_card_word_glued_to_a_card_is_one_of_that_card(card: tuple[str, str], one: str) -> None:
    p = parse(f"gpuli 的 {card[0]}{one}包月多少", T0)
    assert p.request.gpu == card[1] and p.request.num_gpus == 1, (p.request.gpu, p.request.num_gpus)


@settings(max_examples=80, derandomize=True, deadline=None)
@given(st.sampled_from(FILLERS), st.sampled_from([7, 8, 14, 32, 70, 72]), st.sampled_from(["lora", "全参", "qlora"]))
def test_a_filler_glued_to_a_bare_size_never_becomes_a_model_name(filler: str, size: int, method: str) -> None:
    p = parse(f"{filler}{size}b{method}要几张卡", T0)
    assert p.request.params_b == float(size) and p.family is None and p.request.model is None, (p.family, p.request)


@pytest.mark.parametrize(("text", "needle"), [("一万网络 a100 40g 月付大概多少人民币", "¥2,800"),
                                              ("一万网络 3090 年付", "1 年")])
def test_a_payment_period_word_is_the_rental_priced(text: str, needle: str) -> None:
    chat = ChatUser()
    reply = chat.say(text)
    assert reply.kind == "price" and needle in chat.text, chat.text


def test_prices_asked_as_a_table_come_with_a_csv_of_the_same_rows() -> None:
    import csv
    import io

    chat = ChatUser()
    reply = chat.say("把一万网络的价目整理成表格")
    table = dict(reply.files)["prices.csv"].decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(table)))
    assert any(r["gpu"] == "RTX 3090" and r["price_low"] == "1750" and r["currency"] == "CNY" for r in rows), rows


def test_a_price_answer_exported_afterwards_is_that_answer_with_its_table() -> None:
    chat = ChatUser()
    chat.say("gpuli 4 卡 h100 租一个月多少")  # a box gpuli rents as one machine (two single A6000s are none)
    reply = chat.say("这个报价导出一下")
    assert reply.kind == "price" and "prices.csv" in dict(reply.files) and "₮7,444" in chat.text, chat.text


@pytest.mark.parametrize("text", ["一万网络 a100 40g 配 16 核 128G 包月", "一万网络 a100 40g 16c128g 一个月多少"])
def test_a_machine_spec_of_cores_then_memory_is_both_add_ons(text: str) -> None:
    assert parse(text, T0).price.add_ons == {"cpu-16c": 1, "ram-128g": 1}


@pytest.mark.parametrize(("text", "days", "hours"), [("a6000 跑三天半 多少", 3.5, None), ("4090 跑 4 个半小时", None, 4.5),
                                                     ("h100 租一个半月", 45.0, None)])
def test_a_unit_and_a_half_is_that_much_and_a_half(text: str, days: float | None, hours: float | None) -> None:
    p = parse(text, T0)
    assert (p.rental.duration_days, p.rental.duration_hours) == (days, hours)


def test_a_budget_with_a_priced_rental_length_leads_with_whether_it_is_enough() -> None:
    chat = ChatUser()
    chat.say("两周预算 ₮8000，gpuli 8 卡 h100 够吗")
    assert chat.lines[0].startswith("💵 预算 ₮8,000：不够") and "₮8,344" in chat.lines[0], chat.text  # 2 weeks × ₮4,172


def test_a_budget_for_a_count_nobody_rents_as_one_machine_never_judges_a_smaller_one() -> None:
    chat = ChatUser()
    chat.say("两周预算 ₮300，gpuli 4 卡 a6000 够吗")  # gpuli rents the A6000 one card per machine
    assert chat.lines[0].startswith("💵 预算 ₮300：没有哪家把 4 张 RTX A6000 做成一台机器出租"), chat.text
    assert "₮920" not in chat.text and "够。" not in chat.text


def test_a_budget_after_a_price_for_a_stated_time_judges_that_rental_not_a_runway() -> None:
    chat = ChatUser()
    chat.say("cloudgpu 4090 跑 20 小时多少钱")
    chat.say("那 $10 够不够")
    assert chat.lines[0].startswith("💵") and "$6.60" in chat.lines[0] and "够" in chat.lines[0], chat.text


def test_how_long_money_lasts_is_a_runway_even_when_a_rental_unit_is_named() -> None:
    chat = ChatUser()
    chat.say("手上 ₮600，gpuli 4090 月租能租几个月")
    assert "1 个月，剩 ₮231" in chat.text, chat.text


def test_a_balance_rule_asked_for_a_named_rental_gets_that_rentals_price() -> None:
    chat = ChatUser()
    reply = chat.say("cloudgpu 上 a6000 跑 5 小时，余额得留多少才安全")
    assert reply.kind == "price" and "$2.20" in chat.text, chat.text  # 5 h × $0.44


def test_two_methods_compared_after_a_sizing_is_a_question_not_a_change() -> None:
    chat = ChatUser()
    chat.say("qwen3 8b lora 一张 a6000")
    reply = chat.say("那全参和 lora 效果能差多少")
    assert reply.kind == "faq", (reply.kind, chat.text)
    assert chat.say("那换成 qlora 呢").kind == "sizing"  # one method named is still a change
