"""A child that is the one record of its parent's outcome (an invoice line of a sold lot, a
shipment of a shipped order, a certificate of a passed exam) exists only for the parents where
the outcome happened, and the child table holds one row per such parent.

The child: a key of one column, NOT NULL and unique alone, to a parent with marks of an
outcome (`marks_of`): a nullable key to the party it befell (`buyer_*_id`, a winner), a nullable
time or a flag named after a done word (`shipped_at`, `passed_on`, `sold_at`, `passed`), or a
status whose labels read as a lifecycle with labels of a done outcome beside others that are
not (sold beside bought in and withdrawn; a completed or picked-up booking, not a confirmed
one: the lifecycle's end and what is under way, as kinds/occurrence.took_place reads them; no
state a row lives in, as an account's active).
A parent row is fit when every mark says it happened (the key or time set, the flag true, the
label done).

Row i of the table takes the i-th parent of an order drawn once, the fit parents first (each
once, as the unique plan had them); rows past the fit parents are left out (`kept`), unless
sandbox.toml gives the table its own `rows` (then they keep the parents that follow). A parent
without any fit row, marks filled later (a key of a cycle) or parents not generated here leave
the table as it was.

The lines of a header (kinds/header.py: an invoice's lines, each naming one lot) are records
of their parent too: a parent is fit where it reaches every end the header holds (a lot knocked
down to a paddle reaches its client; one not sold reaches none), and where the marks of an
outcome say it happened; rules/header.py makes the headers of the fit parents' groups.

Read from the schema (names and labels); no table is named here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import factorize
from workbench.generate.base.hashing import stable_hash
from workbench.generate.base.tables import unique_sets
from workbench.generate.kinds.header import Header, lines_of
from workbench.generate.kinds.outcome import Mark, marked_parents, marks_of, outcome_key
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.meets import reach_along

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table


def keep_columns(view: TableView) -> set[str]:
    """A parent's marks, which the records of its outcome read."""
    return set(marked_parents(view.schema).get(view.table.qualified, frozenset()))


@dataclass
class OutcomeCache:
    """Per table (scratch): the key and the order its rows take their parents in, the fit
    parents first, and how many are fit (None: the rule does not apply)."""

    planned: bool = False
    fk: str = ""
    order: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    fit: int | None = None


def _deferred(view: TableView, parent: str, columns: set[str]) -> bool:
    return any(d.table == parent and set(d.fk.columns) & columns for d in view.plan.deferred)


def fit_mask(view: TableView, parent: str, marks: tuple[Mark, ...]) -> np.ndarray | None:
    held = view.keys.tables.get(parent, {})
    mask: np.ndarray | None = None
    for mark in marks:
        col = held.get(mark.column)
        if col is None:
            return None
        values = np.asarray(col.values)
        if mark.how == "set":
            ok = ~col.nulls
        elif mark.how == "true":
            ok = ~col.nulls & (values.astype(bool) if values.dtype == bool else values == True)  # noqa: E712
        else:
            labels, codes = factorize(values)
            flags = np.array([str(lb) in mark.labels for lb in labels], dtype=bool)
            ok = (flags[codes] if codes.size else np.zeros(0, bool)) & ~col.nulls
        mask = ok if mask is None else mask & ok
    return mask


def ends_reached(view: TableView, header: Header) -> list[tuple[np.ndarray, np.ndarray]] | None:
    """Per row of the header's lines' parent, the value of each end it reaches and where it
    reaches none (None: a way's keys are not held)."""
    held = view.keys.tables
    if any(col not in held.get(at, {}) for way in header.ways for at, col in way):
        return None
    return [reach_along(view, way) for way in header.ways]


def _records(schema: Schema, table: Table) -> tuple[str, str, tuple[Mark, ...], Header | None]:
    """(the key, its parent, the parent's marks, the header whose lines these are) where the
    table holds records of its parent's outcome or the lines of a header, else ("", …)."""
    found = outcome_key(schema, table)
    header = lines_of(schema, table)
    if found is not None:
        key, parent, marks = found
        return key, parent, marks, header if header is not None and header.anchor == key else None
    if header is not None and [header.anchor] in unique_sets(table):
        return header.anchor, header.parent, (), header
    return "", "", (), None


def reaching(
    view: TableView, table: Table, lines: Header | None = None
) -> tuple[np.ndarray, list[tuple[np.ndarray, np.ndarray]]] | None:
    """Per row of the parent the table's rows record: whether its outcome happened (every
    mark) and, for the lines of a header, whether it reaches every end (with the ends
    reached); None where the table is neither or what it reads is not held. `lines`: the
    header whose lines the table holds, though they name their parent more than once (an
    invoice's lines planned per invoice): their parents' marks, if any, and the ends."""
    key, parent, marks, header = _records(view.schema, table)
    if not key and lines is not None:
        key, parent, header = lines.anchor, lines.parent, lines
        parent_table = view.schema.tables.get(parent)
        marks = () if parent_table is None else marks_of(view.schema, parent_table)
    if not key:
        return None
    fit = fit_mask(view, parent, marks) if marks else None
    if marks and fit is None:
        return None
    ends = ends_reached(view, header) if header is not None else []
    if ends is None:
        return None
    for _, missing in ends:
        fit = ~missing if fit is None else fit & ~missing
    return (fit, ends) if fit is not None else None


@dataclass(frozen=True)
class Groups:
    """The groups of ends the fit parents reach, in the order a header's rows take them: per
    end, group k's value; per parent row, the place of its group (-1: not fit)."""

    values: list[np.ndarray]
    place: np.ndarray


def header_groups(
    view: TableView, header: Header, fit: np.ndarray, ends: list[tuple[np.ndarray, np.ndarray]]
) -> Groups:
    """The groups, in an order drawn once per header and seed (the header and its lines
    draw the same)."""
    rows = np.flatnonzero(fit)
    place = np.full(fit.size, -1, np.int64)
    if not rows.size:
        return Groups([values[:0] for values, _ in ends], place)
    codes = [np.unique(values[rows], return_inverse=True)[1].reshape(-1) for values, _ in ends]
    _, first, inverse = np.unique(
        np.stack(codes, axis=1), axis=0, return_index=True, return_inverse=True
    )
    rng = np.random.default_rng([view.plan.seed, stable_hash(header.head, "header-groups")])
    order = rng.permutation(first.size)  # the k-th header row takes group order[k]
    where = np.empty_like(order)
    where[order] = np.arange(order.size)
    place[rows] = where[inverse.reshape(-1)]
    return Groups([values[rows[first[order]]] for values, _ in ends], place)


def fit_parents(view: TableView, table: Table) -> np.ndarray | None:
    """The parents the table's rows record (`reaching`); for the lines of a header, of the
    groups its planned rows take."""
    found = reaching(view, table)
    header = lines_of(view.schema, table)
    if found is None or header is None or not found[1]:
        return None if found is None else found[0]
    fit, ends = found
    head = view.plan.table(header.head)
    if head is None:
        return fit
    place = header_groups(view, header, fit, ends).place
    return fit & (place >= 0) & (place < head.rows)


def _plan(view: TableView) -> OutcomeCache:
    cache = view.scratch.get(OutcomeCache)
    if cache.planned:
        return cache
    cache.planned = True
    key, parent, marks, header = _records(view.schema, view.table)
    unit = view.fk_cols.get(key) if key else None
    ways = {w[0][1] for w in header.ways} if header is not None else set()
    if unit is None or _deferred(view, parent, {m.column for m in marks} | ways):
        return cache
    fit = fit_parents(view, view.table)
    if fit is None or not fit.any():
        return cache
    _, valid = view.parent_keys(unit)
    rng = view.rng(f"outcome-first:{key}", 0)
    fits, rest = valid[fit[valid]], valid[~fit[valid]]
    if not fits.size:
        return cache
    cache.fk = key
    cache.order = np.concatenate([rng.permutation(fits), rng.permutation(rest)])
    cache.fit = int(fits.size)
    return cache


def fit_first(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """Row i takes the i-th parent of the order: the fit parents first."""
    cache = _plan(view)
    if cache.fit is None or not idx.size:
        return
    unit = view.fk_cols[cache.fk]
    source, _ = view.parent_keys(unit)
    rows, nulls = view.parent_rows(cache.fk)
    if rows is None:
        return
    inside = idx < cache.order.size
    rows = np.where(inside, cache.order[np.minimum(idx, cache.order.size - 1)], rows)
    links.assign(batch, unit, rows, idx.size, nulls & ~inside, source)


def kept(view: TableView, idx: np.ndarray, keep: np.ndarray | None) -> np.ndarray | None:
    """The judge's mask of rows kept, less the rows past the fit parents (a table whose rows
    sandbox.toml gives keeps them)."""
    cache = _plan(view)
    section = view.section
    own = section is not None and (section.rows is not None or section.children is not None)
    if cache.fit is None or own:
        return keep
    past = idx >= cache.fit
    if not past.any():
        return keep
    return ~past if keep is None else keep & ~past


RULE = LinkRule(
    "outcomes happened",
    "the one record of a parent's outcome references a parent where it happened",
    Stage.KEYS,
    fit_first,
    after=("parents that got as far",),
    before=("keys that meet", "keys that agree along every path"),
)
