"""Benchmark: `workbench seed import` of a 500,000-row seed with masking, against a plain
`pg_restore` of the same archive timed in the same run.

    .venv/bin/python bench/bench_seed.py [--customers 100000] [--orders 400000] [--runs 3]

A temporary project (its own embedded cluster) holds a small shop: customers (email, name,
phone, street, postal code: all masked) and orders (the customer's email as a foreign key, a
card number and an IBAN: masked; an amount and a note: kept), and a reviews table the seed does
not cover (generated, 1,000 rows). The seed is made on that cluster in a scratch database and
written with `pg_dump --format=custom` (schema and data) to a temporary folder; then each run
times

- `workbench seed import ARCHIVE --yes --json` as a subprocess (interpreter start, reading
  through pg_restore, masking, the scan, COPY, generating the other table, indexes, snapshot,
  lease: the whole command), with the seed's phases from its JSON lines;
- `pg_restore -d EMPTY_DB ARCHIVE` into a new empty database (schema, data, indexes and
  constraints: what a team does by hand, with nothing masked).

Rows/s are seed rows over the whole command's seconds. The command's own CPU seconds (its
process, not the server's) are printed beside: on a machine shared with other work they move
far less than the wall clock.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import psycopg

from workbench.engine import Engine

SCHEMA = """
CREATE TABLE customers (
  id bigint PRIMARY KEY,
  email text NOT NULL UNIQUE,
  full_name text NOT NULL,
  phone text,
  street_address text,
  postal_code text,
  city text
);
CREATE TABLE orders (
  id bigint PRIMARY KEY,
  customer_email text NOT NULL REFERENCES customers(email),
  card_number text,
  iban text,
  amount numeric(10,2) NOT NULL,
  note text
);
CREATE INDEX orders_customer_email ON orders (customer_email);
CREATE TABLE reviews (
  id bigint PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  body text
);
"""
FIRST = ["Olivia", "Liam", "Emma", "Noah", "Ava", "Elijah", "Sophia", "Lucas", "Mia", "Mateo"]
LAST = ["Garcia", "Smith", "Müller", "Rossi", "Dubois", "Nowak", "Silva", "Kim", "Jones", "Berg"]
CITIES = ["London", "Leeds", "Berlin", "Paris", "Lyon", "Madrid", "Oslo", "Boston", "Austin"]


def _luhn_last(body: np.ndarray) -> np.ndarray:
    rev = body[:, ::-1]
    doubled = rev[:, 0::2] * 2
    doubled = np.where(doubled > 9, doubled - 9, doubled)
    return np.asarray((10 - (doubled.sum(1) + rev[:, 1::2].sum(1)) % 10) % 10)


def source_rows(customers: int, orders: int) -> tuple[str, str]:
    """COPY text of realistic-looking (not reserved, not fictional) customers and orders."""
    rng = np.random.default_rng(7)
    ids = np.arange(1, customers + 1)
    first = np.array(FIRST)[rng.integers(0, len(FIRST), customers)]
    last = np.array(LAST)[rng.integers(0, len(LAST), customers)]
    emails = [f"{f.lower()}.{i}@mail{i % 700}.com" for f, i in zip(first, ids, strict=True)]
    phones = rng.integers(200_000_0000, 999_999_9999, customers)
    cust = "".join(
        f"{i}\t{e}\t{f} {la}\t+1 ({p // 10**7}) {p // 10**4 % 1000:03d}-{p % 10**4:04d}\t"
        f"{i % 900 + 1} Oak Street\t{10000 + i % 89999}\t{CITIES[i % len(CITIES)]}\n"
        for i, e, f, la, p in zip(ids, emails, first, last, phones, strict=True)
    )
    owner = rng.integers(0, customers, orders)
    body = np.concatenate([np.full((orders, 2), [4, 5]), rng.integers(0, 10, (orders, 13))], axis=1)
    cards = np.concatenate([body, _luhn_last(body)[:, None]], axis=1)
    card_text = ["".join(map(str, row)) for row in cards.tolist()]
    ibans = rng.integers(10**13, 10**14 - 1, orders)
    amounts = rng.integers(100, 100_000, orders)
    lines = []
    for k in range(orders):
        bban = f"NWBK{ibans[k]:014d}"
        check = 98 - int("".join(str(int(c, 36)) for c in bban + "GB00")) % 97
        lines.append(
            f"{k + 1}\t{emails[owner[k]]}\t{card_text[k]}\tGB{check:02d}{bban}\t"
            f"{amounts[k] / 100:.2f}\tdelivered in {k % 5 + 1} days\n"
        )
    return cust, "".join(lines)


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run(folder: Path, *args: str) -> tuple[float, float, list[dict]]:
    """(wall seconds, the command's own CPU seconds, its JSON lines)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    cpu = children_cpu()
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "workbench.cli", *args, "--json"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    seconds = time.perf_counter() - started
    cpu = children_cpu() - cpu
    if done.returncode != 0:
        sys.exit(f"workbench {' '.join(args)} failed:\n{done.stderr}")
    return seconds, cpu, [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--customers", type=int, default=100_000)
    parser.add_argument("--orders", type=int, default=400_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-seed-"))
    project, export = work / "project", work / "export"
    project.mkdir()
    export.mkdir()
    (project / "schema.sql").write_text(SCHEMA)
    (project / "sandbox.toml").write_text(
        '[sandbox]\nname = "bench_seed"\n\n[generate]\nrows = 1000\n'
    )
    engine = Engine(project / "sandbox.toml")
    try:
        engine.ensure_server()
        engine.classify(write=True)
        state = engine.server.state()
        assert state is not None
        bindir = Path(state.bindir)
        admin = engine.connect  # the administrator's connection to the sandbox database
        engine.up()
        with admin() as conn:
            conn.execute("CREATE DATABASE bench_source")
        source = (
            f"host=127.0.0.1 port={state.port} user=workbench dbname=bench_source "
            f"passfile={engine.server.passfile}"
        )
        print(f"making the seed: {args.customers:,} customers, {args.orders:,} orders …")
        cust, orders = source_rows(args.customers, args.orders)
        with psycopg.connect(source, autocommit=True) as conn:
            conn.execute(SCHEMA)
            with conn.cursor().copy("COPY customers FROM STDIN") as copy:
                copy.write(cust)
            with conn.cursor().copy(
                "COPY orders (id, customer_email, card_number, iban, amount, note) FROM STDIN"
            ) as copy:
                copy.write(orders)
        archive = export / "shop.dump"
        subprocess.run(
            [str(bindir / "pg_dump"), "-Fc", "-f", str(archive), "-d", source], check=True
        )
        rows = args.customers + args.orders
        print(f"archive: {archive.stat().st_size / 1e6:.1f} MB, {rows:,} rows\n")
        seed_times, seed_cpu, restore_times, phases = [], [], [], []
        for i in range(args.runs):
            seconds, cpu, lines = run(project, "seed", "import", str(archive), "--yes")
            seed_times.append(seconds)
            seed_cpu.append(cpu)
            phases.append(lines[-1]["seed_import"])
            target = f"bench_restore_{i}"
            with admin() as conn:
                conn.execute(f"CREATE DATABASE {target}")
            dest = source.replace("dbname=bench_source", f"dbname={target}")
            started = time.perf_counter()
            subprocess.run(
                [str(bindir / "pg_restore"), "--no-owner", "-d", dest, str(archive)], check=True
            )
            restore_times.append(time.perf_counter() - started)
            with admin() as conn:
                conn.execute(f"DROP DATABASE {target}")
            print(
                f"run {i + 1}: seed import {seconds:6.2f} s ({rows / seconds:,.0f} rows/s, "
                f"{cpu:.2f} s CPU in the command)  "
                f"pg_restore {restore_times[-1]:6.2f} s ({rows / restore_times[-1]:,.0f} rows/s)"
            )
        seed_s, restore_s = statistics.median(seed_times), statistics.median(restore_times)

        def phase(name: str) -> str:
            found = [p[name] for p in phases if name in p]
            return f"{statistics.median(found):.2f} s" if found else "?"

        print(
            f"\nseed import (whole command, masked): median {seed_s:.2f} s = "
            f"{rows / seed_s:,.0f} rows/s  (medians: read {phase('read_seconds')}, mask "
            f"{phase('mask_seconds')}, scan {phase('scan_seconds')}; {phases[-1]['values']}); "
            f"the command's own CPU: median {statistics.median(seed_cpu):.2f} s"
        )
        print(
            f"pg_restore (same archive, unmasked): median {restore_s:.2f} s = "
            f"{rows / restore_s:,.0f} rows/s"
        )
        print(f"ratio: the masked import takes {seed_s / restore_s:.2f}× a plain pg_restore")
    finally:
        engine.server.destroy()
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
