"""The pieces a unique plan is made of: factors of a mixed-radix enumeration, groups of keys
solved together, ordinals numbered within a parent, the keys verified per batch, and the
bijection that spreads row numbers over a key's combinations."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from workbench.generate.constraints.unique.meeting import Meeting
    from workbench.generate.view import FKUnit

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from workbench.generate.base.batch import Col
from workbench.generate.plan.domains import BIG, Domain
from workbench.generate.plan.keys import UniqueKey


@dataclass
class Factor:
    """One dimension of an enumeration: a foreign key (the parent's rows), a pair of foreign
    keys to one parent (CHECK a < b: ordered; CHECK a <> b: `unequal`), or a finite column."""

    size: int
    fk: FKUnit | None = None
    pair: FKUnit | None = None
    unequal: bool = False
    column: str | None = None
    domain: Domain | None = None
    meeting: Meeting | None = None  # the pairs of two keys that agree (unique/meeting.py)

    @property
    def ident(self) -> Any:
        return ("fk", id(self.fk)) if self.fk is not None else ("col", self.column)

    def columns(self) -> list[str]:
        if self.fk is not None:
            cols = list(self.fk.fk.columns)
            if self.pair is not None:
                cols += list(self.pair.fk.columns)
            return cols
        return [self.column] if self.column else []


@dataclass
class Group:
    """Keys enumerated together: `shared` factors take the low digits of the row's number,
    each key's own factors (`rest[i]`) the high digits."""

    keys: list[UniqueKey]
    shared: list[Factor]
    rest: list[list[Factor]]
    salt: int

    @property
    def shared_size(self) -> int:
        return math.prod(f.size for f in self.shared)

    def capacity(self, i: int) -> int:
        return self.shared_size * math.prod(f.size for f in self.rest[i])


@dataclass
class Ordinal:
    """A key (parent FK…, column): the column numbers each parent's rows; `counts` holds the
    rows each parent got in earlier batches."""

    unit: FKUnit
    column: str
    counts: dict[Any, int] = field(default_factory=dict)
    # the most rows one parent may number (a CHECK caps `term_no` at 4): rows past it pick
    # a parent with room; None when the column's type has room for any parent's rows
    cap: int | None = None
    taken: np.ndarray | None = None  # rows numbered per parent row so far (with a cap)


@dataclass
class WithinParent:
    """A key (children FK…, columns with few values) in a table whose rows follow a children
    law: the FK keeps the law, and each parent's rows take distinct combinations of the other
    columns (numbered 1, 2, 3… for one integer column). `starts[p]` is the first row of
    parent position p; rows past the last valid parent belong to it, as the FK fill does."""

    key: UniqueKey
    unit: FKUnit
    factors: list[Factor]
    ends: np.ndarray
    starts: np.ndarray
    salt: int
    # one choice column's share of rows per domain value (values.choice_weights): each
    # parent's rows take its labels in a weighted random order, so the labels keep the
    # shares the column has elsewhere (a harvest's grades mostly its best one)
    weights: np.ndarray | None = None


def crc(value: Any) -> int:
    import zlib

    return zlib.crc32(repr(value).encode())


@dataclass
class KeyCheck:
    """A key verified on every batch; `seen` holds the taken key tuples across batches."""

    key: UniqueKey
    seen: set[Any] = field(default_factory=set)
    last: Any = None  # (duplicate rows, scope, hashes) of the last look at the batch


def hash_values(values: np.ndarray, n: int) -> np.ndarray:
    """64-bit hashes of one key part's values (numbers and times by their bits)."""
    kind = values.dtype.kind
    if kind in "iub":
        return values.astype(np.int64).view(np.uint64)
    if kind in "Mm":
        return values.view(np.int64).view(np.uint64)
    if kind == "f":
        return (values.astype(np.float64) + 0.0).view(np.uint64)
    return np.fromiter((hash(x) for x in values.tolist()), np.int64, n).view(np.uint64)


def bounded(factors: list[Factor]) -> tuple[list[Factor], list[Factor]]:
    """(all factors, the prefix whose product stays below 2^62): beyond that the key has far
    more combinations than any table has rows, and the rest are drawn at random."""
    used, product = [], 1
    for f in factors:
        if product * max(f.size, 1) >= BIG:
            break
        product *= max(f.size, 1)
        used.append(f)
    return factors, used


def show(col: Col, i: int) -> str:
    if col.nulls[i]:
        return "NULL"
    return repr(col.values[i].item() if hasattr(col.values[i], "item") else col.values[i])
