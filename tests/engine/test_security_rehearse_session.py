"""A migration cannot answer the rehearsal's own questions (attack22c C40, C41, C37): what it
SETs in its session, and operators or functions it or schema.sql plants in public, change
neither the measurements, nor the plans taken after it, nor the guard's check of the clone;
nor lift an agent's wall-clock limit (C39), nor carry rows out in its error text to an agent
without `read` (C28). Real cluster, the snapshot of a sandbox of our own."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import psycopg
import pytest
from mcp import ClientSession

from tests.cli.test_mcp_server import _session_run, _text
from tests.conftest import Cluster, run_cli
from tests.unit.test_lifecycle_helpers import Sandbox, sandbox
from workbench.rehearse.deadline import GRACE
from workbench.rehearse.rehearsal import Options, Rehearsal, explain, rehearse
from workbench.rehearse.results import error_text
from workbench.rehearse.source import read_migration

SCHEMA = """\
CREATE TABLE t (id integer PRIMARY KEY, v text, n integer);
CREATE TABLE u (id integer PRIMARY KEY, t_id integer NOT NULL REFERENCES t (id));
"""
# The planted function answers the guard's marker question with a forgery, should any
# workbench session resolve `shobj_description(oid, 'pg_database')` through public (C37).
PLANT = """\
CREATE FUNCTION public.shobj_description(oid, text) RETURNS text
    LANGUAGE sql STABLE AS $$ SELECT 'forged by schema.sql'::text $$;
"""
ALTER = "ALTER TABLE t ADD COLUMN z integer NOT NULL DEFAULT (random() * 10)::int;\n"
# Operators that answer false for every integer and oid comparison, chosen over
# pg_catalog's once the migration puts public first (C40).
FORGE = """\
SET search_path = public, pg_catalog;
CREATE FUNCTION public.fake_eq(integer, integer) RETURNS boolean
    LANGUAGE sql IMMUTABLE AS 'SELECT false';
CREATE OPERATOR public.= (leftarg = integer, rightarg = integer, function = public.fake_eq);
CREATE FUNCTION public.fake_oideq(oid, oid) RETURNS boolean
    LANGUAGE sql IMMUTABLE AS 'SELECT false';
CREATE OPERATOR public.= (leftarg = oid, rightarg = oid, function = public.fake_oideq);
"""
DROP_KEYS = "ALTER TABLE u DROP CONSTRAINT u_t_id_fkey;\nALTER TABLE t DROP CONSTRAINT t_pkey;\n"
DECOY = """\
CREATE SCHEMA decoy;
CREATE TABLE decoy.t (id integer PRIMARY KEY, v text, n integer);
SET search_path = decoy, public;
"""

CAPS = 'capabilities = ["read", "write", "reset", "migrate"]'


@pytest.fixture(scope="module")
def box(tmp_path_factory: pytest.TempPathFactory, pg_cluster: Cluster) -> Iterator[Sandbox]:
    with sandbox(
        tmp_path_factory.mktemp("rehearse_session"),
        pg_cluster,
        schema=SCHEMA,
        rows=2000,
        sandbox_extra=CAPS,
    ) as made:
        made.engine().generate()
        yield made


def _rehearse(box: Sandbox, text: str) -> Rehearsal:
    return rehearse(box.engine().context, [read_migration("m.sql", text)], Options())


def _measured(result: Rehearsal) -> tuple[set[tuple[str, str]], list[str], list[str]]:
    """What the ALTER was found to do: the measured findings, its locks and rewrites."""
    assert not result.failed, result.applied.failure
    last = result.applied.statements[-1]
    assert last.sql.startswith("ALTER TABLE t ADD COLUMN z"), last.sql
    kinds = {(f.kind, f.severity) for f in result.findings if f.source == "measured"}
    locks = [f"{lock.mode} {lock.table}" for lock in last.locks]
    return kinds, locks, last.rewritten


def test_a_migration_with_its_own_operators_and_path_gets_an_honest_report(box: Sandbox) -> None:
    honest = _measured(_rehearse(box, ALTER))
    kinds, locks, rewritten = honest
    assert ("volatile-default", "error") in kinds, kinds
    assert "AccessExclusiveLock public.t" in locks
    assert rewritten == ["public.t"]
    # C40: the same statement after `SET search_path = public, pg_catalog` and a planted `=`
    # was measured as taking no lock and rewriting nothing ("✅ ok", exit 0)
    assert _measured(_rehearse(box, FORGE + ALTER)) == honest
    # the path only (the operators already planted earlier in the same file) likewise
    only_path = FORGE + "RESET search_path;\nSET search_path TO public, pg_catalog;\n" + ALTER
    assert _measured(_rehearse(box, only_path)) == honest


def test_the_migration_keeps_its_own_path_between_its_statements(box: Sandbox) -> None:
    # the pinned path is the rehearsal's reads' alone: the migration's next statement
    # still resolves names through the path it set itself
    result = _rehearse(
        box,
        "CREATE SCHEMA app;\nSET search_path = app, public;\n"
        "CREATE TABLE made_here (id integer);\nALTER TABLE made_here ADD COLUMN w integer;\n",
    )
    assert not result.failed, result.applied.failure
    assert "app.made_here" in {c.table for st in result.applied.statements for c in st.columns}


def test_plans_after_a_migration_are_taken_in_a_new_session(box: Sandbox) -> None:
    query = "SELECT * FROM t WHERE id = 42"
    ctx = box.engine().context
    plain = explain(ctx, [query], [read_migration("drop.sql", DROP_KEYS)])
    assert plain.compared[0].after is not None
    assert "t_pkey" not in plain.compared[0].after.indexes
    # C41: with a decoy table first on the migration's path, the after plan was the decoy's
    # (Index Scan using t_pkey), the dropped primary key invisible
    decoyed = explain(ctx, [query], [read_migration("drop.sql", DROP_KEYS + DECOY)])
    after = decoyed.compared[0].after
    assert after is not None, decoyed.compared[0].errors
    assert "t_pkey" not in after.indexes, after.shape
    assert after.shape == plain.compared[0].after.shape
    # The rehearsal role's "$user" comes first on the usual path: a schema the migration
    # names after its own (random) role put a decoy there for the after plans
    mine = (
        "DO $$ BEGIN EXECUTE pg_catalog.format('CREATE SCHEMA %I', current_user);\n"
        "EXECUTE pg_catalog.format('CREATE TABLE %I.t (id integer PRIMARY KEY, v text, n integer)',"
        " current_user); END $$;\n"
    )
    named = explain(ctx, [query], [read_migration("drop.sql", DROP_KEYS + mine)])
    after = named.compared[0].after
    assert after is not None, named.compared[0].errors
    assert "t_pkey" not in after.indexes, after.shape


def test_no_function_planted_in_public_answers_the_guard_on_a_clone(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    # C37: the rehearsal role's session resolved the guard's `shobj_description(oid,
    # 'pg_database')` through public (a text argument fits an unknown literal better than
    # pg_catalog's name): the planted answer was compared with the clone's marker
    with sandbox(tmp_path, pg_cluster, schema=SCHEMA + PLANT, rows=20, sandbox_extra=CAPS) as box:
        box.engine().generate()
        result = _rehearse(box, "ALTER TABLE t ADD COLUMN w integer;\n")
        assert not result.failed, result.applied.failure
        with box.engine().context.db.owner() as conn:
            # the file's own sessions still have its usual path (and its function)
            assert conn.execute("SHOW search_path").fetchone() == ('"$user", public',)
            planted = "SELECT shobj_description(0::oid, 'pg_database')"
            assert conn.execute(planted).fetchone() == ("forged by schema.sql",)


LEAK = "DO $$ BEGIN RAISE EXCEPTION '%', (SELECT string_agg(v, ',') FROM t); END $$;"


def test_an_agent_without_read_gets_no_row_through_an_error(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    # C28: an agent with `migrate` alone (no sample, no query) read every row of the
    # snapshot through the error text of a RAISE in its rehearse or explain after_sql
    with sandbox(tmp_path, pg_cluster, schema=SCHEMA, rows=20, sandbox_extra=CAPS) as box:
        box.engine().generate()
        text = box.config.read_text().replace(CAPS, 'capabilities = ["migrate"]')
        box.config.write_text(text)
        with box.connect() as conn:
            stored = [str(r[0]) for r in conn.execute("SELECT v FROM t WHERE v <> ''")]
        assert stored

        async def body(session: ClientSession) -> list[str]:
            return [
                _text(await session.call_tool("rehearse", {"sql": LEAK})),
                _text(
                    await session.call_tool(
                        "explain", {"queries": ["SELECT * FROM t"], "after_sql": LEAK}
                    )
                ),
            ]

        for out in anyio.run(_session_run, box.config, body):
            assert "raise_exception (SQLSTATE P0001)" in out, out
            assert not [v for v in stored if v in out], out


def test_an_agent_with_read_gets_the_servers_message(box: Sandbox) -> None:
    # the documented limit (mcp.md): with `read`, the message as the server said it
    with box.connect() as conn, pytest.raises(psycopg.Error) as caught:
        conn.execute("SELECT 'x1y'::int")
    said, state = error_text(caught.value, withhold=False)
    assert said.startswith("invalid input syntax") and "x1y" in said and state == "22P02"
    said = error_text(caught.value, withhold=True)[0]
    assert said.startswith("invalid_text_representation (SQLSTATE 22P02) at character 8")
    assert "x1y" not in said


def test_the_rehearsal_deadline_holds_whatever_the_sql_sets(box: Sandbox) -> None:
    # C39: `SET statement_timeout = 0` lifted an agent's 120 s limit; the deadline is held
    # from outside the session: a cancel, then (the cancel caught) the backend ended
    ctx = box.engine().context
    lifted = "SET statement_timeout = 0;\nSET lock_timeout = 0;\nSELECT pg_sleep(60);\n"
    caught = (
        "SET statement_timeout = 0;\nDO $$ BEGIN LOOP BEGIN PERFORM pg_sleep(60); "
        "EXCEPTION WHEN query_canceled THEN NULL; END; END LOOP; END $$;\n"
    )
    for text, at_most in ((lifted, 15.0), (caught, 15.0 + GRACE)):
        started = time.monotonic()
        result = rehearse(ctx, [read_migration("m.sql", text)], Options(deadline=2))
        took = time.monotonic() - started
        assert took < at_most, took
        assert result.failed
        assert result.applied.failure is not None
        assert "wall-clock limit of 2 s" in result.applied.failure.error
    with box.connect() as conn:  # the clones went with their rehearsals
        left = conn.execute(
            "SELECT count(*) FROM pg_database WHERE datname LIKE %s", (f"{box.name}__wb_rh_%",)
        ).fetchone()
        assert left == (0,)


def test_a_migration_that_copies_rows_to_the_client_is_refused_in_one_paragraph(
    box: Sandbox,
) -> None:
    # C38: `COPY (SELECT …) TO STDOUT` left the session in COPY OUT mode: "unexpected
    # error: OperationalError … another command is already in progress"
    path = box.root / "copy_out.sql"
    path.write_text("ALTER TABLE t ADD COLUMN c integer;\nCOPY (SELECT * FROM t) TO STDOUT;\n")
    done = run_cli("rehearse", "--config", str(box.config), str(path))
    assert done.returncode == 2, (done.stdout, done.stderr)
    said = done.stderr
    assert "unexpected" not in said and "Traceback" not in said, said
    assert "copy_out.sql:2" in said and "statement 2" in said and "TO STDOUT" in said, said
    # the text of a statement that merely names COPY is no COPY
    result = _rehearse(box, "COMMENT ON TABLE t IS 'COPY t TO STDOUT';\n")
    assert not result.failed, result.applied.failure


def test_an_agent_with_read_gets_the_emails_of_an_error_masked_again(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    # C28 with `read`: the message comes back, its emails masked as `query` masks them
    schema = "CREATE TABLE people (id integer PRIMARY KEY, email text NOT NULL);\n"
    with sandbox(tmp_path, pg_cluster, schema=schema, rows=10, sandbox_extra=CAPS) as box:
        box.engine().generate()
        with box.connect() as conn:
            stored = [str(r[0]) for r in conn.execute("SELECT email FROM people")]
        assert stored and all("@" in e for e in stored)
        leak = (
            "DO $$ BEGIN RAISE EXCEPTION 'got %', "
            "(SELECT string_agg(email, ',') FROM people); END $$;"
        )

        async def body(session: ClientSession) -> str:
            return _text(await session.call_tool("rehearse", {"sql": leak}))

        out = anyio.run(_session_run, box.config, body)
        assert "got " in out and out.count("@") >= len(stored), out
        assert not [e for e in stored if e in out], out


def test_defaults_a_migration_gives_its_role_do_not_steer_the_plans_after_it(
    box: Sandbox,
) -> None:
    # a new session starts with the role's own defaults: a migration could set them
    query = "SELECT * FROM t WHERE id = 42"
    steer = (
        "ALTER ROLE CURRENT_USER SET enable_indexscan = off;\n"
        "ALTER ROLE CURRENT_USER SET enable_bitmapscan = off;\n"
    )
    result = explain(box.engine().context, [query], [read_migration("steer.sql", steer)])
    compared = result.compared[0]
    assert compared.before is not None and compared.after is not None
    assert compared.after.shape == compared.before.shape, compared.after.shape
    assert any("enable_indexscan=off" in note for note in result.notes), result.notes


# D4 (attack22d): names the migration computes from rows, in the rehearsal's answer
NAMED_AFTER_ROWS = """\
CREATE INDEX t_n_written ON t (n);
DO $$ DECLARE vs text[]; x text; BEGIN
  SELECT array_agg(v) INTO vs FROM (SELECT v FROM t WHERE v <> '' ORDER BY id LIMIT 3) s;
  FOREACH x IN ARRAY vs LOOP
    EXECUTE format('CREATE INDEX %I ON public.t (n)', 'i ' || x);
    EXECUTE format('ALTER TABLE public.t ADD COLUMN %I text DEFAULT %L', 'c ' || x, x);
  END LOOP;
END $$;
"""


def test_an_agent_without_read_gets_no_row_through_a_name(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    with sandbox(tmp_path, pg_cluster, schema=SCHEMA, rows=20, sandbox_extra=CAPS) as box:
        box.engine().generate()
        text = box.config.read_text().replace(CAPS, 'capabilities = ["migrate"]')
        box.config.write_text(text)
        with box.connect() as conn:
            stored = [str(r[0]) for r in conn.execute("SELECT v FROM t WHERE v <> ''")]
        assert stored

        async def body(session: ClientSession) -> list[str]:
            return [
                _text(await session.call_tool("rehearse", {"sql": NAMED_AFTER_ROWS})),
                _text(
                    await session.call_tool(
                        "explain",
                        {"queries": ["SELECT * FROM t WHERE n = 1"], "after_sql": NAMED_AFTER_ROWS},
                    )
                ),
            ]

        rehearsed, explained = anyio.run(_session_run, box.config, body)
        for out in (rehearsed, explained):
            assert not [v for v in stored if v in out], out
        assert "name-withheld-" in rehearsed and "t_n_written" in rehearsed, rehearsed
        assert "withheld_names" in rehearsed


# D6 (attack22d): the same ALTER done by a deferred constraint trigger at the file's COMMIT
DEFERRED = """\
CREATE TABLE public.dummy (x int);
CREATE FUNCTION public.sneaky() RETURNS trigger LANGUAGE plpgsql AS $$BEGIN
  EXECUTE 'ALTER TABLE public.t ADD COLUMN z integer NOT NULL DEFAULT (random()*10)::int';
  RETURN NULL; END$$;
CREATE CONSTRAINT TRIGGER s AFTER INSERT ON public.dummy DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION public.sneaky();
INSERT INTO public.dummy VALUES (1);
"""


@pytest.mark.parametrize("ending", ["", "BEGIN;\n", "COMMIT;\n"], ids=["file", "begin", "commit"])
def test_work_done_at_commit_is_measured(box: Sandbox, ending: str) -> None:
    text = ("BEGIN;\n" + DEFERRED + "COMMIT;\n") if ending == "BEGIN;\n" else DEFERRED + ending
    result = _rehearse(box, text)
    assert not result.failed, result.applied.failure
    steps = [st for st in result.applied.statements if st.sql.startswith("(at COMMIT)")]
    assert len(steps) == 1, [st.sql for st in result.applied.statements]
    step = steps[0]
    assert step.rewritten == ["public.t"]
    assert "AccessExclusiveLock public.t" in [f"{lock.mode} {lock.table}" for lock in step.locks]
    kinds = {(f.kind, f.severity) for f in result.findings if f.source == "measured"}
    assert ("volatile-default", "error") in kinds, kinds
    # nothing deferred: no extra step
    plain = _rehearse(box, "CREATE TABLE public.other (x int);\n")
    assert [st.sql for st in plain.applied.statements] == ["CREATE TABLE public.other (x int)"]


# attack22e E2: a byte of a row as the number of rows a statement wrote
BYTE = "ascii(substr((SELECT v FROM t WHERE v <> '' ORDER BY id LIMIT 1), 1, 1))"
COUNTED = f"UPDATE t SET n = n WHERE id IN (SELECT id FROM t ORDER BY id LIMIT {BYTE});\n"
ANALYZED = (
    f"DELETE FROM u;\nDELETE FROM t WHERE id NOT IN (SELECT id FROM t ORDER BY id LIMIT {BYTE});\n"
    "ANALYZE t;\n"
)


def _powers_of_ten(value: Any) -> bool:
    return value in (0, None) or (value > 0 and str(int(value)).rstrip("0") == "1")


def test_an_agent_without_read_gets_no_exact_row_count(tmp_path: Path, pg_cluster: Cluster) -> None:
    with sandbox(tmp_path, pg_cluster, schema=SCHEMA, rows=300, sandbox_extra=CAPS) as box:
        box.engine().generate()
        with box.connect() as conn:
            (byte,) = conn.execute(f"SELECT {BYTE}").fetchone()
        assert not _powers_of_ten(byte)
        # the developer's own rehearsal (and an agent with `read`): the exact count
        exact = _rehearse(box, COUNTED).applied.statements[-1]
        assert exact.rows.written == {"public.t": byte} and exact.rows.command == byte
        text = box.config.read_text().replace(CAPS, 'capabilities = ["migrate"]')
        box.config.write_text(text)

        async def body(session: ClientSession) -> list[str]:
            return [
                _text(await session.call_tool("rehearse", {"sql": COUNTED})),
                _text(
                    await session.call_tool(
                        "explain", {"queries": ["SELECT * FROM t"], "after_sql": ANALYZED}
                    )
                ),
            ]

        rehearsed, explained = (
            json.loads(out) for out in anyio.run(_session_run, box.config, body)
        )
        last = rehearsed["statements"][-1]
        rounded = 10 ** (len(str(byte)) - 1)  # 65..122: 10 or 100
        assert last["rows"]["written"] == {"public.t": rounded}, last
        assert last["rows"]["command"] == rounded, last
        for answer in (rehearsed, explained):
            assert any("rounded down to a power of ten" in n for n in answer["notes"]), answer
            for st in answer["statements"]:
                counts = [v for key in ("read", "written", "rewritten", "of_table")
                          for v in st["rows"][key].values()]  # fmt: skip
                counts += [st["rows"]["command"], st["wal_bytes"]]
                assert all(_powers_of_ten(c) for c in counts), st
                assert str(byte) not in json.dumps(st["rows"]), st
            for finding in answer["findings"]:
                assert f"{byte} row" not in finding["message"], finding
        after = explained["plans"][0]["after"]
        assert after["rows"] == rounded and _powers_of_ten(after["cost"]), after
