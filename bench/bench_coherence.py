"""What the row and parent rules (coherence.py, timeline.py, lineage.py) cost: the shipped
example (row counts × --scale) generated in memory, no database, with the rules and without
them, runs interleaved, CPU time of this process (so other work on the machine counts less).

    .venv/bin/python bench/bench_coherence.py [--scale 9] [--repeat 3] [--shared pagila15]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from bench_generate import example_config  # noqa: E402

from workbench.config.file import Config, parse_config  # noqa: E402
from workbench.generate.plan.tables import build_plan  # noqa: E402
from workbench.generate.rows.assembler import TableGenerator, referenced_columns  # noqa: E402
from workbench.generate.view import KeyStore  # noqa: E402
from workbench.schema.model import Schema  # noqa: E402
from workbench.schema.parse import parse_schema_file, parse_schema_text  # noqa: E402


def _inputs(scale: int, shared: str | None) -> tuple[Config, Schema]:
    if shared is None:
        schema_sql = (REPO / "schema.sql").read_text()
        return example_config(scale), parse_schema_text(schema_sql, "schema.sql").schema
    config = parse_config({"generate": {"rows": 1500 * scale}}, REPO / "sandbox.toml")
    return config, parse_schema_file(REPO.parent / "shared" / "schemas" / f"{shared}.sql").schema


def run(scale: int, rules: bool, shared: str | None = None) -> tuple[float, int]:
    config, schema = _inputs(scale, shared)
    plan = build_plan(schema, config)
    eff = plan.schema or schema
    keys, referenced = KeyStore(), referenced_columns(eff)
    started, rows = time.process_time(), 0
    for tp in plan.tables:
        gen = TableGenerator(eff, plan, tp, config, 42, keys, referenced, offline=True)
        if not rules:
            gen.rules = []
        for _, batch in gen.batches():
            rows += len(next(iter(batch.values())).values)
        gen.finish()
    return time.process_time() - started, rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scale", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--shared", help="a schema of ../shared/schemas, 1,500 × scale rows")
    args = parser.parse_args()
    run(1, True, args.shared)  # pools built, imports done
    with_rules, without = [], []
    rows = 0
    for _ in range(args.repeat):
        seconds, rows = run(args.scale, True, args.shared)
        with_rules.append(seconds)
        without.append(run(args.scale, False, args.shared)[0])
    on, off = statistics.median(with_rules), statistics.median(without)
    name = args.shared or "example"
    print(f"{name} x{args.scale}: {rows:,} rows generated in memory (CPU seconds, median)")
    print(f"  with the rules {on:.2f}s ({rows / on:,.0f} rows/s) | without {off:.2f}s")
    print(f"  the rules cost {on / off - 1:+.1%}")


if __name__ == "__main__":
    main()
