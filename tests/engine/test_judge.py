"""The server judges every kept row (generate/judge/): each class of schema that used to stop
`generate` — a CHECK the repairs cannot meet, an index that casts text to integer, a partial
unique index that only a row's state can satisfy, a text CHECK fighting a uniqueness suffix, a
tree whose depth follows its parent, a function only the server knows — now loads, with every
constraint and index of the file built over the rows, and what could not be kept is dropped
and accounted for (table, constraint, a refused value), children pointing at kept parents."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
from pathlib import Path

import psycopg
import pytest

from tests.conftest import run_cli
from workbench.cli.main import main as cli_main
from workbench.config.file import load_config, parse_config
from workbench.generate import build_plan, load_data
from workbench.generate.load.report import LoadReport
from workbench.records.evidence import read_records
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text


def _load(conninfo: str, ddl: str, tmp_path: Path, rows: int = 300) -> LoadReport:
    """Pre-data, the load, then post-data (every index and constraint built over the rows)."""
    parsed = parse_schema_text(ddl, "schema.sql")
    config = parse_config(
        {"sandbox": {"seed": 5}, "generate": {"rows": rows, "batch_rows": 100}},
        tmp_path / "sandbox.toml",
    )
    with psycopg.connect(conninfo, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=5)
        report = load_data(conn, parsed.schema, plan, config, seed=5)
        apply_statements(conn, parsed, "post")
        # nothing NOT VALID is left unchecked: every constraint holds on every row
        for (name,) in conn.execute(
            "SELECT format('ALTER TABLE %s VALIDATE CONSTRAINT %I', conrelid::regclass, conname)"
            " FROM pg_constraint WHERE NOT convalidated"
        ).fetchall():
            conn.execute(name)
    return report


def _count(conninfo: str, query: str) -> int:
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0])


CASES = {
    "a rule about which columns are NULL together": (
        """
        CREATE TABLE t (id serial PRIMARY KEY, a int, b int, c int,
          CHECK (CASE WHEN a IS NULL THEN b IS NOT NULL ELSE b IS NULL AND c IS NULL END));
        """,
        "SELECT count(*) FROM t WHERE a IS NOT NULL",
    ),
    "an index casting a text column to integer": (
        """
        CREATE TABLE t (id serial PRIMARY KEY, code varchar(20) NOT NULL, note text);
        CREATE INDEX t_code_int ON t ((code::integer));
        """,
        "SELECT count(DISTINCT code) FROM t",
    ),
    "a CHECK calling a function of the schema": (
        """
        CREATE FUNCTION is_even(i int) RETURNS boolean LANGUAGE sql IMMUTABLE
          AS 'SELECT i % 2 = 0';
        CREATE TABLE t (id serial PRIMARY KEY, qty int NOT NULL CHECK (is_even(qty)));
        """,
        "SELECT count(DISTINCT qty) FROM t",
    ),
    "one active version per quote": (
        """
        CREATE TABLE quotes (id serial PRIMARY KEY, title text NOT NULL);
        CREATE TABLE versions (id serial PRIMARY KEY,
          quote_id int NOT NULL REFERENCES quotes,
          status text NOT NULL CHECK (status IN ('draft', 'active', 'sent', 'archived')));
        CREATE UNIQUE INDEX one_active ON versions (quote_id)
          WHERE status = ANY (ARRAY['active'::text, 'sent'::text]);
        """,
        "SELECT count(*) FROM versions WHERE status IN ('draft', 'archived')",
    ),
    "no whitespace, unique case-insensitively": (
        """
        CREATE TABLE t (id serial PRIMARY KEY, name text NOT NULL CHECK (name !~ '\\s'));
        CREATE UNIQUE INDEX t_lower_name ON t (lower(name));
        """,
        "SELECT count(DISTINCT lower(name)) FROM t",
    ),
    "a tree whose depth follows its parent": (
        """
        CREATE TABLE nodes (id serial PRIMARY KEY, parent_id int REFERENCES nodes,
          depth int NOT NULL CHECK (depth >= 0),
          CHECK ((parent_id IS NULL) = (depth = 0)));
        """,
        "SELECT count(*) FROM nodes WHERE parent_id IS NOT NULL",
    ),
    "a text CHECK by a function the evaluator does not know": (
        """
        CREATE TABLE t (id serial PRIMARY KEY, doc text NOT NULL
          CHECK (pg_input_is_valid(doc, 'jsonb') AND doc::jsonb ? 'k' IS NOT NULL),
          size text NOT NULL CHECK (octet_length(size) BETWEEN 1 AND 8 AND size::numeric > 0));
        """,
        "SELECT count(DISTINCT doc) FROM t",
    ),
    "length functions over a cast, on a list-like table": (
        """
        CREATE TABLE tags (id bigserial PRIMARY KEY, name varchar NOT NULL,
          slug varchar NOT NULL, note text,
          CHECK ((octet_length((name)::text) <= 255)),
          CHECK (bit_length((slug)::text) <= 8 * 40 AND char_length(slug::text) >= 2),
          CHECK (255 >= octet_length(note::text)));
        CREATE UNIQUE INDEX tags_name ON tags (name);
        """,
        "SELECT count(DISTINCT name) FROM tags",
    ),
}


@pytest.mark.parametrize("ddl,spread", list(CASES.values()), ids=list(CASES))
def test_schema_class_loads_every_row(fresh_db: str, tmp_path: Path, ddl: str, spread: str) -> None:
    report = _load(fresh_db, ddl, tmp_path)
    assert report.dropped == {}, report.dropped
    for table in report.tables:
        assert _count(fresh_db, f"SELECT count(*) FROM {table.name}") == table.rows == 300
    # the rows are searched, not piled on one value
    assert _count(fresh_db, spread) >= 5


def test_rows_no_search_can_save_are_dropped_and_children_repointed(
    fresh_db: str, tmp_path: Path
) -> None:
    """A CHECK on a column no search may change (the key) drops those rows; the children of
    the table pick kept parents only, and the account names the CHECK and a refused row."""
    ddl = """
    CREATE FUNCTION keepable(i int) RETURNS boolean LANGUAGE sql IMMUTABLE
      AS 'SELECT i % 10 <> 3';
    CREATE TABLE parents (id serial PRIMARY KEY, CONSTRAINT not_three CHECK (keepable(id)));
    CREATE TABLE children (id serial PRIMARY KEY,
      parent_id int NOT NULL REFERENCES parents);
    CREATE TABLE nodes (id serial PRIMARY KEY, up int REFERENCES nodes,
      CONSTRAINT node_not_three CHECK (keepable(id)));
    """
    report = _load(fresh_db, ddl, tmp_path)
    for table in ("public.parents", "public.nodes"):
        dropped = report.dropped[table]
        assert dropped["planned"] == 300 and dropped["dropped"] == 30, dropped
        assert dropped["kept"] == _count(fresh_db, f"SELECT count(*) FROM {table}") == 270
        (name,) = dropped["by_constraint"]
        assert name in ("CHECK not_three", "CHECK node_not_three")
        assert dropped["examples"][name].startswith("id = '")
    assert "public.children" not in report.dropped
    assert _count(fresh_db, "SELECT count(*) FROM children") == 300
    assert _count(fresh_db, "SELECT count(*) FROM parents WHERE id % 10 = 3") == 0
    # the self reference points at kept rows (its FK was validated by post-data)
    assert _count(fresh_db, "SELECT count(*) FROM nodes WHERE up % 10 = 3") == 0
    warning = next(w for w in report.warnings if w.startswith("public.parents: 30 of 300"))
    assert "CHECK not_three 30" in warning and "e.g. id = '" in warning


def test_a_key_with_few_values_keeps_what_it_can(fresh_db: str, tmp_path: Path) -> None:
    """A unique index over an expression of the schema's own function holds as many rows as
    the expression has values (no fewer): the rest are dropped, the index builds."""
    ddl = """
    CREATE FUNCTION bucket(t text) RETURNS int LANGUAGE sql IMMUTABLE
      AS 'SELECT length(t) % 7';
    CREATE TABLE t (id serial PRIMARY KEY, label text NOT NULL);
    CREATE UNIQUE INDEX t_bucket ON t (bucket(label));
    """
    report = _load(fresh_db, ddl, tmp_path, rows=60)
    kept = _count(fresh_db, "SELECT count(*) FROM t")
    # its real capacity: length % 7 takes 7 values, and the search reaches every one
    assert kept == _count(fresh_db, "SELECT count(DISTINCT bucket(label)) FROM t") == 7
    assert report.dropped["public.t"]["by_constraint"] == {"unique index t_bucket": 60 - kept}


DROPPING = """
CREATE FUNCTION keepable(i int) RETURNS boolean LANGUAGE sql IMMUTABLE AS 'SELECT i % 10 <> 3';
CREATE TABLE parents (id serial PRIMARY KEY, CONSTRAINT not_three CHECK (keepable(id)));
CREATE TABLE children (id serial PRIMARY KEY, parent_id int NOT NULL REFERENCES parents);
"""
NEEDED_EMPTY = DROPPING.replace("i % 10 <> 3", "false")


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`workbench ARGS` run in this process: the command's own main(), its exit code and
    what it wrote (no terminal), without the cost of a new interpreter."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(cwd), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_main(list(args))
    return subprocess.CompletedProcess(["workbench", *args], code, out.getvalue(), err.getvalue())


def test_cli_accounts_for_dropped_rows_and_a_stopped_run(make_project) -> None:
    """Through the CLI: rows dropped are accounted for per table in the text, --json and the
    evidence; a run that stops at a table other rows need says one paragraph, and `status`
    and `doctor` say where it stopped until the next generate recovers. The first command is
    a `workbench` process of its own; the others run its main() in this process."""
    config = make_project(DROPPING, extra="[generate]\nrows = 100\n")
    args = ("--config", str(config))
    text = run_cli("generate", "--yes", *args, cwd=config.parent)
    assert text.returncode == 0, text.stderr
    assert "public.parents: kept 90 of 100, dropped 10: CHECK not_three 10" in text.stdout
    lines = _cli("generate", "--yes", "--json", *args, cwd=config.parent).stdout.splitlines()
    result = json.loads(lines[-1])  # events, one a line, then the result
    account = result["dropped"]["public.parents"]
    assert (account["kept"], account["dropped"]) == (90, 10)
    assert account["by_constraint"] == {"CHECK not_three": 10}
    ends = [r for r in read_records(load_config(config).state_dir) if r.get("record") == "end"]
    assert ends[-1]["dropped"]["public.parents"]["by_constraint"] == {"CHECK not_three": 10}

    (config.parent / "schema.sql").write_text(NEEDED_EMPTY)
    failed = _cli("generate", "--yes", *args, cwd=config.parent)
    assert failed.returncode != 0
    message = failed.stderr.strip()
    assert "public.parents: all 100 rows were refused by CHECK not_three" in message
    assert "public.children needs its rows" in message and "Traceback" not in message
    status = _cli("status", *args, cwd=config.parent).stdout
    assert "incomplete: generate stopped at public.parents (public.parents: all 100" in status
    doctor = json.loads(_cli("doctor", "--json", *args, cwd=config.parent).stdout)
    (last,) = [c for c in doctor["checks"] if c["name"] == "last build"]
    assert last["status"] == "fail" and "stopped at public.parents" in last["message"]

    (config.parent / "schema.sql").write_text(DROPPING)
    assert _cli("generate", "--yes", *args, cwd=config.parent).returncode == 0
    assert "incomplete" not in _cli("status", *args, cwd=config.parent).stdout


def test_numbers_past_their_columns_digits_are_judged_not_sent(
    fresh_db: str, tmp_path: Path
) -> None:
    """A line's amount (its quantity times its price) and an invoice's total (the lines' sum
    plus tax) can pass a numeric(p,s)'s digits: COPY would refuse the whole table, so the
    judge holds every number to its column's type and the totals keep a value the type takes
    (the held-out car-sharing schema stopped with 'numeric field overflow')."""
    ddl = """
    CREATE TABLE invoices (id serial PRIMARY KEY, subtotal numeric(8,2), tax numeric(8,2),
      total_amount numeric(8,2));
    CREATE TABLE invoice_lines (id serial PRIMARY KEY,
      invoice_id int NOT NULL REFERENCES invoices,
      quantity numeric(10,2) NOT NULL CHECK (quantity > 0), unit_price numeric(10,2) NOT NULL,
      line_amount numeric(7,2) NOT NULL);
    """
    report = _load(fresh_db, ddl, tmp_path, rows=600)
    lines = _count(fresh_db, "SELECT count(*) FROM invoice_lines")
    assert lines >= 0.99 * 600, report.dropped
    # most lines keep their arithmetic (a line past the digits has its amount searched)
    assert (
        _count(
            fresh_db,
            "SELECT count(*) FROM invoice_lines"
            " WHERE line_amount = round(quantity * unit_price, 2)",
        )
        >= 0.9 * lines
    )
    assert _count(fresh_db, "SELECT max(abs(line_amount))::bigint FROM invoice_lines") < 100000
