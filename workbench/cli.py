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

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_REFUSED, EXIT_PROBLEMS = 0, 1, 2, 3, 4


@dataclass
class Result:
    """What a command produced: data for --json, text for people, and the exit code."""

    data: Any
    text: str = ""
    exit_code: int = EXIT_OK


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
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
    parser.add_argument("action", choices=("start", "stop", "status"))


@command("server", "start, stop or inspect the embedded PostgreSQL cluster", _server_setup)
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
    status = server.status()
    state = "running" if status["running"] else "stopped"
    where = f" on {status['host']}:{status['port']}" if status["port"] else ""
    return Result(status, f"embedded PostgreSQL {status['version'] or ''} {state}{where}".strip())


# --- entry point ------------------------------------------------------------------------------


def _emit(result: Result, as_json: bool) -> None:
    if as_json:
        print(json.dumps(result.data, indent=2, default=str))
    elif result.text:
        print(result.text)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    as_json = getattr(args, "json", False)
    engine = None
    try:
        if args.command is None:
            args.command = "status"
        result = _HANDLERS[args.command](args)
        engine = getattr(args, "_engine", None)
        _emit(result, as_json)
        return result.exit_code
    except WorkbenchError as err:
        engine = getattr(args, "_engine", None)
        return _fail(err.title, str(err), err.exit_code, engine, as_json)
    except KeyboardInterrupt:
        return _fail("interrupted", "Interrupted.", 130, getattr(args, "_engine", None), as_json)
    except Exception as err:  # the last net: one paragraph, no traceback
        if os.environ.get("WORKBENCH_DEBUG"):
            raise
        engine = getattr(args, "_engine", None)
        message = f"{type(err).__name__}: {err}"
        return _fail("unexpected error", message, EXIT_FAILED, engine, as_json)


def _fail(title: str, message: str, code: int, engine: Any, as_json: bool) -> int:
    if engine is not None:
        message = engine.guard.redact(message)
    if as_json:
        print(json.dumps({"error": {"title": title, "message": message, "exit_code": code}}))
    print(f"workbench: {title}: {message}", file=sys.stderr)
    return code


def entry_point() -> None:
    sys.exit(main())


if __name__ == "__main__":
    entry_point()
