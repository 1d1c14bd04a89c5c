"""Running one command line: parse, call the command, print its result (text or --json), and
turn every failure into one paragraph on stderr with an exit code."""

from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING

from workbench.cli.base import ARGV, EXIT_FAILED, HANDLERS, Result, build_parser, interactive
from workbench.cli.render import is_terminal
from workbench.errors import WorkbenchError, known_os_error, unexpected
from workbench.printable import (
    capped,
    printable,
    printable_keeping_colours,
    printable_message,
)
from workbench.redact import looks_like_dsn, redact, remember

if TYPE_CHECKING:
    from workbench.engine import Engine

# An error is one paragraph: one quoting a huge value (a name, the server's echo) is cut.
MAX_ERROR_CHARS = 8000


def _emit(result: Result, as_json: bool) -> None:
    if result.silent:
        return
    if as_json:
        print(redact(json.dumps(result.data, indent=None if result.compact else 2, default=str)))
    elif result.text:
        text = redact(result.text)
        # Only our renderers colour, and only on a terminal; nothing else from the schema,
        # config or database reaches the terminal raw.
        shown = (
            printable_keeping_colours(text)
            if is_terminal(sys.stdout)
            else printable(text, multiline=True)
        )
        print(shown)


def main(argv: list[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    ARGV[:] = words
    remember(*(w for w in words if looks_like_dsn(w)))
    parser = build_parser()
    args = parser.parse_args(words)
    as_json = getattr(args, "json", False)
    engine = None
    try:
        if args.command is None:
            # On a terminal, the TUI; for scripts and agents, a headless summary.
            args.command = "tui" if interactive() and not as_json else "summary"
        result = HANDLERS[args.command](args)
        engine = getattr(args, "_engine", None)
        try:
            _emit(result, as_json)
            sys.stdout.flush()
        except BrokenPipeError:
            _reader_gone()  # `| head` read enough: the command's own verdict still stands
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
        known = known_os_error(err)  # a name too long: said plainly, naming the path
        if known is not None:
            return _fail(known.title, str(known), known.exit_code, engine, as_json)
        message = unexpected(err)
        return _fail("unexpected error", message, EXIT_FAILED, engine, as_json)


def _fail(title: str, message: str, code: int, engine: Engine | None, as_json: bool) -> int:
    message = engine.redact(message) if engine is not None else redact(message)
    message = capped(message, MAX_ERROR_CHARS)
    if as_json:
        print(json.dumps({"error": {"title": title, "message": message, "exit_code": code}}))
    print(printable_message(f"workbench: {title}: {message}"), file=sys.stderr)
    return code


def _reader_gone() -> None:
    """The reader closed the pipe (`| head`): nothing more is shown, and Python must not
    complain again at exit while flushing it."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def entry_point() -> None:
    code = EXIT_FAILED  # a pipe closed while the command still ran: it did not finish
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        _reader_gone()
    sys.exit(code)
