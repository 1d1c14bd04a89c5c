"""What makes a command's fixed cost smaller stays exactly as safe (bench/bench_fixed_cost.py,
docs/speed.md "The fixed cost of a command"): statements sent together are all or none, and
the owner role's login kept for a build's steps is reset and checked again on every reuse."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from tests.conftest import MakeProject
from workbench.access.roles import role_names
from workbench.config.file import load_config
from workbench.engine import Engine
from workbench.lifecycle.runs import operation
from workbench.together import run_together

SCHEMA = """
CREATE TABLE shelf (id int PRIMARY KEY, label text NOT NULL);
CREATE TABLE item (id int PRIMARY KEY, shelf_id int NOT NULL REFERENCES shelf (id));
"""


def test_statements_sent_together_are_all_or_none(fresh_db: str) -> None:
    """A failing statement among them leaves none applied, on an autocommit session (the
    server's implicit transaction) and inside a transaction (a savepoint of it)."""
    with psycopg.connect(fresh_db, autocommit=True) as conn:
        conn.execute("CREATE TABLE t (x int)")
        good = sql.SQL("INSERT INTO t VALUES (1)")
        bad = sql.SQL("INSERT INTO no_such_table VALUES (2)")
        with pytest.raises(psycopg.errors.UndefinedTable):
            run_together(conn, [good, bad])
        assert conn.info.transaction_status == psycopg.pq.TransactionStatus.IDLE
        for _ in range(8):  # more than psycopg's prepare threshold: never prepared
            run_together(conn, [good, good])
        assert conn.execute("SELECT count(*) FROM t").fetchone() == (16,)
    with psycopg.connect(fresh_db) as conn:
        conn.execute("INSERT INTO t VALUES (3)")
        with pytest.raises(psycopg.errors.UndefinedTable):
            run_together(conn, [good, bad])
        conn.commit()  # the savepoint rolled back, the transaction's own row kept
        assert conn.execute("SELECT count(*) FROM t").fetchone() == (17,)


def test_the_owner_login_kept_for_a_build_is_reset_and_checked_on_reuse(
    make_project: MakeProject,
) -> None:
    """One login of the owner role serves a build's steps (before, one per step: four per
    generate); what a step left in it (a setting, a role, a temporary table, an advisory lock)
    is gone when the next step takes it, it is the owner role and no other, a failed step's
    session is not handed out again, and a maintenance step closes it."""
    path = make_project(SCHEMA)
    engine = Engine(path)
    engine.generate(rows=5, keep_snapshot=False)
    owner = role_names(load_config(Path(path))).owner
    with operation(engine.context, "test") as ctx:
        with ctx.db.owner_session() as first:
            pid = first.info.backend_pid
            first.execute("SET work_mem = '7MB'")
            first.execute("CREATE TEMP TABLE scratch (x int)")
            first.execute("SELECT pg_catalog.pg_advisory_lock(4242)")
        with ctx.db.owner_session(autocommit=False) as again:
            assert again.info.backend_pid == pid  # the same login
            assert again.execute("SHOW work_mem").fetchone() != ("7MB",)
            assert again.execute(
                "SELECT count(*) FROM pg_catalog.pg_locks WHERE locktype = 'advisory' "
                "AND pid = pg_catalog.pg_backend_pid()"
            ).fetchone() == (0,)
            assert again.execute("SELECT to_regclass('pg_temp.scratch')").fetchone() == (None,)
            assert again.execute("SELECT current_user, session_user").fetchone() == (owner, owner)
            assert again.execute("SHOW search_path").fetchone() != ("pg_catalog, pg_temp",)
        with pytest.raises(RuntimeError), ctx.db.owner_session():
            raise RuntimeError("a step fails")
        with ctx.db.owner_session() as fresh:
            assert fresh.info.backend_pid != pid  # the failed step's session went
            pid = fresh.info.backend_pid
        with ctx.db.maintenance():
            pass
        with ctx.db.owner_session() as after:
            assert after.info.backend_pid != pid  # a maintenance step closed it
    assert engine.generate(rows=5, keep_snapshot=False)["tables"] == 2
