"""Benchmark: `workbench reset --yes` (fast and full path) on the shipped example, against a
plain `createdb -T` clone of the same database timed in the same run.

    /work/venv/bin/python bench/bench_reset.py [--rows 5000] [--runs 5] [--keep]
    /work/venv/bin/python bench/bench_reset.py --compare "fsync=off full_page_writes=off" \
        "" "synchronous_commit=on" [--rows 5000] [--runs 3]

The repository's sandbox.toml and schema.sql are copied into a temporary folder, so the run
gets its own embedded cluster and never touches the repository's .workbench/. Every timing of
the workbench is the whole command as a subprocess (interpreter start, imports, lock,
evidence, lease, verification included); `createdb -T` is timed the same way. Targets: fast
reset under 1 s, full reset under 3 s.

`--compare SETTINGS…` measures what server settings cost instead: one sandbox per setting
string (applied over the workbench's own with WORKBENCH_PG_SETTINGS, "" for the workbench's
own), each with its own embedded cluster, and rounds that time `generate --no-resume`, a fast
reset and a full reset on each sandbox in turn, so that the machine's other load falls on every
configuration alike.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FAST_TARGET, FULL_TARGET = 1.0, 3.0
# Each command is timed as a user runs it: with its modules' bytecode cached (an installed
# package has it). Where PYTHONDONTWRITEBYTECODE is set, every call would compile some 650
# modules again (0.7-0.8 s measured); the cache goes to a folder of this run instead.
PYCACHE = tempfile.mkdtemp(prefix="wb-bench-pycache-")
atexit.register(shutil.rmtree, PYCACHE, True)


def workbench(folder: Path, *args: str, settings: str | None = None) -> tuple[float, dict]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = PYCACHE
    if settings is not None:
        env["WORKBENCH_PG_SETTINGS"] = settings
    started = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "workbench.cli", *args, "--json"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    seconds = time.perf_counter() - started
    if result.returncode != 0:
        sys.exit(f"workbench {' '.join(args)} failed:\n{result.stderr}")
    out = result.stdout.strip()
    try:
        return seconds, json.loads(out)  # one document (reset)
    except ValueError:
        return seconds, json.loads(out.splitlines()[-1])  # JSON lines, the result last


def summary(label: str, times: list[float], target: float | None = None) -> str:
    verdict = ""
    if target is not None:
        met = "met" if max(times) < target else "MISSED"
        verdict = f"  target < {target:.0f} s: {met}"
    return (
        f"{label:<34} median {statistics.median(times):6.3f} s   min {min(times):6.3f}   "
        f"max {max(times):6.3f}   ({len(times)} runs){verdict}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=5000, help="rows per table (default 5000)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each (default 5)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument(
        "--example",
        type=Path,
        default=REPO,
        help="folder holding sandbox.toml and schema.sql (default: the repository's example)",
    )
    parser.add_argument(
        "--compare",
        nargs="+",
        metavar="SETTINGS",
        help='server settings to compare, e.g. "fsync=off full_page_writes=off" ""',
    )
    args = parser.parse_args()
    if args.compare is not None:
        return compare(args)

    sys.path.insert(0, str(REPO))
    from workbench.engine import Engine

    folder = Path(tempfile.mkdtemp(prefix="wb-bench-reset-"))
    for name in ("sandbox.toml", "schema.sql"):
        shutil.copy(args.example / name, folder / name)
    engine = Engine(folder / "sandbox.toml")
    try:
        print(f"example: {args.example / 'schema.sql'} at --rows {args.rows}; folder {folder}")
        seconds, generated = workbench(folder, "generate", "--yes", "--rows", str(args.rows))
        print(f"generate: {generated['rows']:,} rows in {generated['tables']} tables, "
              f"{seconds:.2f} s (snapshot {generated.get('snapshot_id')})")  # fmt: skip

        state = engine.server.state()
        assert state is not None
        name = engine.config.sandbox.name
        snapshot = engine.guard.snapshot_name()
        with engine.guard.connect(maintenance=True) as conn:
            size = conn.execute("SELECT pg_database_size(%s)", (name,)).fetchone()[0]
        print(f"database size: {size / 1e6:.1f} MB")

        fast: list[float] = []
        for _ in range(args.runs):
            seconds, result = workbench(folder, "reset", "--yes")
            assert result["path"] == "fast", result
            fast.append(seconds)

        full: list[float] = []
        for _ in range(args.runs):
            seconds, result = workbench(folder, "reset", "--yes", "--full")
            assert result["path"] == "full", result
            full.append(seconds)

        # The baseline: the same clone by PostgreSQL's own client, same server, same source.
        bindir = Path(state.bindir)  # the cluster's own binaries
        env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
        env["PGPASSFILE"] = str(engine.server.passfile)
        base = ["-h", "127.0.0.1", "-p", str(state.port), "-U", "workbench"]
        createdb: list[float] = []
        for _ in range(args.runs):
            started = time.perf_counter()
            subprocess.run(
                [str(bindir / "createdb"), *base, "-T", snapshot, "bench_clone"],
                env=env, check=True, capture_output=True,
            )  # fmt: skip
            createdb.append(time.perf_counter() - started)
            subprocess.run([str(bindir / "dropdb"), *base, "bench_clone"], env=env, check=True)

        # Where a fast reset's time goes, in process (no interpreter start, no imports).
        in_process: list[float] = []
        for _ in range(args.runs):
            started = time.perf_counter()
            assert engine.reset()["path"] == "fast"
            in_process.append(time.perf_counter() - started)

        print()
        print(summary("workbench reset --yes (fast path)", fast, FAST_TARGET))
        print(summary("workbench reset --yes --full", full, FULL_TARGET))
        print(summary("createdb -T (baseline)", createdb))
        print(summary("Engine.reset() fast, in process", in_process))
        ratio = statistics.median(fast) / statistics.median(createdb)
        print(f"\nfast reset / createdb -T (medians): {ratio:.1f}x")
        return 0 if max(fast) < FAST_TARGET and max(full) < FULL_TARGET else 1
    finally:
        if not args.keep:
            engine.server.destroy()
            shutil.rmtree(folder, ignore_errors=True)


def compare(args: argparse.Namespace) -> int:
    sys.path.insert(0, str(REPO))
    from workbench.engine import Engine
    from workbench.server.host import server_settings

    sandboxes: list[tuple[str, Path, Engine]] = []
    times: dict[str, dict[str, list[float]]] = {}
    try:
        for settings in args.compare:
            folder = Path(tempfile.mkdtemp(prefix="wb-bench-settings-"))
            for name in ("sandbox.toml", "schema.sql"):
                shutil.copy(args.example / name, folder / name)
            sandboxes.append((settings, folder, Engine(folder / "sandbox.toml")))
            workbench(folder, "generate", "--yes", "--rows", str(args.rows), settings=settings)
            times[settings] = {"generate": [], "fast": [], "full": []}
        for _ in range(args.runs):
            for settings, folder, _engine in sandboxes:
                rows = ("--rows", str(args.rows))
                seconds, _ = workbench(
                    folder, "generate", "--yes", "--no-resume", *rows, settings=settings
                )
                times[settings]["generate"].append(seconds)
                seconds, result = workbench(folder, "reset", "--yes", settings=settings)
                assert result["path"] == "fast", result
                times[settings]["fast"].append(seconds)
                seconds, result = workbench(folder, "reset", "--yes", "--full", settings=settings)
                times[settings]["full"].append(seconds)
        print(f"example at --rows {args.rows}, {args.runs} interleaved rounds (medians, s)")
        for settings, _folder, _engine in sandboxes:
            os.environ["WORKBENCH_PG_SETTINGS"] = settings
            shown = " ".join(f"{k}={v}" for k, v in server_settings().items())
            row = times[settings]
            print(
                f"  {shown}\n    generate {statistics.median(row['generate']):6.2f}   "
                f"fast reset {statistics.median(row['fast']):6.2f}   "
                f"full reset {statistics.median(row['full']):6.2f}"
            )
        os.environ.pop("WORKBENCH_PG_SETTINGS", None)
        return 0
    finally:
        for _settings, folder, engine in sandboxes:
            if not args.keep:
                engine.server.destroy()
                shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
