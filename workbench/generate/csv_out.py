"""`workbench generate --csv DIR`: the same rows as a load, written as CSV files, no database.

Foreign keys need no database either: parents' keys come from the in-memory key store the
generators fill as they go. A table whose FK closes a cycle is written last, regenerated
(deterministically) with that FK filled in, as the loader's UPDATE would leave it."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np

from workbench.config import Config
from workbench.events import EventSink, RowsWritten, TableDone, TableStarted, ignore
from workbench.generate.checks import Col
from workbench.generate.format import to_text
from workbench.generate.plan import Plan
from workbench.generate.rows import KeyStore, TableGenerator, referenced_columns
from workbench.schema.model import Schema


def write_csv(
    schema: Schema,
    plan: Plan,
    config: Config,
    out_dir: str | Path,
    *,
    seed: int,
    on_event: EventSink = ignore,
) -> list[Path]:
    """One `schema.table.csv` per planned table (header row; empty field for NULL)."""
    import time

    schema = plan.schema or schema
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    keys = KeyStore()
    referenced = referenced_columns(schema)
    deferred_tables = {d.table for d in plan.deferred if d.mode == "update"}
    written: list[Path] = []
    for tp in plan.tables:
        gen = TableGenerator(schema, plan, tp, config, seed, keys, referenced)
        if tp.name in deferred_tables:
            for _ in gen.batches():
                pass  # keys only; the file is written once the cycle's tables exist
            gen.finish()
            continue
        t0 = time.perf_counter()
        on_event(TableStarted(tp.name, tp.rows))
        written.append(_write(gen, out, on_event, {}))
        gen.finish()
        on_event(TableDone(tp.name, tp.rows, time.perf_counter() - t0))
    for tp in plan.tables:
        if tp.name not in deferred_tables:
            continue
        t0 = time.perf_counter()
        on_event(TableStarted(tp.name, tp.rows))
        gen = TableGenerator(schema, plan, tp, config, seed, keys, referenced)
        first = TableGenerator(schema, plan, tp, config, seed, KeyStore(), referenced)
        first.keys = keys
        for _ in first.batches():
            pass
        overrides: dict[str, Col] = {}
        for d in plan.deferred:
            if d.table == tp.name and d.mode == "update":
                overrides.update(first.deferred_values(d)[2])
        written.append(_write(gen, out, on_event, overrides))
        on_event(TableDone(tp.name, tp.rows, time.perf_counter() - t0))
    return written


def _write(gen: TableGenerator, out: Path, on_event: EventSink, overrides: dict[str, Col]) -> Path:
    tp = gen.tp
    path = out / f"{tp.name}.csv"
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(tp.columns)
        done = 0
        for start, batch in gen.batches():
            n = len(next(iter(batch.values())).values)
            cols = []
            for c in tp.columns:
                col = batch[c]
                if c in overrides:
                    o = overrides[c]
                    col = Col(o.values[start : start + n], o.nulls[start : start + n], o.kind)
                texts = np.array(to_text(col, gen.specs[c].info), dtype=object)
                texts[col.nulls] = None
                cols.append(texts.tolist())
            writer.writerows(zip(*cols, strict=False))
            done += n
            on_event(RowsWritten(tp.name, done, tp.rows))
    return path
