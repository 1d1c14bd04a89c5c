"""Results of pure functions of parsed objects (schema, table, column, type, config), worked
out once per objects instead of once per caller: a table's generator, its children's
timeline and lineage rules and the unique plan all ask for the same column decisions, types
and creation anchors.

Entries are keyed by the objects' identity, strings by their value (a table's qualified name
reaches a function as many equal str objects: keyed by identity, each was a miss). Parsed
schemas and configs are not changed in place once generation reads them (an edit parses again
or works on a deep copy); an entry holds its objects, so no other object can take their ids
while it is cached."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

# then the cache starts again: a bound on the objects it keeps alive (a schema of 700 tables
# and 2,500 columns asks per column of two plans' schemas: 4,096 made the cache start again
# in the middle of each pass)
_MAX_ENTRIES = 16384


def by_identity(fn: Callable[P, T]) -> Callable[P, T]:
    """Memoise `fn(*args)` (positional arguments only) by the identity of its arguments."""
    return _memoise(fn, None)


def by_identity_copied(copy: Callable[[T], T]) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """The same, for a mutable result: `copy` gives each caller its own copy."""
    return lambda fn: _memoise(fn, copy)


def _memoise(fn: Callable[P, T], copy: Callable[[T], T] | None) -> Callable[P, T]:
    cache: dict[tuple[str | int, ...], tuple[tuple[Any, ...], T]] = {}

    @functools.wraps(fn)
    def cached(*args: P.args, **kwargs: P.kwargs) -> T:
        if kwargs:
            return fn(*args, **kwargs)
        # a list, then a tuple, and a loop below rather than all(): generators cost more than
        # the look-up itself, which a build of a large schema makes millions of times
        key = tuple([a if type(a) is str else id(a) for a in args])
        hit = cache.get(key)
        if hit is not None:
            for a, b in zip(hit[0], args, strict=True):
                if a is not b and type(a) is not str:
                    break
            else:
                return copy(hit[1]) if copy is not None else hit[1]
        value = fn(*args, **kwargs)
        if len(cache) >= _MAX_ENTRIES:
            cache.clear()
        cache[key] = (args, value)
        return copy(value) if copy is not None else value

    return cached
