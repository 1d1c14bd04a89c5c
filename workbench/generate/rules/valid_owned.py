"""A row's parent valid at its time is also the one for the row's own owners: an order's price
list is valid on the order's day, and it is the list of the customer's country and of the
order's currency; a stay's rate plan valid that night is the plan of the hotel of the stay's
room. The parent with a window of validity has keys of its own (a price list's country and
currency: its owners); where the row reaches the same tables itself, by a key of its own (the
order's currency) or by one key of one of its parents (the customer's country), the parent
is picked among the rows whose owners are the row's and whose window holds the row's time;
where none does and the key may be NULL, the row uses none (a ride paid as it goes, not on a
membership that had not begun).

rules/valid_then.py and valid_last.py pick again among the rows of the owners of the parent
already drawn (drawn freely: any country, any currency); this runs after them, on the times
as they stay, and picks among the owners the row reaches. Only a key valid_then may pick again
(drawn freely, nothing else read through it), and only owners reached one way: a parent with
two keys to one table (an exchange rate's two currencies) or a row reaching a table two ways
(a customer's country and a supplier's, a session's customer's country and its charger's
site's, further on) leaves that owner out; the row's own key to it comes first. Only a term
(its window's start a validity word, kinds/holdings.TERM_STARTS: `valid_from`), not a place's
opening or a person's hiring, and not the key a sequence groups the rows by. A row whose
owners hold no row valid at its time keeps its parent when its key is NOT NULL."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.holdings import TERM_STARTS
from workbench.generate.kinds.meets import FACTS
from workbench.generate.rules.base import Phase, RowRule, Rule
from workbench.generate.rules.money import reconvert
from workbench.generate.rules.times import as_us
from workbench.generate.rules.valid_then import bounds, choose, repickable, utc_days

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import FKUnit, TableView
    from workbench.schema.model import Schema, Table

_BIG = np.iinfo(np.int64).max // 4
WAY_HOPS = 4  # the longest way of keys looked along for a second way to an owner


@dataclass(frozen=True)
class Owned:
    """The parent's `column` (a key to a table) meets the row's value reached by `way`: the
    row's own column alone, or its key and the column read in the row that key names."""

    column: str
    way: tuple[str, ...]


def _single(schema: Schema, table: Table) -> list[tuple[str, str, str]]:
    """(column, referenced table, referenced column) of each single-column foreign key."""
    return [
        (fk.columns[0], partition_root(schema, fk.ref_qualified), fk.ref_columns[0])
        for fk in table.foreign_keys
        if len(fk.columns) == 1 and len(fk.ref_columns) == 1
    ]


def owners_reached(schema: Schema, table: Table, key: str, parent: Table) -> list[Owned]:
    """The parent's keys to tables the row reaches one way (see the module's words)."""
    mine = _single(schema, table)
    out = []
    theirs = _single(schema, parent)
    for column, ref, ref_column in theirs:
        if ref in (parent.qualified, table.qualified):
            continue
        # two keys to one table (a rate's source and target language): each meets only the
        # row's value of its own name, if any
        roles = sum(1 for _, r, rc in theirs if (r, rc) == (ref, ref_column)) != 1
        direct = [c for c, r, rc in mine if c != key and (r, rc) == (ref, ref_column)]
        hops = []
        for hop, hop_ref, _ in mine:
            model = schema.tables.get(hop_ref)
            if hop == key or model is None or hop_ref in (table.qualified, parent.qualified):
                continue
            found = [c for c, r, rc in _single(schema, model) if (r, rc) == (ref, ref_column)]
            hops += [(hop, c) for c in found]
        if roles:
            direct = [c for c in direct if c == column]
            hops = [h for h in hops if h[1] == column] if not direct else []
            if len(hops) == 1:
                out.append(Owned(column, hops[0]))
        if len(direct) == 1:
            out.append(Owned(column, (direct[0],)))
        elif not direct and len(hops) == 1 and _ways(schema, table, key, (ref, ref_column)) == 1:
            out.append(Owned(column, hops[0]))
    return out


def _ways(schema: Schema, table: Table, key: str, target: tuple[str, str]) -> int:
    """How many ways of keys (at most WAY_HOPS, not through `key`) lead from the row to the
    target (table, column): a session's customer's country and its site's are two."""
    count = 0
    todo: list[tuple[Table, int, frozenset[str]]] = [(table, 0, frozenset({table.qualified}))]
    while todo:
        at, depth, seen = todo.pop()
        for column, ref, ref_column in _single(schema, at):
            if (at is table and column == key) or ref in seen:
                continue
            if (ref, ref_column) == target:
                count += 1
                continue
            model = schema.tables.get(ref)
            if model is not None and depth + 1 < WAY_HOPS:
                todo.append((model, depth + 1, seen | {ref}))
    return count


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    within = next((r for r in planned if r.kind == "within"), None)
    if within is None:
        return []
    uses = []
    grouped = {r.data.get("fk") for r in planned if isinstance(r.data, dict)}
    for fk, parent, start, end, _ in within.data["windows"]:
        model = view.schema.tables.get(parent)
        if model is None or "," in fk or not end or fk in grouped:
            continue
        if normalise(start).split("_")[0] not in TERM_STARTS or not repickable(view, fk, parent):
            continue  # a term (valid_from), not a place's opening or a person's hiring
        owned = owners_reached(view.schema, view.table, fk, model)
        if owned:
            uses.append((fk, parent, start, end, tuple(owned)))
    if not uses:
        return []
    names = ", ".join(f"{fk} ({', '.join(o.column for o in owned)})" for fk, *_, owned in uses)
    detail = f"{names} of the row's own owners, valid at {within.columns[0]}"
    money = _money(view, planned)
    columns = list(within.columns)
    if money:  # what is computed from the amounts (a line's total) follows them
        columns += [c for c in money[1] if c not in columns]
        detail += f"; {', '.join(money[1])} again in {money[0]} if it follows"
    return [Rule("valid_owned", columns, detail, {"uses": uses, "money": money})]


def _money(view: TableView, planned: Sequence[Rule]) -> tuple[str, list[str]] | None:
    """The row's own currency key and the amounts the money rule drew in it (a booking's
    price per player): a currency that follows a term's afterwards takes them along."""
    for rule in planned:
        where = rule.data.get("currency") if rule.kind == "money" else None
        if isinstance(where, dict) and where.get("column") in view.fk_cols:
            drawn = [c for c, source in rule.data["columns"].items() if source is None]
            return (where["column"], drawn) if drawn else None
    return None


@dataclass
class OwnedCodes:
    """Per table (scratch): per key, each parent row's owner values as text (found once)."""

    values: dict[str, list[tuple[np.ndarray, np.ndarray]] | None] = field(default_factory=dict)


def _parent_values(
    view: TableView, parent: str, owned: tuple[Owned, ...]
) -> list[tuple[np.ndarray, np.ndarray]] | None:
    stored = view.keys.tables.get(parent, {})
    out = []
    for each in owned:
        held = stored.get(each.column)
        if held is None:
            return None
        out.append((np.asarray(held.values).astype(str), np.asarray(held.nulls, bool)))
    return out


def _row_values(
    view: TableView, batch: Batch, owned: tuple[Owned, ...]
) -> list[tuple[np.ndarray, np.ndarray]] | None:
    out = []
    for each in owned:
        if len(each.way) == 1:
            col = batch.get(each.way[0])
            if col is None:
                return None
            out.append((np.asarray(col.values).astype(str), np.asarray(col.nulls, bool)))
            continue
        hop, column = each.way
        unit = view.fk_cols.get(hop)
        rows, nulls = view.parent_rows(hop)
        held = view.keys.tables.get(unit.parent, {}).get(column) if unit is not None else None
        if rows is None or held is None:
            return None
        values = np.asarray(held.values).astype(str)[rows]
        out.append((values, nulls | np.asarray(held.nulls, bool)[rows]))
    return out


def _codes(
    ours: list[tuple[np.ndarray, np.ndarray]], theirs: list[tuple[np.ndarray, np.ndarray]]
) -> tuple[np.ndarray, np.ndarray]:
    """One code per parent row and per batch row for the owner values together (-1 where a
    value is NULL)."""
    size = ours[0][0].size
    code = np.zeros(size + theirs[0][0].size, np.int64)
    missing = np.zeros(code.size, bool)
    for (a, a_nulls), (b, b_nulls) in zip(ours, theirs, strict=True):
        _, inverse = np.unique(np.concatenate([a, b]), return_inverse=True)
        inverse = inverse.reshape(-1).astype(np.int64)
        code = code * (int(inverse.max(initial=0)) + 1) + inverse
        missing |= np.concatenate([a_nulls, b_nulls])
    code = np.where(missing, -1, code)
    return code[:size], code[size:]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    used = batch.get(rule.columns[0])
    if used is None or not used.values.size:
        return
    when = np.where(used.nulls, 0, as_us(used).astype(np.int64))
    cache = view.scratch.get(OwnedCodes).values
    for fk, parent, start, end, owned in rule.data["uses"]:
        unit = next((u for u in view.units if ",".join(u.fk.columns) == fk), None)
        picked, nulls = view.parent_rows(fk)
        stored = view.keys.tables.get(parent, {})
        begins, ends = stored.get(start), stored.get(end)
        if unit is None or picked is None or picked.size != when.size:
            continue
        if begins is None or ends is None:
            continue
        if fk not in cache:
            cache[fk] = _parent_values(view, parent, owned)
        ours_values, theirs_values = cache[fk], _row_values(view, batch, owned)
        if ours_values is None or theirs_values is None:
            continue
        ours, wanted = _codes(ours_values, theirs_values)
        first, last = bounds(begins, ends, used.kind)
        wrong = _out_of_force(picked, nulls, ours, wanted, (first, last), used, when)
        rng = view.rng(f"valid-owned:{fk}", int(idx[0]) if idx.size else 0)
        if wrong.any():
            source, valid = view.parent_keys(unit)
            valid = valid[(first[valid] < _BIG) & (ours[valid] >= 0)]
            rows = np.flatnonzero(wrong)
            days = utc_days(begins, ends, used.kind)
            chosen = choose(ours, valid, wanted[rows], when[rows], (first, last), rng, days)
            got = chosen >= 0
            picked, nulls = picked.copy(), nulls.copy()
            picked[rows[got]] = chosen[got]
            for child, parent_col in unit.ref_map.items():
                batch[child].values[rows[got]] = source[parent_col].values[chosen[got]]
            view.repicked(fk, picked, nulls)
        money = rule.data.get("money")
        old = batch[money[0]].values.copy() if money and money[0] in batch else None
        _follow(view, batch, unit, owned, (first, last), np.where(used.nulls, -1, when), rng)
        if unit.nullable:
            _none_in_force(view, batch, unit, ours_values, owned, (first, last), used, when)
        if money and old is not None:
            moved = np.flatnonzero(batch[money[0]].values != old)
            reconvert(view, batch, money[0], money[1], moved, old[moved])


def _out_of_force(
    picked: np.ndarray,
    nulls: np.ndarray,
    ours: np.ndarray,
    wanted: np.ndarray,
    window: tuple[np.ndarray, np.ndarray],
    used: Col,
    when: np.ndarray,
) -> np.ndarray:
    """The rows on a term whose owners are not theirs or whose window does not hold their
    time."""
    first, last = window
    fits = (first[picked] <= when) & (when <= last[picked]) & (ours[picked] == wanted)
    out: np.ndarray = ~used.nulls & ~nulls & (wanted >= 0) & ~fits
    return out


def _none_in_force(
    view: TableView,
    batch: Batch,
    unit: FKUnit,
    parents: list[tuple[np.ndarray, np.ndarray]],
    owned: tuple[Owned, ...],
    window: tuple[np.ndarray, np.ndarray],
    used: Col,
    when: np.ndarray,
) -> None:
    """An optional term none of which is in force for the row's owners at its time, once
    they had the chance to follow one (_follow): the row uses none (a ride paid as it goes,
    not on a membership that had not begun)."""
    fk = ",".join(unit.fk.columns)
    picked, nulls = view.parent_rows(fk)
    theirs = _row_values(view, batch, owned)
    if picked is None or nulls is None or theirs is None:
        return
    ours, wanted = _codes(parents, theirs)
    rows = np.flatnonzero(_out_of_force(picked, nulls, ours, wanted, window, used, when))
    if rows.size:
        nulls = nulls.copy()
        nulls[rows] = True
        for child in unit.ref_map:
            batch[child].nulls[rows] = True
        view.repicked(fk, picked, nulls)


def _reached_elsewhere(view: TableView, column: str, term: FKUnit) -> bool:
    """Whether another key of the row reaches the column's parent table through its own
    parent, by the column's name (a session's zone has a site_id too): that key would
    disagree if the column followed. Another role (a project's source language against a
    job's target language) does not count."""
    target = view.fk_cols[column].parent
    for other, unit in view.fk_cols.items():
        if other == column or other in term.fk.columns:
            continue
        model = view.schema.tables.get(unit.parent)
        if model is not None and any(
            fk.ref_qualified == target and fk.columns == [column] for fk in model.foreign_keys
        ):
            return True
    return False


def _followers(view: TableView, term: FKUnit, owned: tuple[Owned, ...], facts: bool) -> list[int]:
    """The owners whose row key may follow the term instead (a job's linguist is its rate's):
    the row's own key of the same name, drawn freely (to a fact of the world only if
    `facts`: its currency, its target language), and no other key reaching its table."""
    out = []
    for i, each in enumerate(owned):
        unit = view.fk_cols.get(each.way[0])
        if len(each.way) != 1 or each.way[0] != each.column or unit is None:
            continue
        if _reached_elsewhere(view, each.way[0], term):
            continue
        fact = re.search(FACTS, normalise(unit.parent.rsplit(".", 1)[-1]).split("_")[-1])
        if len(unit.fk.columns) == 1 and view.drawn_freely(unit) and (facts or not fact):
            out.append(i)
    return out


def _follow(
    view: TableView,
    batch: Batch,
    unit: FKUnit,
    owned: tuple[Owned, ...],
    window: tuple[np.ndarray, np.ndarray],
    when: np.ndarray,
    rng: np.random.Generator,
) -> None:
    """Rows whose owners hold no term valid then (a linguist with no rate for the project's
    languages): a term of the other owners valid then, whose owners the followers take."""
    for facts in (False, True):  # a party before a fact of the world
        _follow_by(
            view, batch, unit, owned, _followers(view, unit, owned, facts), window, when, rng
        )


def _follow_by(
    view: TableView,
    batch: Batch,
    unit: FKUnit,
    owned: tuple[Owned, ...],
    follow: list[int],
    window: tuple[np.ndarray, np.ndarray],
    when: np.ndarray,
    rng: np.random.Generator,
) -> None:
    fk, parent = ",".join(unit.fk.columns), unit.parent
    loose = tuple(o for i, o in enumerate(owned) if i not in follow)
    if not follow or not loose:
        return
    picked, nulls = view.parent_rows(fk)
    theirs_all, theirs = _row_values(view, batch, owned), _row_values(view, batch, loose)
    ours_all, ours_loose = _parent_values(view, parent, owned), _parent_values(view, parent, loose)
    if picked is None or not (theirs_all and theirs and ours_all and ours_loose):
        return
    all_ours, all_wanted = _codes(ours_all, theirs_all)
    ours, wanted = _codes(ours_loose, theirs)
    first, last = window
    fits = (first[picked] <= when) & (when <= last[picked]) & (all_ours[picked] == all_wanted)
    rows = np.flatnonzero(~nulls & (when >= 0) & (wanted >= 0) & ~fits)
    if not rows.size:
        return
    source, valid = view.parent_keys(unit)
    valid = valid[(first[valid] < _BIG) & (ours[valid] >= 0)]
    chosen = choose(ours, valid, wanted[rows], when[rows], window, rng)
    rows, chosen = rows[chosen >= 0], chosen[chosen >= 0]
    if not rows.size:
        return
    picked = picked.copy()
    picked[rows] = chosen
    for child, parent_col in unit.ref_map.items():
        batch[child].values[rows] = source[parent_col].values[chosen]
    view.repicked(fk, picked, nulls)
    stored = view.keys.tables.get(parent, {})
    for i in follow:
        column = owned[i].way[0]
        other = view.fk_cols[column]
        held = stored.get(owned[i].column)
        their, their_valid = view.parent_keys(other)
        at, at_nulls = view.parent_rows(column)
        key = their.get(other.ref_map[column])
        if held is None or key is None or at is None:
            continue
        values = np.asarray(held.values)[chosen]
        order = their_valid[np.argsort(key.values[their_valid], kind="stable")]
        pos = np.searchsorted(key.values[order], values)
        pos = np.minimum(pos, max(order.size - 1, 0))
        found = (order.size > 0) & (key.values[order][pos] == values) & ~held.nulls[chosen]
        if not found.any():
            continue
        at, at_nulls = at.copy(), at_nulls.copy()
        at[rows[found]], at_nulls[rows[found]] = order[pos[found]], False
        batch[column].values[rows[found]] = values[found]
        batch[column].nulls[rows[found]] = False
        view.repicked(column, at, at_nulls)


RULE = RowRule(
    "valid_owned",
    "a row's parent valid at its time is one of the row's own owners (a price list of the "
    "customer's country and the order's currency)",
    _plan,
    _apply,
    phases={"valid_owned": Phase.FINAL},
    after=("valid_last",),  # on the times as they stay, after the pick among any owners
    before=("bill_due",),
)
