"""Commands on the schema and its data: schema, estimate, generate, classify, check, dist,
stats."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from workbench.cli.base import (
    EMPTY_ON_PURPOSE,
    EXIT_OK,
    EXIT_PROBLEMS,
    Result,
    cancel_on_sigterm,
    checked_rows,
    command,
    empty_on_purpose,
    engine_for,
    interactive,
    require_yes,
    rows_flag,
    yes_flag,
)
from workbench.cli.render import ProgressPrinter, is_terminal
from workbench.cli.text import (
    check_text,
    classify_text,
    dist_text,
    estimate_text,
    generated_text,
    scrub_text,
)
from workbench.errors import UsageError
from workbench.events import Warning
from workbench.printable import printable

if TYPE_CHECKING:
    from workbench.engine import Engine
    from workbench.schema.model import Schema


@command("schema", "the schema model read from schema.sql: tables, columns, keys")
def cmd_schema(args: argparse.Namespace) -> Result:
    from workbench.schema.render import schema_to_json, schema_to_text

    schema = engine_for(args).schema()
    return _unread(Result(schema_to_json(schema), schema_to_text(schema, printable)), schema)


@command("estimate", "rows, bytes and seconds per table, from schema and config alone", rows_flag)
def cmd_estimate(args: argparse.Namespace) -> Result:
    engine = engine_for(args)
    est = engine.estimate(rows=checked_rows(args)).to_dict()
    return _unread(Result(est, estimate_text(est)), engine.schema(), "estimate")


def _unread(result: Result, schema: Schema, what: str = "") -> Result:
    """Statements of schema.sql the workbench could not read leave the model (and a plan made
    from it) short of what they define: each is named on stderr, and the command exits 4, so
    a CI step on `schema` or `estimate` does not pass a file it only partly read."""
    if not schema.errors:
        return result
    for error in schema.errors if what else ():  # (`schema` lists them on stdout)
        print(printable(f"workbench: warning: could not read {error.reason}"), file=sys.stderr)
    left = f" and left out of this {what}" if what else ""
    print(
        f"workbench: warning: {len(schema.errors)} statement(s) of schema.sql could not be "
        f"read{left} (exit 4); PostgreSQL decides whether the file loads: `workbench "
        "generate` runs it and, when it fails, keeps the sandbox as it was.",
        file=sys.stderr,
    )
    if isinstance(result.data, dict) and "errors" not in result.data:
        result.data["errors"] = [
            {"kind": e.kind, "file": e.source.file, "line": e.source.line, "message": e.reason}
            for e in schema.errors
        ]
    result.exit_code = EXIT_PROBLEMS
    return result


def _generate_setup(parser: argparse.ArgumentParser) -> None:
    rows_flag(parser)
    parser.add_argument("--seed", type=int, metavar="N", help="random seed (default: config)")
    yes_flag(parser)
    parser.add_argument(
        "--resume",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="continue an interrupted run from its first incomplete table (default: on)",
    )
    parser.add_argument(
        "--csv", metavar="DIR", help="write the rows as CSV files into DIR; no database is used"
    )


@command(
    "generate",
    "create the tables from schema.sql and fill them with synthetic rows (--json: JSON lines)",
    _generate_setup,
)
def cmd_generate(args: argparse.Namespace) -> Result:
    rows = checked_rows(args)
    engine = engine_for(args)
    as_json = getattr(args, "json", False)
    if args.csv is not None:  # `--csv ""` (an unset $OUT) must not fall through to the database
        if not args.csv.strip():
            raise UsageError("--csv needs a folder to write the CSV files into, got an empty name.")
        return _generate_csv(engine, args, rows)
    if not args.yes:
        engine.require("write", "generate")
        what = f"This replaces the contents of the sandbox database {engine.config.sandbox.name!r}"
        if interactive() and not as_json:  # show what would be written before asking
            est = engine.estimate(rows=rows).to_dict()
            print(printable(estimate_text(est), multiline=True), file=sys.stderr)
            what += f" with {est['total']['rows']:,} generated rows"
        if rows == 0:
            what += f" ({EMPTY_ON_PURPOSE})"
        require_yes(args, what + ".")
    # Progress: JSON lines on stdout with --json; otherwise on stderr, live on a terminal.
    printer = ProgressPrinter(
        stream=sys.stdout if as_json else sys.stderr,
        as_json=as_json,
        live=not as_json and is_terminal(sys.stderr),
    )
    if rows == 0:
        printer(Warning(EMPTY_ON_PURPOSE))
    try:
        with cancel_on_sigterm() as cancel:
            result = engine.generate(
                rows=rows, seed=args.seed, on_event=printer, cancel=cancel, resume=args.resume
            )
    finally:
        printer.finish()
    data, text = empty_on_purpose(rows, {"event": "Done", **result}, generated_text(result))
    return Result(data, text, compact=True)


def _generate_csv(engine: Engine, args: argparse.Namespace, rows: int | None) -> Result:
    from pathlib import Path

    out_dir = Path(args.csv).expanduser().absolute()
    seed = engine.config.sandbox.seed if args.seed is None else args.seed
    written = engine.write_csv(out_dir, rows=rows, seed=seed)
    data: dict[str, Any] = {"event": "Done", "csv_dir": str(out_dir), "seed": seed}
    if isinstance(written, dict):
        data.update(written)
    elif written is not None:
        data["files"] = [str(p) for p in written]
    return Result(data, f"CSV files written to {out_dir}", compact=True)


def _sample_setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("table", metavar="TABLE", help="e.g. orders or public.orders")
    parser.add_argument("--limit", type=int, default=10, help="rows to show (1–100, default 10)")


@command("sample", "a few rows of one table of the sandbox, read only", _sample_setup)
def cmd_sample(args: argparse.Namespace) -> Result:
    from workbench.cli.render import table

    if not 1 <= args.limit <= 100:
        raise UsageError(f"--limit must be between 1 and 100, got {args.limit}.")
    data = engine_for(args).rows.sample(args.table, args.limit)
    text = table(data["columns"], data["rows"])
    return Result(data, f"{printable(data['table'])}\n{text}")


def _classify_setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--write",
        action="store_true",
        help="record every unrecorded decision in sandbox.toml (it becomes the policy)",
    )


@command(
    "classify", "the generator decided for every column, declared or inferred", _classify_setup
)
def cmd_classify(args: argparse.Namespace) -> Result:
    engine = engine_for(args)
    before = {(i["table"], i["column"]) for i in engine.classify() if i["recorded"]}
    items = engine.classify(write=args.write)
    written = [
        f"{i['table']}.{i['column']}"
        for i in items
        if i["recorded"] and (i["table"], i["column"]) not in before
    ]
    text = classify_text(items)
    if args.write:
        text += f"\n\n{len(written)} decision(s) recorded in {engine.config.path}"
    return Result({"columns": items, "written": written}, text)


@command("check", "CI gate: exit 4 when a column of schema.sql has no recorded decision")
def cmd_check(args: argparse.Namespace) -> Result:
    report = engine_for(args).check()
    return Result(report, check_text(report), EXIT_OK if report["ok"] else EXIT_PROBLEMS)


def _dist_setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("column", metavar="TABLE.COLUMN", help="e.g. orders.status")
    parser.add_argument("--bins", type=int, default=20, help="bars or buckets (default 20)")


@command("dist", "planned vs actual distribution of one column, as a terminal chart", _dist_setup)
def cmd_dist(args: argparse.Namespace) -> Result:
    from workbench.distribution.review import resolve_column

    if args.bins < 1:
        raise UsageError(f"--bins must be 1 or more, got {args.bins}.")
    engine = engine_for(args)
    table, column = resolve_column(engine.schema(), args.column)
    dist = engine.distributions.of(table.qualified, column, bins=args.bins).to_dict()
    return Result(dist, dist_text(dist))


def _stats_setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "action",
        choices=("query", "scrub"),
        help="query: the SQL script for servers older than 18; scrub: remove personal "
        "columns' values",
    )
    parser.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help="scrub: the statistics file (default: [sandbox] statistics, else schema.sql)",
    )
    parser.add_argument("--in-place", action="store_true", help="scrub: rewrite FILE itself")
    parser.add_argument(
        "--output",
        "-o",
        metavar="PATH",
        help="scrub: where to write (default: NAME.scrubbed.sql beside FILE)",
    )


@command("stats", "optimizer statistics that shape the sandbox: query script, privacy scrub",
         _stats_setup)  # fmt: skip
def cmd_stats(args: argparse.Namespace) -> Result:
    from pathlib import Path

    if args.action == "query":
        if args.file or args.in_place or args.output:
            raise UsageError("stats query takes no FILE, --in-place or --output.")
        from workbench.stats.query import statistics_query_script

        script = statistics_query_script()
        return Result({"script": script}, script.rstrip("\n"))
    from workbench.generate.plan.personal import personal_columns
    from workbench.stats.scrub import default_source, scrub_file, scrubbed_name

    if args.in_place and args.output:
        raise UsageError("stats scrub: --in-place and --output exclude each other.")
    engine = engine_for(args)
    given = Path(args.file).absolute() if args.file else default_source(engine.config)
    # Every path through the one check: a committed `stats.sql -> ../.workbench/pgpass` or a
    # symlinked folder leading out of the checkout is refused before anything is read or made.
    source = engine.checked_path(given)
    named = Path(args.output).absolute() if args.output else None
    if args.in_place:
        named = given
    output = engine.checked_path(named or scrubbed_name(given), writing=True)
    personal = set(personal_columns(engine.schema(), engine.config))
    report = scrub_file(personal, source, output=output, in_place=args.in_place)
    paths = engine.config.statistics_path, engine.config.schema_path
    return Result(report.to_dict(), scrub_text(report, *paths))
