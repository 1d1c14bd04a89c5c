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

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.errors import ConfigError
from workbench.generate import settle
from workbench.generate.coherence import Rule, _free
from workbench.generate.recognise import normalise
from workbench.generate.run_starts import insertion, run_starts
from workbench.generate.totals import LINE_TOTALS, QTY, UNIT_PRICES

if TYPE_CHECKING:
    from workbench.generate.checks import Batch, Col
    from workbench.generate.rows import TableGenerator

KINDS = frozenset({"copy", "money", "product", "derive", "after"})
LAST = frozenset({"derive", "after"})  # declared rules applied after every inferred one
PRICE_NAMES = ("unit_price", "price", "item_price", "list_price", "sale_price", "unit_cost")
_PAID_NAMES = ("amount", "amount_paid", "paid_amount", "payment_amount")
_ORDER_TOTALS = ("total_amount", "grand_total", "amount_due", "total_due", "order_total")


@dataclass(frozen=True)
class Path:
    """How a row reaches a column of another table: the FK it fills (its columns joined by
    commas, the parent) and, for a second hop, the parent's FK column and the key it holds."""

    fk: str
    parent: str
    via: str | None = None  # the parent's column that references `target`
    target: str | None = None  # the second table
    target_key: str | None = None

    @property
    def table(self) -> str:
        return self.target or self.parent


def _paths(gen: TableGenerator) -> list[Path]:
    out = []
    for unit in gen.units:
        if unit.mode == "self":
            continue
        fk = ",".join(unit.fk.columns)
        out.append(Path(fk, unit.parent))
        parent = gen.schema.tables.get(unit.parent)
        if parent is None:
            continue
        for pfk in parent.foreign_keys:
            if len(pfk.columns) == 1 and pfk.ref_qualified != unit.parent:
                out.append(
                    Path(fk, unit.parent, pfk.columns[0], pfk.ref_qualified, pfk.ref_columns[0])
                )
    return out


def keep_for_children(gen: TableGenerator) -> set[str]:
    """Columns of this table that a child's rules may read (kept with its keys)."""
    from workbench.generate.fk_meet import label_columns
    from workbench.generate.money import keep_columns
    from workbench.generate.timeline import anchor_of, ending_of

    wanted = {*PRICE_NAMES, *_ORDER_TOTALS}
    keep = {c for c in gen.specs if normalise(c) in wanted} | keep_columns(gen)
    keep |= {fk.columns[0] for fk in gen.table.foreign_keys if len(fk.columns) == 1}
    keep |= label_columns(gen.schema, gen.table)  # the labels keys that meet ask for
    anchor = anchor_of(gen.schema, gen.table, gen.config)
    if anchor is not None:
        keep.add(anchor)
    ending = ending_of(gen.schema, gen.table, gen.config)  # children happen before it
    if ending is not None:
        keep.add(ending)
    keep |= settle.keep_columns(gen)
    for table in gen.config.tables.values():
        for override in table.columns.values():
            for ref in (override.copy_from, override.after):
                if ref and "." in ref:
                    target, column = ref.rsplit(".", 1)
                    if _qualified(target) == gen.tp.name:
                        keep.add(column)
    return keep & set(gen.specs)


def _qualified(name: str) -> str:
    return name if "." in name else f"public.{name}"


def plan_lineage(gen: TableGenerator) -> list[Rule]:
    from workbench.generate.money import plan_currency_copies, plan_money

    rules = _declared(gen)
    declared = {c for r in rules for c in r.columns[:1]}
    paths = _paths(gen)
    rules += plan_currency_copies(gen, paths, declared)
    declared |= {c for r in rules for c in r.columns[:1]}
    for name, spec in gen.specs.items():
        if name in declared or not _free(gen, name):
            continue
        norm = normalise(name)
        if spec.generator == "price" and norm in PRICE_NAMES:
            rule = _copy_rule(gen, name, paths, PRICE_NAMES, prefer=norm)
        elif spec.generator == "price" and norm in _PAID_NAMES:
            # a payment of an order pays its total
            direct = [p for p in paths if p.via is None]
            rule = _copy_rule(gen, name, direct, _ORDER_TOTALS)
        else:
            rule = None
        if rule is not None:
            rules.append(rule)
    rules += plan_money(gen, paths, rules)  # after the copies, before the line totals
    rules += _line_totals(gen, declared)
    return rules


def _copy_rule(
    gen: TableGenerator, name: str, paths: list[Path], names: tuple[str, ...], prefer: str = ""
) -> Rule | None:
    for path in sorted(paths, key=lambda p: p.via is not None):  # one hop before two
        table = gen.schema.tables.get(path.table)
        if table is None or path.table == gen.tp.name:
            continue
        columns = [c.name for c in table.columns if normalise(c.name) in names]
        if not columns:
            continue
        source = prefer if prefer in columns else columns[0]
        detail = f"{name} copied from {path.table}.{source}"
        return Rule("copy", [name], detail, {"path": path, "source": source})
    return None


def _line_totals(gen: TableGenerator, declared: set[str]) -> list[Rule]:
    norms = {normalise(c): c for c in gen.specs}
    qty = next((norms[n] for n in QTY if n in norms), None)
    price = next((norms[n] for n in UNIT_PRICES if n in norms), None)
    if qty is None or price is None or gen.specs[qty].kind not in ("int", "decimal"):
        return []
    if gen.specs[price].kind not in ("int", "decimal", "float"):
        return []
    for total_name in LINE_TOTALS:
        total = norms.get(total_name)
        if (
            total is not None
            and total not in declared
            and _free(gen, total)
            and _total_kind_fits(gen, total, qty, price)
        ):
            return [Rule("product", [total, qty, price], f"{total} = {qty} × {price}")]
    return []


def _total_kind_fits(gen: TableGenerator, total: str, qty: str, price: str) -> bool:
    """Decimal totals take any product; integer totals (cents) only integer × integer."""
    kind = gen.specs[total].kind
    if kind == "int":
        return gen.specs[qty].kind == "int" and gen.specs[price].kind == "int"
    return kind in ("decimal", "float")


# --- declared rules -------------------------------------------------------------------------


def _declared(gen: TableGenerator) -> list[Rule]:
    section = gen.config.tables.get(gen.tp.name)
    if section is None:
        return []
    rules = []
    for column, override in section.columns.items():
        key = f'tables."{gen.tp.name}".columns.{column}'
        if (override.copy_from or override.after or override.derive) and column not in gen.specs:
            raise _bad(gen, key, f"{gen.tp.name} has no column {column!r}")
        attr = next((a for a in ("copy_from", "after", "derive") if getattr(override, a)), None)
        if attr is not None:
            from workbench.generate.declared_check import check_target

            check_target(gen, column, f"{key}.{attr}")
        if override.copy_from:
            rules.append(_declared_copy(gen, column, override.copy_from, key))
        if override.after:
            rules.append(_declared_after(gen, column, override.after, key))
        if override.derive:
            rules.append(_declared_derive(gen, column, override.derive, key))
    return _in_order(gen, rules)


def _reads(rule: Rule) -> set[str]:
    """Columns of the row a declared rule reads (its target is `columns[0]`)."""
    if rule.kind == "derive":
        return set(rule.columns[1:])
    if rule.kind == "after" and "column" in rule.data:
        return {rule.data["column"]}
    return set()


def _in_order(gen: TableGenerator, rules: list[Rule]) -> list[Rule]:
    """Copies first, then `after` and `derive` rules each after the rules writing what it reads
    (a derive over a copied price sees the copy); a cycle can never hold, so it is refused."""
    copies = [r for r in rules if r.kind not in ("after", "derive")]
    pending = [r for r in rules if r.kind in ("after", "derive")]
    ordered: list[Rule] = []
    while pending:
        writes = {r.columns[0] for r in pending}
        ready = [r for r in pending if not (_reads(r) - {r.columns[0]}) & writes]
        if not ready:
            cycle = " → ".join(f"{r.columns[0]} ({r.kind})" for r in pending)
            key = f'tables."{gen.tp.name}".columns.{pending[0].columns[0]}'
            raise _bad(
                gen,
                key,
                f"the declared after/derive rules of {cycle} read each other in a cycle, so no "
                "order of them can hold; expected each to read columns the others do not write",
            )
        ordered += ready
        pending = [r for r in pending if r not in ready]
    return copies + ordered


def _bad(gen: TableGenerator, key: str, what: str) -> ConfigError:
    return ConfigError(f"{gen.config.path}: {key}: {what}.")


def _resolve(gen: TableGenerator, ref: str, key: str, attr: str) -> tuple[Path, str]:
    target, _, column = ref.rpartition(".")
    if not target or not column:
        raise _bad(gen, f"{key}.{attr}", f'expected "<table>.<column>", got {ref!r}')
    table = _qualified(target)
    if table not in gen.schema.tables:
        raise _bad(gen, f"{key}.{attr}", f"no table {target!r} in schema.sql (from {ref!r})")
    if column not in {c.name for c in gen.schema.tables[table].columns}:
        raise _bad(gen, f"{key}.{attr}", f"{table} has no column {column!r} (from {ref!r})")
    paths = [p for p in _paths(gen) if p.table == table]
    if not paths:
        raise _bad(
            gen,
            f"{key}.{attr}",
            f"no foreign key of {gen.tp.name} leads to {table} (directly or through one "
            f"parent), so {ref!r} names no row; expected a column of a table this one references",
        )
    direct = [p for p in paths if p.via is None]
    chosen = direct or paths
    if len({p.fk for p in chosen}) > 1:
        fks = ", ".join(sorted({p.fk for p in chosen}))
        raise _bad(gen, f"{key}.{attr}", f"several foreign keys ({fks}) lead to {table}")
    return chosen[0], column


def _declared_copy(gen: TableGenerator, column: str, ref: str, key: str) -> Rule:
    from workbench.generate.declared_check import check_copy

    path, source = _resolve(gen, ref, key, "copy_from")
    check_copy(gen, column, path.table, source, f"{key}.copy_from")
    data = {"path": path, "source": source, "declared": True}
    return Rule("copy", [column], f"{column} copied from {ref} (declared)", data)


def _declared_after(gen: TableGenerator, column: str, ref: str, key: str) -> Rule:
    if gen.specs[column].kind not in ("timestamp", "date"):
        raise _bad(gen, f"{key}.after", f"{column} is not a date or timestamp column")
    if "." not in ref:
        if ref == column:
            raise _bad(
                gen, f"{key}.after", f"{column} cannot come after itself; expected another column"
            )
        if ref not in gen.specs or gen.specs[ref].kind not in ("timestamp", "date"):
            raise _bad(
                gen,
                f"{key}.after",
                f"expected a date or timestamp column of {gen.tp.name}, got {ref!r}",
            )
        return Rule("after", [column], f"{column} after {ref} (declared)", {"column": ref})
    path, source = _resolve(gen, ref, key, "after")
    from workbench.generate.declared_check import check_copy

    check_copy(gen, column, path.table, source, f"{key}.after")
    return Rule(
        "after", [column], f"{column} after {ref} (declared)", {"path": path, "source": source}
    )


def _declared_derive(gen: TableGenerator, column: str, text: str, key: str) -> Rule:
    import sqlglot

    from workbench.generate.checks import columns_of, normalize

    try:
        tree = normalize(sqlglot.parse_one(text, read="postgres"))
    except Exception as err:  # sqlglot raises several error types
        first = re.sub(r"\x1b\[[0-9;]*m", "", str(err)).splitlines()[0].rstrip(".")
        raise _bad(gen, f"{key}.derive", f"not an SQL expression ({first})") from None
    unknown = sorted(columns_of(tree) - set(gen.specs))
    if unknown:
        raise _bad(
            gen,
            f"{key}.derive",
            f"{text!r} reads column(s) {', '.join(unknown)} that {gen.tp.name} does not have",
        )
    from workbench.generate.declared_check import probe_derive

    probe_derive(gen, column, tree, key)
    return Rule(
        "derive",
        [column, *sorted(columns_of(tree))],
        f"{column} = {text} (declared)",
        {"tree": tree},
    )


# --- applying -------------------------------------------------------------------------------


_SORTED: dict[int, tuple[Any, np.ndarray, np.ndarray, tuple[int, np.ndarray] | None]] = {}


def _sorted(keys: Col) -> tuple[np.ndarray, np.ndarray, tuple[int, np.ndarray] | None]:
    """A kept key column's sort order, sorted values and run starts (integer keys), computed
    once per column (a parent's kept columns never change once it is finished)."""
    got = _SORTED.get(id(keys.values))
    if got is None or got[0] is not keys.values:
        order = np.argsort(keys.values, kind="stable")
        ordered = keys.values[order]
        got = (keys.values, order, ordered, run_starts(ordered))
        if len(_SORTED) > 64:
            _SORTED.clear()
        _SORTED[id(keys.values)] = got
    return got[1], got[2], got[3]


def _lookup(keys: Col, wanted: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows of a kept key column holding each wanted value, and where one was found."""
    if keys.values.size == 0:
        return np.zeros(wanted.size, np.int64), np.zeros(wanted.size, bool)
    order, ordered, starts = _sorted(keys)
    at = (
        insertion(starts, wanted)
        if starts is not None and wanted.dtype.kind in "iu"
        else np.searchsorted(ordered, wanted)
    )
    hit = order[np.clip(at, 0, order.size - 1)]
    return hit, (keys.values[hit] == wanted) & ~keys.nulls[hit]


def _source_rows(
    gen: TableGenerator, path: Path, batch: Batch
) -> tuple[dict[str, Col], np.ndarray, np.ndarray] | None:
    """The kept columns of the table a path reaches, the row of it each batch row reads, and
    where it reads none (found once per batch: a copy and a conversion read the same rows)."""
    memo = gen.__dict__.setdefault("_source_memo", ({}, {}))
    if memo[0].get("batch") is not batch:
        memo[0]["batch"] = batch
        memo[1].clear()
    if path not in memo[1]:
        memo[1][path] = _find_source_rows(gen, path, batch)
    return memo[1][path]  # type: ignore[no-any-return]


def _find_source_rows(
    gen: TableGenerator, path: Path, batch: Batch
) -> tuple[dict[str, Col], np.ndarray, np.ndarray] | None:
    rows, nulls = gen.parent_rows(path.fk)
    parent = gen.keys.tables.get(path.parent)
    if parent is None:
        return None
    if rows is None:
        # an FK whose columns another FK filled: find the parent rows by value
        unit = next((u for u in gen.units if ",".join(u.fk.columns) == path.fk), None)
        if unit is None or len(unit.fk.columns) != 1 or unit.fk.columns[0] not in batch:
            return None
        child = batch[unit.fk.columns[0]]
        ref = parent.get(unit.fk.ref_columns[0])
        if ref is None:
            return None
        rows, found = _lookup(ref, child.values)
        nulls = child.nulls | ~found
    if path.via is None:
        return parent, rows, nulls
    via, target = parent.get(path.via), gen.keys.tables.get(path.table)
    if via is None or target is None or path.target_key not in target:
        return None
    hit, found = _lookup(target[path.target_key], via.values[rows])
    return target, hit, nulls | via.nulls[rows] | ~found


def _source_values(
    gen: TableGenerator, path: Path, source: str, batch: Batch
) -> tuple[Any, np.ndarray] | None:
    """The source column's values for each row of the batch and where they are missing."""
    got = _source_rows(gen, path, batch)
    if got is None or source not in got[0]:
        return None
    table, rows, missing = got
    col = table[source]
    return col.values[rows], missing | col.nulls[rows]


def apply_lineage(gen: TableGenerator, rules: list[Rule], batch: Batch, idx: np.ndarray) -> None:
    from workbench.generate.timeline import _gap, _store, _us

    start = int(idx[0]) if idx.size else 0
    for rule in rules:
        target = batch.get(rule.columns[0])
        if target is None:
            continue
        if rule.kind == "copy":
            got = _source_values(gen, rule.data["path"], rule.data["source"], batch)
            if got is not None:
                _assign(target, got[0], ~got[1])
        elif rule.kind == "money":
            from workbench.generate.money import apply_money

            apply_money(gen, rule, batch)
        elif rule.kind == "product":
            qty, price = batch[rule.columns[1]], batch[rule.columns[2]]
            ok = ~qty.nulls & ~price.nulls
            scale = gen.specs[rule.columns[0]].info.scale  # a dinar's line keeps its mils
            scale = 2 if scale is None else int(scale)
            _assign(target, round_half_up(qty.values * price.values, scale), ok)
        elif rule.kind == "derive":
            _derive(gen, rule, batch, target)
        elif rule.kind == "after":
            rng = gen.rng(f"lineage:after:{rule.columns[0]}", start)
            if "column" in rule.data:
                base_col = batch[rule.data["column"]]
                base, missing = _us(base_col), base_col.nulls
            else:
                got = _source_values(gen, rule.data["path"], rule.data["source"], batch)
                if got is None:
                    continue
                base, missing = np.asarray(got[0]).astype("datetime64[us]"), got[1]
            bad = ~missing & ~target.nulls & (_us(target) <= base)
            _store(target, base + _gap(rng, base.size, 10), np.flatnonzero(bad))


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


def _derive(gen: TableGenerator, rule: Rule, batch: Batch, target: Col) -> None:
    values, nulls, fits = derived(gen, rule, batch, target)
    _assign(target, values, ~nulls & fits)
    if target.nullable:
        target.nulls[fits] = nulls[fits]


def derived(
    gen: TableGenerator, rule: Rule, batch: Batch, target: Col
) -> tuple[Any, Any, np.ndarray]:
    """A declared derive's values over the batch (rounded to a decimal target's scale), where
    it gives NULL, and where its value fits the column's type (a row whose value does not
    keeps its drawn one: declared_held.py counts it)."""
    from workbench.generate.checks import Unsupported, evaluate

    n = target.values.size
    try:
        val = evaluate(rule.data["tree"], batch, n, gen.env)
    except (OverflowError, Unsupported) as err:  # beyond 64 bits, a division by zero on a row
        gen.__dict__.setdefault("derive_failures", {})[rule.columns[0]] = str(err)
        return target.values, np.zeros(n, bool), np.zeros(n, bool)
    values = np.broadcast_to(
        np.asarray(val.values, dtype=object if val.kind == "text" else None), (n,)
    )
    nulls = np.broadcast_to(np.asarray(val.nulls, dtype=bool), (n,))
    fits = np.ones(n, bool)
    if target.kind in ("int", "decimal", "float") and values.dtype != object:
        from workbench.generate.totals_memory import _fits

        if target.kind == "decimal":
            values = np.round(
                values.astype(np.float64), int(gen.specs[rule.columns[0]].info.scale or 2)
            )
        fits = nulls | _fits(gen, rule.columns[0], values.astype(np.float64))
        fits &= ~_wrapped(gen, rule, batch, n)
    length = gen.specs[rule.columns[0]].info.length
    if target.kind == "text" and length is not None and values.dtype == object:
        fits = nulls | (np.char.str_len(values.astype(str)) <= length)
    if target.kind in _TIME_RANGE and values.dtype.kind == "M":
        lo, hi = _TIME_RANGE[target.kind]
        unit = np.datetime_data(lo.dtype)[0]
        days = values.astype(f"datetime64[{unit}]")
        fits = nulls | ((days >= lo) & (days <= hi))
    return values, nulls, fits


# PostgreSQL's date and timestamp ranges (a day inside, for time zones), in units numpy holds
_TIME_RANGE = {
    "date": (np.datetime64("-4712-01-02", "D"), np.datetime64("5874897-12-30", "D")),
    "timestamp": (np.datetime64("-4712-01-02", "s"), np.datetime64("294276-12-30", "s")),
}


def _wrapped(gen: TableGenerator, rule: Rule, batch: Batch, n: int) -> np.ndarray:
    """Rows where 64-bit integer arithmetic of the derive wrapped around: the same expression
    over the integers as floats leaves the 64-bit range there."""
    from workbench.generate.checks import Col, Unsupported, evaluate

    ints = {k: c for k, c in batch.items() if c.kind == "int" and c.values.dtype != object}
    if not ints:
        return np.zeros(n, bool)
    shadow = dict(batch)
    for name, col in ints.items():
        shadow[name] = Col(col.values.astype(np.float64), col.nulls, "float")
    try:
        val = evaluate(rule.data["tree"], shadow, n, gen.env)
        wide = np.broadcast_to(np.asarray(val.values, dtype=np.float64), (n,))
    except (Unsupported, ValueError, TypeError, OverflowError):
        return np.zeros(n, bool)
    out: np.ndarray = ~np.isfinite(wide) | (np.abs(wide) >= 2.0**63)
    return out
