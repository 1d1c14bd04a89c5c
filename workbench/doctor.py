"""`workbench doctor`: read-only checks, each pass / warn / fail with a one-line fix."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from workbench.errors import WorkbenchError

if TYPE_CHECKING:
    from workbench.engine import Engine

PASS, WARN, FAIL = "pass", "warn", "fail"


@dataclass
class Check:
    name: str
    status: str
    message: str
    fix: str = ""

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


class _Doctor:
    """Runs checks in order; a check may stop the ones that depend on it."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.checks: list[Check] = []

    def add(self, name: str, status: str, message: str, fix: str = "") -> Check:
        check = Check(name, status, self.engine.guard.redact(message), fix)
        self.checks.append(check)
        return check

    def attempt(self, name: str, fix: str, body: Callable[[], tuple[str, str]]) -> bool:
        """Run `body` (returning status and message); a WorkbenchError becomes a failure."""
        try:
            status, message = body()
        except WorkbenchError as err:
            self.add(name, FAIL, str(err), fix)
            return False
        self.add(name, status, message, fix if status != PASS else "")
        return status != FAIL


def run_doctor(engine: Engine) -> list[Check]:
    from workbench.server import find_bindir

    doc = _Doctor(engine)
    config = engine.config
    doc.add("config", PASS, f"{config.path} is valid")

    schema_path = config.schema_path
    if schema_path.is_file():
        doc.add("schema file", PASS, f"{schema_path} found")
    else:
        doc.add(
            "schema file",
            FAIL,
            f"{schema_path} does not exist",
            "set [sandbox] schema in sandbox.toml to your schema.sql",
        )

    if engine.embedded:
        doc.attempt(
            "binaries",
            "install PostgreSQL server binaries (apt-get install postgresql) or set a DSN",
            lambda: (PASS, f"server binaries in {find_bindir()}"),
        )

    verdict = doc.attempt(
        "guard",
        "fix [sandbox] dsn / allowed_hosts / name in sandbox.toml",
        lambda: (PASS, f"target {engine.target().display} passes the sandbox rule"),
    )
    if not verdict:
        return doc.checks

    if engine.embedded:
        running = engine.server.is_running()
        if not running:
            doc.add("server", FAIL, "the embedded cluster is not running", "run `workbench up`")
            return doc.checks
        port = engine.server.state().port  # type: ignore[union-attr]
        doc.add("server", PASS, f"embedded PostgreSQL running on 127.0.0.1:{port}")

    marked = False

    def reach() -> tuple[str, str]:
        nonlocal marked
        with engine.guard.connect() as conn:
            version = conn.execute("SHOW server_version").fetchone()
            marked = engine.guard.has_marker(conn)
        return PASS, f"connected; server {version[0] if version else '?'}; server view verified"

    if not doc.attempt("connection", "run `workbench up` to create the sandbox database", reach):
        return doc.checks
    if marked:
        doc.add("marker", PASS, f"database carries the marker {engine.guard.marker()!r}")
    else:
        doc.add(
            "marker",
            FAIL,
            "database lacks the workbench's marker",
            "run `workbench up` to claim it (only possible while it holds no user tables)",
        )
    return doc.checks
