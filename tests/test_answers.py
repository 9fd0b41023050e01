"""Answers a team lead can act on (issue 10): one router, price questions, short replies that lead
with the answer, every stated fact kept, clarifying questions that remember the request.

Everything goes through `Core.handle` with the wallet plugged in, as every front end does."""

from __future__ import annotations

import pytest

from bot.text.render import render_reply
from tests.chat_user import ChatUser

CLI_WORDS = ("--json", "kasuan cost", "kasuan size", "--tokens", "--hours")


# ---------------------------------------------------------------- routing on all signals


def test_a_question_about_balance_rules_gets_the_faq_not_the_wallet(chat: ChatUser) -> None:
    r = chat.say("余额不足会被停机吗")
    assert r.kind == "faq"
    assert "销毁" in chat.text  # CloudGPU destroys the instance when the balance runs out (seed 002)


def test_a_seed_faq_question_that_names_a_card_gets_both_answers(chat: ChatUser) -> None:
    r = chat.say("你家的卡之间走 NVLink 吗？另外几张 4090 放一起能训练吗？")
    assert r.kind == "faq"
    assert "NVLink" in chat.text and "ZeRO-3" in chat.text  # one answer per question asked


@pytest.mark.parametrize("text", ["H100 周租", "租一张4090一周多少钱", "how much to rent a 4090 for a week?",
                                  "两张A100 80G 租一个月要多少"])
def test_a_question_never_opens_a_rental_confirmation(chat: ChatUser, text: str) -> None:
    assert chat.say(text).kind == "price"


# ---------------------------------------------------------------- price questions


def test_price_of_a_setup_with_no_model_at_every_provider(chat: ChatUser) -> None:
    chat.say("两张A100 80G 租一个月要多少")
    text = chat.text
    # nobody rents a 2-card A100 80G machine: two single servers are no box (issue 18, item 4), so each
    # provider's smallest box that holds two cards is quoted: gpuli 4× ₮4,308, 一万网络 8× ¥2.5–4 万 (seeds)
    assert "₮1,798" not in text and "₮4,308" in text and "一台机器" in text
    assert "CloudGPU" in text and "一万网络" in text


def test_one_cards_price_lists_every_provider_and_who_lacks_it(chat: ChatUser) -> None:
    chat.say("4090多少钱")
    text = chat.text
    assert "$0.33" in text and "₮109" in text and "₮369" in text  # CloudGPU hourly; gpuli week and month
    assert "一万网络" in text and "没有这款卡" in text


def test_a_weekly_price_is_the_box_that_is_sold_by_the_week(chat: ChatUser) -> None:
    chat.say("H100 周租")
    assert "₮4,172" in chat.text  # gpuli's 8 × H100 week (the 4-card box is sold by the month only)


def test_the_seed_cost_example_typed_as_a_user_asks_it(chat: ChatUser) -> None:
    chat.say("8卡H100 租一个月，加 2000G 存储卷和 1000G 对象存储，一共多少钱")
    assert "₮14,607" in chat.text and "₮160" in chat.text and "₮15" in chat.text  # seed 000's full bill


def test_two_nodes_with_infiniband(chat: ChatUser) -> None:
    chat.say("16张H100 两个节点 带IB 一个月多少")
    assert "₮30,064" in chat.text  # 2 × ₮14,432 + 2 nodes × ₮600 InfiniBand


def test_annual_prepay_and_repeat_purchase_at_yiwan(chat: ChatUser) -> None:
    chat.say("一万网络 A100 40G 包年多少")
    assert "¥26,880" in chat.text  # ¥2,800 × 12 at 80% (seed 003)
    chat.say("yiwan a100 40g for a year, repeat purchase")
    assert "¥25,680" in chat.text  # and ¥100 off each of the 12 months


def test_a_currency_named_in_the_message_is_used_for_the_totals(chat: ChatUser) -> None:
    chat.say("8卡H100 一个月 用人民币算多少钱")
    assert "₮14,432 ≈ ¥" in chat.text  # gpuli's own currency kept, the total shown in yuan too


# ---------------------------------------------------------------- short replies that lead with the answer


@pytest.mark.parametrize("text", [
    "Qwen2.5-7B LoRA 一张3090能跑吗", "how much for 4 x A100 80G for two weeks?", "14B full finetune, 4 cards, seq 4096",
    "32b 全参 2000万token 3个epoch 8卡h100 多久多少钱", "72B 全参 8卡H100", "qwen3 8b dpo 全参 8卡 h100",
    "llama3.3 70b qlora", "/cost qwen3 14b lora 20M tokens", "vLLM 推理 qwen3 32b 要多少显存", "/help", "你好",
])
def test_first_message_is_at_most_15_lines_without_cli_words(chat: ChatUser, text: str) -> None:
    r = chat.say(text)
    assert len(chat.lines) <= 15, chat.text
    for flavor in ("plain", "telegram", "discord"):
        rendered = render_reply(r, flavor)
        assert not any(word in rendered for word in CLI_WORDS), rendered


def test_the_verdict_leads_with_its_price_and_the_details_are_one_button_away(chat: ChatUser) -> None:
    chat.say("Qwen3-8B QLoRA 一张4090够吗")
    assert chat.lines[0].startswith("✅") and "RTX 4090" in chat.lines[0] and "12.3 GB" in chat.lines[0]
    assert chat.lines[1].startswith("💰") and "$0.33" in chat.lines[1] and "₮109" in chat.lines[1]
    assert "权重" not in chat.text  # the breakdown is not in the first message
    details = chat.press("btn.details")
    assert details.kind == "sizing_details" and "权重" in chat.text and "checkpoint" in chat.text


@pytest.mark.parametrize("word", ["details", "明细"])
def test_details_typed_in_the_console(chat: ChatUser, word: str) -> None:
    chat.say("32b full finetune on 8 cards, 20M tokens, 3 epochs")
    assert chat.last is not None and chat.last.kind == "cost"
    assert chat.say(word).kind == "cost_details"


def test_a_tight_stated_setup_stays_the_answer_with_costed_levers(chat: ChatUser) -> None:
    chat.say("Qwen2.5-7B LoRA 一张3090能跑吗")
    assert chat.lines[0].startswith("⚠️") and "RTX 3090" in chat.lines[0]  # may fit, and still the answer
    assert "可能装得下" in chat.lines[0]
    levers = next(line for line in chat.lines if line.startswith("🔧") or line.startswith("👉"))
    assert "GB" in levers  # each lever re-sized


def test_no_card_named_answers_at_the_count_asked_by_price(chat: ChatUser) -> None:
    r = chat.say("32B 全参 8卡")
    v = r.data["v"]
    assert v["verdict"]["num_gpus"] == 8 and all(o["num_gpus"] == 8 for o in v["others"])
    # seed 000's minimum, 8 × 80 GB with ZeRO-3, leads as what it is: it may fit (77.4 GB expected,
    # the high end over the card), said so in the verdict, with the 8-bit way that makes it safe;
    # the setups that fit on the high end follow it
    lead = v["verdict"]
    assert lead["memory_gb"] == 80 and lead["zero"] == 3 and not lead["fits"]
    assert lead["total_gb"] <= 80 < lead["high_gb"]
    assert "可能装得下" in chat.lines[1] and "8-bit" in chat.text
    assert v["others"] and all(o["fits"] and o["high_gb"] <= o["memory_gb"] for o in v["others"])


def test_a_stated_count_that_misses_is_fixed_at_that_count(chat: ChatUser) -> None:
    chat.say("72b 全参 8卡 h200")
    first = chat.lines[0]
    # the seed's 8 × H200 + 8-bit optimizer (sized with it, as the seed does), not 4 cards + offload
    assert first.startswith("✅") and "8×H200" in first and "8-bit" in chat.text


def test_a_note_never_contradicts_the_verdict(chat: ChatUser) -> None:
    """7B full on one 4090 misses; the seed's minimum (one 80 GB card with an 8-bit optimizer) may be
    named, on its own card size, but nothing may say the 4090 holds it."""
    chat.say("7b 全参 一张4090")
    assert chat.lines[0].startswith("❌")
    hinted = [line for line in chat.lines if "80 GB" in line]
    assert all("8-bit" in line and "4090" not in line for line in hinted), hinted
    assert not any(line.startswith("✅") for line in chat.lines)


# ---------------------------------------------------------------- every stated fact kept or named back


@pytest.mark.parametrize(("text", "seq"), [
    ("qwen3 8b lora 4096 长度 一张4090", 4096), ("qwen3 8b lora 上下文 8k", 8192), ("qwen3 8b lora cutoff_len=4096", 4096),
    ("qwen3 8b lora ctx 16k", 16384), ("qwen3 8b lora 8k", 8192),
])
def test_sequence_length_in_any_phrasing(chat: ChatUser, text: str, seq: int) -> None:
    assert chat.say(text).data["v"]["seq_len"] == seq


def test_an_unknown_card_is_named_back(chat: ChatUser) -> None:
    chat.say("32B 全参 8张 Tesla K80")
    assert "TESLA K80" in chat.text.upper()


def test_an_unknown_card_with_its_memory_is_sized_as_the_nearest_catalog_card(chat: ChatUser) -> None:
    r = chat.say("qwen3 8b qlora 一张 RTX 2060 12G")
    assert r.data["v"]["fit"]["memory_gb"] >= 12 and "2060" in chat.text


def test_preference_training_counts_the_reference_model(chat: ChatUser) -> None:
    # the ZeRO stage stated, so both are sized on the same plan (left open, the chooser may shard DPO further)
    sft = chat.say("qwen3 8b 全参 8卡 h100 zero3").data["v"]["total_gb"]
    dpo = chat.say("qwen3 8b dpo 全参 8卡 h100 zero3").data["v"]["total_gb"]
    assert dpo > sft + 2  # a bf16 reference (16.4 GB / 8 under ZeRO-3) plus the pair's activations
    assert "DPO" in chat.text and "参考模型" in chat.text
    chat.say("qwen3 8b ppo lora 4090")
    assert "critic" in chat.text  # what PPO leaves uncounted is said


def test_an_inference_question_gets_an_inference_estimate(chat: ChatUser) -> None:
    r = chat.say("vLLM 推理 Qwen3-8B 32并发 8k上下文 要多少显存")
    assert r.kind == "inference"
    assert "KV cache" in chat.text and "优化器" not in chat.text and "optimizer" not in chat.text
    assert r.data["kv_gb"] == pytest.approx(2 * 36 * 8 * 128 * 2 * 8192 * 32 / 1e9)  # K+V × layers × heads × dim × bf16


# ---------------------------------------------------------------- conversation state


def test_which_provider_then_a_typed_answer_finishes_the_rental(chat: ChatUser) -> None:
    r = chat.say("租一张4090一周")
    assert r.kind == "wallet_error" and {b.label_params["name"] for b in r.buttons} == {"CloudGPU", "gpuli"}
    assert chat.say("gpuli").kind == "wallet_confirm" and "₮109" in chat.text  # not gpuli's price list


def test_which_provider_answered_with_a_button(chat: ChatUser) -> None:
    chat.say("rent a 4090 for a week")
    names = [b.label_params["name"] for b in chat.last.buttons] if chat.last else []
    assert chat.press("wallet.btn.choice", names.index("gpuli")).kind == "wallet_confirm"
    assert chat.press("wallet.btn.overdraft").kind == "wallet_done"


def test_the_default_provider_is_applied_before_asking(chat: ChatUser) -> None:
    chat.say("/provider gpuli")
    assert chat.say("租一张4090一周").kind == "wallet_confirm" and "gpuli" in chat.text


def test_which_model_keeps_the_question(chat: ChatUser) -> None:
    r = chat.say("8卡H100 全参 要多少显存")
    assert r.kind == "missing" and r.buttons
    r = chat.say("qwen3 14b")
    assert r.kind == "sizing" and r.data["v"]["model_id"] == "qwen3-14b" and r.data["v"]["method"] == "full"
    assert r.data["v"]["fit"]["num_gpus"] == 8


def test_a_pressed_model_answers_the_question(chat: ChatUser) -> None:
    chat.say("微调要多少显存")
    r = chat.press("btn.model")
    assert r.kind == "sizing" and r.data["v"]["model_id"] == "qwen3-8b"


def test_a_follow_up_changes_one_thing(chat: ChatUser) -> None:
    chat.say("Qwen3-8B QLoRA 一张4090够吗")
    r = chat.say("那换成lora呢")
    v = r.data["v"]
    assert (v["model_id"], v["method"], v["fit"]["gpu"]) == ("qwen3-8b", "lora", "rtx-4090")


def test_a_clarification_is_per_user_in_a_group() -> None:
    alice = ChatUser(user="a", chat="g", group=True)
    bob = ChatUser(alice.store, alice.clock, user="b", chat="g", group=True)
    bob.core = alice.core
    alice.say("rent a 4090 for a week")
    assert bob.say("gpuli").kind != "wallet_confirm"  # Bob can't finish Alice's rental


def test_a_stale_answer_button_says_so(chat: ChatUser) -> None:
    chat.say("rent a 4090 for a week")
    chat.say("/help")  # a new command abandons the question
    chat.last = chat.core.handle(chat.incoming("", button="a|provider=gpuli"))
    assert chat.last is not None and chat.last.kind == "error" and "out of date" in chat.text


# ---------------------------------------------------------------- small talk and help


@pytest.mark.parametrize(("text", "lang"), [("你好", "zh"), ("谢谢！", "zh"), ("hello", "en"), ("thanks", "en"),
                                            ("who are you?", "en"), ("你是谁", "zh")])
def test_small_talk_gets_a_friendly_reply_with_two_examples(chat: ChatUser, text: str, lang: str) -> None:
    r = chat.say(text)
    assert r.kind == "smalltalk" and r.lang == lang
    assert len([line for line in chat.lines if line.startswith("•")]) == 2


def test_help_lists_every_command_grouped(chat: ChatUser) -> None:
    chat.say("/help")
    for name in chat.core.commands:
        if name not in ("start", "help"):
            assert f"/{name}" in chat.text, name
    assert len(chat.lines) <= 15


# ---------------------------------------------------------------- classes the held-out set exposed


def test_an_unknown_model_family_is_named_back(chat: ChatUser) -> None:
    chat.say("CodeLlama 34B QLoRA on an RTX A6000?")
    assert "CodeLlama" in chat.lines[0] and "isn't in the catalog" in chat.text
    assert "Qwen" not in chat.text  # the short answer speaks of what was asked; the stand-in is in Details
    chat.say("details")
    assert "architecture taken from Qwen2.5-32B" in chat.text


def test_a_year_is_twelve_months_with_the_custom_gpu_annual_discount(chat: ChatUser) -> None:
    chat.say("一万网络的 T4 按年付一年多少钱")
    assert "¥8,640" in chat.text  # 12 × ¥900 × 0.8 (GPU 定制年付 8 折), not 13 months
    chat.say("yiwan RTX 3090 on an annual plan as a returning customer, yearly price?")
    assert "¥15,600" in chat.text  # 12 × ¥1,750 × 0.8 − 12 × ¥100 (同账户复购再减 ¥100/月)


def test_minutes_are_priced_by_the_minute(chat: ChatUser) -> None:
    chat.say("cloudgpu A6000 只用 90 minutes 多少钱")
    assert "$0.66" in chat.text  # 90 started minutes × $0.44/60


def test_a_measured_run_is_priced_without_a_model(chat: ChatUser) -> None:
    chat.say("4万条样本跑3个epoch，单卡 batch 2、梯度累积 8，实测每步 1.2 秒，下载 10 分钟、保存上传 5 分钟，用 cloudgpu 的 A6000 一共多少钱")
    assert "$1.21" in chat.text  # ceil(40000×3/16) = 7500 steps × 1.2 s = 150 min + 15 min → 165 min × $0.44/60


def test_cards_compared_side_by_side(chat: ChatUser) -> None:
    r = chat.say("32b 全参 8x A100 vs 8x H100 哪个划算")
    assert r.kind == "sizing_versus" and "₮8,352" in chat.text and "₮14,432" in chat.text


def test_no_offload_is_honoured_and_the_8bit_way_offered(chat: ChatUser) -> None:
    r = chat.say("72B 全参不想开 offload，要什么配置")
    v = r.data["v"]
    assert v["verdict"]["offload"] == "none" and all(o["offload"] == "none" for o in v["others"])
    # the seed's own way without offload leads: 8 × H200 with an 8-bit optimizer, 90 GB of states per card
    assert v["seed"]["is_verdict"] and v["seed"]["eight_bit"] and v["verdict"]["gpu"] == "h200"
    assert "8-bit" in chat.text and "90 GB" in chat.lines[1]


def test_a_price_follow_up_with_nodes_and_infiniband(chat: ChatUser) -> None:
    chat.say("8卡H100 租一个月多少")
    chat.say("两台的话，再加 InfiniBand 呢")
    assert "₮30,064" in chat.text


def test_a_rental_is_requoted_when_the_next_message_names_provider_and_length(chat: ChatUser) -> None:
    chat.say("租一张4090")
    r = chat.say("一周，gpuli")
    assert r.kind == "wallet_confirm" and "gpuli" in chat.text and "₮109" in chat.text


def test_a_strong_faq_answer_beats_a_card_without_a_price_question(chat: ChatUser) -> None:
    assert chat.say("any catch with renting an MI300X for fine-tuning?").kind == "faq"
    assert "ROCm" in chat.text


def test_a_checkpoint_question_gets_the_jobs_save_size_not_a_memory_sizing(chat: ChatUser) -> None:
    chat.say("32B 全参的 checkpoint 一份多大，应该存哪")
    assert chat.last is not None and chat.last.kind == "checkpoint"
    assert "512 GB" in chat.text  # 16 B × 32e9: bf16 + fp32 master + AdamW m, v + the bf16 model (seed 000: ~512 GB)
    assert "1,536 GB" in chat.text and "NVMe" in chat.text  # save_total_limit 3 on the local disk
    chat.say("那换成 LoRA 呢")
    assert chat.last.kind == "checkpoint" and "MB" in chat.text and "64 GB" in chat.text  # the adapter; merged bf16
    chat.say("how big is a checkpoint for qwen3-8b qlora?")
    assert "Qwen3-8B QLoRA" in chat.text and "adapter" in chat.text


def test_checkpoint_settings_in_a_sizing_question_keep_it_a_sizing(chat: ChatUser) -> None:
    chat.say("7b full finetune on 4090, save checkpoints every 500 steps?")
    assert chat.last is not None and chat.last.kind == "sizing"


def test_asking_for_room_picks_the_cheapest_setup_that_leaves_a_third_free(chat: ChatUser) -> None:
    chat.say("32B full finetune, which cards?")
    assert "8× A100 80GB SXM (ZeRO-3)" in chat.lines[1]  # seed 000's minimum leads
    # the bigger-card fit (4 × MI300X, 146 of 192 GB) is no alternative: gpuli rents the card singly, so four
    # would be separate machines; the bigger cards that one provider rents as one machine are (8 × H200)
    assert "4× MI300X" not in chat.text and "8× H200 SXM (ZeRO-3)" in chat.text
    chat.say("32B 全参 想要 roomy 一点的 setup，用什么卡")
    assert "宽裕" in chat.lines[1] and "8×H200 SXM" in chat.lines[1], chat.text
    assert "最可能 77.4 GB） / 141 GB" in chat.lines[1]  # 692 GB under ZeRO-3 over 8 cards: 55% of each card
    chat.say("Qwen3-8B LoRA with plenty of headroom")
    assert "With room to spare" in chat.text and "(most likely 23.4 GB) of 48 GB" in chat.text


def test_a_how_to_question_without_a_model_gets_advice_not_which_model(chat: ChatUser) -> None:
    chat.say("LLaMA-Factory 跑 QLoRA 爆显存了怎么办")
    assert chat.last is not None and chat.last.kind == "faq" and "cutoff_len" in chat.text
    chat.say("what do we need for continued pretraining rather than finetuning?")
    assert chat.last.kind == "faq" and "InfiniBand" in chat.text
    chat.say("微调要多少显存")  # a number asked for: which model (with buttons), not an essay
    assert chat.last.kind == "missing"
