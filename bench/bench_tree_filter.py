"""What one keystroke of the schema tree's filter (`/`) costs on a big schema: the tree
rebuilt with columns added only to tables opened (as it does) against every table's columns
added up front (the baseline: how the tree was built before), runs interleaved, wall time of
the rebuild alone (headless; painting is the terminal's share).

    .venv/bin/python bench/bench_tree_filter.py [--schema ../shared/schemas/musicbrainz.sql]
        [--repeat 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from workbench.screens.app import make_app  # noqa: E402
from workbench.widgets.schema_tree import SchemaTree  # noqa: E402

FILTERS = ("a", "ar", "art", "artist", "zzz", "")


def project(schema: Path) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="bench_tree_"))
    (folder / "schema.sql").write_text(schema.read_text(encoding="utf-8"), encoding="utf-8")
    # No server is reached: the tree needs schema, decisions, plan and estimate only.
    (folder / "sandbox.toml").write_text(
        '[sandbox]\nname = "bench"\ndsn = "host=127.0.0.1 port=1 dbname=bench user=u"\n'
        'schema = "schema.sql"\n[generate]\nrows = 10\n'
    )
    return folder / "sandbox.toml"


def timed(tree: SchemaTree, text: str, eager: bool) -> float:
    started = time.perf_counter()
    tree.filter(text)
    if eager:
        for name in list(tree._unfilled):
            tree._fill(name)
    return time.perf_counter() - started


async def run(schema: Path, repeat: int) -> None:
    app = make_app(project(schema))
    async with app.run_test(size=(160, 48)) as pilot:
        while not getattr(app.screen, "model", None):
            await pilot.pause(0.1)
        await app.workers.wait_for_complete()
        tree = app.screen.query_one(SchemaTree)
        columns = sum(len(t.columns) for t in app.screen.model.schema.tables.values())
        print(f"{schema.name}: {len(tree.table_names)} tables, {columns} columns")
        print(f"{'filter':>10} {'lazy ms':>9} {'eager ms':>9} {'ratio':>7}")
        for text in FILTERS:
            lazy, eager = [], []
            for _ in range(repeat):
                lazy.append(timed(tree, text, eager=False))
                eager.append(timed(tree, text, eager=True))
            a, b = statistics.median(lazy), statistics.median(eager)
            print(f"{text!r:>10} {a * 1000:9.1f} {b * 1000:9.1f} {b / a:6.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--schema", type=Path, default=REPO.parent / "shared/schemas/musicbrainz.sql"
    )
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    asyncio.run(run(args.schema, args.repeat))


if __name__ == "__main__":
    main()
