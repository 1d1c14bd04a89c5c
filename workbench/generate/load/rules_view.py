"""The row rules the generator infers for each column (coherence, timeline, lineage, keys that
meet, trees…), as `workbench classify` shows them: what a column's values will agree with."""

from __future__ import annotations

from workbench.config.file import Config
from workbench.generate.plan.tables import Plan
from workbench.generate.rows.assembler import TableGenerator, referenced_columns
from workbench.generate.view import KeyStore
from workbench.schema.model import Schema


def row_rules(schema: Schema, plan: Plan, config: Config) -> dict[tuple[str, str], list[str]]:
    """(table, column) → the details of the rules that read or write the column. A table
    whose generator cannot be set up here shows none."""
    eff = plan.schema or schema
    referenced = referenced_columns(eff)
    out: dict[tuple[str, str], list[str]] = {}
    for tp in plan.tables:
        try:
            gen = TableGenerator(
                eff, plan, tp, config, plan.seed, KeyStore(), referenced, offline=True
            )
        except Exception:
            continue
        for rule in gen.rules:
            for column in dict.fromkeys(rule.columns):
                out.setdefault((tp.name, column), []).append(rule.detail)
    return out
