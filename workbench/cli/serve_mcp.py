"""`workbench mcp`'s body: the MCP server over stdio (imported by `cli.frontends` only when the
command runs, once sandbox.toml is read: no other command pays for the MCP SDK)."""

from __future__ import annotations

import argparse

from workbench.cli.base import Result, engine_for
from workbench.mcp_server import serve


def run(args: argparse.Namespace) -> Result:
    serve(engine_for(args))
    return Result(None, silent=True)
