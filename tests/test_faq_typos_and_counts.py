"""FAQ misses fixed as behaviour: a Chinese homophone typo reads as the word meant (every pair in
catalogs/typos.yaml, in any sentence), the count of GPU models a provider lists comes from the
catalog, and a question about the balance held while an instance runs gets the pre-authorization
rule (one hour, per seed 002)."""

from __future__ import annotations

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.faq import lookup
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from catalogs import catalog_path
from engine.providers import providers
from tests.chat_user import ChatUser

TYPOS = yaml.safe_load(catalog_path("typos.yaml").read_text(encoding="utf-8"))["zh"]
SENTENCES = ["gpuli 怎么{w}？", "请问{w}有什么要注意的", "{w}这块能说下吗", "关于{w}，想问一下"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(TYPOS)), st.sampled_from(SENTENCES))
def test_a_homophone_typo_reads_like_the_word_meant(wrong: str, sentence: str) -> None:
    right = TYPOS[wrong]
    typed, meant = sentence.format(w=wrong), sentence.format(w=right)
    assert normalize(typed) == normalize(meant)
    assert parse(typed).fingerprint() == parse(meant).fingerprint()
    hit_typed, hits_typed = lookup(typed)
    hit_meant, hits_meant = lookup(meant)
    assert (hit_typed and hit_typed.entry.id) == (hit_meant and hit_meant.entry.id)
    assert [h.entry.id for h in hits_typed] == [h.entry.id for h in hits_meant]


def test_a_top_up_question_with_the_typo_gets_the_top_up_answer() -> None:
    for text in ("gpuli怎么冲值?", "gpuli 能用什么冲值", "冲值 gpuli 走什么渠道"):
        chat = ChatUser()
        reply = chat.say(text)
        assert reply.kind == "faq" and "USDT" in chat.text, (text, chat.text)


def test_the_count_of_gpu_models_comes_from_the_catalog() -> None:
    gpuli = next(p for p in providers().entries if p.id == "gpuli")
    held = len({o.gpu for o in gpuli.offers})
    for text in ("how many GPU models does gpuli list", "gpuli 一共有几款卡", "gpuli 有多少种显卡型号"):
        chat = ChatUser()
        chat.say(text)
        assert "16" in chat.lines[0] and str(held) in chat.lines[0], chat.text  # the list's 16, of which we hold 9
    cloud = next(p for p in providers().entries if p.id == "cloudgpu")
    chat = ChatUser()
    chat.say("how many kinds of cards does cloudgpu offer?")
    assert f"{len({o.gpu for o in cloud.offers})} GPU models" in chat.lines[0], chat.text


def test_a_question_about_the_balance_held_while_running_gets_the_one_hour_hold() -> None:
    for text in ("does CloudGPU hold some of my balance while an instance is running? how much",
                 "cloudgpu 开着机会不会先扣住一部分钱", "how much does cloudgpu freeze from my credit when a job runs",
                 "cloudgpu 运行时会冻结多少余额"):
        chat = ChatUser()
        reply = chat.say(text)
        assert reply.kind == "faq" and ("1 小时" in chat.text or "one hour" in chat.text), (text, chat.text)


def test_a_clause_that_only_asks_how_much_is_not_a_question_of_its_own() -> None:
    p = parse("does cloudgpu hold part of my balance while it runs? how much")
    assert [h.entry.id for h in p.faq_answers] == ["cloudgpu-preauthorization"]


def test_a_provider_named_gets_its_own_entry_when_the_best_match_is_another_providers() -> None:
    for text, provider_entry in (("gpuli 的库存在哪看", "gpuli-price-list"), ("where do I see what's in stock at gpuli", "gpuli-price-list"),
                                 ("cloudgpu 哪里看有没有货", "cloudgpu-gpu-prices")):
        p = parse(text)
        assert p.intent == "faq" and [h.entry.id for h in p.faq_answers] == [provider_entry], text


def test_a_hardware_failure_in_everyday_words_gets_the_failure_answer() -> None:
    for text in ("训练到一半机器坏了咋整", "卡坏了 checkpoint 还在吗", "what if the machine breaks mid-run", "my gpu died during training"):
        hit, _ = lookup(text)
        assert hit is not None and hit.entry.id == "checkpoint-on-failure", text
