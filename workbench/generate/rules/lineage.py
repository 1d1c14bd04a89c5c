"""Rows that agree with their parents, and the rules sandbox.toml declares.

Inferred: an order line's unit price is its product's price (a price column of a table the row
reaches through one or two foreign keys: order_items → stock → products), a currency is the
parent's currency, a line total is quantity × unit price.

Declared, per column in sandbox.toml (docs/config.md):
  copy_from = "products.price"        the value of a column of a table reached by foreign keys
  after     = "created_at"            a time after another column of the row …
  after     = "orders.placed_at"      … or of a parent row
  derive    = "quantity * unit_price" an SQL expression over the row's columns

Everything runs per batch: parent rows come from the foreign keys just filled, a second hop is
a sorted search of the parent's kept key column."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.batch import Col
from workbench.generate.base.names import normalise
from workbench.generate.checks.hints import column_hints
from workbench.generate.kinds.actual_pair import as_happened
from workbench.generate.kinds.amount_names import quantity_named
from workbench.generate.kinds.anchors import anchor_of, ending_of, takes_place
from workbench.generate.kinds.arithmetic import line_discount
from workbench.generate.kinds.categories import category_copies, copied_by_children
from workbench.generate.kinds.day_kinds import day_labels
from workbench.generate.kinds.meets import label_columns
from workbench.generate.kinds.per_unit import per_unit_pair
from workbench.generate.kinds.role_holders import role_columns
from workbench.generate.kinds.row_sums import rates_for_children
from workbench.generate.kinds.term_prices import charged_by_children
from workbench.generate.kinds.total_names import QTY, UNIT_PRICES
from workbench.generate.kinds.totals import line_totals
from workbench.generate.kinds.windows import (
    life_of,
    lone_start,
    period_of,
    time_of_use,
    window_of,
    windows_of,
)
from workbench.generate.rules import (
    age_fit,
    agree,
    agreement_price,
    at_place,
    by_entry,
    cadence,
    count_times,
    cover,
    daypart,
    deadline,
    extended,
    fill,
    footprint,
    happened,
    held_status,
    item_price,
    kind_range,
    label_match,
    ladder,
    magnitude,
    misread,
    near_norm,
    nominal,
    offset,
    on_weekday,
    opening,
    outcome_child,
    parent_bounds,
    parent_ending,
    place_city,
    reach,
    reading,
    relay,
    role_rate,
    sequence,
    settle,
    shape,
    sized_span,
    so_far,
    standard_code,
    weighed,
    worst,
)
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.rules.declared import (
    derived,
    plan_declared,
)
from workbench.generate.rules.money import (
    apply_money,
    keep_columns,
    plan_currency_copies,
    plan_money,
)
from workbench.generate.rules.paths import Path, paths_of, qualified, source_values
from workbench.generate.rules.times import as_us, gap, store

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import TableView
    from workbench.schema.model import Table

PRICE_NAMES = ("unit_price", "price", "item_price", "list_price", "sale_price", "unit_cost")
_PAID_NAMES = ("amount", "amount_paid", "paid_amount", "payment_amount")
_ORDER_TOTALS = ("total_amount", "grand_total", "amount_due", "total_due", "order_total")


def keep_for_children(view: TableView) -> set[str]:
    """Columns of this table that a child's rules may read (kept with its keys)."""

    wanted = {*PRICE_NAMES, *_ORDER_TOTALS}
    keep = {c for c in view.specs if normalise(c) in wanted} | keep_columns(view)
    keep |= {fk.columns[0] for fk in view.table.foreign_keys if len(fk.columns) == 1}
    keep |= label_columns(view.schema, view.table)  # the labels keys that meet ask for
    keep |= role_columns(view.schema, view.table)  # the roles keys named as roles ask for
    keep |= copied_by_children(view.schema, view.table)  # categories its children repeat
    keep |= charged_by_children(view.schema, view.table, view.config)  # a rate's price
    anchor = anchor_of(view.schema, view.table, view.config)
    if anchor is not None:
        keep.add(anchor)
    occurs = takes_place(view.schema, view.table, view.config)  # children happen around it
    if occurs is not None:
        keep.add(occurs)
    used = time_of_use(view.schema, view.table, view.config)  # what children use is valid then
    if used is not None:
        keep.add(used)
    days = day_labels(view.schema, view.table)  # … on the kind of day its label says
    if days is not None:
        keep.add(days[0])
    ending = ending_of(view.schema, view.table, view.config)  # children happen before it
    window = window_of(view.schema, view.table, view.config)  # children happen within it
    if window is not None:  # and within what happened of it (a visit's arrival..departure)
        kept = as_happened(view.schema, view.table, view.config, window)
        keep |= {window.start, window.end, kept.start, kept.end}
    for each in windows_of(view.schema, view.table, view.config):
        keep |= {each.start, each.end}
    keep |= set(period_of(view.schema, view.table, view.config) or ())  # whoever was in force
    opened = lone_start(view.schema, view.table, view.config)  # children after it
    if opened is not None:
        keep.add(opened)
    if ending is not None:
        keep.add(ending)
    life = life_of(view.schema, view.table, view.config)  # a life's end no pair names
    keep |= {life.start, life.end} - {""} if life is not None else set()
    keep |= settle.keep_columns(view)
    keep |= at_place.keep_columns(view)  # the zone, language, region its children repeat
    keep |= agree.keep_columns(view)  # the state its children in a steady state agree with
    keep |= label_match.keep_columns(view)  # the category its children's parents agree on
    keep |= magnitude.keep_columns(view) | reading.keep_columns(view)
    keep |= shape.keep_columns(view)  # the kind its children's sides are drawn by
    keep |= weighed.keep_columns(view)  # the unit its children's lines are priced in
    keep |= kind_range.keep_columns(view)  # a category's range its members lie within
    keep |= by_entry.keep_columns(view)  # the usual figures its rows follow
    keep |= near_norm.keep_columns(view)  # a part's norm its results lie near
    keep |= footprint.keep_columns(view)  # the kind its children's floors are drawn by
    keep |= fill.keep_columns(view)  # the content its children's charges are drawn by
    keep |= ladder.keep_columns(view)  # the grade its children's prices follow
    keep |= item_price.keep_columns(view)  # the kind of item its price list's rows price
    keep |= role_rate.keep_columns(view)  # the role its people's hourly rates follow
    keep |= happened.keep_columns(view)
    keep |= outcome_child.keep_columns(view)  # the marks of an outcome its records read
    keep |= worst.keep_columns(view)  # the verdict its findings' grades follow
    keep |= reach.keep_columns(view)  # a place's coordinates, a way's distance
    keep |= place_city.keep_columns(view)  # the town its descendants' places lie in
    keep |= nominal.keep_columns(view)  # the length its children's windows last
    keep |= deadline.keep_columns(view)  # the due time its children are handed in against
    keep |= extended.keep_columns(view)  # the time its numbered children move on
    keep |= sequence.keep_columns(view)  # the window its children in sequence lie in
    keep |= relay.keep_columns(view)  # the places its children in sequence start and end at
    keep |= cadence.keep_columns(view)  # the cadence its children's periods follow
    keep |= on_weekday.keep_columns(view)  # the weekday its children are dated on
    keep |= daypart.keep_columns(view)  # the place whose local hours its children keep
    keep |= opening.keep_columns(view)  # the hours its children happen in
    keep |= cover.keep_columns(view)  # a person's birth, for the documents issued to them
    keep |= agreement_price.keep_columns(view)  # the prices per period its bills' lines bill
    keep |= rates_for_children(view.schema, view.table)  # a rate its children's amounts take
    keep |= so_far.keep_columns(view)  # the whole sum its reports' totals to date stay under
    keep |= misread.keep_columns(view)  # the thing its children's reads copy (a plate)
    keep |= held_status.keep_columns(view)  # the status saying it came into force
    keep |= parent_ending.keep_columns(view)  # the status whose endings its children share
    keep |= count_times.keep_columns(view)  # what one thing measures, its children's wholes
    keep |= standard_code.keep_columns(view)  # a facility's code its donations' codes start with
    keep |= offset.keep_columns(view)  # the length its children's offsets lie within
    keep |= age_fit.keep_columns(view)  # the ages its rows' people are within
    keep |= parent_bounds.keep_columns(view)  # the lowest and highest its rows' values keep
    keep |= sized_span.keep_columns(view)  # the size class its children's lengths follow
    for table in view.config.tables.values():
        for override in table.columns.values():
            for ref in (override.copy_from, override.after):
                if ref and "." in ref:
                    target, column = ref.rsplit(".", 1)
                    if qualified(target) == view.tp.name:
                        keep.add(column)
    return keep & set(view.specs)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:

    rules = plan_declared(view)
    declared = {c for r in rules for c in r.columns[:1]}
    paths = paths_of(view)
    rules += plan_currency_copies(view, paths, declared)
    declared |= {c for r in rules for c in r.columns[:1]}
    for each in category_copies(view.schema, view.table):  # a segment's cabin is its fare's
        if each.column in view.specs and each.column not in declared and free(view, each.column):
            detail = f"{each.column} copied from {each.parent}.{each.source} (its category)"
            path = Path(each.fk, each.parent)
            rules.append(Rule("copy", [each.column], detail, {"path": path, "source": each.source}))
            declared.add(each.column)
    lines = _line_totals(view, declared)
    formed = {r.columns[0] for r in lines}  # a line's quantity × price: copied from nowhere
    for name, spec in view.specs.items():
        if name in declared or name in formed or not free(view, name):
            continue
        norm = normalise(name)
        if spec.generator == "price" and norm in PRICE_NAMES:
            rule = _copy_rule(view, name, paths, PRICE_NAMES, prefer=norm)
        elif spec.generator == "price" and norm in _PAID_NAMES:
            # a payment of an order pays its total
            direct = [p for p in paths if p.via is None]
            rule = _copy_rule(view, name, direct, _ORDER_TOTALS)
        else:
            rule = None
        if rule is not None:
            rules.append(rule)
    rules += plan_money(view, paths, rules)  # after the copies, before the line totals
    rules += agreement_price.plan_agreement_lines(view, declared)  # a rent line's rent
    rules += lines
    return rules


def _copy_rule(
    view: TableView, name: str, paths: list[Path], names: tuple[str, ...], prefer: str = ""
) -> Rule | None:
    for path in sorted(paths, key=lambda p: p.via is not None):  # one hop before two
        table = view.schema.tables.get(path.table)
        if table is None or path.table == view.tp.name:
            continue
        columns = [c.name for c in table.columns if normalise(c.name) in names]
        if not columns:
            continue
        source = prefer if prefer in columns else columns[0]
        if not _fits(view, name, table, source):
            continue
        detail = f"{name} copied from {path.table}.{source}"
        return Rule("copy", [name], detail, {"path": path, "source": source})
    return None


def _fits(view: TableView, name: str, table: Table, source: str) -> bool:
    """Whether every value the parent's column may hold passes the bounds a CHECK puts on
    the row's own (a price capped at 1 copies no parent's uncapped price)."""
    own = view.specs[name].hints
    column = next(c for c in table.columns if c.name == source)
    theirs = column_hints(view.schema, table, column)
    if isinstance(own.hi, (int, float)) and not (
        isinstance(theirs.hi, (int, float)) and theirs.hi <= own.hi
    ):
        return False
    # a price is drawn positive: only a floor above a unit asks the parent's for as much
    return not (
        isinstance(own.lo, (int, float))
        and own.lo > 1
        and not (isinstance(theirs.lo, (int, float)) and theirs.lo >= own.lo)
    )


def _line_totals(view: TableView, declared: set[str]) -> list[Rule]:
    norms = {normalise(c): c for c in view.specs}  # line_amt: line_amount
    counts = {n: c for n, c in norms.items() if view.specs[c].kind in ("int", "decimal")}
    qty = next((norms[n] for n in QTY if n in norms), None) or quantity_named(counts, ())
    price = next((norms[n] for n in UNIT_PRICES if n in norms), None)
    if qty is None or price is None:  # a price per a unit the row counts (price_per_player)
        prices = {n: c for n, c in norms.items() if view.specs[c].kind in ("int", "decimal")}
        qty, price = per_unit_pair(prices, counts) or (qty, price)
    if qty is None and price is not None:  # the row's one count beside its price (servings)
        qty = quantity_named({}, (), (view.schema, view.table, price))
    if qty is None or price is None or view.specs[qty].kind not in ("int", "decimal"):
        return []
    if view.specs[price].kind not in ("int", "decimal", "float"):
        return []
    for total in line_totals(norms):
        if (
            total not in declared
            and free(view, total)
            and _total_kind_fits(view, total, qty, price)
        ):
            columns, shown, data = [total, qty, price], f"{total} = {qty} × {price}", {}
            off = line_discount(view.schema, view.table)
            if off is not None and off.column in view.specs and off.column != total:
                columns.append(off.column)
                if off.share:
                    shown += f" × (1 - {off.column}{' / 100' if off.percent else ''})"
                else:
                    shown += f" - {off.column}"
                # a discount amount the rule may set is at most the gross (never below 0)
                capped = not off.share and free(view, off.column)
                data = {"share": off.share, "percent": off.percent, "cap": capped}
            return [Rule("product", columns, shown, data)]
    return []


def _total_kind_fits(view: TableView, total: str, qty: str, price: str) -> bool:
    """Decimal totals take any product; integer totals (cents) only integer × integer."""
    kind = view.specs[total].kind
    if kind == "int":
        return view.specs[qty].kind == "int" and view.specs[price].kind == "int"
    return kind in ("decimal", "float")


# --- declared rules -------------------------------------------------------------------------


# --- applying -------------------------------------------------------------------------------


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    start = int(idx[0]) if idx.size else 0
    target = batch.get(rule.columns[0])
    if target is None:
        return
    if rule.kind == "copy":
        got = source_values(view, rule.data["path"], rule.data["source"], batch)
        if got is not None:
            _assign(target, got[0], ~got[1])
        also = rule.data.get("also")  # the next parent's, where the first's is NULL
        if also is not None:
            other = source_values(view, also[0], also[1], batch)
            if other is not None:
                first_missing = got[1] if got is not None else np.ones(len(target.values), bool)
                _assign(target, other[0], first_missing & ~other[1])
    elif rule.kind == "money":
        apply_money(view, rule, batch)
    elif rule.kind == "agreement_line":
        agreement_price.apply_agreement_line(view, rule, batch, idx)
    elif rule.kind == "product":
        qty, price = batch[rule.columns[1]], batch[rule.columns[2]]
        ok = ~qty.nulls & ~price.nulls
        scale = view.specs[rule.columns[0]].info.scale  # a dinar's line keeps its mils
        scale = 2 if scale is None else int(scale)
        gross = qty.values.astype(float) * price.values.astype(float)
        if len(rule.columns) > 3:  # less the line's discount (NULL: none)
            off = batch[rule.columns[3]]
            taken = np.where(off.nulls, 0.0, off.values.astype(float))
            if rule.data["share"]:
                percent = rule.data["percent"]
                share = taken / 100 if percent else taken if percent is False else None
                if share is None:
                    share = np.where(taken > 1, taken / 100, taken)
                gross = gross * (1 - np.clip(share, 0, 1))
            elif rule.data.get("cap"):
                whole = np.clip(round_half_up(gross, scale), 0, None)
                # more than half the gross off is no discount: a tenth of it instead
                taken = np.where(taken > whole / 2, round_half_up(whole * 0.1, scale), taken)
                taken = np.clip(taken, 0, whole)
                _assign(off, taken, ok & ~off.nulls)
                gross = gross - taken
            else:
                gross = gross - taken
        _assign(target, round_half_up(gross, scale), ok)
    elif rule.kind == "derive":
        _derive(view, rule, batch, target)
    elif rule.kind == "after":
        rng = view.rng(f"lineage:after:{rule.columns[0]}", start)
        if "column" in rule.data:
            base_col = batch[rule.data["column"]]
            base, missing = as_us(base_col), base_col.nulls
        else:
            got = source_values(view, rule.data["path"], rule.data["source"], batch)
            if got is None:
                return
            base, missing = np.asarray(got[0]).astype("datetime64[us]"), got[1]
        bad = ~missing & ~target.nulls & (as_us(target) <= base)
        store(target, base + gap(rng, base.size, 10), np.flatnonzero(bad))


def reproduct(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """A line's quantity × price again once its quantity is the number of its own lines (a
    booking's players_count, load/totals_memory.py)."""
    _apply(view, rule, batch, idx)


def round_half_up(values: Any, scale: int) -> np.ndarray:
    """Rounded as PostgreSQL rounds numeric (halves away from zero), so a line total equals
    `round(quantity * unit_price, scale)` in SQL; the float error of a half is absorbed."""
    factor = 10.0**scale
    raw = np.asarray(values, dtype=np.float64)
    out: np.ndarray = np.sign(raw) * np.floor(np.abs(raw) * factor + 0.5 + 1e-6) / factor
    return out


def _assign(target: Col, values: Any, rows: np.ndarray) -> None:
    values = np.asarray(values)
    if target.values.dtype != object and values.dtype == object:
        return
    target.values[rows] = (
        values[rows].astype(target.values.dtype) if target.values.dtype != object else values[rows]
    )


def _derive(view: TableView, rule: Rule, batch: Batch, target: Col) -> None:
    values, nulls, fits = derived(view, rule, batch, target)
    _assign(target, values, ~nulls & fits)
    if target.nullable:
        target.nulls[fits] = nulls[fits]


RULE = RowRule(
    "lineage",
    "values that agree with the parents (a line's price is its product's, a line total "
    "quantity × price) and the rules sandbox.toml declares (copy_from, after, derive)",
    _plan,
    _apply,
    phases={
        "copy": Phase.PARENTS,
        "money": Phase.PARENTS,
        "agreement_line": Phase.PARENTS,
        "product": Phase.PARENTS,
        "derive": Phase.DECLARED,
        "after": Phase.DECLARED,
    },
    after=("ladder",),  # a price scaled by its grade before the money rule converts it
    derived_kinds=("product",),  # a party's size set later (headcount): its total follows
)
