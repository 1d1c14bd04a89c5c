"""What every command shares: the Result it returns, exit codes, the argument parser and the
command registry, and the helpers commands use (the engine, --yes, --rows)."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from workbench.config.file import load_config
from workbench.errors import UsageError
from workbench.events import CancelToken
from workbench.printable import capped, printable
from workbench.redact import looks_like_dsn, redact

if TYPE_CHECKING:
    from workbench.engine import Engine

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_REFUSED, EXIT_PROBLEMS = 0, 1, 2, 3, 4


@dataclass
class Result:
    """What a command produced: data for --json, text for people, and the exit code."""

    data: Any
    text: str = ""
    exit_code: int = EXIT_OK
    compact: bool = False  # --json: one line (the last of a JSON-lines stream)
    silent: bool = False  # nothing to print (e.g. `workbench mcp`, whose stdout is the protocol)


Handler = Callable[[argparse.Namespace], Result]
Setup = Callable[[argparse.ArgumentParser], None]

# The words of the command line being parsed: argparse quotes a stray word in its errors, and
# one that looks like a connection string is never quoted back.
ARGV: list[str] = []


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        for word in sorted(ARGV, key=len, reverse=True):
            if looks_like_dsn(word):
                message = message.replace(word, "<a connection string, not shown>")
        message = printable(capped(redact(message), 2000))
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


# Filled by the @command decorators as the command modules are imported; --help lists the
# commands in this order.
COMMANDS: dict[str, tuple[str, Setup | None]] = {}
HANDLERS: dict[str, Handler] = {}


def command(name: str, help_text: str, setup: Setup | None = None) -> Callable[[Handler], Handler]:
    def register(func: Handler) -> Handler:
        COMMANDS[name] = (help_text, setup)
        HANDLERS[name] = func
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
    for name, (help_text, setup) in COMMANDS.items():
        sub = subparsers.add_parser(name, help=help_text, description=help_text)
        _common(sub)
        if setup is not None:
            setup(sub)
    return parser


def engine_for(args: argparse.Namespace) -> Engine:
    """The engine for this command line; kept on `args` so errors are redacted with its guard
    (and asked again, the same one). sandbox.toml is read first: a bad one is refused before
    the engine is imported."""
    made: Engine | None = getattr(args, "_engine", None)
    if made is not None:
        return made
    config = load_config(getattr(args, "config", None))
    from workbench.engine import Engine

    engine = Engine(
        config,
        cli_dsn=getattr(args, "dsn", None),
        run=getattr(args, "bound_run", None),  # `mcp --run ID`
    )
    args._engine = engine
    return engine


def run_in(module: str, args: argparse.Namespace) -> Result:
    """The command's body, `run(args)` of `module`, imported only now: a front end's module
    (the MCP server, the TUI) imports what only it needs (the MCP SDK, Textual) at its top,
    and no other command, nor a refusal before this call, pays for it."""
    body: Handler = importlib.import_module(module).run
    return body(args)


def require_yes(args: argparse.Namespace, what: str) -> None:
    """Destructive commands need --yes; on a terminal we ask, without one we refuse at once."""
    if getattr(args, "yes", False):
        return
    if sys.stdin.isatty() and sys.stdout.isatty() and not getattr(args, "json", False):
        answer = input(f"{what} Continue? [y/N] ").strip().lower()
        if answer in ("y", "yes"):
            return
        raise UsageError("Not confirmed; nothing was changed.")
    raise UsageError(f"{what} Pass --yes to confirm (no terminal to ask on).")


def yes_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--yes", "-y", action="store_true", help="confirm without asking")


def interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def rows_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rows",
        type=int,
        metavar="N",
        help="rows per table; a table with a children law keeps it (default: config)",
    )


def checked_rows(args: argparse.Namespace) -> int | None:
    rows = getattr(args, "rows", None)
    if rows is not None and rows < 0:
        raise UsageError(f"--rows must be 0 or more, got {rows}.")
    return rows


# `--rows 0` is a choice (the schema with empty tables: a migration tried on no rows), never a
# silent one: said before the run starts (a Warning event: a JSON line with --json) and after.
EMPTY_ON_PURPOSE = (
    "--rows 0: every table is left empty on purpose (rows schema.sql itself inserts are still "
    "loaded), and this empty state becomes the snapshot `workbench reset` returns to; "
    "`workbench generate --yes` without --rows fills the tables again"
)


def empty_on_purpose(
    rows: int | None, data: dict[str, Any], text: str
) -> tuple[dict[str, Any], str]:
    """A result of a run asked for `--rows 0`: `"empty_on_purpose": true` in its JSON and the
    note closing its text."""
    if rows != 0:
        return data, text
    return {**data, "empty_on_purpose": True}, f"{text}\n{EMPTY_ON_PURPOSE}."


@contextlib.contextmanager
def cancel_on_sigterm() -> Iterator[CancelToken]:
    """A cancel token SIGTERM sets while the block runs: a long command (generate, reset)
    then stops as a cancel does (between batches, the running statement cancelled), not
    killed mid-write. The TUI stops the generate it runs in a child process this way.
    Outside the main thread (no signal handler can be set) the token is only returned."""
    token = CancelToken()

    def on_sigterm(signum: int, frame: object) -> None:
        # not in the handler itself: the token's callbacks take a lock the interrupted code
        # may hold
        threading.Thread(target=token.cancel, name="sigterm-cancel", daemon=True).start()

    try:
        previous = signal.signal(signal.SIGTERM, on_sigterm)
    except ValueError:  # not the main thread
        yield token
        return
    try:
        yield token
    finally:
        signal.signal(signal.SIGTERM, previous)
