"""`workbench run start|list|reset|end|gc`: runs, each an isolated clone of the snapshot with its
own roles and lease (workbench/fleet/runs.py, fleet/gc.py)."""

from __future__ import annotations

import argparse
import os

from workbench.cli.base import Result, command, engine_for
from workbench.cli.text import run_ended_text, run_gc_text, run_started_text, runs_text
from workbench.errors import UsageError

ACTIONS = ("start", "list", "reset", "end", "gc")


def _run_setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=ACTIONS)
    parser.add_argument(
        "run_id", nargs="?", metavar="ID", help="the run (reset, end; default $WORKBENCH_RUN)"
    )
    parser.add_argument("--id", dest="new_id", metavar="ID", help="start: the new run's id")
    parser.add_argument(
        "--capabilities",
        metavar="LIST",
        help="start: what the run may do, comma-separated, within sandbox.toml's "
        "(default: all of them)",
    )
    parser.add_argument(
        "--ttl", metavar="DURATION", help="start: its lifetime, e.g. 30m, 2h (default: [runs] ttl)"
    )
    parser.add_argument(
        "--owner-pid",
        type=int,
        metavar="PID",
        help="start: the process the run belongs to (`run list` says whether it is alive; "
        "`run gc --orphans` ends runs whose owner is gone)",
    )
    parser.add_argument(
        "--orphans",
        action="store_true",
        help="gc: also end live runs whose owner process has ended (this host)",
    )
    parser.add_argument("--yes", "-y", action="store_true", help="accepted, not needed")


_ONLY = {"new_id": "start", "capabilities": "start", "ttl": "start", "owner_pid": "start",
         "orphans": "gc"}  # fmt: skip


@command(
    "run",
    "runs: start an isolated clone of the snapshot with its own roles and lease (in a fraction "
    "of a second, in parallel), list, reset, end them, and gc what expired or leaked",
    _run_setup,
)
def cmd_run(args: argparse.Namespace) -> Result:
    for key, action in _ONLY.items():
        if getattr(args, key) not in (None, False) and args.action != action:
            flag = "--" + {"new_id": "id"}.get(key, key).replace("_", "-")
            raise UsageError(f"{flag} goes with `workbench run {action}`, not `run {args.action}`.")
    engine = engine_for(args)
    if args.action == "start":
        if args.run_id is not None:
            raise UsageError("`run start` takes no ID argument; name the new run with --id ID.")
        caps = None
        if args.capabilities is not None:
            caps = [c.strip() for c in args.capabilities.split(",") if c.strip()]
        result = engine.run_start(
            run_id=args.new_id,
            capabilities=caps,
            ttl=args.ttl,
            owner_pid=args.owner_pid,
            by="cli",
        )
        return Result(result, run_started_text(result))
    if args.action == "list":
        runs = engine.runs()
        return Result({"runs": runs}, runs_text(runs))
    if args.action == "gc":
        result = engine.run_gc(orphans=args.orphans)
        return Result(result, run_gc_text(result))
    run_id = args.run_id or os.environ.get("WORKBENCH_RUN")
    if not run_id:
        raise UsageError(f"`workbench run {args.action}` needs the run's ID (or $WORKBENCH_RUN).")
    if args.action == "reset":
        result = engine.run_reset(run_id)
        return Result(result, run_started_text(result, reset=True))
    result = engine.run_end(run_id)
    return Result(result, run_ended_text(result))
