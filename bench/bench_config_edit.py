"""What one edit of a large sandbox.toml costs (the TUI's preview runs it on every keystroke):
a file with --tables × --columns recorded column sections (as `classify --write` leaves it),
one weight edited in the middle, the block path (config_sections: only the table's sections
through tomlkit) against the whole document through tomlkit, runs interleaved, CPU time.

    .venv/bin/python bench/bench_config_edit.py [--tables 400] [--columns 6] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from workbench.edit import toml as config_edit  # noqa: E402
from workbench.edit.toml import Edit, changed_lines, edited_text  # noqa: E402


def large_config(tables: int, columns: int) -> str:
    parts = ['# recorded by classify --write\n[sandbox]\nname = "big"\n']
    for t in range(tables):
        parts.append(f'\n[tables."public.t{t:04d}"]\nrows = {100 + t}\n')
        for c in range(columns):
            parts.append(
                f'\n[tables."public.t{t:04d}".columns.c{c}]\n'
                f"values = {{ a = 0.5, b = 0.3, c = 0.2 }}  # column {c}\n"
            )
    return "".join(parts)


def _cpu(fn) -> float:
    started = time.process_time()
    fn()
    return time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=400)
    parser.add_argument("--columns", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    text = large_config(args.tables, args.columns)
    table = f"public.t{args.tables // 2:04d}"
    edit = Edit(table, column="c1", changes={"values": {"a": 0.6, "b": 0.2, "c": 0.2}})
    whole = config_edit._in_block
    block_s, whole_s = [], []
    for _ in range(args.repeat):
        block_s.append(_cpu(lambda: changed_lines(text, edited_text(text, edit))))
        config_edit._in_block = lambda text, edit: None  # the whole-document path only
        try:
            whole_s.append(_cpu(lambda: changed_lines(text, edited_text(text, edit))))
        finally:
            config_edit._in_block = whole
    lines = text.count("\n")
    block, doc = statistics.median(block_s), statistics.median(whole_s)
    print(f"sandbox.toml of {lines:,} lines, one weight edited (median of {args.repeat}, CPU)")
    print(f"  block path     {block:6.2f} s")
    print(f"  whole document {doc:6.2f} s")
    print(f"  ratio          {doc / block:6.1f}x")


if __name__ == "__main__":
    main()
