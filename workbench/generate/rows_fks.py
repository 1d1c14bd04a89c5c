"""Foreign keys of one table's rows: the FK units a table fills, the parents' keys they pick
from (KeyStore), and the TableGenerator mixin that fills them batch by batch (children per
parent, self references, deferrable and deferred FKs)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.config import Config
from workbench.errors import GenerationError
from workbench.generate.checks import (
    Batch,
    Col,
)
from workbench.generate.fk_meet import keep_meets
from workbench.generate.fk_time import parents_exist_by_then
from workbench.generate.plan import DeferredFK, Plan, TablePlan, _root, stable_hash
from workbench.generate.self_tree import copy_containers
from workbench.generate.unique import UniquePlan, affine
from workbench.generate.values import ColumnSpec, _num_bounds, _placeholder, generate_values
from workbench.schema.model import ForeignKey, Schema, Table

if TYPE_CHECKING:
    from workbench.generate.unique import UniquePlan


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


class ForeignKeys:
    """TableGenerator's foreign keys (a mixin: the state is TableGenerator's)."""

    # Set by TableGenerator.__init__ (rows.py).
    schema: Schema
    plan: Plan
    tp: TablePlan
    config: Config
    seed: int
    keys: KeyStore
    table: Table
    specs: dict[str, ColumnSpec]
    units: list[FKUnit]
    fk_cols: dict[str, FKUnit]
    warnings: list[str]
    rows_of: dict[str, int]
    uniq: UniquePlan
    env: Any
    _own: dict[str, Col]
    _cur: tuple[np.ndarray, Batch]
    _draws: int
    _parent_rows: dict[str, tuple[np.ndarray, np.ndarray]]
    self_parents: dict[str, np.ndarray]

    def rng(self, what: str, start: int) -> np.random.Generator:
        raise NotImplementedError  # TableGenerator.rng

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

    def _predict(self, unit: FKUnit) -> dict[str, Col]:
        """A later parent's key columns, regenerated from their own seeds (each column draws
        from its own Generator, so they come out exactly as the parent will write them)."""
        cached: dict[str, dict[str, Col]] = getattr(self, "_predicted", {})
        if unit.parent in cached:
            return cached[unit.parent]
        parent_tp = self.plan.table(unit.parent)
        if parent_tp is None:
            raise GenerationError(f"{self.tp.name}: {unit.parent} is not planned")
        from workbench.generate.rows import TableGenerator  # rows.py imports this module

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
        # the parent row of each batch row, for the rules that read the parent (lineage.py)
        self._parent_rows[",".join(unit.fk.columns)] = (np.asarray(parent_rows), nulls.copy())
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
        keep_meets(self, batch, idx, start)  # type: ignore[arg-type]
        copy_containers(self, batch, idx)  # type: ignore[arg-type]
        parents_exist_by_then(self, batch, idx, start)  # type: ignore[arg-type]

    def _fk_pick(
        self, unit: FKUnit, rng: np.random.Generator, idx: np.ndarray, size: int
    ) -> np.ndarray:
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

    def _fill_self(
        self, batch: Batch, unit: FKUnit, idx: np.ndarray, rng: np.random.Generator
    ) -> None:
        """Each row's parent is an earlier row; a share of rows are roots."""
        n = idx.size
        roots = (rng.random(n) < self.config.generate.root_share) | (idx == 0)
        if unit.chain:
            parent_idx = np.maximum(idx - 1, 0) if unit.nullable else idx.copy()
        else:
            parent_idx = np.floor(rng.random(n) * idx).astype(np.int64)
        parent_idx = np.where(roots, idx, parent_idx)
        self.self_parents[",".join(unit.fk.columns)] = parent_idx  # for trees.py
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

    def _regen_fk(self, name: str, rows: np.ndarray) -> np.ndarray | None:
        """Another parent key for a single-column FK drawn freely (not part of a unique)."""
        unit = self.fk_cols[name]
        if len(unit.fk.columns) != 1:
            return None
        picked = self.regen_fk_unit(unit, rows)
        return None if picked is None else picked[name]

    def regen_fk_unit(self, unit: FKUnit, rows: np.ndarray) -> dict[str, np.ndarray] | None:
        """Other parents for some rows of a freely drawn FK (not a children law, not part of a
        unique): every column of the key from one parent row, so a composite key stays whole."""
        if unit.mode != "normal" or id(unit) in self.uniq.fk_units:
            return None
        source, valid = self._parent_keys(unit)
        if valid.size == 0:
            return None
        self._draws = getattr(self, "_draws", 0) + 1
        column = ",".join(unit.fk.columns)
        rng = self.rng(f"redraw:{column}:{self._draws}", int(self._cur[0][0]))
        parents = valid[rng.integers(0, valid.size, rows.size)]
        return {
            child: np.asarray(source[parent].values[parents])
            for child, parent in unit.ref_map.items()
            if self.fk_cols.get(child) is unit
        }

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
