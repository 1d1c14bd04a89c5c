"""The model as JSON (`workbench schema --json`) and as a readable text tree."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

from workbench.schema.model import (
    Expr,
    Schema,
    SkippedStatement,
    Table,
    UniqueConstraint,
    format_type,
)
from workbench.units import counted


def _sql(e: Expr | None) -> str | None:
    return e.sql if e is not None else None


def _table_json(t: Table) -> dict[str, Any]:
    return {
        "schema": t.schema,
        "name": t.name,
        "columns": [
            {
                "name": c.name,
                "type": format_type(c.type),
                "nullable": c.nullable,
                "default": _sql(c.default),
                "identity": c.identity,
                "generated": _sql(c.generated),
                "sequence": c.sequence,
                "user_defined_type": c.type.user_defined,
                "collation": c.collation,
                "comment": c.comment,
            }
            for c in t.columns
        ],
        "primary_key": t.primary_key.columns if t.primary_key else [],
        "foreign_keys": [
            {
                "name": f.name,
                "columns": f.columns,
                "ref_table": f.ref_qualified,
                "ref_columns": f.ref_columns,
                "on_delete": f.on_delete,
                "on_update": f.on_update,
                "deferrable": f.deferrable,
                "initially_deferred": f.initially_deferred,
                "not_valid": f.not_valid,
            }
            for f in t.foreign_keys
        ],
        "uniques": [
            {
                "name": u.name,
                "columns": u.columns,
                "expressions": [_sql(e) for e in u.expressions],
                "where": _sql(u.predicate),
                "nulls_not_distinct": u.nulls_not_distinct,
                "index": u.is_index,
            }
            for u in t.uniques
        ],
        "checks": [{"name": c.name, "expression": c.expr.sql} for c in t.checks],
        "indexes": [
            {"name": i.name, "columns": i.columns, "method": i.method, "unique": i.unique}
            for i in t.indexes
        ],
        "partition_of": t.partition_of,
        "partition_by": t.partition_by,
        "rows_from_schema_sql": t.file_rows,
        "inherits": t.inherits,
        "rls_enabled": t.rls_enabled,
        "policies": [p.name for p in t.policies],
        "comment": t.comment,
        "source": str(t.source) if t.source else None,
    }


def _summary(items: list[SkippedStatement]) -> list[dict[str, Any]]:
    by_kind: dict[str, list[int]] = defaultdict(list)
    for s in items:
        by_kind[s.kind].append(s.source.line)
    return [
        {"kind": k, "count": len(lines), "lines": lines}
        for k, lines in sorted(by_kind.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    ]


def schema_to_json(schema: Schema) -> dict[str, Any]:
    return {
        "schemas": schema.schemas,
        "tables": [_table_json(schema.tables[k]) for k in sorted(schema.tables)],
        "enums": [
            {"schema": e.schema, "name": e.name, "labels": e.labels}
            for e in sorted(schema.enums.values(), key=lambda e: e.qualified)
        ],
        "domains": [
            {
                "schema": d.schema,
                "name": d.name,
                "type": format_type(d.base),
                "nullable": d.nullable,
                "default": _sql(d.default),
                "checks": [{"name": c.name, "expression": c.expr.sql} for c in d.checks],
            }
            for d in sorted(schema.domains.values(), key=lambda d: d.qualified)
        ],
        "sequences": [
            {
                "schema": s.schema,
                "name": s.name,
                "owned_by": s.owned_by,
                "start": s.start,
                "increment": s.increment,
            }
            for s in sorted(schema.sequences.values(), key=lambda s: s.qualified)
        ],
        "views": sorted(schema.views),
        "extensions": schema.extensions,
        "roles": schema.roles,
        "skipped": _summary(schema.skipped),
        "errors": [
            {"kind": e.kind, "file": e.source.file, "line": e.source.line, "message": e.reason}
            for e in schema.errors
        ],
    }


def _unique_text(u: UniqueConstraint) -> str:
    parts = []
    for i, col in enumerate(u.columns):
        expr = u.expressions[i] if i < len(u.expressions) else None
        parts.append(col if col is not None else (expr.sql if expr is not None else "?"))
    text = f"unique ({', '.join(parts)})"
    if u.predicate is not None:
        text += f" where {u.predicate.sql}"
    return text + (" nulls not distinct" if u.nulls_not_distinct else "")


def _table_lines(t: Table, branch: str, stem: str) -> list[str]:
    """One table of the tree: its line, its columns with PK/FK/UQ markers, then the rules a
    column marker cannot show."""
    extra = f"  partition of {t.partition_of}" if t.partition_of else ""
    if t.partition_by:
        extra += f"  partitioned by {t.partition_by}"
    if t.file_rows:
        extra += f"  {t.file_rows:,} rows from schema.sql"
    lines = [f"  {branch}{t.name}{extra}"]
    pk = set(t.primary_key.columns) if t.primary_key else set()
    fks: dict[str, str] = {}
    for f in t.foreign_keys:
        for k, c in enumerate(f.columns):
            ref = f.ref_columns[k] if k < len(f.ref_columns) else "?"
            fks.setdefault(c, f"{f.ref_qualified}.{ref}")
    uq = {
        c for u in t.uniques if len(u.columns) == 1 and u.predicate is None for c in u.columns if c
    }
    # Table-level rules a column marker cannot show: composite, partial and expression
    # uniques, and every CHECK.
    rules = [_unique_text(u) for u in t.uniques if u.columns[0] not in uq or len(u.columns) > 1]
    rules += [f"check ({ck.expr.sql})" for ck in t.checks]
    items = len(t.columns) + len(rules)
    for ri, rule in enumerate(rules):
        rb = "└── " if len(t.columns) + ri == items - 1 else "├── "
        rules[ri] = f"  {stem}{rb}{rule}"
    for ci, column in enumerate(t.columns):
        cb = "└── " if ci == items - 1 else "├── "
        marks = []
        if column.name in pk:
            marks.append("PK")
        if column.name in fks:
            marks.append(f"FK→{fks[column.name]}")
        if column.name in uq:
            marks.append("UQ")
        null = "" if column.nullable else " NOT NULL"
        mark = f"  [{', '.join(marks)}]" if marks else ""
        lines.append(f"  {stem}{cb}{column.name} {format_type(column.type)}{null}{mark}")
    lines.extend(rules)
    return lines


def schema_to_text(schema: Schema, shown: Callable[[str], str] = str) -> str:
    """schemas → tables → columns, with PK/FK/UQ markers; `shown` makes each line safe to
    print (the CLI escapes a name's line break or control characters in it)."""
    lines: list[str] = []
    by_schema: dict[str, list[Table]] = defaultdict(list)
    for t in schema.tables.values():
        by_schema[t.schema].append(t)
    for sname in sorted(set(schema.schemas) | set(by_schema)):
        tables = sorted(by_schema.get(sname, []), key=lambda t: t.name)
        lines.append(f"{sname} ({counted(len(tables), 'table')})")
        for ti, t in enumerate(tables):
            last_t = ti == len(tables) - 1
            branch, stem = ("└── ", "    ") if last_t else ("├── ", "│   ")
            lines += _table_lines(t, branch, stem)
    for label, items in (("enums", schema.enums), ("domains", schema.domains)):
        if items:
            lines.append(f"{label}: {', '.join(sorted(items))}")
    if schema.views:
        lines.append(f"views: {len(schema.views)}")
    if schema.skipped:
        summary = ", ".join(f"{s['kind']} ×{s['count']}" for s in _summary(schema.skipped))
        lines.append(f"not used by the model: {summary}")
    for e in schema.errors:
        lines.append(f"error: {e.reason}")
    return "\n".join(map(shown, lines)) + "\n"
