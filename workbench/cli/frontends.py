"""The other front ends started from the command line (the MCP server, the TUI) and the summary
`workbench` prints without a terminal. Each front end's body is a module of its own (serve_mcp,
open_tui), imported when its command runs, after what can refuse it (sandbox.toml, no terminal)."""

from __future__ import annotations

import argparse
from typing import Any

from workbench.cli.base import (
    COMMANDS,
    HANDLERS,
    Result,
    command,
    engine_for,
    interactive,
    run_in,
)
from workbench.cli.text import status_text
from workbench.errors import UsageError, WorkbenchError
from workbench.units import counted


def _mcp_setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--run",
        dest="bound_run",
        metavar="ID",
        help="serve one run (`workbench run start`) instead of the sandbox: its database, its "
        "roles, its capabilities",
    )


@command(
    "mcp",
    "serve the sandbox (or one run) to AI agents: a Model Context Protocol server over stdio",
    _mcp_setup,
)
def cmd_mcp(args: argparse.Namespace) -> Result:
    engine_for(args)  # a bad sandbox.toml is refused before the MCP SDK is imported
    return run_in("workbench.cli.serve_mcp", args)


@command("tui", "open the terminal UI")
def cmd_tui(args: argparse.Namespace) -> Result:
    if not interactive():
        raise UsageError("the TUI needs a terminal; use the headless commands (see --help).")
    return run_in("workbench.cli.open_tui", args)


def summary(args: argparse.Namespace) -> Result:
    """`workbench` without a terminal: where the sandbox stands and what to run next."""
    engine = engine_for(args)
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
    data["commands"] = sorted(COMMANDS)
    schema_line = (
        f"schema    {counted(data['schema']['tables'], 'table')}, "
        f"{counted(data['schema']['columns'], 'column')}"
        if "tables" in data["schema"]
        else f"schema    {data['schema']['error']}"
    )
    if data["status"]["user_tables"]:
        hint = 'workbench reset --yes  ·  eval "$(workbench env)"  ·  workbench dist TABLE.COLUMN'
    else:
        hint = "workbench estimate  ·  workbench generate --yes  ·  workbench --help"
    text = "\n".join([status_text(data["status"]), schema_line, f"next      {hint}"])
    return Result(data, text)


HANDLERS["summary"] = summary  # a handler, not a command: no subparser, not in --help
