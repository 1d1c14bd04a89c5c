"""One table's rows, batch by batch: the row assembler (`TableGenerator`), which makes each
column's values, then has its collaborators fill the foreign keys (`Links`), apply the row
rules, repair the CHECKs (`CheckRepair`) and hold the keys (`UniquePlan`).

Determinism: every column of every batch draws from its own numpy Generator seeded from
(seed, table, column, first row of the batch), so a table's contents depend only on the schema,
the config and the seed — not on other tables, the order of loading or a resumed run. Values
that must be unique are derived from the row number.

Foreign keys pick whole parent key tuples from the parent's keys (`KeyStore`), which the
loader fills as each table is generated; a table that was loaded by an earlier run is
regenerated in memory to recover its keys, so the database is never read back.

Rules and solvers read the table through its `TableView` (view.py), never the assembler.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from workbench.config.file import Config
from workbench.errors import GenerationError
from workbench.generate.base.batch import Batch, Col
from workbench.generate.base.sqltree import Unsupported, columns_of
from workbench.generate.base.tables import partition_root
from workbench.generate.checks import make_env
from workbench.generate.constraints.check_repair import CheckRepair, Redraws
from workbench.generate.constraints.oracle import CheckOracle
from workbench.generate.constraints.unique import UniquePlan
from workbench.generate.generators.shaped import stratified_nulls
from workbench.generate.generators.values import draw_prior, generate_values, placeholder
from workbench.generate.judge import Judge
from workbench.generate.kinds import totals
from workbench.generate.kinds.engaged import booking_columns
from workbench.generate.kinds.exclusions import exclusion_columns
from workbench.generate.kinds.holdings import holding_columns
from workbench.generate.kinds.hours import week_columns
from workbench.generate.kinds.list_prices import price_list_columns
from workbench.generate.kinds.membership import (
    all_memberships,
    membership_columns,
    membership_times,
)
from workbench.generate.links import Links
from workbench.generate.plan.stats_specs import shape_specs
from workbench.generate.plan.tables import DeferredFK, Plan, TablePlan
from workbench.generate.rows.column_specs import column_specs
from workbench.generate.rows.revert import contradicted, give_back
from workbench.generate.rules import (
    declared_held,
    header,
    lineage,
    outcome_child,
    path_meet,
    place,
    registry,
    site_meet,
    throughout,
    valid_for,
)
from workbench.generate.rules.base import Phase, Rule, Stage
from workbench.generate.rules.meets import MeetCache
from workbench.generate.rules.times import keep_declared
from workbench.generate.view import KeyStore, TableView
from workbench.schema.model import Schema
from workbench.schema.pgtext import compile_regex


def kept_part(col: Col, keep: np.ndarray) -> Col:
    """The column for the rows kept."""
    return Col(
        col.values[keep],
        col.nulls[keep],
        col.kind,
        nullable=col.nullable,
        protected=col.protected,
        step=col.step,
        regen=col.regen,
    )


def referenced_columns(schema: Schema) -> dict[str, set[str]]:
    """Columns of each table that some FK references (the keys to remember)."""
    out: dict[str, set[str]] = {}
    for table in schema.tables.values():
        for fk in table.foreign_keys:
            out.setdefault(partition_root(schema, fk.ref_qualified), set()).update(fk.ref_columns)
    return out


class TableGenerator:
    """The row assembler: generates the batches of one planned table."""

    def __init__(
        self,
        schema: Schema,
        plan: Plan,
        tp: TablePlan,
        config: Config,
        seed: int,
        keys: KeyStore,
        referenced: dict[str, set[str]] | None = None,
        oracle: CheckOracle | None = None,
        offline: bool = False,
    ) -> None:
        schema = plan.schema or schema
        self.tp = tp
        self.plan = plan
        specs = column_specs(schema, config, tp, seed)
        env = make_env(
            schema,
            {name: spec.info for name, spec in specs.items()},
            {name for name, spec in specs.items() if spec.generator == "null"},
        )
        self.view = view = TableView(schema, plan, tp, config, seed, keys, specs, env)
        rows_of = {t.name: t.rows for t in plan.tables}
        self.links = links = Links(view, rows_of, self._parent_view)
        self.rules: list[Rule] = []
        view.attach(links, checks=lambda: self.checks.checks, rules=lambda: self.rules)
        if plan.statistics is not None:
            shape_specs(view)
        self.redraws = Redraws(view, links)
        self.uniq = UniquePlan(view, links, self.redraws, oracle)
        for path in all_memberships(schema, view.table):
            self.uniq.verify_also({path.member, path.group})
        for columns in throughout.repicked_keys(view):  # a pair re-picked for its windows
            self.uniq.verify_also(columns)
        for columns in place.repicked_keys(view):  # a city re-picked in its country
            self.uniq.verify_also(columns)
        for columns in site_meet.repicked_keys(view):  # a pair re-picked in its scope
            self.uniq.verify_also(columns)
        for columns in valid_for.repicked_keys(view):  # a link's pair picked valid then
            self.uniq.verify_also(columns)
        self.uniq.verify_also(path_meet.linked_pair(schema, view.table))  # by its party
        links.keyed = set(self.uniq.fk_units)
        links.numbered = {id(o.unit) for o in self.uniq.ordinals}
        view.hold(self.uniq.built_columns(), self.uniq.movable_times())
        self.checks = CheckRepair(view, self.redraws, oracle, offline)
        self.judge = Judge(view, links, self.checks, self.uniq, self.redraws, oracle)
        self.kept_rows: dict[int, np.ndarray] = {}  # row numbers of batches that lost rows
        table = view.table
        referenced = referenced if referenced is not None else referenced_columns(schema)
        keep = set(referenced.get(tp.name, set()))
        keep |= membership_columns(schema).get(tp.name, set())  # who belongs where
        keep |= membership_times(schema, config).get(tp.name, set())  # and when
        keep |= holding_columns(schema, config).get(tp.name, set())  # what parties hold
        keep |= booking_columns(schema, config).get(tp.name, set())  # what places booked
        keep |= exclusion_columns(schema, config).get(tp.name, set())  # what a bar bars
        keep |= price_list_columns(schema, config).get(tp.name, set())  # a list's prices
        keep |= week_columns(schema).get(tp.name, set())  # a place's hours by day
        if tp.deferred_fks and table.primary_key:
            keep |= set(table.primary_key.columns)
        for d in plan.deferred:
            if d.table == tp.name and table.primary_key:
                keep |= set(table.primary_key.columns)
        if keep:  # a parent: what its children's rules read (lineage, timeline)
            keep |= lineage.keep_for_children(view)
        self.keep = [c for c in tp.columns if c in keep]
        self.rules = registry.plan_rules(view)
        # totals and counters from the children, set after loading (totals_load.py)
        self.rollups = totals.table_rollups(schema, table, config)
        self.rollups_done: set[str] = set()  # computed in memory (totals_memory.py)
        self.replay_batches: list[tuple[int, Batch]] | None = None  # generated for them
        self.order = self._column_order()

    def _parent_view(self, parent: TablePlan) -> TableView:
        """A later parent set up as it will be generated (its keys are regenerated from their
        own seeds for a deferrable key that references it)."""
        view = self.view
        return TableGenerator(
            view.schema, self.plan, parent, view.config, view.seed, KeyStore()
        ).view

    @property
    def warnings(self) -> list[str]:
        return self.view.warnings

    def _column_order(self) -> list[str]:
        specs, fk_cols = self.view.specs, self.links.fk_cols
        plain = [c for c in self.tp.columns if c not in fk_cols and not specs[c].after]
        after = [c for c in self.tp.columns if c not in fk_cols and specs[c].after]
        fks = [c for c in self.tp.columns if c in fk_cols]
        return plain + after + fks

    # --- generation ---------------------------------------------------------------------

    def batches(self, batch_rows: int | None = None) -> Iterator[tuple[int, Batch]]:
        """Yield (start, Batch) until the planned rows are produced."""
        size = max(1, batch_rows or self.view.config.generate.batch_rows)
        for start in range(0, self.tp.rows, size):
            stop = min(self.tp.rows, start + size)
            yield start, self.batch(start, stop)

    def batch(self, start: int, stop: int) -> Batch:
        view, links = self.view, self.links
        idx = np.arange(start, stop, dtype=np.int64)
        n = idx.size
        batch: Batch = {}
        view.begin(idx, batch)
        for name in self.order:
            if name in links.fk_cols:
                continue
            spec = view.specs[name]
            rng = view.rng(name, start)
            values = generate_values(spec, rng, idx, batch)
            nulls = np.zeros(n, bool)
            if spec.nullable and spec.null_fraction > 0:
                nulls = rng.random(n) < spec.null_fraction
                if "null_strata" in spec.params:  # a NULL fraction from statistics
                    nulls = stratified_nulls(spec, rng, idx)
            if spec.prior is not None:
                draw_prior(spec, view.rng(f"default:{name}", start), values, nulls)
            batch[name] = Col(
                values,
                nulls,
                spec.kind,
                nullable=spec.nullable,
                protected=spec.unique or spec.partition is not None,
                step=spec.step,
            )
        links.begin()
        self.uniq.fill(batch, idx)
        links.fill(batch, idx, start)
        registry.apply_links(view, links, Stage.KEYS, batch, idx)
        self.uniq.fill_ordinals(batch, idx, start)
        self._cohere(batch, idx)
        failing = self.checks.enforce(batch, n, start)
        if registry.reconcile(self.rules, batch):
            failing = self.checks.enforce(batch, n, start)
        for name, spec in view.specs.items():
            if not spec.nullable:
                batch[name].nulls[:] = False
        failing = self._keys(batch, idx, start, failing)
        # what the repairs left failing, and what only the server proves, judged: rows that
        # still fail after the search are dropped (judge/)
        keep = self.judge.settle(batch, idx, start, failing, self._repair)
        ruled = outcome_child.kept(view, idx, keep)  # no record of an outcome not come to pass
        ruled = header.kept(view, idx, ruled)  # no header without lines
        self.judge.account.leave_out(keep, ruled)
        keep = ruled
        self.uniq.commit(batch, idx, keep)
        declared_held.count_unheld(view, batch)
        links.remember(batch, self.keep, start, stop, keep)
        if keep is None:
            return {name: batch[name] for name in self.tp.columns}
        self.kept_rows[start] = idx[keep]
        links.keep_rows(keep)
        return {name: kept_part(batch[name], keep) for name in self.tp.columns}

    def _keys(
        self, batch: Batch, idx: np.ndarray, start: int, failing: dict[str, np.ndarray]
    ) -> dict[str, np.ndarray]:
        """Keys checked per batch (partial, expression, NULLS NOT DISTINCT): a repair can
        break a check, so both alternate until neither changes anything; returns the CHECKs
        still failing."""
        for _ in range(4):
            if not self.uniq.enforce(batch, idx, start):
                break
            failing = self.checks.enforce(batch, idx.size, start)
        return failing

    def _repair(self, batch: Batch, idx: np.ndarray, start: int) -> dict[str, np.ndarray]:
        """The repairs again, after the judge's search changed some rows."""
        failing = self.checks.enforce(batch, idx.size, start)
        for name, spec in self.view.specs.items():
            if not spec.nullable:
                batch[name].nulls[:] = False
        self.uniq.stale()
        return self._keys(batch, idx, start, failing)

    def rows_of(self, start: int, n: int) -> np.ndarray:
        """The row numbers of the batch handed out from `start` (fewer where rows were
        dropped)."""
        kept = self.kept_rows.get(start)
        return kept if kept is not None else np.arange(start, start + n)

    def _cohere(self, batch: Batch, idx: np.ndarray) -> None:
        """Rows that agree with their parents and with themselves (lineage, coherence); a row
        a rule moved into a value its CHECK rejects gets its drawn values back (a CHECK always
        wins, and a unique column's repair may not be allowed to move it again)."""
        # parents a row's rules read, re-picked first (a partition key that follows its
        # parents may need earlier ones; a payment pays an order that was paid)
        registry.apply_links(self.view, self.links, Stage.ROWS, batch, idx)
        touched = sorted({c for r in self.rules for c in r.columns if c in batch})
        before = {c: (batch[c].values.copy(), batch[c].nulls.copy()) for c in touched}
        for phase in (Phase.PARENTS, Phase.ROW, Phase.DECLARED):
            registry.apply_phase(self.view, self.rules, phase, batch, idx)
        for c in touched:
            keep_declared(self.view.specs.get(c), batch[c], before[c])
        for name, tree in self.checks.checks:
            cols = sorted(columns_of(tree) & set(touched))
            if not cols:
                continue
            try:
                back = give_back(batch, tree, cols, before, self.view.env)
            except Unsupported:
                continue
            warning = contradicted(name, back, cols, self.rules)
            if warning:
                self.view.warn(f"{self.tp.name}: {warning}")
        for c in touched:  # a CHECK pattern the server judges (OPERATOR on citext…) wins too
            pattern = self.view.specs[c].hints.regex if c in self.view.specs else None
            if pattern is not None:
                self._keep_pattern(batch[c], before[c], pattern)
        # the dates of a row in order, after everything that may move one of them (and after
        # the CHECKs gave rows their drawn times back): each move is one the CHECKs accept
        registry.apply_phase(self.view, self.rules, Phase.FINAL, batch, idx)

    @staticmethod
    def _keep_pattern(col: Col, before: tuple[np.ndarray, np.ndarray], pattern: str) -> None:
        try:
            regex = compile_regex(pattern, False)
        except ValueError:
            return
        moved = np.flatnonzero((col.values != before[0]) & ~col.nulls)
        for row in moved.tolist():
            if regex.search(str(col.values[row])) is None:
                col.values[row], col.nulls[row] = before[0][row], before[1][row]

    def finish(self) -> None:
        """Publish this table's keys for its children (and say which declared rules a
        CHECK overruled, and which keys that meet could not)."""
        view = self.view
        emptied = self.judge.emptied()
        if emptied is not None:
            paragraph, needed = emptied
            if needed:
                raise GenerationError(paragraph)
            view.warn(paragraph)
        for message in declared_held.kept_warnings(view):
            view.warn(message)
        for column, missed in view.scratch.get(MeetCache).misses.items():
            view.warn(
                f"{self.tp.name}.{column}: {missed:,} rows keep a parent of another owner "
                "(their own has none, and the key may not be NULL)"
            )
        if self.keep:
            if self.tp.rows == 0:
                for name in self.keep:
                    spec = view.specs[name]
                    self.links.own[name] = Col(placeholder(spec, 0), np.zeros(0, bool), spec.kind)
            view.keys.put(self.tp.name, self.links.own)

    def deferred_values(self, d: DeferredFK) -> tuple[list[str], dict[str, Col], dict[str, Col]]:
        """For a nullable FK broken out of a cycle: (pk columns, pk values, fk values)."""
        return self.links.deferred_values(d)
