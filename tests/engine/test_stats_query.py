"""Must-show for issue 14: `workbench stats query`, run with psql against a PostgreSQL 15
database, writes a file the workbench reads to the same plan as PostgreSQL 18's
`pg_dump --statistics-only` for the same data; and the parser's clear errors."""

from __future__ import annotations

import dataclasses
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests.conftest import Cluster, run_cli
from tests.engine.stats_dump import bindir_of, pg_dump_source
from tests.engine.test_stats_shape import SOURCE_SCHEMA, fill_source
from workbench.config.file import load_config
from workbench.errors import ServerError
from workbench.server.cluster import EmbeddedServer
from workbench.stats.calls import StatisticsError
from workbench.stats.parse import parse_statistics, parse_text_array


@pytest.fixture(scope="module")
def pg15(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """A cluster of the machine's PostgreSQL (15 here), as `bindir = "system"` picks it."""
    home = tmp_path_factory.mktemp("cluster15")
    (home / "sandbox.toml").write_text('[sandbox]\nname = "c15"\n[server]\nbindir = "system"\n')
    server = EmbeddedServer(load_config(home / "sandbox.toml"))
    try:
        state = server.start()
    except ServerError as err:
        pytest.skip(f"no machine PostgreSQL: {err}")
    try:
        yield Cluster(server=server, port=state.port, passfile=server.passfile)
    finally:
        server.destroy()


def _csv(root: Path, out: str) -> dict[str, str]:
    result = run_cli("generate", "--csv", str(root / out), "--config", str(root / "sandbox.toml"),
                     cwd=root)  # fmt: skip
    assert result.returncode == 0, result.stderr
    return {p.name: p.read_text() for p in sorted((root / out).iterdir())}


def test_query_script_on_pg15_gives_the_plan_of_pg18_pg_dump(
    pg_cluster: Cluster, pg15: Cluster, tmp_path: Path
) -> None:
    with psycopg_db(pg15) as db15, psycopg_db(pg_cluster) as db18:
        version = subprocess.run([str(bindir_of(pg15) / "postgres"), "--version"],
                                 capture_output=True, text=True).stdout  # fmt: skip
        assert " 15." in version, version
        fill_source(pg15.conninfo(db15))
        fill_source(pg_cluster.conninfo(db18))
        script = run_cli("stats", "query").stdout
        (tmp_path / "stats_query.sql").write_text(script)
        env = {**os.environ, "PGPASSFILE": str(pg15.passfile)}
        subprocess.run(
            [str(bindir_of(pg15) / "psql"), "-X", "-q", "-f", str(tmp_path / "stats_query.sql"),
             "-o", str(tmp_path / "stats15.sql"), "-h", "127.0.0.1", "-p", str(pg15.port),
             "-U", "workbench", "-d", db15],
            env=env, check=True, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        pg_dump_source(pg_cluster, db18, tmp_path / "stats18.sql", "--statistics-only")
    old = parse_statistics((tmp_path / "stats15.sql").read_text(), "stats15.sql")
    new = parse_statistics((tmp_path / "stats18.sql").read_text(), "stats18.sql")
    assert old.version is not None and 150000 <= old.version < 160000
    assert new.version is not None and new.version >= 180000
    tables = {"public.customers", "public.orders"}
    assert {t: old.rows(t) for t in tables} == {t: new.rows(t) for t in tables}
    assert set(old.columns) == set(new.columns) and len(old.columns) == 8

    def numbers(stats):  # what the plan reads; correlation and sources aside
        skip = {"source", "correlation"}
        return {k: {f: v for f, v in dataclasses.asdict(c).items() if f not in skip}
                for k, c in stats.columns.items()}  # fmt: skip

    assert numbers(old) == numbers(new)
    # The same plan: the same rows, generated offline from either file.
    files = {}
    for label in ("stats15.sql", "stats18.sql"):
        root = tmp_path / label.removesuffix(".sql")
        root.mkdir()
        (root / "schema.sql").write_text(SOURCE_SCHEMA)
        (root / label).write_text((tmp_path / label).read_text())
        (root / "sandbox.toml").write_text(
            f'[sandbox]\nname = "offline"\nstatistics = "{label}"\n[generate]\nrows = 3000\n'
            # the run's clock pinned: else the minute each run starts, and two runs on either
            # side of a minute (far apart under load) differ for that reason alone
            'now = "2026-06-30T12:00:00Z"\n'
        )
        files[label] = _csv(root, "out")
    assert files["stats15.sql"] == files["stats18.sql"]
    assert len(files["stats15.sql"]["public.orders.csv"].splitlines()) >= 3000


class psycopg_db:
    """A new database on a cluster, dropped on exit."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster

    def __enter__(self) -> str:
        self.name = self.cluster.create_database()
        return self.name

    def __exit__(self, *exc: object) -> None:
        self.cluster.drop_database(self.name)


def test_text_arrays() -> None:
    assert parse_text_array('{a,"b,c",NULL, x ,"q\\"z","{1,2}"}') == [
        "a",
        "b,c",
        None,
        "x",
        'q"z',
        "{1,2}",
    ]
    assert parse_text_array("{}") == []
    assert parse_text_array("[0:1]={7,8}") == ["7", "8"]
    assert parse_text_array("{{1,2},{3,4}}") == ["{1,2}", "{3,4}"]
    for bad in ("a,b", '{"open}', "{a b"):
        with pytest.raises(ValueError):
            parse_text_array(bad)


def test_calls_are_read_robustly_and_bad_ones_named_by_line() -> None:
    text = (
        "SET x = 1;\nSELECT 1;\n"
        "SELECT * FROM pg_catalog.pg_restore_attribute_stats(\n"
        "\t'version', '180006'::integer, 'schemaname', 'public', 'relname', 'o',\n"
        "\t'attname', 'note', 'inherited', 'f'::boolean, 'null_frac', '0.25'::real,\n"
        "\t'future_key', '{1}'::pg_catalog.int4[],\n"
        "\t'most_common_vals', E'{\"it''s\",b\\\\\\\\}'::text,\n"
        "\t'most_common_freqs', '{0.5,0.25}'::real[]);\n"
    )
    stats = parse_statistics(text, "s.sql")
    col = stats.column("public.o", "note")
    assert col is not None and col.null_frac == 0.25 and col.mcv == ["it's", "b\\"]
    assert col.mcv_freqs == [0.5, 0.25] and stats.version == 180006
    cases = {
        "'attname' 'x'": (3, "a value after the name 'attname'"),
        "'null_frac', 'lots'::real": (3, "null_frac is not a number"),
        "'most_common_vals', '{a,b}'::text, 'most_common_freqs', '{1}'::real[]": (2, "2 values"),
        "'null_frac', now()": (3, "a quoted literal"),
        "\n'histogram_bounds', '{\"a}'::text": (4, "histogram_bounds: expected a closing"),
    }
    for body, (line, words) in cases.items():
        bad = (
            "-- header\nSELECT pg_catalog.pg_restore_attribute_stats('schemaname', 'public',\n"
            " 'relname', 'o', "
            + ("" if body.startswith("'attname'") else "'attname', 'c', ")
            + body
            + ");"
        )
        with pytest.raises(StatisticsError) as err:
            parse_statistics(bad, "bad.sql")
        assert f"bad.sql:{line}:" in str(err.value) and words in str(err.value), str(err.value)
        assert "\n" not in str(err.value)
    with pytest.raises(StatisticsError, match=r"bad\.sql:1: .*closing parenthesis"):
        parse_statistics("SELECT pg_restore_relation_stats('schemaname', 'public'", "bad.sql")


def test_bad_statistics_file_is_a_clear_cli_error(tmp_path: Path) -> None:
    (tmp_path / "schema.sql").write_text(SOURCE_SCHEMA)
    (tmp_path / "sandbox.toml").write_text('[sandbox]\nname = "x"\nstatistics = "nope.sql"\n')
    result = run_cli("estimate", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "key sandbox.statistics" in result.stderr and "nope.sql" in result.stderr
    (tmp_path / "nope.sql").write_text("SELECT * FROM pg_restore_relation_stats('relname' 'x');")
    result = run_cli("estimate", cwd=tmp_path)
    assert result.returncode == 2 and "nope.sql:1:" in result.stderr, result.stderr


def test_a_function_planted_in_public_never_runs_in_the_query_script(
    pg_cluster: Cluster, tmp_path: Path
) -> None:
    """attack22c C36: the script pinned no search_path and called quote_literal unqualified,
    so `public.quote_literal(name)` (an exact match for `quote_literal(r.nspname)`), which
    any role with CREATE on public can make, ran with the rights of the superuser who runs
    the script on the source database as documented."""
    with psycopg_db(pg_cluster) as db:
        with psycopg.connect(pg_cluster.conninfo(db), autocommit=True) as conn:
            conn.execute("CREATE TABLE public.t (id int PRIMARY KEY, note text)")
            conn.execute("INSERT INTO public.t SELECT g, 'n' || g FROM generate_series(1, 50) g")
            conn.execute("ANALYZE public.t")
            conn.execute(
                "CREATE FUNCTION public.quote_literal(name) RETURNS text LANGUAGE plpgsql AS "
                "$$BEGIN RAISE EXCEPTION 'trojan ran as %', current_user; END$$"
            )
        script = run_cli("stats", "query").stdout
        path = tmp_path / "stats_query.sql"
        path.write_text(script)
        env = {**os.environ, "PGPASSFILE": str(pg_cluster.passfile)}
        done = subprocess.run(
            [str(bindir_of(pg_cluster) / "psql"), "-X", "-q", "-f", str(path),
             "-o", str(tmp_path / "stats.sql"), "-h", "127.0.0.1", "-p", str(pg_cluster.port),
             "-U", "workbench", "-d", db],
            env=env, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    assert done.returncode == 0 and "trojan" not in done.stderr, done.stderr
    stats = parse_statistics((tmp_path / "stats.sql").read_text(), "stats.sql")
    assert stats.rows("public.t") == 50
    assert stats.column("public.t", "note") is not None
