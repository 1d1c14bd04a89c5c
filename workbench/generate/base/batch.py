"""The ground floor of generation: one batch of a table's rows, column by column.

A `Col` holds a column's typed values for every row of the batch (a valid value even where the
row is NULL, so a repair can un-null it) and its NULL mask; a `Batch` maps column names to them.
Everything that makes, repairs or checks rows works on these."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass
class Col:
    """One column of a batch: typed values (a valid value in every row, even where null, so a
    repair can un-null a row) and the null mask."""

    values: np.ndarray
    nulls: np.ndarray
    kind: str  # int, float, decimal, bool, date, timestamp, text (object), other
    nullable: bool = True
    protected: bool = False  # key or FK column: a repair may only set it NULL
    step: float = 1.0  # smallest change for the type (1, 10^-scale, one day…)
    regen: Any = None  # callable(n, rng) -> fresh values, used when a repair needs any value


Batch = dict[str, Col]


def factorize(values: np.ndarray) -> tuple[list[Any], np.ndarray]:
    """The distinct values (in order of first appearance) and each row's code: one hash pass,
    several times faster than numpy's sort of Python objects; the rules then work on codes."""
    seen: dict[Any, int] = {}
    codes = np.fromiter((seen.setdefault(v, len(seen)) for v in values.tolist()), np.int64)
    return list(seen), codes


def label_codes(col: Col) -> tuple[list[str], np.ndarray]:
    """The column's distinct values as text and each row's position among them."""
    uniq, codes = factorize(np.asarray(col.values))
    return [str(v) for v in uniq], codes


def labelled(col: Col, chosen: Collection[str]) -> np.ndarray:
    """The rows whose value is one of the `chosen` labels (never a NULL row)."""
    labels, pos = label_codes(col)
    rows: np.ndarray = np.array([lb in chosen for lb in labels], bool)[pos] & ~col.nulls
    return rows


def typed_label(col: Col, label: str) -> Any:
    """The label as a value of the column (its own dtype for a typed array)."""
    return label if col.values.dtype == object else np.asarray([label]).astype(col.values.dtype)[0]
