"""Sample values for one column without writing anything (the TUI's details pane)."""

from __future__ import annotations

from typing import Any

from workbench.config.file import Config
from workbench.generate.base.format import to_text
from workbench.generate.base.tables import partition_root
from workbench.generate.plan.tables import build_plan
from workbench.generate.rows.assembler import TableGenerator, referenced_columns
from workbench.generate.view import KeyStore
from workbench.schema.model import Schema


def preview_column(
    schema: Schema, config: Config, table: str, column: str, n: int = 10
) -> list[Any]:
    """`n` values (as PostgreSQL text, None for NULL) the generator would give the column.
    Only the table and the tables its foreign keys lead to are generated, n rows each."""
    plan = build_plan(schema, config, rows=n)
    eff = plan.schema or schema
    needed = {table}
    frontier = [table]
    while frontier:
        current = eff.tables.get(frontier.pop())
        if current is None:
            continue
        for fk in current.foreign_keys:
            parent = partition_root(eff, fk.ref_qualified)
            if parent not in needed:
                needed.add(parent)
                frontier.append(parent)
    keys = KeyStore()
    referenced = referenced_columns(eff)
    seed = config.sandbox.seed
    for tp in plan.tables:
        if tp.name not in needed:
            continue
        gen = TableGenerator(eff, plan, tp, config, seed, keys, referenced, offline=True)
        if tp.name == table:
            batch = gen.batch(0, tp.rows)
            col = batch.get(column)
            if col is None:
                return []
            texts = to_text(col, gen.view.specs[column].info)
            return [None if null else t for t, null in zip(texts, col.nulls.tolist(), strict=False)]
        for _ in gen.batches():
            pass
        gen.finish()
    return []
