"""Two keys of one row to the same table that name the two sides of something are two
different rows: a match's home and away team, a transfer's source and target account, a
message's sender and recipient, a friendship's user and friend, a block's user and the user
who made it (newcomer25: 17 matches had a team play itself, 9 of 38 users blocked
themselves). Drawn independently, two keys to a parent of n rows coincide on 1/n of the rows.

Which pairs: two single-column keys of the table to one parent, both drawn freely, whose names
differ by their role words (the words left after the parent's name and `id`): one of them
bare and the other its peer (`user_id` beside `friend_user_id`), one from each side of a pair
of the lexicon's counterparts (origin/destination, home/away, sender/recipient, buyer/seller;
not home beside winner: the winner is one of the sides), or two ordinals (`player_1`/
`player_2`, `team_a`/`team_b`). Never a pair where either role is a
record actor (`created_by`, `updated_by`: one person does both), and never a pair of two
plain roles (`billing_address_id`, `shipping_address_id`: often the same address).

A row whose two keys coincide picks the second again: another parent row, where the second
key meets a grandparent (rules/meets.py: two teams of the match's league) another row of the
same grandparent. A CHECK (a <> b) of the schema is kept by the same move, before the
checks see the row."""

from __future__ import annotations

import re
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.runs import lookup
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.meets import generator_meets, owners, reachable
from workbench.generate.vocab.lexicon import COUNTERPARTS, PEERS, RECORD, words_of

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView

# words that say who recorded the row, not a side of it (`created_by`, `modified_by_id`)
_ACTOR_MARKS = RECORD | {"by", "author", "owner"}
_NUMBERED = re.compile(r"[a-z]+|\d+")
_ORDINALS = frozenset({"1", "2", "3", "4", "a", "b", "c", "d", "first", "second", "one", "two"})


def _role(column: str, parent: str) -> frozenset[str]:
    """The words of a key's name that are not the parent's name nor `id` (singular too); a
    word's trailing number is a word of its own (`player1` → player, 1)."""
    parent_words = set(words_of(parent.rsplit(".", 1)[-1]))
    parent_words |= {w[:-1] for w in parent_words if w.endswith("s")}
    words = [part for w in words_of(column) for part in _NUMBERED.findall(w)]
    return frozenset(w for w in words if w not in parent_words | {"id", "fk"})


def sides(first: str, second: str, parent: str) -> bool:
    """Whether two keys to `parent` name two sides of one thing (see the module's text)."""
    a, b = _role(first, parent), _role(second, parent)
    if a == b or (a | b) & _ACTOR_MARKS:
        return False
    if not a or not b:  # `user_id` beside `friend_user_id`
        return bool((a | b) & PEERS)
    if a <= _ORDINALS and b <= _ORDINALS:
        return True
    return any((a & one and b & other) or (a & other and b & one) for one, other in COUNTERPARTS)


def pairs(view: TableView) -> list[tuple[FKUnit, FKUnit]]:
    """The table's pairs of keys naming two sides, the second being the one to pick again."""
    units = [
        u
        for u in view.units
        if len(u.fk.columns) == 1
        and u.mode == "normal"
        and view.drawn_freely(u)
        and not view.numbered(u)
    ]
    found = []
    for a, b in combinations(units, 2):
        if a.parent == b.parent and sides(a.fk.columns[0], b.fk.columns[0], a.parent):
            found.append((a, b))
    return found


def _grandparent(
    view: TableView, unit: FKUnit, batch: Batch, valid: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, FKUnit] | None:
    """Where the key meets a grandparent: per batch row the grandparent key its parent must
    reach (and where it is NULL), the parent rows that reach one, the key each reaches, and
    the row's own key to the grandparent."""
    for meet, hop, direct in generator_meets(view):
        if hop is unit and meet.direct in batch and reachable(view, meet):
            held, nulls = owners(view, meet, unit.parent)
            valid = valid[~nulls[valid]]
            wanted = batch[meet.direct]
            return np.asarray(wanted.values), wanted.nulls, valid, np.asarray(held)[valid], direct
    return None


def _movable(view: TableView, direct: FKUnit, pair: tuple[FKUnit, FKUnit]) -> bool:
    """Whether the row's key to the grandparent may follow the pair: drawn freely, not unique,
    and the pair's keys meet no grandparent but through it, nor other keys through it."""
    column = direct.fk.columns[0]
    if len(direct.fk.columns) != 1 or not view.drawn_freely(direct) or view.specs[column].unique:
        return False
    return all(
        any(hop is u for u in pair) == (meet.direct == column)
        for meet, hop, _ in generator_meets(view)
        if any(hop is u for u in pair) or meet.direct == column
    )


def _regroup(
    view: TableView,
    links: Links,
    batch: Batch,
    pair: tuple[FKUnit, FKUnit],
    direct: FKUnit,
    sorted_rows: tuple[np.ndarray, np.ndarray],
    stuck: np.ndarray,
) -> None:
    """Rows whose grandparent holds fewer than two parent rows (a division with one team, a
    bank with one account): the row moves to a grandparent that holds two or more, drawn as
    its parent rows are (a bigger one more often), and both keys pick two of its rows."""
    ranked, candidates = sorted_rows
    starts = np.flatnonzero(np.r_[True, ranked[1:] != ranked[:-1]])
    sizes = np.diff(np.r_[starts, ranked.size])
    roomy = np.repeat(sizes >= 2, sizes)
    if not roomy.any() or not stuck.any():
        return
    where = np.flatnonzero(stuck)
    rng = view.rng(f"counterparts:regroup:{direct.fk.columns[0]}", int(view.current_rows()[0]))
    inside = np.flatnonzero(roomy)[(rng.random(where.size) * int(roomy.sum())).astype(np.int64)]
    group = np.searchsorted(starts, inside, "right") - 1
    lo, room = starts[group], sizes[group]
    first = inside - lo
    second = lo + (first + 1 + (rng.random(where.size) * (room - 1)).astype(np.int64)) % room
    for unit, rows_now in ((pair[0], candidates[inside]), (pair[1], candidates[second])):
        fk = unit.fk.columns[0]
        rows, nulls = view.parent_rows(fk)
        if rows is None:
            return
        source, _ = view.parent_keys(unit)
        rows = rows.copy()
        rows[where] = rows_now
        links.repicked(fk, rows, nulls)
        for child_col, parent_col in unit.ref_map.items():
            batch[child_col].values[where] = source[parent_col].values[rows_now]
    g_source, _ = view.parent_keys(direct)
    column = direct.fk.columns[0]
    hit, found = lookup(g_source[direct.ref_map[column]], ranked[inside])
    g_rows, g_nulls = view.parent_rows(column)
    if g_rows is None or not found.all():
        return
    g_rows, g_nulls = g_rows.copy(), g_nulls.copy()
    g_rows[where], g_nulls[where] = hit, False
    links.assign(batch, direct, g_rows, g_rows.size, g_nulls, g_source)


def _apply(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    if not idx.size:
        return
    for first, second in pairs(view):
        fk_a, fk_b = first.fk.columns[0], second.fk.columns[0]
        rows_a, nulls_a = view.parent_rows(fk_a)
        rows_b, nulls_b = view.parent_rows(fk_b)
        if rows_a is None or rows_b is None:
            continue
        same = ~nulls_a & ~nulls_b & (rows_a == rows_b)
        source, valid = view.parent_keys(second)
        meet = _grandparent(view, second, batch, valid)
        direct = None
        if meet is None:
            wanted, keys = np.zeros(rows_b.size, np.int64), np.zeros(valid.size, np.int64)
        else:
            wanted, lost, valid, keys, direct = meet
            same &= ~lost
        if valid.size < 2 or not same.any():
            continue
        order = np.argsort(keys, kind="stable")
        ranked, candidates = keys[order], valid[order]
        where = np.flatnonzero(same)
        lo = np.searchsorted(ranked, wanted[where], "left")
        hi = np.searchsorted(ranked, wanted[where], "right")
        room = hi - lo
        rng = view.rng(f"counterparts:{fk_b}", int(view.current_rows()[0]))
        pick = lo + (rng.random(where.size) * np.maximum(room, 1)).astype(np.int64)
        pick = np.minimum(pick, np.maximum(hi - 1, lo))
        # the one to avoid is the first key's parent: step past it within the range
        clash = candidates[np.minimum(pick, candidates.size - 1)] == rows_a[where]
        pick = np.where(clash, lo + (pick - lo + 1) % np.maximum(room, 1), pick)
        ok = room >= 2
        stuck = where[~ok]
        where, picked = where[ok], candidates[pick[ok]]
        rows = rows_b.copy()
        rows[where] = picked
        links.repicked(fk_b, rows, nulls_b)
        for child_col, parent_col in second.ref_map.items():
            batch[child_col].values[where] = source[parent_col].values[picked]
        if direct is not None and stuck.size and _movable(view, direct, (first, second)):
            lonely = np.zeros(same.size, bool)
            lonely[stuck] = True
            _regroup(view, links, batch, (first, second), direct, (ranked, candidates), lonely)


RULE = LinkRule(
    "two sides are two rows",
    "two keys naming two sides of a row (home/away, sender/recipient) reference two rows",
    Stage.KEYS,
    _apply,
    after=("keys that meet",),
    before=("parents alive in a short history",),
)
