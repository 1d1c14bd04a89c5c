"""Trees of named things: a self-referencing table (categories.parent_id → categories,
departments, regions, folders) whose rows name things of one kind reads as a tree. Each root
is one domain of the kind's vocabulary (vocab_trees), its children that domain's sub-names,
and every row further down its first-level ancestor's name with a qualifier, so there is no
"Kitchen" > "Smartphones".

The self reference's parents are earlier rows (rows_fks._fill_self), so one pass in row order
knows every parent: a batch resolves its rows level by level with numpy (parents from earlier
batches are read from the table-wide arrays kept here), then names them all at once. Names
are distinct by construction: each domain's children, and each first-level row's
descendants, are counted across batches and walk their list before a number is added, so a
unique name column stays unique."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.sqltree import columns_of
from workbench.generate.rules.base import RowRule, Rule
from workbench.generate.vocab.trees import BY_GENERATOR, TreeVocabulary, all_names

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.rules.base import Rule
    from workbench.generate.view import TableView


@dataclass
class TreeState:
    """What the rows generated so far decided, by row number."""

    rows: int
    domain: np.ndarray = field(init=False)  # the root's domain
    branch: np.ndarray = field(init=False)  # the first-level ancestor (-1: a root)
    twig: np.ndarray = field(init=False)  # the second-level ancestor (-1: above it)
    known: np.ndarray = field(init=False)
    name: np.ndarray = field(init=False)  # names of first- and second-level rows
    children: np.ndarray = field(init=False)  # rows named so far per domain
    below: np.ndarray = field(init=False)  # rows named so far below each row
    roots: int = 0

    def __post_init__(self) -> None:
        self.reset(0)

    def reset(self, domains: int) -> None:
        self.domain = np.zeros(self.rows, np.int64)
        self.branch = np.full(self.rows, -1, np.int64)
        self.twig = np.full(self.rows, -1, np.int64)
        self.known = np.zeros(self.rows, bool)
        self.name = np.empty(self.rows, dtype=object)
        self.children = np.zeros(max(domains, 1), np.int64)
        self.below = np.zeros(self.rows, np.int64)
        self.roots = 0


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    """A tree rule for a self-referencing table with a name column of a kind that has a tree
    vocabulary; none when the column is a key's, declared, or a unique column a CHECK or a
    length could push back to its drawn values (which could then clash)."""

    units = [u for u in view.units if u.mode == "self" and len(u.fk.columns) == 1]
    if not units or not view.tp.rows:
        return []
    fk = units[0].fk.columns[0]
    for name, spec in view.specs.items():
        tree = BY_GENERATOR.get(spec.generator)
        if tree is None or not _may_rename(view, name):
            continue
        if spec.unique and (_checked(view, name) or not _fits(tree, spec.max_len)):
            continue
        state = TreeState(view.tp.rows)
        data = {"fk": fk, "tree": tree, "state": state, "unique": spec.unique}
        return [Rule("tree", [name, fk], f"{name} follows {fk}: one domain per root", data)]
    return []


def _may_rename(view: TableView, name: str) -> bool:
    spec = view.specs[name]
    section = view.config.tables.get(view.tp.name)
    override = section.columns.get(name) if section is not None else None
    declared = override is not None and bool(override.copy_from or override.derive)
    return not declared and name not in view.fk_cols and spec.partition is None


def _checked(view: TableView, name: str) -> bool:

    spec = view.specs[name]
    return spec.hints.regex is not None or any(name in columns_of(t) for _, t in view.checks)


def _fits(tree: TreeVocabulary, max_len: int | None) -> bool:
    """Whether the longest name, with room for a number or two, fits the column."""
    return max_len is None or max(len(n) for n in all_names(tree)) + 12 <= max_len


def apply_tree(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col = batch.get(rule.columns[0])
    parent = view.self_parents.get(rule.data["fk"])
    if col is None or parent is None or not idx.size:
        return
    tree: TreeVocabulary = rule.data["tree"]
    state: TreeState = rule.data["state"]
    if int(idx[0]) == 0:
        state.reset(len(tree.domains))
    root = parent == idx
    _resolve(state, idx, parent, root, len(tree.domains))
    made = _names(tree, state, idx, root, bool(rule.data["unique"]))
    fits = np.ones(idx.size, bool)
    limit = view.specs[rule.columns[0]].max_len
    if limit is not None:
        fits = np.char.str_len(made.astype(str)) <= limit
    col.values[fits] = made[fits]
    col.nulls[fits] = False


def _resolve(
    state: TreeState, idx: np.ndarray, parent: np.ndarray, root: np.ndarray, domains: int
) -> None:
    """Each row's domain, first- and second-level ancestors, one tree level of the batch at
    a time (a row's parent is an earlier row)."""
    roots = idx[root]
    state.domain[roots] = (state.roots + np.arange(roots.size)) % domains
    state.branch[roots] = state.twig[roots] = -1
    state.known[roots] = True
    state.roots += int(roots.size)
    todo, up = idx[~root], parent[~root]
    while todo.size:
        ready = state.known[up]
        if not ready.any():  # a parent later than its row (not _fill_self's): a branch
            state.branch[todo], state.twig[todo] = todo, -1
            state.known[todo] = True
            break
        rows, above = todo[ready], up[ready]
        state.domain[rows] = state.domain[above]
        under_root = state.branch[above] < 0
        under_first = ~under_root & (state.twig[above] < 0)
        state.branch[rows] = np.where(under_root, rows, state.branch[above])
        state.twig[rows] = np.where(under_root, -1, np.where(under_first, rows, state.twig[above]))
        state.known[rows] = True
        todo, up = todo[~ready], up[~ready]


def _ranks(keys: np.ndarray, counters: np.ndarray) -> np.ndarray:
    """Each row's position among the rows of its key, counting the earlier batches'
    (`counters`, then advanced)."""
    if not keys.size:
        return keys
    order = np.argsort(keys, kind="stable")
    ordered = keys[order]
    first = np.r_[True, ordered[1:] != ordered[:-1]]
    positions = np.arange(keys.size)
    start = np.maximum.accumulate(np.where(first, positions, 0))
    rank = np.empty(keys.size, np.int64)
    rank[order] = positions - start
    rank += counters[keys]
    np.add.at(counters, keys, 1)
    return rank


def _numbered(names: np.ndarray, lap: np.ndarray, unique: bool, mark: str = "") -> np.ndarray:
    """A unique column's names from the second lap on: "Cookware 2"; each deeper level its
    own mark ("Premium Cookware #2"), so it never meets "Premium" + "Cookware 2"."""
    if not unique or not (lap > 0).any():
        return names
    out = names.astype(object)
    later = lap > 0
    out[later] = out[later] + f" {mark}" + (lap[later] + 1).astype(str).astype(object)
    return out


def _names(
    tree: TreeVocabulary, state: TreeState, idx: np.ndarray, root: np.ndarray, unique: bool
) -> np.ndarray:
    """Roots the domain's name, the first level its sub-names, the second level a qualifier
    and its first-level ancestor's name, further down the second-level ancestor's name and a
    part; a unique column numbers each level in its own style once a list runs out."""
    out = np.empty(idx.size, dtype=object)
    domains = len(tree.domains)
    root_names = np.array([r for r, _ in tree.domains], dtype=object)
    rows = idx[root]
    lap = (state.roots - rows.size + np.arange(rows.size)) // domains
    out[root] = _numbered(root_names[state.domain[rows]], lap, unique)
    first = ~root & (state.branch[idx] == idx)
    rows = idx[first]
    dom = state.domain[rows]
    rank = _ranks(dom, state.children)
    sizes = np.array([len(c) for _, c in tree.domains])
    offsets = np.r_[0, np.cumsum(sizes)[:-1]]
    subs = np.array([c for _, cs in tree.domains for c in cs], dtype=object)
    out[first] = state.name[rows] = _numbered(
        subs[offsets[dom] + rank % sizes[dom]], rank // sizes[dom], unique
    )
    second = ~root & (state.twig[idx] == idx)
    rows = idx[second]
    out[second] = state.name[rows] = _below(
        state, state.branch[rows], tree.qualifiers, tree.qualifier_first, unique, "#"
    )
    deep = ~root & ~first & ~second
    out[deep] = _below(state, state.twig[idx[deep]], tree.parts, False, unique, "No. ")
    return out


def _below(
    state: TreeState, above: np.ndarray, words: list[str], before: bool, unique: bool, mark: str
) -> np.ndarray:
    """The ancestor's name with one of `words`, each ancestor's rows walking the list."""
    rank = _ranks(above, state.below)
    picked = np.array(words, dtype=object)[rank % len(words)]
    base = state.name[above]
    made = (picked + " " + base) if before else (base + " " + picked)
    return _numbered(np.asarray(made, dtype=object), rank // len(words), unique, mark)


RULE = RowRule(
    "tree",
    "the names of a tree's rows under their parents' names",
    _plan,
    apply_tree,
    after=("lineage",),  # before the slug that spells a name
)
