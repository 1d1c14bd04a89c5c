"""A bill's line of the agreement it bills is priced as the agreement says: a rent invoice's
rent line bills its lease's monthly rent, a subscription invoice's fee line its contract's
annual fee, once for each period of the price's cadence the bill covers.

Read from the shape, no table named here: a line table (a quantity, a unit price: kinds/
totals.QTY, UNIT_PRICES; a number counting the lines of its bill, kinds/numbering) under a
bill by a required key, the bill under an agreement by a required key of its own (the two-hop
path of rules/paths.py), a label column of the line one of whose labels names a price per
period of the agreement (`charge_type` 'rent' and `leases.monthly_rent`: the label's words
among the price's, a cadence word in the price's name, vocab/cadences.py). Then:

- the bill's first line (number 1) is that charge, and no other line of the bill is (those
  that drew it take another label);
- its unit price is the agreement's price, its quantity the periods of the price's cadence
  the bill's period covers (kinds/windows.period_of: a calendar month billed monthly is 1, a
  quarter 3, a part of a month its share of that month's days), else 1;

so the line total (quantity × unit price, lineage.py's product, which runs after) and the
bill's sums (load/totals_load.py) follow. The agreement keeps its prices per period for its
bills' lines (keep_columns)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.base.names import normalise
from workbench.generate.kinds.numbering import is_line_number
from workbench.generate.kinds.total_names import QTY, UNIT_PRICES
from workbench.generate.kinds.windows import period_of
from workbench.generate.rules.base import Rule, free, labels_of, row_rng
from workbench.generate.rules.paths import Path, paths_of, source_values
from workbench.generate.vocab.cadences import Cadence, cadence_of
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

_PRICED = ("decimal", "float", "money", "int")


def period_prices(schema: Schema, table: Table) -> dict[str, Cadence]:
    """A table's prices per period (`monthly_rent`, `annual_fee`, `weekly_price`): NOT NULL
    numbers whose name holds a cadence word, with that cadence."""
    out = {}
    for column in table.columns:
        if column.nullable or column.generated is not None:
            continue
        if resolve_type(schema, column.type).kind not in _PRICED:
            continue
        found = cadence_of(column.name)
        if found is not None:
            out[column.name] = found
    return out


def keep_columns(view: TableView) -> set[str]:
    """What an agreement keeps for its bills' lines: its prices per period."""
    return set(period_prices(view.schema, view.table))


def _named(label: str, price: str) -> bool:
    """The label names the price: its words are among the price's (`rent`, `monthly_rent`)."""
    words = [w for w in normalise(label).split("_") if w]
    return bool(words) and set(words) <= set(normalise(price).split("_"))


def plan_agreement_lines(view: TableView, declared: set[str]) -> list[Rule]:
    """The rule for a line table of that shape (the module's text), else none."""
    norms = {normalise(c): c for c in view.specs}
    qty = next((norms[n] for n in QTY if n in norms), None)
    price = next((norms[n] for n in UNIT_PRICES if n in norms), None)
    number = next((c for c, s in view.specs.items()
                   if s.kind == "int" and is_line_number(c, view.tp.name)), None)  # fmt: skip
    if qty is None or price is None or number is None or price in declared:
        return []
    if not free(view, price) or view.specs[qty].kind not in ("int", "decimal", "float"):
        return []
    labelled = [(c, labels_of(s)) for c, s in view.specs.items()
                if c not in declared and c not in view.fk_cols and free(view, c)
                and len(labels_of(s)) > 1]  # fmt: skip
    for path in paths_of(view):
        unit = next((u for u in view.units if ",".join(u.fk.columns) == path.fk), None)
        bill = view.schema.tables.get(path.parent)
        target = view.schema.tables.get(path.table)
        if path.via is None or unit is None or unit.nullable or bill is None or target is None:
            continue
        via = bill.column(path.via)
        if via is None or via.nullable or path.table in (path.parent, view.tp.name):
            continue
        prices = period_prices(view.schema, target)
        for column, labels in labelled:
            for label in labels:
                source = next((p for p in prices if _named(label, p)), None)
                if source is None:
                    continue
                cad = prices[source]
                data: dict[str, Any] = {
                    "path": path, "source": source, "months": cad.months, "days": cad.days,
                    "label": label, "others": [lb for lb in labels if lb != label],
                    "period": period_of(view.schema, bill, view.config),
                    "qty": qty if free(view, qty) else None, "number": number,
                }  # fmt: skip
                detail = (
                    f"the first {column} of a {path.parent} is {label}, its {price} "
                    f"{path.table}.{source} for each period its bill covers"
                )
                cols = [price, column, *([qty] if data["qty"] else [])]
                return [Rule("agreement_line", cols, detail, data)]
    return []


def apply_agreement_line(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    price, label, number = (
        batch.get(rule.columns[0]),
        batch.get(rule.columns[1]),
        batch.get(d["number"]),
    )
    got = source_values(view, d["path"], d["source"], batch)
    if price is None or label is None or number is None or got is None or not idx.size:
        return
    first = ~number.nulls & (np.asarray(number.values, dtype=np.float64) == 1)
    names, codes = label_codes(label)
    drew = ~label.nulls & (np.asarray(names, dtype=object)[codes] == d["label"])
    # the bill's other lines are other charges
    moved = np.flatnonzero(drew & ~first)
    if moved.size and d["others"]:
        pick = row_rng(view, rule, idx).integers(0, len(d["others"]), moved.size)
        typed = [typed_label(label, lb) for lb in d["others"]]
        for at, value in zip(moved, pick, strict=True):
            label.values[at] = typed[value]
    values, missing = got
    rows = np.flatnonzero(first & ~np.asarray(missing, dtype=bool))
    if not rows.size:
        return
    label.values[rows] = typed_label(label, d["label"])
    label.nulls[rows] = False
    price.values[rows] = np.asarray(values)[rows].astype(price.values.dtype)
    price.nulls[rows] = False
    qty = batch.get(d["qty"] or "")
    if qty is not None:
        _quantities(view, rule, batch, qty, rows)


def _quantities(view: TableView, rule: Rule, batch: Batch, qty: Col, rows: np.ndarray) -> None:
    """The periods of the price's cadence each bill's period covers (1 where unknown)."""
    d = rule.data
    units = np.ones(rows.size)
    if d["period"] is not None:
        bill = Path(d["path"].fk, d["path"].parent)
        start = source_values(view, bill, d["period"][0], batch)
        end = source_values(view, bill, d["period"][1], batch)
        if start is not None and end is not None:
            s = np.asarray(start[0])[rows].astype("datetime64[D]")
            e = np.asarray(end[0])[rows].astype("datetime64[D]")
            known = ~np.asarray(start[1], bool)[rows] & ~np.asarray(end[1], bool)[rows]
            known &= ~np.isnat(s) & ~np.isnat(e) & (e >= s)
            covered = periods_covered(s, e, Cadence(d["months"], d["days"]))
            units = np.where(known, covered, 1.0)
    spec = view.specs[d["qty"]]
    scale = 0 if spec.kind == "int" else (spec.info.scale if spec.info.scale is not None else 3)
    least = 10.0**-scale
    units = np.maximum(np.round(units, scale), least)
    qty.values[rows] = units.astype(qty.values.dtype)
    qty.nulls[rows] = False


def periods_covered(start: np.ndarray, end: np.ndarray, cadence: Cadence) -> np.ndarray:
    """How many periods of the cadence the days start..end (both counted) make: whole ones
    from the start (calendar months on the start's day of the month, a day past a month's end
    its last day), and the rest as its share of the next one's days."""
    stop = end + np.timedelta64(1, "D")
    if cadence.months <= 0:
        days = max(cadence.days, 1)
        out: np.ndarray = (stop - start).astype(np.int64) / days
        return out
    month0 = start.astype("datetime64[M]")
    day = (start - month0.astype("datetime64[D]")).astype(np.int64)

    def at(k: np.ndarray) -> np.ndarray:
        month = month0 + k * cadence.months
        length = ((month + 1).astype("datetime64[D]") - month.astype("datetime64[D]")).astype(
            np.int64
        )
        found: np.ndarray = month.astype("datetime64[D]") + np.minimum(day, length - 1)
        return found

    span = (stop - start).astype(np.int64)
    k = np.maximum(np.floor(span / (30.4375 * cadence.months)).astype(np.int64) - 1, 0)
    for _ in range(4):  # the estimate is within a period or two: step to the last whole one
        k = np.where(at(k + 1) <= stop, k + 1, k)
    k = np.where(at(k) > stop, np.maximum(k - 1, 0), k)
    here, nxt = at(k), at(k + 1)
    rest = (stop - here).astype(np.int64) / np.maximum((nxt - here).astype(np.int64), 1)
    out = k + np.clip(rest, 0.0, 1.0)
    return out
