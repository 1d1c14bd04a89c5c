"""One table's scratch: what the parts that make its rows keep between batches (sorted parents,
planned meets, memoised lookups), each under a type of its owner's own.

`scratch.get(MeetCache)` makes the owner's entry on first use and returns the same one after,
so a cache is declared (a small class) beside the code that fills it, and nothing is hung on
the row assembler."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar, cast

T = TypeVar("T")
V = TypeVar("V", bound="HasScratch")


class HasScratch(Protocol):
    scratch: Scratch


class Scratch:
    """Per-table entries by type; a new table gets a new scratch."""

    def __init__(self) -> None:
        self._items: dict[type[Any], Any] = {}
        self._answers: dict[Callable[..., Any], Any] = {}

    def get(self, kind: type[T]) -> T:
        item = self._items.get(kind)
        if item is None:
            item = self._items[kind] = kind()
        return cast(T, item)


def per_table(fn: Callable[[V], list[T]]) -> Callable[[V], list[T]]:
    """Memoise `fn(view)`, a list worked out from the table's view alone, in the view's
    scratch: each caller gets its own copy of the list (a score of rules ask for one)."""

    def kept(view: V) -> list[T]:
        answers = view.scratch._answers
        found = answers.get(fn)
        if found is None:
            found = answers[fn] = tuple(fn(view))
        return list(found)

    kept.__name__, kept.__doc__ = fn.__name__, fn.__doc__
    return kept
