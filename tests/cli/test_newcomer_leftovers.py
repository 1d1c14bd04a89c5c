"""What a newcomer's try of the CLI found (session 29), each driven through the real CLI:

- `snapshot --yes` is accepted, as by every command that replaces something;
- `generate --rows 0` says, before and after, that it leaves every table empty on purpose;
- a schema file that is a named pipe is called one (not "missing"), and never waited on;
- a generate or reset the guard refuses changed nothing and leaves no unfinished build behind
  (records/evidence: outcome `refused`): status, snapshot and doctor go on as before it;
- `classify` fits its reasons to the width (one per line) instead of padding to the longest;
- one table is "1 table"."""

from __future__ import annotations

import json
import os
from pathlib import Path

import psycopg
from psycopg import sql

from tests.conftest import Cluster, MakeProject, run_cli
from workbench.engine import Engine

# A schema of this file's own.
ONE_TABLE = """
CREATE TABLE logbook (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    title text NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz
);
"""
ROWS = "[generate]\nrows = 20\n"


def _cli(config: Path, *args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = run_cli(*args, "--config", str(config), cwd=config.parent, env=env, timeout=120)
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, result.stdout, " ".join(result.stderr.split())


def _set_marker(cluster: Cluster, db: str, marker: str | None) -> str | None:
    """The database's comment (its workbench marker) set to `marker`; returns the old one."""
    with psycopg.connect(cluster.conninfo(), autocommit=True) as conn:
        row = conn.execute(
            "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = %s",
            (db,),
        ).fetchone()
        conn.execute(
            sql.SQL("COMMENT ON DATABASE {} IS {}").format(sql.Identifier(db), sql.Literal(marker))
        )
    return row[0] if row else None


def test_snapshot_takes_yes(make_project: MakeProject) -> None:
    config = make_project(ONE_TABLE, extra=ROWS)
    Engine(config).generate()  # set-up, in process
    code, out, err = _cli(config, "snapshot", "--yes")
    assert code == 0 and "snapshot snap-" in out, (code, out, err)
    assert _cli(config, "snapshot", "-y", "--json")[0] == 0


def test_a_refused_reset_or_generate_leaves_no_unfinished_build(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    name = "sb_refused_" + os.urandom(4).hex()
    config = make_project(ONE_TABLE, extra=ROWS, name=name)
    Engine(config).generate()  # set-up, in process
    progress = (config.parent / ".workbench" / "progress.json").read_text()
    ours = _set_marker(pg_cluster, name, "sandbox-workbench:prod_mirror")
    try:
        for args in (("reset", "--yes", "--full"), ("generate", "--yes", "--seed", "5")):
            code, _, err = _cli(config, *args)
            assert code == 3 and "prod_mirror" in err, (args, code, err)
    finally:
        _set_marker(pg_cluster, name, ours)
    assert (config.parent / ".workbench" / "progress.json").read_text() == progress
    code, out, err = _cli(config, "status", "--json")
    assert code == 0 and json.loads(out)["incomplete"] is None, (code, out, err)
    _, out, _ = _cli(config, "doctor", "--json")
    last = next(c for c in json.loads(out)["checks"] if c["name"] == "last build")
    assert last["status"] == "pass", last
    runs = json.loads(_cli(config, "evidence", "--json", "--limit", "2")[1])["runs"]
    assert [r["outcome"] for r in runs] == ["refused", "refused"], runs
    code, out, err = _cli(config, "snapshot", "--yes")
    assert code == 0, (code, out, err)
    code, out, err = _cli(config, "reset", "--yes")
    assert code == 0 and "recovered" not in out, (code, out, err)  # no failure to recover from


def test_rows_zero_is_said_to_leave_the_tables_empty(make_project: MakeProject) -> None:
    config = make_project(ONE_TABLE, extra=ROWS)
    code, out, err = _cli(config, "generate", "--rows", "0", "--yes", "--json")
    assert code == 0, (code, err)
    lines = [json.loads(line) for line in out.splitlines()]
    warnings = [e["message"] for e in lines if e["event"] == "Warning"]
    assert any("--rows 0" in w and "empty on purpose" in w for w in warnings), lines
    assert lines[-1]["event"] == "Done" and lines[-1]["empty_on_purpose"] is True, lines[-1]
    code, out, err = _cli(config, "reset", "--yes", "--full", "--rows", "0")
    assert code == 0 and "empty on purpose" in out and "warning: --rows 0" in err, (out, err)
    code, out, err = _cli(config, "generate", "--yes")  # the config's rows: no such note
    assert code == 0 and "empty on purpose" not in out + err, (out, err)


def test_a_schema_file_that_is_a_pipe_is_called_one(make_project: MakeProject) -> None:
    config = make_project(ONE_TABLE, extra=ROWS)
    os.mkfifo(config.parent / "pipe.sql")
    config.write_text(config.read_text().replace('schema = "schema.sql"', 'schema = "pipe.sql"'))
    for args in (("estimate",), ("schema",), ("generate", "--yes"), ("reset", "--yes")):
        code, _, err = _cli(config, *args)
        assert code == 2, (args, code, err)
        assert "pipe.sql is a named pipe (FIFO)" in err and "does not exist" not in err, err
    _, out, _ = _cli(config, "doctor")  # its drift check hashed the file: it waited for ever
    assert "pipe.sql is a named pipe (FIFO), not a file" in out, out
    code, out, _ = _cli(config, "status", "--json")  # the refused reset left nothing half made
    assert code == 0 and json.loads(out)["incomplete"] is None, out


def test_classify_fits_its_reasons_to_the_width(make_project: MakeProject) -> None:
    config = make_project()  # the shipped example schema, as the newcomer ran it
    for columns, width in (("", 120), ("100", 100)):
        code, out, err = _cli(config, "classify", env={"COLUMNS": columns})
        assert code == 0, (code, err)
        lines = out.splitlines()
        assert max(len(line) for line in lines) <= width, max(lines, key=len)
        rule = next(line for line in lines if line.startswith("---"))
        assert len(rule) <= max(len(line) for line in lines if not line.startswith("---"))
    # one reason per line: the rules under a column are lines of their own
    at = next(i for i, line in enumerate(lines) if line.startswith("public.orders.placed_at "))
    assert lines[at + 1].startswith(" " * 20), lines[at : at + 3]


def test_one_table_is_one_table(make_project: MakeProject) -> None:
    config = make_project(ONE_TABLE, extra=ROWS)
    assert "public (1 table)" in _cli(config, "schema")[1]
    code, out, err = _cli(config, "generate", "--yes")
    assert code == 0 and "in 1 table in" in out and "plan: 1 table, 20 rows" in err, (out, err)
    assert "1 user table\n" in _cli(config, "status")[1] + "\n"
    assert "1 table, 4 columns" in _cli(config)[1]
    assert "tables" not in out + err, (out, err)


def test_a_schema_file_that_links_to_itself_is_a_clear_error(make_project: MakeProject) -> None:
    """A symlink loop as schema.sql: one paragraph naming it, exit 2, no 'unexpected error'."""
    config = make_project(ONE_TABLE, extra=ROWS)
    config.write_text(config.read_text().replace('schema = "schema.sql"', 'schema = "loop.sql"'))
    (config.parent / "loop.sql").symlink_to("loop.sql")
    for args in (("estimate",), ("status",)):
        code, _, err = _cli(config, *args)
        assert code == 2, (args, code, err)
        assert "loop.sql' is a symlink loop" in err and "unexpected" not in err, (args, err)
