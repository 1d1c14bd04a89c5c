"""What this round's parent rules cost: money in its currency (money.py) and addresses that
follow their owner's country (place_parent.py), switched on and off in the same process over
bench_coherence's inputs (the shipped example, or a schema of ../shared/schemas), runs
interleaved, CPU time (median).

    .venv/bin/python bench/bench_money.py [--shared pagila15] [--repeat 7]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

import bench_coherence  # noqa: E402

from workbench.generate.rows.assembler import TableGenerator  # noqa: E402
from workbench.generate.rules import place_parent  # noqa: E402

_INIT = TableGenerator.__init__
_PLAN = place_parent.plan_parent
_ON = {"rules": True}


def _init(self: TableGenerator, *args: Any, **kwargs: Any) -> None:
    place_parent.plan_parent = _PLAN if _ON["rules"] else (lambda gen: None)  # type: ignore[assignment]
    _INIT(self, *args, **kwargs)
    if not _ON["rules"]:
        self.rules = [r for r in self.rules if r.kind != "money"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--shared", help="a schema of ../shared/schemas (1,500 × 3 rows)")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    TableGenerator.__init__ = _init  # type: ignore[method-assign]
    scale = 3 if args.shared else 9
    bench_coherence.run(1, True, args.shared)  # imports and pools first
    on, off = [], []
    for _ in range(args.repeat):
        _ON["rules"] = True
        on.append(bench_coherence.run(scale, True, args.shared)[0])
        _ON["rules"] = False
        off.append(bench_coherence.run(scale, True, args.shared)[0])
    with_rules, without = statistics.median(on), statistics.median(off)
    print(f"{args.shared or 'example'} x{scale} (CPU seconds, median of {args.repeat})")
    print(f"  money and place-parent rules on {with_rules:.3f}s | off {without:.3f}s")
    print(f"  they cost {with_rules / without - 1:+.1%}")


if __name__ == "__main__":
    main()
