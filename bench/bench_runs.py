"""Benchmark: starting runs (`workbench run start`) — one, and 20 at once — on the shipped example
at each size, beside a plain `createdb -T` of the same snapshot on the same server, in the same
run.

    .venv/bin/python bench/bench_runs.py [--rows 1000 50000] [--runs 5] [--fleet 20] [--keep]

The repository's sandbox.toml and schema.sql are copied into a temporary folder with its own
embedded cluster (the repository's .workbench/ is never touched), generated at each size in
turn (`--rows`), and at each size it times:

- one run: `workbench run start` as a whole command (interpreter, imports, roles, clone,
  verification, grants, lease), and `Engine.run_start()` in process; `createdb -T` (PostgreSQL's
  own client, the same snapshot, the same server) as the baseline;
- `--fleet` runs at once: as many `workbench run start` processes started together, and as many
  threads calling `Engine.run_start()` in one process, wall time until the last is ready;
  beside as many `createdb -T` processes started together;
- ending them: `workbench run end` (DROP DATABASE waits for a checkpoint) beside `dropdb`.

Prints each figure (medians of --runs where repeated) and the ratios to the baseline. The
machine's load average is printed first: on a shared machine the ratios are the information.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from workbench.engine import Engine  # noqa: E402


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("PG")}


def cli(folder: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "workbench.cli", *args],
        cwd=folder,
        env=_env(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_all(procs: list[subprocess.Popen[str]]) -> None:
    for proc in procs:
        _, err = proc.communicate()
        if proc.returncode != 0:
            sys.exit(f"{' '.join(map(str, proc.args))} failed:\n{err}")


@contextmanager
def stopwatch(into: list[float]) -> Iterator[None]:
    """Append the block's wall time to `into`."""
    started = time.perf_counter()
    yield
    into.append(time.perf_counter() - started)


class Bench:
    def __init__(self, folder: Path, fleet: int, runs: int) -> None:
        self.folder = folder
        self.fleet = fleet
        self.runs = runs
        self.engine = Engine(folder / "sandbox.toml")
        state = self.engine.server.state()
        assert state is not None
        self.bindir = Path(state.bindir)
        self.pg_env = {**_env(), "PGPASSFILE": str(self.engine.server.passfile)}
        self.pg_args = ["-h", "127.0.0.1", "-p", str(state.port), "-U", "workbench"]
        self.snapshot = self.engine.guard.snapshot_name()

    def pg(self, tool: str, *args: str) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [str(self.bindir / tool), *self.pg_args, *args],
            env=self.pg_env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )

    def pg_all(self, procs: list[subprocess.Popen[bytes]]) -> None:
        for proc in procs:
            _, err = proc.communicate()
            if proc.returncode != 0:
                sys.exit(f"{proc.args} failed: {err.decode()}")

    def one(self) -> dict[str, float]:
        command: list[float] = []
        api: list[float] = []
        createdb: list[float] = []
        end: list[float] = []
        dropdb: list[float] = []
        for n in range(self.runs):
            with stopwatch(command):
                wait_all([cli(self.folder, "run", "start", "--id", f"one-{n}")])
            with stopwatch(end):
                wait_all([cli(self.folder, "run", "end", f"one-{n}")])
            with stopwatch(api):
                self.engine.run_start(run_id=f"api-{n}")
            self.engine.run_end(f"api-{n}")
            with stopwatch(createdb):
                self.pg_all([self.pg("createdb", "-T", self.snapshot, "bench_1")])
            with stopwatch(dropdb):
                self.pg_all([self.pg("dropdb", "bench_1")])
        return {
            "run start (command)": statistics.median(command),
            "Engine.run_start (in process)": statistics.median(api),
            "createdb -T (baseline)": statistics.median(createdb),
            "run end (command)": statistics.median(end),
            "dropdb (baseline)": statistics.median(dropdb),
        }

    def many(self) -> dict[str, float]:
        ids = [f"f{n:02d}" for n in range(self.fleet)]
        names = [f"bench_{n}" for n in range(self.fleet)]
        times: dict[str, list[float]] = {k: [] for k in ("cli", "end", "api", "createdb", "drop")}
        with stopwatch(times["cli"]):
            wait_all([cli(self.folder, "run", "start", "--id", i) for i in ids])
        with stopwatch(times["end"]):
            wait_all([cli(self.folder, "run", "end", i) for i in ids])
        with ThreadPoolExecutor(self.fleet) as pool:
            with stopwatch(times["api"]):
                list(pool.map(lambda i: self.engine.run_start(run_id=f"t{i}"), ids))
            list(pool.map(lambda i: self.engine.run_end(f"t{i}"), ids))
        with stopwatch(times["createdb"]):
            self.pg_all([self.pg("createdb", "-T", self.snapshot, n) for n in names])
        with stopwatch(times["drop"]):
            self.pg_all([self.pg("dropdb", n) for n in names])
        return {
            "fleet: run start (commands at once)": times["cli"][0],
            "fleet: Engine.run_start (threads)": times["api"][0],
            "fleet: createdb -T at once (baseline)": times["createdb"][0],
            "fleet: run end (commands at once)": times["end"][0],
            "fleet: dropdb at once (baseline)": times["drop"][0],
        }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, nargs="+", default=[1000, 50000])
    parser.add_argument("--runs", type=int, default=5, help="repeats of the one-run figures")
    parser.add_argument("--fleet", type=int, default=20, help="runs started at once")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="wb-bench-runs-"))
    for name in ("sandbox.toml", "schema.sql"):
        shutil.copy(REPO / name, folder / name)
    with open(folder / "sandbox.toml", "a") as toml:
        toml.write(f"\n[runs]\nmax = {max(args.fleet, 1) * 2}\n")
    engine = Engine(folder / "sandbox.toml")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; folder {folder}")
    try:
        for rows in args.rows:
            started = time.perf_counter()
            generated = engine.generate(rows=rows)
            with engine.guard.connect(maintenance=True) as conn:
                row = conn.execute(
                    "SELECT pg_database_size(%s)", (engine.guard.snapshot_name(),)
                ).fetchone()
            size = int(row[0]) if row else 0
            print(
                f"\nexample at --rows {rows}: {generated['rows']:,} rows, snapshot "
                f"{size / 1e6:.1f} MB (generated in {time.perf_counter() - started:.1f} s)"
            )
            bench = Bench(folder, args.fleet, args.runs)
            one, many = bench.one(), bench.many()
            for label, seconds in {**one, **many}.items():
                print(f"  {label.replace('fleet', str(args.fleet)):<44} {seconds:7.3f} s")
            base_one, base_many = (
                one["createdb -T (baseline)"],
                many["fleet: createdb -T at once (baseline)"],
            )
            fleet_cli = many["fleet: run start (commands at once)"]
            print(
                f"  ratios: one run start / createdb -T "
                f"{one['run start (command)'] / base_one:.1f}x (command), "
                f"{one['Engine.run_start (in process)'] / base_one:.1f}x (in process); "
                f"{args.fleet} at once / {args.fleet} createdb -T at once "
                f"{fleet_cli / base_many:.1f}x (commands), "
                f"{many['fleet: Engine.run_start (threads)'] / base_many:.1f}x (threads); "
                f"{args.fleet} at once / one run start "
                f"{fleet_cli / one['run start (command)']:.1f}x"
            )
        return 0
    finally:
        if not args.keep:
            engine.server.destroy()
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
