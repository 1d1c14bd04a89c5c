"""A code of a standard is made of the row's facts (vocab/standard_codes.py): an ISBT 128
donation identification number is the collecting facility's code, the two-digit year the
donation was collected and a six-digit serial (`G1234` `26` `000042`), not a string drawn
to the column's length.

The code column is one a standard names (`donation_number`, `din`), in a schema whose names
hold a word of the standard's trade (blood, plasma, apheresis: a charity's donation number
is no DIN); the facility is the first table its required single-column keys reach, up to
four hops (a donation's appointment's session's site), that holds a column the standard
names (`facility_code`, `fin`): that column holds the standard's facility codes (a letter
and four digits, unique by the row's number), and each code starts with the one its row
reaches. The year is the row's own time's (kinds/anchors.anchor_of), the serial the row's
number (so a unique code stays unique). Written once the row's times are final."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.hashing import stable_hash
from workbench.generate.base.names import normalise
from workbench.generate.base.runs import lookup
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free_or_own_unique
from workbench.generate.rules.times import as_us, is_time
from workbench.generate.vocab.standard_codes import STANDARDS, Standard, facility_code
from workbench.schema import memo
from workbench.schema.model import Schema, Table

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# how many keys a code's row may pass to reach its facility
_HOPS = 4


@dataclass(frozen=True)
class Coded:
    """A code column of a standard, and how its row reaches its facility: the hops (the
    child's key column, the parent table, the parent's key column) and the facility's column
    (empty: no facility reached)."""

    standard: Standard
    table: str
    column: str
    hops: tuple[tuple[str, str, str], ...]
    facility: str


def _words(schema: Schema) -> set[str]:
    out: set[str] = set()
    for table in schema.tables.values():
        out |= set(normalise(table.name.rsplit(".", 1)[-1]).split("_"))
        for column in table.columns:
            out |= set(normalise(column.name).split("_"))
    return out


def _facility(standard: Standard, table: Table) -> str:
    return next(
        (c.name for c in table.columns if normalise(c.name) in standard.facility_columns), ""
    )


def _reach(
    schema: Schema, standard: Standard, table: Table
) -> tuple[tuple[tuple[str, str, str], ...], str]:
    """The shortest way of required single-column keys to a table holding the standard's
    facility column, and that column (none: empty)."""
    frontier: list[tuple[Table, tuple[tuple[str, str, str], ...]]] = [(table, ())]
    seen = {table.qualified}
    for _ in range(_HOPS):
        following = []
        for here, way in frontier:
            for fk in here.foreign_keys:
                column = here.column(fk.columns[0]) if len(fk.columns) == 1 else None
                parent = schema.tables.get(fk.ref_qualified)
                if column is None or column.nullable or parent is None or parent.qualified in seen:
                    continue
                seen.add(parent.qualified)
                step = (*way, (fk.columns[0], parent.qualified, fk.ref_columns[0]))
                found = _facility(standard, parent)
                if found:
                    return step, found
                following.append((parent, step))
        frontier = following
    return (), ""


@memo.by_identity
def coded(schema: Schema) -> tuple[Coded, ...]:
    """Every code column of a standard in the schema, with the way to its facility."""
    words = _words(schema)
    out = []
    for standard in STANDARDS:
        if not words & standard.context:
            continue
        for table in schema.tables.values():
            for column in table.columns:
                if normalise(column.name) not in standard.columns:
                    continue
                hops, facility = _reach(schema, standard, table)
                out.append(Coded(standard, table.qualified, column.name, hops, facility))
    return tuple(out)


def keep_columns(view: TableView) -> set[str]:
    """The columns of this table a code's row reads on its way to its facility."""
    out: set[str] = set()
    for code in coded(view.schema):
        for at, (_, parent, key) in enumerate(code.hops):
            if parent != view.table.qualified:
                continue
            out.add(key)
            out.add(code.hops[at + 1][0] if at + 1 < len(code.hops) else code.facility)
    return out


def _own(view: TableView, name: str) -> bool:
    """A text column the rule may rewrite (rules/base.free_or_own_unique)."""
    spec = view.specs.get(name)
    return spec is not None and spec.kind == "text" and free_or_own_unique(view, name)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    out = []
    facilities = {
        c.facility for c in coded(view.schema) if c.hops and c.hops[-1][1] == view.table.qualified
    }
    for name in sorted(facilities):
        if _own(view, name):
            std = next(c.standard for c in coded(view.schema) if c.facility == name)
            detail = f"{name} is a {std.name} facility code"
            out.append(Rule("standard_facility", [name], detail, {"standard": std.name}))
    when = anchor_of(view.schema, view.table, view.config)
    if when is None or when not in view.specs or not is_time(view.specs[when].kind):
        return out
    for code in coded(view.schema):
        if code.table != view.table.qualified or not _own(view, code.column):
            continue
        length = view.specs[code.column].info.length
        if (
            length is not None
            and length < 1 + code.standard.facility_digits + 2 + code.standard.serial_digits
        ):
            continue
        detail = (
            f"{code.column} is a {code.standard.name}: its facility's code, {when}'s year, a serial"
        )
        data = {"standard": code.standard.name, "hops": code.hops, "facility": code.facility}
        out.append(Rule("standard_code", [code.column, when], detail, data))
    return out


def _standard(name: str) -> Standard:
    return next(s for s in STANDARDS if s.name == name)


def _facilities(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> np.ndarray:
    """The facility code each row reaches, else one of the row's own (by its number)."""
    std = _standard(rule.data["standard"])
    own = np.array(
        [facility_code(std, 1 + stable_hash(f"{view.tp.name}:{i}") % 50) for i in idx.tolist()],
        dtype=object,
    )
    hops = rule.data["hops"]
    first = batch.get(hops[0][0]) if hops else None
    if first is None:
        return own
    values, nulls = np.asarray(first.values), np.asarray(first.nulls, bool).copy()
    for at, (_, parent, key) in enumerate(hops):
        stored = view.keys.tables.get(parent)
        nxt = hops[at + 1][0] if at + 1 < len(hops) else rule.data["facility"]
        if stored is None or key not in stored or nxt not in stored:
            return own
        rows, found = lookup(stored[key], values)
        values = stored[nxt].values[rows]
        nulls = nulls | ~found | stored[nxt].nulls[rows]
    reached = np.array([str(v).strip() for v in values], dtype=object)
    return np.where(nulls, own, reached)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    std = _standard(rule.data["standard"])
    col = batch.get(rule.columns[0])
    if col is None:
        return
    if rule.kind == "standard_facility":
        col.values[:] = np.array(
            [facility_code(std, int(i) + 1) for i in idx.tolist()], dtype=object
        )
        col.nulls[:] = False
        return
    when = batch.get(rule.columns[1])
    if when is None:
        return
    years = as_us(when).astype("datetime64[Y]").astype(np.int64) + 1970
    facilities = _facilities(view, rule, batch, idx)
    serial = 10**std.serial_digits
    live = ~np.asarray(when.nulls, bool)
    for at in np.flatnonzero(live).tolist():
        number = (int(idx[at]) + 1) % serial
        col.values[at] = f"{facilities[at]}{int(years[at]) % 100:02d}{number:0{std.serial_digits}d}"
        col.nulls[at] = False


RULE = RowRule(
    "standard_code",
    "a code of a standard is made of its row's facts (an ISBT 128 DIN: facility, year, serial)",
    _plan,
    _apply,
    phases={"standard_facility": Phase.ROW, "standard_code": Phase.FINAL},
    after=("bounds",),  # once the row's time is where it stays
)
