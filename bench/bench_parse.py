"""Parse the largest file of ../shared/schemas several times and print the timings.

Target: under 2 s per parse. Run: python bench/bench_parse.py [runs]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from workbench.schema.parse import parse_schema_file

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "schemas"


def main(runs: int = 5) -> int:
    files = sorted(SHARED.glob("*.sql"), key=lambda p: p.stat().st_size, reverse=True)
    if not files:
        print(f"no schema files in {SHARED}")
        return 1
    largest = files[0]
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        pf = parse_schema_file(largest)
        times.append(time.perf_counter() - t0)
    s = pf.schema
    lines = largest.read_text().count("\n")
    print(
        f"{largest.name}: {largest.stat().st_size} bytes, {lines} lines, "
        f"{len(pf.statements)} statements, {len(s.tables)} tables"
    )
    print(
        f"parse ×{runs}: first {times[0]:.3f} s, median {statistics.median(times):.3f} s, "
        f"max {max(times):.3f} s (target < 2 s)"
    )
    return 0 if max(times) < 2.0 else 2


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 5))
