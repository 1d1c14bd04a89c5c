"""One UPDATE of a loaded table from rows computed after loading: the rows (tableoid, ctid,
then named values) are copied into a temporary stage and joined back by ctid, in a savepoint,
so that a value the table's constraints refuse leaves every row as drawn, with a warning."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import psycopg
from psycopg import sql

from workbench.generate.load.detach import qualified_ident


def update_staged(
    conn: Any,
    name: str,
    stage: sql.Identifier,
    picked: sql.Composable,
    columns: tuple[str, ...],
    rows: list[tuple[Any, ...]],
    sets: Sequence[sql.Composable],
    kept: str,
    warn: Callable[[list[str]], None],
) -> None:
    """UPDATE `name` SET `sets` from `rows` (tableoid, ctid, then `columns`). The stage's
    columns are `picked` (typed as the table's, `t.x AS party`) and `0 AS a`, `0 AS b` for
    columns named a or b (integer offsets); `kept` opens the warning when the update is refused."""
    table = qualified_ident(name)
    extra = sql.SQL("").join(
        sql.SQL(", 0 AS {}").format(sql.Identifier(c)) for c in columns if c in ("a", "b")
    )
    try:
        with conn.transaction():
            conn.execute(sql.SQL("DROP TABLE IF EXISTS pg_temp.{}").format(stage))
            conn.execute(
                sql.SQL(
                    "CREATE TEMP TABLE {s} AS SELECT t.tableoid AS toid, t.ctid AS tid, {p}{x} "
                    "FROM {t} t LIMIT 0"
                ).format(s=stage, p=picked, x=extra, t=table)
            )
            names = sql.SQL(", ").join(map(sql.Identifier, ("toid", "tid", *columns)))
            with conn.cursor().copy(
                sql.SQL("COPY {} ({}) FROM STDIN").format(stage, names)
            ) as copy:
                for row in rows:
                    copy.write_row(row)
            conn.execute(
                sql.SQL(
                    "UPDATE {t} t SET {sets} FROM {s} s "
                    "WHERE t.tableoid = s.toid AND t.ctid = s.tid"
                ).format(t=table, sets=sql.SQL(", ").join(sets), s=stage)
            )
            conn.execute(sql.SQL("DROP TABLE pg_temp.{}").format(stage))
    except (psycopg.errors.IntegrityError, psycopg.errors.DataError) as err:
        warn([f"{kept}: {str(err).splitlines()[0]}"])
