"""pg_dump of a test's source database with its statistics, as a user makes schema.sql.

pg_dump 18.6 `--statistics` has written no statistics at all, now and then under CI's load,
for a source analyzed just before (tables present, no `pg_restore_*` call; a dump of the same
session a minute later had them; cause not found). The dump is taken again after another
ANALYZE; if it still has none, the statistics come from a second pg_dump of the statistics
alone (`--statistics-only`, the other documented way to the same calls), and if that has none
either the test fails with what the server and pg_dump said."""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

import psycopg
import pytest

from tests.conftest import Cluster

STATS_CALL = "pg_restore_relation_stats"


def bindir_of(cluster: Cluster) -> Path:
    state = cluster.server.state()
    assert state is not None and state.binaries is not None
    return Path(state.binaries["bindir"])


def _pg_dump(cluster: Cluster, dbname: str, out: Path, flags: tuple[str, ...]) -> str:
    """pg_dump's stderr (verbose); the dump is in `out`."""
    env = {**os.environ, "PGPASSFILE": str(cluster.passfile)}
    done = subprocess.run(
        [str(bindir_of(cluster) / "pg_dump"), "--verbose", *flags, "--no-owner",
         "-h", "127.0.0.1", "-p", str(cluster.port), "-U", "workbench", "-f", str(out), dbname],
        env=env, check=True, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    return done.stderr


def _server_view(cluster: Cluster, dbname: str) -> str:
    with psycopg.connect(cluster.conninfo(dbname), autocommit=True) as conn:
        row = conn.execute(
            """SELECT current_user, version(),
                 (SELECT json_agg(json_build_object('rel', relname, 'tuples', reltuples))
                    FROM pg_class WHERE relnamespace = 'public'::regnamespace),
                 (SELECT count(*) FROM pg_stats WHERE schemaname = 'public'),
                 (SELECT json_object_agg(name, setting) FROM pg_settings
                   WHERE source NOT IN ('default', 'override'))"""
        ).fetchone()
    return json.dumps(row, default=str)


def pg_dump_source(cluster: Cluster, dbname: str, out: Path, *flags: str) -> str:
    """The dump's text; with `--statistics` or `--statistics-only` it holds statistics."""
    if "--statistics" not in flags and "--statistics-only" not in flags:
        _pg_dump(cluster, dbname, out, flags)
        return out.read_text()
    said = []
    for _ in range(3):
        said.append(_pg_dump(cluster, dbname, out, flags))
        if STATS_CALL in out.read_text():
            return out.read_text()
        with psycopg.connect(cluster.conninfo(dbname), autocommit=True) as conn:
            conn.execute("ANALYZE")
        time.sleep(1)
    stats_only = out.with_suffix(".statistics.sql")
    said.append(_pg_dump(cluster, dbname, stats_only, ("--statistics-only",)))
    if STATS_CALL in stats_only.read_text():
        text = out.read_text() if "--statistics-only" not in flags else ""
        out.write_text(text + stats_only.read_text())
        return out.read_text()
    pytest.fail(
        f"pg_dump {' '.join(flags)} wrote no statistics four times; the server: "
        f"{_server_view(cluster, dbname)}; pg_dump's last words: {said[-1][-2000:]}; "
        f"the dump's end: {out.read_text()[-1500:]}"
    )
