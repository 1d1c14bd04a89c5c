"""A payment and the order it pays: a row of a payment-like table (payments, transactions,
charges, receipts…) whose foreign key reaches an order-like table (orders, purchases,
bookings, rentals, invoices…) with a time of its own.

1. It pays an order that was paid: a row whose order has a status meaning unpaid (pending,
   draft, awaiting payment, cancelled before payment…) takes, through the same foreign key, an
   order in another status (with the same Zipf-like fan-out), before any rule reads the
   parents; only where the key is drawn freely (not a key, a children law, a line number, nor
   a key that meets another of the row's keys at a grandparent).
2. It is dated minutes to days after the order was placed (after a bill was issued), and
   before the order shipped (or was delivered, or its rental ended) when the order says so
   (timeline's after-parent rule calls `settle_times`).

Tables are recognised by the words of their names and the direction of the foreign key, never
by one table's name."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.batch import factorize
from workbench.generate.base.names import normalise
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.bill import ISSUE_STEMS, ISSUE_WORDS
from workbench.generate.rules.chain import moment_of
from workbench.generate.rules.meets import generator_meets
from workbench.generate.rules.partitions import drawn_freely, repick
from workbench.generate.rules.times import reached, time_stem
from workbench.generate.vocab import outcomes
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.config.file import Config
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView
    from workbench.schema.model import Schema, Table

_MINUTE_US = 60_000_000
_DAY_US = 86_400_000_000
_PAYING = re.compile(r"pay(?!roll)|transaction|charge|receipt|settlement|remittance")
_ORDERS = re.compile(
    r"(?<![a-z])(?:sales_?)?order|purchase|booking|reservation|invoice|rental|checkout|cart"
    r"|(?<![a-z])bill(?!ing|_?of|board)"  # a utility's bill, not a bill of materials
)
# Words of a status label that say the order is not paid (with the stages of timeline.py).
_UNPAID_WORDS = ("unpaid", "not_paid", "nonpaid")
_PAYMENT_WAIT = ("await", "pending", "due", "fail", "required", "needed", "open")


def paying(table: Table) -> bool:
    return _PAYING.search(normalise(table.name)) is not None


def order_like(table: Table) -> bool:
    return _ORDERS.search(normalise(table.name)) is not None


def closing_column(schema: Schema, table: Table, config: Config) -> str | None:
    """An order's time that closes the payment window: shipped, else delivered, returned or
    ended; a bill sent (`sent_at`) was issued, not shipped: that opens its window
    (opening_column)."""

    found: dict[str, str] = {}
    shipped = "" if declared_bill(schema, table) else "shipped"
    for column in table.columns:
        kind = resolve_type(schema, column.type).kind
        if column.generated is None and kind in ("timestamp", "timestamptz", "date"):
            moment = moment_of(column.name)
            if moment in (shipped, "delivered", "stopped", "ended"):
                found.setdefault(moment, column.name)
    order = ("shipped", "delivered", "stopped", "ended")
    return next((found[m] for m in order if m in found), None)


def opening_column(schema: Schema, table: Table) -> str | None:
    """A bill's time it was issued (`issued_at`, `sent_on`): nothing is paid before it."""
    if not declared_bill(schema, table):
        return None
    for column in table.columns:
        kind = resolve_type(schema, column.type).kind
        if column.generated is None and kind in ("timestamp", "timestamptz", "date"):
            stem = time_stem(column.name)
            if set(stem.split("_")) & ISSUE_WORDS or stem in ISSUE_STEMS:
                return column.name
    return None


def declared_bill(schema: Schema, table: Table) -> bool:
    """Whether a table's status labels, as its type declares them, are a bill's."""
    status = status_column(schema, table)
    column = table.column(status) if status is not None else None
    labels = [str(x) for x in resolve_type(schema, column.type).labels] if column else []
    return bool(labels) and outcomes.is_bill(labels)


def status_column(schema: Schema, table: Table) -> str | None:
    """An order's status column (a payment status first), by the last word of its name."""
    names = [
        c.name
        for c in table.columns
        if normalise(c.name).split("_")[-1] in ("status", "state", "stage")
    ]
    return next((n for n in names if "pay" in normalise(n)), names[0] if names else None)


def keep_columns(view: TableView) -> set[str]:
    """What an order-like table keeps for its payments' rules."""
    if not order_like(view.table):
        return set()
    wanted = {
        closing_column(view.schema, view.table, view.config),
        opening_column(view.schema, view.table),
        status_column(view.schema, view.table),
    }
    return {c for c in wanted if c is not None}


def unpaid(label: str) -> bool:
    """A status label that means nothing was paid yet."""

    norm = normalise(label)
    if any(w in norm for w in _UNPAID_WORDS) or reached(norm) == 0:
        return True
    return "pay" in norm and any(w in norm for w in _PAYMENT_WAIT)


@dataclass(frozen=True)
class Settles:
    """The payment's foreign key to its order, the order's placement time, the time that
    closes the payment window (None when the order has none) and the time a bill was issued,
    which opens it (None for an order, or a bill without one)."""

    fk: str
    parent: str
    placed: str
    closes: str | None
    opens: str | None = None


def settles(view: TableView, unit: FKUnit, parent_anchor: str) -> Settles | None:
    parent = view.schema.tables.get(unit.parent)
    if parent is None or not paying(view.table) or not order_like(parent):
        return None
    closes = closing_column(view.schema, parent, view.config)
    opens = opening_column(view.schema, parent)
    return Settles(",".join(unit.fk.columns), unit.parent, parent_anchor, closes, opens)


def settle_times(
    view: TableView, how: Settles, n: int, rng: np.random.Generator, kind: str
) -> np.ndarray:
    """Each row's payment time (NaT where its order is unknown): 60 % within 90 minutes of
    the placement, the rest up to six days later; before the order's closing time. Between a
    date and a timestamp a day apart, so that they compare alike in every time zone."""
    nat = np.datetime64("NaT", "us")
    rows, nulls = view.parent_rows(how.fk)
    stored = view.keys.tables.get(how.parent, {})
    placed_col = stored.get(how.placed)
    if rows is None or placed_col is None:
        return np.full(n, nat)
    placed = _times(placed_col, rows, nulls)
    if (placed_col.kind == "date") != (kind == "date"):
        placed = placed + np.timedelta64(_DAY_US, "us")
    opens_col = stored.get(how.opens) if how.opens else None
    if opens_col is not None:  # a bill issued after it was made: paid after its issue
        opens = _times(opens_col, rows, nulls)
        if (opens_col.kind == "date") != (kind == "date"):
            opens = opens + np.timedelta64(_DAY_US, "us")
        placed = np.where(~np.isnat(opens) & (opens > placed), opens, placed)
    quick = rng.uniform(1, 90, n) * _MINUTE_US
    slow = 90 * _MINUTE_US + np.minimum(rng.exponential(_DAY_US, n), 6 * _DAY_US)
    gap = np.where(rng.random(n) < 0.6, quick, slow)
    closes_col = stored.get(how.closes) if how.closes else None
    if closes_col is not None:
        closes = _times(closes_col, rows, nulls)
        if (closes_col.kind == "date") != (kind == "date"):
            closes = closes - np.timedelta64(_DAY_US, "us")  # its midnight in any time zone
        room = (closes - placed).astype(np.int64)
        known = ~np.isnat(closes) & (room > 0)
        share = rng.uniform(0.1, 0.9, n)
        gap = np.where(known & (gap >= room), room * share, gap)
    out: np.ndarray = placed + gap.astype(np.int64).astype("timedelta64[us]")
    return out


def _times(col: Col, rows: np.ndarray, nulls: np.ndarray) -> np.ndarray:
    values = np.asarray(col.values[rows]).astype("datetime64[us]")
    return np.where(nulls | col.nulls[rows], np.datetime64("NaT", "us"), values)


# --- paying orders that were paid ------------------------------------------------------------


def pay_paid_orders(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """Step 1 of the module's text, for each foreign key of a payment to an order."""

    if not paying(view.table):
        return
    for unit in view.units:
        parent = view.schema.tables.get(unit.parent)
        if parent is None or unit.mode != "normal" or not order_like(parent):
            continue
        status = status_column(view.schema, parent)
        stored = view.keys.tables.get(unit.parent, {}).get(status or "")
        if stored is None or _meets(view, unit) or not drawn_freely(view, unit, batch):
            continue
        unfit = _unpaid_rows(stored)
        repick(view, links, batch, unit, unfit, "settle-parent:")
        if billed(view.schema, parent, status or "", stored.values):
            _each_paid_first(view, links, batch, idx, unit, unfit)


def billed(schema: Schema, parent: Table, status: str, values: Any) -> bool:
    """Whether an order's status labels, as its rows hold them or as its type declares them
    (the rows drawn may hold one only: every order closed), are a bill's or an order's paid
    on leaving its unpaid labels: then each paid one has a payment."""
    if is_bill(values) or paid_on_leaving(values):
        return True
    column = parent.column(status)
    labels = [str(x) for x in resolve_type(schema, column.type).labels] if column else []
    return bool(labels) and (outcomes.is_bill(labels) or paid_on_leaving(labels))


def _each_paid_first(
    view: TableView, links: Links, batch: Batch, idx: np.ndarray, unit: FKUnit, unfit: np.ndarray
) -> None:
    """A bill's payments: row i of the table pays the i-th of the paid bills in an order drawn
    once, so that each has a payment (a Zipf-like fan-out leaves half of them unpaid); past
    them, the rows keep the paid bill they took."""
    fk = ",".join(unit.fk.columns)
    rows, nulls = view.parent_rows(fk)
    source, _ = view.parent_keys(unit)
    first = _first_of(view, unit, idx, unfit)
    if rows is None or first is None:
        return
    picks, inside = first
    inside &= ~nulls
    if not inside.any():
        return
    links.assign(batch, unit, np.where(inside, picks, rows), idx.size, nulls, source)


def paid_first(
    view: TableView, unit: FKUnit, idx: np.ndarray
) -> tuple[np.ndarray, np.ndarray] | None:
    """For a payment's key to a bill: the paid bill each of the table's first rows pays, one
    each in an order drawn once (_each_paid_first), and which rows of the batch are among
    them; None for any other key. For a rule that picks the key itself (fk_meet.py: a
    payment in its bill's currency)."""
    parent = view.schema.tables.get(unit.parent)
    if parent is None or not paying(view.table) or not order_like(parent):
        return None
    stored = view.keys.tables.get(unit.parent, {}).get(status_column(view.schema, parent) or "")
    status = status_column(view.schema, parent) or ""
    if stored is None or not billed(view.schema, parent, status, stored.values):
        return None
    return _first_of(view, unit, idx, _unpaid_rows(stored))


_FIRST: dict[tuple[int, str], tuple[np.ndarray, np.ndarray]] = {}


def _first_of(
    view: TableView, unit: FKUnit, idx: np.ndarray, unfit: np.ndarray
) -> tuple[np.ndarray, np.ndarray] | None:
    """(the paid bill row each batch row pays when it is among the first, whether it is)."""
    fk = ",".join(unit.fk.columns)
    _, valid = view.parent_keys(unit)
    if not valid.size:
        return None
    cache = (id(unfit), fk)
    got = _FIRST.get(cache)
    if got is None or got[0] is not unfit:
        order = view.rng("settle-first:" + fk, 0).permutation(valid[~unfit[valid]])
        if len(_FIRST) > 16:
            _FIRST.clear()
        got = _FIRST[cache] = (unfit, order)
    order = got[1]
    if not order.size:
        return None
    return order[np.minimum(idx, order.size - 1)], idx < order.size


def is_bill(labels: Any) -> bool:
    """Labels a status holds, in any order, are a bill's: one means settled and one still to
    pay, or one drafted before it is issued (draft, open, paid, void: the labels between are
    a bill's still to pay) (vocab/outcomes.bill_meaning; outcomes.is_bill reads the declared
    order instead)."""
    meanings = {outcomes.bill_meaning(str(label)) for label in set(np.asarray(labels).tolist())}
    return "settled" in meanings and bool(meanings & {"unsettled", "past_due", "not_issued"})


def paid_on_leaving(labels: Any) -> bool:
    """Labels of an order that is paid once it leaves the labels waiting for payment: not a
    bill's (is_bill), at least one label says nothing was paid yet and is not the order called
    off (a booking `pending`), beside labels that do not (`confirmed`, `completed`, a
    `no_show` who paid all the same)."""
    names = [str(label) for label in set(np.asarray(labels).tolist())]
    waiting = any(unpaid(name) and not outcomes.called_off(name) for name in names)
    return not is_bill(names) and waiting and any(not unpaid(name) for name in names)


def paid_labels(labels: list[str]) -> list[str]:
    """The labels under which an order or a bill has been paid in full: a bill's settled ones
    (vocab/outcomes.bill_meaning), an order's paid on leaving its unpaid labels every label
    that is neither unpaid nor partly paid; none for other labels."""
    if is_bill(labels) or outcomes.is_bill(labels):
        return [label for label in labels if outcomes.bill_meaning(label) == "settled"]
    if paid_on_leaving(labels):
        return [label for label in labels if not unpaid(label) and not partial(label)]
    return []


def partial(label: str) -> bool:
    """A label saying part of the bill is paid (partially_paid, part_paid)."""
    return any(w in label.lower() for w in ("partial", "part_paid", "part-paid"))


_UNPAID: dict[int, tuple[np.ndarray, np.ndarray]] = {}


def _unpaid_rows(col: Col) -> np.ndarray:
    """Which parent rows hold an unpaid status: computed once per kept column (a parent's
    kept columns never change once it is finished), once per distinct label."""

    got = _UNPAID.get(id(col.values))
    if got is not None and got[0] is col.values:
        return got[1]
    labels, codes = factorize(np.asarray(col.values))
    flags = np.array([unpaid(str(label)) for label in labels], dtype=bool)
    if is_bill(labels):  # a bill is paid when settled or partly paid: nothing else has payments
        flags = np.array([not _bill_paid(str(label)) for label in labels], dtype=bool)
    out: np.ndarray = flags[codes] & ~col.nulls if codes.size else np.zeros(0, bool)
    if len(_UNPAID) > 16:
        _UNPAID.clear()
    _UNPAID[id(col.values)] = (col.values, out)
    return out


def _bill_paid(label: str) -> bool:
    return outcomes.bill_meaning(label) == "settled" or partial(label)


def _meets(view: TableView, unit: FKUnit) -> bool:
    """The key meets another of the row's keys at a grandparent (a customer's payment of the
    customer's order, fk_meet.py): that rule picks it, paid orders first."""

    return any(hop is unit for _, hop, _ in generator_meets(view))


def paid_rows(view: TableView, unit: FKUnit) -> np.ndarray | None:
    """For a payment's key to an order: which order rows are not unpaid (None otherwise)."""
    parent = view.schema.tables.get(unit.parent)
    if parent is None or not paying(view.table) or not order_like(parent):
        return None
    status = status_column(view.schema, parent)
    stored = view.keys.tables.get(unit.parent, {}).get(status or "")
    if stored is None:
        return None
    return ~_unpaid_rows(stored)


RULE = LinkRule(
    "paid orders",
    "a payment references an order that was paid",
    Stage.ROWS,
    pay_paid_orders,
    after=("partition parents",),
)
