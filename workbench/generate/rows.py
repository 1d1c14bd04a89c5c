"""One table's rows, batch by batch: values, keys, foreign keys, uniques and checks together.

Determinism: every column of every batch draws from its own numpy Generator seeded from
(seed, table, column, first row of the batch), so a table's contents depend only on the schema,
the config and the seed — not on other tables, the order of loading or a resumed run. Values
that must be unique are derived from the row number.

Foreign keys pick whole parent key tuples from the parent's keys (`KeyStore`), which the
loader fills as each table is generated; a table that was loaded by an earlier run is
regenerated in memory to recover its keys, so the database is never read back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from workbench.config import Config
from workbench.errors import GenerationError
from workbench.generate.checks import (
    Batch,
    Col,
    ColumnHints,
    Unsupported,
    column_hints,
    columns_of,
    domain_tree,
    failing,
    make_env,
    normalize,
    repair,
)
from workbench.generate.oracle import CheckOracle, ServerCheck
from workbench.generate.plan import DeferredFK, Plan, TablePlan, _root, stable_hash
from workbench.generate.semantics import decide_column
from workbench.generate.types import resolve_type
from workbench.generate.unique import UniquePlan, affine
from workbench.generate.values import ColumnSpec, _num_bounds, _placeholder, generate_values
from workbench.schema.model import ForeignKey, Schema, Table


@dataclass
class FKUnit:
    fk: ForeignKey
    parent: str
    mode: str  # normal | update | deferrable | children
    nullable: bool
    ref_map: dict[str, str]  # child column -> parent column
    chain: bool = False  # self reference under a unique: each row's parent is the row before
    distinct: bool = False  # deferred FK under a unique: every parent at most once


class KeyStore:
    """Parent key columns by table, filled while tables are generated."""

    def __init__(self) -> None:
        self.tables: dict[str, dict[str, Col]] = {}
        self._valid: dict[tuple[str, tuple[str, ...]], np.ndarray] = {}

    def put(self, table: str, cols: dict[str, Col]) -> None:
        self.tables[table] = cols
        self._valid = {k: v for k, v in self._valid.items() if k[0] != table}

    def has(self, table: str) -> bool:
        return table in self.tables

    def valid_rows(self, table: str, cols: tuple[str, ...]) -> np.ndarray:
        """Parent rows whose referenced columns are all non-NULL."""
        key = (table, cols)
        if key not in self._valid:
            stored = self.tables[table]
            n = len(next(iter(stored.values())).values) if stored else 0
            ok = np.ones(n, bool)
            for c in cols:
                ok &= ~stored[c].nulls
            self._valid[key] = np.flatnonzero(ok)
        return self._valid[key]


def referenced_columns(schema: Schema) -> dict[str, set[str]]:
    """Columns of each table that some FK references (the keys to remember)."""
    out: dict[str, set[str]] = {}
    for table in schema.tables.values():
        for fk in table.foreign_keys:
            out.setdefault(_root(schema, fk.ref_qualified), set()).update(fk.ref_columns)
    return out


class TableGenerator:
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
        self.keep = [c for c in tp.columns if c in keep]
        self._own: dict[str, Col] = {}
        self.order = self._column_order()

    # --- setup --------------------------------------------------------------------------

    def _build_specs(self) -> None:
        table = self.table
        pk = set(table.primary_key.columns) if table.primary_key else set()
        gen_cfg = self.config.generate
        created = None
        for col in table.columns:
            if col.generated is not None:
                continue
            decision = decide_column(self.schema, table, col, self.config)
            if decision.generator == "created_at":
                created = created or col.name
        for col in table.columns:
            if col.generated is not None:
                continue
            decision = decide_column(self.schema, table, col, self.config)
            if decision.generator == "foreign_key":
                # filled from the parent's keys; the fallback only matters for ignored FKs
                decision.generator = (
                    "int" if resolve_type(self.schema, col.type).kind == "int" else "text"
                )
            info = resolve_type(self.schema, col.type)
            hints: ColumnHints = column_hints(self.schema, table, col)
            nullable = (
                col.nullable
                and col.name not in pk
                and not info.domain_not_null
                and not hints.not_null
            )
            nf = decision.params.get("null_fraction")
            if nf is None:
                nf = 0.9 if decision.generator == "deleted_at" else gen_cfg.null_fraction
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
            self.specs[col.name] = spec

    def _build_fks(self) -> None:
        tp = self.tp
        deferred = {id(d.fk): d for d in tp.deferred_fks}
        ignored = {id(fk) for fk in tp.ignored_fks}
        self_ids = {id(fk) for fk in tp.self_fks}
        children_parent = _root(self.schema, tp.children.parent) if tp.children else None
        children_used = False
        for fk in self.table.foreign_keys:
            if id(fk) in ignored:
                for c in fk.columns:
                    spec = self.specs.get(c)
                    if spec is not None and spec.nullable:
                        spec.null_fraction = 1.0
                    elif spec is not None:
                        self.warnings.append(
                            f"{tp.name}.{c}: references {fk.ref_qualified}, which gets no rows"
                        )
                continue
            if any(c not in self.specs for c in fk.columns):
                continue
            nullable = all(self.specs[c].nullable for c in fk.columns)
            parent = _root(self.schema, fk.ref_qualified)
            if id(fk) in self_ids:
                mode = "self"
            elif id(fk) in deferred:
                mode = deferred[id(fk)].mode
            elif parent == children_parent and not children_used:
                mode, children_used = "children", True
            else:
                mode = "normal"
            unit = FKUnit(
                fk, parent, mode, nullable, dict(zip(fk.columns, fk.ref_columns, strict=False))
            )
            self.units.append(unit)
            for c in fk.columns:
                # the first FK to claim a column fills it; composite FKs first (fewer choices)
                self.fk_cols.setdefault(c, unit)
        self.units.sort(key=lambda u: -len(u.fk.columns))
        for c in list(self.fk_cols):
            best = max(
                (u for u in self.units if c in u.fk.columns), key=lambda u: len(u.fk.columns)
            )
            self.fk_cols[c] = best

    def _number_within_parent(self, cols: list[str], spec: ColumnSpec) -> None:
        """A unique (parent key…, n) in a children-per-parent table, such as order_items
        (order_id, line_no): n numbers each parent's rows 1, 2, … instead of carrying the row
        number, which is what such keys hold and stays small (a smallint line_no overflowed
        past 32,767 rows). Only when every parent row is a valid parent, so that consecutive
        rows of one parent share its key."""
        counts = self.tp.children_counts
        if counts is None or not counts.size or spec.kind != "int":
            return
        child = next(
            (
                self.fk_cols[c]
                for c in cols
                if c in self.fk_cols and self.fk_cols[c].mode == "children"
            ),
            None,
        )
        if (
            child is None
            or not set(child.fk.columns) <= set(cols)
            or not self.keys.has(child.parent)
        ):
            return
        if self.keys.valid_rows(child.parent, tuple(child.fk.ref_columns)).size != counts.size:
            return
        lo, hi = _num_bounds(spec, 1, 2**62)
        if lo + int(counts.max()) - 1 > hi:
            return
        spec.params["ordinal_ends"] = np.cumsum(counts)
        spec.params["ordinal_counts"] = np.asarray(counts)

    def _parent_count(self, unit: FKUnit) -> int:
        if self.keys.has(unit.parent):
            return len(self.keys.valid_rows(unit.parent, tuple(unit.fk.ref_columns)))
        return self.rows_of.get(unit.parent, 0)

    def _collect_checks(self) -> list[tuple[str, Any]]:
        """The CHECKs the evaluator computes, as (name, tree); the others (no tree, a generated
        column) go to `server_checks`, for the server to judge."""
        out = []
        names = set(self.specs)
        generated = {c.name for c in self.table.columns if c.generated is not None}
        for check in self.table.checks:
            name = check.name or check.expr.sql
            tree = normalize(check.expr.tree) if check.expr.tree is not None else None
            cols = columns_of(tree) if tree is not None else set(names) | generated
            if tree is None or cols & generated or not cols <= names:
                # a generated column is redrawn through the columns its expression reads
                for column in self.table.columns:
                    if column.name in cols and column.generated is not None:
                        g = column.generated.tree
                        cols |= columns_of(g) if g is not None else names
                self.server_checks.append(ServerCheck(name, check.expr.sql, cols & names))
                continue
            out.append((name, tree))
        for spec in self.specs.values():
            for domain, check in spec.info.domain_checks:
                label = f"{domain}: {check.name or check.expr.sql}"
                tree = domain_tree(check, spec.name)
                if tree is None:
                    self.server_checks.append(
                        ServerCheck(label, check.expr.sql, {spec.name}, value_column=spec.name)
                    )
                else:
                    out.append((label, tree))
        self._check_text = {
            f"{domain}: {check.name or check.expr.sql}": (check.expr.sql, spec.name)
            for spec in self.specs.values()
            for domain, check in spec.info.domain_checks
        }
        self._check_text.update(
            {check.name or check.expr.sql: (check.expr.sql, None) for check in self.table.checks}
        )
        return out

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
            batch[name] = Col(
                values,
                nulls,
                spec.kind,
                nullable=spec.nullable,
                protected=spec.unique or spec.partition is not None,
                step=spec.step,
            )
        self._fill_fks(batch, idx, start)
        self.uniq.fill_ordinals(batch, idx, start)
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
        self._remember(batch, start, stop)
        return {name: batch[name] for name in self.tp.columns}

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
        """Publish this table's keys for its children."""
        if self.keep:
            if self.tp.rows == 0:
                for name in self.keep:
                    spec = self.specs[name]
                    self._own[name] = Col(_placeholder(spec, 0), np.zeros(0, bool), spec.kind)
            self.keys.put(self.tp.name, self._own)

    # --- foreign keys -------------------------------------------------------------------

    def _predict(self, unit: FKUnit) -> dict[str, Col]:
        """A later parent's key columns, regenerated from their own seeds (each column draws
        from its own Generator, so they come out exactly as the parent will write them)."""
        cached = getattr(self, "_predicted", {})
        if unit.parent in cached:
            return cached[unit.parent]
        parent_tp = self.plan.table(unit.parent)
        if parent_tp is None:
            raise GenerationError(f"{self.tp.name}: {unit.parent} is not planned")
        pg = TableGenerator(self.schema, self.plan, parent_tp, self.config, self.seed, KeyStore())
        size = max(1, self.config.generate.batch_rows)
        out: dict[str, Col] = {}
        for ref in unit.fk.ref_columns:
            spec = pg.specs.get(ref)
            if spec is None or ref in pg.fk_cols or spec.after:
                raise GenerationError(
                    f"{self.tp.name}: the deferrable FK to {unit.parent} needs its key {ref} "
                    "before that table is generated, and the key is itself derived"
                )
            parts = [
                generate_values(
                    spec,
                    pg.rng(ref, start),
                    np.arange(start, min(parent_tp.rows, start + size)),
                    {},
                )
                for start in range(0, parent_tp.rows, size)
            ]
            values = np.concatenate(parts) if parts else _placeholder(spec, 0)
            out[ref] = Col(values, np.zeros(values.size, bool), spec.kind)
        cached[unit.parent] = out
        self._predicted = cached
        return out

    def _parent_keys(self, unit: FKUnit) -> tuple[dict[str, Col], np.ndarray]:
        if not self.keys.has(unit.parent) and unit.mode == "deferrable":
            source = self._predict(unit)
            n = len(next(iter(source.values())).values) if source else 0
            return source, np.arange(n)
        if not self.keys.has(unit.parent):
            raise GenerationError(
                f"{self.tp.name}: keys of {unit.parent} are not known yet (load order)"
            )
        valid = self.keys.valid_rows(unit.parent, tuple(unit.fk.ref_columns))
        return self.keys.tables[unit.parent], valid

    def _assign(
        self,
        batch: Batch,
        unit: FKUnit,
        parent_rows: np.ndarray,
        n: int,
        nulls: np.ndarray,
        source: dict[str, Col],
    ) -> None:
        for child_col, parent_col in unit.ref_map.items():
            if child_col in batch and self.fk_cols.get(child_col) is not unit:
                continue
            pc = source[parent_col]
            spec = self.specs[child_col]
            values = pc.values[parent_rows] if n else pc.values[:0]
            batch[child_col] = Col(
                np.asarray(values),
                nulls.copy(),
                spec.kind,
                nullable=spec.nullable,
                protected=True,
                step=spec.step,
            )

    def _fill_fks(self, batch: Batch, idx: np.ndarray, start: int) -> None:
        n = idx.size
        self.uniq.fill(batch, idx)
        for unit in self.units:
            if id(unit) in self.uniq.fk_units:
                continue
            if not any(self.fk_cols.get(c) is unit for c in unit.fk.columns):
                continue
            rng = self.rng("fk:" + ",".join(unit.fk.columns), start)
            nf = min(self.specs[c].null_fraction for c in unit.fk.columns)
            nulls = (rng.random(n) < nf) if unit.nullable and nf > 0 else np.zeros(n, bool)
            if unit.mode == "update":
                self._fill_placeholder(batch, unit, n)
                continue
            if unit.mode == "self":
                self._fill_self(batch, unit, idx, rng)
                continue
            source, valid = self._parent_keys(unit)
            if valid.size == 0:
                if not unit.nullable:
                    raise GenerationError(
                        f"{self.tp.name}: FK {list(unit.fk.columns)} needs rows in {unit.parent}, "
                        "which has none"
                    )
                self._fill_placeholder(batch, unit, n)
                continue
            if unit.mode == "children" and self.tp.children_counts is not None:
                cum = np.cumsum(self.tp.children_counts)
                pos = np.searchsorted(cum, idx, side="right")
                rows = valid[np.minimum(pos, valid.size - 1)]
                nulls[:] = False
            else:
                rows = valid[self._fk_pick(unit, rng, idx, valid.size)]
            self._assign(batch, unit, rows, n, nulls, source)

    def _fk_pick(self, unit: FKUnit, rng, idx: np.ndarray, size: int) -> np.ndarray:
        """Parent positions: shaped by the FK column's statistics, else a Zipf-like fan-out."""
        if self.plan.statistics is not None:
            from workbench.stats.columns import fk_rows

            picked = fk_rows(self, unit, rng, idx, size)
            if picked is not None:
                return picked
        return skewed_index(rng, size, idx.size, salt=stable_hash(unit.parent))

    def _fill_placeholder(self, batch: Batch, unit: FKUnit, n: int) -> None:
        for c in unit.fk.columns:
            if c in batch and self.fk_cols.get(c) is not unit:
                continue
            self.env.placeholders.add(c)  # no key beneath the NULL: a repair may not unset it
            spec = self.specs[c]
            batch[c] = Col(
                _placeholder(spec, n),
                np.ones(n, bool),
                spec.kind,
                nullable=spec.nullable,
                protected=True,
                step=spec.step,
            )

    def _fill_self(self, batch: Batch, unit: FKUnit, idx: np.ndarray, rng) -> None:
        """Each row's parent is an earlier row; a share of rows are roots."""
        n = idx.size
        roots = (rng.random(n) < self.config.generate.root_share) | (idx == 0)
        if unit.chain:
            parent_idx = np.maximum(idx - 1, 0) if unit.nullable else idx.copy()
        else:
            parent_idx = np.floor(rng.random(n) * idx).astype(np.int64)
        parent_idx = np.where(roots, idx, parent_idx)
        nulls = roots.copy() if unit.nullable else np.zeros(n, bool)
        start = int(idx[0]) if n else 0
        for child_col, parent_col in unit.ref_map.items():
            if child_col in batch and self.fk_cols.get(child_col) is not unit:
                continue
            src = batch.get(parent_col)
            own = self._own.get(parent_col)
            if src is None:
                raise GenerationError(f"{self.tp.name}: self reference to {parent_col} unresolved")
            spec = self.specs[child_col]
            values = np.empty(n, dtype=src.values.dtype)
            inside = parent_idx >= start
            values[inside] = src.values[parent_idx[inside] - start]
            if (~inside).any():
                if own is None:
                    raise GenerationError(f"{self.tp.name}: {parent_col} keys not kept")
                values[~inside] = own.values[parent_idx[~inside]]
            batch[child_col] = Col(
                values,
                nulls.copy(),
                spec.kind,
                nullable=spec.nullable,
                protected=True,
                step=spec.step,
            )

    # --- checks -------------------------------------------------------------------------

    def _regen(self, name: str, rows: np.ndarray) -> np.ndarray | None:
        """Fresh values from the column's own generator for some rows of the current batch
        (each call draws anew), or None for a column that has no generator of its own."""
        spec = self.specs.get(name)
        col = self._cur[1].get(name)
        if spec is None or col is None:
            return None
        if name in self.fk_cols:
            return self._regen_fk(name, rows)
        if col.protected:
            return None
        if spec.generator == "null" or spec.unique or spec.partition is not None:
            return None
        idx = self._cur[0]
        self._draws = getattr(self, "_draws", 0) + 1
        rng = self.rng(f"redraw:{name}:{self._draws}", int(idx[0]) if idx.size else 0)
        values = generate_values(spec, rng, idx, self._cur[1])
        return np.asarray(values)[rows]

    def _regen_fk(self, name: str, rows: np.ndarray) -> np.ndarray | None:
        """Another parent key for a single-column FK drawn freely (not part of a unique)."""
        unit = self.fk_cols[name]
        in_combo = id(unit) in self.uniq.fk_units
        if len(unit.fk.columns) != 1 or unit.mode != "normal" or in_combo:
            return None
        source, valid = self._parent_keys(unit)
        if valid.size == 0:
            return None
        self._draws = getattr(self, "_draws", 0) + 1
        rng = self.rng(f"redraw:{name}:{self._draws}", int(self._cur[0][0]))
        return source[unit.ref_map[name]].values[valid[rng.integers(0, valid.size, rows.size)]]

    def _redraw(self, batch: Batch, names: set[str], rows: np.ndarray) -> bool:
        """Draw the rows' values of these columns again (NULLs too, at the column's rate)."""
        done = False
        for name in sorted(names):
            values = self._regen(name, rows)
            if values is None:
                continue
            col = batch[name]
            spec = self.specs[name]
            col.values[rows] = values
            rng = self.rng(f"redraw-null:{name}:{self._draws}", int(self._cur[0][0]))
            col.nulls[rows] = rng.random(rows.size) < spec.null_fraction if spec.nullable else False
            done = True
        return done

    # Rounds of repair, then of redrawing, before a CHECK that still fails stops the run; and
    # rounds of asking the server (each redraws only the rows it rejected).
    ROUNDS = 12
    SERVER_ROUNDS = 24

    def _apply_checks(self, batch: Batch, n: int, start: int) -> None:
        """Every CHECK holds on every row when this returns, or it raises: the evaluator's
        CHECKs are repaired inside each column's domain, the others are judged by the server
        (one query a round, only for tables that have such CHECKs) and failing rows drawn
        again; a CHECK still failing after the bounded rounds is an error naming a row."""
        for _ in range(self.SERVER_ROUNDS):
            if not self._local_checks(batch, n, start):
                break
            if not self.server_checks:
                return
            bad_by_check = self._server_failing(batch, n)
            if not any(mask.any() for mask in bad_by_check.values()):
                return
            for check in self.server_checks:
                mask = bad_by_check.get(check.name)
                if mask is not None and mask.any():
                    self._redraw(batch, check.columns, np.flatnonzero(mask))
        self._fail(batch, n)

    def _local_checks(self, batch: Batch, n: int, start: int) -> bool:
        """Repair (then redraw) until every CHECK the evaluator computes holds; a CHECK it
        turns out not to compute moves to the server. False when rows still fail."""
        env = self.env
        for rnd in range(self.ROUNDS):
            dirty = False
            for name, tree in list(self.checks):
                try:
                    bad = failing(tree, batch, n, env)
                    if not bad.any():
                        continue
                    dirty = True
                    rng = self.rng(f"check:{name}:{rnd}", start)
                    bad = repair(tree, batch, n, rng, env, self._regen)
                    if bad.any() and rnd >= 2:
                        self._redraw(batch, columns_of(tree), np.flatnonzero(bad))
                except Unsupported:
                    self._to_server(name)
                    dirty = True
            if not dirty:
                return True
        return False

    def _to_server(self, name: str) -> None:
        text, value_column = self._check_text.get(name, (None, None))
        tree = next(t for nm, t in self.checks if nm == name)
        self.checks = [(nm, t) for nm, t in self.checks if nm != name]
        if text is not None:
            cols = (columns_of(tree) & set(self.specs)) or set(self.specs)
            self.server_checks.append(ServerCheck(name, text, cols, value_column))

    def _server_failing(self, batch: Batch, n: int) -> dict[str, np.ndarray]:
        from workbench.generate.format import to_text

        if self.oracle is None:
            names = ", ".join(c.name for c in self.server_checks)
            if self.offline:
                msg = (
                    f"{self.tp.name}: CHECK {names} can only be judged by the server; these rows "
                    "were not verified against it (no database here)"
                )
                if msg not in self.warnings:
                    self.warnings.append(msg)
                return {c.name: np.zeros(n, bool) for c in self.server_checks}
            raise GenerationError(
                f"{self.tp.name}: CHECK {names} can only be judged by the server, and no "
                "database is connected here"
            )
        columns: dict[str, tuple[list[str | None], Any]] = {}
        for column in self.table.columns:
            if column.generated is not None or column.name not in batch:
                continue
            col = batch[column.name]
            texts = to_text(col, self.specs[column.name].info)
            values: list[str | None] = [
                None if null else t for t, null in zip(texts, col.nulls.tolist(), strict=False)
            ]
            columns[column.name] = (values, column.type)
        return self.oracle.failing(self.schema, self.table, self.server_checks, columns, n)

    def _fail(self, batch: Batch, n: int) -> None:
        """Stop with one error: the table, the CHECK, one failing row, the override to use."""
        name, rows, cols = None, np.zeros(0, int), set()
        for nm, tree in self.checks:
            bad = failing(tree, batch, n, self.env)
            if bad.any():
                name, rows, cols = nm, np.flatnonzero(bad), columns_of(tree)
                break
        if name is None and self.server_checks:
            for nm, mask in self._server_failing(batch, n).items():
                if mask.any():
                    name, rows = nm, np.flatnonzero(mask)
                    cols = next(c.columns for c in self.server_checks if c.name == nm)
                    break
        if name is None:
            return
        raise GenerationError(check_failure_message(self, name, cols, batch, int(rows[0])))

    # --- deferred FKs -------------------------------------------------------------------

    def deferred_values(self, d: DeferredFK) -> tuple[list[str], dict[str, Col], dict[str, Col]]:
        """For a nullable FK broken out of a cycle: (pk columns, pk values, fk values)."""
        pk = self.table.primary_key.columns if self.table.primary_key else []
        if not pk or any(c not in self._own for c in pk):
            raise GenerationError(
                f"{self.tp.name}: FK {d.fk.columns} closes a cycle but the table has no primary "
                "key to UPDATE it by"
            )
        unit = next(u for u in self.units if u.fk is d.fk)
        n = self.tp.rows
        rng = self.rng("deferred:" + ",".join(d.fk.columns), 0)
        source, valid = self._parent_keys(unit)
        nf = min(self.specs[c].null_fraction for c in d.fk.columns)
        nulls = rng.random(n) < nf if valid.size else np.ones(n, bool)
        if unit.distinct and valid.size:
            rows = valid[affine(np.arange(n, dtype=np.int64), valid.size, 7) % valid.size]
            nulls |= np.arange(n) >= valid.size  # more children than parents: the rest NULL
        elif valid.size:
            rows = valid[skewed_index(rng, valid.size, n, 7)]
        else:
            rows = np.zeros(n, int)
        fk_cols: dict[str, Col] = {}
        for child_col, parent_col in unit.ref_map.items():
            pc = source[parent_col]
            values = pc.values[rows] if valid.size else _placeholder(self.specs[child_col], n)
            fk_cols[child_col] = Col(values, nulls.copy(), self.specs[child_col].kind)
        return list(pk), {c: self._own[c] for c in pk}, fk_cols


def check_failure_message(
    gen: TableGenerator, name: str, cols: set[str], batch: Batch, row: int
) -> str:
    from workbench.generate.format import to_text

    shown = []
    for column in sorted(cols):
        col = batch.get(column)
        if col is None:
            continue
        text = to_text(col, gen.specs[column].info)[row]
        value = "NULL" if col.nulls[row] else repr(text if len(text) <= 40 else text[:37] + "...")
        shown.append(f"{column} = {value}")
    free = [c for c in sorted(cols) if c in gen.specs and c not in gen.fk_cols]
    target = free[0] if free else (sorted(cols)[0] if cols else "column")
    text, _ = gen._check_text.get(name, (name, None))
    return (
        f"{gen.tp.name}: CHECK {name} ({text}) still fails after repairing and redrawing "
        f"the rows, e.g. for the row with {', '.join(shown) or 'these values'}. "
        f"Give the column values that satisfy it in sandbox.toml, e.g. "
        f'[tables."{gen.tp.name}".columns.{target}] generator = "choice" with '
        'values = ["…"] (or generator = "regex" with pattern = "…").'
    )


def skewed_index(rng: np.random.Generator, size: int, n: int, salt: int = 0) -> np.ndarray:
    """Indices into [0, size): Zipf-like fan-out (a few parents get many children) mixed with
    a uniform share so most parents get some; hot parents are spread over the key range."""
    if size <= 1:
        return np.zeros(n, dtype=np.int64)
    u = rng.random(n)
    heavy = np.floor(size * u**3).astype(np.int64)
    flat = rng.integers(0, size, n)
    pick = np.where(rng.random(n) < 0.7, heavy, flat)
    return affine(pick, size, salt).astype(np.int64)
