"""A reply is a function of its own chat alone: the same messages, each from a fresh user, read the same
whichever other users asked what before them in the process. A cached value that a caller changed (a row
added to `bot.views.price.unit_prices`' cached list: "32b full finetune on four H100s" then gained the week
price of eight separate A100 PCIe instances after someone compared 8x A100 with 8x H100), or a module-level
memo written during a message, shows here as one reply that differs between two orders of the same sample."""

from __future__ import annotations

import random
from copy import deepcopy
from decimal import Decimal
from pathlib import Path

from bot.views.price import unit_prices
from engine import yamlcache
from tests.chat_user import ChatUser

ROOT = Path(__file__).resolve().parent.parent
SEED = 23
SAMPLE = 400  # conversations (a parser message, or a tracked eval case's first turns): about 25 s for both orders here


def _conversations() -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = [(c["text"],) for c in yamlcache.load(ROOT / "tests/parser_cases.yaml")["cases"]]
    for path in sorted((ROOT / "benchmarks").glob("chat_eval*.yaml")):
        for case in yamlcache.load(path)["cases"]:
            turns = tuple(t for t in case["turns"] if isinstance(t, str))
            if turns and len(turns) == len(case["turns"]):
                out.append(turns[:3])
    return out


def _played(conversations: list[tuple[str, ...]], order: list[int]) -> dict[int, list[str]]:
    """Each conversation's reply texts, each played by a fresh user, in `order`."""
    texts = {}
    for i in order:
        user = ChatUser()
        texts[i] = [_reply(user, turn) for turn in conversations[i]]
    return texts


def _reply(user: ChatUser, turn: str) -> str:
    return "" if user.hear(turn) is None else user.text


def test_replies_do_not_depend_on_what_other_users_asked_before() -> None:
    rng = random.Random(SEED)
    conversations = rng.sample(_conversations(), SAMPLE)
    first, second = list(range(SAMPLE)), list(range(SAMPLE))
    rng.shuffle(first)
    rng.shuffle(second)
    before, after = _played(conversations, first), _played(conversations, second)
    changed = [(conversations[i], before[i], after[i]) for i in range(SAMPLE) if before[i] != after[i]]
    assert not changed, changed[:3]


def _reference_line(text: str) -> str:
    user = ChatUser()
    user.say(text)
    return next(line for line in user.lines if "8×A100 80GB SXM" in line.replace("× ", "×") and "₮8,352" in line)


def test_reference_setup_price_is_the_machine_alone_after_a_versus_named_the_other_form() -> None:
    """The reference table's setup is 8× A100 80GB SXM, which gpuli rents as one machine (₮8,352 a month):
    its line prices that machine only, also after another user's "8x A100 vs 8x H100" (no form factor
    named) was shown gpuli's A100 80GB PCIe beside it (eight separate instances, ₮2,152 a week)."""
    asks = ["32b full finetune on four H100s, enough??", "32b 全参微调 4张H100 够吗"]
    fresh = [_reference_line(text) for text in asks]
    for versus in ["8x A100 vs 8x H100 for 32b full, which is cheaper", "32b 全参 budget 有限, 8x A100 vs 8x H100 哪个划算"]:
        user = ChatUser()
        user.say(versus)
        assert "A100 80GB PCIe ₮2,152" in user.text  # the versus answer itself keeps the other form factor
        assert [_reference_line(text) for text in asks] == fresh
    assert all("₮2,152" not in line for line in fresh)


def test_unit_prices_rows_changed_by_one_caller_are_not_what_the_next_one_reads() -> None:
    rows = unit_prices("a100-80g-sxm", 8, "USD")
    before = deepcopy(rows)
    rows.append({"provider": "gpuli", "units": [], "form": "A100 80GB PCIe"})
    rows[0]["units"].clear()
    again = unit_prices("a100-80g-sxm", 8, "USD")
    assert again == before
    assert [u["total"]["low"] for p in again if p["provider"] == "gpuli" for u in p["units"]] == [Decimal("8352.00")]
