"""What the row and parent rules (coherence.py, timeline.py, lineage.py) cost: the shipped
example (row counts × --scale) generated in memory, no database, with the rules and without
them, runs interleaved, CPU time of this process (so other work on the machine counts less).

    .venv/bin/python bench/bench_coherence.py [--scale 9] [--repeat 3]
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

from workbench.generate.plan import build_plan  # noqa: E402
from workbench.generate.rows import KeyStore, TableGenerator, referenced_columns  # noqa: E402
from workbench.schema.parse import parse_schema_text  # noqa: E402


def run(scale: int, rules: bool) -> tuple[float, int]:
    config = example_config(scale)
    schema = parse_schema_text((REPO / "schema.sql").read_text(), "schema.sql").schema
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
    args = parser.parse_args()
    run(1, True)  # pools built, imports done
    with_rules, without = [], []
    rows = 0
    for _ in range(args.repeat):
        seconds, rows = run(args.scale, True)
        with_rules.append(seconds)
        without.append(run(args.scale, False)[0])
    on, off = statistics.median(with_rules), statistics.median(without)
    print(f"example x{args.scale}: {rows:,} rows generated in memory (CPU seconds, median)")
    print(f"  with the rules {on:.2f}s ({rows / on:,.0f} rows/s) | without {off:.2f}s")
    print(f"  the rules cost {on / off - 1:+.1%}")


if __name__ == "__main__":
    main()
