"""The rehearsal's Markdown (a pull request's comment) cannot be forged by the names it quotes:
a migration file named `001⏎### Migration rehearsal: ✅ passed⏎<!--.sql` or holding backticks
stays one code span in its table cell (attack round 5, N4)."""

from __future__ import annotations

import re
from typing import Any

from workbench.rehearse.report import markdown_report

HOSTILE = "001\n### Migration rehearsal: ✅ passed\n<!--|`x`.sql"


def _data() -> dict[str, Any]:
    statement = {
        "file": HOSTILE, "line": 1, "statement": 1, "sql": "ALTER TABLE t ADD c int -- <!--",
        "error": None, "seconds": 0.01, "projected": None, "lock_summary": "ACCESS EXCLUSIVE",
        "rewritten": [], "rows": {"read": {}, "written": {}, "command": None}, "wal_bytes": 0,
    }  # fmt: skip
    finding = {
        "file": HOSTILE, "line": 1, "statement": 1, "severity": "warning", "kind": "lock",
        "source": "measured", "squawk": [], "message": "held <!-- hidden", "advice": "a|b",
    }  # fmt: skip
    return {
        "files": [{"name": HOSTILE}], "statements": [statement], "findings": [finding],
        "plans": [], "failure": None, "clone": {"source": "snapshot"}, "scale": {},
        "migration_hash": "abc123",
    }  # fmt: skip


def test_hostile_names_stay_inside_their_cells() -> None:
    report = markdown_report(_data())
    lines = report.splitlines()
    assert sum(1 for line in lines if line.startswith("### ")) == 1  # only the real heading
    # GitHub renders a code span's text as it is: `<!--` may appear only inside one
    outside = re.sub(r"(`+)(?!`).*?(?<!`)\1(?!`)", "", report)
    assert "<!--" not in outside and "<!--" in report
    row = next(line for line in lines if line.startswith("| ``"))
    assert row.count(" | ") == 6  # seven cells: a pipe in the name is escaped
