"""The `workbench` command line: every engine operation as a subcommand, `--json` everywhere.

Exit codes: 0 ok, 1 failed, 2 bad usage or config, 3 refused by the guard or by capabilities,
4 doctor or check found problems. Errors are one paragraph on stderr, never a traceback, with
the sandbox's secrets removed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from workbench.errors import UsageError, WorkbenchError
from workbench.redact import looks_like_dsn, redact, remember

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_REFUSED, EXIT_PROBLEMS = 0, 1, 2, 3, 4


@dataclass
class Result:
    """What a command produced: data for --json, text for people, and the exit code."""

    data: Any
    text: str = ""
    exit_code: int = EXIT_OK
    compact: bool = False  # --json: one line (the last of a JSON-lines stream)
    silent: bool = False  # nothing to print (e.g. `workbench mcp`, whose stdout is the protocol)


# The words of the command line being parsed: argparse quotes a stray word in its errors, and
# one that looks like a connection string is never quoted back.
_ARGV: list[str] = []


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        for word in sorted(_ARGV, key=len, reverse=True):
            if looks_like_dsn(word):
                message = message.replace(word, "<a connection string, not shown>")
        message = redact(message)
        self.exit(EXIT_USAGE, f"workbench: bad usage: {message} (see `{self.prog} --help`).\n")


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--config",
        metavar="PATH",
        default=argparse.SUPPRESS,
        help="sandbox.toml to use (default: ./sandbox.toml)",
    )
    parser.add_argument(
        "--json", action="store_true", default=argparse.SUPPRESS, help="machine-readable output"
    )
    parser.add_argument(
        "--dsn",
        metavar="DSN",
        default=argparse.SUPPRESS,
        help="must equal sandbox.toml's DSN (a check, never an override)",
    )


_COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None] | None]] = {}
_HANDLERS: dict[str, Callable[[argparse.Namespace], Result]] = {}


def command(
    name: str, help_text: str, setup: Callable[[argparse.ArgumentParser], None] | None = None
):
    def register(func: Callable[[argparse.Namespace], Result]):
        _COMMANDS[name] = (help_text, setup)
        _HANDLERS[name] = func
        return func

    return register


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="workbench",
        description="A PostgreSQL sandbox you can break: schema tree, estimate, synthetic data, "
        "one-step reset — only ever on the database sandbox.toml declares.",
    )
    _common(parser)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, (help_text, setup) in _COMMANDS.items():
        sub = subparsers.add_parser(name, help=help_text, description=help_text)
        _common(sub)
        if setup is not None:
            setup(sub)
    return parser


def _engine(args: argparse.Namespace):
    from workbench.engine import Engine

    engine = Engine(getattr(args, "config", None), cli_dsn=getattr(args, "dsn", None))
    args._engine = engine
    return engine


def _require_yes(args: argparse.Namespace, what: str) -> None:
    """Destructive commands need --yes; on a terminal we ask, without one we refuse at once."""
    if getattr(args, "yes", False):
        return
    if sys.stdin.isatty() and sys.stdout.isatty() and not getattr(args, "json", False):
        answer = input(f"{what} Continue? [y/N] ").strip().lower()
        if answer in ("y", "yes"):
            return
        raise UsageError("Not confirmed; nothing was changed.")
    raise UsageError(f"{what} Pass --yes to confirm (no terminal to ask on).")


def _yes(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--yes", "-y", action="store_true", help="confirm without asking")


def _status_text(status: dict[str, Any]) -> str:
    lines = [f"sandbox   {status['target']}"]
    if status["embedded"]:
        lines.append(f"server    {'running' if status['server_running'] else 'stopped'}")
    if status["database_exists"]:
        marker = "marked" if status["marked"] else "NOT marked"
        lines.append(f"database  exists, {marker}, {status['user_tables']} user table(s)")
    elif status["embedded"] and not status["server_running"]:
        # Not looked at: a stopped (or killed) server says nothing about its databases.
        lines.append("database  unknown: the embedded server is not running (run `workbench up`)")
    else:
        lines.append("database  does not exist (run `workbench up`)")
    return "\n".join(lines)


# --- commands ---------------------------------------------------------------------------------


@command("up", "start the embedded cluster if needed and create the sandbox database")
def cmd_up(args: argparse.Namespace) -> Result:
    status = _engine(args).up().to_dict()
    return Result(status, _status_text(status))


@command("down", "drop the sandbox database", _yes)
def cmd_down(args: argparse.Namespace) -> Result:
    engine = _engine(args)
    _require_yes(args, f"This drops the sandbox database {engine.config.sandbox.name!r}.")
    dropped = engine.down()
    text = "sandbox database dropped" if dropped else "sandbox database did not exist"
    return Result({"dropped": dropped}, text)


@command("status", "show the sandbox: target, server, database")
def cmd_status(args: argparse.Namespace) -> Result:
    status = _engine(args).status().to_dict()
    return Result(status, _status_text(status))


def _doctor_text(checks: list[dict[str, Any]]) -> str:
    width = max((len(c["name"]) for c in checks), default=0)
    lines = []
    for check in checks:
        line = f"{check['status'].upper():4}  {check['name']:<{width}}  {check['message']}"
        if check["fix"]:
            line += f"\n      {'':<{width}}  fix: {check['fix']}"
        lines.append(line)
    return "\n".join(lines)


@command("doctor", "read-only health checks, each pass/warn/fail with a fix")
def cmd_doctor(args: argparse.Namespace) -> Result:
    checks = _engine(args).doctor()
    failed = any(c["status"] == "fail" for c in checks)
    return Result(
        {"checks": checks, "ok": not failed},
        _doctor_text(checks),
        EXIT_PROBLEMS if failed else EXIT_OK,
    )


@command("env", "print the sandbox URL for the application under test (export DATABASE_URL=…)")
def cmd_env(args: argparse.Namespace) -> Result:
    engine = _engine(args)
    engine.ensure_server()
    info = engine.database_url()
    if info.get("from_env"):
        text = f'export DATABASE_URL="${{{info["from_env"]}}}"'
    else:
        text = f"export DATABASE_URL='{info['database_url']}'"
    return Result(info, text)


def _server_setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=("start", "stop", "status", "rebuild"))
    _yes(parser)


@command("server", "start, stop, inspect or rebuild the embedded PostgreSQL cluster", _server_setup)
def cmd_server(args: argparse.Namespace) -> Result:
    engine = _engine(args)
    if not engine.embedded:
        raise UsageError(
            'sandbox.toml does not use the embedded cluster (sandbox.dsn is not "embedded"), '
            "so there is no server for the workbench to manage."
        )
    server = engine.server
    if args.action == "start":
        server.start()
    elif args.action == "stop":
        server.stop()
    elif args.action == "rebuild":
        engine.require("reset", "workbench server rebuild")
        _require_yes(
            args,
            "This deletes the sandbox's embedded cluster (every database in it, the snapshot "
            "included) and makes a new one with the binaries chosen now.",
        )
        server.rebuild()
        engine.up()
    status = server.status()
    state = "running" if status["running"] else "stopped"
    where = f" on {status['host']}:{status['port']}" if status["port"] else ""
    lines = [f"embedded PostgreSQL {status['version'] or ''} {state}{where}".replace("  ", " ")]
    lines += _binaries_lines(status["binaries"])
    return Result(status, "\n".join(lines))


def _binaries_lines(info: dict[str, Any]) -> list[str]:
    lines = []
    if info.get("cluster"):
        made = info["cluster"]
        lines.append(f"cluster   made by PostgreSQL {made['version']} in {made['bindir']}")
        if info.get("runs_from") and info["runs_from"] != made["bindir"]:
            lines.append(f"          runs from the copy in {info['runs_from']}")
    if info.get("resolved"):
        res = info["resolved"]
        lines.append(f"binaries  PostgreSQL {res['version']} in {res['bindir']}")
        lines.append(f"          why: {res['reason']}")
        for item in res["looked_at"]:
            if item["outcome"] != "chosen":
                lines.append(f"          passed over: {item['where']}: {item['reason']}")
    if info.get("error"):
        lines.append(f"binaries  {info['error']}")
    if info.get("rebuild"):
        lines.append(f"REBUILD   {info['rebuild']}")
    return lines


# --- headless: schema, estimate, generate, policy, distributions, MCP, TUI --------------------


def _interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _rows_seed(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rows", type=int, metavar="N", help="rows per table (default: config)")


def _check_rows(args: argparse.Namespace) -> int | None:
    rows = getattr(args, "rows", None)
    if rows is not None and rows < 0:
        raise UsageError(f"--rows must be 0 or more, got {rows}.")
    return rows


@command("schema", "the schema model read from schema.sql: tables, columns, keys")
def cmd_schema(args: argparse.Namespace) -> Result:
    from workbench.schema.render import schema_to_json, schema_to_text

    schema = _engine(args).schema()
    return Result(schema_to_json(schema), schema_to_text(schema))


def _estimate_text(est: dict[str, Any]) -> str:
    from workbench.render import human_bytes, human_seconds, table

    rows = [
        (
            t["name"],
            f"{t['from_schema_sql']:,} from schema.sql"
            if t.get("from_schema_sql")
            else f"{t['rows']:,}",
            human_bytes(t["bytes"]),
            human_seconds(t["seconds"]),
        )
        for t in est["tables"]
    ]
    total = est["total"]
    rows.append(
        (
            "total",
            f"{total['rows']:,}",
            human_bytes(total["bytes"]),
            human_seconds(total["seconds"]),
        )
    )
    return table(("table", "rows", "size", "time"), rows, right={1, 2, 3})


@command("estimate", "rows, bytes and seconds per table, from schema and config alone", _rows_seed)
def cmd_estimate(args: argparse.Namespace) -> Result:
    est = _engine(args).estimate(rows=_check_rows(args)).to_dict()
    return Result(est, _estimate_text(est))


def _generate_setup(parser: argparse.ArgumentParser) -> None:
    _rows_seed(parser)
    parser.add_argument("--seed", type=int, metavar="N", help="random seed (default: config)")
    _yes(parser)
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
    from workbench.render import ProgressPrinter, is_terminal

    rows = _check_rows(args)
    engine = _engine(args)
    as_json = getattr(args, "json", False)
    if args.csv:
        return _generate_csv(engine, args, rows)
    if not args.yes:
        engine.require("write", "generate")
        what = f"This replaces the contents of the sandbox database {engine.config.sandbox.name!r}"
        if _interactive() and not as_json:  # show what would be written before asking
            est = engine.estimate(rows=rows).to_dict()
            print(_estimate_text(est), file=sys.stderr)
            what += f" with {est['total']['rows']:,} generated rows"
        _require_yes(args, what + ".")
    # Progress: JSON lines on stdout with --json; otherwise on stderr, live on a terminal.
    printer = ProgressPrinter(
        stream=sys.stdout if as_json else sys.stderr,
        as_json=as_json,
        live=not as_json and is_terminal(sys.stderr),
    )
    try:
        result = engine.generate(rows=rows, seed=args.seed, on_event=printer, resume=args.resume)
    finally:
        printer.finish()
    text = (
        f"generated {result['rows']:,} rows in {result['tables']} table(s) in "
        f"{result['seconds']:.1f} s (seed {result['seed']}"
        + (", resumed" if result.get("resumed") else "")
        + ")"
    )
    return Result({"event": "Done", **result}, text, compact=True)


def _generate_csv(engine: Any, args: argparse.Namespace, rows: int | None) -> Result:
    from pathlib import Path

    from workbench.generate.csv_out import write_csv

    out_dir = Path(args.csv).expanduser().absolute()
    seed = engine.config.sandbox.seed if args.seed is None else args.seed
    written = write_csv(
        engine.schema(),
        engine.plan(rows=rows),
        engine.config,
        out_dir,
        seed=seed,
        parsed=engine.parsed(),
    )
    data: dict[str, Any] = {"event": "Done", "csv_dir": str(out_dir), "seed": seed}
    if isinstance(written, dict):
        data.update(written)
    elif written is not None:
        data["files"] = [str(p) for p in written]
    return Result(data, f"CSV files written to {out_dir}", compact=True)


def _classify_setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--write",
        action="store_true",
        help="record every unrecorded decision in sandbox.toml (it becomes the policy)",
    )


def _classify_text(items: list[dict[str, Any]]) -> str:
    from workbench.render import table

    rows = [
        (
            f"{i['table']}.{i['column']}",
            "—" if i.get("from_schema_sql") else i["generator"],
            "from schema.sql"
            if i.get("from_schema_sql")
            else ("declared" if i["declared"] else ("recorded" if i["recorded"] else "inferred")),
            f"{i['from_schema_sql']:,} rows from schema.sql, loaded as they are"
            if i.get("from_schema_sql")
            else i["reason"],
        )
        for i in items
    ]
    return table(("column", "generator", "source", "why"), rows)


@command(
    "classify", "the generator decided for every column, declared or inferred", _classify_setup
)
def cmd_classify(args: argparse.Namespace) -> Result:
    engine = _engine(args)
    before = {(i["table"], i["column"]) for i in engine.classify() if i["recorded"]}
    items = engine.classify(write=args.write)
    written = [
        f"{i['table']}.{i['column']}"
        for i in items
        if i["recorded"] and (i["table"], i["column"]) not in before
    ]
    text = _classify_text(items)
    if args.write:
        text += f"\n\n{len(written)} decision(s) recorded in {engine.config.path}"
    return Result({"columns": items, "written": written}, text)


def _check_text(report: dict[str, Any]) -> str:
    if report["ok"]:
        return f"ok: all {report['columns']} column(s) have a recorded decision"
    exposed = report.get("personal_statistics") or []
    lines = []
    if exposed:
        lines.append(f"{len(exposed)} personal column(s) whose statistics carry real values:")
        lines += [f"  {e['table']}.{e['column']}: {', '.join(e['keys'])} at {e['source']}"
                  for e in exposed]  # fmt: skip
        lines.append("Run `workbench stats scrub` to write the file without them.")
        if not report["problems"]:
            return "\n".join(lines)
    lines.append(f"{len(report['problems'])} column(s) without a recorded decision:")
    for p in report["problems"]:
        ref = f"{p['table']}.{p['column']}"
        if p["problem"] == "unrecorded":
            entry = ", ".join(f"{k} = {json.dumps(v)}" for k, v in p["suggested"].items())
            lines.append(f"  {ref}: suggested {entry}  ({p['reason']})")
        else:
            lines.append(f"  {ref}: {p['message']}")
    lines.append("Review them, then run `workbench classify --write` to record the suggestions.")
    return "\n".join(lines)


@command("check", "CI gate: exit 4 when a column of schema.sql has no recorded decision")
def cmd_check(args: argparse.Namespace) -> Result:
    report = _engine(args).check()
    return Result(report, _check_text(report), EXIT_OK if report["ok"] else EXIT_PROBLEMS)


def _dist_setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("column", metavar="TABLE.COLUMN", help="e.g. orders.status")
    parser.add_argument("--bins", type=int, default=20, help="bars or buckets (default 20)")


@command("dist", "planned vs actual distribution of one column, as a terminal chart", _dist_setup)
def cmd_dist(args: argparse.Namespace) -> Result:
    from workbench.distribution import resolve_column

    if args.bins < 1:
        raise UsageError(f"--bins must be 1 or more, got {args.bins}.")
    engine = _engine(args)
    table, column = resolve_column(engine.schema(), args.column)
    dist = engine.distribution(table.qualified, column, bins=args.bins).to_dict()
    return Result(dist, _dist_text(dist))


def _mostly_distinct(actual: dict[str, Any]) -> bool:
    counts = actual.get("counts") or []
    return actual.get("distinct", 0) > 2 * max(len(counts), 1) and max(counts, default=0) <= 2


def _dist_text(d: dict[str, Any]) -> str:
    from workbench.render import bar_chart, is_terminal, legend, terminal_width

    color = is_terminal(sys.stdout)
    width = min(terminal_width(), 100)
    ref = f"{d['table']}.{d['column']}"
    source = "declared" if d["declared"] else "inferred"
    lines = [f"{ref}  {d['kind']}  generator {d['generator']} ({source})  {d['rows']:,} rows"]
    if not d["generated"]:
        lines.append("not generated yet: planned values only (run `workbench generate`)")
    actual, planned = d["actual"], d["planned"]
    if d["kind"] == "category" and d["generated"] and _mostly_distinct(actual):
        # Emails, names, SKUs: a bar per value says nothing; the cardinality does.
        lines.append(
            f"{actual['distinct']:,} distinct values; the most frequent appears "
            f"{max(actual['counts'], default=0):,} time(s). Examples: "
            + ", ".join(str(v) for v in actual["values"][:5])
        )
    elif d["kind"] == "category" and d["generated"]:
        labels = list(actual["values"])
        total = sum(actual["counts"]) + actual["other"] or 1
        shares = [c / total for c in actual["counts"]]
        plan_share = None
        if planned.get("values"):
            weights = dict(zip(planned["values"], planned["weights"], strict=True))
            plan_share = [weights.get(v, 0.0) for v in labels]
        lines.append(bar_chart(labels, shares, plan_share, width=width, color=color))
        lines.append(legend(plan_share is not None) + f"   ({actual['distinct']:,} distinct)")
    elif d["kind"] == "category" and planned.get("values"):
        lines.append(bar_chart(planned["values"], planned["weights"], width=width, color=color))
    elif d["kind"] in ("numeric", "date") and d["generated"] and actual.get("bins"):
        labels = [str(b["low"])[:10] for b in actual["bins"]]
        counts = [b["count"] for b in actual["bins"]]
        lines.append(bar_chart(labels, counts, width=width, color=color))
        lines.append(f"min {actual['min']}  mean {actual['mean']}  max {actual['max']}")
    if planned.get("range"):
        lines.append(f"planned range {planned['range'][0]} … {planned['range'][1]}")
    children = d.get("children")
    if children:
        lines.append(f"children per parent ({children['parent']}):")
        hist = children.get("histogram") or []
        if hist:
            labels = [str(h["children"]) for h in hist]
            counts = [h["parents"] for h in hist]
            planned_hist = children.get("planned_histogram")
            plan_counts = None
            if planned_hist:
                by_k = {h["children"]: h["parents"] for h in planned_hist}
                plan_counts = [by_k.get(h["children"], 0) for h in hist]
            lines.append(bar_chart(labels, counts, plan_counts, width=width, color=color))
            lines.append(legend(plan_counts is not None))
            lines.append(
                f"parents {children['parents']:,}  mean {children['mean']}  max {children['max']}"
            )
        if children.get("planned"):
            spec = ", ".join(f"{k}={v}" for k, v in children["planned"].items() if v is not None)
            lines.append(f"planned: {spec}")
    nulls = d["nulls"]
    actual_null = "-" if nulls["actual"] is None else f"{nulls['actual']:.1%}"
    lines.append(f"nulls: planned {nulls['planned']:.1%}, actual {actual_null}")
    return "\n".join(lines)


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
        help="scrub: where to write (default: FILE.scrubbed.sql beside it)",
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
    from workbench.stats.scrub import default_source, scrub_file

    if args.in_place and args.output:
        raise UsageError("stats scrub: --in-place and --output exclude each other.")
    engine = _engine(args)
    source = Path(args.file).absolute() if args.file else default_source(engine.config)
    output = Path(args.output).absolute() if args.output else None
    report = scrub_file(
        engine.config, engine.schema(), source, output=output, in_place=args.in_place
    )
    lines = [f"{report.output}: written from {report.source}"]
    lines += [f"  removed values of personal column {item}" for item in report.scrubbed]
    if not report.scrubbed:
        lines.append("  no personal column carried values: the file is unchanged in content")
    elif report.output != engine.config.statistics_path:
        lines.append(f"Point [sandbox] statistics at {report.output.name} to use it.")
    return Result(report.to_dict(), "\n".join(lines))


@command("mcp", "serve the sandbox to AI agents: a Model Context Protocol server over stdio")
def cmd_mcp(args: argparse.Namespace) -> Result:
    from workbench.mcp_server import serve

    serve(_engine(args))
    return Result(None, silent=True)


@command("tui", "open the terminal UI")
def cmd_tui(args: argparse.Namespace) -> Result:
    if not _interactive():
        raise UsageError("the TUI needs a terminal; use the headless commands (see --help).")
    from workbench.screens.app import run

    run(getattr(args, "config", None))
    return Result(None, silent=True)


def _summary(args: argparse.Namespace) -> Result:
    """`workbench` without a terminal: where the sandbox stands and what to run next."""
    engine = _engine(args)
    data: dict[str, Any] = {"config": str(engine.config.path), "status": engine.status().to_dict()}
    try:
        schema = engine.schema()
        data["schema"] = {
            "file": str(engine.config.schema_path),
            "tables": len(schema.tables),
            "columns": sum(len(t.columns) for t in schema.tables.values()),
        }
    except WorkbenchError as err:
        data["schema"] = {"file": str(engine.config.schema_path), "error": str(err)}
    data["commands"] = sorted(_COMMANDS)
    schema_line = (
        f"schema    {data['schema']['tables']} table(s), {data['schema']['columns']} column(s)"
        if "tables" in data["schema"]
        else f"schema    {data['schema']['error']}"
    )
    if data["status"]["user_tables"]:
        hint = 'workbench reset --yes  ·  eval "$(workbench env)"  ·  workbench dist TABLE.COLUMN'
    else:
        hint = "workbench estimate  ·  workbench generate --yes  ·  workbench --help"
    text = "\n".join([_status_text(data["status"]), schema_line, f"next      {hint}"])
    return Result(data, text)


_HANDLERS["summary"] = _summary


# --- lifecycle: reset, snapshot, lease, evidence (workbench/lifecycle.py) ---------------------


def _reset_setup(parser: argparse.ArgumentParser) -> None:
    _yes(parser)
    parser.add_argument(
        "--full",
        action="store_true",
        help="skip the snapshot: drop, create, apply schema.sql and migrations, generate",
    )
    parser.add_argument("--rows", type=int, metavar="N", help="rows per table (full path)")
    parser.add_argument("--seed", type=int, metavar="N", help="random seed (full path)")


def _progress(args: argparse.Namespace) -> Any:
    """Progress: with --json, JSON lines on stdout (the result is the last, "Done" line);
    otherwise plain lines on stderr, redrawn in place on a terminal."""
    from workbench.render import ProgressPrinter, is_terminal

    if getattr(args, "json", False):
        return ProgressPrinter(stream=sys.stdout, as_json=True)
    return ProgressPrinter(stream=sys.stderr, as_json=False, live=is_terminal(sys.stderr))


@command(
    "reset",
    "return the sandbox to its snapshot (fast) or rebuild it from schema.sql (full); verified",
    _reset_setup,
)
def cmd_reset(args: argparse.Namespace) -> Result:
    rows = _check_rows(args)
    engine = _engine(args)
    engine.require("reset", "reset")
    _require_yes(
        args,
        f"This replaces the sandbox database {engine.config.sandbox.name!r} and ends other "
        "clients' sessions on it.",
    )
    printer = _progress(args)
    try:
        result = engine.reset(on_event=printer, full=args.full, rows=rows, seed=args.seed)
    finally:
        printer.finish()
    text = (
        f"reset ({result['path']}) in {result['seconds']:.2f} s: schema fingerprint "
        f"{result['fingerprints']['database'][:12]} verified against schema.sql; snapshot "
        f"{result['snapshot_id']}"
    )
    if result.get("connections_ended"):
        text += f"; ended {result['connections_ended']} other session(s)"
    if result.get("recovery"):
        text += f"; recovered in {result['recovery']['seconds']:.1f} s after a failed run"
    return Result({"event": "Done", **result}, text, compact=True)


@command("snapshot", "keep the sandbox's current state as the snapshot the next reset clones")
def cmd_snapshot(args: argparse.Namespace) -> Result:
    engine = _engine(args)
    printer = _progress(args)
    try:
        result = engine.snapshot(on_event=printer)
    finally:
        printer.finish()
    text = f"snapshot {result['snapshot_id']} taken in {result['seconds']:.2f} s"
    if not result["matches_schema"]:
        text += " (its schema differs from schema.sql: reset will not use it)"
    return Result({"event": "Done", **result}, text, compact=True)


_LEASE_ORDER = (
    "sandbox_id", "run_id", "database", "target", "built_by", "created", "expires", "lifetime",
    "capabilities", "git_revision", "git_dirty", "schema_file", "schema_file_hash",
    "schema_fingerprint", "database_fingerprint", "migrations_hash", "seed", "seed_source",
    "rows", "config_hash", "snapshot_id",
)  # fmt: skip


@command("lease", "show the sandbox's lease: identity, provenance, capabilities, expiry")
def cmd_lease(args: argparse.Namespace) -> Result:
    lease = _engine(args).lease()
    if lease is None:
        return Result(
            {"lease": None},
            "no lease yet: `workbench generate` or `workbench reset` writes one",
        )
    width = max(len(k) for k in _LEASE_ORDER)
    lines = []
    for key in _LEASE_ORDER:
        value = lease.get(key)
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        if key == "expires" and lease.get("expired"):
            value = f"{value} (EXPIRED)"
        lines.append(f"{key:<{width}}  {'-' if value is None else value}")
    return Result(lease, "\n".join(lines))


def _evidence_setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--limit", type=int, default=20, metavar="N", help="runs to list")
    parser.add_argument("--run", metavar="ID", help="every record of one run (an id prefix)")


def _evidence_text(runs: list[dict[str, Any]]) -> str:
    if not runs:
        return "no runs recorded yet (.workbench/evidence.jsonl)"
    lines = []
    for run in runs:
        seconds = "-" if run["seconds"] is None else f"{run['seconds']:.2f}s"
        phases = ", ".join(
            p["phase"] + ("" if p.get("outcome") == "ok" else f" [{p.get('outcome')}]")
            for p in run["phases"]
        )
        line = (
            f"{run['started'][:19]}  {run['run_id']}  {run['command']:<9} "
            f"{run['outcome']:<11} {seconds:>8}  {phases}"
        )
        if run.get("error"):
            line += f"\n    error: {run['error'].splitlines()[0]}"
        if run.get("recovery"):
            rec = run["recovery"]
            line += f"\n    recovered in {rec['seconds']:.1f} s from run {rec['from_run']}"
        lines.append(line)
    return "\n".join(lines)


@command("evidence", "list recent runs from .workbench/evidence.jsonl", _evidence_setup)
def cmd_evidence(args: argparse.Namespace) -> Result:
    engine = _engine(args)
    if args.run:
        records = engine.evidence(run_id=args.run)
        if not records:
            raise UsageError(f"no run with an id starting {args.run!r} in the evidence.")
        text = "\n".join(json.dumps(r, sort_keys=True) for r in records)
        return Result({"records": records}, text)
    if args.limit < 1:
        raise UsageError(f"--limit must be 1 or more, got {args.limit}.")
    runs = engine.evidence(limit=args.limit)
    return Result({"runs": runs}, _evidence_text(runs))


# --- entry point ------------------------------------------------------------------------------


def _emit(result: Result, as_json: bool) -> None:
    if result.silent:
        return
    if as_json:
        print(redact(json.dumps(result.data, indent=None if result.compact else 2, default=str)))
    elif result.text:
        print(redact(result.text))


def main(argv: list[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    _ARGV[:] = words
    remember(*(w for w in words if looks_like_dsn(w)))
    parser = build_parser()
    args = parser.parse_args(words)
    as_json = getattr(args, "json", False)
    engine = None
    try:
        if args.command is None:
            # On a terminal, the TUI; for scripts and agents, a headless summary.
            args.command = "tui" if _interactive() and not as_json else "summary"
        result = _HANDLERS[args.command](args)
        engine = getattr(args, "_engine", None)
        _emit(result, as_json)
        return result.exit_code
    except WorkbenchError as err:
        engine = getattr(args, "_engine", None)
        return _fail(err.title, str(err), err.exit_code, engine, as_json)
    except BrokenPipeError:
        raise  # the reader went away (`| head`); entry_point() exits quietly
    except KeyboardInterrupt:
        return _fail("interrupted", "Interrupted.", 130, getattr(args, "_engine", None), as_json)
    except Exception as err:  # the last net: one paragraph, no traceback
        if os.environ.get("WORKBENCH_DEBUG"):
            raise
        engine = getattr(args, "_engine", None)
        message = f"{type(err).__name__}: {err}"
        return _fail("unexpected error", message, EXIT_FAILED, engine, as_json)


def _fail(title: str, message: str, code: int, engine: Any, as_json: bool) -> int:
    message = engine.guard.redact(message) if engine is not None else redact(message)
    if as_json:
        print(json.dumps({"error": {"title": title, "message": message, "exit_code": code}}))
    print(f"workbench: {title}: {message}", file=sys.stderr)
    return code


def entry_point() -> None:
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # Keep Python from complaining again at exit while flushing the closed pipe.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = EXIT_FAILED
    sys.exit(code)


if __name__ == "__main__":
    entry_point()
