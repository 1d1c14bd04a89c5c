"""The fixed cost of a command: `generate`, `reset` on a small schema, where the rows cost little.

    .venv/bin/python bench/bench_fixed_cost.py [--n 5] [--base PATH] [--profile FILE]
                                               [--cli 2] [--json]

Most tests run one or more `generate`/`reset` commands on a small schema; what they pay is the
engine's cost per command (connections, roles and grants, CREATE DATABASE and the snapshot's
template copy, catalog introspections, plan, lease and state writes, imports), not the rows.
For each tree (this repository, and `--base PATH`, another checkout such as the base commit's
tree made with `git archive`), a child process with that tree on PYTHONPATH starts one
embedded cluster and times, N times each, in process (one Engine per command, as a front end
does): `generate --yes` of the shipped example (schema.sql with sandbox.toml's tables) at
--rows 10, the same of a 3-table schema of our own, then `reset` (the snapshot clone) of
each; and `--cli` times the command line `workbench generate --yes --rows 10` (start-up
included). It counts the connections each command opens. The trees run alternately (this
one, base, this one, …: other work on the machine falls on both), and the medians and the
ratio this/base are printed.

`--profile FILE` writes a cProfile of the in-process generates of this tree (pstats format;
read it with `python -m pstats FILE`) and prints the top of it by cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import psycopg

REPO = Path(__file__).resolve().parents[1]
# the tree measured: this one, or the one the parent names for its child (--base)
TREE = Path(os.environ.get("WORKBENCH_BENCH_TREE") or REPO).resolve()
sys.path.insert(0, str(TREE))
sys.path.insert(0, str(TREE / "bench"))

from corpus import Cluster  # noqa: E402

from workbench.config.file import load_config  # noqa: E402
from workbench.engine import Engine  # noqa: E402
from workbench.trust.checkout import trust  # noqa: E402

THREE_TABLES = """
CREATE TABLE customer (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text NOT NULL,
    email text UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE product (
    id serial PRIMARY KEY,
    title text NOT NULL,
    price numeric(10, 2) NOT NULL CHECK (price >= 0)
);
CREATE TABLE purchase (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    customer_id bigint NOT NULL REFERENCES customer (id),
    product_id int NOT NULL REFERENCES product (id),
    quantity int NOT NULL CHECK (quantity > 0),
    bought_at timestamptz NOT NULL
);
CREATE INDEX purchase_customer ON purchase (customer_id);
"""


CLI_ARGS = ("generate", "--yes", "--rows", "10")


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def worker(args: argparse.Namespace) -> dict[str, Any]:
    """In the child: one cluster, two projects, the commands timed, on TREE."""
    tree = TREE
    connects = [0]
    real_connect = psycopg.Connection.connect.__func__  # type: ignore[attr-defined]

    def counting(cls: Any, *a: Any, **kw: Any) -> Any:
        connects[0] += 1
        return real_connect(cls, *a, **kw)

    psycopg.Connection.connect = classmethod(counting)  # type: ignore[method-assign,assignment]
    psycopg.connect = psycopg.Connection.connect  # type: ignore[assignment]
    out: dict[str, Any] = {"tree": str(tree)}
    with tempfile.TemporaryDirectory(prefix="wb-fixed-") as tmp:
        work = Path(tmp)
        os.chmod(work, 0o755)
        (work / "home").mkdir()
        cluster = Cluster(work / "home", [])
        try:
            projects: dict[str, Path] = {}
            example_tables = (tree / "sandbox.toml").read_text()
            example_tables = example_tables[example_tables.index("[tables.") :]
            for label, schema, extra in (
                ("example", (tree / "schema.sql").read_text(), example_tables),
                ("three", THREE_TABLES, ""),
            ):
                db = f"f_{uuid.uuid4().hex[:10]}"
                project = work / db
                project.mkdir()
                (project / "schema.sql").write_text(schema)
                (project / "sandbox.toml").write_text(
                    f'[sandbox]\nname = "{db}"\ndsn = "{cluster.conninfo(db)}"\n'
                    f'schema = "schema.sql"\n\n[generate]\nnow = "2026-01-01T00:00:00Z"\n\n{extra}'
                )
                cluster.create(db)
                trust(load_config(project / "sandbox.toml"))
                projects[label] = project / "sandbox.toml"
            profile = cProfile.Profile() if args.profile else None
            for label, path in projects.items():
                Engine(str(path)).generate(rows=10)  # warm: pools, calibration, first snapshot
                for command in ("generate", "reset"):
                    times, conns = [], []
                    for _ in range(args.n):
                        before = connects[0]
                        start = time.perf_counter()
                        if profile is not None and command == "generate":
                            profile.enable()
                        engine = Engine(str(path))
                        if command == "generate":
                            engine.generate(rows=10)
                        else:
                            engine.reset()
                        if profile is not None:
                            profile.disable()
                        times.append(time.perf_counter() - start)
                        conns.append(connects[0] - before)
                    out[f"{label} {command}"] = {"s": _median(times), "connections": max(conns)}
            if profile is not None:
                profile.dump_stats(args.profile)
            env = cluster.env()
            env["PYTHONPATH"] = str(tree)
            for label, path in projects.items():
                times = []
                for _ in range(args.cli):
                    start = time.perf_counter()
                    done = subprocess.run(
                        [sys.executable, "-m", "workbench.cli", *CLI_ARGS],
                        cwd=path.parent,
                        env=env,
                        capture_output=True,
                        text=True,
                    )
                    times.append(time.perf_counter() - start)
                    if done.returncode != 0:
                        raise SystemExit(f"{label}: {done.stderr[-2000:]}")
                if times:
                    out[f"{label} generate (cli)"] = {"s": _median(times), "connections": None}
        finally:
            cluster.server.destroy()
    return out


# What the test suite sets for itself (tests/conftest.py): clusters without fsync, state files
# without flushes, no machine probe; a per-user folder of the run's own.
AS_TESTS = {
    "WORKBENCH_PG_SETTINGS": "fsync=off",
    "WORKBENCH_STATE_SYNC": "off",
    "WORKBENCH_MACHINE_FACTOR": "1",
}


def run_tree(tree: Path, args: argparse.Namespace, profile: str | None) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    if not args.as_user:
        env.update(AS_TESTS)
    env["PYTHONPATH"] = str(tree)
    env["WORKBENCH_BENCH_TREE"] = str(tree)
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", "--n", str(args.n)]
    cmd += ["--cli", str(args.cli)] + (["--profile", profile] if profile else [])
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: {done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--n", type=int, default=5, help="runs of each command")
    ap.add_argument("--cli", type=int, default=2, help="runs of the command line (0: none)")
    ap.add_argument("--base", type=Path, help="another tree to compare with (the base commit's)")
    ap.add_argument("--rounds", type=int, default=2, help="alternating rounds of the trees")
    ap.add_argument("--profile", help="write a cProfile of this tree's generates here")
    ap.add_argument(
        "--as-user", action="store_true", help="fsync, flushes and probes on (not as the tests)"
    )
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args)))
        return 0
    config_home = tempfile.mkdtemp(prefix="wb-fixed-config-")
    os.environ["XDG_CONFIG_HOME"] = config_home  # the key that signs state: the run's own
    trees = {"this": REPO} | ({"base": args.base.resolve()} if args.base else {})
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
    for round_no in range(args.rounds):
        for name, tree in trees.items():
            profile = args.profile if name == "this" and round_no == 0 else None
            runs[name].append(run_tree(tree, args, profile))
    keys = [k for k in runs["this"][0] if k not in ("tree",)]
    figures: dict[str, dict[str, Any]] = {}
    for key in keys:
        row: dict[str, Any] = {}
        for name in trees:
            values = [r[key]["s"] for r in runs[name]]
            row[name] = _median(values)
            if runs[name][0][key].get("connections") is not None:
                row[f"{name} connections"] = runs[name][0][key]["connections"]
        if "base" in row:
            row["ratio"] = row["this"] / row["base"]
        figures[key] = row
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{'command':28} {'this s':>8} {'conns':>6} {'base s':>8} {'conns':>6} {'ratio':>6}")
        for key, row in figures.items():
            base = f"{row['base']:8.3f}" if "base" in row else f"{'':8}"
            print(
                f"{key:28} {row['this']:8.3f} {row.get('this connections', ''):>6} {base} "
                f"{row.get('base connections', ''):>6} {row.get('ratio', float('nan')):6.2f}"
            )
    if args.profile:
        text = io.StringIO()
        pstats.Stats(args.profile, stream=text).sort_stats("cumulative").print_stats(40)
        print(text.getvalue())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
