"""The `workbench` command line: every engine operation as a subcommand, `--json` everywhere.

Exit codes: 0 ok, 1 failed, 2 bad usage or config, 3 refused by the guard or by capabilities,
4 doctor or check found problems. Errors are one paragraph on stderr, never a traceback, with
the sandbox's secrets removed.

`base` holds the parser and the command registry; each command family is a module (`sandbox`,
`data`, `frontends`, `lifecycle`, `runs`, `migrate`, `seed`) whose commands register themselves on
import, in the order --help lists them; `text` turns results into what people read, drawn with
`render`; `main`
runs one command line.
"""

from __future__ import annotations

import importlib

from workbench.cli.base import (
    COMMANDS,
    EXIT_FAILED,
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_REFUSED,
    EXIT_USAGE,
    Result,
    build_parser,
    command,
)
from workbench.cli.main import entry_point, main

# The command families register their commands on import; --help lists them in this order.
for _family in ("sandbox", "data", "frontends", "lifecycle", "runs", "migrate", "seed"):
    importlib.import_module(f"workbench.cli.{_family}")

_COMMANDS = COMMANDS  # the name the tests know

__all__ = [
    "COMMANDS",
    "EXIT_FAILED",
    "EXIT_OK",
    "EXIT_PROBLEMS",
    "EXIT_REFUSED",
    "EXIT_USAGE",
    "Result",
    "build_parser",
    "command",
    "entry_point",
    "main",
]
