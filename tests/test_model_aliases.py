"""Model names as people type them: every alias names one model, in chat and in the engine."""

from __future__ import annotations

import pytest

from bot.understand.entities import find_models, gpu_table, model_table
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from engine.catalog import models, normalize_name
from engine.request import TrainingRequest
from engine.resolve import resolve

# (what a user types, the catalog id it must name): English, Chinese, HF ids, Ollama tags.
TYPED = [
    ("mistral 7b", "mistral-7b-v0.3"), ("Mistral-7B-Instruct", "mistral-7b-v0.3"), ("mistral:7b", "mistral-7b-v0.3"),
    ("Mistral-7B-Instruct-v0.2", "mistral-7b-v0.3"), ("mistral nemo", "mistral-nemo-12b"),
    ("Mistral-Nemo-Instruct-2407", "mistral-nemo-12b"), ("mistral small 24b", "mistral-small-24b"),
    ("mistral-small-3.1-24b", "mistral-small-24b"), ("mixtral 8x7b", "mixtral-8x7b"), ("Mixtral-8x7B-Instruct-v0.1", "mixtral-8x7b"),
    ("mixtral 8x22b", "mixtral-8x22b"), ("mixtral:8x22b", "mixtral-8x22b"),
    ("gemma2 2b", "gemma-2-2b"), ("gemma2 9b", "gemma-2-9b"), ("gemma 2 27b", "gemma-2-27b"), ("gemma-3-1b-it", "gemma-3-1b"),
    ("gemma3 4b", "gemma-3-4b"), ("gemma-3-12b", "gemma-3-12b"), ("google/gemma-3-27b-it", "gemma-3-27b"),
    ("yi 6b", "yi-1.5-6b"), ("Yi-1.5-9B-Chat", "yi-1.5-9b"), ("yi 34b", "yi-1.5-34b"), ("零一万物 34B", "yi-1.5-34b"),
    ("零一万物Yi-34B", "yi-1.5-34b"), ("glm4 9b", "glm-4-9b"), ("智谱GLM4 9B", "glm-4-9b"),
    ("internlm2.5 7b", "internlm2.5-7b"), ("internlm2_5-7b-chat", "internlm2.5-7b"), ("书生·浦语2.5 7B", "internlm2.5-7b"),
    ("书生2.5 20B", "internlm2.5-20b"), ("phi-3 mini", "phi-3-mini"), ("Phi-3-mini-4k-instruct", "phi-3-mini"),
    ("phi3:mini", "phi-3-mini"), ("phi-3 medium", "phi-3-medium"), ("phi-3.5 mini", "phi-3.5-mini"), ("phi-4", "phi-4"),
    ("phi4 14b", "phi-4"), ("phi-4-mini", "phi-4-mini"), ("Phi-4-mini-instruct", "phi-4-mini"), ("llama3.1 8b", "llama-3.1-8b"), ("llama 3.1 70b", "llama-3.1-70b"),
    ("llama3.1 405b", "llama-3.1-405b"), ("Meta-Llama-3.1-405B-Instruct", "llama-3.1-405b"), ("llama 3.2 1b", "llama-3.2-1b"),
    ("llama 3.2 3b", "llama-3.2-3b"), ("llama3.3 70b", "llama-3.3-70b"), ("qwen2.5 0.5b", "qwen2.5-0.5b"),
    ("qwen2.5-72b-instruct", "qwen2.5-72b"), ("qwen2.5-vl 7b", "qwen2.5-vl-7b"), ("千问2.5 VL 7B", "qwen2.5-vl-7b"),
    ("Qwen2.5-VL-72B-Instruct", "qwen2.5-vl-72b"), ("qwen3-30b-a3b", "qwen3-30b-a3b"), ("qwen3-235b-a22b", "qwen3-235b-a22b"),
    ("deepseek v2 lite", "deepseek-v2-lite"), ("DeepSeek-V2-Lite-Chat", "deepseek-v2-lite"), ("deepseek v2 236b", "deepseek-v2"),
    ("deepseek-r1", "deepseek-v3"), ("deepseek v3", "deepseek-v3"), ("DeepSeek-R1-0528", "deepseek-v3"),
    ("Qwen3-30B-A3B-Instruct-2507", "qwen3-30b-a3b"), ("Meta-Llama-3-8B-Instruct", "llama-3.1-8b"), ("deepseek r1 distill 7b", "deepseek-r1-distill-qwen-7b"),
    ("deepseek-r1 蒸馏 14b", "deepseek-r1-distill-qwen-14b"),
]


@pytest.mark.parametrize(("typed", "ident"), TYPED)
def test_typed_name_is_found_in_chat_text(typed: str, ident: str) -> None:
    found = find_models(normalize(f"{typed} lora 微调要多少显存"))
    assert [m.ident for m in found] == [ident]


@pytest.mark.parametrize(("typed", "ident"), [(t, i) for t, i in TYPED if "distill" not in t and "蒸馏" not in t])
def test_typed_name_resolves_in_the_engine(typed: str, ident: str) -> None:
    resolved = resolve(TrainingRequest(model=typed, method="lora"))
    assert resolved.spec.id == ident
    assert not any(a.code == "architecture_from" for a in resolved.assumptions)


def test_mistral_7b_is_sized_as_mistral_not_as_a_qwen_of_the_same_size() -> None:
    p = parse("Mistral 7B lora 一张4090够吗")
    assert p.request.model == "mistral-7b-v0.3" and p.request.params_b is None
    resolved = resolve(p.request)
    assert resolved.spec.family == "mistral" and resolved.counts.total == 7_248_023_552


def test_every_alias_names_one_model_after_normalization() -> None:
    owner: dict[str, str] = {}
    clashes = []
    for m in models().entries:
        for name in {m.id, m.name, *m.aliases}:
            key = normalize_name(name)
            if owner.setdefault(key, m.id) != m.id:
                clashes.append(f"{name!r}: {owner[key]} and {m.id}")
    assert clashes == []
    assert len(model_table().by_key) == len(owner)  # the chat matcher sees the same keys
    assert not set(owner) & set(gpu_table().by_key)  # and no model name reads as a card


@pytest.mark.parametrize("typed", ["phi-4 moe lora", "deepseek-r1 distill 70b", "mistral nemo minitron 8b", "phi-3.5 moe 微调"])
def test_a_variant_word_stops_a_bare_family_name(typed: str) -> None:
    """A variant the catalog lacks is not sized as its bigger or smaller sibling (Phi-3.5-MoE is 42B,
    not Phi-3.5-mini; the 70B distill is Llama-based, not DeepSeek-V3; Minitron 8B is not Nemo 12B)."""
    assert [m.ident for m in find_models(normalize(typed))] == []


def test_distill_shorthand_and_an_exact_name_in_one_message() -> None:
    found = find_models(normalize("deepseek r1 蒸馏 32b 和 qwen3 8b 哪个省显存"))
    assert [m.ident for m in found] == ["deepseek-r1-distill-qwen-32b", "qwen3-8b"]


@pytest.mark.parametrize(
    ("typed", "ident"),
    [("gemma 9b", "gemma-2-9b"), ("gemma 4b", "gemma-3-4b"), ("mistral 24b", "mistral-small-24b"),
     ("mistral 12b", "mistral-nemo-12b"), ("internlm 7b", "internlm2.5-7b"), ("glm 9b", "glm-4-9b"),
     ("deepseek 16b", "deepseek-v2-lite"), ("chatglm 6b", "chatglm3-6b")],
)
def test_brand_and_size_name_the_only_model_of_that_size(typed: str, ident: str) -> None:
    p = parse(f"{typed} lora 一张a100")
    assert p.request.model == ident and p.request.params_b is None


@pytest.mark.parametrize("typed", ["gemma 27b", "phi 14b", "qwen 7b"])
def test_brand_and_size_that_fit_several_models_are_not_guessed(typed: str) -> None:
    """Gemma 2 and 3 both have a 27B, Phi-3-medium and Phi-4 are both 14B; Qwen sizes span generations."""
    assert find_models(normalize(f"{typed} lora")) == []


@pytest.mark.parametrize(
    ("text", "ident"),
    [("h100 八张 全参 那个 27b 的 gemma3", "gemma-3-27b"), ("用 mixtral 那个 8x7b 做 lora", "mixtral-8x7b"),
     ("internlm2.5 的 20b 全参", "internlm2.5-20b"), ("yi1.5 的 34b lora", "yi-1.5-34b")],
)
def test_family_and_size_written_apart(text: str, ident: str) -> None:
    assert parse(text).request.model == ident


# a family cut to its first letters, its version glued on, the size after (bot.understand.short_family)
SHORTENED = [("qw3 8b", "qwen3-8b"), ("qw2.5 14b", "qwen2.5-14b"), ("qw2.5 7b", "qwen2.5-7b"), ("qwe3-32b", "qwen3-32b"),
             ("ll3.1 8b", "llama-3.1-8b"), ("lla3.3 70b", "llama-3.3-70b"), ("gem2 9b", "gemma-2-9b"),
             ("gem3 27b", "gemma-3-27b"), ("intern2.5 7b", "internlm2.5-7b"), ("chat3 6b", "chatglm3-6b")]


@pytest.mark.parametrize(("typed", "ident"), SHORTENED)
@pytest.mark.parametrize("frame", ["{} lora 4090 够不", "导出 llamafactory 配置 {} qlora", "{} full finetune on 8 h100?"])
def test_a_shortened_family_names_its_model(typed: str, ident: str, frame: str) -> None:
    assert parse(frame.format(typed)).request.model == ident


def test_a_shortened_family_is_exported_under_its_own_name() -> None:
    from tests.chat_user import ChatUser

    me = ChatUser()
    me.say("export 个 llamafactory config, qw3 8b qlora, cutoff 2048")
    assert "Qwen3-8B" in me.text and "Llama" not in me.text, me.text


@pytest.mark.parametrize(("typed", "offered"), [
    ("qw3 9b lora 4090 够不", ("qwen3-8b",)),  # a size Qwen3 does not have: the family's did-you-mean
    ("mi3 7b lora on a 4090?", ("mistral-7b-v0.3", "mixtral-8x7b")),  # mistral or mixtral: asked back, never guessed
])
def test_a_shortening_no_model_or_several_families_answer_is_asked_back(typed: str, offered: tuple[str, ...]) -> None:
    from tests.chat_user import ChatUser

    me = ChatUser()
    me.say(typed)
    assert all(name in me.text for name in offered) and "GB" not in me.text, me.text


@pytest.mark.parametrize("text", ["to3 8b", "qwen3 8b lora", "so 7b lora", "in 2 7b runs", "m3 7b"])
def test_words_that_begin_no_family_or_are_the_family_name_are_not_shortenings(text: str) -> None:
    from bot.understand.short_family import shortened

    assert shortened(normalize(text)) is None
