"""squawk's static rules beside the measured findings: squawk-cli (a PyPI package of the
squawk linter) is run on each migration file, its findings are read from its JSON report and
merged, never re-implemented here.

Merging: a squawk rule that names what a measured finding measured (its `require-concurrent-
index-creation` and our `blocking-index-build` on the same statement) is added to that finding
as agreement. Any other rule becomes a finding of its own, `source: "squawk"`: a warning when
the measurement has nothing to say about it (`prefer-robust-stmts`, `ban-drop-column`…), a
notice when the rehearsal measured the very thing and found no problem (squawk warns about a
default that PostgreSQL stored once, without a rewrite), or when a rule about transactions
names a statement the workbench ran on its own, outside one (CREATE INDEX CONCURRENTLY).

Each file is linted as it runs: in one transaction (`--assume-in-transaction`), for the
server's major version. Without squawk installed, or when it fails, the rehearsal goes on and
says so."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from workbench.programs import find_program
from workbench.rehearse.findings import NOTICE, WARNING, Finding
from workbench.rehearse.results import StatementResult
from workbench.rehearse.source import Migration

# squawk's rule → the measured finding kinds that measure the same thing.
MEASURED_BY: dict[str, tuple[str, ...]] = {
    "require-concurrent-index-creation": ("blocking-index-build",),
    "disallowed-unique-constraint": ("blocking-index-build",),
    "changing-column-type": ("table-rewrite",),
    "adding-serial-primary-key-field": ("table-rewrite", "blocking-index-build"),
    "adding-field-with-default": ("volatile-default", "table-rewrite"),
    "constraint-missing-not-valid": ("validated-under-lock",),
    "adding-foreign-key-constraint": ("validated-under-lock",),
    "adding-not-nullable-field": ("validated-under-lock",),
    "setting-not-nullable-field": ("validated-under-lock",),
    "require-lock-timeout": ("lock-queue-risk",),
}
# squawk's rules about a statement inside a transaction: each file is linted as one
# transaction, but a statement PostgreSQL refuses in one the workbench runs on its own
TRANSACTION_RULES = frozenset({"ban-concurrent-index-creation-in-transaction"})
TIMEOUT = 60


@dataclass
class Linted:
    status: str  # "ran", "missing", "failed"
    message: str = ""
    version: str = ""
    violations: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "message": self.message,
            "version": self.version,
            "violations": len(self.violations),
        }


def squawk_binary() -> str | None:
    """squawk beside this Python (the same virtual environment), else on PATH's absolute
    entries (programs.py: never the checkout's own `./squawk`)."""
    return find_program("squawk", first=[Path(sys.executable).parent])


def lint(migrations: list[Migration], server_major: int) -> Linted:
    binary = squawk_binary()
    if binary is None:
        return Linted(
            "missing",
            "squawk is not installed (pip install squawk-cli): its static rules are left out",
        )
    try:
        version = subprocess.run(
            [binary, "--version"], capture_output=True, text=True, timeout=TIMEOUT, check=False
        ).stdout.strip()
        found: list[dict[str, Any]] = []
        for migration in migrations:
            found += _lint_one(binary, migration, server_major)
    except (OSError, subprocess.SubprocessError, ValueError) as err:
        return Linted("failed", f"squawk could not be run ({err}): its rules are left out")
    return Linted("ran", "", version, found)


def _lint_one(binary: str, migration: Migration, server_major: int) -> list[dict[str, Any]]:
    done = subprocess.run(
        [
            binary,
            "--reporter",
            "json",
            "--pg-version",
            f"{server_major}.0",
            "--assume-in-transaction",
            # one argument: a name starting with "-" is not taken for an option
            f"--stdin-filepath={migration.name}",
        ],
        input=migration.text,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    out = done.stdout.strip()
    if done.returncode not in (0, 1) or not out:
        if done.returncode == 0:
            return []
        raise ValueError((done.stderr.strip().splitlines() or ["no output"])[0][:200])
    violations = json.loads(out)
    if not isinstance(violations, list):
        raise ValueError("its report is not a list of violations")
    for v in violations:
        v["migration"] = migration.name
    return [v for v in violations if isinstance(v, dict)]


def _statement_at(
    statements: list[StatementResult], migration: Migration, line: int
) -> StatementResult | None:
    """The statement of `migration` whose lines hold `line` (1-based)."""
    best = None
    for st in migration.statements:
        if st.line <= line:
            best = st
    if best is None:
        return None
    return next((s for s in statements if s.file == migration.name and s.index == best.index), None)


def merge(
    findings: list[Finding],
    linted: Linted,
    migrations: list[Migration],
    statements: list[StatementResult],
) -> list[Finding]:
    """The findings with squawk's merged in (see the module docstring)."""
    by_name = {m.name: m for m in migrations}
    out = list(findings)
    for v in linted.violations:
        migration = by_name.get(str(v.get("migration")))
        if migration is None:
            continue
        rule = str(v.get("rule_name", "?"))
        line = int(v.get("line", 0)) + 1  # squawk counts lines from 0
        st = _statement_at(statements, migration, line)
        kinds = MEASURED_BY.get(rule, ())
        agreeing = [
            f
            for f in findings
            if st is not None and f.file == st.file and f.statement == st.index and f.kind in kinds
        ]
        if agreeing:
            for f in agreeing:
                if rule not in f.squawk:
                    f.squawk.append(rule)
            continue
        if st is None and kinds:
            continue  # a statement never run (after a failure): nothing to set it against
        measured_fine = bool(kinds) and st is not None and st.error is None
        message = str(v.get("message", ""))
        if measured_fine:
            message += " — measured: no such problem on this statement"
        elif rule in TRANSACTION_RULES and st is not None and st.outside_transaction:
            measured_fine = True
            message += (
                " — the workbench ran this statement on its own, outside a transaction; "
                "run it so in your migration tool too (its no-transaction switch)"
            )
        found = Finding(
            rule,
            NOTICE if measured_fine else WARNING,
            message,
            str(v.get("help") or "See squawk's documentation of the rule."),
            table=None,
            source="squawk",
        )
        found.file = migration.name
        found.statement = st.index if st is not None else None
        found.line = st.line if st is not None else line
        out.append(found)
    return out
