"""The workbench's exception hierarchy.

Every failure a user can cause or meet is a `WorkbenchError` with a short title, a
one-paragraph message and the exit code the CLI returns. Front ends print the message (the
CLI to stderr, the TUI in a modal) and never a traceback.
"""

from __future__ import annotations


class WorkbenchError(Exception):
    """Base class: `title` is a few words, `str(err)` the one-paragraph explanation."""

    exit_code = 1
    title = "error"

    def __init__(self, message: str, *, title: str | None = None) -> None:
        super().__init__(message)
        if title is not None:
            self.title = title


class UsageError(WorkbenchError):
    """A bad flag or argument on the command line."""

    exit_code = 2
    title = "bad usage"


class ConfigError(WorkbenchError):
    """sandbox.toml is missing, malformed or holds a wrong key or value."""

    exit_code = 2
    title = "configuration error"


class SchemaParseError(WorkbenchError):
    """schema.sql cannot be read or split into statements."""

    exit_code = 2
    title = "schema error"


class GuardRefusal(WorkbenchError):
    """The guard refused a connection or a destructive step; `rule` names the rule."""

    exit_code = 3
    title = "refused by the sandbox guard"

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"[{rule}] {message}")
        self.rule = rule


class CapabilityRefusal(WorkbenchError):
    """sandbox.toml does not grant the capability an operation needs."""

    exit_code = 3
    title = "not allowed by capabilities"


class ServerError(WorkbenchError):
    """The embedded PostgreSQL cluster could not be found, created or started."""

    title = "embedded server error"


class DatabaseError(WorkbenchError):
    """A statement failed on the sandbox; the message carries the server's words."""

    title = "database error"


class LoginRefused(DatabaseError):
    """The server refused a role's password (the passfile and the server disagree); the only
    connection failure that a password repair can mend."""

    title = "connection failed"


class SchemaApplyError(DatabaseError):
    """A statement of schema.sql failed on the sandbox (message names file:line)."""

    title = "schema apply failed"


class GenerationError(WorkbenchError):
    """Data generation could not satisfy the schema (e.g. an unbreakable FK cycle)."""

    title = "generation failed"


class RowsRefused(GenerationError):
    """A statement of schema.sql that runs after the data (an index, a constraint) refused
    the generated rows: the workbench's fault, not the file's (the message names the table,
    the constraint and the statement)."""

    title = "generated rows refused"


class Cancelled(WorkbenchError):
    """The user cancelled a long operation."""

    title = "cancelled"


class CheckFailed(WorkbenchError):
    """doctor or check found problems."""

    exit_code = 4
    title = "problems found"


def unexpected(err: BaseException) -> str:
    """One line for an exception nobody expected: its type, its message and the notes the
    engine added on the way out (which table, column or statement it was working on)."""
    notes = "; ".join(getattr(err, "__notes__", ()))
    return f"{type(err).__name__}: {err}" + (f" ({notes})" if notes else "")
