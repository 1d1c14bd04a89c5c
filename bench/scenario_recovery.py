"""A scripted recovery scenario, and the `workbench metrics` it gives (docs/metrics.md shows a
transcript).

    .venv/bin/python bench/scenario_recovery.py [--rows 20000] [--keep]

In a temporary copy of the shipped example (its own embedded cluster; the repository's
.workbench/ is never touched), as a developer and their agents would live it:

1. `workbench generate` killed (SIGKILL) in the middle of its third table;
2. `workbench generate` again: it resumes from the first incomplete table and ends verified;
3. a migration that fails (`workbench reset --yes` stops at its file and line), then fixed, and
   the reset that follows ends verified (its evidence records the time since the failure); a
   reset again takes the fast path (a restore);
4. runs: one reset and ended properly, one whose starter was killed after its clone (a leak),
   one that outlives a 1-second TTL; `workbench run gc` repairs both leaks;
5. `workbench metrics`.

Every step is a whole `workbench` command, printed as it is typed, with its last line of
output. Exit 0 when every step did what the scenario says.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from workbench.engine import Engine  # noqa: E402


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    env.update(extra)
    return env


def workbench(folder: Path, *args: str, ok: bool = True, **env: str) -> str:
    print(f"$ workbench {' '.join(args)}")
    done = subprocess.run(
        [sys.executable, "-m", "workbench.cli", *args],
        cwd=folder,
        env=_env(**env),
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    shown = (done.stdout.strip() or done.stderr.strip()).splitlines()
    for line in shown[-3:] if shown else []:
        print(f"  {line[:160]}")
    if ok and done.returncode != 0:
        sys.exit(f"workbench {' '.join(args)} failed ({done.returncode}):\n{done.stderr}")
    if not ok and done.returncode == 0:
        sys.exit(f"workbench {' '.join(args)} was expected to fail")
    return done.stdout


def add_line(folder: Path, after: str, line: str) -> None:
    """A line of sandbox.toml after the first line that is `after`."""
    path = folder / "sandbox.toml"
    path.write_text(path.read_text().replace(f"{after}\n", f"{after}\n{line}\n", 1))


def kill_generate_mid_table(folder: Path, rows: int) -> None:
    """`workbench generate --json` read line by line, killed once its third table is partly
    written."""
    print(f"$ workbench generate --yes --rows {rows} --json   # killed mid-table")
    proc = subprocess.Popen(
        [sys.executable, "-m", "workbench.cli", "generate", "--yes", "--json", "--rows", str(rows)],
        cwd=folder,
        env=_env(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    order: list[str] = []
    for line in proc.stdout:
        event = json.loads(line)
        if event["event"] == "PlanReady":
            order = [t["name"] for t in event["tables"]]
        if (
            event["event"] == "RowsWritten"
            and len(order) > 2
            and event["table"] == order[2]
            and 0 < event["written"] < event["total"]
        ):
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
            print(f"  killed at {event['table']}: {event['written']:,} of {event['total']:,} rows")
            return
    sys.exit(f"generate ended before the kill point: {proc.stderr.read() if proc.stderr else ''}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=20000, help="rows per table (default 20000)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="wb-scenario-"))
    for name in ("sandbox.toml", "schema.sql"):
        shutil.copy(REPO / name, folder / name)
    text = (folder / "sandbox.toml").read_text()  # batches small enough to kill one mid-table
    (folder / "sandbox.toml").write_text(
        text.replace("[generate]\n", "[generate]\nbatch_rows = 2000\n", 1)
    )
    try:
        # 1, 2: a generate killed mid-table, then resumed
        kill_generate_mid_table(folder, args.rows)
        resumed = json.loads(
            workbench(folder, "generate", "--yes", "--rows", str(args.rows), "--json")
            .strip()
            .splitlines()[-1]
        )
        assert resumed["resumed"] is True and resumed["verified"] is True, resumed

        # 3: a failing migration, then fixed
        migrations = folder / "migrations"
        migrations.mkdir()
        (migrations / "001_channel.sql").write_text("ALTER TABLE orders ADD COLUMN channel text;\n")
        (migrations / "002_channel_required.sql").write_text(
            "-- every order must say where it came from\n"
            "ALTER TABLE orders ALTER COLUMN channel SET NOT NULL;\n"
        )
        text = (folder / "sandbox.toml").read_text()
        (folder / "sandbox.toml").write_text(
            text.replace(
                'schema = "schema.sql"\n', 'schema = "schema.sql"\nmigrations = "migrations"\n', 1
            )
        )
        workbench(folder, "reset", "--yes", ok=False)
        (migrations / "002_channel_required.sql").write_text(
            "-- every order says where it came from: the existing ones came from the web\n"
            "UPDATE orders SET channel = 'web' WHERE channel IS NULL;\n"
            "ALTER TABLE orders ALTER COLUMN channel SET NOT NULL;\n"
        )
        workbench(folder, "reset", "--yes")
        workbench(folder, "reset", "--yes")  # the snapshot holds the migrations now: fast

        # 4: runs, one of them leaked by a killed starter, one outliving its TTL
        workbench(folder, "run", "start", "--id", "tidy")
        workbench(folder, "run", "reset", "tidy")
        workbench(folder, "run", "end", "tidy")
        print("$ WORKBENCH_CRASH_AT=run:cloned workbench run start --id crashed   # killed")
        subprocess.run(
            [sys.executable, "-m", "workbench.cli", "run", "start", "--id", "crashed"],
            cwd=folder,
            env=_env(WORKBENCH_CRASH_AT="run:cloned"),
            capture_output=True,
            stdin=subprocess.DEVNULL,
        )
        workbench(folder, "run", "start", "--id", "forgotten", "--ttl", "1s")
        time.sleep(1.5)  # its TTL passes
        workbench(folder, "run", "list")
        workbench(folder, "run", "gc")

        # 5: the figures
        print("$ workbench metrics")
        print(workbench_output(folder, "metrics"))
        return 0
    finally:
        if args.keep:
            print(f"kept {folder}")
        else:
            Engine(folder / "sandbox.toml").server.destroy()
            shutil.rmtree(folder, ignore_errors=True)


def workbench_output(folder: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "workbench.cli", *args],
        cwd=folder,
        env=_env(),
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    return done.stdout.rstrip()


if __name__ == "__main__":
    sys.exit(main())
