"""Production's optimizer statistics loaded into a rehearsal clone, so its planner chooses as
production's would (PostgreSQL 18's `pg_restore_relation_stats` / `pg_restore_attribute_stats`).

The calls are never executed as written: each is rebuilt from its parsed name/value pairs
(workbench.stats), every value a literal cast to the type the function expects, and run on
the rehearsal's own (non-superuser) session, which may as a member of the owner role.

Two things keep them in force:

- autovacuum's ANALYZE is switched off on the clone's tables first (`autovacuum_enabled =
  false`), or it would overwrite them with the clone's own within a minute;
- the planner scales a table's row count by its *current* size on disk: it believes
  `reltuples / relpages` rows per page times the pages the table has now. The clone's tables
  are small, so relpages is given as the clone's own page count and reltuples as production's:
  the planner then sees production's rows (and its columns' distributions) in a table of the
  clone's size. Row estimates, selectivities and join choices follow production; page-based
  I/O costs are the clone's (fill the clone larger to bring them closer).

Values of personal columns (most common values, histogram bounds: real people's values) are
left out, as the plan leaves them out; their numbers (null fraction, distinct count, width,
correlation) are kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import psycopg
from psycopg import sql

from workbench.stats.calls import ATTRIBUTE_CALL, RELATION_CALL, VALUE_KEYS, Call, Statistics

# Each argument's type, as pg_restore_attribute_stats expects it (unknown names are left out).
_ATTRIBUTE_TYPES = {
    "version": "integer",
    "inherited": "boolean",
    "null_frac": "real",
    "avg_width": "integer",
    "n_distinct": "real",
    "most_common_vals": "text",
    "most_common_freqs": "real[]",
    "histogram_bounds": "text",
    "correlation": "real",
    "most_common_elems": "text",
    "most_common_elem_freqs": "real[]",
    "elem_count_histogram": "real[]",
    "range_length_histogram": "text",
    "range_empty_frac": "real",
    "range_bounds_histogram": "text",
}
# Left out for a personal column: its values, and the frequencies that go with them.
_PERSONAL_KEYS = frozenset(VALUE_KEYS) | {"most_common_freqs", "most_common_elem_freqs"}
_NAMES = ("schemaname", "relname", "attname")


@dataclass
class Injected:
    """What was loaded: tables and columns, and what could not be (with why)."""

    tables: dict[str, float] = field(default_factory=dict)  # table → production rows
    columns: int = 0
    personal: list[str] = field(default_factory=list)  # table.column, values left out
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "tables": len(self.tables),
            "columns": self.columns,
            "personal_values_left_out": self.personal,
            "notes": self.notes,
        }


def _value(value: str | None, kind: str) -> sql.Composable:
    return sql.SQL("{}::{}").format(sql.Literal(value), sql.SQL(kind))


def _call(function: str, pairs: list[tuple[str, sql.Composable]]) -> sql.Composed:
    args = sql.SQL(", ").join(sql.SQL("{}, {}").format(sql.Literal(k), v) for k, v in pairs)
    return sql.SQL("SELECT pg_catalog.{}({})").format(sql.Identifier(function), args)


def _names(call: Call) -> dict[str, str] | None:
    names = {}
    for key in _NAMES:
        arg = call.get(key)
        if arg is not None and arg.value is not None:
            names[key] = arg.value
    return names if "schemaname" in names and "relname" in names else None


def _pages(conn: psycopg.Connection[Any], schema: str, name: str) -> int | None:
    """The table's pages on disk now, or None when the clone has no such table."""
    row = conn.execute(
        "SELECT pg_catalog.pg_relation_size(c.oid) / pg_catalog.current_setting('block_size')::int"
        " FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
        " WHERE n.nspname = %s AND c.relname = %s",
        (schema, name),
    ).fetchone()
    return None if row is None else int(row[0])


def _quietly(conn: psycopg.Connection[Any], statement: sql.Composed) -> str | None:
    """Run one call in a savepoint; the server's warning or error text, or None."""
    heard: list[str] = []

    def listen(diag: psycopg.errors.Diagnostic) -> None:
        if diag.severity_nonlocalized == "WARNING" and diag.message_primary:
            heard.append(diag.message_primary)

    conn.add_notice_handler(listen)
    try:
        with conn.transaction():
            conn.execute(statement)
    except psycopg.Error as err:
        diag = getattr(err, "diag", None)
        return (diag.message_primary if diag else None) or str(err).strip()
    finally:
        conn.remove_notice_handler(listen)
    return heard[0] if heard else None


def keep_statistics(conn: psycopg.Connection[Any], tables: list[str]) -> None:
    """Switch autovacuum (and so its ANALYZE) off on the clone's tables."""
    for table in tables:
        schema, _, name = table.partition(".")
        _quietly(
            conn,
            sql.SQL("ALTER TABLE {}.{} SET (autovacuum_enabled = false)").format(
                sql.Identifier(schema), sql.Identifier(name)
            ),
        )


def inject(
    conn: psycopg.Connection[Any],
    stats: Statistics,
    personal: set[tuple[str, str]],
) -> Injected:
    """Load the statistics' calls into the clone `conn` is connected to (in transaction
    mode; committed at the end)."""
    out = Injected()
    keep_statistics(conn, sorted(stats.relations))
    for call in stats.calls:
        names = _names(call)
        if names is None:
            continue
        table = f"{names['schemaname']}.{names['relname']}"
        pages = _pages(conn, names["schemaname"], names["relname"])
        if pages is None:
            out.notes.append(f"{table}: in the statistics, not in the clone; left out")
            continue
        if call.function == RELATION_CALL:
            _relation(conn, call, names, pages, out, table)
        elif call.function == ATTRIBUTE_CALL and "attname" in names:
            _attribute(conn, call, names, (table, names["attname"]) in personal, out, table)
    conn.commit()
    out.notes = list(dict.fromkeys(out.notes))
    return out


def _relation(
    conn: psycopg.Connection[Any],
    call: Call,
    names: dict[str, str],
    pages: int,
    out: Injected,
    table: str,
) -> None:
    reltuples = call.get("reltuples")
    if reltuples is None or reltuples.value is None:
        return
    prod_pages = call.get("relpages")
    visible = call.get("relallvisible")
    share = 0.0
    if prod_pages and prod_pages.value and visible and visible.value:
        share = min(1.0, float(visible.value) / max(1.0, float(prod_pages.value)))
    here = max(pages, 1)
    pairs = [
        ("schemaname", _value(names["schemaname"], "text")),
        ("relname", _value(names["relname"], "text")),
        ("relpages", _value(str(here), "integer")),
        ("reltuples", _value(reltuples.value, "real")),
        ("relallvisible", _value(str(round(here * share)), "integer")),
    ]
    problem = _quietly(conn, _call(RELATION_CALL, pairs))
    if problem is not None:
        out.notes.append(f"{table}: its row count could not be loaded ({problem})")
        return
    out.tables[table] = float(reltuples.value)
    if pages == 0 and float(reltuples.value) > 0:
        out.notes.append(
            f"{table} is empty in the clone: the planner sees no rows in it whatever the "
            "statistics say (fill it: --rows N)"
        )


def _attribute(
    conn: psycopg.Connection[Any],
    call: Call,
    names: dict[str, str],
    personal: bool,
    out: Injected,
    table: str,
) -> None:
    inherited = call.get("inherited")
    inherited_value = inherited.value if inherited is not None else "f"
    # positional: pg_clear_attribute_stats(schemaname, relname, attname, inherited)
    clear = sql.SQL("SELECT pg_catalog.pg_clear_attribute_stats({}, {}, {}, {})").format(
        _value(names["schemaname"], "text"),
        _value(names["relname"], "text"),
        _value(names["attname"], "text"),
        _value(inherited_value, "boolean"),
    )
    problem = _quietly(conn, clear)
    if problem is not None:
        out.notes.append(f"{table}.{names['attname']}: {problem}")
        return
    pairs = [(k, _value(v, "text")) for k, v in names.items()]
    dropped = False
    for arg in call.args:
        kind = _ATTRIBUTE_TYPES.get(arg.name)
        if kind is None:
            continue
        if personal and arg.name in _PERSONAL_KEYS:
            dropped = dropped or arg.value is not None
            continue
        pairs.append((arg.name, _value(arg.value, kind)))
    if dropped:
        out.personal.append(f"{table}.{names['attname']}")
    problem = _quietly(conn, _call(ATTRIBUTE_CALL, pairs))
    if problem is not None:
        out.notes.append(f"{table}.{names['attname']}: {problem}")
        return
    out.columns += 1
