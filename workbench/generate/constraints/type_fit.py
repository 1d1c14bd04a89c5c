"""Values inside their column's type before a CHECK is judged: what the server will store, not
what the engine computed.

A value the engine computes (a CHECK's repair moving `to` above `from`, a rule's chain of
readings, a sum, a ratio) can leave what its column's type holds: past numeric(5,2)'s 999.99,
past smallint's 32767, longer than varchar(3), or finer than the type's scale (`0.004` in a
numeric(5,2) is stored `0.00`, which `CHECK (weight > 0)` refuses although the engine's own
look at 0.004 passed it). Each round of the CHECKs' repairs first makes the values what the
column stores:

- a number is rounded to its type's scale (as the server rounds it on the way in), so the
  CHECKs are judged on the stored value;
- a number outside the type's range is drawn again from the column's own generator (a value
  of its domain), and what is still outside is clamped to the type's bound;
- a text longer than varchar(n) / character(n) is cut to n characters.

Key columns the unique plan built (protected) and foreign keys are left alone: a key is
judged, and dropped if it must be, never changed here."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import Batch, Col

if TYPE_CHECKING:
    from collections.abc import Callable

    from workbench.generate.view import TableView
    from workbench.schema.typeinfo import TypeInfo

    Fresh = Callable[[str, np.ndarray], np.ndarray | None]

NUMBERS = ("int", "decimal", "float")


def fit_batch(view: TableView, batch: Batch, fresh: Fresh) -> None:
    """Every free column of the batch inside its type (see the module docstring)."""
    for name, col in batch.items():
        spec = view.specs.get(name)
        if spec is None or col.protected or name in view.fk_cols or spec.partition is not None:
            continue
        info = spec.info
        if info.array_dims or not col.values.size:
            continue
        if col.kind in NUMBERS:
            fit_numbers(name, col, info, fresh)
        elif col.kind == "text" and info.kind == "text" and info.length:
            fit_text(col, int(info.length))


def fit_numbers(name: str, col: Col, info: TypeInfo, fresh: Fresh) -> int:
    """Round to the scale, redraw then clamp what is outside the range; the rows moved back
    inside the range."""
    if col.values.dtype == object:
        return 0  # numbers beyond float64's digits (a numeric(30,0)): written as drawn
    try:
        values = np.asarray(col.values, dtype=np.float64)
    except (TypeError, ValueError):
        return 0
    live = ~col.nulls & np.isfinite(values)
    if col.kind == "decimal" and info.scale is not None and col.values.dtype.kind == "f":
        rounded = np.round(values, info.scale)
        changed = live & (rounded != values)
        if changed.any():
            col.values[changed] = rounded[changed]
            values = rounded
    bounds = info.bounds()
    if bounds is None:
        return 0
    lo, hi = bounds
    outside = live & ((values < lo) | (values > hi))
    if not outside.any():
        return 0
    rows = np.flatnonzero(outside)
    drawn = fresh(name, rows)
    if drawn is not None:
        try:
            again = np.asarray(drawn, dtype=np.float64)
        except (TypeError, ValueError):
            again = np.full(rows.size, np.nan)
        if again.shape == rows.shape:
            ok = np.isfinite(again) & (again >= lo) & (again <= hi)
            col.values[rows[ok]] = again[ok].astype(col.values.dtype)
            values = np.asarray(col.values, dtype=np.float64)
    still = np.flatnonzero(live & ((values < lo) | (values > hi)))
    if still.size:  # the type's own bounds (numeric(5,2): ±999.99), whole for an integer
        low, high = (np.ceil(lo), np.floor(hi)) if col.values.dtype.kind in "iu" else (lo, hi)
        col.values[still] = np.clip(values[still], low, high).astype(col.values.dtype)
    return int(rows.size)


def fit_text(col: Col, limit: int) -> int:
    """Texts longer than `limit` (their trailing blanks cut, as the server cuts them) cut to
    `limit` characters; how many were cut."""
    values = col.values.tolist()
    sizes = np.fromiter((len(v) if isinstance(v, str) else 0 for v in values), np.int64)
    over = np.flatnonzero((sizes > limit) & ~col.nulls)
    cut = 0
    for row in over.tolist():
        value = values[row]
        if len(value.rstrip(" ")) <= limit:
            continue
        col.values[row] = value[:limit].rstrip(" ") or value[:limit]
        cut += 1
    return cut
