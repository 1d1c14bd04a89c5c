"""The workbench's exception hierarchy.

Every failure a user can cause or meet is a `WorkbenchError` with a short title, a
one-paragraph message and the exit code the CLI returns. Front ends print the message (the
CLI to stderr, the TUI in a modal) and never a traceback.
"""

from __future__ import annotations

import errno
import os


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


class NameTooLong(UsageError):
    """A path named for the workbench (or one it makes) is longer than the file system takes."""

    title = "name too long"


NAME_MAX = 255  # bytes in one file name: Linux's (ext4, xfs, btrfs, tmpfs), macOS's
PATH_MAX = 4096  # bytes in a whole path given to the kernel: Linux's


def name_too_long(name: str) -> NameTooLong | None:
    """NameTooLong naming `name` when one of its names, or the whole path, is longer than
    the file system takes (open() would fail with ENAMETOOLONG), else None."""
    longest = max(name.split("/"), key=lambda part: len(os.fsencode(part)))
    size, total = len(os.fsencode(longest)), len(os.fsencode(name))
    if size > NAME_MAX:
        what = (
            f"one of its names is {size} bytes ({longest[:40]!r}…), longer than the "
            f"{NAME_MAX} bytes a file name may have"
        )
    elif total >= PATH_MAX:
        what = f"it is {total} bytes, longer than the {PATH_MAX} the system takes for a path"
    else:
        return None
    return NameTooLong(
        f"{name}: {what}; nothing was read or written there. Give a shorter name (or, for "
        "files the workbench names after tables, a shorter folder)."
    )


def known_os_error(err: BaseException) -> WorkbenchError | None:
    """An OSError a user can act on, said as one paragraph naming the path, or None: a file
    name longer than the file system allows (ENAMETOOLONG)."""
    if not isinstance(err, OSError) or err.errno != errno.ENAMETOOLONG:
        return None
    name = os.fsdecode(err.filename) if err.filename is not None else "a path"
    return name_too_long(name) or NameTooLong(
        f"{name}: a name in it is longer than the file system takes; nothing was read or "
        "written there. Give a shorter name."
    )
