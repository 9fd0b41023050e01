"""One reading of each message (issue 18, item 1): the follow-up readers of bot/core take the parsed value
(and the turn before), never the message's raw text; what they weigh of the words the parser read once
into `Cues` (bot.understand.cues, bot.understand.follow_reads)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from bot.core import (
    cheaper_follow,
    faq_context,
    fit_follow,
    language_again,
    nodes_first,
    price_terms_follow,
    run_on_priced,
)
from bot.understand.cues import FOLLOW_UP_CHARS
from bot.understand.follow_reads import upgrades_named
from bot.understand.parser import parse

READERS = [cheaper_follow, faq_context, fit_follow, language_again, nodes_first, price_terms_follow, run_on_priced]
# the follow-up readers that used to read the raw text after the parse: Parsed (and the Turn) only now
TAKE_PARSED = [fit_follow.fit_asked_of_last, fit_follow.card_asked_of_last, cheaper_follow.cheaper_of_last,
               price_terms_follow.card_variant, price_terms_follow.upgrade_after_faq, nodes_first.nodes_first,
               run_on_priced.total_of_priced]


def _tree(module: object) -> ast.Module:
    return ast.parse(Path(inspect.getfile(module)).read_text())  # type: ignore[arg-type]


@pytest.mark.parametrize("module", READERS, ids=lambda m: m.__name__)
def test_no_bot_core_follow_up_reader_normalizes_the_message_again(module: object) -> None:
    for node in ast.walk(_tree(module)):
        if isinstance(node, ast.ImportFrom):
            assert node.module != "bot.understand.normalize", f"{module} normalizes the message again"
            assert node.module != "bot.understand.lazy", f"{module} compiles patterns of its own"
            assert "normalize" not in {a.name for a in node.names}


@pytest.mark.parametrize("module", READERS, ids=lambda m: m.__name__)
def test_no_bot_core_follow_up_reader_compiles_a_pattern_of_its_own(module: object) -> None:
    for node in ast.walk(_tree(module)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) \
                and node.func.value.id == "re":
            # the one use left: a catalog alias's memory taken off ("RTX 4090 24GB" → its family), no message
            assert (module, node.func.attr) == (price_terms_follow, "sub"), f"{module} runs re.{node.func.attr}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in ("lazy", "compile"), f"{module} compiles a pattern"


@pytest.mark.parametrize("reader", TAKE_PARSED, ids=lambda f: f.__name__)
def test_follow_up_readers_take_the_parsed_value_not_the_text(reader: object) -> None:
    params = inspect.signature(reader).parameters  # type: ignore[arg-type]
    assert "text" not in params and "raw" not in params


@pytest.mark.parametrize("text", ["4090 够吗", "a100 放得下吗", "so an h100 works?", "is a 4090 enough?", "那 h100 就够了吧"])
def test_a_fit_asked_in_a_follow_ups_frame(text: str) -> None:
    frames = parse(text).cues.beside_cards
    assert frames.fit and frames.fit_counted


@pytest.mark.parametrize("text", ["so one h100 works?", "单卡 h100 行不行"])
def test_a_fit_asked_with_the_count_written_as_a_figure(text: str) -> None:
    frames = parse(text).cues.beside_cards
    assert frames.fit_counted and not frames.fit  # the figure is the count stated, else a word of its own


@pytest.mark.parametrize("text", ["what does a higher rank do, is it enough?", "4090 够吗 顺便问下 gpuli 怎么付款",
                                  "为什么 4090 不够", "a100 有 nvlink 吗"])
def test_no_fit_read_where_the_message_asks_more(text: str) -> None:
    frames = parse(text).cues.beside_cards
    assert not frames.fit and not frames.fit_counted


def test_figures_and_frame_beside_the_cards() -> None:
    assert not parse("那个 4090 有 nvlink 吗").cues.beside_cards.figures  # a card's own digits state nothing
    assert parse("那个 4090 跑 3 天呢").cues.beside_cards.figures
    assert parse("4090 for 3 days then").cues.beside_cards.figures
    assert parse("what if a100 sxm instead").cues.beside_cards.frame
    assert parse("那换成 h100 呢").cues.beside_cards.frame
    assert not parse("a100 有 nvlink 吗").cues.beside_cards.frame


@pytest.mark.parametrize("text,asked", [("那用啥卡", True), ("应该选什么卡", True), ("which card then", True),
                                        ("what gpu should i use instead", True), ("什么卡有 nvlink", False),
                                        ("which card has nvlink?", False)])
def test_which_card_is_asked(text: str, asked: bool) -> None:
    assert parse(text).cues.which_card is asked


@pytest.mark.parametrize("text,cheaper,exists", [("有更便宜的吗", True, True), ("还有没有便宜点的卡", True, True),
                                                 ("any cheaper option?", True, True), ("便宜点的呢", True, False),
                                                 ("something less expensive?", True, True), ("便宜吗", False, False),
                                                 ("便宜的那个跑一天多少", True, False)])
def test_a_cheaper_one_asked(text: str, cheaper: bool, exists: bool) -> None:
    cues = parse(text).cues
    assert (cues.cheaper, cues.cheaper_exists) == (cheaper, exists)


@pytest.mark.parametrize("text,which", [("哪个更划算", True), ("哪张便宜", True), ("which one is cheaper?", True),
                                        ("which is the better deal", True), ("有更便宜的吗", False), ("is it cheap?", False)])
def test_which_of_two_is_cheaper(text: str, which: bool) -> None:
    assert parse(text).cues.which_cheaper is which


@pytest.mark.parametrize("text,size", [("48g 跑 12 小时呢", "48"), ("那 80GB 的呢", "80"), ("the 48 gb one for a day?", "48"),
                                       ("加 128g 内存", None), ("add 500 gb of storage", None), ("48g 还是 24g", None)])
def test_a_card_memory_said_alone(text: str, size: str | None) -> None:
    assert parse(text).cues.lone_memory == size


@pytest.mark.parametrize("text,referred", [("升级后一个月多少", True), ("加上之后包月多少", True),
                                           ("and with the upgrade, per month?", True), ("upgraded, weekly?", True),
                                           ("一个月多少", False), ("per month?", False)])
def test_an_upgrade_referred_to(text: str, referred: bool) -> None:
    assert parse(text).cues.upgrade_referred is referred


def test_the_upgrade_a_question_named() -> None:
    assert upgrades_named("cpu 要不要升级") == {"cpu-16c": 1}
    assert upgrades_named("can I add more RAM?") == {"ram-128g": 1}
    assert upgrades_named("能退款吗") == {}


@pytest.mark.parametrize("text,asked", [("继续预训练 14b 打算跨两台机器 除了卡还要准备啥", True),
                                        ("a 14b across two nodes, what extra do I pay", True),
                                        ("14b lora 跨两台机器 多少钱", False), ("14b lora 除了卡还要准备啥", False)])
def test_what_else_machines_need_is_read_of_two_machines_or_more(text: str, asked: bool) -> None:
    assert parse(text).cues.extra_asked is asked


@pytest.mark.parametrize("text,figures", [("₮2000 够吗", True), ("预算 5000 呢", True), ("一共多少", False),
                                          ("how much in total?", False), ("第二个跑 3 小时呢", True)])
def test_figures_of_the_message(text: str, figures: bool) -> None:
    assert parse(text).cues.figures is figures


def test_a_long_message_skips_the_follow_up_readings() -> None:
    text = "which card then " + "and please tell me everything about it " * 3
    assert len(text) > FOLLOW_UP_CHARS
    cues = parse(text).cues
    assert not (cues.which_card or cues.cheaper or cues.which_cheaper or cues.upgrade_referred or cues.beside_cards.fit)
