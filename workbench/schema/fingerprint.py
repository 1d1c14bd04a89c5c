"""The schema fingerprint: a stable hash of the normalised model.

The same database described by schema.sql and by its live catalog must hash the same, although
PostgreSQL rewrites what it stores: `price > 0` comes back as `(price > (0)::numeric)`,
`c IN ('a','b')` as `((c)::text = ANY ((ARRAY['a'::character varying, …])::text[]))`,
`x BETWEEN 0 AND 2` as `((x >= 0) AND (x <= 2))`, function names come back schema-qualified.
Expressions are therefore compared as sqlglot trees reduced to a canonical form: parentheses
and casts dropped, IN / = ANY(ARRAY[…]) / BETWEEN unified, identifiers folded the way
PostgreSQL folds them, literals compared by value. Names PostgreSQL makes up (constraint and
index names, sequence names) and the order of statements, whitespace and comments do not count.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from sqlglot import exp

from workbench.schema.model import ColumnType, Expr, Schema, Table, format_type
from workbench.schema.pgtext import parse_interval

_WRAPPERS = (exp.Paren, exp.Cast, exp.TryCast)
_LITERALS = (exp.Literal, exp.ByteString, exp.RawString, exp.National, exp.HexString)


def _unwrap(n: Any) -> Any:
    while isinstance(n, _WRAPPERS):
        n = n.this
    return n


def _array_items(n: Any) -> list[Any] | None:
    """Elements of ARRAY[…] (through parentheses and casts), or None."""
    n = _unwrap(n)
    if isinstance(n, exp.Array):
        return list(n.expressions)
    return None


def _in(x: str, items: list[str], negate: bool = False) -> str:
    """x IN (…) and x = ANY (ARRAY[…]) alike; PostgreSQL turns a one-item list into = / <>."""
    if len(items) == 1:
        return _binary("neq" if negate else "eq", x, items[0])
    s = f"(in {x} [{' '.join(items)}])"
    return f"(not this={s})" if negate else s


def _binary(key: str, left: str, right: str) -> str:
    """The generic form canon_tree gives a binary node (args sorted: expression, this)."""
    return f"({key} expression={right} this={left})"


def _interval_lit(text: str) -> str:
    """An interval constant by its value: PostgreSQL stores '1 days' as '1 day' and '60
    minutes' as '01:00:00', so the text as written cannot be compared."""

    try:
        months, micros = parse_interval(text)
    except ValueError:
        return "lit:" + text
    return f"lit:interval:{months}:{micros}"


def canon_tree(n: Any) -> str:
    """A canonical S-expression of a sqlglot tree (see the module docstring)."""
    while isinstance(n, exp.Paren):
        n = n.this
    if isinstance(n, exp.Cast) and n.to.is_type("interval"):
        inner = _unwrap(n.this)
        if isinstance(inner, exp.Literal) and inner.is_string:
            return _interval_lit(str(inner.this))
    n = _unwrap(n)
    if n is None:
        return "_"
    if isinstance(n, list):
        return "[" + " ".join(canon_tree(x) for x in n) + "]"
    if not isinstance(n, exp.Expression):
        return str(n).lower() if isinstance(n, bool) else str(n)
    if isinstance(n, _LITERALS):
        return "lit:" + str(n.this)
    if isinstance(n, exp.Neg) and isinstance(_unwrap(n.this), exp.Literal):
        return "lit:-" + str(_unwrap(n.this).this)
    if isinstance(n, exp.Identifier):
        name: str = n.this
        return name if n.quoted else name.lower()
    if isinstance(n, exp.Column):
        return "col:" + canon_tree(n.this)
    if isinstance(n, exp.Dot) and isinstance(n.expression, exp.Func):
        return canon_tree(n.expression)  # schema-qualified function: public.f(x) ≡ f(x)
    if isinstance(n, exp.Between):
        # PostgreSQL stores x BETWEEN a AND b as (x >= a) AND (x <= b).
        x, lo, hi = (canon_tree(n.args[k]) for k in ("this", "low", "high"))
        return _binary("and", _binary("gte", x, lo), _binary("lte", x, hi))
    if isinstance(n, exp.Not) and isinstance(_unwrap(n.this), exp.Between):
        b = _unwrap(n.this)
        x, lo, hi = (canon_tree(b.args[k]) for k in ("this", "low", "high"))
        return _binary("or", _binary("lt", x, lo), _binary("gt", x, hi))
    if isinstance(n, exp.Interval):
        # INTERVAL '18 years' is read as (18, YEARS); PostgreSQL prints '18 years'::interval.
        unit = n.args.get("unit")
        text = str(_unwrap(n.this).this) if isinstance(_unwrap(n.this), exp.Literal) else "?"
        return _interval_lit(text + (" " + unit.name.lower() if unit is not None else ""))
    if (
        isinstance(n, exp.Not)
        and isinstance(_unwrap(n.this), exp.In)
        and _unwrap(n.this).expressions
    ):
        i = _unwrap(n.this)
        return _in(canon_tree(i.this), [canon_tree(e) for e in i.expressions], negate=True)
    if isinstance(n, exp.In) and n.expressions:
        return _in(canon_tree(n.this), [canon_tree(e) for e in n.expressions])
    if isinstance(n, exp.EQ) and isinstance(_unwrap(n.expression), exp.Any):
        items = _array_items(_unwrap(n.expression).this)
        if items:
            return _in(canon_tree(n.this), [canon_tree(e) for e in items])
    if isinstance(n, exp.NEQ) and isinstance(_unwrap(n.expression), exp.Anonymous):
        fn = _unwrap(n.expression)
        if str(fn.this).lower() == "all" and fn.expressions:
            items = _array_items(fn.expressions[0])
            if items:
                return _in(canon_tree(n.this), [canon_tree(e) for e in items], negate=True)
    if isinstance(n, exp.JSONExtract | exp.JSONExtractScalar):
        # `doc -> 'k'` as written reads as a JSON path; PostgreSQL prints `doc -> 'k'::text`
        return f"({n.key} expression={_json_key(n.expression)} this={canon_tree(n.this)})"
    if isinstance(n, exp.Anonymous):
        name = n.this if isinstance(n.this, str) else canon_tree(n.this)
        return f"(fn:{name.lower()} {canon_tree(n.expressions)})"
    parts = [n.key]
    for key in sorted(n.args):
        v = n.args[key]
        if v is None or v is False or v == [] or key.startswith("_"):
            continue
        parts.append(f"{key}={canon_tree(v)}")
    return "(" + " ".join(parts) + ")"


def _json_key(n: Any) -> str:
    """The key of one `->` / `->>` step: a JSON path of one key or subscript is its literal."""
    if isinstance(n, exp.JSONPath) and len(n.expressions) == 2:
        step = n.expressions[1]
        if isinstance(step, exp.JSONPathKey | exp.JSONPathSubscript):
            return "lit:" + str(step.this)
    return canon_tree(n)


def canon_expr(e: Expr | None) -> str | None:
    """Canonical text of an expression; a text fallback where sqlglot could not read it."""
    if e is None:
        return None
    if e.tree is not None:
        return canon_tree(e.tree)
    t = re.sub(r"::[\w. ]+(\[\])*|[()\s]", "", e.sql.lower())
    return "text:" + t


def type_text(ct: ColumnType) -> str:
    return format_type(ct)


def _index_key(cols: list[str | None], exprs: list[Expr | None]) -> list[str]:
    out = []
    for k, c in enumerate(cols):
        if c is not None:
            out.append(c)
        else:
            e = exprs[k] if k < len(exprs) else None
            out.append("expr:" + (canon_expr(e) or "?"))
    return out


def normalise_table(t: Table) -> dict[str, Any]:
    cols = [
        {
            "name": c.name,
            "type": type_text(c.type),
            "nullable": c.nullable,
            "default": c.default is not None,
            "identity": c.identity,
            "generated": canon_expr(c.generated) is not None,
        }
        for c in t.columns
    ]
    uniques = sorted(
        json.dumps(
            {
                "key": _index_key(u.columns, u.expressions),
                "where": canon_expr(u.predicate),
                "nulls_not_distinct": u.nulls_not_distinct,
            },
            sort_keys=True,
        )
        for u in t.uniques
    )
    fks = sorted(
        json.dumps(
            {
                "columns": f.columns,
                "ref": f.ref_qualified,
                "ref_columns": f.ref_columns,
                "on_delete": f.on_delete,
                "on_update": f.on_update,
                "deferrable": f.deferrable,
                "initially_deferred": f.initially_deferred,
                "match_full": f.match_full,
            },
            sort_keys=True,
        )
        for f in t.foreign_keys
    )
    indexes = sorted(
        json.dumps(
            {
                "key": _index_key(i.columns, i.expressions),
                "method": i.method,
                "where": canon_expr(i.predicate),
                "unique": i.unique,
            },
            sort_keys=True,
        )
        for i in t.indexes
    )
    return {
        "columns": cols,
        "primary_key": t.primary_key.columns if t.primary_key else None,
        "uniques": uniques,
        "foreign_keys": fks,
        "checks": sorted(canon_expr(c.expr) or "" for c in t.checks),
        "indexes": indexes,
        "partition_of": t.partition_of,
        "inherits": sorted(t.inherits),
    }


def normalise(schema: Schema) -> dict[str, Any]:
    """The model reduced to what the fingerprint covers, in a canonical order."""
    return {
        "tables": {k: normalise_table(schema.tables[k]) for k in sorted(schema.tables)},
        "enums": {k: schema.enums[k].labels for k in sorted(schema.enums)},
        "domains": {
            k: {
                "base": type_text(d.base),
                "nullable": d.nullable,
                "default": d.default is not None,
                "checks": sorted(canon_expr(c.expr) or "" for c in d.checks),
            }
            for k, d in sorted(schema.domains.items())
        },
        "views": sorted(schema.views),
    }


def fingerprint(schema: Schema) -> str:
    """sha256 (hex) of the normalised model."""
    blob = json.dumps(normalise(schema), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()
