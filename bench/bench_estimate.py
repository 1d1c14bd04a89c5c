"""Benchmark: the estimate's total against the whole generate it estimates, before and after a
calibrating run (issue 27: within 2x before any run, within ±30 % after one).

    .venv/bin/python bench/bench_estimate.py [--schemas pagila musicbrainz] [--runs 2]

For each schema of ../shared/schemas (or $WORKBENCH_SHARED_SCHEMAS; sandbox.toml: the
defaults, 1,000 rows a table), in a temporary folder with its own embedded cluster:
`workbench estimate --json`, then `workbench generate --yes --no-resume --json`, `--runs`
times. Each run's measure is the run's own record (evidence.jsonl: from the lock taken to the
lease written, every phase), and the command's wall time besides (interpreter start and
imports included). The first run is the calibrating one (no snapshot to replace, value pools
not built); every later one is estimated by the model that run calibrated.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("WORKBENCH_SHARED_SCHEMAS") or REPO.parent / "shared" / "schemas")


def workbench(folder: Path, *args: str) -> tuple[float, list[dict]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    env.pop("WORKBENCH_MACHINE_FACTOR", None)  # the probe, as a user's estimate has it
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
        return seconds, [json.loads(out)]
    except ValueError:
        return seconds, [json.loads(line) for line in out.splitlines() if line.strip()]


def last_run(folder: Path) -> tuple[float, dict[str, float]]:
    records = [
        json.loads(line)
        for line in (folder / ".workbench" / "evidence.jsonl").read_text().splitlines()
    ]
    end = [r for r in records if r["record"] == "end"][-1]
    phases: dict[str, float] = {}
    for r in records:
        if r["run_id"] == end["run_id"] and r["record"] == "phase":
            phases[r["phase"]] = phases.get(r["phase"], 0.0) + r["seconds"]
    return float(end["seconds"]), phases


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schemas", nargs="+", default=["pagila", "musicbrainz"])
    parser.add_argument("--runs", type=int, default=2, help="generates per schema (default 2)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folders")
    args = parser.parse_args()
    sys.path.insert(0, str(REPO))
    from workbench.config.file import load_config
    from workbench.server.cluster import EmbeddedServer

    print(f"load average at start: {os.getloadavg()[0]:.1f} (2 cores)")
    for name in args.schemas:
        source = SHARED / f"{name}.sql"
        if not source.is_file():
            print(f"{name}: {source} is absent, skipped")
            continue
        folder = Path(tempfile.mkdtemp(prefix=f"wb-bench-estimate-{name}-"))
        shutil.copy(source, folder / "schema.sql")
        (folder / "sandbox.toml").write_text(
            f'[sandbox]\nname = "bench_{name}"\ndsn = "embedded"\nschema = "schema.sql"\n'
        )
        try:
            for run in range(1, args.runs + 1):
                _, (est,) = workbench(folder, "estimate")
                wall, _ = workbench(folder, "generate", "--yes", "--no-resume")
                total, phases = last_run(folder)
                estimated = est["total"]["seconds"]
                label = "calibrated" if est.get("calibrated") else "not calibrated"
                print(
                    f"{name} run {run} ({label}): estimate {estimated:6.1f} s, run {total:6.1f} s"
                    f" (command {wall:5.1f} s): ratio {estimated / total:4.2f}, "
                    f"{100 * (estimated - total) / total:+5.0f} %   load {os.getloadavg()[0]:.1f}"
                    f"   machine factor {est.get('machine_factor', 1.0):.2f}"
                )
                for phase, seconds in est.get("phases", {}).items():
                    got = phases.get(phase)
                    if phase == "other":
                        got = total - sum(phases.values())
                    shown = f"{got:6.2f}" if got is not None else "     —"
                    print(f"    {phase:<24} estimate {seconds:6.2f} s   measured {shown} s")
        finally:
            if not args.keep:
                EmbeddedServer(load_config(folder / "sandbox.toml")).destroy()
                shutil.rmtree(folder, ignore_errors=True)
            else:
                print(f"kept {folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
