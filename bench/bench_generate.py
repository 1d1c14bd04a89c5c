"""Generation benchmark: workbench load vs a plain COPY of the identical rows.

    .venv/bin/python bench/bench_generate.py [--scale 9] [--shared pagila15]
                                                  [--shared-rows 15000] [--memory-scale 88]

Schemas: the shipped example (the repository's schema.sql with sandbox.toml, every row count in
it multiplied by --scale: about 255,000 rows at 8) and one shared schema (--shared-rows rows a
table). For each it:

1. loads once with the workbench (pre-data, then `load_data`) into a fresh database — the
   calibrating run, with value pools not yet built (the cold start of a first `generate`);
2. loads again --repeat times (same seed, pools built, as the engine's pool cache gives every
   later run), timed (the median counts: other work on the machine makes single runs noisy),
   after computing the estimate the calibrated model makes for it;
3. dumps every table with COPY TO into files, and loads them --repeat times with plain COPY
   FROM, one transaction per table, into a fresh database with the same pre-data: the raw COPY;
   schemas that declare FKs inside CREATE TABLE are also timed with those FKs dropped for the
   COPY and re-added before commit, as the workbench loads them;
4. estimates, then measures, a run with another seed (its pools not built: startup included).

It prints rows/s, the ratio to the raw COPY, and estimate against measurement. Finally a child
process generates and formats the example at --memory-scale (about 2,100,000 rows at 88)
without a database and reports its peak RSS. --json prints the figures as one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
import uuid
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from workbench.config.file import Config, load_config, parse_config  # noqa: E402
from workbench.generate import Throughput, build_plan, estimate, load_data  # noqa: E402
from workbench.generate.load.detach import (  # noqa: E402
    detach_fks,
    qualified_ident,
    reattach_fks,
)
from workbench.schema.apply import apply_statements  # noqa: E402
from workbench.schema.parse import ParsedFile, parse_schema_file  # noqa: E402
from workbench.server.cluster import EmbeddedServer  # noqa: E402

SHARED = Path(os.environ.get("WORKBENCH_SHARED_SCHEMAS") or REPO.parent / "shared" / "schemas")


def example_config(scale: int) -> Config:
    """The shipped sandbox.toml with every row count multiplied by `scale` (children-per-parent
    specs follow their scaled parents)."""
    path = REPO / "sandbox.toml"
    data = tomllib.loads(path.read_text())
    gen = data.setdefault("generate", {})
    gen["rows"] = int(gen.get("rows", 1000)) * scale
    for table in data.get("tables", {}).values():
        if "rows" in table:
            table["rows"] = int(table["rows"]) * scale
    return parse_config(data, path)


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

    def new_db(self, parsed: ParsedFile) -> str:
        """A fresh database holding the schema's pre-data."""
        name = f"b_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(self.conninfo(), autocommit=True) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        with psycopg.connect(self.conninfo(name), autocommit=True) as conn:
            apply_statements(conn, parsed, "pre")
        return name

    def drop(self, name: str) -> None:
        with psycopg.connect(self.conninfo(), autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


def _workbench_run(
    cluster: Cluster, parsed: ParsedFile, config: Config, seed: int, dump: Path | None = None
) -> tuple[float, Any, list[tuple[Any, Path]]]:
    """One workbench load into a fresh database: (seconds, LoadReport, dumped files)."""
    plan = build_plan(parsed.schema, config, seed=seed)
    db = cluster.new_db(parsed)
    files: list[tuple[Any, Path]] = []
    try:
        with psycopg.connect(cluster.conninfo(db), autocommit=True) as conn:
            t0 = time.perf_counter()
            report = load_data(conn, parsed.schema, plan, config, seed=seed)
            seconds = time.perf_counter() - t0
            for tp in plan.tables if dump is not None else []:
                assert dump is not None
                path = dump / f"{tp.name}.copy"
                cols = sql.SQL(", ").join(sql.Identifier(c) for c in tp.columns)
                query = sql.SQL("COPY (SELECT {} FROM {}) TO STDOUT").format(
                    cols, qualified_ident(tp.name)
                )
                with path.open("wb") as out, conn.cursor() as cur, cur.copy(query) as copy:
                    for chunk in copy:
                        out.write(chunk)
                files.append((tp, path))
    finally:
        cluster.drop(db)
    return seconds, report, files


def _raw_copy(
    cluster: Cluster, parsed: ParsedFile, files: list[tuple[Any, Path]], defer_fks: bool
) -> float:
    """Plain COPY FROM of the dumped files, one transaction per table, timed."""
    db = cluster.new_db(parsed)
    try:
        with psycopg.connect(cluster.conninfo(db), autocommit=True) as conn:
            t0 = time.perf_counter()
            for tp, path in files:
                cols = sql.SQL(", ").join(sql.Identifier(c) for c in tp.columns)
                stmt = sql.SQL("COPY {} ({}) FROM STDIN").format(qualified_ident(tp.name), cols)
                with conn.transaction():
                    detached = detach_fks(conn, tp.name) if defer_fks else []
                    with conn.cursor() as cur, cur.copy(stmt) as copy, path.open("rb") as src:
                        while chunk := src.read(1 << 20):
                            copy.write(chunk)
                    reattach_fks(conn, detached)
            return time.perf_counter() - t0
    finally:
        cluster.drop(db)


def _inline_fks(parsed: ParsedFile) -> bool:
    return any(
        st.phase == "pre" and st.kind == "CREATE TABLE" and " references " in st.sql.lower()
        for st in parsed.statements
    )


def run_schema(
    cluster: Cluster,
    label: str,
    parsed: ParsedFile,
    config: Config,
    seed: int,
    tmp: Path,
    repeat: int,
) -> dict[str, Any]:
    plan = build_plan(parsed.schema, config, seed=seed)
    total = plan.total_rows
    # 1. calibrating run: pools for this seed not built yet
    cold_s, cold_report, _ = _workbench_run(cluster, parsed, config, seed)
    throughput = Throughput().calibrate(cold_report, estimate(parsed.schema, plan, Throughput()))
    # 2. the timed runs (median of `repeat`), estimated first; the last one dumps its rows
    predicted = estimate(parsed.schema, plan, throughput).seconds
    wb_runs: list[float] = []
    for i in range(repeat):
        seconds, report, files = _workbench_run(
            cluster, parsed, config, seed, dump=tmp if i == repeat - 1 else None
        )
        wb_runs.append(seconds)
    wb_s = statistics.median(wb_runs)
    # 3. raw COPY of the identical rows (median of `repeat`)
    raw_s = statistics.median(
        _raw_copy(cluster, parsed, files, defer_fks=False) for _ in range(repeat)
    )
    raw_deferred_s = (
        statistics.median(_raw_copy(cluster, parsed, files, defer_fks=True) for _ in range(repeat))
        if _inline_fks(parsed)
        else None
    )
    for _, path in files:
        path.unlink()
    # 4. another seed: its pools are built during the run, which the estimate must include
    other_plan = build_plan(parsed.schema, config, seed=seed + 1)
    other_predicted = estimate(parsed.schema, other_plan, throughput).seconds
    other_s, other_report, _ = _workbench_run(cluster, parsed, config, seed + 1)
    result = {
        "schema": label,
        "tables": len(plan.tables),
        "rows": total,
        "workbench_s": round(wb_s, 3),
        "workbench_runs_s": [round(x, 3) for x in wb_runs],
        "workbench_rows_s": round(total / wb_s),
        "raw_copy_s": round(raw_s, 3),
        "raw_rows_s": round(total / raw_s),
        "ratio": round(wb_s / raw_s, 2),
        "raw_copy_fks_deferred_s": None if raw_deferred_s is None else round(raw_deferred_s, 3),
        "ratio_fks_deferred": None if raw_deferred_s is None else round(wb_s / raw_deferred_s, 2),
        "calibrating_run_s": round(cold_s, 3),
        "pool_startup_s": round(cold_report.setup_seconds, 3),
        "estimate_s": round(predicted, 3),
        "estimate_error": round((predicted - wb_s) / wb_s, 3),
        "other_seed_s": round(other_s, 3),
        "other_seed_estimate_s": round(other_predicted, 3),
        "other_seed_estimate_error": round((other_predicted - other_s) / other_s, 3),
        "warnings": len(report.warnings),
    }
    deferred = (
        ""
        if raw_deferred_s is None
        else f" | raw COPY with inline FKs deferred {raw_deferred_s:.2f}s "
        f"(ratio {wb_s / raw_deferred_s:.2f}x)"
    )
    print(
        f"{label}: {len(plan.tables)} tables, {total:,} rows\n"
        f"  workbench {wb_s:.2f}s ({total / wb_s:,.0f} rows/s) | raw COPY {raw_s:.2f}s "
        f"({total / raw_s:,.0f} rows/s) | ratio {wb_s / raw_s:.2f}x{deferred}\n"
        f"  calibrating run {cold_s:.2f}s (of which pool building {cold_report.setup_seconds:.2f}s)"
        f"\n  estimate {predicted:.2f}s vs measured {wb_s:.2f}s "
        f"({100 * (predicted - wb_s) / wb_s:+.0f}%) | other seed: estimate "
        f"{other_predicted:.2f}s vs measured {other_s:.2f}s "
        f"({100 * (other_predicted - other_s) / other_s:+.0f}%, pools "
        f"{other_report.setup_seconds:.2f}s)",
        flush=True,
    )
    return result


MEMORY_CHILD = """
import resource, sys
sys.path.insert(0, {repo!r})
sys.path.insert(0, {bench!r})
from bench_generate import example_config
from workbench.generate import build_plan
from workbench.generate.base.format import copy_bytes
from workbench.generate.view import KeyStore
from workbench.generate.rows.assembler import TableGenerator
from workbench.schema.parse import parse_schema_file
from pathlib import Path
parsed = parse_schema_file(Path({schema!r}))
config = example_config({scale})
plan = build_plan(parsed.schema, config)
keys = KeyStore()
total = 0
for tp in plan.tables:
    gen = TableGenerator(parsed.schema, plan, tp, config, 42, keys)
    for _, batch in gen.batches():
        data = copy_bytes([(batch[c], gen.view.specs[c].info) for c in tp.columns])
        total += len(batch[tp.columns[0]].values)
    gen.finish()
print(total, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=int, default=9, help="example: row counts multiplied by")
    parser.add_argument("--shared", default="pagila15", help="shared schema name")
    parser.add_argument("--shared-rows", type=int, default=15_000, help="rows per table (shared)")
    parser.add_argument("--memory-scale", type=int, default=88, help="example scale for memory")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs (the median counts)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args()
    results: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        home = tmp / "cluster"
        home.mkdir()
        cluster = Cluster(home)
        try:
            parsed = parse_schema_file(REPO / "schema.sql")
            label = f"example (schema.sql, sandbox.toml x{args.scale})"
            results.append(
                run_schema(cluster, label, parsed, example_config(args.scale), 42, tmp, args.repeat)
            )
            shared = SHARED / f"{args.shared}.sql"
            if shared.exists():
                config = parse_config({"generate": {"rows": args.shared_rows}}, tmp / "x.toml")
                label = f"{args.shared} ({args.shared_rows:,} rows a table)"
                # seeds of its own, so that its calibrating run builds its pools too
                results.append(
                    run_schema(
                        cluster, label, parse_schema_file(shared), config, 1042, tmp, args.repeat
                    )
                )
            else:
                print(f"{shared} absent: shared-schema run skipped")
        finally:
            cluster.server.destroy()
    child = MEMORY_CHILD.format(
        repo=str(REPO),
        bench=str(REPO / "bench"),
        schema=str(REPO / "schema.sql"),
        scale=args.memory_scale,
    )
    out = subprocess.run(
        [sys.executable, "-c", child], capture_output=True, text=True, check=True, cwd=REPO
    ).stdout.split()
    memory = {"rows": int(out[0]), "peak_rss_mb": int(out[1])}
    print(f"memory: generated {memory['rows']:,} rows, peak RSS {memory['peak_rss_mb']} MB")
    print(
        f"(bench process peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB)"
    )
    if args.json:
        print(json.dumps({"schemas": results, "memory": memory}))


if __name__ == "__main__":
    main()
