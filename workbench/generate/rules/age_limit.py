"""A minimum age where a thing happens: a row that happens at a site a business runs (a car
hire at its branch) whose site reaches a minimum age (the branch's country's
`min_driver_age`: a column filled as an age limit) is done by a person at least that old on
its day (the hire's driver, through the licence they show, or the customer who books).

Planned on the person's table from the schema: a table whose row has a date of birth; an
event table reaching it along one or two single-column keys, or the person's own row (then
only the terms it names count, from its earliest time: a patron's category with its age band;
a customer's home country's limit says nothing of where they rent); the limit through the
event's first key to a business site, one key further (branch → country) or on the site
itself; the event's day its earliest time column. Made to hold once every table is loaded
(load/age_load.py): a person too young for one of their events is born early enough for the
youngest of them to be of age, a few months to three years over it (a CHECK on the date of
birth wins)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise
from workbench.generate.kinds.age_bands import group_ages
from workbench.generate.kinds.anchors import takes_place
from workbench.generate.kinds.categories import labels
from workbench.generate.kinds.meets import business_site
from workbench.generate.kinds.semantics import decide_column
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    import numpy as np

    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

_TIMES = ("timestamp", "timestamptz", "date")
_TOP = frozenset({"max", "maximum", "upper", "highest", "most", "until", "to"})
# the steps of a scale of how bad a thing is: a `minor` beside them is a minor leak or injury,
# no age group of people
_SEVERITY = frozenset({"major", "moderate", "severe", "critical", "serious", "trivial",
                       "significant", "catastrophic", "cosmetic", "burst"})  # fmt: skip
_INTEGERS = frozenset({"smallint", "integer", "int", "int2", "int4", "bigint", "int8", "numeric"})


@dataclass(frozen=True)
class Limited:
    """An event table and how it reaches its person and its limit: `person` the keys from the
    event to the person's key (table, column) hop by hop, `limit` likewise to the table of the
    limit and its column (empty, "" where only a group says), `times` the event's time
    columns; `group` the key to the terms whose label names an age group, its column and each
    such label's ages [lo, hi), `day` the time the event takes place at or is in force from
    (its start: a membership's start date, a pass's valid_from)."""

    event: str
    person: tuple[tuple[str, str, str, str], ...]  # (table, column, referenced table, key)
    limit: tuple[tuple[str, str, str, str], ...]
    column: str
    times: tuple[str, ...]
    group: tuple[tuple[str, str, str, str], str, tuple[tuple[str, float, float], ...]] | None = None
    day: str = ""
    upper: str = ""  # the limit's table's highest age (a plan's `max_age`), "" where none


def _keys(table: Table) -> list[tuple[str, str, str]]:
    return [
        (fk.columns[0], fk.ref_qualified, fk.ref_columns[0])
        for fk in table.foreign_keys
        if len(fk.columns) == 1
    ]


def limit_column(view: TableView, table: Table) -> str | None:
    return next(
        (
            c.name
            for c in table.columns
            if decide_column(view.schema, table, c, view.config).generator == "age_limit"
        ),
        None,
    )


def upper_column(table: Table) -> str:
    """A table's highest age beside its minimum (`max_age`, `maximum_age`, `age_max`,
    `upper_age_limit`: an age and a word of the top), an integer; "" where none."""
    for column in table.columns:
        words = set(normalise(column.name).split("_"))
        if "age" in words and words & _TOP and column.type.name.split("(")[0] in _INTEGERS:
            return column.name
    return ""


def _limit_way(
    view: TableView, event: Table, sites: bool = True
) -> tuple[tuple[tuple[str, str, str, str], ...], str] | None:
    """The event's way to a minimum age through its first key to a business site (unless not
    `sites`), else through a key to the terms it is on (a membership's plan, a ticket's tariff)
    that hold one themselves."""
    schema = view.schema
    for column, ref, key in _keys(event) if sites else []:
        site = schema.tables.get(ref)
        if site is None or not business_site(schema, ref):
            continue
        first = (event.qualified, column, ref, key)
        own = limit_column(view, site)
        if own is not None:
            return (first,), own
        for column2, ref2, key2 in _keys(site):
            further = schema.tables.get(ref2)
            found = limit_column(view, further) if further is not None else None
            if found is not None:
                return (first, (ref, column2, ref2, key2)), found
        break  # the first site decides among the sites
    for column, ref, key in _keys(event):
        terms = schema.tables.get(ref)
        if terms is None or business_site(schema, ref) or ref == event.qualified:
            continue
        own = limit_column(view, terms)
        if own is not None:
            return ((event.qualified, column, ref, key),), own
    return None


def _group(
    view: TableView, event: Table, me: str
) -> tuple[tuple[str, str, str, str], str, tuple[tuple[str, float, float], ...]] | None:
    """The event's key to the terms it is on whose label column names an age group (a plan's
    `student` tier: kinds/age_bands.group_ages), with that column and each such label's ages;
    not the person's own table, nor a scale of severity (a leak's `minor`, `major`)."""
    for column, ref, key in _keys(event):
        terms = view.schema.tables.get(ref)
        if terms is None or ref in (me, event.qualified):
            continue
        for candidate in terms.columns:
            found = labels(view.schema, terms, candidate)
            if {normalise(lb) for lb in found or []} & _SEVERITY:
                continue  # a scale of severity (minor, major): no people's ages
            named = [(lb, *ages) for lb in found or [] if (ages := group_ages(lb)) is not None]
            if named and len(named) < len(found or []):
                return (event.qualified, column, ref, key), candidate.name, tuple(named)
    return None


def _times(schema: Schema, table: Table) -> tuple[str, ...]:
    return tuple(c.name for c in table.columns if resolve_type(schema, c.type).kind in _TIMES)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    births = [c for c, s in view.specs.items() if s.generator == "birth_date" and free(view, c)]
    if not births or view.specs[births[0]].kind != "date" or view.table.primary_key is None:
        return []
    if len(view.table.primary_key.columns) != 1:
        return []
    me, pk = view.tp.name, view.table.primary_key.columns[0]
    found: list[Limited] = []
    for event in view.schema.tables.values():
        # the person's own row: the terms it names hold for it from its first day (a patron's
        # category with its age band, on the day they registered), the site it names does not
        # (a customer's home branch's country says nothing of where they rent)
        own = event.qualified == me
        limit = _limit_way(view, event, sites=not own) or ((), "")
        group = _group(view, event, me)
        times = tuple(c for c in _times(view.schema, event) if not (own and c in births))
        if not (limit[1] or group) or not times:
            continue
        window = window_of(view.schema, event, view.config)
        day = takes_place(view.schema, event, view.config) or (window.start if window else "")
        upper = upper_column(view.schema.tables[limit[0][-1][2]]) if limit[1] else ""
        terms = (limit[0], limit[1], times, group, day if day in times else "", upper)
        if own:
            found.append(Limited(me, ((me, pk, me, pk),), *terms))
            continue
        for column, ref, key in _keys(event):
            if ref == me and key == pk:
                way: tuple[tuple[str, str, str, str], ...] = ((event.qualified, column, ref, key),)
                found.append(Limited(event.qualified, way, *terms))
                continue
            middle = view.schema.tables.get(ref)
            if middle is None or ref in (me, event.qualified):
                continue
            for column2, ref2, key2 in _keys(middle):
                if ref2 == me and key2 == pk:
                    way = ((event.qualified, column, ref, key), (ref, column2, ref2, key2))
                    found.append(Limited(event.qualified, way, *terms))
    if not found:
        return []
    shown = ", ".join(
        f"{f.event} ({f.limit[-1][2]}.{f.column})"
        if f.column
        else f"{f.event} ({f.group[0][2]}.{f.group[1]})"  # type: ignore[index]
        for f in found
    )
    tops = [f"{f.limit[-1][2]}.{f.upper}" for f in found if f.upper]
    detail = f"{births[0]}: of age at {shown}" + (f", at most {', '.join(tops)}" if tops else "")
    return [Rule("age_limit", [births[0]], detail, {"limits": tuple(found), "key": pk})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """Nothing per batch: the events are other tables' (load/age_load.py sets it)."""


RULE = RowRule(
    "age_limit",
    "a person is at least the minimum age of the site where their events happen",
    _plan,
    _apply,
    phases={"age_limit": Phase.FINAL},
    after=("age_band", "id_birth"),  # nothing per batch: its place only orders the plan
    before=("period",),
)
