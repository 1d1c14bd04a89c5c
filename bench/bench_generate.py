"""Generation benchmark: workbench load vs a plain COPY of the identical rows.

    /work/venv/bin/python bench/bench_generate.py [--rows 25000] [--shared pagila15]

For the example schema (examples/schema.sql, or the test suite's shop schema) and one shared
schema it: loads with the workbench (pre-data → load_data, timed), dumps every table with
COPY TO into files, loads those files with plain COPY FROM into a fresh database with the same
pre-data schema (timed), and prints rows/s and the ratio. It then calibrates the throughput
model on the first run and compares the estimate with a second measured run (other seed).
Finally it measures peak memory generating 2,000,000 rows in a child process.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import psycopg
from psycopg import sql

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from workbench.config import load_config, parse_config  # noqa: E402
from workbench.generate import Throughput, build_plan, estimate, load_data  # noqa: E402
from workbench.generate.load import qualified_ident  # noqa: E402
from workbench.schema.apply import apply_statements  # noqa: E402
from workbench.schema.parse import parse_schema_file, parse_schema_text  # noqa: E402
from workbench.server import EmbeddedServer  # noqa: E402

SHARED = REPO.parent / "shared" / "schemas"


def example_schema() -> tuple[str, str]:
    path = REPO / "examples" / "schema.sql"
    if path.exists():
        return "examples/schema.sql", path.read_text()
    from tests.test_generate import SHOP

    return "tests shop schema", SHOP


class Cluster:
    def __init__(self, home: Path) -> None:
        (home / "sandbox.toml").write_text('[sandbox]\nname = "bench_home"\n')
        self.server = EmbeddedServer(load_config(home / "sandbox.toml"))
        state = self.server.start()
        self.port = state.port
        self.passfile = self.server.passfile

    def conninfo(self, db: str = "postgres") -> str:
        return (
            f"host=127.0.0.1 port={self.port} user=workbench dbname={db} passfile={self.passfile}"
        )

    def new_db(self) -> str:
        name = f"b_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(self.conninfo(), autocommit=True) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return name

    def drop(self, name: str) -> None:
        with psycopg.connect(self.conninfo(), autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


def run_schema(cluster: Cluster, label: str, parsed, rows: int, tmp: Path) -> dict:
    config = parse_config({"generate": {"rows": rows}}, tmp / "sandbox.toml")
    plan = build_plan(parsed.schema, config)
    # warm-up: Faker pools are built once per process (about a second); keep that one-time
    # cost out of the timed runs, as it is out of the throughput model
    warm = cluster.new_db()
    with psycopg.connect(cluster.conninfo(warm), autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        small = parse_config({"generate": {"rows": 50}}, tmp / "sandbox.toml")
        load_data(conn, parsed.schema, build_plan(parsed.schema, small), small, seed=42)
    cluster.drop(warm)
    db = cluster.new_db()
    with psycopg.connect(cluster.conninfo(db), autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        t0 = time.perf_counter()
        report = load_data(conn, parsed.schema, plan, config, seed=42)
        wb_seconds = time.perf_counter() - t0
        files = []
        for tp in plan.tables:
            path = tmp / f"{tp.name}.copy"
            cols = sql.SQL(", ").join(sql.Identifier(c) for c in tp.columns)
            with (
                path.open("wb") as out,
                conn.cursor() as cur,
                cur.copy(
                    sql.SQL("COPY (SELECT {} FROM {}) TO STDOUT").format(
                        cols, qualified_ident(tp.name)
                    )
                ) as copy,
            ):
                for chunk in copy:
                    out.write(chunk)
            files.append((tp, path))
    raw_db = cluster.new_db()
    with psycopg.connect(cluster.conninfo(raw_db), autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        t0 = time.perf_counter()
        for tp, path in files:
            cols = sql.SQL(", ").join(sql.Identifier(c) for c in tp.columns)
            with (
                conn.transaction(),
                conn.cursor() as cur,
                cur.copy(
                    sql.SQL("COPY {} ({}) FROM STDIN").format(qualified_ident(tp.name), cols)
                ) as copy,
                path.open("rb") as src,
            ):
                while chunk := src.read(1 << 20):
                    copy.write(chunk)
        raw_seconds = time.perf_counter() - t0
    # estimate vs measured: calibrate on this run, predict a run with another seed
    est = estimate(parsed.schema, plan, Throughput())
    calibrated = Throughput().calibrate(report, est)
    predicted = estimate(parsed.schema, plan, calibrated).seconds
    check_db = cluster.new_db()
    with psycopg.connect(cluster.conninfo(check_db), autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        t0 = time.perf_counter()
        load_data(conn, parsed.schema, plan, config, seed=43)
        measured = time.perf_counter() - t0
    for name in (db, raw_db, check_db):
        cluster.drop(name)
    total = plan.total_rows
    result = {
        "schema": label,
        "tables": len(plan.tables),
        "rows": total,
        "workbench_s": wb_seconds,
        "raw_copy_s": raw_seconds,
        "workbench_rows_s": total / wb_seconds,
        "raw_rows_s": total / raw_seconds,
        "ratio": wb_seconds / raw_seconds,
        "estimate_s": predicted,
        "measured_s": measured,
        "estimate_error": (predicted - measured) / measured,
        "warnings": len(report.warnings),
    }
    print(
        f"{label}: {len(plan.tables)} tables, {total:,} rows | workbench {wb_seconds:.2f}s "
        f"({total / wb_seconds:,.0f} rows/s) | raw COPY {raw_seconds:.2f}s "
        f"({total / raw_seconds:,.0f} rows/s) | ratio {wb_seconds / raw_seconds:.2f}x | "
        f"estimate {predicted:.2f}s vs measured {measured:.2f}s "
        f"({100 * (predicted - measured) / measured:+.0f}%)",
        flush=True,
    )
    return result


MEMORY_CHILD = """
import resource, sys
from pathlib import Path
sys.path.insert(0, {repo!r})
from workbench.config import parse_config
from workbench.generate import build_plan
from workbench.generate.format import copy_column, copy_text
from workbench.generate.rows import KeyStore, TableGenerator
from workbench.schema.parse import parse_schema_text
from tests.test_generate import SHOP
parsed = parse_schema_text(SHOP, "schema.sql")
config = parse_config({{"generate": {{"rows": 1000}},
                        "tables": {{"customers": {{"rows": 2000000}}}}}}, Path("/tmp/x.toml"))
plan = build_plan(parsed.schema, config)
keys = KeyStore()
total = 0
for tp in plan.tables:
    gen = TableGenerator(parsed.schema, plan, tp, config, 42, keys)
    for _, batch in gen.batches():
        text = copy_text([copy_column(batch[c], gen.specs[c].info) for c in tp.columns])
        total += len(next(iter(batch.values())).values)
    gen.finish()
print(total, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=25_000, help="rows per table (example)")
    parser.add_argument("--shared", default="pagila15", help="shared schema name")
    parser.add_argument("--shared-rows", type=int, default=15_000, help="rows per table (shared)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        home = tmp / "cluster"
        home.mkdir()
        cluster = Cluster(home)
        try:
            label, ddl = example_schema()
            run_schema(cluster, label, parse_schema_text(ddl, "schema.sql"), args.rows, tmp)
            shared = SHARED / f"{args.shared}.sql"
            if shared.exists():
                run_schema(cluster, args.shared, parse_schema_file(shared), args.shared_rows, tmp)
            else:
                print(f"{shared} absent: shared-schema run skipped")
        finally:
            cluster.server.destroy()
    out = subprocess.run(
        [sys.executable, "-c", MEMORY_CHILD.format(repo=str(REPO))],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
    ).stdout.split()
    print(f"memory: generated {int(out[0]):,} rows, peak RSS {out[1]} MB")
    print(
        f"(bench process peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB)"
    )


if __name__ == "__main__":
    main()
