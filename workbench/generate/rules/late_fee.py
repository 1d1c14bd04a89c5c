"""A charge for lateness is the days late times a daily rate, capped: a fine or fee (a row with
an amount, a key to a record of a thing lent with its times of going out, coming back and
falling due: rules/lent.out_and_back, rules/bill.find_time, and a label saying what it is for)
whose label says late (`overdue`: vocab/outcomes.bill_meaning past_due) is charged on a record
that came back after it fell due, at the rate per day the record's row reaches along its keys
(a loan's patron's category's `fine_per_day`: a number named per day or daily and for a fine,
fee or penalty, up to MAX_HOPS keys away), the days counted between the local dates of its
return and its due time (the record's place's time zone: rules/local_time.zone_column), at
most the cap beside the rate (`max_fine`).

Drawn on its own, the label falls on charges of records returned in time as often as on late
ones, and the amount on nothing. Once every table is loaded (load/late_fee_load.py): the
labels trade places, so that the late label lies on the charges of records that came back
late at a rate above nothing, as far as there are such (the other labels keep their counts and
go to the others), and those charges take their amount. Read from the shape: no table, column
or label is named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.base.sqltree import columns_of
from workbench.generate.kinds.meets import walk
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of
from workbench.generate.rules.bill import DUE_WORDS
from workbench.generate.rules.lent import out_and_back
from workbench.generate.rules.local_time import zone_column
from workbench.generate.rules.times import time_stem
from workbench.generate.vocab import outcomes
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

CHARGE_WORDS = frozenset({"fine", "fines", "fee", "fees", "penalty", "penalties", "late",
                          "overdue", "surcharge"})  # fmt: skip
DAILY = (frozenset({"daily"}), frozenset({"per", "day"}), frozenset({"per", "diem"}))
CAP_WORDS = frozenset({"max", "maximum", "cap", "capped", "ceiling", "limit"})
LABEL_WORDS = frozenset({"reason", "type", "kind", "category", "cause", "code"})
AMOUNT_WORDS = frozenset({"amount", "amt", "fine", "fee", "charge", "total", "value"})
MAX_HOPS = 3
_NUMERIC = ("decimal", "int", "float", "numeric", "money")


def _numeric(schema: Schema, table: Table, name: str) -> bool:
    col = table.column(name)
    return col is not None and resolve_type(schema, col.type).kind in _NUMERIC


def _rate_of(schema: Schema, table: Table) -> tuple[str, str | None] | None:
    """A table's daily rate for a charge and the cap beside it, else None."""
    for col in table.columns:
        words = set(normalise(col.name).split("_"))
        if not words & CHARGE_WORDS or not any(d <= words for d in DAILY):
            continue
        if not _numeric(schema, table, col.name):
            continue
        cap = next((c.name for c in table.columns
                    if (w := set(normalise(c.name).split("_"))) & CAP_WORDS
                    and w & CHARGE_WORDS and _numeric(schema, table, c.name)), None)  # fmt: skip
        return col.name, cap
    return None


def rate_path(schema: Schema, start: Table) -> tuple[list[list[str]], str, str | None] | None:
    """The keys from `start` to the nearest table with a daily rate for a charge (each hop:
    the table, its key column, the table it reaches, the key it holds), its rate and cap."""
    every = lambda *_: True  # noqa: E731 - any key, onward from any table
    for _, ref, way, _ in walk(schema, start.qualified, MAX_HOPS, every, every):
        target = schema.tables.get(ref)
        found = _rate_of(schema, target) if target is not None else None
        if found is not None:
            return [_hop(schema, table, column) for table, column in way], found[0], found[1]
    return None


def _hop(schema: Schema, table: str, column: str) -> list[str]:
    """One hop of a way as [table, its key column, the table it reaches, the key it holds]."""
    fk = next(k for k in schema.tables[table].foreign_keys if list(k.columns) == [column])
    return [table, column, fk.ref_qualified, fk.ref_columns[0]]


def _is_date(schema: Schema, table: Table, name: str) -> bool:
    col = table.column(name)
    return col is not None and resolve_type(schema, col.type).kind == "date"


def _due(schema: Schema, table: Table, skip: set[str]) -> str | None:
    for col in table.columns:
        kind = resolve_type(schema, col.type).kind
        if col.name in skip or kind not in ("timestamp", "timestamptz", "date"):
            continue
        if set(time_stem(col.name).split("_")) & DUE_WORDS and not col.nullable:
            return col.name
    return None


def _label(view: TableView) -> tuple[str, str] | None:
    """The column saying what a charge is for and its label for lateness."""
    for name, spec in view.specs.items():
        if not set(normalise(name).split("_")) & LABEL_WORDS or not free(view, name):
            continue
        late = next((lb for lb in labels_of(spec) if outcomes.bill_meaning(lb) == "past_due"),
                    None)  # fmt: skip
        if late is not None and len(labels_of(spec)) > 1:
            return name, late
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    label = _label(view)
    if label is None:
        return []
    if any(label[0] in (cols := columns_of(tree)) and len(cols) > 1 for _, tree in view.checks):
        return []  # a CHECK ties the label to other columns: it may not trade places
    if any(label[0] in u.columns for u in view.table.uniques):
        return []
    for fk in view.table.foreign_keys:
        record = view.schema.tables.get(fk.ref_qualified)
        if len(fk.columns) != 1 or record is None or record is view.table:
            continue
        times = out_and_back(view.schema, record)
        due = _due(view.schema, record, set(times or ())) if times else None
        path = rate_path(view.schema, record) if due else None
        if times is None or due is None or path is None:
            continue
        amount = _amount(view, fk.columns[0])
        if amount is None:
            continue
        zone = zone_column(view, record.qualified, deep=True)
        zone_hop = _zone_hop(view.schema, record, zone)
        data: dict[str, Any] = {
            "amount": amount, "label": label[0], "late": label[1], "fk": fk.columns[0],
            "record": record.qualified, "ref": fk.ref_columns[0], "back": times[1], "due": due,
            "hops": path[0], "rate": path[1], "cap": path[2], "zone": zone_hop,
            "dates": [_is_date(view.schema, record, c) for c in (times[1], due)],
        }  # fmt: skip
        rated = path[0][-1][2].rsplit(".", 1)[-1]
        detail = (
            f"{amount} of {label[0]} {label[1]!r} = days {record.qualified}.{times[1]} after "
            f"{due} × {rated}.{path[1]}" + (f", at most {path[2]}" if path[2] else "")
        )
        return [Rule("late_fee", [amount, label[0]], detail, data)]
    return []


def _zone_hop(schema: Schema, record: Table, zone: tuple[str, str] | None) -> list[str] | None:
    """[the record's key column, the zone's table, its key, its zone column], or [column] for
    a zone of the record's own, else None."""
    if zone is None or zone[0] != "zone":
        return None
    fk = next((f for f in record.foreign_keys if list(f.columns) == [zone[1]]), None)
    if fk is None:
        return [zone[1]]
    other = schema.tables.get(fk.ref_qualified)
    column = next(
        (c.name for c in other.columns if "zone" in normalise(c.name) or c.name == "tz"), None
    ) if other is not None else None  # fmt: skip
    return [zone[1], fk.ref_qualified, fk.ref_columns[0], column] if column else None


def _amount(view: TableView, key: str) -> str | None:
    for name, spec in view.specs.items():
        words = set(normalise(name).split("_"))
        if name != key and words & AMOUNT_WORDS and spec.kind in ("decimal", "price", "money"):
            return name if free(view, name) else None
    return None


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    return  # load/late_fee_load.py, once every table is in


RULE = RowRule(
    "late_fee",
    "a charge for lateness is the days late times the daily rate its record reaches, capped",
    _plan,
    _apply,
    phases={"late_fee": Phase.FINAL},
    after=("extended",),
    before=("own_day",),
)
