"""`workbench seed import FILE`: a masked seed into the sandbox (workbench/seed/)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from workbench.cli.base import Result, command, engine_for, require_yes, yes_flag
from workbench.cli.render import ProgressPrinter, is_terminal
from workbench.cli.text import seed_import_text


def _seed_setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=("import",), help="import: load a masked seed")
    parser.add_argument(
        "file",
        metavar="FILE",
        help="a pg_dump archive (custom, tar, directory), a plain data dump, or a folder of "
        "CSV files (one per table)",
    )
    yes_flag(parser)


@command(
    "seed",
    "import a real export masked column by column (every column's recorded decision), "
    "scanned before it is kept; the other tables generated",
    _seed_setup,
)
def cmd_seed(args: argparse.Namespace) -> Result:
    engine = engine_for(args)
    # No committed link into .workbench/ or out of the checkout, nor in a folder of files.
    real = engine.checked_path(Path(args.file))
    for file in sorted(real.iterdir()) if real.is_dir() else ():
        engine.checked_path(file)
    as_json = getattr(args, "json", False)
    if not args.yes:
        engine.require("write", "seed import")
        require_yes(
            args,
            f"This replaces the contents of the sandbox database {engine.config.sandbox.name!r} "
            "with the masked seed and generated rows for the other tables.",
        )
    printer = ProgressPrinter(
        stream=sys.stdout if as_json else sys.stderr,
        as_json=as_json,
        live=not as_json and is_terminal(sys.stderr),
    )
    try:
        result = engine.seed_import(Path(args.file), on_event=printer)
    finally:
        printer.finish()
    return Result({"event": "Done", **result}, seed_import_text(result), compact=True)
