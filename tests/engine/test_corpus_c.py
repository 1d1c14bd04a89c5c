"""Classes of real schemas that once stopped `generate` (issue 24's third outside corpus), each
on a schema of our own making: types whose names need quoting in the judge's own SQL (quoted
mixed-case enums as Prisma writes them, a composite with a space in a schema of its own)."""

from __future__ import annotations

from pathlib import Path

import psycopg

from workbench.config.file import parse_config
from workbench.generate import build_plan, load_data
from workbench.generate.load.copy import LoadReport
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text


def _load(conninfo: str, ddl: str, tmp_path: Path, rows: int = 200) -> LoadReport:
    """Pre-data, the load, then post-data (every index and constraint built over the rows)."""
    parsed = parse_schema_text(ddl, "schema.sql")
    config = parse_config(
        {"sandbox": {"seed": 5}, "generate": {"rows": rows, "batch_rows": 100}},
        tmp_path / "sandbox.toml",
    )
    with psycopg.connect(conninfo, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre", file_rows=[])
        plan = build_plan(parsed.schema, config, seed=5)
        report = load_data(conn, parsed.schema, plan, config, seed=5)
        apply_statements(conn, parsed, "post")
    return report


QUOTED_TYPES = """
CREATE TYPE "PauseBehavior" AS ENUM ('QUEUE', 'DROP');
CREATE SCHEMA "Billing";
CREATE TYPE "Billing"."Money Pair" AS (amount int, currency text);
CREATE DOMAIN "Short Note" AS text CHECK (length(VALUE) < 40);
CREATE TABLE "Workflow" (
    "id" uuid NOT NULL PRIMARY KEY,
    "isPaused" boolean NOT NULL DEFAULT false,
    "pauseBehavior" "PauseBehavior",
    "pastBehaviors" "PauseBehavior"[],
    "price" "Billing"."Money Pair",
    "note" "Short Note",
    "content" text NOT NULL,
    CONSTRAINT "Workflow_PausedCheck" CHECK (
        ("isPaused" = FALSE AND "pauseBehavior" IS NULL)
        OR ("isPaused" = TRUE AND "pauseBehavior" IS NOT NULL)));
CREATE INDEX workflow_content ON "Workflow" USING gin (to_tsvector('english', content));
"""


def test_quoted_type_names_are_judged_on_the_server(fresh_db: str, tmp_path: Path) -> None:
    """The judge casts the staged text to each column's type: a type created under a quoted
    name (mixed case, a space, a schema of its own) is named as created, not folded."""
    report = _load(fresh_db, QUOTED_TYPES, tmp_path)
    assert report.dropped == {}, report.dropped
    with psycopg.connect(fresh_db) as conn:
        row = conn.execute(
            'SELECT count(*), count(*) FILTER (WHERE "isPaused"),'
            ' count(*) FILTER (WHERE NOT "isPaused") FROM "Workflow"'
        ).fetchone()
    assert row is not None
    assert row[0] == 200
    assert row[1] > 0 and row[2] > 0  # both sides of the implication are kept
