"""Every column's decision as `workbench classify` shows it: the generator column semantics
chose (semantics.py) and, for a column with a declared range, the time rule the range wins over."""

from __future__ import annotations

from workbench.config.file import Config
from workbench.errors import GenerationError
from workbench.generate.kinds import defaults
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.semantics import ColumnDecision, decide_column
from workbench.schema.model import Schema, Table
from workbench.schema.typeinfo import resolve_type


def classify(schema: Schema, config: Config) -> list[tuple[str, str, ColumnDecision]]:
    """Every column's decision, for `workbench classify` (partitions and generated columns
    excluded: they get no values of their own)."""
    out: list[tuple[str, str, ColumnDecision]] = []
    for qualified, table in sorted(schema.tables.items()):
        if table.partition_of:
            continue
        for column in table.columns:
            if column.generated is not None:
                out.append(
                    (
                        qualified,
                        column.name,
                        ColumnDecision("server", {}, False, "generated column"),
                    )
                )
                continue
            try:
                decision = decide_column(schema, table, column, config)
                decision.reason += range_over_rules(schema, table, column.name, config)
                info = resolve_type(schema, column.type)
                decision.reason += defaults.describe(
                    defaults.column_prior(table, column, decision, info)
                )
            except GenerationError as err:
                decision = ColumnDecision("error", {}, False, str(err))
            out.append((qualified, column.name, decision))
    return out


def range_over_rules(schema: Schema, table: Table, column: str, config: Config) -> str:
    """For `workbench classify`: the timeline rule a declared range overrides, if any."""

    override = config.table(table.qualified).columns.get(column)
    model = next((c for c in table.columns if c.name == column), None)
    if override is None or override.range is None or model is None:
        return ""
    if resolve_type(schema, model.type).kind not in ("timestamp", "timestamptz", "date"):
        return ""
    anchor = anchor_of(schema, table, config)
    if anchor is None:
        return ""
    if column == anchor:
        parents = []
        for fk in table.foreign_keys:
            parent = schema.tables.get(fk.ref_qualified)
            if parent is None or parent is table:
                continue
            parent_anchor = anchor_of(schema, parent, config)
            if parent_anchor is not None:
                parents.append(f"{fk.ref_qualified}.{parent_anchor}")
        if not parents:
            return ""
        rule = f"{column} after {', '.join(parents)}"
    else:
        rule = f"{column} after {anchor}"
    return (
        f"; its range wins over the timeline rule '{rule}': a row the rule would move "
        "outside the range stays inside it"
    )


def temporary_line(schema: Schema) -> str | None:
    """One line for the file's temporary tables (CREATE [GLOBAL|LOCAL] TEMP TABLE): they live
    in the session that made them, so generate does not fill them."""
    names = sorted(q for q, t in schema.tables.items() if t.temporary)
    if not names:
        return None
    return (
        f"not filled: {len(names)} temporary table(s), which live only in the session that "
        f"makes them: {', '.join(names)}"
    )
