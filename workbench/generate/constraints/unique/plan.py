"""How one table's keys are made to hold (`UniquePlan`): each key numbered by a free column,
enumerated over its finite domains (keys sharing columns solved together), kept out of a
partial index's predicate, or verified per batch."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np
from sqlglot import exp

from workbench.generate.base.hashing import stable_hash
from workbench.generate.base.sqltree import columns_of
from workbench.generate.constraints.unique.fill import KeyFilling, domain_weights
from workbench.generate.constraints.unique.live import live_only
from workbench.generate.constraints.unique.meeting import agreeing, meeting_ways
from workbench.generate.constraints.unique.parts import (
    Factor,
    Group,
    KeyCheck,
    Ordinal,
    WithinParent,
    bounded,
)
from workbench.generate.constraints.unique.verify import KeyVerifying
from workbench.generate.generators.value_spec import num_bounds
from workbench.generate.kinds.numbering import is_line_number
from workbench.generate.kinds.windows import in_force, period_of, used_at, window_of
from workbench.generate.plan.capacity import column_comparisons
from workbench.generate.plan.domains import free_rank, is_free, spec_domain
from workbench.generate.plan.keys import UniqueKey, table_keys
from workbench.generate.rules.own_day import row_day
from workbench.generate.rules.span import pairs

if TYPE_CHECKING:  # pragma: no cover
    from workbench.generate.constraints.check_repair import Redraws
    from workbench.generate.constraints.oracle import CheckOracle
    from workbench.generate.generators.value_spec import ColumnSpec
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView


class UniquePlan(KeyFilling, KeyVerifying):
    """How one table's keys are made to hold; built once per table generator."""

    def __init__(
        self, view: TableView, links: Links, redraws: Redraws, oracle: CheckOracle | None
    ) -> None:
        self.view = view
        self.links = links
        self.redraws = redraws
        self.oracle = oracle
        self.groups: list[Group] = []
        self.verify: list[KeyCheck] = []
        self.unsolved: list[str] = []  # keys by name, neither built nor verified here
        self.fk_units: set[int] = set()
        self.ordinals: list[Ordinal] = []
        self.slots: list[tuple[str, str]] = []
        self.within: list[WithinParent] = []
        self.keyed_times: set[str] = set()  # times checked with their whole key (_check_by)
        self.placed_ordinals: set[str] = set()  # times numbered per parent, checked whole
        self.overflow: dict[str, np.ndarray] = {}  # key -> the batch's rows past its capacity
        self.enumerated: dict[str, np.ndarray] = {}  # column -> rows holding a built value
        self.began: dict[int, np.ndarray | None] = {}  # a key's parents that began (fill.py)
        self._clean = False
        self._text_tries: dict[tuple[str, int], int] = {}
        self._solve()

    def built_columns(self) -> set[str]:
        """The columns the plan builds keys from (enumerated, numbered per parent, slots):
        a search that drew them again would break a key nothing verifies."""
        out: set[str] = set()
        for group in self.groups:
            for f in [*group.shared, *(f for own in group.rest for f in own)]:
                out.update(f.columns())
        for w in self.within:
            out.update(w.unit.fk.columns)
            for f in w.factors:
                out.update(f.columns())
        for o in self.ordinals:
            out.update(o.unit.fk.columns)
            out.add(o.column)
        for lower, upper in self.slots:
            out.update((lower, upper))
        return out

    def movable_times(self) -> set[str]:
        """The times a key of the row's parents and the time holds unique (a register's day
        per class and pupil), checked per batch as a whole: the time rules may move them."""
        return set(self.keyed_times) - self.built_columns() | self.placed_ordinals

    def verify_also(self, columns: set[str]) -> None:
        """Keys made of these columns alone, which a rule re-picks after the plan built them
        (rules/membership.py): checked per batch too, so a repeat is repaired or dropped."""
        checked = {c.key.name for c in self.verify}
        for key in table_keys(self.view.table):
            if key.name not in checked and key.parts and set(key.columns) <= columns:
                self.verify.append(KeyCheck(key))

    # --- setup ---

    def _warn(self, text: str) -> None:
        self.view.warn(f"{self.view.tp.name}: {text}")

    def _solve(self) -> None:
        view = self.view
        specs = view.specs
        keys = table_keys(view.table)
        enumerated: list[tuple[UniqueKey, list[Factor]]] = []
        # how many keys each free column could serve: one column can satisfy several keys
        serves: dict[str, int] = {}
        for key in keys:
            for c in self._free_candidates(key):
                serves[c] = serves.get(c, 0) + 1
        keys.sort(key=lambda k: len(self._free_candidates(k)))
        for key in keys:
            for c in key.overlap:
                if isinstance(c, tuple):
                    if not self._plan_slot(*c):
                        key.unsupported.append(f"range({c[0]}, {c[1]}) WITH &&")
                    continue
                spec = specs.get(c)
                if spec is not None and spec.info.kind.endswith("range"):
                    spec.params["disjoint"] = True
                    spec.unique = True  # protected: a CHECK repair may not move a range
                    spec.null_fraction = 0.0
                else:
                    key.unsupported.append(f"{c} WITH &&")
            if key.unsupported:
                self.unsolved.append(key.name)  # the judge has the server check it (judge/)
                continue
            if key.overlap or not key.parts:
                continue
            if any(c not in specs for c in key.columns):
                self.unsolved.append(key.name)
                continue
            if self._satisfied(key):
                continue
            if self._special_fk(key):
                continue
            free = self._free_candidates(key)
            if free:
                free.sort(
                    key=lambda c: (
                        free_rank(specs[c])[0],
                        -serves.get(c, 0),
                        free_rank(specs[c])[1],
                    )
                )
                spec = specs[free[0]]
                spec.unique = True
                spec.null_fraction = 0.0
                if any(p.day and p.wraps == free[0] for p in key.parts):
                    spec.params["unique_days"] = True  # one row a day: the key is the day
                self.links.number_within_parent(key.columns, spec)
                # a row's own day (rules/own_day.py) follows the row's start: checked whole
                ordinal = serves.get(free[0], 0) == 1 and free[0] != row_day(view)
                # the start of the row's own span of hours (a room's slot, a court's booking,
                # not a billing period of days): placed by the time rules (its hours, its
                # parent's window), the key checked whole
                ordinal = ordinal and not (
                    spec.kind == "timestamp" and free[0] in {a for a, _ in pairs(view)}
                )
                # the time the row uses a parent in force for a while at (a meter's reading
                # while it is installed): placed in that window by the time rules
                # (rules/within.py), not counted on from a day of its own; the key checked
                # whole
                ordinal = ordinal and not self._windowed_time(key, free[0])
                if ordinal and self._plan_ordinal(key, spec):
                    # a meter's readings (UNIQUE (meter_id, read_at)): the time rules may
                    # move them, the key checked whole; a key of a day keeps its own times
                    placed = spec.kind == "timestamp" and not spec.params.get("unique_days")
                    if any(p.tree is not None for p in key.parts) or placed:
                        self.verify.append(KeyCheck(key))
                    if placed:
                        self.placed_ordinals.add(spec.name)
                else:
                    self._check_by(key, free[0])
                continue
            if key.predicate is not None:
                self.verify.append(KeyCheck(key))
                factors = self._factors(key, meet=True) if live_only(view, key) else None
                if factors is not None and math.prod(f.size for f in factors) >= view.tp.rows:
                    enumerated.append((key, factors))  # one live row per key (unique/live.py)
                continue
            if self._plan_within_parent(key):
                continue
            factors = self._factors(key)
            if factors is None:
                self.verify.append(KeyCheck(key))
                continue
            if any(p.tree is not None for p in key.parts):
                self.verify.append(KeyCheck(key))
            enumerated.append((key, factors))
        self._build_groups(enumerated)
        for w in [w for w in self.within if w.unit.mode != "children"]:
            # another key enumerates the parent after all: this one is checked instead
            self.within.remove(w)
            self.verify.append(KeyCheck(w.key))

    def _windowed_time(self, key: UniqueKey, column: str) -> bool:
        """Whether `column` is the time the row uses its parents at (kinds/windows.used_at),
        a lone instant (no window or period of the row's own), and the key's other columns
        are one key to a parent with a window it is in force or takes place in
        (kinds/windows.in_force) whose start may be NULL: a reading per meter and time, the
        meter installed for a while, or never (still in stock)."""
        view = self.view
        if view.specs[column].kind not in ("date", "timestamp"):
            return False
        if used_at(view.schema, view.table, view.config) != column:
            return False
        own = window_of(view.schema, view.table, view.config)
        if own is not None or period_of(view.schema, view.table, view.config) is not None:
            return False  # a span of its own (a statement's period): laid out per parent
        others = [c for c in key.columns if c != column]
        units = {id(view.fk_cols[c]): view.fk_cols[c] for c in others if c in view.fk_cols}
        if len(units) != 1 or len(others) != sum(c in view.fk_cols for c in others):
            return False
        unit = next(iter(units.values()))
        parent = view.schema.tables.get(unit.parent)
        if parent is None or unit.mode == "self" or set(unit.fk.columns) != set(others):
            return False
        # a parent that may never have come into service (a meter in stock: its start NULL)
        starts = [parent.column(w.start) for w in in_force(view.schema, parent, view.config)]
        return any(c is not None and c.nullable for c in starts)

    def _plan_slot(self, lower: str, upper: str) -> bool:
        """EXCLUDE (… tstzrange(starts_at, ends_at) WITH &&): each row gets a slot of its own
        on the axis (an hour, two days, a hundred) and its bounds inside it."""
        specs = self.view.specs
        a, b = specs.get(lower), specs.get(upper)
        if a is None or b is None or a.kind != b.kind or lower in self.view.fk_cols:
            return False
        if a.kind not in ("timestamp", "date", "int", "decimal", "float"):
            return False
        for spec in (a, b):
            spec.unique = True  # protected: a CHECK repair may not move a bound
            spec.null_fraction = 0.0  # a NULL bound is unbounded: it would overlap everything
        self.slots.append((lower, upper))
        return True

    def _plan_ordinal(self, key: UniqueKey, spec: ColumnSpec) -> bool:
        """(parent FK…, n): n counts each parent's rows (1, 2, 3… or consecutive days from a
        date of the parent's own) instead of carrying the table's row number, as daily or
        per-parent tables hold."""
        view = self.view
        others = [c for c in key.columns if c != spec.name]
        units = {id(view.fk_cols[c]) for c in others if c in view.fk_cols}
        if not others or len(units) != 1 or any(c not in view.fk_cols for c in others):
            return False
        unit = view.fk_cols[others[0]]
        if set(unit.fk.columns) != set(others) or unit.mode not in ("normal", "children"):
            return False
        if key.nulls_not_distinct or "ordinal_ends" in spec.params:
            return False
        cap = None
        if self._line_number(key, spec.name):
            cap = self._cap(unit, spec)  # room for every row of one parent, or of a cap
        elif spec.hints.hi is not None:
            return False
        elif spec.kind == "int":
            lo, hi = spec.info.int_limits
            if hi < 2**31 - 1 and hi - max(lo, 1) < 4 * view.tp.rows:
                return False
        elif spec.kind not in ("date", "timestamp"):
            return False
        self.ordinals.append(Ordinal(unit, spec.name, cap=cap))
        return True

    def _cap(self, unit: FKUnit, spec: ColumnSpec) -> int | None:
        """The most rows a parent may number when the column's bounds cannot number every
        row of one parent (`term_no` 1-4); None when they can."""
        lo, hi = num_bounds(spec, 1, 2**62)
        most = self.view.tp.rows
        return None if int(lo) + most - 1 <= int(hi) else int(hi) - int(lo) + 1

    def _plan_within_parent(self, key: UniqueKey) -> bool:
        """(children FK…, columns with few values), as order_items (order_id, line_no): the
        FK keeps the table's children-per-parent law and the other columns are distinct
        within each parent, instead of enumerating parents round-robin (which drops the law:
        every order got rows/orders lines). Needs room for the most rows any parent gets."""
        view = self.view
        counts = view.tp.children_counts
        unit = next(
            (view.fk_cols[c] for c in key.columns if c in view.fk_cols),
            None,
        )
        if counts is None or not counts.size or unit is None or unit.mode != "children":
            return False
        others = [c for c in key.columns if c not in unit.fk.columns]
        if not others or not set(unit.fk.columns) <= set(key.columns):
            return False
        if any(c in view.fk_cols for c in others) or not view.keys.has(unit.parent):
            return False
        domains = [spec_domain(view.specs[c]) for c in others]
        if any(d is None for d in domains):
            return False
        factors = [
            Factor(d.size, column=c, domain=d) for c, d in zip(others, domains, strict=True) if d
        ]
        valid = view.keys.valid_rows(unit.parent, tuple(unit.fk.ref_columns)).size
        if valid == 0:
            return False
        ends = np.cumsum(counts)
        starts = (ends - counts)[:valid]
        most = int(max(int(np.max(counts[: valid - 1], initial=0)), ends[-1] - starts[-1]))
        room = math.prod(f.size for f in bounded(factors)[1])
        if most > room:
            self._warn(
                f"{key.label}: a parent can have {room:,} row(s) with distinct "
                f"{', '.join(others)}, and the children law gives one {most:,}; parents "
                "are spread evenly instead, which does not follow the law"
            )
            return False
        for c in [*unit.fk.columns, *others]:
            view.specs[c].null_fraction = 0.0

        salt = stable_hash(view.tp.name, "within", key.name)
        weights = domain_weights(view.specs[others[0]], factors[0].domain)
        if len(factors) != 1:
            weights = None
        self.within.append(WithinParent(key, unit, factors, ends, starts, salt, weights))
        return True

    def _line_number(self, key: UniqueKey, column: str) -> bool:
        """A small integer named like a line number (`line_no`, `position`, `seq`…) that,
        with one FK's columns, makes the key: it counts each parent's rows 1, 2, 3…, when no
        parent can have more rows than its type and CHECK allow."""

        view = self.view
        spec = view.specs.get(column)
        if spec is None or spec.kind != "int" or column in view.fk_cols or spec.partition:
            return False
        if not is_line_number(column, view.tp.name) or spec.generator in ("null", "constant"):
            return False
        others = [c for c in key.columns if c != column]
        if not others or any(c not in view.fk_cols for c in others):
            return False
        unit = view.fk_cols[others[0]]
        if set(unit.fk.columns) != set(others) or unit.mode not in ("normal", "children"):
            return False
        counts = view.tp.children_counts
        most = view.tp.rows
        if unit.mode == "children" and counts is not None and counts.size:
            refs = tuple(unit.fk.ref_columns)
            if view.keys.has(unit.parent) and view.keys.valid_rows(unit.parent, refs).size == (
                counts.size
            ):
                most = int(counts.max())  # else the last parent takes the surplus
        lo, hi = num_bounds(spec, 1, 2**62)
        if int(lo) + most - 1 <= int(hi):
            return True
        # numbered up to a cap (a CHECK keeps `term_no` within 1-4): when the parents have
        # room for every row, each takes at most that many (fill.py picks again past it)
        if unit.mode != "normal" or not view.keys.has(unit.parent) or hi < lo:
            return False
        parents = view.keys.valid_rows(unit.parent, tuple(unit.fk.ref_columns)).size
        return parents * (int(hi) - int(lo) + 1) * 2 >= 3 * view.tp.rows

    def _free_candidates(self, key: UniqueKey) -> list[str]:
        """Columns of the key that can carry the row number: plain parts and columns that
        lower()/coalesce()… wrap first; failing those, a column inside another expression
        (md5(doc::text), (data ->> 'id')), whose part is then verified on every batch."""
        specs, fk_cols = self.view.specs, self.view.fk_cols
        out: list[str] = [c for c in key.columns if self._line_number(key, c)]
        for tier in (0, 1):
            for part in key.parts:
                if tier == 0:
                    names = [part.column or part.wraps]
                elif part.tree is not None and part.wraps is None:
                    names = sorted(columns_of(part.tree))
                else:
                    continue
                for c in names:
                    if c is None or c in fk_cols or c not in specs or c in out:
                        continue
                    if is_free(specs[c]):
                        out.append(c)
            if out:
                return out
        return out

    def _satisfied(self, key: UniqueKey) -> bool:
        """A column of the key is already unique by row number (chosen for another key)."""
        specs, fk_cols = self.view.specs, self.view.fk_cols
        for part in key.parts:
            c = part.column or part.wraps
            if c is not None and c not in fk_cols and c in specs and specs[c].unique:
                self._check_by(key, c)
                return True
        return False

    def _check_by(self, key: UniqueKey, column: str) -> None:
        """The key holds because `column` is numbered: verify that part alone (a key with a
        unique part is unique) when the guarantee is not airtight: an expression over the
        column (lower() could merge two values), a text (length limits), NULLS NOT DISTINCT
        (a repair may set NULL)."""
        spec = self.view.specs[column]
        part = next((p for p in key.parts if p.column == column), None)
        if part is None:
            part = next((p for p in key.parts if p.wraps == column), None)
        if part is None:
            part = next(p for p in key.parts if column in columns_of(p.tree))
        if (
            part.column is not None
            and spec.kind in ("date", "timestamp")
            and others_keys(self.view, key, column)
        ):
            # a time per parents (a register's day per class and pupil): the whole key is
            # checked, so the time rules may move the day into its parents' windows; drawn
            # over the column's window as any time is (generators/values.py), not walked a
            # second apart from its start (a screen's showtimes all in one week years ago)
            self.verify.append(KeyCheck(key))
            self.keyed_times.add(column)
            spec.params["keyed_time"] = True
            return
        if part.column is not None and spec.kind != "text" and not key.nulls_not_distinct:
            return
        if part.column is not None and all(
            c in self.view.fk_cols for c in key.columns if c != column
        ):
            # a text numbered within its parent's key (UNIQUE (hotel_id, room_number)): the
            # whole key, so a rule may number it per parent (rules/unit_number.py: room 101
            # in every hotel)
            self.verify.append(KeyCheck(key))
            return
        sub = UniqueKey(key.name, key.kind, [part], nulls_not_distinct=key.nulls_not_distinct)
        self.verify.append(KeyCheck(sub))

    def _special_fk(self, key: UniqueKey) -> bool:
        view = self.view
        special = [
            view.fk_cols[c]
            for c in key.columns
            if c in view.fk_cols and view.fk_cols[c].mode in ("self", "update")
        ]
        if not special:
            return False
        # a self reference as a chain, or a deferred FK drawn without repeats, is unique on
        # its own, so the whole key is
        unit = special[0]
        if unit.mode == "self":
            unit.chain = True
        else:
            unit.distinct = True
        return True

    def _factors(self, key: UniqueKey, meet: bool = False) -> list[Factor] | None:
        """The key's factors; with `meet` (a key of the live rows only, unique/live.py),
        two keys that meet along every path as one factor of their agreeing pairs (a key of
        all the rows leaves them to the rules that pick keys again in a scope)."""
        view = self.view
        factors: list[Factor] = []
        seen: set[int] = set()
        for c in key.columns:
            if c in view.fk_cols:
                unit = view.fk_cols[c]
                if unit.mode not in ("normal", "children", "deferrable"):
                    return None
                if id(unit) not in seen:
                    seen.add(id(unit))
                    factors.append(Factor(self.links.parent_count(unit), fk=unit))
                continue
            domain = spec_domain(view.specs[c])
            if domain is None:
                return None
            factors.append(Factor(domain.size, column=c, domain=domain))
        factors = self._ordered_pairs(factors)
        return self._meeting_pairs(factors) if meet else factors

    def _meeting_pairs(self, factors: list[Factor]) -> list[Factor]:
        """Two single-column FKs to two parents that reach one table along every path (a
        ticket's showtime and seat, one screen's): one factor of the pairs that agree
        (unique/meeting.py), where there are some."""
        single = [f for f in factors if f.fk and f.pair is None and len(f.fk.fk.columns) == 1]
        for i, fa in enumerate(single):
            for fb in single[i + 1 :]:
                if fa.pair is not None or fb not in factors or fa.fk is None or fb.fk is None:
                    continue
                if {fa.fk.mode, fb.fk.mode} - {"normal", "children"}:
                    continue
                ways = meeting_ways(self.view, fa.fk, fb.fk)
                if ways is None:
                    continue
                _, valid_a = self.links.parent_keys(fa.fk)
                _, valid_b = self.links.parent_keys(fb.fk)
                meeting = agreeing(self.view, fa.fk, valid_a, fb.fk, valid_b, ways)
                if meeting.rows_a.size == 0:
                    continue
                fa.pair, fa.meeting, fa.size = fb.fk, meeting, int(meeting.rows_a.size)
                factors = [f for f in factors if f is not fb]
        return factors

    def _ordered_pairs(self, factors: list[Factor]) -> list[Factor]:
        """Two single-column FKs to one parent under CHECK (a < b) or CHECK (a <> b): draw the
        pair as one factor (N·(N-1)/2 ordered or N·(N-1) unequal combinations), so the check
        holds by construction. Orderings are taken first: a < b implies a <> b."""
        by_col = {f.fk.fk.columns[0]: f for f in factors if f.fk and len(f.fk.fk.columns) == 1}
        for part, a, b in column_comparisons(self.view.schema, self.view.table):
            if isinstance(part, (exp.GT, exp.GTE)):
                a, b = b, a
            fa, fb = by_col.get(a), by_col.get(b)
            if fa is None or fb is None or fa is fb or fa.pair is not None:
                continue
            if fa.fk.parent != fb.fk.parent:
                continue
            n = fa.size
            fa.unequal = isinstance(part, exp.NEQ)
            fa.size = max(n * (n - 1) // (1 if fa.unequal else 2), 0)
            fa.pair = fb.fk
            factors = [f for f in factors if f is not fb]
            by_col = {c: f for c, f in by_col.items() if f is not fb}
        return factors

    def _build_groups(self, enumerated: list[tuple[UniqueKey, list[Factor]]]) -> None:
        # one Factor object per column / FK across keys
        canon: dict[Any, Factor] = {}
        sets: list[tuple[UniqueKey, list[Factor]]] = []
        for key, factors in enumerated:
            mine = []
            for f in factors:
                mine.append(canon.setdefault(f.ident, f))
            sets.append((key, mine))
        # a key whose factors include another key's is implied by it
        idents = [frozenset(f.ident for f in fs) for _, fs in sets]
        kept = []
        for i, (key, fs) in enumerate(sets):
            implied = any(
                j != i and (idents[j] < idents[i] or (idents[j] == idents[i] and j < i))
                for j in range(len(sets))
            )
            if not implied:
                kept.append((key, fs))
        # connected components over shared factors
        comps: list[list[tuple[UniqueKey, list[Factor]]]] = []
        for item in kept:
            ids = {f.ident for f in item[1]}
            joined = [c for c in comps if any(ids & {f.ident for f in fs} for _, fs in c)]
            merged = [item]
            for c in joined:
                merged += c
                comps.remove(c)
            comps.append(merged)
        view = self.view

        for comp in comps:
            shared_ids = set.intersection(*({f.ident for f in fs} for _, fs in comp))
            shared = [f for f in comp[0][1] if f.ident in shared_ids]
            rest, keys, used = [], [], set()
            for key, fs in comp:
                own = [f for f in fs if f.ident not in shared_ids]
                if {f.ident for f in own} & used:
                    # two keys share a column the third does not: verified instead
                    self.verify.append(KeyCheck(key))
                    continue
                used |= {f.ident for f in own}
                rest.append(own)
                keys.append(key)
            group = Group(keys, shared, rest, stable_hash(view.tp.name, "combo", keys[0].name))
            self.groups.append(group)
            for f in [*shared, *(f for r in rest for f in r)]:
                if f.fk is not None:
                    self.fk_units.add(id(f.fk))
                    if f.fk.mode == "children":
                        f.fk.mode = "normal"
                    for c in f.fk.fk.columns:
                        view.specs[c].null_fraction = 0.0
                    if f.pair is not None:
                        self.fk_units.add(id(f.pair))
                elif f.column is not None:
                    view.specs[f.column].null_fraction = 0.0


def others_keys(view: TableView, key: UniqueKey, column: str) -> bool:
    """Whether every other column of the key is a foreign key (and there is one)."""
    others = [c for c in key.columns if c != column]
    return bool(others) and all(c in view.fk_cols for c in others)
