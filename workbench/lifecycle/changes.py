"""What the sandbox holds that its last build did not: the changes a reset or a generate would
throw away, so a front end can ask before it does.

When a generate, a reset, a snapshot or an undo ends, `record_baseline` writes
.workbench/baseline.json: the server's next transaction id, every user table's row count and
the catalog's digest. `changes` later compares the sandbox with it, one scan per table as the
read-only role: a row inserted or updated since carries a newer transaction id (`xmin`, which
VACUUM FREEZE keeps), a deleted one lowers the count, a table made or dropped changes the list,
and DDL changes the digest. Exact, and cheap next to what a reset rebuilds.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

from workbench.access.contents import user_object_count
from workbench.context import Context
from workbench.files.state import atomic_write_json, read_json
from workbench.lifecycle.fingerprints import catalog_digest
from workbench.records.progress import progress_path
from workbench.waits import SandboxLocked

BASELINE_FILE = "baseline.json"
CHECK_TIMEOUT_MS = 15_000  # a whole check; past it the answer is "could not tell"

_USER_TABLES = """
SELECT n.nspname, c.relname, has_table_privilege(c.oid, 'SELECT')
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
  AND n.nspname NOT IN ('pg_catalog', 'information_schema')
  AND n.nspname NOT LIKE 'pg_toast%%' AND n.nspname NOT LIKE 'pg_temp%%'
  AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
ORDER BY 1, 2
"""


@dataclass
class TableChange:
    table: str
    rows_before: int | None  # None: the table is new since the build
    rows_now: int | None  # None: the table is gone
    touched: int = 0  # rows inserted or updated since the build

    def sentence(self) -> str:
        if self.rows_before is None:
            return f"{self.table}: a new table ({self.rows_now or 0:,} rows)"
        if self.rows_now is None:
            return f"{self.table}: dropped ({self.rows_before:,} rows before)"
        parts = []
        if self.touched:
            parts.append(f"{self.touched:,} row(s) inserted or updated")
        if self.rows_now < self.rows_before:
            parts.append(f"{self.rows_before - self.rows_now:,} row(s) deleted")
        return f"{self.table}: " + ", ".join(parts or ["changed"])


@dataclass
class Changes:
    """The sandbox against its last build. `checked` False: no comparison was possible, and
    `reason` says why (a front end asks as if there were changes)."""

    checked: bool
    reason: str = ""
    built_at: str | None = None  # when the baseline was taken
    built_by: str | None = None  # the command that left it
    tables: list[TableChange] = field(default_factory=list)
    schema_changed: bool = False
    unreadable: list[str] = field(default_factory=list)  # tables the read-only role cannot read

    @property
    def any(self) -> bool:
        """True when something would be lost (or when nobody can tell)."""
        return not self.checked or bool(self.tables) or self.schema_changed

    def lines(self, limit: int = 8) -> list[str]:
        """What would be lost, one sentence a line."""
        if not self.checked:
            return [f"could not compare with the last build: {self.reason}"]
        out = [change.sentence() for change in self.tables[:limit]]
        if len(self.tables) > limit:
            out.append(f"… and {len(self.tables) - limit} more table(s)")
        if self.schema_changed and not any(c.rows_before is None for c in self.tables):
            out.append("the schema was altered (a column, an index, a constraint…)")
        return out

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["any"] = self.any
        data["lines"] = self.lines()
        return data


def baseline_path(state_dir: Path) -> Path:
    return state_dir / BASELINE_FILE


def forget_baseline(state_dir: Path) -> None:
    """The database the baseline describes is being replaced."""
    baseline_path(state_dir).unlink(missing_ok=True)


def record_baseline(ctx: Context, built_by: str) -> None:
    """The sandbox as a build (or an undo) just left it. Best effort: without a record the
    next destructive key asks, saying it could not tell."""
    path = baseline_path(ctx.state_dir)
    try:
        with ctx.db.reader() as conn:
            xmax = conn.execute("SELECT pg_snapshot_xmax(pg_current_snapshot())::text").fetchone()
            tables = _tables(conn)
            counts = {name: _count(conn, name) for name, ok in tables.items() if ok}
        with ctx.db.sandbox() as conn:
            digest = catalog_digest(conn)
    except psycopg.Error:
        path.unlink(missing_ok=True)
        return
    atomic_write_json(
        path,
        {
            "next_xid": int(xmax[0]) if xmax else 0,
            "counts": counts,
            "tables": sorted(tables),
            "catalog_digest": digest,
            "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "built_by": built_by,
        },
    )


def changes(ctx: Context, admin: psycopg.Connection[Any] | None = None) -> Changes:
    """The sandbox compared with its baseline (see the module docstring). `admin`: the
    administrator's session on the sandbox the caller opened through the guard and holds
    (under the sandbox's lock), for the catalog reads; else one is opened here."""
    if ctx.embedded and ctx.db.server.state() is None:
        return Changes(checked=True)  # no cluster yet: nothing to lose
    ctx.db.ensure_server()
    if not ctx.db.database_exists():
        return Changes(checked=True)  # nothing there: nothing to lose
    record = read_json(baseline_path(ctx.state_dir))
    progress = read_json(progress_path(ctx.state_dir))
    if not isinstance(record, dict):
        if isinstance(progress, dict) and progress.get("phase") in ("pre", "data", "post"):
            # an interrupted generation's tables: what the next generate resumes or replaces
            return Changes(checked=True, built_by="an interrupted generate")
        with _administrator(ctx, admin) as conn:
            if user_object_count(conn) == 0:
                return Changes(checked=True)  # an empty database: nothing to lose
        return Changes(False, "no record of the last build (made before this version, or lost)")
    result = Changes(True, built_at=record.get("built_at"), built_by=record.get("built_by"))
    before: dict[str, int] = dict(record.get("counts") or {})
    known = set(record.get("tables") or before)
    horizon = str(int(record.get("next_xid") or 0) % 2**32)
    what = "comparing the sandbox with its last build"
    try:
        # as the read-only role; an agent's lock is named, never waited out (waits.py)
        with ctx.db.reading(what, statement_ms=CHECK_TIMEOUT_MS) as conn:
            now = _tables(conn)
            for name, readable in now.items():
                if name not in known:
                    rows = _count(conn, name) if readable else None
                    result.tables.append(TableChange(name, None, rows, rows or 0))
                elif not readable or name not in before:
                    result.unreadable.append(name)  # by the read-only role: not compared
                else:
                    rows, touched = _count_since(conn, name, horizon)
                    if rows != before[name] or touched:
                        result.tables.append(TableChange(name, before[name], rows, touched))
            for name in sorted(known - set(now)):
                result.tables.append(TableChange(name, before.get(name, 0), None))
        with _administrator(ctx, admin) as conn:
            result.schema_changed = catalog_digest(conn) != record.get("catalog_digest")
    except SandboxLocked as err:
        return Changes(False, str(err))
    except psycopg.Error as err:
        return Changes(False, f"the comparison failed: {str(err).strip().splitlines()[0]}")
    return result


@contextlib.contextmanager
def _administrator(
    ctx: Context, held: psycopg.Connection[Any] | None
) -> Iterator[psycopg.Connection[Any]]:
    """The caller's administrator session when it holds one, else a new one (closed after)."""
    if held is not None:
        yield held
        return
    with ctx.guard.connect() as conn:
        yield conn


def _tables(conn: psycopg.Connection[Any]) -> dict[str, bool]:
    """Every user table (partitions counted in their parent) → readable by this role."""
    return {f"{nsp}.{rel}": bool(ok) for nsp, rel, ok in conn.execute(_USER_TABLES).fetchall()}


def _ident(name: str) -> sql.Composable:
    schema, _, table = name.partition(".")
    return sql.Identifier(schema, table)


def _count(conn: psycopg.Connection[Any], name: str) -> int:
    row = conn.execute(sql.SQL("SELECT count(*) FROM {}").format(_ident(name))).fetchone()
    return int(row[0]) if row else 0


def _count_since(conn: psycopg.Connection[Any], name: str, horizon: str) -> tuple[int, int]:
    """(rows, rows whose version is newer than the horizon). A transaction id's age is its
    distance to the present, so a newer row has the smaller age (wrap-around included)."""
    row = conn.execute(
        sql.SQL(
            "SELECT count(*), count(*) FILTER (WHERE age(xmin) <= age({}::text::xid)) FROM {}"
        ).format(sql.Literal(horizon), _ident(name))
    ).fetchone()
    return (int(row[0]), int(row[1])) if row else (0, 0)
