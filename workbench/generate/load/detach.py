"""Taking a table's foreign keys and triggers out of the way of its load, and back before the
table's transaction commits (an interrupted load leaves the schema as it was)."""

from __future__ import annotations

from typing import Any

import psycopg
from psycopg import sql


def qualified_ident(name: str) -> sql.Composable:
    schema, _, table = name.partition(".")
    return sql.Identifier(schema, table)


def detach_fks(conn: Any, name: str) -> list[tuple[str, str, str]]:
    """Drop the FKs a table (or any of its partitions) declares, for re-adding before commit.

    An FK declared inline in CREATE TABLE is part of pre-data, and checking it row by row made
    COPY several times slower (order_items: 3 FK lookups a row, 22k rows/s → 140k without).
    Re-adding validates the whole table in one join, as pg_restore's post-data would; drop and
    re-add share the table's transaction, so an interrupted load leaves the schema untouched.
    Returns (table, constraint, definition) triples."""
    rows = conn.execute(
        """
        SELECT c.conrelid::regclass::text, c.conname, pg_get_constraintdef(c.oid)
        FROM pg_constraint c
        WHERE c.contype = 'f' AND c.conparentid = 0
          AND (c.conrelid = %(t)s::regclass
               OR c.conrelid IN (SELECT relid FROM pg_partition_tree(%(t)s::regclass)))
        ORDER BY c.conrelid, c.conname
        """,
        {"t": qualified_ident(name).as_string(conn)},
    ).fetchall()
    for table, conname, _ in rows:
        conn.execute(
            sql.SQL("ALTER TABLE {} DROP CONSTRAINT {}").format(
                sql.SQL(table), sql.Identifier(conname)
            )
        )
    return [(t, c, d) for t, c, d in rows]


def pause_triggers(conn: Any, name: str) -> list[tuple[str, str, str]]:
    """Switch off the file's triggers on a table for its load (pg_restore loads the data
    before post-data makes them; a trigger the file had to make earlier, at its place, must
    not fire on generated rows either): (table, trigger, tgenabled) for `resume_triggers`,
    in the same transaction."""
    rows = conn.execute(
        """
        SELECT t.tgrelid::regclass::text, t.tgname, t.tgenabled::text
        FROM pg_trigger t
        WHERE NOT t.tgisinternal AND t.tgenabled <> 'D' AND t.tgparentid = 0
          AND (t.tgrelid = %(t)s::regclass
               OR t.tgrelid IN (SELECT relid FROM pg_partition_tree(%(t)s::regclass)))
        ORDER BY 1, 2
        """,
        {"t": qualified_ident(name).as_string(conn)},
    ).fetchall()
    for table, trigger, _ in rows:
        conn.execute(
            sql.SQL("ALTER TABLE {} DISABLE TRIGGER {}").format(
                sql.SQL(table), sql.Identifier(trigger)
            )
        )
    return [(t, g, e) for t, g, e in rows]


_ENABLE = {"O": "ENABLE", "A": "ENABLE ALWAYS", "R": "ENABLE REPLICA"}


def resume_triggers(conn: Any, paused: list[tuple[str, str, str]]) -> None:
    for table, trigger, enabled in paused:
        conn.execute(
            sql.SQL("ALTER TABLE {} {} TRIGGER {}").format(
                sql.SQL(table), sql.SQL(_ENABLE.get(enabled, "ENABLE")), sql.Identifier(trigger)
            )
        )


class ReattachFailed(Exception):
    """An FK set aside for a load does not hold on the loaded rows: names its table, not the
    table that happened to load last."""


def reattach_fks(conn: Any, detached: list[tuple[str, str, str]]) -> None:
    for table, conname, definition in detached:
        try:
            conn.execute(
                sql.SQL("ALTER TABLE {} ADD CONSTRAINT {} {}").format(
                    sql.SQL(table), sql.Identifier(conname), sql.SQL(definition)
                )
            )
        except psycopg.errors.IntegrityError as err:
            # Only a violation says the rows break the key; a cancel, a timeout or a lost
            # connection stays what it is (a cancel then ends as a cancel, not a failure).
            raise ReattachFailed(
                f"loading {table}: its foreign key {conname}, set aside for the load and "
                f"re-added after it, does not hold: {err}"
            ) from err
