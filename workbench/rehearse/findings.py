"""Findings drawn from what was measured, each with its figure and the usual safe rewrite.

A rule reads one statement's measurements (results.py), and, when the rehearsal projected
them to production's size (scale.py), the projection; it never reads the statement's text
to decide whether there is a problem, only to choose which rewrite to suggest. Rules are a
registry (`@rule`), run in registration order.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from workbench.rehearse.measure import blocks, mode_name
from workbench.rehearse.results import StatementResult
from workbench.units import human_bytes
from workbench.units import precise_seconds as duration

ERROR, WARNING, NOTICE = "error", "warning", "notice"


@dataclass
class Finding:
    kind: str
    severity: str  # error, warning, notice
    message: str  # what was measured, with its figure
    advice: str  # the usual safe rewrite
    file: str | None = None
    statement: int | None = None
    line: int | None = None
    table: str | None = None
    figures: dict[str, Any] = field(default_factory=dict)
    source: str = "measured"  # or "squawk" (static only)
    squawk: list[str] = field(default_factory=list)  # squawk's rules that agree

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "severity": self.severity,
            "source": self.source,
            "file": self.file,
            "statement": self.statement,
            "line": self.line,
            "table": self.table,
            "message": self.message,
            "advice": self.advice,
            "figures": self.figures,
            "squawk": self.squawk,
        }


@dataclass
class Projected:
    """One statement's figures at production's size (scale.py), for the rules."""

    seconds: float
    held: dict[str, float]  # table → projected hold of its strongest lock
    wal_bytes: float
    rows: float  # production's rows of the tables it touched
    model: str  # the fitted curve, named
    tables: list[str] = field(default_factory=list)  # the tables it touched


@dataclass
class RuleContext:
    lock_threshold: float = 1.0  # seconds a lock that blocks reads or writes may be held
    projected: dict[tuple[str, int], Projected] = field(default_factory=dict)

    def projection(self, st: StatementResult) -> Projected | None:
        return self.projected.get((st.file, st.index))


Rule = Callable[[StatementResult, RuleContext], list[Finding]]
RULES: list[tuple[str, Rule]] = []


def rule(kind: str) -> Callable[[Rule], Rule]:
    def register(func: Rule) -> Rule:
        RULES.append((kind, func))
        return func

    return register


def findings_for(statements: list[StatementResult], ctx: RuleContext) -> list[Finding]:
    out: list[Finding] = []
    for st in statements:
        if st.error is not None:
            continue
        for _kind, func in RULES:
            for found in func(st, ctx):
                found.file, found.statement, found.line = st.file, st.index, st.line
                out.append(found)
    return out


def at_scale(ctx: RuleContext, st: StatementResult) -> str:
    proj = ctx.projection(st)
    if proj is None:
        return ""
    rows = f"{proj.rows:,.0f}"
    of = ", ".join(proj.tables) if len(proj.tables) <= 3 else f"{len(proj.tables)} tables"
    return (
        f"; {duration(proj.seconds)} projected at production's {rows} rows of {of} ({proj.model})"
    )


def _figures(st: StatementResult, ctx: RuleContext, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"seconds": round(st.seconds, 5), "wal_bytes": st.wal_bytes, **extra}
    proj = ctx.projection(st)
    if proj is not None:
        out["projected"] = {
            "seconds": round(proj.seconds, 4),
            "wal_bytes": round(proj.wal_bytes),
            "rows": round(proj.rows),
            "tables": proj.tables,
            "model": proj.model,
        }
    return out


# --- rewrites ------------------------------------------------------------------------------

_TYPE_CHANGE = re.compile(r"\bALTER\s+(?:COLUMN\s+)?\S+\s+(?:SET\s+DATA\s+)?TYPE\b", re.I)


def _rewrite_advice(st: StatementResult) -> str:
    if _TYPE_CHANGE.search(st.sql):
        return (
            "Add a column of the new type, fill it in batches (and keep it filled with a "
            "trigger), then switch readers to it and drop the old one in a later migration; "
            "a change PostgreSQL can make without a rewrite (varchar(n) to text, a longer "
            "varchar) avoids all of it."
        )
    if any(c.generated for c in st.columns):
        return (
            "Add a plain nullable column, fill it in batches, keep it filled with a trigger; "
            "a stored generated column is computed for every row under the lock."
        )
    return (
        "Find a form of the change that does not rewrite the table, or make it on a copy "
        "(a new table filled in batches, then swapped), or with pg_repack."
    )


@rule("volatile-default")
def _volatile_default(st: StatementResult, ctx: RuleContext) -> list[Finding]:
    out = []
    for col in st.columns:
        if col.volatile and col.table in st.rewritten:
            rows = st.rows.rewritten.get(col.table)
            out.append(
                Finding(
                    "volatile-default",
                    ERROR,
                    f"ADD COLUMN {col.column} DEFAULT {col.default} is volatile: PostgreSQL "
                    f"computed it for every row and rewrote {col.table} "
                    f"({_rows(rows)}in {duration(st.seconds)}, {human_bytes(st.wal_bytes)} of WAL)"
                    + at_scale(ctx, st),
                    "Add the column without the default (or with a constant one, which is "
                    "stored once and rewrites nothing), fill existing rows in batches, then "
                    "ALTER COLUMN … SET DEFAULT for new rows.",
                    table=col.table,
                    figures=_figures(st, ctx, rows=rows),
                )
            )
    return out


@rule("table-rewrite")
def _rewrite(st: StatementResult, ctx: RuleContext) -> list[Finding]:
    volatile = {c.table for c in st.columns if c.volatile}
    out = []
    for table in st.rewritten:
        if table in volatile:
            continue  # the volatile default's own finding says it
        rows = st.rows.rewritten.get(table)
        out.append(
            Finding(
                "table-rewrite",
                ERROR,
                f"rewrote {table} (its relfilenode changed: {_rows(rows)}in "
                f"{duration(st.seconds)}, {human_bytes(st.wal_bytes)} of WAL) under "
                f"{_lock_on(st, table)}" + at_scale(ctx, st),
                _rewrite_advice(st),
                table=table,
                figures=_figures(st, ctx, rows=rows),
            )
        )
    return out


# --- index builds and constraints ----------------------------------------------------------


@rule("blocking-index-build")
def _index(st: StatementResult, ctx: RuleContext) -> list[Finding]:
    out = []
    for index in st.indexes:
        if not blocks(index.lock):
            continue
        constraint = next((c for c in st.constraints if c.name == index.name.split(".")[-1]), None)
        advice = (
            "CREATE INDEX CONCURRENTLY (outside a transaction block: in its own migration, "
            "or with the tool's no-transaction switch); writes go on while it builds."
        )
        if constraint is not None and constraint.kind in ("u", "p"):
            advice = (
                "CREATE UNIQUE INDEX CONCURRENTLY first (outside a transaction block), then "
                f"ALTER TABLE … ADD CONSTRAINT … {constraint.kind_name} USING INDEX, which "
                "only takes the lock for a moment."
            )
        out.append(
            Finding(
                "blocking-index-build",
                ERROR if index.lock == "AccessExclusiveLock" else WARNING,
                f"built index {index.name} on {index.table} under {mode_name(index.lock)}: "
                f"{blocks(index.lock)} to {index.table} waited for {duration(st.seconds)}"
                + at_scale(ctx, st),
                advice,
                table=index.table,
                figures=_figures(st, ctx, lock=mode_name(index.lock)),
            )
        )
    return out


def _validate_advice(kind: str) -> str:
    if kind == "n":
        return (
            "ALTER TABLE … ADD CONSTRAINT … NOT NULL column NOT VALID (PostgreSQL 18), then "
            "ALTER TABLE … VALIDATE CONSTRAINT in a later transaction; before 18, a CHECK "
            "(column IS NOT NULL) NOT VALID, VALIDATE it, then SET NOT NULL (which then "
            "scans nothing) and drop the CHECK."
        )
    return (
        "Add it NOT VALID (only new rows are checked; the lock is brief), then ALTER TABLE … "
        "VALIDATE CONSTRAINT in a later transaction: validation takes SHARE UPDATE EXCLUSIVE, "
        "so reads and writes go on."
    )


def _rows_checked(st: StatementResult, table: str) -> int:
    """The table's rows a validation checked: each once (more rows read than the table
    holds are its index rebuilds' scans, counted apart)."""
    read = st.rows.read.get(table, 0)
    rows = st.rows.of_table.get(table)
    return read if rows is None else min(read, rows)


def _checked(st: StatementResult, table: str) -> str:
    checked, read = _rows_checked(st, table), st.rows.read.get(table, 0)
    text = f"{checked:,} rows of {table}"
    if read > checked:
        text += f" (and read {read - checked:,} more rebuilding its indexes)"
    return text


def _check_figures(st: StatementResult, ctx: RuleContext, table: str, lock: str) -> dict[str, Any]:
    checked, read = _rows_checked(st, table), st.rows.read.get(table, 0)
    extra: dict[str, Any] = {"rows_checked": checked, "lock": mode_name(lock)}
    if read > checked:
        extra["rows_read_for_indexes"] = read - checked
    return _figures(st, ctx, **extra)


@rule("validated-under-lock")
def _validated(st: StatementResult, ctx: RuleContext) -> list[Finding]:
    out = []
    for con in st.constraints:
        read = st.rows.read.get(con.table, 0)
        if not con.validated or con.kind not in ("c", "f", "n") or read == 0:
            continue
        lock = _strongest(st, con.table)
        if not blocks(lock):
            continue
        out.append(
            Finding(
                "validated-under-lock",
                WARNING,
                f"ADD {con.kind_name} {con.name} without NOT VALID checked "
                f"{_checked(st, con.table)} under {mode_name(lock)} in {duration(st.seconds)}"
                + at_scale(ctx, st),
                _validate_advice(con.kind),
                table=con.table,
                figures=_check_figures(st, ctx, con.table, lock),
            )
        )
    added = {(c.table, c.kind) for c in st.constraints if c.kind == "n"}
    for column in st.not_null:
        table = column.rsplit(".", 1)[0]
        read = st.rows.read.get(table, 0)
        if read == 0 or (table, "n") in added:
            continue  # no scan (a valid CHECK proved it), or reported with its constraint
        lock = _strongest(st, table)
        out.append(
            Finding(
                "validated-under-lock",
                WARNING,
                f"SET NOT NULL on {column} checked {_checked(st, table)} under "
                f"{mode_name(lock)} in {duration(st.seconds)}" + at_scale(ctx, st),
                _validate_advice("n"),
                table=table,
                figures=_check_figures(st, ctx, table, lock),
            )
        )
    return out


# --- locks ---------------------------------------------------------------------------------


@rule("long-lock")
def _long_lock(st: StatementResult, ctx: RuleContext) -> list[Finding]:
    out = []
    proj = ctx.projection(st)
    for lock in st.locks:
        what = blocks(lock.mode)
        if not what or not lock.taken:
            continue
        at_scale = proj.held.get(lock.table) if proj is not None else None
        held = max(lock.held, at_scale or 0.0)
        if held <= ctx.lock_threshold:
            continue
        where = "measured"
        if proj is not None and at_scale is not None:
            where = "projected at production's rows: the statements from this one to the commit"
        out.append(
            Finding(
                "long-lock",
                ERROR if what == "reads and writes" else WARNING,
                f"{mode_name(lock.mode)} on {lock.table} held {duration(held)} ({where}; "
                f"{duration(lock.held)} here): {what} to it wait that long, above the "
                f"{duration(ctx.lock_threshold)} threshold",
                "Hold it for less: move the statements that need no lock out of the "
                "transaction (or split the file), make the slow part non-blocking (batches, "
                "CONCURRENTLY, NOT VALID + VALIDATE), and set lock_timeout.",
                table=lock.table,
                figures=_figures(
                    st, ctx, held_seconds=round(lock.held, 5), lock=mode_name(lock.mode)
                ),
            )
        )
    return out


@rule("lock-queue-risk")
def _queue(st: StatementResult, ctx: RuleContext) -> list[Finding]:
    if st.lock_timeout not in ("0", "0ms", "0s"):
        return []
    out = []
    for lock in st.locks:
        if lock.mode != "AccessExclusiveLock" or not lock.taken:
            continue
        out.append(
            Finding(
                "lock-queue-risk",
                WARNING,
                f"took ACCESS EXCLUSIVE on {lock.table} with lock_timeout = 0: behind a "
                "long-running query it would wait, and every query on the table would queue "
                "behind it for as long",
                "SET lock_timeout = '2s' (SET LOCAL inside the transaction) before it, and "
                "retry the migration when it times out.",
                table=lock.table,
                figures=_figures(st, ctx, lock_timeout=st.lock_timeout),
            )
        )
    return out


def _strongest(st: StatementResult, table: str) -> str:
    return next((lock.mode for lock in st.locks if lock.table == table), "")


def _lock_on(st: StatementResult, table: str) -> str:
    mode = _strongest(st, table)
    return mode_name(mode) if mode else "its lock"


def _rows(rows: int | None) -> str:
    return f"{rows:,} rows " if rows is not None else ""
