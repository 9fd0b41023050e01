"""Conversation state in the store (issue 23): two replicas on one store continue each other's
conversations — a follow-up, the answer to a clarifying question, a pending confirmation — and
what expired is neither read nor kept."""

from __future__ import annotations

from datetime import timedelta

from bot.clock import FixedClock
from bot.core.app import build_core
from bot.core.conversation import StoreConversations
from bot.messages import Awaiting, Turn
from bot.store import connect
from bot.store.conversations import live_conversations
from bot.text.render import render_reply
from tests.chat_user import T0, ChatUser


def _replicas(url: str) -> tuple[ChatUser, ChatUser]:
    clock = FixedClock(T0)
    one, two = connect(url), connect(url)
    return (ChatUser(one, clock, core=build_core(one, clock)), ChatUser(two, clock, core=build_core(two, clock)))


def test_a_follow_up_through_the_other_replica_is_answered_as_a_follow_up(pg_server) -> None:  # type: ignore[no-untyped-def]
    url = pg_server.new_database()
    try:
        first, second = _replicas(url)
        asked = first.say("qwen3 8b lora")
        assert asked.kind == "sizing" and "Qwen3-8B LoRA" in render_reply(asked, "plain")
        follow = second.say("换成qlora呢")  # the next message reaches replica 2
        text = render_reply(follow, "plain")
        assert follow.kind == "sizing" and "Qwen3-8B QLoRA" in text and "12.3 GB" in text
        # a clarifying question on replica 2, its answer on replica 1 (another chat)
        ask2 = ChatUser(second.store, second.clock, core=second.core, chat="c2")
        ask1 = ChatUser(first.store, first.clock, core=first.core, chat="c2")
        question = ask2.say("lora 要多少显存")
        assert question.awaiting is not None and question.awaiting.slot == "model"
        answer = ask1.say("qwen3 8b")
        assert answer.kind == "sizing" and "Qwen3-8B LoRA" in render_reply(answer, "plain")
        # "which provider?" on replica 2, "gpuli" on replica 1: the rental is quoted for confirmation
        rent2 = ChatUser(second.store, second.clock, core=second.core, chat="c3")
        rent1 = ChatUser(first.store, first.clock, core=first.core, chat="c3")
        which = rent2.say("租4090一天")
        assert which.awaiting is not None and which.awaiting.slot == "provider"
        quoted = rent1.say("gpuli")
        assert quoted.kind == "wallet_confirm" and quoted.data["action"] == "rent"
        # someone else in the first chat does not continue its conversation
        other = ChatUser(second.store, second.clock, core=second.core, user="u2", chat=second.chat)
        stranger = other.say("换成qlora呢")
        assert stranger.kind != "sizing" and stranger.awaiting is not None and stranger.awaiting.slot == "model"
    finally:
        pg_server.drop_database(url)


def test_a_conversation_expires_after_30_minutes_and_is_pruned(db_url: str) -> None:
    store = connect(db_url)
    clock = FixedClock(T0)
    convs = StoreConversations(store, clock)
    convs.remember("c1|u1", Turn("size", {"request": {"model": "qwen3-8b", "method": "lora", "seq": 4096}}))
    convs.ask("c1|u1", Awaiting("rent", "provider", {"gpu": "rtx-4090", "num_gpus": 2, "hours": 1.5, "region": None}))
    other = StoreConversations(connect(db_url), clock)  # another replica reads the same
    assert other.last("c1|u1") == Turn("size", {"request": {"model": "qwen3-8b", "method": "lora", "seq": 4096}})
    assert other.awaiting("c1|u1") == Awaiting("rent", "provider",
                                               {"gpu": "rtx-4090", "num_gpus": 2, "hours": 1.5, "region": None})
    other.settle("c1|u1")
    assert convs.awaiting("c1|u1") is None and convs.last("c1|u1") is not None
    clock.advance(timedelta(minutes=29))
    assert convs.last("c1|u1") is not None
    clock.advance(timedelta(minutes=2))
    assert convs.last("c1|u1") is None and live_conversations(store, clock.now()) == 0
    convs.ask("c1|u1", Awaiting("size", "model", {}))  # a new question: the expired turn is not revived
    assert convs.last("c1|u1") is None and convs.awaiting("c1|u1") == Awaiting("size", "model", {})
    convs.remember("c2|u1", Turn("price", {"gpu": ["h100-sxm"]}))
    clock.advance(timedelta(minutes=31))
    convs.remember("c3|u1", Turn("price", {"gpu": ["a100-80gb"]}))  # a write prunes what expired
    assert store.value("SELECT COUNT(*) FROM conversations") == 1
    store.close()



# A follow-up that completes the question before it: that question's job (its method; the cards it counted; the
# host memory it asked of) is read from what the turn stored when the question came, in memory and in the store
# alike, so a conversation restored after a restart (a new core on the same database) answers as the one kept in
# memory does.
COMPLETED = [
    ("qlora 要多少显存", "qwen3 8b", ["Qwen3-8B QLoRA", "12.3 GB"]),  # the FAQ's method, the model after it
    ("how much vram does qlora need?", "qwen3 8b", ["Qwen3-8B QLoRA", "12.3 GB"]),
    ("帮我算下 两台八卡 包月 多少", "h200", ["16×H200", "30 天"]),  # the cards counted, the card named next
    ("how much are 8 cards for a month?", "a100 80g", ["8× A100 80GB", "30 d"]),
    # the box's host memory asked, then an offload: judged on that box (72B's 864 GB of states, its 1,600 GB)
    ("How much RAM does the gpuli 8x H100 box have?", "enough to offload the 72B optimizer states?", ["864 GB", "1,600 GB"]),
    ("gpuli 8卡 h100 主机内存多大", "72b offload 优化器状态放得下吗", ["864 GB", "1,600 GB"]),
]


def _restarted(url: str, first: str, second: str, *, old_row: bool = False) -> str:
    """`second`'s reply after `first`, each message to a new core on the database (a restart between them);
    `old_row`: the stored turn as written before its reading was kept (its text alone)."""
    from bot.core.asked_reading import KEY

    clock = FixedClock(T0)
    store = connect(url)
    ChatUser(store, clock).say(first)
    if old_row:
        convs = StoreConversations(store, clock)
        scope = str(store.value("SELECT scope FROM conversations"))
        turn = convs.last(scope)
        assert turn is not None and KEY in turn.data
        del turn.data[KEY]
        convs.remember(scope, turn)
    store.close()
    store = connect(url)
    try:
        return render_reply(ChatUser(store, clock).say(second), "plain")
    finally:
        store.close()


def _forget(url: str) -> None:
    store = connect(url)
    store.run("DELETE FROM conversations")
    store.close()


def test_a_restored_conversation_completes_the_question_before_as_in_memory(db_url: str, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from bot.core import asked_reading
    from bot.core.router import Core

    read_again: list[str] = []
    real = asked_reading.parse
    monkeypatch.setattr(asked_reading, "parse", lambda text, *a: read_again.append(text) or real(text, *a))
    for first, second, shown in COMPLETED:
        memory = ChatUser(core=Core(clock=FixedClock(T0)))
        memory.say(first)
        kept = render_reply(memory.say(second), "plain")
        assert all(s in kept for s in shown), (first, second, kept)
        assert _restarted(db_url, first, second) == kept, (first, second)
        _forget(db_url)
    assert read_again == []  # the question before was read once, when it came (its stored reading since)
    for first, second, _ in COMPLETED:  # a turn stored before the reading was kept: its text read again, same answer
        memory = ChatUser(core=Core(clock=FixedClock(T0)))
        memory.say(first)
        assert _restarted(db_url, first, second, old_row=True) == render_reply(memory.say(second), "plain")
        _forget(db_url)
    assert read_again == [first for first, _, _ in COMPLETED]
