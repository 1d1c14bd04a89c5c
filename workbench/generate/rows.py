"""One table's rows, batch by batch: values, keys, foreign keys, uniques and checks together.

Determinism: every column of every batch draws from its own numpy Generator seeded from
(seed, table, column, first row of the batch), so a table's contents depend only on the schema,
the config and the seed — not on other tables, the order of loading or a resumed run. Values
that must be unique are derived from the row number.

Foreign keys pick whole parent key tuples from the parent's keys (`KeyStore`), which the
loader fills as each table is generated; a table that was loaded by an earlier run is
regenerated in memory to recover its keys, so the database is never read back.

Foreign keys are rows_fks.py, CHECK constraints rows_checks.py: mixins of TableGenerator,
whose state they share.
"""

from __future__ import annotations

import numpy as np

from workbench.config import Config
from workbench.errors import GenerationError
from workbench.generate import (
    coherence,
    declared_held,
    lineage,
    settle,
    timeline,
    timeline_parts,
    totals,
)
from workbench.generate.checks import (
    Batch,
    Col,
    ColumnHints,
    Unsupported,
    column_hints,
    columns_of,
    failing,
    make_env,
)
from workbench.generate.oracle import CheckOracle, ServerCheck
from workbench.generate.pgvalues import compile_regex
from workbench.generate.plan import Plan, TablePlan, _root, stable_hash
from workbench.generate.recognise import normalise
from workbench.generate.rows_checks import Checks, check_failure_message
from workbench.generate.rows_fks import FKUnit, ForeignKeys, KeyStore, skewed_index
from workbench.generate.semantics import ColumnDecision, decide_column
from workbench.generate.timeline import anchor_of
from workbench.generate.timeline_parts import children_window
from workbench.generate.types import resolve_type
from workbench.generate.unique import UniquePlan
from workbench.generate.values import ColumnSpec, _placeholder, generate_values
from workbench.schema.model import Column, Schema, Table

# Found here by the loader, the CSV export, previews and unique.py, as before the split.
__all__ = [
    "FKUnit",
    "KeyStore",
    "TableGenerator",
    "check_failure_message",
    "referenced_columns",
    "skewed_index",
]


def referenced_columns(schema: Schema) -> dict[str, set[str]]:
    """Columns of each table that some FK references (the keys to remember)."""
    out: dict[str, set[str]] = {}
    for table in schema.tables.values():
        for fk in table.foreign_keys:
            out.setdefault(_root(schema, fk.ref_qualified), set()).update(fk.ref_columns)
    return out


# Events that end a row's life: most rows have not had them (an open account, a current
# employee), so a nullable time named after one is mostly NULL.
_ENDINGS = frozenset(
    {
        "closed", "cancelled", "canceled", "terminated", "banned", "suspended", "revoked",
        "churned", "resigned", "departed", "blocked", "disabled", "deactivated", "archived",
        "removed", "retired", "discontinued", "withdrawn", "refunded", "voided", "deleted",
        "termination", "closure", "cancellation",
    }
)  # fmt: skip


def _rare_end(generator: str, name: str, kind: str) -> bool:
    if generator == "deleted_at":
        return True
    words = set(normalise(name).split("_"))
    return kind in ("timestamp", "timestamptz", "date") and bool(words & _ENDINGS)


class TableGenerator(ForeignKeys, Checks):
    """Generates the batches of one planned table."""

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
        self.oracle = oracle
        # offline (CSV files, previews): no server to judge the CHECKs the evaluator cannot
        # compute; say so instead of failing (nothing is loaded from here)
        self.offline = offline
        self.schema = schema
        self.plan = plan
        self.tp = tp
        self.config = config
        self.seed = seed
        self.keys = keys
        self.table: Table = schema.tables[tp.name]
        self.thash = stable_hash(tp.name)
        self.warnings: list[str] = []
        self.held = declared_held.Held()  # declared rules a CHECK overruled, counted
        rows_of = {t.name: t.rows for t in plan.tables}
        self.rows_of = rows_of
        self.specs: dict[str, ColumnSpec] = {}
        self._build_specs()
        self.units: list[FKUnit] = []
        self.fk_cols: dict[str, FKUnit] = {}
        self._build_fks()
        if plan.statistics is not None:
            from workbench.stats.columns import shape_specs

            shape_specs(self)
        self.uniq = UniquePlan(self)
        self.server_checks: list[ServerCheck] = []
        self.checks = self._collect_checks()
        self.env = make_env(
            schema,
            {name: spec.info for name, spec in self.specs.items()},
            {name for name, spec in self.specs.items() if spec.generator == "null"},
        )
        referenced = referenced if referenced is not None else referenced_columns(schema)
        keep = set(referenced.get(tp.name, set()))
        if tp.deferred_fks and self.table.primary_key:
            keep |= set(self.table.primary_key.columns)
        for d in plan.deferred:
            if d.table == tp.name and self.table.primary_key:
                keep |= set(self.table.primary_key.columns)
        if keep:  # a parent: what its children's rules read (lineage, timeline)
            keep |= lineage.keep_for_children(self)
        self.keep = [c for c in tp.columns if c in keep]
        self._parent_rows: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self.self_parents: dict[str, np.ndarray] = {}  # row number of each row's parent
        self.rules = lineage.plan_lineage(self) + coherence.plan_rules(self)
        # declared "after" and "derive" rules last (in the order lineage gives them): they
        # have the final word over inferred values and times
        self.rules.sort(key=lambda r: r.kind in lineage.LAST)
        # totals and counters from the children, set after loading (totals_load.py)
        self.rollups = totals.table_rollups(schema, self.table, config)
        self.rollups_done: set[str] = set()  # computed in memory (totals_memory.py)
        self.replay_batches: list[tuple[int, Batch]] | None = None  # generated for them
        self._own: dict[str, Col] = {}
        self.order = self._column_order()

    # --- setup --------------------------------------------------------------------------

    def _build_specs(self) -> None:
        table = self.table
        pk = set(table.primary_key.columns) if table.primary_key else set()
        decisions = {
            col.name: decide_column(self.schema, table, col, self.config)
            for col in table.columns
            if col.generated is None
        }
        created = next((c for c, d in decisions.items() if d.generator == "created_at"), None)
        for col in table.columns:
            if col.generated is not None:
                continue
            decision = decisions[col.name]
            if decision.generator == "foreign_key":
                # filled from the parent's keys; the fallback only matters for ignored FKs
                decision.generator = (
                    "int" if resolve_type(self.schema, col.type).kind == "int" else "text"
                )
            self.specs[col.name] = self._spec(col, decision, pk, created)

    def _spec(
        self, col: Column, decision: ColumnDecision, pk: set[str], created: str | None
    ) -> ColumnSpec:
        """The column's generator spec: nullability, null fraction, length bounds from its
        type and CHECK hints, created ≤ updated, the partition key."""
        table = self.table
        gen_cfg = self.config.generate
        info = resolve_type(self.schema, col.type)
        hints: ColumnHints = column_hints(self.schema, table, col)
        nullable = (
            col.nullable and col.name not in pk and not info.domain_not_null and not hints.not_null
        )
        nf = decision.params.get("null_fraction")
        if nf is None:
            nf = (
                0.9 if _rare_end(decision.generator, col.name, info.kind) else gen_cfg.null_fraction
            )
        if decision.generator == "null":
            nf = 1.0
        max_len = info.length if info.kind in ("text",) else None
        if info.kind == "text" and info.fixed_char and max_len is None:
            max_len = 1
        if hints.max_len is not None:
            max_len = min(max_len or hints.max_len, hints.max_len)
        min_len = hints.min_len
        if info.fixed_char and max_len:
            min_len = max(min_len or 0, 0)
        if "" in hints.excluded and not min_len:
            min_len = 1
        spec = ColumnSpec(
            column=col,
            info=info,
            generator=decision.generator,
            params=dict(decision.params),
            hints=hints,
            nullable=nullable,
            null_fraction=nf if nullable else 0.0,
            unique=bool(decision.params.get("unique")),
            seed=self.seed,
            max_len=max_len,
            min_len=min_len,
        )
        if decision.generator in ("updated_at", "deleted_at") and created:
            spec.after = created
        if col.name == anchor_of(self.schema, table, self.config):
            spec.drawn_within = children_window(self.schema, table, self.config)
        part = self.tp.partition
        if part is not None and part.column == col.name:
            spec.partition = part
            spec.null_fraction = 0.0
            spec.nullable = False
        if decision.generator == "null" and not nullable:
            raise GenerationError(
                f"{table.qualified}.{col.name}: no generator for type {col.type.sql()} "
                "and the column is NOT NULL; declare one in sandbox.toml"
            )
        return spec

    def _column_order(self) -> list[str]:
        plain = [c for c in self.tp.columns if c not in self.fk_cols and not self.specs[c].after]
        after = [c for c in self.tp.columns if c not in self.fk_cols and self.specs[c].after]
        fks = [c for c in self.tp.columns if c in self.fk_cols]
        return plain + after + fks

    # --- generation ---------------------------------------------------------------------

    def rng(self, what: str, start: int) -> np.random.Generator:
        return np.random.default_rng([self.seed, self.thash, stable_hash(what), start])

    def batches(self, batch_rows: int | None = None):
        """Yield (start, Batch) until the planned rows are produced."""
        size = max(1, batch_rows or self.config.generate.batch_rows)
        for start in range(0, self.tp.rows, size):
            stop = min(self.tp.rows, start + size)
            yield start, self.batch(start, stop)

    def batch(self, start: int, stop: int) -> Batch:
        idx = np.arange(start, stop, dtype=np.int64)
        n = idx.size
        batch: Batch = {}
        self._cur = (idx, batch)
        for name in self.order:
            if name in self.fk_cols:
                continue
            spec = self.specs[name]
            rng = self.rng(name, start)
            values = generate_values(spec, rng, idx, batch)
            nulls = np.zeros(n, bool)
            if spec.nullable and spec.null_fraction > 0:
                nulls = rng.random(n) < spec.null_fraction
                if "null_strata" in spec.params:  # a NULL fraction from statistics
                    from workbench.stats.draw import stratified_nulls

                    nulls = stratified_nulls(spec, rng, idx)
            batch[name] = Col(
                values,
                nulls,
                spec.kind,
                nullable=spec.nullable,
                protected=spec.unique or spec.partition is not None,
                step=spec.step,
            )
        self._parent_rows, self.self_parents = {}, {}
        self._fill_fks(batch, idx, start)
        self.uniq.fill_ordinals(batch, idx, start)
        self._cohere(batch, idx)
        self._apply_checks(batch, n, start)
        if self._reconcile(batch):
            self._apply_checks(batch, n, start)
        for name, spec in self.specs.items():
            if not spec.nullable:
                batch[name].nulls[:] = False
        # keys checked per batch (partial, expression, NULLS NOT DISTINCT): a repair can break
        # a check, so both alternate until neither changes anything
        for _ in range(4):
            if not self.uniq.enforce(batch, idx, start):
                break
            self._apply_checks(batch, n, start)
        self.uniq.commit(batch, idx)
        declared_held.count_unheld(self, batch)
        self._remember(batch, start, stop)
        return {name: batch[name] for name in self.tp.columns}

    def _cohere(self, batch: Batch, idx: np.ndarray) -> None:
        """Rows that agree with their parents and with themselves (lineage, coherence); a row
        a rule moved into a value its CHECK rejects gets its drawn values back (a CHECK always
        wins, and a unique column's repair may not be allowed to move it again)."""
        # a partition key that follows its parents may need earlier parents: chosen first,
        # before any rule reads them
        timeline_parts.fit_parents(self, batch)
        settle.pay_paid_orders(self, batch)  # a payment pays an order that was paid
        touched = sorted({c for r in self.rules for c in r.columns if c in batch})
        before = {c: (batch[c].values.copy(), batch[c].nulls.copy()) for c in touched}
        self._apply_cohere_rules(batch, idx)
        for c in touched:
            timeline.keep_declared(self.specs.get(c), batch[c], before[c])
        n = idx.size
        for _, tree in self.checks:
            cols = columns_of(tree) & set(touched)
            if not cols:
                continue
            try:
                now_bad = failing(tree, batch, n, self.env)
                if not now_bad.any():
                    continue
                saved = {c: (batch[c].values, batch[c].nulls) for c in cols}
                for c in cols:
                    batch[c].values, batch[c].nulls = before[c]
                was_bad = failing(tree, batch, n, self.env)
                for c in cols:
                    batch[c].values, batch[c].nulls = saved[c]
            except Unsupported:
                continue
            back = now_bad & ~was_bad
            for c in cols:
                batch[c].values[back] = before[c][0][back]
                batch[c].nulls[back] = before[c][1][back]
        for c in touched:  # a CHECK pattern the server judges (OPERATOR on citext…) wins too
            pattern = self.specs[c].hints.regex if c in self.specs else None
            if pattern is not None:
                self._keep_pattern(batch[c], before[c], pattern)
        # the dates of a row in order, after everything that may move one of them (and after
        # the CHECKs gave rows their drawn times back): each move is one the CHECKs accept
        chain = [r for r in self.rules if r.kind == "chain"]
        if chain:
            coherence.apply_rules(self, chain, batch, idx)

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

    def _apply_cohere_rules(self, batch: Batch, idx: np.ndarray) -> None:
        lineage_rules = [r for r in self.rules if r.kind in lineage.KINDS]
        first = [r for r in lineage_rules if r.kind not in lineage.LAST]
        lineage.apply_lineage(self, first, batch, idx)
        rest = [r for r in self.rules if r.kind not in lineage.KINDS]
        coherence.apply_rules(self, [r for r in rest if r.kind != "chain"], batch, idx)
        last = [r for r in lineage_rules if r.kind in lineage.LAST]
        lineage.apply_lineage(self, last, batch, idx)

    def _reconcile(self, batch: Batch) -> bool:
        """After the CHECKs: a payment method follows an instrument a CHECK insisted on."""
        changed = False
        for rule in self.rules:
            if rule.kind == "payment":
                changed |= coherence.reconcile_payment(rule, batch)
        return changed

    def current_rows(self) -> np.ndarray:
        """The row numbers of the batch being generated."""
        return self._cur[0]

    def parent_rows(self, fk: str) -> tuple[np.ndarray | None, np.ndarray]:
        """The parent row each batch row references through the FK (its columns joined by
        commas), and where it references none; (None, …) when the FK was not filled by rows."""
        got = self._parent_rows.get(fk)
        if got is None:
            return None, np.zeros(0, bool)
        return got

    def _remember(self, batch: Batch, start: int, stop: int) -> None:
        for name in self.keep:
            col = batch[name]
            if name not in self._own:
                self._own[name] = Col(
                    np.empty(self.tp.rows, dtype=col.values.dtype),
                    np.zeros(self.tp.rows, bool),
                    col.kind,
                )
            self._own[name].values[start:stop] = col.values
            self._own[name].nulls[start:stop] = col.nulls

    def finish(self) -> None:
        """Publish this table's keys for its children (and say which declared rules a
        CHECK overruled, and which keys that meet could not)."""
        self.warnings.extend(declared_held.kept_warnings(self))
        for column, missed in getattr(self, "meet_misses", {}).items():
            self.warnings.append(
                f"{self.tp.name}.{column}: {missed:,} rows keep a parent of another owner "
                "(their own has none, and the key may not be NULL)"
            )
        if self.keep:
            if self.tp.rows == 0:
                for name in self.keep:
                    spec = self.specs[name]
                    self._own[name] = Col(_placeholder(spec, 0), np.zeros(0, bool), spec.kind)
            self.keys.put(self.tp.name, self._own)
