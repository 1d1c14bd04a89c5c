"""Parents' totals and counters that agree with their children.

A parent column named like a total (`total_amount`, `grand_total`, `subtotal`…) is the sum of
its lines' amounts (a line total column, or quantity × unit price), and one named like a
counter (`items_count`, `line_count`, `num_comments`, `reply_count`…) the number of its
children, when exactly one child table fits: it references the parent through one foreign key
and reads like its lines (`order_items`, `invoice_lines`) or carries quantity and price. The
kinds must agree (integer cents with integer lines, decimals with decimals). sandbox.toml
declares what names do not say:

    [tables."public.orders".columns.total_amount]
    sum_of = "order_items.quantity * order_items.unit_price"   # or "order_items.line_total"
    [tables."public.orders".columns.items_count]
    count_of = "order_items"

The sums are computed before the parent's rows are sent, from its children generated in
memory (totals_memory.py); failing that, by a post-pass in SQL once every table is loaded
(totals_load.py), which recomputes from what the database holds, so a resumed run, a reloaded
child table and a reset reach the same values. A row whose sum a CHECK of its table (or the
column's type) rejects keeps its drawn value, and the run says how many. A column copied
from a rolled-up one across a foreign key (a payment's amount from its order's total) is
copied again afterwards."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from workbench.errors import ConfigError
from workbench.generate.base.names import normalise
from workbench.generate.base.tables import partition_root
from workbench.generate.kinds import (
    item_sums,
    lifetime_sums,
    part_sums,
    parts_done,
    split_totals,
    table_sums,
    unit_parts,
)
from workbench.generate.kinds.amount_names import quantity_named, stem_names, worded_line_total
from workbench.generate.kinds.arithmetic import RATE_WORDS, TAX_WORDS, formula, summed_stem
from workbench.generate.kinds.asked import asked_total
from workbench.generate.kinds.lines_of import line_like
from workbench.generate.kinds.rollup import Rollup
from workbench.generate.kinds.total_names import BARE as _BARE
from workbench.generate.kinds.total_names import LINE_TOTALS, QTY, SUM_NAMES, UNIT_PRICES
from workbench.schema import memo
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.config.file import Config
    from workbench.schema.model import Column, ForeignKey, Schema, Table

_COUNT = re.compile(r"^(?:(?P<a>.+)_count|count_(?P<b>.+)|num_(?P<c>.+)|n_(?P<d>.+)|"
                    r"number_of_(?P<e>.+)|total_(?P<f>.+))$")  # fmt: skip
_NUMERIC = ("int", "decimal", "float")


def _kind(schema: Schema, column: Column) -> str:
    return resolve_type(schema, column.type).kind


def _ident(name: str) -> str:
    from psycopg import sql

    return sql.Identifier(name).as_string(None)


def _fks_to(schema: Schema, child: Table, parent: str) -> list[ForeignKey]:
    return [fk for fk in child.foreign_keys if partition_root(schema, fk.ref_qualified) == parent]


_INDEX: dict[int, tuple[Schema, dict[str, list[Table]]]] = {}


def _children(schema: Schema, parent: str) -> list[Table]:
    """Tables referencing `parent` (not itself), computed once per schema."""
    got = _INDEX.get(id(schema))
    if got is None or got[0] is not schema:
        index: dict[str, list[Table]] = {}
        for table in schema.tables.values():
            if table.partition_of:
                continue
            for name in {partition_root(schema, fk.ref_qualified) for fk in table.foreign_keys}:
                if name != table.qualified:
                    index.setdefault(name, []).append(table)
        if len(_INDEX) > 8:
            _INDEX.clear()
        got = (schema, index)
        _INDEX[id(schema)] = got
    return got[1].get(parent, [])


def _settable(schema: Schema, table: Table, column: Column) -> bool:
    """A plain column a post-pass may overwrite: no key, FK, unique or partition key."""
    if column.generated is not None or column.identity:
        return False
    keyed = set(table.primary_key.columns) if table.primary_key else set()
    for unique in table.uniques:
        keyed |= {c for c in unique.columns if c}
    for fk in table.foreign_keys:
        keyed |= set(fk.columns)
    for index in table.indexes:
        if index.unique:
            keyed |= {c for c in index.columns if c}
    if column.name in keyed:
        return False
    return not (table.partition_by and column.name in table.partition_by)


def line_totals(norms: dict[str, str]) -> list[str]:
    """The line's stored totals among its columns (normalised name -> name), best first: those
    of LINE_TOTALS in its order, then those whose words say a line's pre-tax amount
    (amount_names.worded_line_total: `line_net`, `item_net_amount`; never a unit price)."""
    found = [norms[n] for n in LINE_TOTALS if n in norms]
    worded = (n for k, n in norms.items() if worded_line_total(k) and k not in UNIT_PRICES)
    return found + [n for n in worded if n not in found]


def line_total(norms: dict[str, str]) -> str | None:
    """The best of line_totals, if any."""
    return next(iter(line_totals(norms)), None)


def _amount(schema: Schema, child: Table, kind: str) -> tuple[str, str, int] | None:
    """The child's line amount as (SQL over the row's columns, as shown, strength), of the
    parent's kind."""
    same = [c for c in child.columns if _same_kind(_kind(schema, c), kind)]
    norms = {normalise(c.name): c.name for c in same}
    counts = {normalise(c.name): c.name for c in child.columns if _kind(schema, c) in _NUMERIC}
    lines = line_like(child)
    price = next((norms[n] for n in UNIT_PRICES if n in norms), None)
    qty = quantity_named(counts, QTY, (schema, child, price) if price else None)
    if qty and price:
        # the line's stored total when it has one (rounded as the line holds it)
        total = line_total(norms)
        if total is not None:
            return _ident(total), total, 3
        return f"{_ident(qty)} * {_ident(price)}", f"{qty} × {price}", 3
    for name in LINE_TOTALS:
        if name in norms and (lines or name not in _BARE):
            return _ident(norms[name]), norms[name], 2
    if price and lines:
        return _ident(price), price, 1
    return None


def _same_kind(a: str, b: str) -> bool:
    if a == "int" or b == "int":
        return a == b
    return a in _NUMERIC and b in _NUMERIC


def _stem_amount(schema: Schema, child: Table, stem: str, kind: str) -> tuple[str, str, int] | None:
    """The child's amount named for what the parent's `<stem>_total` sums (a booking's
    fare_total over its segments' fare_amount, a stay's room_total over its nights'
    room_rate): the names state the sum, whatever the tables are called."""
    if not stem:
        return None
    names = stem_names(stem)
    for c in sorted(child.columns, key=lambda c: normalise(c.name).endswith(("_rate", "_pct"))):
        if normalise(c.name) in names and _same_kind(_kind(schema, c), kind):
            return _ident(c.name), c.name, 3
    return None


def _taxed(schema: Schema, child: Table, column: Column, kind: str) -> tuple[str, str, int] | None:
    """A parent's tax as the sum of its lines' own amount of that tax (a line's tax_amount),
    else of their amounts times their own rate of it (a line's vat_rate for the invoice's
    vat_amount, tax_rate for an order's tax): (SQL over the line's columns, as shown,
    strength). A rate whose type holds 10 or more is a percentage."""
    words = set(normalise(column.name).split("_")) & TAX_WORDS
    if not words:
        return None
    for c in child.columns:  # the line's own amount of that tax (a line's vat_amount)
        own = set(normalise(c.name).split("_"))
        if own & words and not own & RATE_WORDS and _same_kind(_kind(schema, c), kind):
            return _ident(c.name), c.name, 4
    amount = _amount(schema, child, kind)
    if amount is None or not (amount[2] >= 3 or line_like(child)):
        return None
    for c in child.columns:
        own = set(normalise(c.name).split("_"))
        info = resolve_type(schema, c.type)
        if not own & words or not own & RATE_WORDS or info.kind not in _NUMERIC:
            continue
        whole = (info.precision or 10) - (info.scale or 0)
        share = " / 100" if info.kind == "int" or "percent" in own or "pct" in own else ""
        share = share or (" / 100" if whole >= 2 else "")
        expr = f"{amount[0]} * {_ident(c.name)}{share}"
        shown = f"{amount[1]} × {c.name}{share.replace(' / ', ' ÷ ')}"
        return expr, shown, amount[2]
    return None


def _split(schema: Schema, table: Table, column: Column) -> Rollup | None:
    """A sum of the lines whose referenced row's label adds or takes (split_totals.py)."""
    kind = _kind(schema, column)
    if kind not in _NUMERIC or not _settable(schema, table, column):
        return None
    found = []
    for child in _children(schema, table.qualified):
        fks = _fks_to(schema, child, table.qualified)
        labelled = split_totals.labelled_parent(schema, child) if len(fks) == 1 else None
        amount = _amount(schema, child, kind) if labelled is not None else None
        if labelled is None or amount is None or not (amount[2] >= 3 or line_like(child)):
            continue
        key, other, ref, label, sides = labelled
        side = split_totals.column_side(column, sides)
        if side is None:
            continue
        expr = re.sub(r'("(?:[^"]|"")*")', r"c.\1", amount[0])
        summed, shown = split_totals.split_expr(expr, key, label, sides, side)
        keys = (tuple(fks[0].columns), tuple(fks[0].ref_columns))
        split = _split_parts(schema, child, kind, label, sides)
        found.append(Rollup(table.qualified, column.name, "sum", child.qualified, *keys, summed,
                            shown.replace("c.", ""), joined=(other, key, ref),
                            split=split))  # fmt: skip
    return found[0] if len(found) == 1 else None


def _split_parts(
    schema: Schema, child: Table, kind: str, label: str, sides: dict[str, str | None]
) -> split_totals.Split:
    same = {normalise(c.name): c.name for c in child.columns if _same_kind(_kind(schema, c), kind)}
    counts = {normalise(c.name): c.name for c in child.columns if _kind(schema, c) in _NUMERIC}
    return split_totals.Split(
        label,
        tuple(lb for lb, s in sides.items() if s == "add"),
        tuple(lb for lb, s in sides.items() if s == "take"),
        line_total(same) or "",
        quantity_named(counts, QTY) or "",
        next((same[n] for n in UNIT_PRICES if n in same), ""),
    )


def _inferred(schema: Schema, table: Table, column: Column) -> Rollup | None:
    split = _split(schema, table, column)
    if split is not None:
        return split
    norm = normalise(column.name)
    row_formula = formula(schema, table)
    # the subtotal a row's total adds tax to, named for what it sums (`fare_total`)
    subtotal = row_formula is not None and column.name == row_formula.subtotal
    # … and the other parts it adds, named the same way (hammer_total beside premium_total)
    part = row_formula is not None and column.name in row_formula.adds
    stem = summed_stem(column.name) if subtotal or part else ""
    taxed = row_formula is not None and column.name in row_formula.taxes
    asked = asked_total(norm) and not (taxed or stem or subtotal)  # kinds/asked.py
    worded = subtotal or taxed or stem or asked
    counted = _COUNT.match(norm) or parts_done.parts_done(norm)  # holes_played: kinds/parts_done
    said = norm in SUM_NAMES or counted or worded or summed_stem(norm) or part
    children = _children(schema, table.qualified)
    if not said and not any(parts_done.numbered_parts(norm, table, c) for c in children):
        return None  # (a `<what>_total`: its lines' `<what>_amount` when they hold one)
    kind = _kind(schema, column)
    if kind not in _NUMERIC or not _settable(schema, table, column):
        return None
    if row_formula is not None and column.name == row_formula.total:
        return None  # the subtotal is the lines' sum; the total adds tax to it (arithmetic.py)
    found: list[tuple[int, Rollup]] = []
    # a part summing a table of its own (disbursements_total over its disbursements rows)
    own = table_sums.own_table(schema, table, column) if subtotal or stem else None
    for child in _children(schema, table.qualified):
        fks = _fks_to(schema, child, table.qualified)
        if len(fks) != 1 or (own is not None and child.qualified != own):
            continue  # two paths to the parent (from/to): which one counts is not clear
        fk = fks[0]
        base = (table.qualified, column.name)
        keys = (tuple(fk.columns), tuple(fk.ref_columns))
        lines = line_like(child) or parts_done.per_part(schema, child, table.qualified) is not None
        held = norm not in SUM_NAMES and not worded and lines and summed_stem(norm)
        named = _stem_amount(schema, child, stem or (held or ""), kind)  # total_litres: litres
        if taxed:  # the lines' amounts times their own rate of the tax, or no rollup
            named = _taxed(schema, child, column, kind)
            if named is not None:
                expr = re.sub(r'("(?:[^"]|"")*")', r"c.\1", named[0])
                rollup = Rollup(*base, "sum", child.qualified, *keys, expr, named[1],
                                row_expr=named[0])  # fmt: skip
                found.append((named[2] + line_like(child), rollup))
        elif named is not None:
            expr = re.sub(r'("(?:[^"]|"")*")', r"c.\1", named[0])
            rollup = Rollup(*base, "sum", child.qualified, *keys, expr, named[1],
                            row_expr=named[0])  # fmt: skip
            found.append((named[2] + 1, rollup))
        elif part and (per := unit_parts.rollup(schema, table, column, child, stem, QTY)):
            found.append((4, per))  # quantity × the part per unit (kinds/unit_parts.py)
        elif norm in SUM_NAMES or subtotal or asked:  # a subtotal sums its lines' amounts
            amount = _amount(schema, child, kind)
            if amount is not None and (amount[2] >= 3 or line_like(child)):
                expr = re.sub(r'("(?:[^"]|"")*")', r"c.\1", amount[0])
                rollup = Rollup(*base, "sum", child.qualified, *keys, expr, amount[1],
                                row_expr=amount[0])  # fmt: skip
                found.append((amount[2] + line_like(child), rollup))
        elif kind == "int" and (
            _counts(norm, table, child)
            or parts_done.counts_parts(norm, schema, child, table.qualified)
        ):
            found.append((1, Rollup(*base, "count", child.qualified, *keys, "", "rows")))
    if not found and own is not None:  # the table's one amount, whatever it is called
        return table_sums.own_rollup(schema, table, column, own)
    if not found and (norm in SUM_NAMES or subtotal) and not taxed:
        return _sibling(schema, table, column, kind) or _several(schema, table, column, kind)
    if not found:
        return None
    found.sort(key=lambda f: -f[0])
    if len(found) > 1 and found[0][0] == found[1][0]:
        return None  # two children fit as well: leave it to a declared rule
    return found[0][1]


def _sibling(schema: Schema, table: Table, column: Column, kind: str) -> Rollup | None:
    """A total with no lines of its own that sums the lines of the row it bills: an invoice's
    net over the charges of its rental (both reference the rental; the charges read as lines,
    quantity × price or a table of lines), or over several tables of them (a repair's invoice
    over its job's labour lines and parts lines: the sums added, Rollup.also). Only through a
    required key, and only when the tables of lines hang off exactly one of the row's
    parents."""
    found: dict[str, list[tuple[int, Rollup]]] = {}
    for fk in table.foreign_keys:
        parent = partition_root(schema, fk.ref_qualified)
        columns = [table.column(c) for c in fk.columns]
        if parent == table.qualified or not all(c is not None and not c.nullable for c in columns):
            continue
        if len(_fks_to(schema, table, parent)) != 1:
            continue  # two keys to that parent: which one the lines share is not clear
        for child in _children(schema, parent):
            fks = _fks_to(schema, child, parent)
            if child is table or len(fks) != 1 or table.qualified in _referenced(schema, child):
                continue
            amount = _amount(schema, child, kind) or _charged(schema, child, kind)
            if amount is None or not (amount[2] >= 3 or line_like(child)):
                continue
            expr = re.sub(r'("(?:[^"]|"")*")', r"c.\1", amount[0])
            rollup = Rollup(table.qualified, column.name, "sum", child.qualified,
                            tuple(fks[0].columns), tuple(fk.columns), expr, amount[1],
                            row_expr=amount[0], via=parent)  # fmt: skip
            found.setdefault(parent, []).append((amount[2], rollup))
    if len(found) != 1:
        return None
    lines = sorted(next(iter(found.values())), key=lambda f: -f[0])
    return replace(lines[0][1], also=tuple(r for _, r in lines[1:]))


def _charged(schema: Schema, child: Table, kind: str) -> tuple[str, str, int] | None:
    """A table of lines' one amount named for what it charges (`labour_amount`,
    `service_charge`): (SQL, as shown, strength 1), where no quantity, price or line total
    says the line's amount; None for none or several."""
    if not line_like(child):
        return None
    named = []
    for c in child.columns:
        norm = normalise(c.name)
        words = norm.split("_")
        if len(words) < 2 or words[-1] not in _AMOUNT_WORDS or norm in _BARE:
            continue
        if norm in UNIT_PRICES or set(words) & RATE_WORDS or not _same_kind(_kind(schema, c), kind):
            continue
        if any(c.name in fk.columns for fk in child.foreign_keys):
            continue
        named.append(c.name)
    return (_ident(named[0]), named[0], 1) if len(named) == 1 else None


# what an amount is named for: `<what>_<word>` names the part of a total a line holds
_AMOUNT_WORDS = frozenset({"amount", "price", "cost", "fee", "charge", "value", "total"})


def _several(schema: Schema, table: Table, column: Column, kind: str) -> Rollup | None:
    """A total with no one table of lines that sums several: the tables referencing the row
    by one key that may not be NULL and holding one amount under one qualified name
    (`charge_amount`: a job's labour, parts and sundries; not a bare `amount`, which a
    payment and a refund hold too). Exactly one such name, held by two tables or more."""
    holders: dict[str, list[tuple[Table, ForeignKey, str]]] = {}
    for child in _children(schema, table.qualified):
        fks = _fks_to(schema, child, table.qualified)
        if len(fks) != 1 or any(_nullable(child, c) for c in fks[0].columns):
            continue
        for c in child.columns:
            words = normalise(c.name).split("_")
            if len(words) < 2 or words[-1] not in _AMOUNT_WORDS or normalise(c.name) in _BARE:
                continue
            if c.name in fks[0].columns or not _same_kind(_kind(schema, c), kind):
                continue
            holders.setdefault(normalise(c.name), []).append((child, fks[0], c.name))
    shared = [lines for lines in holders.values() if len(lines) >= 2]
    if len(shared) != 1:
        return None
    rollups = []
    for child, fk, name in shared[0]:
        expr = "c." + _ident(name)
        rollups.append(Rollup(table.qualified, column.name, "sum", child.qualified,
                              tuple(fk.columns), tuple(fk.ref_columns), expr, name,
                              row_expr=_ident(name)))  # fmt: skip
    return replace(rollups[0], also=tuple(rollups[1:]))


def _nullable(table: Table, column: str) -> bool:
    model = table.column(column)
    return model is None or model.nullable


def _referenced(schema: Schema, table: Table) -> set[str]:
    return {partition_root(schema, fk.ref_qualified) for fk in table.foreign_keys}


def _counts(norm: str, parent: Table, child: Table) -> bool:
    """`items_count`, `num_lines`, `comment_count`, `number_of_replies`: a counter of this
    child, by its name (with or without the parent's name before it) or, for a child of
    lines, the generic words; `floors` over its numbered floors (kinds/parts_done)."""
    match = _COUNT.match(norm)
    if match is None:
        return parts_done.numbered_parts(norm, parent, child)
    stem = next(v for v in match.groupdict().values() if v)
    names = parts_done.child_names(parent, child)
    words = {parts_done.singular(w) for w in names} | names
    if line_like(child):
        words |= {"item", "items", "line", "lines", "line_item", "line_items", "product",
                  "products", "position", "positions"}  # fmt: skip
    if match.group("f") is not None:  # total_items: only with a plural that names children
        return stem in names or (stem in words and stem.endswith("s"))
    return stem in words or parts_done.singular(stem) in words


# --- declared --------------------------------------------------------------------------------


def _declared(schema: Schema, table: Table, column: Column, config: Config) -> Rollup | None:
    section = config.tables.get(table.qualified)
    override = section.columns.get(column.name) if section is not None else None
    if override is None or not (override.sum_of or override.count_of):
        return None
    key = f'tables."{table.qualified}".columns.{column.name}'
    if override.sum_of and override.count_of:
        raise _bad(config, key, "sum_of or count_of, not both")
    if override.count_of:
        child, fk = _declared_child(schema, table, override.count_of, config, f"{key}.count_of")
        if _kind(schema, column) != "int":
            raise _bad(config, f"{key}.count_of", f"{column.name} is not an integer column")
        keys = (tuple(fk.columns), tuple(fk.ref_columns))
        return Rollup(table.qualified, column.name, "count", child.qualified, *keys, "", "rows",
                      declared=True)  # fmt: skip
    return _declared_sum(schema, table, column, config, f"{key}.sum_of", override.sum_of or "")


def _bad(config: Config, key: str, what: str) -> ConfigError:
    return ConfigError(f"{config.path}: {key}: {what}.")


def _declared_child(
    schema: Schema, table: Table, name: str, config: Config, key: str
) -> tuple[Table, ForeignKey]:
    qualified = name if "." in name else f"public.{name}"
    child = schema.tables.get(qualified)
    if child is None:
        raise _bad(config, key, f"no table {name!r} in schema.sql")
    fks = _fks_to(schema, child, table.qualified)
    if len(fks) != 1:
        what = "no foreign key" if not fks else f"{len(fks)} foreign keys"
        raise _bad(
            config,
            key,
            f"{child.qualified} has {what} to {table.qualified}; expected a table whose rows "
            "reference this one through exactly one foreign key",
        )
    return child, fks[0]


def _not_row() -> tuple[type, ...]:
    from sqlglot import exp

    return (exp.Query, exp.Subquery, exp.Block, exp.DDL, exp.DML, exp.Command, exp.Star)


def _declared_sum(
    schema: Schema, table: Table, column: Column, config: Config, key: str, text: str
) -> Rollup:
    import sqlglot
    from sqlglot import exp

    try:
        tree = sqlglot.parse_one(text, read="postgres")
    except Exception as err:  # sqlglot raises several error types
        first = re.sub(r"\x1b\[[0-9;]*m", "", str(err)).splitlines()[0].rstrip(".")
        raise _bad(config, key, f"not an SQL expression ({first})") from None
    if not isinstance(tree, exp.Expression) or any(
        isinstance(node, _not_row()) for node in tree.walk()
    ):
        raise _bad(
            config,
            key,
            "expected one expression over a child row's columns (no statements, subqueries "
            f"or semicolons), got {text!r}",
        )
    columns = list(tree.find_all(exp.Column))
    owners = {".".join(p for p in (c.db, c.table) if p) for c in columns}
    if not columns or len(owners) != 1 or "" in owners:
        raise _bad(
            config,
            key,
            f"expected an expression over one child table's columns, each written \"<table>."
            f'<column>" (such as "order_items.quantity * order_items.unit_price"), got {text!r}',
        )
    child, fk = _declared_child(schema, table, owners.pop(), config, key)
    known = {c.name for c in child.columns}
    unknown = sorted({c.name for c in columns} - known)
    if unknown:
        raise _bad(config, key, f"{child.qualified} has no column(s) {', '.join(unknown)}")

    def bare(node: exp.Expression, table: str | None) -> exp.Expression:
        if isinstance(node, exp.Column):
            return exp.column(node.name, table=table, quoted=True)
        return node

    row_expr = tree.copy().transform(lambda node: bare(node, None)).sql(dialect="postgres")
    sql_text = tree.transform(lambda node: bare(node, "c")).sql(dialect="postgres")
    shown = re.sub(r"\b" + re.escape(child.name) + r"\.", "", text)
    keys = (tuple(fk.columns), tuple(fk.ref_columns))
    return Rollup(table.qualified, column.name, "sum", child.qualified, *keys, sql_text, shown,
                  declared=True, row_expr=row_expr)  # fmt: skip


# --- the plan --------------------------------------------------------------------------------


@memo.by_identity  # the plan, its edges, its lines and each table's generator all ask
def rollup_for(schema: Schema, table: Table, column: Column, config: Config) -> Rollup | None:
    """The rule that sets this column from its children, if any (declared wins)."""
    declared = _declared(schema, table, column, config)
    if declared is not None:
        return declared
    if config.tables.get(table.qualified) is not None:
        override = config.tables[table.qualified].columns.get(column.name)
        if override is not None and (override.copy_from or override.derive):
            return None  # another declared rule says where the value comes from
    keyed = {c for u in table.uniques for c in u.columns}
    if table.primary_key is not None:
        keyed.update(table.primary_key.columns)
    if column.name in keyed:
        return None  # a column of a key says which row it is (`line_no`): a sum breaks the key
    return (
        item_sums.more_items(schema, table, _inferred(schema, table, column))
        or part_sums.whole_rollup(schema, table, column)
        or lifetime_sums.lifetime_rollup(schema, table, column)
    )


def describe(schema: Schema, table: Table, column: Column, config: Config) -> str:
    """The rollup as `workbench classify` and the TUI's details show it ("" for none)."""
    try:
        rollup = rollup_for(schema, table, column, config)
    except ConfigError:
        return ""  # reported with its file and key when the run plans the table
    return "" if rollup is None else "; " + rollup.detail


def table_rollups(schema: Schema, table: Table, config: Config) -> list[Rollup]:
    """Every rollup of a table's columns; a bad declared rule raises ConfigError."""
    out = []
    for column in table.columns:
        rollup = rollup_for(schema, table, column, config)
        if rollup is not None:
            out.append(rollup)
    return out


def describe_all(rollups: list[Rollup]) -> list[dict[str, Any]]:
    return [{"rule": r.kind, "columns": [r.column], "detail": r.detail} for r in rollups]


def summed_lines(schema: Schema, config: Config, names: list[str]) -> dict[str, str]:
    """child table -> the one parent whose total sums its rows (a document and its lines: an
    invoice's subtotal over its invoice lines, a booking's fare total over its segments), for
    the plan to give every document lines of its own. A table two parents sum, or one a
    counter only counts (a customer's order_count), is nobody's lines."""
    found: dict[str, set[str]] = {}
    for name in names:
        try:
            rollups = table_rollups(schema, schema.tables[name], config)
        except ConfigError:
            continue  # reported with its key when the table is generated
        for rollup in rollups:
            if rollup.kind == "sum" and rollup.child in names and rollup.child != name:
                # a sibling sum's lines are those of the row both reference (a rental's charges)
                found.setdefault(rollup.child, set()).add(rollup.via or name)
    return {child: next(iter(p)) for child, p in found.items() if len(p) == 1}
