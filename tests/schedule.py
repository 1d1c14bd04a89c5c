"""The order in which `pytest -n 2 --dist loadfile` hands out test files: the longest first.

xdist gives each worker one file at a time and, by default, the files with the most tests first,
so the files of a single long test (the Hypothesis properties, a lifecycle walked through at
length) came last, and one of them often ran alone on one core at the end while the other was
idle. With `--no-loadscope-reorder` (pyproject's addopts) xdist keeps the order the workers
collected, and tests/conftest.py sorts the files there by the seconds each took in a measured
run (`file_seconds.json`, written by this module): the longest first, which leaves only short
files for the end. Files keep their tests in the order they are written, and no test runs
anywhere else than before: only the order of the files changes. A file not in the table
counts as the table's median; the figures only order the files, so a stale table costs time,
never a result. The table was measured by a `.ci/run` of a clean clone on the 2-core development
machine (2026-12-08 01:33, 620 files, 1,347 s of suite, nothing else running): only their
order is used.

Refresh the table from a run's JUnit report (`--junitxml`, with the suite run as CI runs it):

    .venv/bin/python -m tests.schedule suite.xml
"""

from __future__ import annotations

import json
import statistics
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

FILE_SECONDS = Path(__file__).resolve().parent / "file_seconds.json"


class Item(Protocol):
    nodeid: str


def file_of(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def load_seconds(path: Path = FILE_SECONDS) -> dict[str, float]:
    """The measured seconds per test file ({} when the table is absent or unreadable)."""
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return {str(k): float(v) for k, v in data.get("seconds", {}).items()}


def longest_first(items: Sequence[Item], seconds: dict[str, float]) -> list[Item]:
    """`items` with whole files ordered by their measured seconds, longest first (a file
    without a figure counts as the median); each file's tests stay in their order."""
    default = statistics.median(seconds.values()) if seconds else 0.0
    files: dict[str, list[Item]] = {}
    for item in items:
        files.setdefault(file_of(item.nodeid), []).append(item)
    order = sorted(files, key=lambda f: -seconds.get(f, default))  # stable: ties keep order
    return [item for f in order for item in files[f]]


def seconds_from_junit(reports: Sequence[Path]) -> dict[str, float]:
    """Seconds per test file from JUnit reports: every test case's time (setup, call and
    teardown), summed by the file its class name names."""
    total: dict[str, float] = defaultdict(float)
    for report in reports:
        for case in ET.parse(report).iter("testcase"):
            module = case.get("classname", "")
            parts = module.split(".")
            # "tests.engine.test_x" or "tests.engine.test_x.TestClass": the file is the part
            # up to the first test_ module
            for i, part in enumerate(parts):
                if part.startswith("test_"):
                    total["/".join(parts[: i + 1]) + ".py"] += float(case.get("time", 0) or 0)
                    break
    return dict(total)


def main(argv: Sequence[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    seconds = seconds_from_junit([Path(a) for a in argv])
    table = {"seconds": {f: round(s, 1) for f, s in sorted(seconds.items())}}
    FILE_SECONDS.write_text(json.dumps(table, indent=1) + "\n")
    print(f"{FILE_SECONDS}: {len(seconds)} files, {sum(seconds.values()):.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
