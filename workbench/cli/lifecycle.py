"""Commands on the sandbox's life (workbench/lifecycle/: reset.py, snapshots.py): reset,
snapshot, lease, evidence, metrics."""

from __future__ import annotations

import argparse
import json
import sys

from workbench.cli.base import (
    EMPTY_ON_PURPOSE,
    Result,
    cancel_on_sigterm,
    checked_rows,
    command,
    empty_on_purpose,
    engine_for,
    require_yes,
    yes_flag,
)
from workbench.cli.render import ProgressPrinter, is_terminal
from workbench.cli.text import (
    evidence_text,
    lease_text,
    metrics_text,
    reset_text,
    snapshot_text,
)
from workbench.errors import UsageError
from workbench.events import Warning


def _reset_setup(parser: argparse.ArgumentParser) -> None:
    yes_flag(parser)
    parser.add_argument(
        "--full",
        action="store_true",
        help="skip the snapshot: drop, create, apply schema.sql and migrations, generate",
    )
    parser.add_argument("--rows", type=int, metavar="N", help="rows per table (full path)")
    parser.add_argument("--seed", type=int, metavar="N", help="random seed (full path)")


def _progress(args: argparse.Namespace) -> ProgressPrinter:
    """Progress: with --json, JSON lines on stdout (the result is the last, "Done" line);
    otherwise plain lines on stderr, redrawn in place on a terminal."""
    if getattr(args, "json", False):
        return ProgressPrinter(stream=sys.stdout, as_json=True)
    return ProgressPrinter(stream=sys.stderr, as_json=False, live=is_terminal(sys.stderr))


@command(
    "reset",
    "return the sandbox to its snapshot (fast) or rebuild it from schema.sql (full); verified",
    _reset_setup,
)
def cmd_reset(args: argparse.Namespace) -> Result:
    rows = checked_rows(args)
    engine = engine_for(args)
    engine.require("reset", "reset")
    require_yes(
        args,
        f"This replaces the sandbox database {engine.config.sandbox.name!r} and ends other "
        "clients' sessions on it.",
    )
    printer = _progress(args)
    if rows == 0:
        printer(Warning(EMPTY_ON_PURPOSE))
    try:
        with cancel_on_sigterm() as cancel:
            result = engine.reset(
                on_event=printer, cancel=cancel, full=args.full, rows=rows, seed=args.seed
            )
    finally:
        printer.finish()
    data, text = empty_on_purpose(rows, {"event": "Done", **result}, reset_text(result))
    return Result(data, text, compact=True)


@command(
    "undo",
    "bring back the database the last reset or generate replaced (the current one takes its "
    "place: undo again swaps back)",
    yes_flag,
)
def cmd_undo(args: argparse.Namespace) -> Result:
    engine = engine_for(args)
    engine.require("reset", "undo")
    info = engine.undo_info()
    if info is None:
        raise UsageError(
            "Nothing to undo: no reset or generate has replaced a database since this version "
            "began keeping one."
        )
    require_yes(
        args,
        f"This swaps the sandbox database {engine.config.sandbox.name!r} with the one the "
        f"{info.replaced_by} of {info.kept_at} replaced, ending other clients' sessions on it.",
    )
    result = engine.undo()
    text = f"the database the {result['restored']} replaced is back"
    if result["kept_current"]:
        text += "; the one it replaced is kept: `workbench undo --yes` swaps back"
    elif result.get("dropped_unfinished"):
        text += "; the unfinished build it replaced is dropped, not kept"
    return Result({"event": "Done", **result}, text, compact=True)


@command(
    "snapshot",
    "keep the sandbox's current state as the snapshot the next reset clones (--yes is "
    "accepted, as by every command that replaces something; it never asks)",
    yes_flag,
)
def cmd_snapshot(args: argparse.Namespace) -> Result:
    engine = engine_for(args)
    printer = _progress(args)
    try:
        result = engine.snapshot(on_event=printer)
    finally:
        printer.finish()
    return Result({"event": "Done", **result}, snapshot_text(result), compact=True)


@command("lease", "show the sandbox's lease: identity, provenance, capabilities, expiry")
def cmd_lease(args: argparse.Namespace) -> Result:
    lease = engine_for(args).lease()
    if lease is None:
        return Result(
            {"lease": None},
            "no lease yet: `workbench generate` or `workbench reset` writes one",
        )
    return Result(lease, lease_text(lease))


def _evidence_setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--limit", type=int, default=20, metavar="N", help="runs to list")
    parser.add_argument("--run", metavar="ID", help="every record of one run (an id prefix)")


@command("evidence", "list recent runs from .workbench/evidence.jsonl", _evidence_setup)
def cmd_evidence(args: argparse.Namespace) -> Result:
    engine = engine_for(args)
    if args.run:
        records = engine.evidence(run_id=args.run)
        if not records:
            raise UsageError(f"no run with an id starting {args.run!r} in the evidence.")
        text = "\n".join(json.dumps(r, sort_keys=True) for r in records)
        return Result({"records": records}, text)
    if args.limit < 1:
        raise UsageError(f"--limit must be 1 or more, got {args.limit}.")
    runs = engine.evidence(limit=args.limit)
    return Result({"runs": runs}, evidence_text(runs))


def _metrics_setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--since",
        metavar="WHEN",
        help="only runs since then: a duration back from now (24h, 7d) or a date (2026-12-01)",
    )


@command(
    "metrics",
    "recovery figures from the evidence and the runs' leases: clone and restore times by "
    "snapshot size, migrations and where they failed, leaks repaired, fingerprint mismatches, "
    "resume rate, time from a failure to a verified environment",
    _metrics_setup,
)
def cmd_metrics(args: argparse.Namespace) -> Result:
    figures = engine_for(args).metrics(since=args.since)
    return Result(figures, metrics_text(figures))
