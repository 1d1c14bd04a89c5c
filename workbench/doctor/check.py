"""What a `workbench doctor` check is: its status (pass, warn, fail), the `Check` it leaves,
and the `Doctor` that runs the checks in order and records them (run.py's checks of the
files, server and roles; state.py's of the sandbox's state)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from workbench.errors import WorkbenchError
from workbench.server.cluster import REBUILD_TITLE

if TYPE_CHECKING:
    from workbench.context import Context

PASS, WARN, FAIL = "pass", "warn", "fail"


@dataclass
class Check:
    name: str
    status: str
    message: str
    fix: str = ""

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


class Doctor:
    """Runs checks in order; a check may stop the ones that depend on it."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.checks: list[Check] = []
        # Set when the binaries check found the cluster needs a rebuild: the checks that
        # fail for that same reason say so in a line instead of repeating its paragraph.
        self.needs_rebuild = False
        # Set when the roles check found that the read-only role may not connect yet (no
        # finished run has granted it): the checks that read as that role are skipped.
        self.reader_closed = False
        # Set when the schema file check failed: the checks that read schema.sql are
        # skipped with a line instead of each failing with the same paragraph.
        self.schema_unreadable = False

    def add(self, name: str, status: str, message: str, fix: str = "") -> Check:
        check = Check(name, status, self.ctx.guard.redact(message), fix)
        self.checks.append(check)
        return check

    def attempt(self, name: str, fix: str, body: Callable[[], tuple[str, ...]]) -> bool:
        """Run `body` (returning status and message, and a fix of its own when the cause it
        found has another remedy than `fix`); a WorkbenchError becomes a failure."""
        try:
            status, message, *own = body()
            fix = own[0] if own else fix
        except WorkbenchError as err:
            if self.needs_rebuild and err.title == REBUILD_TITLE:
                self.add(name, WARN, "skipped: the cluster needs a rebuild (see binaries)")
            else:
                self.add(name, FAIL, str(err), fix)
            return False
        self.add(name, status, message, fix if status != PASS else "")
        return status != FAIL
