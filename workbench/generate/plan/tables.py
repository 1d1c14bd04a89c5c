"""The plan: which tables get rows, how many, and in which order.

Tables load in foreign-key dependency order. A cycle is broken by one of its FKs that is either
nullable (rows go in with NULL, an UPDATE fills the key once the cycle's tables are loaded) or
DEFERRABLE (values written at once, the cycle's tables committed in one transaction with the
constraints deferred). Self-references stay inside the table: each row's parent is an earlier
row. Partitions are not loaded apart: rows go into the partitioned parent and PostgreSQL routes
them, so the plan records the partitions' bounds for the key column's generator.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from workbench.config.file import MAX_ROWS, ChildrenSpec, Config
from workbench.errors import ConfigError, GenerationError
from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.holdings import load_before
from workbench.generate.kinds.totals import table_rollups
from workbench.generate.plan.capacity import capacity
from workbench.generate.plan.counted import children_counts, counted_laws, note
from workbench.generate.plan.implied_keys import with_implied_keys
from workbench.generate.plan.lines import document_lines
from workbench.generate.plan.roles import role_of, sized
from workbench.schema import memo
from workbench.schema.model import ForeignKey, Schema, Table
from workbench.stats.load import load_statistics
from workbench.stats.shape import table_rows


@dataclass
class PartitionSpec:
    column: str
    kind: str  # range | list | hash
    ranges: list[tuple[str | None, str | None]] = field(default_factory=list)  # [from, to)
    values: list[str] = field(default_factory=list)
    has_default: bool = False


@dataclass
class DeferredFK:
    """An FK broken out of a cycle: filled by UPDATE once `after` has loaded."""

    table: str
    fk: ForeignKey
    after: str
    mode: str = "update"  # "update": insert NULL then UPDATE; "deferrable": write values at once


@dataclass
class TablePlan:
    name: str
    rows: int
    columns: list[str]  # the COPY column list (generated columns excluded)
    self_fks: list[ForeignKey] = field(default_factory=list)
    deferred_fks: list[DeferredFK] = field(default_factory=list)
    ignored_fks: list[ForeignKey] = field(default_factory=list)  # parent not loaded
    children: ChildrenSpec | None = None
    children_counts: np.ndarray | None = None  # rows per parent row, for children specs
    partition: PartitionSpec | None = None
    txn_group: str | None = None  # tables sharing a group commit together
    notes: list[str] = field(default_factory=list)
    # Rows schema.sql carries for this table, loaded as they are (0: none, or sandbox.toml
    # gives the table rows of its own, which then replace them).
    file_rows: int = 0

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "rows": self.rows}
        if self.file_rows:
            out["from_schema_sql"] = self.file_rows
        return out


@dataclass
class Plan:
    tables: list[TablePlan]
    deferred: list[DeferredFK] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (table, reason)
    warnings: list[str] = field(default_factory=list)
    seed: int = 0
    schema: Schema | None = None  # the schema with partitions' constraints merged in
    statistics: Any = None  # workbench.stats.parse.Statistics shaping this plan, if any
    scale: float | None = None  # sandbox rows per production row (statistics only)

    @property
    def total_rows(self) -> int:
        """Rows to synthesize (the file's own rows apart: `file_rows`)."""
        return sum(t.rows for t in self.tables)

    @property
    def file_rows(self) -> int:
        return sum(t.file_rows for t in self.tables)

    def table(self, name: str) -> TablePlan | None:
        for t in self.tables:
            if t.name == name:
                return t
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "tables": [t.to_dict() for t in self.tables],
            "total_rows": self.total_rows,
            "from_schema_sql": self.file_rows,
        }


def fk_nullable(table: Table, fk: ForeignKey) -> bool:
    pk = set(table.primary_key.columns) if table.primary_key else set()
    for name in fk.columns:
        col = table.column(name)
        if col is None or not col.nullable or name in pk:
            return False
    return True


@memo.by_identity  # one merged schema per parsed one: what is memoised per schema stays valid
def effective_schema(schema: Schema) -> Schema:
    """The schema as generation sees it: a partitioned table also carries the FKs, uniques and
    checks declared only on its partitions (pg_dump puts them there): every row lands in one."""
    if getattr(schema, "_wb_effective", False):
        return schema
    parts: dict[str, list[Table]] = {}
    for table in schema.tables.values():
        if table.partition_of:
            parts.setdefault(partition_root(schema, table.partition_of), []).append(table)
    if not parts:
        return schema
    tables = dict(schema.tables)
    for parent, children in parts.items():
        base = tables.get(parent)
        if base is None:
            continue
        fks = list(base.foreign_keys)
        seen = {(tuple(f.columns), f.ref_qualified, tuple(f.ref_columns)) for f in fks}
        checks = list(base.checks)
        seen_checks = {c.expr.sql for c in checks}
        for child in children:
            for fk in child.foreign_keys:
                key = (tuple(fk.columns), fk.ref_qualified, tuple(fk.ref_columns))
                if key not in seen:
                    seen.add(key)
                    fks.append(fk)
            for check in child.checks:
                if check.expr.sql not in seen_checks:
                    seen_checks.add(check.expr.sql)
                    checks.append(check)
        tables[parent] = dataclasses.replace(base, foreign_keys=fks, checks=checks)
    merged = dataclasses.replace(schema, tables=tables)
    merged._wb_effective = True  # type: ignore[attr-defined]
    return merged


def loadable_tables(schema: Schema) -> tuple[list[Table], list[tuple[str, str]]]:
    tables, skipped = [], []
    views = set(schema.views)
    for name, table in schema.tables.items():
        if name in views:
            skipped.append((name, "view"))
        elif table.temporary:
            skipped.append((name, "temporary table: it lives in one session, not filled"))
        elif table.partition_of:
            skipped.append((name, f"partition of {table.partition_of}: rows go to the parent"))
        elif not [c for c in table.columns if c.generated is None]:
            skipped.append((name, "no columns to fill"))
        else:
            tables.append(table)
    return tables, skipped


def loads_from_file(table: Table, config: Config) -> bool:
    """The rule for rows schema.sql carries: the table gets exactly those rows, unless
    sandbox.toml gives it rows of its own (`rows` or `children`), which then replace them."""
    section = config.table(table.qualified)
    return bool(table.file_rows) and section.rows is None and section.children is None


def build_plan(
    schema: Schema,
    config: Config,
    *,
    rows: int | None = None,
    seed: int | None = None,
    preloaded: Mapping[str, int] | None = None,
) -> Plan:
    """Rows per table and load order; raises GenerationError on a cycle no FK can break.
    `preloaded`: tables whose rows are loaded before generation (a seed import), with their
    counts; they are planned as the rows schema.sql carries are, and children reference them."""
    seed = config.sandbox.seed if seed is None else seed
    schema = with_implied_keys(effective_schema(schema))  # the keys it implies (card.board_id)
    tables, skipped = loadable_tables(schema)
    names = {t.qualified for t in tables}
    plan = Plan(tables=[], skipped=skipped, seed=seed, schema=schema)
    shaped = _statistics_rows(plan, schema, tables, config)

    # edges child -> parent (excluding self-references)
    edges: dict[str, list[tuple[str, ForeignKey]]] = {t.qualified: [] for t in tables}
    self_fks: dict[str, list[ForeignKey]] = {t.qualified: [] for t in tables}
    ignored: dict[str, list[ForeignKey]] = {t.qualified: [] for t in tables}
    for table in tables:
        for fk in table.foreign_keys:
            parent = partition_root(schema, fk.ref_qualified)
            if parent == table.qualified:
                self_fks[table.qualified].append(fk)
            elif parent in names:
                edges[table.qualified].append((parent, fk))
            else:
                ignored[table.qualified].append(fk)
                plan.warnings.append(
                    f"{table.qualified}: FK {fk.name or fk.columns} references {fk.ref_qualified}, "
                    "which is not loaded; its columns are left NULL where allowed"
                )

    deferred = _break_cycles(schema, edges)
    order = _topo_order(sorted(names), edges)
    later = _rollup_edges(schema, config, edges)
    for name, link in load_before(schema, config):  # after who is where, what parties hold
        if name in names and link in names and not _depends(link, name, edges):
            later.setdefault(name, []).append((link, None))
    if later:  # a parent whose totals its children give: after the children's other parents
        merged = {n: [*edges[n], *later.get(n, [])] for n in names}
        again = _topo_order(sorted(names), merged)
        order = again if len(again) == len(order) else order

    groups: dict[str, str] = {}
    for d in deferred:
        if d.mode == "deferrable":
            group = groups.get(d.table) or groups.get(d.after) or d.table
            groups[d.table] = groups[d.after] = group
    _span_groups(order, groups)

    lines = document_lines(schema, config, sorted(names), set(shaped))
    lines = counted_laws(schema, config, sorted(names), set(shaped), lines)  # plan/counted.py
    parent_rows: dict[str, int] = {}
    for name in order:
        table = schema.tables[name]
        tp = TablePlan(
            name=name,
            rows=0,
            columns=[c.name for c in table.columns if c.generated is None],
            self_fks=self_fks[name],
            ignored_fks=ignored[name],
            deferred_fks=[d for d in deferred if d.table == name],
            partition=partition_spec(schema, table),
            txn_group=groups.get(name),
        )
        section = config.table(name)
        if preloaded and name in preloaded:
            tp.file_rows = preloaded[name]
            tp.notes.append(f"{tp.file_rows:,} rows from the seed")
            parent_rows[name] = tp.file_rows
            plan.tables.append(tp)
            continue
        if loads_from_file(table, config):
            # The file's own rows (schema_migrations, seed rows of a lookup table): loaded as
            # they are, not synthesized; sandbox.toml's `rows` for the table replaces them.
            tp.file_rows = table.file_rows
            tp.notes.append(f"{table.file_rows:,} rows from schema.sql")
            parent_rows[name] = table.file_rows
            plan.tables.append(tp)
            continue
        spec = section.children or lines.get(name)  # a document's lines (plan/lines.py)
        follows_parent = spec is not None and partition_root(schema, spec.parent) in parent_rows
        if rows is not None and not follows_parent:
            # --rows sizes every table but a children table, which keeps its law per parent
            # row (and so its line numbers 1, 2, 3 per parent) over the resized parents
            tp.rows = rows
        elif rows is None and section.rows is not None:
            tp.rows = section.rows
        elif rows is None and name in shaped and section.children is None:
            tp.rows = shaped[name]
            tp.notes.append(f"{tp.rows:,} rows from statistics (scale {plan.scale:.4g})")
        elif spec is not None and follows_parent:
            tp.notes += [] if section.children else [note(spec)]
            tp.children = spec
            n_parents = parent_rows[partition_root(schema, spec.parent)]
            tp.children_counts = children_counts(spec, n_parents, seed, name)
            tp.rows = int(tp.children_counts.sum())
        else:
            if section.children is not None:
                plan.warnings.append(
                    f"{name}: children.parent {section.children.parent} is not loaded before "
                    "it; using the default rows"
                )
            tp.rows = config.generate.rows
        _check_row_limit(tp, None if follows_parent else rows, section.rows, config)
        role = sized(role_of(schema, table, config), parent_rows)
        own = section.rows is not None or section.children is not None
        if role.natural is not None and tp.rows > role.natural and not own and name not in shaped:
            # a reference table holds what the world has (roles.py), unless sandbox.toml sizes it
            tp.notes.append(f"{role.natural:,} rows: {role.why}")
            tp.rows = role.natural
        if table.partition_by and tp.partition is None:
            tp.rows = 0
            tp.notes.append("partitioned table without partitions: nothing can be inserted")
        cap, why = row_capacity(schema, table, parent_rows, edges[name], config)
        if cap is not None and tp.rows > cap:
            noun = "row" if cap == 1 else "rows"
            plan.warnings.append(f"{name}: capped at {cap} {noun} ({tp.rows} requested): {why}")
            tp.notes.append(f"capped at {cap}: {why}")
            tp.rows = cap
            tp.children_counts = None if tp.children is None else tp.children_counts
            if tp.children is not None:
                tp.children = None
                tp.children_counts = None
        parent_rows[name] = tp.rows
        plan.tables.append(tp)
    plan.deferred = deferred
    fix_deferred_after(plan)
    return plan


def _check_row_limit(tp: TablePlan, rows: int | None, own: int | None, config: Config) -> None:
    """A count beyond MAX_ROWS is refused at plan time, before anything is dropped or made,
    naming where it came from (--rows, the table's rows, its children, a statistics scale)."""
    if tp.rows <= MAX_ROWS:
        return
    if rows is not None:
        source = "--rows"
    elif own is not None:
        source = f'key tables."{tp.name}".rows'
    elif tp.children is not None:
        source = f'key tables."{tp.name}".children (its children per parent row)'
    elif any("from statistics" in n for n in tp.notes):
        source = "key generate.scale (applied to the statistics' row counts)"
    else:
        source = "key generate.rows"
    raise ConfigError(
        f"{config.path}: {source} gives {tp.name} {tp.rows:,} rows: expected at most "
        f"{MAX_ROWS:,} rows per table (the most the generator loads into one table)."
    )


def _statistics_rows(
    plan: Plan, schema: Schema, tables: list[Table], config: Config
) -> dict[str, int]:
    """Rows per table from the optimizer statistics the project carries (workbench.stats)."""

    stats = load_statistics(config)
    if stats is None:
        return {}
    plan.statistics = stats
    shaped, plan.scale = table_rows(stats, schema, tables, config)
    return shaped


def _sccs(nodes: list[str], edges: dict[str, list[tuple[str, ForeignKey]]]) -> list[list[str]]:
    """Tarjan's strongly connected components, iteratively."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for start in nodes:
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            targets = [p for p, _ in edges.get(node, [])]
            if i < len(targets):
                work.append((node, i + 1))
                nxt = targets[i]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            for p in targets:
                if p in on_stack:
                    low[node] = min(low[node], low[p])
            if low[node] == index[node]:
                comp = []
                while True:
                    item = stack.pop()
                    on_stack.discard(item)
                    comp.append(item)
                    if item == node:
                        break
                out.append(comp)
    return out


def _break_cycles(
    schema: Schema, edges: dict[str, list[tuple[str, ForeignKey]]]
) -> list[DeferredFK]:
    deferred: list[DeferredFK] = []
    while True:
        cyclic = [c for c in _sccs(sorted(edges), edges) if len(c) > 1]
        if not cyclic:
            return deferred
        comp = sorted(cyclic[0])
        members = set(comp)
        candidates = []
        for child in comp:
            table = schema.tables[child]
            for parent, fk in edges[child]:
                if parent not in members:
                    continue
                if fk_nullable(table, fk):
                    candidates.append((0, child, parent, fk, "update"))
                elif fk.deferrable:
                    candidates.append((1, child, parent, fk, "deferrable"))
                elif _predictable(schema.tables[parent], fk):
                    # NOT NULL and checked at once, but the load checks every key of the
                    # cycle's tables together before their one commit (load/detach.py): the
                    # child's values are drawn from the keys the parent will have
                    candidates.append((2, child, parent, fk, "deferrable"))
        if not candidates:
            raise GenerationError(
                "foreign keys form a cycle in which every key references columns that are "
                "themselves foreign keys, so no table's keys can be drawn before another's: "
                + " → ".join(comp + comp[:1])
                + ". Make one of these keys nullable or DEFERRABLE."
            )
        candidates.sort(key=lambda c: (c[0], c[1], c[2]))
        _, child, parent, fk, mode = candidates[0]
        edges[child] = [(p, f) for p, f in edges[child] if f is not fk]
        deferred.append(DeferredFK(child, fk, after=parent, mode=mode))


def _span_groups(order: list[str], groups: dict[str, str]) -> None:
    """One transaction holds a group from its first table to its last in load order: a table
    loaded between them (a child of the cycle's first member) joins the group, since its load
    runs inside that open transaction; overlapping groups merge."""
    changed = True
    while changed:
        changed = False
        for group in sorted(set(groups.values())):
            at = [i for i, name in enumerate(order) if groups.get(name) == group]
            for name in order[at[0] : at[-1] + 1] if at else []:
                other = groups.get(name)
                if other == group:
                    continue
                if other is None:
                    groups[name] = group
                else:
                    for member, g in list(groups.items()):
                        if g == other:
                            groups[member] = group
                changed = True
            if changed:
                break


def _predictable(parent: Table, fk: ForeignKey) -> bool:
    """Whether the parent's referenced key can be known before its rows are made: none of
    its columns is itself a foreign key of the parent."""
    own = {c for other in parent.foreign_keys for c in other.columns}
    return not own.intersection(fk.ref_columns)


def _rollup_edges(
    schema: Schema, config: Config, edges: dict[str, list[tuple[str, ForeignKey]]]
) -> dict[str, list[tuple[str, Any]]]:
    """For each parent with a rollup (totals.py), the child's other parents to load first: the
    ones that do not themselves depend on the parent."""

    out: dict[str, list[tuple[str, Any]]] = {}
    for name in edges:
        try:
            rollups = table_rollups(schema, schema.tables[name], config)
        except ConfigError:
            continue  # reported with its key when the table is generated
        for rollup in rollups:
            for other, _ in edges.get(rollup.child, []):
                if other != name and not _depends(other, name, edges):
                    out.setdefault(name, []).append((other, None))
    return out


def _depends(table: str, on: str, edges: dict[str, list[tuple[str, ForeignKey]]]) -> bool:
    """Whether `table` references `on`, directly or through its parents."""
    seen, todo = set(), [table]
    while todo:
        current = todo.pop()
        for parent, _ in edges.get(current, []):
            if parent == on:
                return True
            if parent not in seen:
                seen.add(parent)
                todo.append(parent)
    return False


def _topo_order(names: list[str], edges: dict[str, list[tuple[str, Any]]]) -> list[str]:
    import heapq

    pending = {n: {p for p, _ in edges[n]} for n in names}
    children: dict[str, list[str]] = {n: [] for n in names}
    for n in names:
        for p in pending[n]:
            children[p].append(n)
    ready = [n for n in names if not pending[n]]
    heapq.heapify(ready)
    order = []
    while ready:
        n = heapq.heappop(ready)
        order.append(n)
        for c in children[n]:
            pending[c].discard(n)
            if not pending[c]:
                heapq.heappush(ready, c)
    return order


def fix_deferred_after(plan: Plan) -> None:
    """A deferred FK's UPDATE runs after the later of its two tables."""
    position = {t.name: i for i, t in enumerate(plan.tables)}
    for d in plan.deferred:
        if position.get(d.table, 0) > position.get(d.after, 0):
            d.after = d.table


# --- partitions ---------------------------------------------------------------------------

_BOUND_VALUE = r"(MINVALUE|MAXVALUE|'(?:[^']|'')*'|[-+]?[0-9.]+)"


def _bound_value(text: str) -> str | None:
    text = text.strip()
    if text.upper() in ("MINVALUE", "MAXVALUE"):
        return None
    if text.startswith("'"):
        return text[1:-1].replace("''", "'")
    return text


def partition_spec(schema: Schema, table: Table) -> PartitionSpec | None:
    if not table.partition_by:
        return None
    match = re.match(r"\s*(\w+)\s*\(\s*\"?([^\",)\s]+)", table.partition_by)
    if not match:
        return None
    kind, column = match.group(1).lower(), match.group(2)
    spec = PartitionSpec(column=column if table.column(column) else column.lower(), kind=kind)
    found = False
    for part in schema.tables.values():
        if part.partition_of != table.qualified or not part.partition_bound:
            continue
        found = True
        bound = part.partition_bound.strip()
        if re.search(r"\bDEFAULT\b", bound, re.I):
            spec.has_default = True
            continue
        m = re.search(
            r"FROM\s*\(\s*" + _BOUND_VALUE + r".*?TO\s*\(\s*" + _BOUND_VALUE, bound, re.I | re.S
        )
        if m:
            spec.ranges.append((_bound_value(m.group(1)), _bound_value(m.group(2))))
            continue
        m = re.search(r"IN\s*\((.*)\)", bound, re.I | re.S)
        if m:
            spec.values += [_bound_value(v) or "" for v in re.findall(_BOUND_VALUE, m.group(1))]
            continue
        spec.has_default = True  # hash partitions take any value
    if not found:
        return None
    return spec


# --- capacity -----------------------------------------------------------------------------


def row_capacity(
    schema: Schema,
    table: Table,
    parent_rows: dict[str, int],
    edges: list[tuple[str, ForeignKey]],
    config: Config,
) -> tuple[int | None, str]:
    """How many rows the table's keys allow (see `unique.capacity`); None when unbounded."""

    fk_of: dict[str, tuple[str, ForeignKey]] = {}
    for parent, fk in edges:
        for c in fk.columns:
            fk_of.setdefault(c, (parent, fk))
    return capacity(schema, table, config, parent_rows, fk_of)
