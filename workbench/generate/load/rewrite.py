"""One column of a loaded table set again in SQL (the totals post-pass and its siblings): the
new values are staged in a temporary table with each row's (tableoid, ctid), so that the rows
a CHECK rejects can be dropped before the UPDATE: the CHECKs of the column (the table's and
its domain's) are evaluated on the staged values with the generator's own evaluator, and the
column's type bounds in SQL. Nothing is read back when no CHECK reads the column.

Columns a CHECK ties to the one rewritten may move `along` with it in the same UPDATE (an
invoice's gross by as much as its net once the net is its lines' sum, so that `gross = net +
vat` holds on the staged row too): the CHECK is judged on the row as it will be."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from psycopg import sql

from workbench.generate.base.batch import Batch, Col
from workbench.generate.base.sqltree import Unsupported, columns_of
from workbench.generate.checks import failing
from workbench.generate.links import key_columns

if TYPE_CHECKING:
    from collections.abc import Callable

    from workbench.generate.rows.assembler import TableGenerator

_STAGE = sql.Identifier("_wb_totals")


def _table(name: str) -> sql.Composable:
    schema, _, table = name.partition(".")
    return sql.Identifier(schema, table)


def _fits(gen: TableGenerator, column: str, value: sql.Composable) -> sql.Composable:
    bounds = gen.view.specs[column].info.bounds()
    if bounds is None:
        return sql.SQL("true")
    return sql.SQL("({v}) BETWEEN {lo} AND {hi}").format(
        v=value, lo=sql.Literal(bounds[0]), hi=sql.Literal(bounds[1])
    )


def rewrite(
    conn: Any,
    gen: TableGenerator,
    column: str,
    value: sql.Composable,
    source: sql.Composable,
    warn: Callable[[list[str]], None],
    along: dict[str, sql.Composable] | None = None,
) -> None:
    """Stage (row, new value) for the rows whose value changes, drop the rows the type or a
    CHECK rejects, UPDATE the rest; `along`: other columns of the row set in the same UPDATE
    (SQL over the source), judged with it."""
    where = gen.tp.name + "." + column
    if column not in gen.view.specs:
        return
    moved = {c: e for c, e in (along or {}).items() if c in gen.view.specs and c != column}
    server = [c.name for c in gen.checks.server_checks if {column, *moved} & set(c.columns)]
    if server:
        warn([f"{where}: kept as drawn: CHECK {server[0]} is judged by the server only"])
        return
    read = {column, *moved}
    checks = [(name, tree) for name, tree in gen.view.checks if read & columns_of(tree)]
    others = sorted({c for _, tree in checks for c in columns_of(tree)} - read)
    fits = sql.SQL(" AND ").join([_fits(gen, c, e) for c, e in ((column, value), *moved.items())])
    col = sql.Identifier(column)
    extra = [sql.SQL(", t.{} AS {}").format(sql.Identifier(c), sql.Identifier(f"o{i}"))
             for i, c in enumerate(others)]  # fmt: skip
    extra += [sql.SQL(", ({}) AS {}, t.{} AS {}").format(
        e, sql.Identifier(f"m{i}"), sql.Identifier(c), sql.Identifier(f"w{i}"))
        for i, (c, e) in enumerate(moved.items())]  # fmt: skip
    conn.execute(sql.SQL("DROP TABLE IF EXISTS pg_temp.{}").format(_STAGE))
    conn.execute(
        sql.SQL(
            "CREATE TEMP TABLE {stage} AS SELECT row_number() OVER () AS n, t.tableoid AS toid, "
            "t.ctid AS tid, ({v}) AS v{extra} FROM {source} "
            "WHERE t.{col} IS DISTINCT FROM ({v}) AND {fits}"
        ).format(
            stage=_STAGE, v=value, extra=sql.SQL("").join(extra), source=source, col=col, fits=fits
        )
    )
    if checks:
        rejected, why = _rejected(conn, gen, column, checks, others, list(moved))
        if rejected.size and moved:  # the columns moved along stay where they were there,
            # and the column is judged alone, as without them
            back = sql.SQL(", ").join(
                sql.SQL("{} = {}").format(sql.Identifier(f"m{i}"), sql.Identifier(f"w{i}"))
                for i in range(len(moved))
            )
            conn.execute(
                sql.SQL("UPDATE {} SET {} WHERE n = ANY(%s)").format(_STAGE, back),
                (rejected.tolist(),),
            )
            rejected, why = _rejected(conn, gen, column, checks, others, list(moved))
        if rejected.size:
            conn.execute(
                sql.SQL("DELETE FROM {} WHERE n = ANY(%s)").format(_STAGE), (rejected.tolist(),)
            )
            warn([f"{where}: {rejected.size:,} row(s) keep their drawn value: {why}"])
    sets = [sql.SQL("{} = s.v").format(col)] + [
        sql.SQL("{} = s.{}").format(sql.Identifier(c), sql.Identifier(f"m{i}"))
        for i, c in enumerate(moved)
    ]
    conn.execute(
        sql.SQL(
            "UPDATE {table} t SET {sets} FROM {stage} s "
            "WHERE t.tableoid = s.toid AND t.ctid = s.tid"
        ).format(table=_table(gen.tp.name), sets=sql.SQL(", ").join(sets), stage=_STAGE)
    )
    conn.execute(sql.SQL("DROP TABLE pg_temp.{}").format(_STAGE))


def _rejected(
    conn: Any,
    gen: TableGenerator,
    column: str,
    checks: list[tuple[str, Any]],
    others: list[str],
    moved: list[str],
) -> tuple[np.ndarray, str]:
    """The staged rows (their `n`) whose new values fail one of the CHECKs reading them."""

    picked = [sql.SQL("v::text")] + [sql.SQL("{}::text").format(sql.Identifier(f"o{i}"))
                                     for i in range(len(others))]  # fmt: skip
    picked += [sql.SQL("{}::text").format(sql.Identifier(f"m{i}")) for i in range(len(moved))]
    rows = conn.execute(
        sql.SQL("SELECT n, {} FROM {} ORDER BY n").format(sql.SQL(", ").join(picked), _STAGE)
    ).fetchall()
    if not rows:
        return np.zeros(0, np.int64), ""
    n = np.array([r[0] for r in rows], np.int64)
    texts = {name: [r[i + 2] for r in rows] for i, name in enumerate(others)}
    texts |= {name: [r[i + 2 + len(others)] for r in rows] for i, name in enumerate(moved)}
    texts[column] = [r[1] for r in rows]
    try:
        batch: Batch = key_columns(gen.view.specs, texts)
    except (ValueError, TypeError):  # a column the evaluator cannot read: the draws stay
        return n, "its CHECKs read columns not computable here"
    for name, col in batch.items():
        spec = gen.view.specs[name]
        batch[name] = Col(col.values, col.nulls, col.kind, nullable=spec.nullable)
    bad = np.zeros(n.size, bool)
    names = []
    for name, tree in checks:
        try:
            fails = failing(tree, batch, n.size, gen.view.env)
        except (Unsupported, ValueError, TypeError):
            fails = np.ones(n.size, bool)  # not computable here: the drawn values stay
        if fails.any():
            names.append(name)
        bad |= fails
    return n[bad], "CHECK " + ", ".join(names) + " rejects the value"
