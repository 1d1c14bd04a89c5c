"""Benchmark: does a rehearsal's projection hold? Timings measured at three sizes predict a
fourth, measured size within 30 %?

    .venv/bin/python bench/bench_rehearse.py [--sizes 25000 50000 100000 200000] [--repeat 5]
        [--estimator min|median]

The shipped example (sandbox.toml and schema.sql copied to a temporary folder: its own
embedded cluster, the repository's .workbench/ untouched) is rehearsed with a migration that
rewrites a table, builds indexes, validates a CHECK and updates a tenth of a table, on
clones filled with N rows per table (`rehearse --rows N`) at each size. The first three
sizes are fitted as a rehearsal fits them (workbench/rehearse/scale.py: linear, n·log₂n for
an index build) and projected to the fourth size's rows; the fourth is measured. With
--repeat, each size is rehearsed that many times (each on a clone filled anew) and one figure
kept per statement: by default the minimum, since on a shared machine other work only ever
adds time to a statement (it cannot make it faster), so the fastest of k runs is the closest to
what the statement itself costs (the estimator `timeit` recommends); `--estimator median`
keeps the run of median duration instead. Prints, per statement, the three measured times, the
projection, the measurement and the error, and the spread (min / median / max) of the runs at
each size; and how many statements of more than 50 ms land within 30 %.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from workbench.engine import Engine  # noqa: E402
from workbench.rehearse.results import StatementResult  # noqa: E402
from workbench.rehearse.scale import project  # noqa: E402

MIGRATION = """\
ALTER TABLE orders ALTER COLUMN note TYPE varchar(2000);
CREATE INDEX orders_placed_at_idx ON orders (placed_at, status);
ALTER TABLE order_items ADD CONSTRAINT quantity_sane CHECK (quantity < 100000);
UPDATE orders SET note = 'reviewed' WHERE id % 10 = 0;
CREATE INDEX order_items_order_product_idx ON order_items (order_id, product_id);
"""
SIGNIFICANT = 0.05  # seconds at the fourth size: shorter statements are mostly noise


def pick_run(runs: list[list[StatementResult]], estimator: str) -> list[StatementResult]:
    """Per statement, the run with the least (or the median) duration."""
    out = []
    for i in range(len(runs[0])):
        ranked = sorted((r[i] for r in runs), key=lambda st: st.seconds)
        out.append(ranked[0] if estimator == "min" else ranked[len(ranked) // 2])
    return out


def spread(runs: list[list[StatementResult]]) -> list[str]:
    """Per statement, 'min / median / max' seconds of the runs at one size."""
    out = []
    for i in range(len(runs[0])):
        times = sorted(r[i].seconds for r in runs)
        out.append(f"{times[0]:.3f} / {times[len(times) // 2]:.3f} / {times[-1]:.3f}")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs=4, default=[25_000, 50_000, 100_000, 200_000])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--estimator", choices=("min", "median"), default="min")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench_rehearse_"))
    try:
        shutil.copy(REPO / "schema.sql", folder / "schema.sql")
        shutil.copy(REPO / "sandbox.toml", folder / "sandbox.toml")
        (folder / "m.sql").write_text(MIGRATION)
        engine = Engine(folder / "sandbox.toml")
        # every table at N rows: the example's own per-table rows give way to --rows
        config = engine.config
        engine.apply_config(replace(config, tables={}))
        runs: list[tuple[list[StatementResult], dict[str, int]]] = []
        for size in args.sizes:
            measured, rows = [], {}
            for _ in range(args.repeat):
                result = engine.rehearse([folder / "m.sql"], rows=size)
                if result.failed:
                    sys.exit(f"the migration failed at {size:,} rows: {result.applied.failure}")
                measured.append(result.applied.statements)
                rows = result.scale["rows"]
            runs.append((pick_run(measured, args.estimator), rows))
            print(f"measured at {size:,} rows per table ({sum(rows.values()):,} rows)")
            for st, figures in zip(measured[0], spread(measured), strict=True):
                print(f"  {st.sql[:60]:<60} min / median / max {figures} s")
        fourth_statements, fourth_rows = runs[3]
        projection = project(runs[:3], {t: float(n) for t, n in fourth_rows.items()})
        print()
        header = (
            f"{'statement':<62} {'3 sizes (s)':>24} {'projected':>10} {'measured':>9} {'error':>7}"
        )
        print(header)
        within = significant = 0
        for st in fourth_statements:
            proj = projection.projected[(st.file, st.index)]
            first3 = " ".join(
                f"{next(s for s in run if s.index == st.index).seconds:.3f}" for run, _ in runs[:3]
            )
            error = (proj.seconds - st.seconds) / st.seconds if st.seconds else 0.0
            print(
                f"{st.sql[:62]:<62} {first3:>24} {proj.seconds:>10.3f} {st.seconds:>9.3f} "
                f"{error:>+7.0%}"
            )
            print(f"{'':<62} {proj.model}")
            if st.seconds >= SIGNIFICANT:
                significant += 1
                within += abs(error) <= 0.30
        total_error = sum(
            projection.projected[(s.file, s.index)].seconds for s in fourth_statements
        )
        total = sum(s.seconds for s in fourth_statements)
        print()
        print(
            f"statements over {SIGNIFICANT * 1000:.0f} ms at {args.sizes[3]:,} rows: {within} of "
            f"{significant} projected within 30 %; whole migration projected {total_error:.3f} s, "
            f"measured {total:.3f} s ({(total_error - total) / total:+.0%}); "
            f"{args.estimator} of {args.repeat} runs per size"
        )
        return 0
    finally:
        engine_server = folder / ".workbench"
        if engine_server.exists():
            try:
                Engine(folder / "sandbox.toml").server.destroy()
            except Exception as err:  # the report matters more than the clean-up
                print(f"(could not stop the bench's cluster: {err})", file=sys.stderr)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
