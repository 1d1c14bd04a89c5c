"""The rules, in the order they run: each rule module of this package exports its rules, and
each rule states its own place (`after` and `before`, naming other rules); this module finds
them (every module of the package) and sorts them by those declarations.

A table's rules are planned in `ROW_RULES` order (each sees the rules planned before it), and
applied to each batch phase by phase (`Phase`: values copied from the parents, the rules within
the row, the rules sandbox.toml declares, the dates in order), each phase in planning order.
`LINK_RULES` re-pick parent rows: the `KEYS` stage right after the keys are filled, the `ROWS`
stage just before the row rules read the parents.

A new rule is one module exporting a `RowRule` (or `LinkRule`) that names its place; a rule of
another package is one module of its own and an entry point (base/plugins.py)."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

import numpy as np

from workbench.generate import rules as _package
from workbench.generate.base import plugins
from workbench.generate.base.batch import Batch
from workbench.generate.rules import as_one, owner
from workbench.generate.rules.base import LinkRule, Owned, Phase, RowRule, Rule, Stage

if TYPE_CHECKING:
    from workbench.generate.links import Links
    from workbench.generate.view import TableView

AnyRule = TypeVar("AnyRule", RowRule, LinkRule)


class OrderError(ValueError):
    """Rules whose declared places name no rule, or contradict each other."""


def ordered(found: Iterable[AnyRule]) -> tuple[AnyRule, ...]:
    """The rules sorted so each runs after the rules it names in `after` and before those it
    names in `before`; where the declarations leave a choice, the one found first goes first
    (a rule that declares no place after the rules found before it). `OrderError` names a
    place no rule has, two rules of one name, or the rules of a cycle."""
    rules = list(found)
    by_name: dict[str, int] = {}
    for at, rule in enumerate(rules):
        if rule.name in by_name:
            raise OrderError(f"two rules are named {rule.name!r}")
        by_name[rule.name] = at
    follows: list[set[int]] = [set() for _ in rules]  # the rules each must run after
    for at, rule in enumerate(rules):
        for word, names in (("after", rule.after), ("before", rule.before)):
            for name in names:
                if name not in by_name:
                    raise OrderError(f"rule {rule.name!r}: {word}={name!r} names no rule")
                if word == "after":
                    follows[at].add(by_name[name])
                else:
                    follows[by_name[name]].add(at)
    done: list[int] = []
    left = set(range(len(rules)))
    while left:
        ready = [at for at in sorted(left) if not follows[at] & left]
        if not ready:
            raise OrderError(f"the places of rules {_cycle(rules, follows, left)} make a cycle")
        done.append(ready[0])
        left.remove(ready[0])
    return tuple(rules[at] for at in done)


def _cycle(rules: Sequence[AnyRule], follows: list[set[int]], left: set[int]) -> str:
    """One cycle among the rules left, as "a → b → a" (each runs after the next)."""
    path: list[int] = [min(left)]
    while True:
        step: int = min(follows[path[-1]] & left)
        if step in path:
            loop = [*path[path.index(step) :], step]
            return " → ".join(repr(rules[at].name) for at in reversed(loop))
        path.append(step)


def discovered() -> list[RowRule | LinkRule]:
    """The rules the modules of this package export, by module name, in each module's order."""
    found: list[RowRule | LinkRule] = []
    for module in pkgutil.iter_modules(_package.__path__):
        if module.name == "registry":
            continue
        names = vars(importlib.import_module(f"{_package.__name__}.{module.name}"))
        for value in names.values():
            if isinstance(value, RowRule | LinkRule) and all(value is not f for f in found):
                found.append(value)
    return found


def _with_plugins() -> tuple[list[RowRule], list[LinkRule]]:
    """The built-in rules, then installed plug-ins' (base/plugins.py: an entry point of the
    group `workbench.rules` naming one RowRule or LinkRule), in the entry points' name order:
    a plug-in that declares no place runs after the built-in ones."""
    found = discovered()
    for name, plugged in plugins.installed(plugins.RULES):
        if not isinstance(plugged, RowRule | LinkRule):
            raise TypeError(f"plug-in {name!r} names {plugged!r}, not a RowRule or LinkRule")
        found.append(plugged)
    row = [r for r in found if isinstance(r, RowRule)]
    return row, [r for r in found if isinstance(r, LinkRule)]


_ROW, _LINK = _with_plugins()
ROW_RULES: tuple[RowRule, ...] = ordered(_ROW)
LINK_RULES: tuple[LinkRule, ...] = ordered(_LINK)

_BY_KIND: dict[str, RowRule] = {}
for _rule in ROW_RULES:
    for _kind in _rule.kinds:
        assert _kind not in _BY_KIND, f"two rules apply the kind {_kind!r}"
        _BY_KIND[_kind] = _rule


def phase_of(rule: Rule) -> Phase:
    return _BY_KIND[rule.kind].phase(rule.kind)


def plan_rules(view: TableView) -> list[Rule]:
    """The table's planned rules, in the order they run; declared rules last (in the order
    their planner gives them: they have the final word over inferred values and times)."""
    planned: list[Rule] = []
    for rule in ROW_RULES:
        planned += rule.plan(view, planned)
    planned.sort(key=lambda r: phase_of(r) is Phase.DECLARED)
    return planned


def apply_phase(
    view: TableView, planned: Sequence[Rule], phase: Phase, batch: Batch, idx: np.ndarray
) -> None:
    """The planned rules of one phase, in order. After a rule of a later phase than the row's
    moves a column a derivation of the row phase read (`RowRule.derives`: a net of its gross,
    an amount at a rate of its base; `derived_kinds`: a line's quantity × price, moved by a
    party's size set in the row phase), the derivations that read it hold again, in order.
    After a rule that owns facts (`RowRule.owns`, rules/owner.py) applied, a later rule (not a
    declared one, nor one that reads the label) leaves the NULLs it decided as the label wants
    them on the rows whose label it kept: a stamp it erased comes back at once, one it set
    goes at the end of the phase unless a later rule relabelled the row. The times that follow
    a start a rule moved move with it (rules/as_one.py)."""
    derived = [r for r in planned if (_BY_KIND[r.kind].derives and phase_of(r) is Phase.ROW)
               or r.kind in _BY_KIND[r.kind].derived_kinds]  # fmt: skip
    follow = [r for r in derived if phase_of(r) is not phase]
    owners = _owners(planned, lambda r: phase_of(r).value < phase.value)
    trace = owner.traced(view.table.name)
    filled: list[owner.Filled] = []
    for rule in planned:
        if phase_of(rule) is not phase:
            continue
        guard = phase is not Phase.DECLARED
        # a rule that reads the label (names its column) decides with it, not by the way
        heeded = [o for o in owners if o.label not in rule.columns]
        held = owner.hold(batch, heeded) if guard and heeded else None
        seen = owner.snapshot(batch, list(batch)) if trace else {}
        read = {c for r in follow for c in r.columns[1:]} & set(rule.columns) & set(batch)
        was = _snapshot(batch, read)
        line = as_one.watch(view, batch) if guard else None  # the row's timeline, as one
        _BY_KIND[rule.kind].apply(view, rule, batch, idx)
        if line is not None:
            as_one.follow(view, rule, batch, line)
        moved = _moved(batch, was)
        for then in follow if moved else []:
            if moved & set(then.columns[1:]):
                was = _snapshot(batch, {c for c in then.columns if c in batch})
                _BY_KIND[then.kind].apply(view, then, batch, idx)
                moved |= _moved(batch, was)
        undone = owner.undone(batch, held) if held is not None else {}
        if trace:
            owner.report(view, rule, idx, batch, seen, undone)
        if held is not None:
            filled += owner.restore(batch, held, undone)
        owners += _owners([rule], lambda r: True)
    settled = owner.settle(batch, filled)
    if trace:
        owner.report_settled(view.table.name, idx, settled)


def _owners(planned: Sequence[Rule], before: Callable[[Rule], bool]) -> list[Owned]:
    """What the planned rules that own facts (`RowRule.owns`) among those `before` accepts
    own."""
    out = []
    for rule in planned:
        owns = _BY_KIND[rule.kind].owns
        if owns is not None and before(rule):
            out.append(owns(rule))
    return out


def _snapshot(batch: Batch, columns: Iterable[str]) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    return {c: (batch[c].values.copy(), batch[c].nulls.copy()) for c in columns}


def _moved(batch: Batch, was: dict[str, tuple[np.ndarray, np.ndarray]]) -> set[str]:
    """The columns whose values or NULLs differ from their snapshot."""
    return {
        c
        for c, (values, nulls) in was.items()
        if not (np.array_equal(batch[c].nulls, nulls) and np.array_equal(batch[c].values, values))
    }


def reconcile(planned: Sequence[Rule], batch: Batch) -> bool:
    """After the CHECKs: the rules that follow what a CHECK insisted on (whether any moved)."""
    changed = False
    for rule in planned:
        follow = _BY_KIND[rule.kind].reconcile
        if follow is not None:
            changed |= follow(rule, batch)
    return changed


def apply_links(view: TableView, links: Links, stage: Stage, batch: Batch, idx: np.ndarray) -> None:
    """The cross-table rules of one stage, in order."""
    for rule in LINK_RULES:
        if rule.stage is stage:
            rule.apply(view, links, batch, idx)
