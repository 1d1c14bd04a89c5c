"""Capacity, for the plan: how many rows a table's keys allow (the product of their finite
domains, foreign keys counted by their parents' rows), so the table is capped with a warning
naming the key rather than failing."""

from __future__ import annotations

from typing import Any

from sqlglot import exp

from workbench.generate.base.sqltree import column_name, columns_of, conjuncts, strip
from workbench.generate.checks import checks_for, column_hints
from workbench.generate.kinds.semantics import decide_column
from workbench.generate.plan.domains import finite_domain
from workbench.generate.plan.keys import table_keys
from workbench.schema.model import Schema, Table
from workbench.schema.typeinfo import resolve_type


def capacity(
    schema: Schema,
    table: Table,
    config: Any,
    parent_rows: dict[str, int],
    fk_parent: dict[str, tuple[str, Any]],
) -> tuple[int | None, str]:
    """How many rows the table's keys allow, and the key that limits it (None: unbounded).

    Only keys without a predicate can limit a table (rows outside a partial index are
    unconstrained), and only when no column of the key is nullable (NULLs are distinct) and
    none can carry the row number."""

    pk = set(table.primary_key.columns) if table.primary_key else set()
    best: tuple[int | None, str] = (None, "")
    ordered, unequal = _ordered_fk_pairs(schema, table, fk_parent)
    for key in table_keys(table):
        if key.predicate is not None or key.overlap or key.unsupported or not key.parts:
            continue
        product = 1
        seen_fks: set[int] = set()
        bounded = True
        for part in key.parts:
            names = [part.column] if part.column else sorted(columns_of(part.tree))
            if not names:
                continue
            for name in names:
                col = table.column(name)
                if col is None or col.generated is not None:
                    bounded = False
                    break
                info = resolve_type(schema, col.type)
                hints = column_hints(schema, table, col)
                nullable = (
                    col.nullable
                    and name not in pk
                    and not info.domain_not_null
                    and not hints.not_null
                )
                if nullable and not key.nulls_not_distinct:
                    bounded = False
                    break
                if name in fk_parent:
                    parent, fk = fk_parent[name]
                    if id(fk) not in seen_fks:
                        seen_fks.add(id(fk))
                        size = max(parent_rows.get(parent, 0), 0)
                        partner = ordered.get(name)
                        if partner is not None and partner in fk_parent and len(fk.columns) == 1:
                            # (a, b) with CHECK (a < b): unordered pairs of distinct
                            # parents; with CHECK (a <> b): ordered pairs of distinct parents
                            seen_fks.add(id(fk_parent[partner][1]))
                            size = size * (size - 1) // (1 if name in unequal else 2)
                        product *= size
                    continue
                decision = decide_column(schema, table, col, config)
                domain = finite_domain(
                    info, hints, decision.generator, decision.params, column=col.name
                )
                if domain is None:
                    bounded = False
                    break
                product *= domain.size
            if not bounded:
                break
        if bounded and (best[0] is None or product < best[0]):
            what = "1 distinct value" if product == 1 else f"{product} distinct values"
            best = (product, f"{key.label} admits only {what}")
    return best


def column_comparisons(schema: Schema, table: Table) -> list[tuple[exp.Expression, str, str]]:
    """The table's CHECK conjuncts that compare two columns (a < b, <=, >, >=, a <> b), as
    (conjunct, left column, right column); orderings first, since a < b implies a <> b."""
    parts = [p for _, tree in checks_for(schema, table) for p in conjuncts(tree)]
    parts.sort(key=lambda p: type(p) is exp.NEQ)
    out = []
    for part in parts:
        if type(part) not in (exp.LT, exp.GT, exp.LTE, exp.GTE, exp.NEQ):
            continue
        left, right = strip(part.this), strip(part.expression)
        if isinstance(left, exp.Column) and isinstance(right, exp.Column):
            out.append((part, column_name(left), column_name(right)))
    return out


def _ordered_fk_pairs(
    schema: Schema, table: Table, fk_parent: dict[str, tuple[str, Any]]
) -> tuple[dict[str, str], set[str]]:
    """Single-column FKs to one parent that a CHECK orders (a < b) or keeps apart (a <> b):
    column -> partner, and the columns of the unequal pairs, as the generator draws them
    (see `UniquePlan._ordered_pairs`: orderings first)."""
    out: dict[str, str] = {}
    unequal: set[str] = set()
    for part, a, b in column_comparisons(schema, table):
        if a in out or b in out or a == b or a not in fk_parent or b not in fk_parent:
            continue
        if fk_parent[a][0] == fk_parent[b][0]:
            out[a], out[b] = b, a
            if type(part) is exp.NEQ:
                unequal |= {a, b}
    return out, unequal
