"""What the rules and solvers of one table read while its rows are made: a narrow view instead
of the row assembler itself.

A `TableView` holds the table (its model and plan), its column specs, the key columns and the
parent rows each batch row picked (the foreign keys' collaborator, `Links`, fills them), the
parents' kept columns (`keys`), its section of sandbox.toml, a seeded random stream per purpose
(`rng`) and an explicit per-table `scratch` for caches. The constraints a rule must not break
are read through `checks` and evaluated with `env`. Rules change their batch, never the view:
what they report goes through `warn`. The row assembler (rows/assembler.py) builds the view and
owns the collaborators behind it.

The view names what it reads of the foreign keys' collaborator (`ParentLinks`, which
links.Links provides) and the plain data both hand out (`FKUnit`, `KeyStore`), so that it
depends on nothing above the plan."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence, Set
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from workbench.config.file import Config, TableSection
from workbench.generate.base.batch import Batch, Col
from workbench.generate.base.hashing import stable_hash
from workbench.generate.base.scratch import Scratch
from workbench.generate.base.tables import unique_sets
from workbench.schema.model import ForeignKey, Schema, Table

if TYPE_CHECKING:
    from workbench.generate.checks import Env
    from workbench.generate.generators.value_spec import ColumnSpec
    from workbench.generate.plan.tables import Plan, TablePlan


@dataclass
class FKUnit:
    """One foreign key a table fills, and how (links.py fills it)."""

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


class ParentLinks(Protocol):
    """What the view reads of the table's foreign keys (links.Links is the one)."""

    @property
    def fk_cols(self) -> Mapping[str, FKUnit]: ...
    @property
    def units(self) -> Sequence[FKUnit]: ...
    @property
    def numbered(self) -> set[int]: ...
    @property
    def self_parents(self) -> Mapping[str, np.ndarray]: ...
    def parent_rows(self, fk: str) -> tuple[np.ndarray | None, np.ndarray]: ...
    def parent_keys(self, unit: FKUnit) -> tuple[dict[str, Col], np.ndarray]: ...
    def drawn_freely(self, unit: FKUnit) -> bool: ...
    def repicked(self, fk: str, rows: np.ndarray, nulls: np.ndarray) -> None: ...
    def kept(self, column: str) -> Col | None: ...


class TableRandom:
    """One table's random streams: each purpose (a column, a rule, a redraw) draws from its own
    Generator seeded from (seed, table, purpose, first row of the batch), so a table's rows
    depend only on the schema, the config and the seed. Redraws are numbered in the order
    they happen, each a stream of its own."""

    def __init__(self, seed: int, table: str) -> None:
        self.seed = seed
        self._table = stable_hash(table)
        self.redraws = 0

    def rng(self, what: str, start: int) -> np.random.Generator:
        return np.random.default_rng([self.seed, self._table, stable_hash(what), start])

    def next_redraw(self) -> int:
        self.redraws += 1
        return self.redraws


class TableView:
    """One table's generation as its rules and solvers see it (read, never reassigned)."""

    def __init__(
        self,
        schema: Schema,
        plan: Plan,
        tp: TablePlan,
        config: Config,
        seed: int,
        keys: KeyStore,
        specs: dict[str, ColumnSpec],
        env: Env,
    ) -> None:
        self.schema = schema
        self.plan = plan
        self.tp = tp
        self.table: Table = schema.tables[tp.name]
        self.config = config
        self.seed = seed
        self.keys = keys  # the parents' kept key columns, by table
        self.specs = specs
        self.env = env
        self.random = TableRandom(seed, tp.name)
        self.scratch = Scratch()
        self.warnings: list[str] = []
        self._current: tuple[np.ndarray, Batch] = (np.zeros(0, np.int64), {})
        self._links: ParentLinks | None = None
        self._checks: Callable[[], list[tuple[str, Any]]] = list
        self._rules: Callable[[], Sequence[Any]] = tuple
        # columns the unique plan builds keys from (enumerated, numbered per parent): a rule
        # that rewrote one would repeat a key nothing checks again
        self.built: frozenset[str] = frozenset()
        self.keyed_times: frozenset[str] = frozenset()

    # --- set up by the row assembler -----------------------------------------------------

    def attach(
        self,
        links: ParentLinks,
        checks: Callable[[], list[tuple[str, Any]]],
        rules: Callable[[], Sequence[Any]],
    ) -> None:
        """The collaborators behind the view (once, while the assembler is set up)."""
        self._links = links
        self._checks = checks
        self._rules = rules

    def hold(self, built: set[str], keyed_times: Set[str] = frozenset()) -> None:
        """The columns the unique plan builds keys from, and the times it checks with their
        whole key (the time rules may move those: rules/base.movable_time), once, after it
        is solved."""
        self.built = frozenset(built)
        self.keyed_times = frozenset(keyed_times)

    def begin(self, idx: np.ndarray, batch: Batch) -> None:
        """The batch being made (its row numbers and columns so far)."""
        self._current = (idx, batch)

    # --- what rules read -----------------------------------------------------------------

    @property
    def section(self) -> TableSection | None:
        """The table's section of sandbox.toml, if it has one."""
        return self.config.tables.get(self.tp.name)

    def rng(self, what: str, start: int) -> np.random.Generator:
        return self.random.rng(what, start)

    @property
    def _linked(self) -> ParentLinks:
        assert self._links is not None, "the view is read before its links are set up"
        return self._links

    @property
    def fk_cols(self) -> Mapping[str, FKUnit]:
        """The foreign key that fills each key column."""
        return self._linked.fk_cols

    @property
    def units(self) -> Sequence[FKUnit]:
        return self._linked.units

    def many_to_one(self) -> list[tuple[FKUnit, Table]]:
        """Each required single-column key not unique alone, with the table it references
        (never this one): the parents a row is one child of among many."""
        unique = unique_sets(self.table)
        out = []
        for unit in self.units:
            fk = unit.fk
            if len(fk.columns) != 1 or unit.nullable or [fk.columns[0]] in unique:
                continue
            parent = self.schema.tables.get(unit.parent)
            if parent is not None and parent is not self.table:
                out.append((unit, parent))
        return out

    def parent_rows(self, fk: str) -> tuple[np.ndarray | None, np.ndarray]:
        """The parent row each batch row references through the FK (its columns joined by
        commas), and where it references none; (None, …) when the FK was not filled by rows."""
        return self._linked.parent_rows(fk)

    def parent_keys(self, unit: FKUnit) -> tuple[dict[str, Col], np.ndarray]:
        """The kept key columns of the unit's parent, and its rows whose key is not NULL."""
        return self._linked.parent_keys(unit)

    def drawn_freely(self, unit: FKUnit) -> bool:
        """A key drawn freely from its parent's rows (a rule may pick another parent): not a
        children law, a self or deferred reference, nor a key the unique plan fills."""
        return self._linked.drawn_freely(unit)

    def repicked(self, fk: str, rows: np.ndarray, nulls: np.ndarray) -> None:
        """Record that a row rule picked the batch's parent rows through the FK again (after
        writing the key's columns itself), for what reads them later (rollups)."""
        self._linked.repicked(fk, rows, nulls)

    def numbered(self, unit: FKUnit) -> bool:
        """A key whose rows are numbered within each parent (line numbers)."""
        return id(unit) in self._linked.numbered

    @property
    def self_parents(self) -> Mapping[str, np.ndarray]:
        """Per self-referencing key, the row number of each batch row's parent."""
        return self._linked.self_parents

    @property
    def checks(self) -> list[tuple[str, Any]]:
        """The CHECKs the evaluator computes, as (name, tree)."""
        return self._checks()

    @property
    def rules(self) -> Sequence[Any]:
        """The row rules planned for the table, in the order they run."""
        return self._rules()

    def current_rows(self) -> np.ndarray:
        """The row numbers of the batch being made."""
        return self._current[0]

    def current_batch(self) -> Batch:
        return self._current[1]

    def kept(self, column: str) -> Col | None:
        """The column's values for every row made so far, when the table keeps it."""
        return self._linked.kept(column)

    def warn(self, message: str) -> None:
        if message not in self.warnings:
            self.warnings.append(message)
