"""`workbench tui`'s body: the Textual app (imported by `cli.frontends` only when the command
runs on a terminal: no other command pays for Textual)."""

from __future__ import annotations

import argparse

from workbench.cli.base import Result
from workbench.screens.app import run as run_app


def run(args: argparse.Namespace) -> Result:
    run_app(getattr(args, "config", None))
    return Result(None, silent=True)
