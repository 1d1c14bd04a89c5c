"""Windows that bar a party's events, from the schema alone: a table E named as an exclusion
(a deferral, a suspension, a ban, a leave of absence, an embargo: EXCLUSIONS, the last word of
its name) with a window of its own (kinds/windows.window_of: deferred_from / deferred_until,
the end NULL where the bar is for good) and a key that may not be NULL to a parent P (a
donor, a member, an employee) bars P's events while it runs: a sibling table S with a key
that may not be NULL to the same column of P and a time it takes place at
(kinds/anchors.takes_place: a donation's `started_at`, a shift's `starts_at`) has no row of
that P inside the window. Nobody donates while deferred, works while on leave, trades while
suspended.

A table E's own keys reach is where the bar came from (a deferral decided at a screening of
an appointment), not what it bars: such tables are no S. S is loaded before E
(kinds/holdings.load_before reads `exclusion_edges`) and keeps its key and time for E's rows
to read (rows/assembler.py reads `exclusion_columns`); rules/excluded.py places E's windows
around them."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.config.file import Config
from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.anchors import takes_place
from workbench.generate.kinds.meets import walk
from workbench.generate.kinds.windows import window_of
from workbench.schema import memo
from workbench.schema.model import Schema, Table

# the nouns of a table whose rows bar their parent's events while they run
EXCLUSIONS = frozenset({"deferral", "suspension", "ban", "exclusion", "embargo", "blackout",
                        "disqualification", "debarment", "barring", "leave", "absence",
                        "sanction", "blacklisting", "lockout", "furlough"})  # fmt: skip


@dataclass(frozen=True)
class Barred:
    """A sibling's events the window bars: the table, its key to the parent, its time."""

    table: str
    key: str
    time: str


@dataclass(frozen=True)
class Exclusion:
    """E's `key` to the parent's `parent_column`, its window `start`..`end` and the events
    it bars."""

    key: str
    parent: str
    parent_column: str
    start: str
    end: str
    barred: tuple[Barred, ...]


def _noun_bars(table: Table) -> bool:
    words = normalise(table.name).split("_")
    return bool(singular_forms(words[-1]) & EXCLUSIONS)


def _required_keys(table: Table) -> list[tuple[str, str, str]]:
    """(column, referenced table, referenced column) of each single-column key no row lacks."""
    out = []
    for fk in table.foreign_keys:
        column = table.column(fk.columns[0]) if len(fk.columns) == 1 else None
        if column is not None and not column.nullable and len(fk.ref_columns) == 1:
            out.append((fk.columns[0], fk.ref_qualified, fk.ref_columns[0]))
    return out


@memo.by_identity
def _all(schema: Schema, config: Config) -> dict[str, list[Exclusion]]:
    out: dict[str, list[Exclusion]] = {}
    for name, table in schema.tables.items():
        if not _noun_bars(table):
            continue
        window = window_of(schema, table, config)
        if window is None or window.validity:
            continue
        # where the bar came from: the tables its own keys reach (a screening's appointment)
        origins = {
            partition_root(schema, ref)
            for _, ref, _, _ in walk(schema, name, 3, lambda _a, _f: True, lambda _r: True)
        }
        found = []
        for key, ref, ref_column in _required_keys(table):
            parent = partition_root(schema, ref)
            barred = []
            for other_name, other in sorted(schema.tables.items()):
                if other_name in (name, parent) or other_name in origins or _noun_bars(other):
                    continue
                time = takes_place(schema, other, config)
                if time is None:
                    continue
                keys = [
                    column
                    for column, other_ref, other_column in _required_keys(other)
                    if partition_root(schema, other_ref) == parent and other_column == ref_column
                ]
                if len(keys) == 1:
                    barred.append(Barred(other_name, keys[0], time))
            if barred:
                found.append(
                    Exclusion(key, parent, ref_column, window.start, window.end, tuple(barred))
                )
        if found:
            out[name] = found[:1]  # one parent: the first required key's
    return out


def exclusions_of(schema: Schema, table: Table, config: Config) -> list[Exclusion]:
    """The windows a table's rows bar their parent's events in (module doc)."""
    return _all(schema, config).get(table.qualified, [])


def exclusion_edges(schema: Schema, config: Config) -> list[tuple[str, str]]:
    """(exclusion table, event table to load before it)."""
    return sorted(
        {
            (name, b.table)
            for name, found in _all(schema, config).items()
            for e in found
            for b in e.barred
        }
    )


def exclusion_columns(schema: Schema, config: Config) -> dict[str, set[str]]:
    """For each event table, the key and time an exclusion's rows read."""
    out: dict[str, set[str]] = {}
    for found in _all(schema, config).values():
        for e in found:
            for b in e.barred:
                out.setdefault(b.table, set()).update({b.key, b.time})
    return out
