"""A party assigned to a dated event holds, that day, a credential of each kind: a pilot on a
flight a type rating for the aircraft's type and a medical, a nurse on a shift a registration
and a certification for the ward's kind, an electrician on a job a licence for the kind of
installation. The credentials and the assignments share the party, with no key between them,
and the day is often not the assignment's own but the event's it points to (a crew
assignment's flight departs; the assignment row has no time of its own).

The shape, not a name, triggers it:

- the credential table is named as a document or a check (kinds/windows.DOCUMENT_WORDS,
  certified.CHECK_WORDS), no row names one of its rows, it has a window of validity
  (certified.validity: `valid_from`/`valid_until`, `issued_on`/`expires_on`) and a required
  single-column key to its party that is not unique;
- optionally a kind: a column of several labels named as one (`licence_kind`, `cert_type`:
  which credential it is, not its status), and a thing it is for: a key to a table the event
  reaches along its keys (a type rating's aircraft type, reached from the flight through its
  aircraft; a ward certification's ward kind), one that may be NULL first;
- an assignment is a row of another table with a required key to the same party and a day:
  its own time of use (certified.use_time), else the one of the parent a required key names,
  and then its own day beside it where it has one that happened (`own_day`: a subcontract
  awarded on a day of its project's; the credential is valid on both).

Which kinds a party's role needs is not in the schema: every party put to use holds one of
every kind (a superset: a cabin attendant holds a type rating too). Once every table is loaded
(load/credentials_load.py) the credentials are drawn around the assignments, the parties that
hold them chosen among those assigned (a table of as many credentials as parties cannot give
each of them every kind), and an assignment whose party holds none is given to a holder
employed that day. Only where certified.py does not already hold the table (a use with a time
of its own under a certificate of its thing), nor for a use at its own time with no kind
and no thing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import referencers
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.windows import DOCUMENT_WORDS, window_of, windows_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of
from workbench.generate.rules.certified import CHECK_WORDS, use_time, validity
from workbench.generate.vocab import lexicon

if TYPE_CHECKING:
    import numpy as np

    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

CREDENTIAL_WORDS = DOCUMENT_WORDS | CHECK_WORDS
# the words of a column naming which credential a row is (`licence_kind`, `cert_type`): not
# its status, its issuer or its grade
KIND_WORDS = frozenset({"kind", "kinds", "type", "types", "category", "categories", "class",
                        "classification", "sort"})  # fmt: skip
THING_HOPS = 4  # the longest way of keys from an assignment to the thing a credential is for
# (a crew row → session → job → service type → the certification it requires)


def _words(name: str) -> set[str]:
    return set(normalise(name.rsplit(".", 1)[-1]).split("_"))


def _single(table: Table) -> list[tuple[str, str, str, bool]]:
    """(column, referenced table, referenced column, may be NULL) of each single-column key."""
    out = []
    for fk in table.foreign_keys:
        column = table.column(fk.columns[0])
        if len(fk.columns) == 1 and len(fk.ref_columns) == 1 and column is not None:
            out.append((fk.columns[0], fk.ref_qualified, fk.ref_columns[0], column.nullable))
    return out


def own_day(schema: Schema, table: Table, config: Any) -> str:
    """An assignment's own day beside its event's: the NOT NULL time it came to be that says
    what happened (a subcontract's `awarded_on`, not a record's `created_at` nor a plan); ""
    where it has none. Its party holds the credential then too."""
    anchor = anchor_of(schema, table, config)
    column = table.column(anchor) if anchor is not None else None
    if column is None or column.nullable or lexicon.record_time(column.name):
        return ""
    return column.name if lexicon.happened(column.name) else ""


def _day_of(schema: Schema, table: Table, config: Any) -> list[list[str]] | None:
    """The way to an assignment's day: [] and its own column, or one hop to a parent's."""
    own = use_time(schema, table, config)
    if own is not None:
        return [[table.qualified, own, "", ""]]
    for column, ref, ref_column, nullable in _single(table):
        parent = schema.tables.get(ref)
        if nullable or parent is None or ref == table.qualified:
            continue
        when = use_time(schema, parent, config)
        if when is not None:
            return [[table.qualified, column, ref, ref_column], [ref, when, "", ""]]
    return None


def _way_to(schema: Schema, table: Table, target: str, avoid: set[str]) -> list[list[str]] | None:
    """The shortest way of keys from `table` to `target` (hops [table, column, ref, ref
    column]), through none of `avoid`."""
    frontier: list[tuple[str, list[list[str]]]] = [(table.qualified, [])]
    seen = {table.qualified}
    for _ in range(THING_HOPS):
        nxt = []
        for name, way in frontier:
            model = schema.tables.get(name)
            for column, ref, ref_column, _ in _single(model) if model is not None else []:
                hop = [*way, [name, column, ref, ref_column]]
                if ref == target:
                    return hop
                if ref not in seen and ref not in avoid:
                    seen.add(ref)
                    nxt.append((ref, hop))
        frontier = nxt
    return None


def _service(schema: Schema, party: Table, config: Any) -> list[str]:
    """The party's window of service (`hired_on`/`terminated_on`), if it has one."""
    for window in windows_of(schema, party, config):
        if not _words(window.start) & DOCUMENT_WORDS:
            return [window.start, window.end]
    term = window_of(schema, party, config)  # `employed_from`/`employed_until`
    if term is not None and not _words(term.start) & DOCUMENT_WORDS:
        return [term.start, term.end]
    return []


def _plan(view: TableView, planned: Any) -> list[Rule]:
    table, schema = view.table, view.schema
    if not _words(table.name) & CREDENTIAL_WORDS or any(r.kind == "certified" for r in planned):
        return []  # not a credential; or one certified.py holds under its thing's uses
    if referencers(schema).get(table.qualified):
        return []  # the uses name their credential: valid_for.py
    found = validity(schema, table, view.config)
    if found is None or not all(free(view, c) for c in found):
        return []
    keys = _single(table)
    for column, ref, _, nullable in keys:
        spec = view.specs.get(column)
        party = schema.tables.get(ref)
        if nullable or party is None or ref == table.qualified or spec is None or spec.unique:
            continue
        if spec.partition is not None:
            continue
        uses: list[list[Any]] = []
        for other in schema.tables.values():
            if other.qualified in (table.qualified, ref) or _words(other.name) & CREDENTIAL_WORDS:
                continue
            used_by = next((c for c, r, _, n in _single(other) if r == ref and not n), None)
            if used_by is None or "by" in _words(used_by):
                continue
            day = _day_of(schema, other, view.config)
            if day is not None:
                uses.append([other.qualified, used_by, day])
        if not uses:
            continue
        kind = next(
            (n for n, s in view.specs.items()
             if n not in (column, *found) and free(view, n) and len(labels_of(s)) > 1
             and _words(n) & KIND_WORDS),
            None,
        )  # fmt: skip
        thing, ways = _thing(view, keys, column, uses)
        if not kind and not thing and all(len(u[2]) == 1 for u in uses):
            return []  # a use at its own time, no kind, no thing: certified.py
        labels = labels_of(view.specs[kind]) if kind else []
        data = {"party": column, "party_table": ref, "party_key": _ref_column(table, column),
                "service": _service(schema, party, view.config), "start": found[0],
                "end": found[1], "kind": kind or "", "labels": labels, "thing": thing,
                "uses": [[*u, ways.get(str(u[0])),
                          own_day(schema, schema.tables[u[0]], view.config)
                          if len(u[2]) > 1 else ""] for u in uses]}  # fmt: skip
        what = ", ".join(f"{u[0]}.{u[1]}" for u in uses)
        detail = f"each {what} holds a {found[0]}..{found[1]} of every {kind or 'kind'} that day"
        return [Rule("credentials", [found[0], found[1]], detail, data)]
    return []


def _ref_column(table: Table, column: str) -> str:
    return next(fk.ref_columns[0] for fk in table.foreign_keys if fk.columns[0] == column)


def _thing(
    view: TableView, keys: list[tuple[str, str, str, bool]], party: str, uses: list[list[Any]]
) -> tuple[str, dict[str, Any]]:
    """The key to a thing every assignment reaches (its column and each assignment's way
    there): one that may be NULL first (a type rating's type; a medical is for none)."""
    schema, table = view.schema, view.table
    for column, ref, _, _ in sorted(keys, key=lambda k: not k[3]):
        spec = view.specs.get(column)
        if column == party or spec is None or spec.unique or spec.partition is not None:
            continue
        avoid = {table.qualified, next(r for c, r, _, _ in keys if c == party)}
        ways = {}
        for use in uses:
            model = schema.tables.get(use[0])
            way = _way_to(schema, model, ref, avoid) if model is not None else None
            if way is None:
                break
            ways[use[0]] = way
        else:
            return column, ways
    return "", {}


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    return  # load/credentials_load.py, once every table is in


RULE = RowRule(
    "credentials",
    "a party assigned to an event holds a credential of every kind valid that day",
    _plan,
    _apply,
    phases={"credentials": Phase.FINAL},
    after=("certified",),
    before=("after_parent",),
)
