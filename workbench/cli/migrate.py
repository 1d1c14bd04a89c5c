"""Commands on migrations before they reach production (workbench/rehearse/): rehearse,
explain."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from workbench.cli.base import EXIT_OK, EXIT_PROBLEMS, Result, command, engine_for
from workbench.cli.render import ProgressPrinter, is_terminal
from workbench.errors import UsageError


def _seconds(text: str) -> float:
    """A duration in seconds: `2`, `0.5`, `2s` or `500ms`."""
    scale, number = (0.001, text[:-2]) if text.endswith("ms") else (1.0, text.removesuffix("s"))
    try:
        value = float(number) * scale
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected seconds (2, 0.5, 2s, 500ms), got {text!r}"
        ) from None
    if not 0 <= value <= 86400:
        raise argparse.ArgumentTypeError(f"expected 0 to 86400 seconds, got {text!r}")
    return value


def _rehearse_setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files",
        nargs="*",
        metavar="MIGRATION",
        help="migration .sql files (or folders of them), applied after the project's pending "
        "sandbox.migrations, each file in one transaction",
    )
    parser.add_argument(
        "--markdown", action="store_true", help="print the Markdown report (for a pull request)"
    )
    size = parser.add_mutually_exclusive_group()
    size.add_argument(
        "--rows",
        type=int,
        metavar="N",
        help="rehearse on a clone filled with N rows per table instead of the snapshot",
    )
    size.add_argument(
        "--scale",
        choices=["production"],
        help="fill a clone to the statistics' row counts, or measure at three smaller sizes "
        "and project to them when that is beyond --budget",
    )
    parser.add_argument(
        "--budget",
        type=_seconds,
        default=120.0,
        metavar="SECONDS",
        help="with --scale production: the longest the largest fill may take, by the "
        "estimate (default: 120 s)",
    )
    parser.add_argument(
        "--lock-threshold",
        type=_seconds,
        default=1.0,
        metavar="SECONDS",
        help="a lock that blocks reads or writes held longer is a finding (default: 1 s)",
    )
    parser.add_argument(
        "--timeout",
        type=_seconds,
        default=600.0,
        metavar="SECONDS",
        help="statement timeout on the clone (default: 600 s)",
    )
    parser.add_argument(
        "--no-pending",
        action="store_true",
        help="leave out the project's migrations the snapshot lacks",
    )


@command(
    "rehearse",
    "apply migrations on a throwaway clone of the snapshot and measure each statement: time, "
    "locks, rewrites, index builds, rows, WAL; findings with their safe rewrite",
    _rehearse_setup,
)
def cmd_rehearse(args: argparse.Namespace) -> Result:
    if args.timeout <= 0:
        raise UsageError("--timeout must be more than 0 seconds.")
    engine = engine_for(args)
    return _reported(
        args,
        lambda printer: engine.rehearse(
            args.files,
            rows=args.rows,
            scale=args.scale,
            budget=args.budget,
            lock_threshold=args.lock_threshold,
            timeout=args.timeout,
            include_pending=not args.no_pending,
            on_event=printer,
        ),
    )


def _reported(args: argparse.Namespace, run: Callable[[ProgressPrinter], Any]) -> Result:
    """Run a rehearsal with progress on stderr; its text (or Markdown, or JSON) and exit 4
    when the migration failed or a finding is an error."""
    printer = ProgressPrinter(stream=sys.stderr, as_json=False, live=is_terminal(sys.stderr))
    try:
        result = run(printer)
    finally:
        printer.finish()
    data = result.to_dict()
    errors = result.failed or any(f["severity"] == "error" for f in data["findings"])
    text = result.markdown() if args.markdown else result.text()
    return Result(data, text, exit_code=EXIT_PROBLEMS if errors else EXIT_OK)


def _explain_setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "queries",
        nargs="+",
        metavar="QUERY",
        help="SQL text of a query, or a .sql file of queries (never run, only planned)",
    )
    parser.add_argument(
        "--after",
        nargs="+",
        default=[],
        metavar="MIGRATION",
        help="plan again after these migration files (and the project's pending ones)",
    )
    parser.add_argument(
        "--markdown", action="store_true", help="print the Markdown report (for a pull request)"
    )
    parser.add_argument(
        "--no-pending",
        action="store_true",
        help="with --after: leave out the project's migrations the snapshot lacks",
    )
    parser.add_argument(
        "--rows",
        type=int,
        metavar="N",
        help="plan on a clone filled with N rows per table (its real page counts)",
    )


@command(
    "explain",
    "query plans on a throwaway clone with production's statistics loaded; with --after, "
    "before and after a migration, side by side",
    _explain_setup,
)
def cmd_explain(args: argparse.Namespace) -> Result:
    engine = engine_for(args)
    return _reported(
        args,
        lambda printer: engine.explain(
            args.queries,
            after=args.after,
            rows=args.rows,
            include_pending=not args.no_pending,
            query_files=True,
            on_event=printer,
        ),
    )
