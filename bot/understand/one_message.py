"""Readings shared within the reading of one message: the same text read twice is read once.

Why: a message goes through many readers, and several of them ask the same question of the same
text (the provider it names, its cards, its FAQ words, its lengths of time): up to a dozen times
per message. Inside `reading()` (parse() opens it) a function decorated `per_message` answers a
repeated call from what it found the first time; the answers are dropped when the reading ends,
so nothing is kept from one message to the next (a new message is read afresh, as a user's is,
and a catalog changed between messages is read anew). Outside a reading the functions run as
they always do. Only for functions of their arguments alone (hashable ones, keywords included), whose
answers no caller changes in place: a list, set or dict answered (or one in a tuple answered) is handed out
as a new copy each time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Any, ParamSpec, TypeVar, cast

T = TypeVar("T")
P = ParamSpec("P")

_KEYWORDS = object()  # where the keywords start in a key: no positional argument is it
_found: ContextVar[dict[tuple[Any, ...], Any] | None] = ContextVar("one_message", default=None)


@contextmanager
def reading() -> Iterator[None]:
    """One message's reading: repeated calls inside share their answers (a reading opened inside
    another is part of it)."""
    if _found.get() is not None:
        yield
        return
    token = _found.set({})
    try:
        yield
    finally:
        _found.reset(token)


def per_message(func: Callable[P, T]) -> Callable[P, T]:
    call = cast(Callable[..., T], func)

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> T:
        found = _found.get()
        if found is None:
            return call(*args, **kwargs)
        key = (call, *args, _KEYWORDS, *kwargs.items()) if kwargs else (call, *args)  # keywords in the order given
        try:
            value = found[key]
        except KeyError:
            value = found[key] = call(*args, **kwargs)
        if type(value) is tuple:  # (a hit, the hits): the lists in a plain tuple are copied too
            return cast(T, tuple(v.copy() if isinstance(v, list | set | dict) else v for v in value))
        return cast(T, value.copy()) if isinstance(value, list | set | dict) else value

    return cast(Callable[P, T], wrapper)


def one_reading(func: Callable[P, T]) -> Callable[P, T]:
    """`func` reads one message: its calls of `per_message` functions share their answers."""

    @wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        with reading():
            return func(*args, **kwargs)

    return wrapper
