"""Loading a schema of our own into a test database as `generate` does (pre-data, the planned
rows, post-data), and reading a rule's share back: the realism tests' common steps."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg

from tests.conftest import REPO
from workbench.config.file import parse_config
from workbench.generate import build_plan, load_data
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text


def load_schema(conninfo: str, parsed: Any, config: Any, seed: int = 42) -> None:
    """Pre-data, the planned rows and post-data of `parsed` into the database."""
    with psycopg.connect(conninfo, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=seed)
        load_data(conn, parsed.schema, plan, config, seed=seed)
        apply_statements(conn, parsed, "post")


@contextmanager
def loaded_database(
    cluster: Any, ddl: str, settings: dict[str, Any], seed: int = 42
) -> Iterator[str]:
    """A fresh database of `cluster` holding `ddl` generated as the sandbox.toml `settings`
    say (`generate`, `tables`); its conninfo, and the database dropped afterwards."""
    name = cluster.create_database()
    try:
        conninfo = cluster.conninfo(name)
        config = parse_config(settings, REPO / "sandbox.toml")
        load_schema(conninfo, parse_schema_text(ddl, "schema.sql"), config, seed=seed)
        yield conninfo
    finally:
        cluster.drop_database(name)


def count(conn: psycopg.Connection, query: str) -> int:
    """The one number a query returns."""
    row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0])


def count_in(conninfo: str, query: str) -> int:
    """The one number a query returns, on a connection of its own."""
    with psycopg.connect(conninfo) as conn:
        return count(conn, query)


def on_clock(query: str, now: str) -> str:
    """`query` with each `:now` in it read as the run's clock `now` (a pinned instant, as in
    `"generate": {"now": ...}`), never the database's now() of the moment the test runs."""
    return query.replace(":now", f"'{now}'::timestamptz")


def share(conninfo: str, query: str, now: str | None = None) -> tuple[int, float]:
    """(rows judged, share holding) of a query returning (applies, holds); `:now` in it reads
    as the run's clock `now` when given."""
    if now is not None:
        query = on_clock(query, now)
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0]), int(row[1]) / max(int(row[0]), 1)
