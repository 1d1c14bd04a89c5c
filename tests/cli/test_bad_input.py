"""Bad input is refused with a clear error (exit 2) before anything is touched: an agent's
`rows`, a schema file that cannot mean what it says, sandbox.toml entries naming what schema.sql
does not have; and no generator writes a value outside its column type's range."""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
from mcp import ClientSession

from tests.cli.test_mcp_server import _session_run, _text
from tests.conftest import REPO, Cluster, MakeProject, generated_project, run_cli
from tests.unit.test_lifecycle_helpers import table_hashes
from workbench.engine import Engine
from workbench.schema.parse import parse_schema_file

SMALL = """\
CREATE TABLE authors (id bigserial PRIMARY KEY, email text NOT NULL UNIQUE);
CREATE TABLE posts (
    id bigserial PRIMARY KEY,
    author_id bigint NOT NULL REFERENCES authors (id),
    title text NOT NULL
);
"""


@pytest.fixture(scope="module")
def generated_small(
    pg_cluster: Cluster, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Path]:
    """SMALL generated once (in process: what is refused after it is tried) for the cases of
    an unreadable schema file, each putting schema.sql back as it found it."""
    root = tmp_path_factory.mktemp("bad_schema")
    with generated_project(pg_cluster, root, SMALL, extra="\n[generate]\nrows = 20\n") as config:
        yield config


def _cli(config: Path, *args: str) -> tuple[int, str, str]:
    result = run_cli(*args, "--config", str(config), cwd=config.parent)
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, result.stdout, result.stderr


def test_mcp_generate_refuses_bad_rows_before_touching_the_sandbox(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    config = make_project(SMALL, extra="\n[generate]\nrows = 30\n")
    Engine(config).generate()  # set-up, in process: what is refused after it is tried
    name = config.read_text().split('name = "')[1].split('"')[0]
    before = table_hashes(pg_cluster.conninfo(name))
    assert all(before.values())

    async def body(session: ClientSession) -> list:
        return [
            await session.call_tool("generate", {"rows": rows})
            for rows in (-3, 0, 10**12, "abc", "12", 2.5, True)
        ]

    results = anyio.run(_session_run, config, body)
    for rows, result in zip((-3, 0, 10**12, "abc", "12", 2.5, True), results, strict=True):
        assert result.is_error, (rows, _text(result))
        assert "rows" in _text(result), _text(result)
        assert "KeyError" not in _text(result) and "Traceback" not in _text(result)
    assert table_hashes(pg_cluster.conninfo(name)) == before
    log = (config.parent / "mcp-stderr.log").read_text()
    assert "Traceback" not in log

    for rows in ("-3", "10000000000"):
        code, out, err = _cli(config, "generate", "--yes", "--json", "--rows", rows)
        assert code == 2, err
        assert json.loads(out.splitlines()[-1])["error"]["exit_code"] == 2
    assert table_hashes(pg_cluster.conninfo(name)) == before


@pytest.mark.parametrize(
    ("text", "line", "what"),
    [
        ("", 1, "holds no SQL statement"),
        ("-- nothing but a comment\n\n/* and another */\n", 1, "holds no SQL statement"),
        (
            SMALL + "CREATE FUNCTION f() RETURNS int LANGUAGE sql AS $$\nSELECT 1;\n",
            7,
            "unterminated dollar-quoted text",
        ),
        (
            SMALL + "CREATE FUNCTION g() RETURNS int AS $body$ SELECT 1 $$;\n",
            7,
            "unterminated dollar-quoted text",
        ),
        (SMALL + "COMMENT ON TABLE posts IS 'open;\n", 7, "unterminated quoted text"),
        (SMALL + "/* open /* nested */\nCREATE TABLE x (id int);\n", 7, "unterminated /*"),
    ],
)
def test_an_unreadable_schema_file_is_an_error_naming_file_and_line(
    generated_small: Path, pg_cluster: Cluster, text: str, line: int, what: str
) -> None:
    config = generated_small
    name = config.read_text().split('name = "')[1].split('"')[0]
    before = table_hashes(pg_cluster.conninfo(name))
    (config.parent / "schema.sql").write_text(text)
    try:
        for args in (
            ("generate", "--yes"),
            ("estimate",),
            ("schema",),
            ("reset", "--yes", "--full"),
        ):
            code, out, err = _cli(config, *args)
            assert code == 2, (args, code, err)
            assert f"schema.sql:{line}:" in err and what in err, err
            assert "0 rows" not in out
        code, out, _ = _cli(config, "generate", "--yes", "--json")
        assert code == 2 and json.loads(out.splitlines()[-1])["error"]["title"] == "schema error"
        assert table_hashes(pg_cluster.conninfo(name)) == before  # nothing was dropped
    finally:
        (config.parent / "schema.sql").write_text(SMALL)  # as the next case finds it


@pytest.mark.parametrize(
    ("entry", "key", "expected"),
    [
        (
            '[tables."public.posts".columns.title]\ngenerator = "nonsense"\n',
            'tables."public.posts".columns.title.generator',
            "unknown generator 'nonsense'",
        ),
        (
            '[tables."public.posts".columns.title]\ngenerator = "sentense"\n',
            'tables."public.posts".columns.title.generator',
            "did you mean 'sentence'?",
        ),
        (
            '[tables."public.post"]\nrows = 5\n',
            'tables."public.post"',
            "did you mean 'public.posts'",
        ),
        ("[tables.autors]\nrows = 5\n", 'tables."autors"', "did you mean 'public.authors'"),
        (
            '[tables."public.posts".columns.titel]\nnull_fraction = 0.5\n',
            'tables."public.posts".columns.titel',
            "did you mean 'title'",
        ),
        (
            '[tables."public.posts"]\nchildren = { parent = "public.author", max = 3 }\n',
            'tables."public.posts".children.parent',
            "did you mean 'public.authors'",
        ),
    ],
)
def test_config_entries_must_match_the_schema(
    make_project: MakeProject, entry: str, key: str, expected: str
) -> None:
    config = make_project(SMALL, extra="\n" + entry)
    for args in (("estimate",), ("generate", "--yes"), ("classify",)):
        code, _, err = _cli(config, *args)
        assert code == 2, (args, err)
        assert str(config) in err and f"key {key}" in err and expected in err, err
    if "generator" in key:
        assert "Valid generators:" in err and "full_name" in err


_INT_RANGES = {
    "smallint": (-(2**15), 2**15 - 1),
    "integer": (-(2**31), 2**31 - 1),
    "bigint": (-(2**63), 2**63 - 1),
}


def _check_int_ranges(schema_path: Path, out_dir: Path) -> int:
    """Every integer column of every CSV file within its type's range; returns values seen."""
    schema = parse_schema_file(schema_path).schema
    seen = 0
    for table in schema.tables.values():
        path = out_dir / f"{table.qualified}.csv"
        if not path.exists():
            continue
        with path.open() as handle:
            reader = csv.reader(handle)
            header = next(reader)
            rows = list(reader)
        for column in table.columns:
            bounds = _INT_RANGES.get(column.type.sql())
            if bounds is None or column.name not in header:
                continue
            i = header.index(column.name)
            values = [int(r[i]) for r in rows if r[i] != ""]
            assert all(bounds[0] <= v <= bounds[1] for v in values), (table.name, column.name)
            seen += len(values)
    return seen


def test_no_generated_integer_leaves_its_type_range(tmp_path: Path) -> None:
    root = tmp_path / "ranges"
    root.mkdir()
    (root / "schema.sql").write_text(
        "CREATE TABLE t (id smallint PRIMARY KEY, n smallint NOT NULL, s smallserial,\n"
        "  m int2 CHECK (m > 100), big integer);\n"
        "CREATE TABLE u (id serial PRIMARY KEY, t_id smallint REFERENCES t (id),\n"
        "  pos smallint NOT NULL, UNIQUE (t_id, pos));\n"
    )
    (root / "sandbox.toml").write_text('[sandbox]\nname = "ranges"\n[generate]\nrows = 40000\n')
    code, _, err = _cli(root / "sandbox.toml", "generate", "--csv", str(root / "out"))
    assert code == 0, err
    assert _check_int_ranges(root / "schema.sql", root / "out") > 100_000


def test_the_example_at_32768_rows_keeps_line_no_in_smallint(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    example = (REPO / "schema.sql").read_text()
    tables = (REPO / "sandbox.toml").read_text().split("[generate]")[1].split("\n", 2)[2]
    config = make_project(example, extra="\n[generate]\nrows = 1000\n" + tables)
    code, out, err = _cli(config, "generate", "--yes", "--json", "--rows", "32768")
    assert code == 0, err
    assert json.loads(out.splitlines()[-1])["verified"]
    name = config.read_text().split('name = "')[1].split('"')[0]
    import psycopg

    with psycopg.connect(pg_cluster.conninfo(name)) as conn:
        count, top = conn.execute("SELECT count(*), max(line_no) FROM order_items").fetchone()
    assert count >= 32768 and 1 <= top <= 32767


def test_a_name_longer_than_the_file_system_takes_is_said_plainly(
    make_project: MakeProject,
) -> None:
    """Attack round 6 (T18): a 300-byte file name ended in "unexpected error: OSError [Errno
    36]"; it is one paragraph naming the path, exit 2, whatever command meets it."""
    config = make_project(SMALL, extra="\n[generate]\nrows = 3\n")
    Engine(config).generate()  # set-up, in process
    long = "m" * 300
    for args in (
        ("rehearse", f"proposed/{long}.sql"),
        ("explain", f"{long}.sql"),
        ("stats", "scrub", f"{long}.sql"),
        ("stats", "scrub", f"{long}.sql", "-o", "out.sql"),
        ("generate", "--csv", f"{long}/x", "--yes"),
        ("seed", "import", f"{long}.dump", "--yes"),
    ):
        code, _, err = _cli(config, *args)
        assert code == 2, (args, err)
        assert "name too long" in err and long in err and "longer than the 255" in err, err
        assert "unexpected" not in err and "Errno" not in err, (args, err)
    for args in (("status", "--config", str(config.parent / long / "sandbox.toml")),):
        result = run_cli(*args, cwd=config.parent)
        code, err = result.returncode, result.stderr
        assert code == 2, (args, err)
        assert "name too long" in err and long in err and "longer than the 255" in err, err
        assert "unexpected" not in err and "Errno" not in err, (args, err)


def test_a_migration_name_that_is_not_utf8_is_refused_naming_it(
    make_project: MakeProject,
) -> None:
    """attack22c C14: a committed migration named `001_\\xff\\xfe.sql` (git stores any bytes)
    ended generate and rehearse in "unexpected error: UnicodeEncodeError", generate after
    running the migration (the sandbox left incomplete). It is refused first, exit 2, the
    file named; nothing runs."""
    config = make_project(SMALL, extra='migrations = "migs"\n[generate]\nrows = 5\n')
    migs = config.parent / "migs"
    migs.mkdir()
    (migs / "000_ok.sql").write_text("ALTER TABLE posts ADD COLUMN note text;\n")
    bad = migs / os.fsdecode(b"001_\xff\xfe.sql")
    bad.write_text("CREATE TABLE ran (id int);\n")
    for args in (("generate", "--yes"), ("rehearse", "migs"), ("rehearse", "--markdown", "migs")):
        code, out, err = _cli(config, *args)
        assert code == 2, (args, out, err)
        assert "unexpected" not in err and "001_\\xff\\xfe.sql" in err, (args, err)
        assert "not UTF-8" in err
    assert not (config.parent / ".workbench" / "lease.json").exists()


@pytest.mark.parametrize(
    ("dsn", "said"),
    [
        ("postgresql://u:hunter2@[::1:5432/{name}", "IPv6 host"),
        ("postgresql://localhost/{name}?sslmode=bogus", "sslmode must be one of"),
        ("host=localhost dbname={name} sslmode=sometimes", "sslmode must be one of"),
    ],
)
def test_a_malformed_dsn_is_a_configuration_error_naming_the_key(
    make_project: MakeProject, dsn: str, said: str
) -> None:
    config = make_project(SMALL)
    name = config.read_text().split('name = "')[1].split('"')[0]
    text = config.read_text()
    start = text.index("dsn = ")
    end = text.index("\n", start)
    config.write_text(text[:start] + f'dsn = "{dsn.format(name=name)}"' + text[end:])
    code, out, err = _cli(config, "status")
    assert code == 2, (out, err)
    assert "sandbox.dsn" in err and said in err, err
    assert "hunter2" not in out + err and "unexpected error" not in err


@pytest.mark.parametrize("name", ["pg_catalog", "pg_sandbox"])
def test_a_sandbox_name_starting_with_pg_is_a_configuration_error(
    make_project: MakeProject, name: str
) -> None:
    """PostgreSQL reserves role names starting with pg_ and the sandbox's roles are named after
    it: before, `generate` crashed with "unexpected error: ReservedName"."""
    config = make_project(SMALL)
    text = config.read_text()
    old = text.split('name = "')[1].split('"')[0]
    config.write_text(text.replace(f'name = "{old}"', f'name = "{name}"', 1))
    code, out, err = _cli(config, "generate", "--yes")
    assert code == 2, (out, err)
    assert "sandbox.name" in err and "pg_" in err and "reserves" in err, err
    assert "unexpected error" not in err and "ReservedName" not in err
