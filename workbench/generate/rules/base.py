"""What every rule is made of: the planned `Rule` (data `workbench classify` shows), the two
protocols (`RowRule`: plan from the view, apply to a batch; `LinkRule`: re-pick the parent
rows of a batch's keys), the phases a batch goes through, and the helpers rules share."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.batch import Batch, Col, label_codes
from workbench.generate.vocab.words import PAYMENT_METHODS

if TYPE_CHECKING:
    from workbench.generate.generators.value_spec import ColumnSpec
    from workbench.generate.links import Links
    from workbench.generate.view import TableView


@dataclass
class Rule:
    """One planned rule, as `workbench classify` shows it: its kind, the columns it reads and
    writes (the first is the one it sets, for most), why, and what applying it needs."""

    kind: str
    columns: list[str]
    detail: str
    data: dict[str, Any] = field(default_factory=dict)


class Phase(Enum):
    """When a planned rule applies within a batch, in this order: values copied from the
    parents; the rules within the row; the rules sandbox.toml declares (the final word over
    inferred values); after the CHECKs gave rows their drawn values back, the dates of a row
    in order."""

    PARENTS = 1
    ROW = 2
    DECLARED = 3
    FINAL = 4


@dataclass(frozen=True)
class Owned:
    """The facts one planned rule owns (rules/owner.py): its label column, and for each column
    whose NULLs the label decides, the labels that want it set or NULL (a label not named: no
    say)."""

    label: str
    wants: dict[str, dict[str, bool]]


@dataclass(frozen=True)
class RowRule:
    """A rule within one row (it may read the row's parents through the view).

    `plan(view, planned)` returns the table's planned rules of this kind (`planned`: those of
    the rules before it in the registry); `apply(view, rule, batch, idx)` makes one planned
    rule hold on a batch. `phases` gives each kind it plans its phase (default: its name, in
    the row phase); `reconcile`, when given, runs after the CHECKs and says whether it
    changed anything (the CHECKs then run again). `after` and `before` name the row rules it
    runs after and before: its place in the order (the registry sorts the rules by them).
    `derives`: each rule it plans makes its first column a function of the row's other
    columns it names, so a rule of a later phase that moves one of those makes it hold again
    (registry.apply_phase applies it once more: what is computed from a total follows it).
    `derived_kinds`: the kinds of a rule of several kinds that derive so (a line's quantity ×
    price among the copies from its parents), in whatever phase they run. `owns`: the facts
    each rule it plans decides for good (rules/owner.py: a label column and the columns whose
    NULLs the label decides), which no later rule undoes on a row whose label it keeps."""

    name: str
    summary: str
    plan: Callable[[TableView, Sequence[Rule]], list[Rule]]
    apply: Callable[[TableView, Rule, Batch, np.ndarray], None]
    phases: Mapping[str, Phase] = field(default_factory=dict)
    reconcile: Callable[[Rule, Batch], bool] | None = None
    after: tuple[str, ...] = ()
    before: tuple[str, ...] = ()
    derives: bool = False
    derived_kinds: tuple[str, ...] = ()
    owns: Callable[[Rule], Owned] | None = None

    def phase(self, kind: str) -> Phase:
        return self.phases.get(kind, Phase.ROW)

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self.phases) or (self.name,)


class Stage(Enum):
    """When a cross-table rule runs: right after the keys are filled, or just before the row
    rules read the parents."""

    KEYS = 1
    ROWS = 2


@dataclass(frozen=True)
class LinkRule:
    """A rule across tables: it re-picks the parent rows some keys of a batch reference
    (through `links`, which fills the keys), so that rows agree with their parents. `after`
    and `before` name the cross-table rules it runs after and before. `repicks`: the keys of a
    table it picks again among the parent rows agreeing with the row's other keys, whose
    fan-out then follows those keys' parents (the review measures how far it varies between
    two samples of the generator: distribution/sample.py)."""

    name: str
    summary: str
    stage: Stage
    apply: Callable[[TableView, Links, Batch, np.ndarray], None]
    after: tuple[str, ...] = ()
    before: tuple[str, ...] = ()
    repicks: Callable[[TableView], set[str]] | None = None


def row_rng(view: TableView, rule: Rule, idx: np.ndarray) -> np.random.Generator:
    """The stream a planned rule draws from on a batch (its own, by kind and columns)."""
    start = int(idx[0]) if idx.size else 0
    return view.rng(f"coherence:{rule.kind}:{','.join(rule.columns)}", start)


def free(view: TableView, name: str) -> bool:
    """A column the rules may rewrite: generated here, not a key, unique or partition key, nor
    a column the unique plan builds keys from (`UNIQUE (account_id, state)` enumerated: a
    status rule moving `state` would repeat keys), and not one sandbox.toml copies or
    derives (a declared rule wins over inference)."""
    spec = view.specs.get(name)
    section = view.section
    override = section.columns.get(name) if section is not None else None
    return (
        spec is not None
        and not (override is not None and (override.copy_from or override.derive))
        and name not in view.fk_cols
        and name not in view.built
        and not spec.unique
        and spec.partition is None
        and spec.generator not in ("null", "constant")
    )


def free_or_own_unique(view: TableView, name: str) -> bool:
    """Free, or free but for being unique: a key of the row's own (not a foreign key, not one
    the unique plan builds, not one sandbox.toml copies or derives), which a rule may rewrite
    where its values stay unique by construction (a code with the row's serial in it)."""
    spec = view.specs.get(name)
    if spec is None:
        return False
    override = view.section.columns.get(name) if view.section is not None else None
    return free(view, name) or (
        spec.unique
        and spec.partition is None
        and name not in view.fk_cols
        and name not in view.built
        and not (override is not None and (override.copy_from or override.derive))
    )


def movable_time(view: TableView, name: str) -> bool:
    """A time the time rules may move: a free one, or one a key of the row's parents and the
    time holds unique (a register's day per class and pupil), which the unique plan checks
    per batch as a whole key (constraints/unique/plan._check_by)."""
    return free(view, name) or name in view.keyed_times


def numbered_time(view: TableView, name: str) -> bool:
    """A time the unique plan numbers per parent (UNIQUE (branch_id, read_at)) that the time
    rules may still move, its whole key checked: a rule that puts many of one parent's rows on
    one day's quarter hours would repeat the key (a gate counter's readings, several a day)."""
    return name in view.built and name in view.keyed_times


def free_columns(view: TableView) -> set[str]:
    return {c for c in view.specs if free(view, c)}


def by_generator(view: TableView, *names: str) -> list[str]:
    """The free columns filled by one of these generators, in the table's order."""
    return [c for c, s in view.specs.items() if s.generator in names and free(view, c)]


def labels_of(spec: ColumnSpec) -> list[str]:
    """The labels a column draws from: its declared choices, the payment methods, an enum's.
    Declared choices of an enum column keep the enum's order: the type states the lifecycle
    (pending, paid, shipped, delivered), a table of shares in sandbox.toml only the weights."""
    if spec.generator == "choice":
        declared = [str(v) for v in spec.params.get("values") or []]
        if spec.info.kind != "enum" or not set(declared) <= set(spec.info.labels):
            return declared
        return [str(v) for v in spec.info.labels if str(v) in declared]
    if spec.generator == "payment_method":
        return list(PAYMENT_METHODS)
    return list(spec.info.labels) if spec.info.kind == "enum" else []


def parent_labels(
    view: TableView, batch: Batch, data: Mapping[str, Any]
) -> tuple[Col, list[str], np.ndarray, np.ndarray] | None:
    """For a rule whose row status follows its parent's (`data`: "status", "fk", "parent",
    "p_status"): the row's status column, the parent status's labels, each row's index into
    them and whether it is known (a parent and its status set); None where one is missing."""
    status = batch.get(data["status"])
    rows, nulls = view.parent_rows(data["fk"])
    held = view.keys.tables.get(data["parent"], {}).get(data["p_status"])
    if status is None or rows is None or held is None:
        return None
    names, pos = label_codes(held)
    return status, names, pos[rows], ~nulls & ~held.nulls[rows]
