"""Benchmark: the CPU seconds of `seed import`'s own phases (read, mask, scan), in process.

    .venv/bin/python bench/bench_seed_phases.py [--customers 100000] [--orders 400000] [--runs 3]

The rows are bench_seed.py's (the same shop, made the same way), written as a plain COPY data
dump (no cluster: reading it needs no pg_restore). Each run reads the dump, masks every column
through its recorded decision and scans the result, timing each phase with the process's CPU
clock: on a machine shared with other work the wall clock of bench_seed.py moves with the
load, while these do not. To compare two versions of the code in one session, run the same
script with the other checkout first on the path (the editable install's finder comes after
PYTHONPATH):

    PYTHONPATH=/path/to/other/checkout .venv/bin/python bench/bench_seed_phases.py
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from bench_seed import SCHEMA, source_rows

from workbench.engine import Engine
from workbench.generate.generators.pools import use_cache_dir
from workbench.seed.key import seed_key
from workbench.seed.mask import mask_seed
from workbench.seed.policy import resolve_policy
from workbench.seed.scan import scan_seed
from workbench.seed.source import locate, read_tables

CUSTOMERS = "id, email, full_name, phone, street_address, postal_code, city"
ORDERS = "id, customer_email, card_number, iban, amount, note"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--customers", type=int, default=100_000)
    parser.add_argument("--orders", type=int, default=400_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-seed-phases-"))
    try:
        project = work / "project"
        project.mkdir()
        (project / "schema.sql").write_text(SCHEMA)
        (project / "sandbox.toml").write_text('[sandbox]\nname = "bench_seed_phases"\n')
        cust, orders = source_rows(args.customers, args.orders)
        dump = work / "shop.sql"
        dump.write_text(
            f"COPY public.customers ({CUSTOMERS}) FROM stdin;\n{cust}\\.\n\n"
            f"COPY public.orders ({ORDERS}) FROM stdin;\n{orders}\\.\n"
        )
        engine = Engine(project / "sandbox.toml")
        engine.classify(write=True)
        ctx = engine.context
        schema = ctx.schema()
        use_cache_dir(ctx.source.cache_dir)
        key = seed_key(ctx.state_dir)
        rows = args.customers + args.orders
        seconds: dict[str, list[float]] = {"read": [], "mask": [], "scan": []}
        for i in range(args.runs):
            clock = time.process_time()
            tables = read_tables(locate(dump), None)
            seconds["read"].append(time.process_time() - clock)
            policy = resolve_policy(schema, ctx.config, tables)
            clock = time.process_time()
            masked, report = mask_seed(tables, policy, schema, ctx.config, key)
            seconds["mask"].append(time.process_time() - clock)
            clock = time.process_time()
            hits = scan_seed(masked, policy, schema)
            seconds["scan"].append(time.process_time() - clock)
            if hits:
                raise SystemExit(f"the scan found {hits[0].describe()}")
            print(
                f"run {i + 1}: "
                + "  ".join(f"{name} {times[-1]:5.2f} s" for name, times in seconds.items())
                + f"  ({report.values})"
            )
        medians = {name: statistics.median(times) for name, times in seconds.items()}
        total = sum(medians.values())
        print(
            f"\n{rows:,} rows, CPU seconds (median of {args.runs}): "
            + ", ".join(f"{name} {s:.2f}" for name, s in medians.items())
            + f"; together {total:.2f} s = {rows / total:,.0f} rows per CPU second"
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
