"""Figures worked out once: an attribute kept after its first read (without functools.cached_property's
lock), and a cache by object identity for unhashable immutable inputs.

Why: on Python 3.11 every first read of a functools.cached_property takes an RLock (3.12 dropped
it, python/cpython#87634). A sizing reads a hundred and more such attributes for the first time
(each term's GB, each estimate's total and range): the lock cost 5% of a sizing's instructions.
The objects that use this are never shared between threads while they are being built. Like
cached_property, the value goes into the instance's __dict__, so later reads never reach the
descriptor; it works on frozen dataclasses for the same reason.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from functools import wraps
from typing import Any, Generic, ParamSpec, TypeVar, cast, overload

T = TypeVar("T")
P = ParamSpec("P")


class cached(Generic[T]):
    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> cached[T]: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...

    def __get__(self, obj: object | None, owner: type | None = None) -> T | cached[T]:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


def per_object(maxsize: int = 256) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """Cache a function by the identity of its first argument (and the value of the others).

    For derived figures of a catalog model (parameter counts): a ModelSpec is frozen but holds
    lists, so it cannot be hashed. The cache keeps each object it answered for, so its id is not
    given to another object while the entry lives; the oldest entries go first beyond `maxsize`
    (config.json files make new specs). Only for objects never changed in place.
    """

    def decorate(func: Callable[P, T]) -> Callable[P, T]:
        found: OrderedDict[tuple[Any, ...], tuple[object, T]] = OrderedDict()
        call = cast(Callable[..., T], func)

        @wraps(func)
        def wrapper(obj: object, *args: Any) -> T:
            key = (id(obj), *args)
            hit = found.get(key)
            if hit is not None and hit[0] is obj:
                return hit[1]
            value = call(obj, *args)
            found[key] = (obj, value)
            if len(found) > maxsize:
                found.popitem(last=False)
            return value

        wrapper.cache_clear = found.clear  # type: ignore[attr-defined]
        return cast(Callable[P, T], wrapper)

    return decorate
