"""A thing's status says whether it is out with someone now, and its records say the same: a
unit of hire equipment is on hire exactly while one of its hire lines has gone out and not yet
come back, a book is on loan exactly while one of its loans is open, a tool is checked out
exactly while a checkout of it is unreturned. Each side is drawn on its own (the thing's
status by its labels' shares, the records by their own lifecycle), so they disagree unless
one follows the other: the thing's status follows its open records, the records being what
happened.

The shape, not a name, triggers it: a table whose status column (an enum or a CHECK list)
has a label saying the thing is out (OUT: on_hire, rented, on_loan, checked_out, in_use…)
and one saying it is back and free to go out again (IDLE: available, in_stock, idle…), and
one or more tables holding a required single-column key to it with a time it went out and a
nullable time it came back (`on_hire_at`/`off_hire_at`, `checked_out_at`/`returned_at`,
`loaned_on`/`returned_on`: a pair of OUT_EVENTS and BACK_EVENTS words, or `on_X`/`off_X`).
Once every table is loaded (load/lent_load.py): a thing with an open record takes the out
label, a thing labelled out with none takes the idle one; every other label stays."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from workbench.generate.base.names import normalise
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of
from workbench.generate.vocab.outcomes import STATUS_WORDS
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    import numpy as np

    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

# a thing's label while it is out with someone, and while it is back and free to go out
OUT = ("on_hire", "hired", "hired_out", "on_rent", "rented", "rented_out", "on_loan", "loaned",
       "lent", "lent_out", "checked_out", "out", "in_use", "leased", "let", "borrowed")  # fmt: skip
IDLE = ("available", "in_stock", "in_yard", "in_depot", "on_shelf", "idle", "ready", "free",
        "returned", "in")  # fmt: skip
# the event a record's time of going out names, and the one of coming back
OUT_EVENTS = frozenset({"on_hire", "hired", "hire_start", "rented", "rental_start", "out",
                        "checked_out", "checkout", "lent", "loaned", "loan", "borrowed",
                        "issued", "picked_up", "pickup", "collected", "dispatched"})  # fmt: skip
BACK_EVENTS = frozenset({"off_hire", "hire_end", "returned", "return", "rental_end", "back",
                         "checked_in", "checkin", "dropped_off", "dropoff",
                         "received_back"})  # fmt: skip
_TIME_KINDS = ("timestamp", "timestamptz", "date")
_TIME_WORDS = frozenset({"at", "on", "date", "time", "ts", "dt", "datetime", "timestamp"})


def _event(name: str) -> str:
    """A time column's event: its normalised name without its time word (`off_hire_at`)."""
    words = normalise(name).split("_")
    while len(words) > 1 and words[-1] in _TIME_WORDS:
        words.pop()
    return "_".join(words)


def out_and_back(schema: Schema, table: Table) -> tuple[str, str] | None:
    """A record's time of going out and its nullable time of coming back, else None."""
    times = {
        _event(c.name): c
        for c in table.columns
        if c.generated is None and resolve_type(schema, c.type).kind in _TIME_KINDS
    }
    for event, column in times.items():
        if event in OUT_EVENTS:
            back = next((c for e, c in times.items() if e in BACK_EVENTS), None)
        elif event.startswith("on_"):
            back = times.get("off_" + event[3:])
        else:
            continue
        if back is not None and back is not column and back.nullable:
            return column.name, back.name
    return None


def _label(labels: list[str], words: tuple[str, ...]) -> str | None:
    for word in words:
        for label in labels:
            if normalise(label) == word:
                return label
    return None


def lent_thing(view: TableView) -> Rule | None:
    """The rule for a thing that goes out with someone and comes back (see the module), or
    None where the table is no such thing. Its status says where the thing is now, a state it
    lives in for years, not how far a case got: rules/recent.py leaves it alone."""
    found = _plan(view, ())
    return found[0] if found else None


def _plan(view: TableView, planned: Any) -> list[Rule]:
    pk = view.table.primary_key
    if pk is None or len(pk.columns) != 1:
        return []
    for name, spec in view.specs.items():
        if not set(normalise(name).split("_")) & STATUS_WORDS or not free(view, name):
            continue
        labels = labels_of(spec)
        out, idle = _label(labels, OUT), _label(labels, IDLE)
        if out is None or idle is None:
            continue
        records = []
        for other in view.schema.tables.values():
            for fk in other.foreign_keys:
                column = other.column(fk.columns[0])
                if (
                    fk.ref_qualified != view.table.qualified
                    or len(fk.columns) != 1
                    or column is None
                    or column.nullable
                ):
                    continue
                found = out_and_back(view.schema, other)
                if found is not None:
                    records.append([other.qualified, fk.columns[0], fk.ref_columns[0], *found])
        if not records:
            continue
        what = ", ".join(f"{r[0]}.{r[3]}/{r[4]}" for r in records)
        detail = f"{name} is {out!r} exactly while an open {what} holds it, else not"
        data = {"status": name, "out": out, "idle": idle, "records": records}
        return [Rule("lent", [name], detail, data)]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    return  # load/lent_load.py, once every table is in


RULE = RowRule(
    "lent",
    "a thing is out exactly while one of its records has it out",
    _plan,
    _apply,
    phases={"lent": Phase.FINAL},
    after=("bill_payments",),
    before=("after_parent",),
)
