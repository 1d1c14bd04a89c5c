"""squawk's findings merged with the measured ones (no database: the merge is a function of
the measurements and squawk's report; squawk itself is the real binary from squawk-cli)."""

from __future__ import annotations

import pytest

from workbench.rehearse import squawk
from workbench.rehearse.findings import Finding
from workbench.rehearse.results import StatementResult
from workbench.rehearse.source import read_migration

TEXT = (
    "CREATE INDEX entries_amount_idx ON entries (amount);\n"
    "ALTER TABLE accounts ALTER COLUMN handle TYPE text;\n"
    "ALTER TABLE accounts DROP COLUMN legacy;\n"
)


def _statements() -> list[StatementResult]:
    return [
        StatementResult("m.sql", i, i, "", outside_transaction=False, pending=False)
        for i in (1, 2, 3)
    ]


def test_squawk_runs_and_its_rules_are_read() -> None:
    migration = read_migration("m.sql", TEXT)
    linted = squawk.lint([migration], 18)
    assert linted.status == "ran", linted.message
    rules = {(v["rule_name"], v["line"]) for v in linted.violations}
    assert ("require-concurrent-index-creation", 0) in rules
    assert ("ban-drop-column", 2) in rules


def test_agreeing_rules_join_the_measured_finding_the_rest_stand_on_their_own() -> None:
    migration = read_migration("m.sql", TEXT)
    linted = squawk.lint([migration], 18)
    measured = Finding("blocking-index-build", "warning", "built under SHARE", "concurrently")
    measured.file, measured.statement, measured.line = "m.sql", 1, 1
    merged = squawk.merge([measured], linted, [migration], _statements())
    assert measured.squawk == ["require-concurrent-index-creation"]
    assert measured in merged
    static = {(f.kind, f.statement): f for f in merged if f.source == "squawk"}
    assert static[("ban-drop-column", 3)].severity == "warning"  # nothing measures it
    assert ("require-concurrent-index-creation", 1) not in static  # said once, measured
    # squawk warns of a rewrite; the rehearsal measured that statement and found none
    # (varchar(n) to text is binary-compatible): a notice, saying so
    changed = static[("changing-column-type", 2)]
    assert changed.severity == "notice" and "measured: no such problem" in changed.message


def test_without_squawk_the_rehearsal_goes_on_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(squawk, "squawk_binary", lambda: None)
    linted = squawk.lint([read_migration("m.sql", TEXT)], 18)
    assert linted.status == "missing" and "pip install squawk-cli" in linted.message
    assert squawk.merge([], linted, [], []) == []


def test_a_concurrent_build_the_workbench_ran_on_its_own_is_no_transaction_warning() -> None:
    """squawk lints each file as one transaction, so it bans CREATE INDEX CONCURRENTLY
    there; the workbench runs that statement outside any transaction, so the finding is a
    notice that says so, and a warning only when the statement did run in one."""
    # (squawk bans it in a file of more than one statement)
    text = "SET lock_timeout = '1s';\nCREATE INDEX CONCURRENTLY e_idx ON entries (amount);\n"
    migration = read_migration("m.sql", text)
    linted = squawk.lint([migration], 18)
    assert any(
        v["rule_name"] == "ban-concurrent-index-creation-in-transaction" for v in linted.violations
    ), linted.violations
    for outside, severity in ((True, "notice"), (False, "warning")):
        statements = [
            StatementResult("m.sql", 1, 1, "", outside_transaction=False, pending=False),
            StatementResult("m.sql", 2, 2, "", outside_transaction=outside, pending=False),
        ]
        merged = {f.kind: f for f in squawk.merge([], linted, [migration], statements)}
        found = merged["ban-concurrent-index-creation-in-transaction"]
        assert found.severity == severity, found
        assert ("outside a transaction" in found.message) is outside
