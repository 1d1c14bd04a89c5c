"""One table's scratch: what the parts that make its rows keep between batches (sorted parents,
planned meets, memoised lookups), each under a type of its owner's own.

`scratch.get(MeetCache)` makes the owner's entry on first use and returns the same one after,
so a cache is declared (a small class) beside the code that fills it, and nothing is hung on
the row assembler."""

from __future__ import annotations

from typing import Any, TypeVar, cast

T = TypeVar("T")


class Scratch:
    """Per-table entries by type; a new table gets a new scratch."""

    def __init__(self) -> None:
        self._items: dict[type[Any], Any] = {}

    def get(self, kind: type[T]) -> T:
        item = self._items.get(kind)
        if item is None:
            item = self._items[kind] = kind()
        return cast(T, item)
