"""The planned side of a foreign key column: how many children each parent row should get.

With a `children` spec the plan applies, its law (Zipf, uniform, fixed). Without one, a plain
foreign key's rows pick their parents by the generator's default fan-out, whose law
(distribution_law.default_fanout_law) depends only on the numbers of children and parents.
Anything else shapes the picks its own way (optimizer statistics, a unique key over the
column, a self reference, a key filled in later): there is no law to hold the data to, and
the review shows the actual side only rather than a verdict that would be wrong."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from workbench.distribution.law import children_law, default_fanout_law

if TYPE_CHECKING:
    from workbench.context import Context
    from workbench.generate.plan.tables import Plan
    from workbench.schema.model import ForeignKey, Table


def sandbox_plan(ctx: Context) -> Plan | None:
    """The plan the sandbox was built with (its lease names the rows asked for)."""
    from workbench.errors import WorkbenchError
    from workbench.records.lease import read_lease

    lease = read_lease(ctx.state_dir)
    try:
        return ctx.plan(rows=lease.rows if lease is not None else None)
    except WorkbenchError:
        return None


def _in_unique_key(table: Table, columns: list[str]) -> bool:
    keys: list[list[str | None]] = [list(table.primary_key.columns)] if table.primary_key else []
    keys += [list(u.columns) for u in table.uniques]
    return any(set(columns) & {c for c in key if c} for key in keys)


def _default_applies(ctx: Context, plan: Plan, tbl: Table, fk: ForeignKey) -> bool:
    tp = plan.table(tbl.qualified)
    if tp is None or plan.statistics is not None or len(fk.columns) != 1:
        return False
    ids = {id(f) for f in tp.self_fks} | {id(f) for f in tp.ignored_fks}
    ids |= {id(d.fk) for d in tp.deferred_fks}
    if id(fk) in ids or fk.ref_qualified == tbl.qualified or _in_unique_key(tbl, fk.columns):
        return False
    if tp.children is not None:
        return False  # the spec's parent takes the children mode; others are not modelled
    override = ctx.config.table(tbl.qualified).columns.get(fk.columns[0])
    ruled = override is not None and any(
        (override.generator, override.values, override.range, override.copy_from,
         override.after, override.derive, override.params)
    )  # fmt: skip
    return not ruled


def planned_children(ctx: Context, plan: Plan | None, tbl: Table, fk: ForeignKey) -> dict[str, Any]:
    """The `children` spec for this FK and its law (share of parents with k children), or
    `default_law` True when the generator's default fan-out applies (its law needs the
    actual numbers of children and parents: add_default_law)."""
    spec = ctx.config.table(tbl.qualified).children
    tp = plan.table(tbl.qualified) if plan is not None else None
    planned: dict[str, Any] | None = None
    law: list[dict[str, Any]] | None = None
    note = None
    if spec is not None and spec.parent in (fk.ref_qualified, fk.ref_table):
        planned = {
            "distribution": spec.distribution,
            "count": spec.count,
            "min": spec.min,
            "max": spec.max,
            "skew": spec.skew,
        }
        if tp is not None and tp.children is None:
            note = "the plan does not apply this children spec: " + "; ".join(tp.notes or ["-"])
        else:
            shares = children_law(
                spec.distribution, count=spec.count, low=spec.min, high=spec.max, skew=spec.skew
            )
            law = [{"children": k, "share": round(p, 9)} for k, p in sorted(shares.items())]
    default = planned is None and plan is not None and _default_applies(ctx, plan, tbl, fk)
    return {
        "parent": fk.ref_qualified,
        "parent_columns": list(fk.ref_columns),
        "planned": planned,
        "law": law,
        "default_law": default,
        "plan_note": note,
        "histogram": [],
        "parents": None,
        "mean": None,
        "max": None,
    }


def add_default_law(children: dict[str, Any]) -> None:
    """The default fan-out's law for the children and parents the sandbox holds."""
    if not children.get("default_law") or not children.get("parents"):
        return
    hist = children.get("histogram") or []
    n = sum(h["children"] * h["parents"] for h in hist)
    shares = default_fanout_law(n, int(children["parents"]))
    if shares:
        children["law"] = [{"children": k, "share": round(p, 12)} for k, p in shares.items()]
