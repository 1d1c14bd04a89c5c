"""Foreign keys of one table's rows: `Links`, the row assembler's collaborator that sets up
the FK units a table fills (view.FKUnit) from the parents' keys (view.KeyStore), fills them
batch by batch (children per parent, self references, deferrable and deferred FKs), remembers
which parent row each batch row picked, and keeps the table's own key columns for its
children."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from workbench.errors import GenerationError
from workbench.generate.base.batch import Batch, Col
from workbench.generate.base.hashing import affine, skewed_index, stable_hash
from workbench.generate.base.tables import partition_root
from workbench.generate.generators.pools import market_picks
from workbench.generate.generators.value_spec import ColumnSpec, num_bounds
from workbench.generate.generators.values import generate_values, placeholder
from workbench.generate.kinds.catalogued import key_shares
from workbench.generate.kinds.meets import business_place
from workbench.generate.kinds.role_holders import holders, must_name, roles_of
from workbench.generate.kinds.semantics import decide_column
from workbench.generate.overlap import held_values, pick_matching, restrict, shared_columns
from workbench.generate.plan.market import in_region, market_of, ordered
from workbench.generate.plan.stats_specs import fk_rows
from workbench.generate.plan.tables import DeferredFK, TablePlan
from workbench.generate.view import FKUnit, TableView
from workbench.generate.vocab.countries import economy_rank, has_postcodes

# the generators of a column keying a table of countries
_COUNTRY_KEYS = frozenset({"country_code", "country_code3", "country"})
# how fast a business's sites thin out down the large economies: the leading market weighs
# 1, the fifth about half as much, the thirtieth about a seventh
_ECONOMY_DECAY = 5.0


class Links:
    """The foreign keys a table fills, and the parent rows each batch row picked."""

    def __init__(
        self,
        view: TableView,
        rows_of: dict[str, int],
        parent_view: Callable[[TablePlan], TableView],
    ) -> None:
        self.view = view
        self.rows_of = rows_of  # planned rows per table, for parents not generated yet
        self._parent_view = parent_view  # a later parent, set up to regenerate its keys
        self.units: list[FKUnit] = []
        self.fk_cols: dict[str, FKUnit] = {}
        # units the unique plan fills (keys) and numbers (line numbers): not drawn freely
        self.keyed: set[int] = set()
        self.numbered: set[int] = set()
        self.picked: dict[str, tuple[np.ndarray, np.ndarray]] = {}  # the batch's parent rows
        self.self_parents: dict[str, np.ndarray] = {}  # row number of each row's parent
        self.own: dict[str, Col] = {}  # the table's kept columns, every row made so far
        self.dropped: np.ndarray | None = None  # rows the judge dropped, once it drops one
        self._predicted: dict[str, dict[str, Col]] = {}  # later parents' keys, regenerated
        self._needs: dict[int, list[tuple[list[str], set[str]]]] | None = None  # overlap.py
        self._held: dict[int, tuple[np.ndarray, np.ndarray]] = {}  # a role key's holders
        self._build_fks()

    def drawn_freely(self, unit: FKUnit) -> bool:
        """A key drawn freely from its parent's rows: not a children law, a self or deferred
        reference, nor a key the unique plan fills."""
        return unit.mode == "normal" and id(unit) not in self.keyed

    def parent_rows(self, fk: str) -> tuple[np.ndarray | None, np.ndarray]:
        """The parent row each batch row references through the FK (its columns joined by
        commas), and where it references none; (None, …) when the FK was not filled by rows."""
        got = self.picked.get(fk)
        if got is None:
            return None, np.zeros(0, bool)
        return got

    def repicked(self, fk: str, rows: np.ndarray, nulls: np.ndarray) -> None:
        """Record that a rule re-picked the batch's parent rows through the FK."""
        self.picked[fk] = (rows, nulls)

    def kept(self, column: str) -> Col | None:
        return self.own.get(column)

    def begin(self) -> None:
        """A new batch: no parent picked yet."""
        self.picked, self.self_parents = {}, {}

    def remember(
        self, batch: Batch, columns: list[str], start: int, stop: int, keep: np.ndarray | None
    ) -> None:
        """Keep the batch's values of the columns children read (keys, times, labels); a row
        the judge dropped (`keep` False) is kept as NULL, so no child picks it as a parent."""
        rows = self.view.tp.rows
        for name in columns:
            col = batch[name]
            if name not in self.own:
                self.own[name] = Col(
                    np.empty(rows, dtype=col.values.dtype), np.zeros(rows, bool), col.kind
                )
            self.own[name].values[start:stop] = col.values
            self.own[name].nulls[start:stop] = col.nulls
            if keep is not None:
                self.own[name].nulls[start:stop] |= ~keep
        if keep is not None:
            if self.dropped is None:
                self.dropped = np.zeros(rows, bool)
            self.dropped[start:stop] = ~keep

    def keep_rows(self, keep: np.ndarray) -> None:
        """The batch's parent rows for its kept rows only (the batch handed out is those)."""
        self.picked = {fk: (rows[keep], nulls[keep]) for fk, (rows, nulls) in self.picked.items()}
        self.self_parents = {fk: rows[keep] for fk, rows in self.self_parents.items()}

    def surviving(self, parents: np.ndarray, start: int) -> np.ndarray:
        """Parent row numbers in earlier batches with each dropped one replaced by the
        nearest earlier row that was kept (-1 where there is none)."""
        if self.dropped is None or not parents.size:
            return parents
        alive = ~self.dropped[:start]
        if alive.all():
            return parents
        last = np.maximum.accumulate(np.where(alive, np.arange(start), -1))
        out = parents.copy()
        earlier = parents < start
        out[earlier] = last[parents[earlier]]
        return out

    def _build_fks(self) -> None:
        tp = self.view.tp
        deferred = {id(d.fk): d for d in tp.deferred_fks}
        ignored = {id(fk) for fk in tp.ignored_fks}
        self_ids = {id(fk) for fk in tp.self_fks}
        children_parent = (
            partition_root(self.view.schema, tp.children.parent) if tp.children else None
        )
        children_used = False
        for fk in self.view.table.foreign_keys:
            if id(fk) in ignored:
                for c in fk.columns:
                    spec = self.view.specs.get(c)
                    if spec is not None and spec.nullable:
                        spec.null_fraction = 1.0
                    elif spec is not None:
                        self.view.warn(
                            f"{tp.name}.{c}: references {fk.ref_qualified}, which gets no rows"
                        )
                continue
            if any(c not in self.view.specs for c in fk.columns):
                continue
            nullable = all(self.view.specs[c].nullable for c in fk.columns)
            parent = partition_root(self.view.schema, fk.ref_qualified)
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

    def number_within_parent(self, cols: list[str], spec: ColumnSpec) -> None:
        """A unique (parent key…, n) in a children-per-parent table, such as order_items
        (order_id, line_no): n numbers each parent's rows 1, 2, … instead of carrying the row
        number, which is what such keys hold and stays small (a smallint line_no overflowed
        past 32,767 rows). Only when every parent row is a valid parent, so that consecutive
        rows of one parent share its key."""
        counts = self.view.tp.children_counts
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
            or not self.view.keys.has(child.parent)
        ):
            return
        if self.view.keys.valid_rows(child.parent, tuple(child.fk.ref_columns)).size != counts.size:
            return
        lo, hi = num_bounds(spec, 1, 2**62)
        if lo + int(counts.max()) - 1 > hi:
            return
        spec.params["ordinal_ends"] = np.cumsum(counts)
        spec.params["ordinal_counts"] = np.asarray(counts)

    def parent_count(self, unit: FKUnit) -> int:
        if self.view.keys.has(unit.parent):
            return len(self.view.keys.valid_rows(unit.parent, tuple(unit.fk.ref_columns)))
        return self.rows_of.get(unit.parent, 0)

    def predict(self, unit: FKUnit) -> dict[str, Col]:
        """A later parent's key columns, regenerated from their own seeds (each column draws
        from its own Generator, so they come out exactly as the parent will write them)."""
        cached = self._predicted
        if unit.parent in cached:
            return cached[unit.parent]
        parent_tp = self.view.plan.table(unit.parent)
        if parent_tp is None:
            raise GenerationError(f"{self.view.tp.name}: {unit.parent} is not planned")
        pg = self._parent_view(parent_tp)
        size = max(1, self.view.config.generate.batch_rows)
        out: dict[str, Col] = {}
        for ref in unit.fk.ref_columns:
            spec = pg.specs.get(ref)
            if spec is None or ref in pg.fk_cols or spec.after:
                raise GenerationError(
                    f"{self.view.tp.name}: the deferrable FK to {unit.parent} needs its key {ref} "
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
            values = np.concatenate(parts) if parts else placeholder(spec, 0)
            out[ref] = Col(values, np.zeros(values.size, bool), spec.kind)
        cached[unit.parent] = out
        return out

    def parent_keys(self, unit: FKUnit) -> tuple[dict[str, Col], np.ndarray]:
        if not self.view.keys.has(unit.parent) and unit.mode == "deferrable":
            source = self.predict(unit)
            n = len(next(iter(source.values())).values) if source else 0
            return source, np.arange(n)
        if not self.view.keys.has(unit.parent):
            raise GenerationError(
                f"{self.view.tp.name}: keys of {unit.parent} are not known yet (load order)"
            )
        valid = self.view.keys.valid_rows(unit.parent, tuple(unit.fk.ref_columns))
        role = roles_of(self.view.schema, self.view.table).get(unit.fk.columns[0])
        if (
            role is None
            or unit.mode != "normal"
            or not must_name(",".join(unit.fk.columns), unit.nullable, self.view.rules)
        ):
            return self.view.keys.tables[unit.parent], valid
        if self._held.get(id(unit), (None,))[0] is not valid:  # a key named as a role
            self._held[id(unit)] = (valid, holders(role, self.view.keys.tables[unit.parent], valid))
        return self.view.keys.tables[unit.parent], self._held[id(unit)][1]

    def assign(
        self,
        batch: Batch,
        unit: FKUnit,
        parent_rows: np.ndarray,
        n: int,
        nulls: np.ndarray,
        source: dict[str, Col],
    ) -> None:
        # the parent row of each batch row, for the rules that read the parent (lineage.py)
        self.picked[",".join(unit.fk.columns)] = (np.asarray(parent_rows), nulls.copy())
        for child_col, parent_col in unit.ref_map.items():
            if child_col in batch and self.fk_cols.get(child_col) is not unit:
                continue
            pc = source[parent_col]
            spec = self.view.specs[child_col]
            values = pc.values[parent_rows] if n else pc.values[:0]
            batch[child_col] = Col(
                np.asarray(values),
                nulls.copy(),
                spec.kind,
                nullable=spec.nullable,
                protected=True,
                step=spec.step,
            )

    def fill(self, batch: Batch, idx: np.ndarray, start: int) -> None:
        """Each foreign key the unique plan does not fill: its columns from parent rows picked
        for the batch (NULL at the column's rate where it may be)."""
        n = idx.size
        for unit in self.units:
            if id(unit) in self.keyed:
                continue
            if not any(self.fk_cols.get(c) is unit for c in unit.fk.columns):
                continue
            rng = self.view.rng("fk:" + ",".join(unit.fk.columns), start)
            nf = min(self.view.specs[c].null_fraction for c in unit.fk.columns)
            nulls = (rng.random(n) < nf) if unit.nullable and nf > 0 else np.zeros(n, bool)
            if unit.mode == "update":
                self._fill_placeholder(batch, unit, n)
                continue
            if unit.mode == "self":
                self._fill_self(batch, unit, idx, rng)
                continue
            source, valid = self.parent_keys(unit)
            if unit.mode == "normal" and valid.size:
                valid = restrict(unit, source, valid, self._overlaps().get(id(unit), []))
            if valid.size == 0:
                if not unit.nullable:
                    raise GenerationError(
                        f"{self.view.tp.name}: FK {list(unit.fk.columns)} needs rows in "
                        f"{unit.parent}, which has none"
                    )
                self._fill_placeholder(batch, unit, n)
                continue
            if unit.mode == "children" and self.view.tp.children_counts is not None:
                cum = np.cumsum(self.view.tp.children_counts)
                pos = np.searchsorted(cum, idx, side="right")
                rows = valid[np.minimum(pos, valid.size - 1)]
                nulls[:] = False
            else:
                shared = shared_columns(unit, self.fk_cols) if unit.mode == "normal" else []
                matched = pick_matching(batch, unit, shared, source, valid, rng, nulls)
                rows = (
                    valid[self._fk_pick(unit, rng, idx, valid.size, source, valid)]
                    if matched is None
                    else matched
                )
            self.assign(batch, unit, rows, n, nulls, source)

    def _overlaps(self) -> dict[int, list[tuple[list[str], set[str]]]]:
        """Per claiming unit, what each other key sharing its columns needs of them: the
        shared columns and the values the other key's parent rows hold (overlap.py)."""
        if self._needs is None:
            self._needs = {}
            for unit in self.units:
                shared = shared_columns(unit, self.fk_cols)
                claimers = {id(self.fk_cols[c]) for c in shared}
                if unit.mode != "normal" or id(unit) in self.keyed or len(claimers) != 1:
                    continue
                if not self.view.keys.has(unit.parent):
                    continue
                source, valid = self.parent_keys(unit)
                held = held_values(unit, shared, source, valid)
                claimer = self.fk_cols[shared[0]]
                self._needs.setdefault(id(claimer), []).append((shared, held))
        return self._needs

    def _fk_pick(
        self,
        unit: FKUnit,
        rng: np.random.Generator,
        idx: np.ndarray,
        size: int,
        source: dict[str, Col],
        valid: np.ndarray,
    ) -> np.ndarray:
        """Parent positions: shaped by the FK column's statistics, else a Zipf-like fan-out;
        a country mostly the market's (plan/market.py)."""
        if self.view.plan.statistics is not None:
            picked = fk_rows(self.view, unit, rng, idx, size)
            if picked is not None:
                return picked
        members = self._market_members(unit)
        if not members:
            sited = self._economies(unit, rng, idx, source, valid)
            if sited is not None:
                return sited
            keys = source[unit.fk.ref_columns[0]].values[valid]
            shares = key_shares(
                self.view.schema, self.view.config, unit.parent, unit.fk.ref_columns, keys
            )
            if shares is not None:  # a catalogue's codes by their shares (the blood groups)
                return rng.choice(len(keys), size=idx.size, p=shares).astype(np.int64)
            return skewed_index(rng, size, idx.size, salt=stable_hash(unit.parent))
        codes = source[unit.fk.ref_columns[0]].values[valid].tolist()
        if business_place(self.view.schema, self.view.tp.name):
            # the business's own place (a building it lets, a site it runs) lies in its
            # market's region, not anywhere in the world: the ranked rows of the region only
            fits = in_region(market_of(self.view.schema), codes)
            if self._needs_postcode():
                fits &= np.array([has_postcodes(v) for v in codes], bool)
            inside = np.flatnonzero(fits)
            if inside.size >= min(members, size):
                picks: np.ndarray = inside[market_picks(rng, members, int(inside.size), idx.size)]
                return picks
        picked = market_picks(rng, members, size, idx.size)  # the table's first rows
        if self._needs_postcode():
            # a place whose postcode is NOT NULL lies where postcodes are used: a country
            # without them is one of the market's instead
            lacking = np.array([not has_postcodes(v) for v in codes], bool)
            moved = lacking[picked]
            picked[moved] = market_picks(rng, members, min(members, size), int(moved.sum()))
        return picked

    def _economies(
        self,
        unit: FKUnit,
        rng: np.random.Generator,
        idx: np.ndarray,
        source: dict[str, Col],
        valid: np.ndarray,
    ) -> np.ndarray | None:
        """A business's own place (a studio, a branch, a depot) in a country of a table of
        the world's countries, where the schema names no market: one of the large economies
        the table holds (vocab/countries: the leading markets, then the rest of the G20 and
        the richer OECD members), the leading more often, not any of the world's alike
        (a chain's studios in Austria and Brazil, not in Niger and Burundi). None: the child
        is no business place, the parent no table of countries, or none of its rows fits."""
        parent = self.view.schema.tables.get(unit.parent)
        if parent is None or len(unit.fk.ref_columns) != 1:
            return None
        column = parent.column(unit.fk.ref_columns[0])
        if column is None or not business_place(self.view.schema, self.view.tp.name):
            return None
        generator = decide_column(self.view.schema, parent, column, self.view.config).generator
        if generator not in _COUNTRY_KEYS:
            return None
        codes = source[unit.fk.ref_columns[0]].values[valid].tolist()
        ranks = [economy_rank(v) for v in codes]
        fits = np.array([r is not None for r in ranks], bool)
        if self._needs_postcode():
            fits &= np.array([has_postcodes(v) for v in codes], bool)
        inside = np.flatnonzero(fits)
        if not inside.size:
            return None
        weights = np.array([1.0 / (1.0 + float(ranks[i] or 0) / _ECONOMY_DECAY) for i in inside])
        picks: np.ndarray = inside[
            rng.choice(inside.size, size=idx.size, p=weights / weights.sum())
        ]
        return picks.astype(np.int64)

    def _needs_postcode(self) -> bool:
        return any(
            s.generator == "postal_code" and not s.nullable for s in self.view.specs.values()
        )

    def _market_members(self, unit: FKUnit) -> int:
        """How many of the parent's first rows are the run's home market (plan/market.py):
        the parent is keyed by a country column a market orders; 0 otherwise."""
        view = self.view
        parent = view.schema.tables.get(unit.parent)
        if parent is None or len(unit.fk.ref_columns) != 1:
            return 0
        column = parent.column(unit.fk.ref_columns[0])
        market = market_of(view.schema)
        if column is None or not market.countries:
            return 0
        generator = decide_column(view.schema, parent, column, view.config).generator
        if generator == "currency" or ordered(market, generator) is None:
            return 0  # a currency is picked as before: rates and prices quote many of them
        return len(market.countries)

    def _fill_placeholder(self, batch: Batch, unit: FKUnit, n: int) -> None:
        for c in unit.fk.columns:
            if c in batch and self.fk_cols.get(c) is not unit:
                continue
            self.view.env.placeholders.add(c)  # no key beneath the NULL: a repair may not unset it
            spec = self.view.specs[c]
            batch[c] = Col(
                placeholder(spec, n),
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
        roots = (rng.random(n) < self.view.config.generate.root_share) | (idx == 0)
        if unit.chain:
            parent_idx = np.maximum(idx - 1, 0) if unit.nullable else idx.copy()
        else:
            parent_idx = np.floor(rng.random(n) * idx).astype(np.int64)
        parent_idx = np.where(roots, idx, parent_idx)
        if self.dropped is not None:  # a parent the judge dropped: the nearest kept one
            start = int(idx[0]) if n else 0
            moved = self.surviving(parent_idx, start)
            gone = moved < 0
            roots |= gone
            parent_idx = np.where(gone, idx, moved)
        self.self_parents[",".join(unit.fk.columns)] = parent_idx  # for trees.py
        nulls = roots.copy() if unit.nullable else np.zeros(n, bool)
        start = int(idx[0]) if n else 0
        for child_col, parent_col in unit.ref_map.items():
            if child_col in batch and self.fk_cols.get(child_col) is not unit:
                continue
            src = batch.get(parent_col)
            own = self.own.get(parent_col)
            if src is None:
                raise GenerationError(
                    f"{self.view.tp.name}: self reference to {parent_col} unresolved"
                )
            spec = self.view.specs[child_col]
            values = np.empty(n, dtype=src.values.dtype)
            inside = parent_idx >= start
            values[inside] = src.values[parent_idx[inside] - start]
            if (~inside).any():
                if own is None:
                    raise GenerationError(f"{self.view.tp.name}: {parent_col} keys not kept")
                values[~inside] = own.values[parent_idx[~inside]]
            batch[child_col] = Col(
                values,
                nulls.copy(),
                spec.kind,
                nullable=spec.nullable,
                protected=True,
                step=spec.step,
            )

    def regen_fk(self, name: str, rows: np.ndarray) -> np.ndarray | None:
        """Another parent key for a single-column FK drawn freely (not part of a unique)."""
        unit = self.fk_cols[name]
        if len(unit.fk.columns) != 1:
            return None
        picked = self.regen_fk_unit(unit, rows)
        return None if picked is None else picked[name]

    def regen_fk_unit(self, unit: FKUnit, rows: np.ndarray) -> dict[str, np.ndarray] | None:
        """Other parents for some rows of a freely drawn FK (not a children law, not part of a
        unique): every column of the key from one parent row, so a composite key stays whole."""
        if not self.drawn_freely(unit):
            return None
        source, valid = self.parent_keys(unit)
        if valid.size == 0:
            return None
        column = ",".join(unit.fk.columns)
        draw = self.view.random.next_redraw()
        rng = self.view.rng(f"redraw:{column}:{draw}", int(self.view.current_rows()[0]))
        parents = valid[rng.integers(0, valid.size, rows.size)]
        return {
            child: np.asarray(source[parent].values[parents])
            for child, parent in unit.ref_map.items()
            if self.fk_cols.get(child) is unit
        }

    def deferred_values(self, d: DeferredFK) -> tuple[list[str], dict[str, Col], dict[str, Col]]:
        """For a nullable FK broken out of a cycle: (pk columns, pk values, fk values)."""
        pk = self.view.table.primary_key.columns if self.view.table.primary_key else []
        if not pk or any(c not in self.own for c in pk):
            raise GenerationError(
                f"{self.view.tp.name}: FK {d.fk.columns} closes a cycle but the table has no "
                "primary key to UPDATE it by"
            )
        unit = next(u for u in self.units if u.fk is d.fk)
        n = self.view.tp.rows
        rng = self.view.rng("deferred:" + ",".join(d.fk.columns), 0)
        source, valid = self.parent_keys(unit)
        nf = min(self.view.specs[c].null_fraction for c in d.fk.columns)
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
            values = pc.values[rows] if valid.size else placeholder(self.view.specs[child_col], n)
            fk_cols[child_col] = Col(values, nulls.copy(), self.view.specs[child_col].kind)
        return list(pk), {c: self.own[c] for c in pk}, fk_cols


def key_columns(specs: dict[str, ColumnSpec], texts: dict[str, list[str | None]]) -> dict[str, Col]:
    """Loaded key values as the columns a child's FK draws from, typed like generated ones."""
    out: dict[str, Col] = {}
    for name, values in texts.items():
        spec = specs.get(name)
        kind = spec.kind if spec is not None else "text"
        nulls = np.array([v is None for v in values], bool)
        filled = values
        if kind == "int":
            arr = np.array([int(v) if v is not None else 0 for v in filled], np.int64)
        elif kind in ("float", "decimal"):
            arr = np.array([float(v) if v is not None else 0.0 for v in filled], np.float64)
        elif kind == "bool":
            arr = np.array([v == "true" for v in filled], bool)
        elif kind == "date":
            arr = np.array([v or "1970-01-01" for v in filled], "datetime64[D]")
        elif kind == "timestamp":
            arr = np.array(
                [(v or "1970-01-01 00:00:00")[:19].replace(" ", "T") for v in filled],
                "datetime64[s]",
            )
        else:
            arr = np.empty(len(filled), dtype=object)
            arr[:] = [v if v is not None else "" for v in filled]
        out[name] = Col(arr, nulls, kind)
    return out
