"""`workbench generate --csv DIR`: the same rows as a load, written as CSV files, no database.

Foreign keys need no database either: parents' keys come from the in-memory key store the
generators fill as they go. A table whose FK closes a cycle is written last, regenerated
(deterministically) with that FK filled in, as the loader's UPDATE would leave it."""

from __future__ import annotations

import csv
import time
from pathlib import Path

import numpy as np

from workbench.config.file import Config
from workbench.errors import GenerationError
from workbench.events import EventSink, RowsWritten, TableDone, TableStarted, Warning, ignore
from workbench.files.safe import open_for_writing, output_dir
from workbench.generate.base.batch import Col
from workbench.generate.base.format import to_text
from workbench.generate.links import key_columns
from workbench.generate.plan.tables import Plan
from workbench.generate.rows.assembler import TableGenerator, referenced_columns
from workbench.generate.view import KeyStore
from workbench.schema.model import Schema
from workbench.schema.parse import ParsedFile
from workbench.schema.rows import OMITTED, NotLiteral, carried_rows


def csv_file_name(table: str) -> str:
    """`schema.table.csv`, the name made safe as one file name in the folder: `/`, `\\`,
    `%`, NUL and other control characters percent-encoded (a table `"x/../../outside/f"`
    wrote `../outside/f.csv`); a name starting with a dot gets `%2E` so none is hidden or
    `..`-like."""
    safe = "".join(
        f"%{ord(ch):02X}" if ch in "/\\%" or ord(ch) < 32 or ord(ch) == 127 else ch for ch in table
    )
    if safe.startswith("."):
        safe = "%2E" + safe[1:]
    return f"{safe}.csv"


def write_csv(
    schema: Schema,
    plan: Plan,
    config: Config,
    out_dir: str | Path,
    *,
    seed: int,
    on_event: EventSink = ignore,
    parsed: ParsedFile | None = None,
) -> list[Path]:
    """One `schema.table.csv` per planned table (header row; empty field for NULL). A table
    filled by the rows schema.sql carries gets those rows (read from `parsed`). `out_dir` has
    passed the checkout check (Engine.write_csv: no link on the way out of the checkout or
    into .workbench/)."""

    schema = plan.schema or schema
    # Neither the folder nor a file in it is followed when a symlink (a checkout can carry
    # `out/public.customers.csv -> ~/.bashrc`): safe_fs refuses them.
    out = output_dir(Path(out_dir))
    keys = KeyStore()
    referenced = referenced_columns(schema)
    deferred_tables = {d.table for d in plan.deferred if d.mode == "update"}
    written: list[Path] = []
    for tp in plan.tables:
        gen = TableGenerator(schema, plan, tp, config, seed, keys, referenced, offline=True)
        if tp.file_rows and not tp.rows:
            on_event(TableStarted(tp.name, tp.file_rows))
            t0 = time.perf_counter()
            written.append(_write_file_rows(gen, schema, parsed, out, referenced, keys))
            on_event(TableDone(tp.name, tp.file_rows, time.perf_counter() - t0))
            continue
        if tp.name in deferred_tables:
            for _ in gen.batches():
                pass  # keys only; the file is written once the cycle's tables exist
            gen.finish()
            continue
        t0 = time.perf_counter()
        on_event(TableStarted(tp.name, tp.rows))
        written.append(_write(gen, out, on_event, {}))
        gen.finish()
        for message in gen.warnings:
            on_event(Warning(message))
        on_event(TableDone(tp.name, tp.rows, time.perf_counter() - t0))
    for tp in plan.tables:
        if tp.name not in deferred_tables:
            continue
        t0 = time.perf_counter()
        on_event(TableStarted(tp.name, tp.rows))
        gen = TableGenerator(schema, plan, tp, config, seed, keys, referenced, offline=True)
        first = TableGenerator(schema, plan, tp, config, seed, KeyStore(), referenced, offline=True)
        first.view.keys = keys  # its rows drawn as the load drew them, then the parents read
        for _ in first.batches():
            pass
        overrides: dict[str, Col] = {}
        for d in plan.deferred:
            if d.table == tp.name and d.mode == "update":
                overrides.update(first.deferred_values(d)[2])
        written.append(_write(gen, out, on_event, overrides))
        on_event(TableDone(tp.name, tp.rows, time.perf_counter() - t0))
    return written


def _write_file_rows(
    gen: TableGenerator,
    schema: Schema,
    parsed: ParsedFile | None,
    out: Path,
    referenced: dict[str, set[str]],
    keys: KeyStore,
) -> Path:
    """The rows schema.sql carries for the table, as the file writes them; their keys go to
    the key store for the children."""

    name = gen.tp.name
    if parsed is None:
        raise GenerationError(f"{name}: its rows come from schema.sql, which was not given")
    try:
        columns, rows = carried_rows(parsed, schema.tables[name])
    except NotLiteral as err:
        raise GenerationError(
            f"generate --csv: {err}; only a load into a database can compute it"
        ) from None
    need = sorted(referenced.get(name, set()))
    missing = [
        c for c in need if c not in columns or any(r[columns.index(c)] is OMITTED for r in rows)
    ]
    if missing:
        raise GenerationError(
            f"generate --csv: the rows schema.sql carries for {name} leave {', '.join(missing)} "
            "to the server's defaults, which other tables reference; only a load into a "
            "database can fill them"
        )
    if need:
        texts = {c: [r[columns.index(c)] for r in rows] for c in need}
        keys.put(name, key_columns(gen.view.specs, texts))
    path = out / csv_file_name(name)
    with open_for_writing(path) as handle:
        writer = csv.writer(handle)
        writer.writerow(columns)
        writer.writerows(rows)
    return path


def _write(gen: TableGenerator, out: Path, on_event: EventSink, overrides: dict[str, Col]) -> Path:
    tp = gen.tp
    path = out / csv_file_name(tp.name)
    with open_for_writing(path) as handle:
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
                texts = np.array(to_text(col, gen.view.specs[c].info), dtype=object)
                texts[col.nulls] = None
                cols.append(texts.tolist())
            writer.writerows(zip(*cols, strict=False))
            done += n
            on_event(RowsWritten(tp.name, done, tp.rows))
    return path
