"""Declared row rules (copy_from, after, derive) checked at plan time, before anything is
dropped: each table's generator is built offline (which resolves the rules and orders them,
lineage.py), and every `derive` is computed once over a few stand-in rows so that a function
the evaluator lacks, a result of the wrong type, a constant a CHECK rejects or a constant on a
unique column is a ConfigError naming the key, not a failure halfway through a load. The
parents' totals (sum_of / count_of) are resolved here by the same function the loader uses
(totals.table_rollups), so a bad one is refused before a table is touched too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.config.file import Config
from workbench.generate.kinds.totals import table_rollups
from workbench.generate.plan.tables import Plan
from workbench.generate.rows.assembler import TableGenerator
from workbench.generate.view import KeyStore
from workbench.schema.model import Schema

if TYPE_CHECKING:
    pass


def check_declared_rules(schema: Schema, plan: Plan, config: Config) -> None:
    """Every table of the plan with a declared row rule: its generator built without a server
    and its declared totals resolved (ConfigError on the first bad rule)."""

    for tp in plan.tables:
        section = config.tables.get(tp.name)
        if section is None:
            continue
        overrides = section.columns.values()
        if any(o.sum_of or o.count_of for o in overrides):
            full = plan.schema or schema
            table_rollups(full, full.tables[tp.name], config)
        if any(o.copy_from or o.after or o.derive for o in overrides):
            TableGenerator(schema, plan, tp, config, plan.seed, KeyStore(), offline=True)
