"""Repair: a CHECK in disjunctive normal form, and for the rows that fail it one disjunct made
true by editing the columns it names, kept only where it fixed the row; nullness-only CHECKs
are solved jointly, as CHECKs sharing a column would undo each other's repairs."""

from __future__ import annotations

from typing import Any

import numpy as np
from sqlglot import exp

from workbench.generate.base.batch import Batch, Col
from workbench.generate.base.sqltree import Unsupported, column_name, columns_of, strip, unparen
from workbench.generate.checks.atoms import apply_atom
from workbench.generate.checks.env import Env, Regen, RowRepair, failing


def _nnf(node: Any, negate: bool = False) -> Any:
    """Push NOT down to atoms; returns ('and'|'or', parts) trees or ('atom', node, negated)."""
    node = unparen(node)
    if isinstance(node, exp.Not):
        return _nnf(node.this, not negate)
    if isinstance(node, exp.And):
        kind = "or" if negate else "and"
        return (kind, [_nnf(node.this, negate), _nnf(node.expression, negate)])
    if isinstance(node, exp.Or):
        kind = "and" if negate else "or"
        return (kind, [_nnf(node.this, negate), _nnf(node.expression, negate)])
    if isinstance(node, (exp.Like, exp.ILike, exp.Is, exp.In)) and node.args.get("negate"):
        plain = node.copy()
        plain.set("negate", None)
        return ("atom", plain, not negate)
    return ("atom", node, negate)


def dnf(tree: Any, limit: int = 64) -> list[list[tuple[Any, bool]]]:
    def walk(t: Any) -> list[list[tuple[Any, bool]]]:
        if t[0] == "atom":
            return [[(t[1], t[2])]]
        parts = [walk(p) for p in t[1]]
        if t[0] == "or":
            return [d for p in parts for d in p][:limit]
        result: list[list[tuple[Any, bool]]] = [[]]
        for p in parts:
            result = [a + b for a in result for b in p][:limit]
        return result

    return walk(_nnf(tree))


def _cost(disjunct: list[tuple[Any, bool]], env: Env) -> int:
    """Prefer the realistic fix: a disjunct that only asks for a value to be present (paid
    rows get a paid_at) before one that changes what a row is (its status)."""
    cost = 0
    for atom, negated in disjunct:
        atom = unparen(atom)
        if (
            isinstance(atom, exp.Is)
            and isinstance(atom.expression, exp.Null)
            and negated
            and isinstance(strip(atom.this), exp.Column)
            and column_name(strip(atom.this)) not in env.placeholders
        ):
            continue
        cost += 1
    return cost


def repair(
    tree: Any,
    batch: Batch,
    n: int,
    rng: np.random.Generator,
    env: Env | None = None,
    regen: Regen = None,
) -> np.ndarray:
    """Fix the rows failing `tree` with values from each column's own domain; returns the mask
    of rows still failing afterwards (the caller redraws or asks again)."""
    env = env or Env()
    bad = failing(tree, batch, n, env)
    if not bad.any():
        return bad
    disjuncts = sorted(dnf(tree), key=lambda d: _cost(d, env))
    for disjunct in disjuncts:
        rows = np.flatnonzero(bad)
        if rows.size == 0:
            break
        saved = {name: (c.values.copy(), c.nulls.copy()) for name, c in batch.items()}
        ctx = RowRepair(batch, rows, rng, env, regen)
        for atom, negated in disjunct:
            try:
                apply_atom(atom, negated, ctx)
            except (Unsupported, ValueError, TypeError):
                continue
        try:
            still = failing(tree, batch, n, env)
        except Unsupported:
            still = np.ones(n, bool)
        # keep the edits only where they fixed the row and never where they broke a good one
        undo = still | ~bad
        for name, (values, nulls) in saved.items():
            col = batch[name]
            col.values[undo] = values[undo]
            col.nulls[undo] = nulls[undo]
        bad = failing(tree, batch, n, env)
    if bad.any():
        # last resort: NULL every nullable, unprotected column the check names
        saved = {name: (c.values.copy(), c.nulls.copy()) for name, c in batch.items()}
        for name in sorted(columns_of(tree)):
            target = batch.get(name)
            if target is not None and target.nullable:
                target.nulls[bad] = True
        still = failing(tree, batch, n, env)
        undo = still | ~bad
        for name, (values, nulls) in saved.items():
            col = batch[name]
            col.values[undo] = values[undo]
            col.nulls[undo] = nulls[undo]
        bad = failing(tree, batch, n, env)
    return bad


_NULL_FUNCS = ("num_nulls", "num_nonnulls")


def null_only(tree: Any) -> bool:
    """Whether the check reads its columns only through `IS NULL` and num_nulls /
    num_nonnulls: its verdict then depends on which columns are NULL, never on their values."""
    columns = list(tree.find_all(exp.Column))
    if not columns:
        return False
    for node in columns:
        parent = node.parent
        while isinstance(parent, (exp.Paren, exp.Cast, exp.TryCast)):
            parent = parent.parent
        is_test = isinstance(parent, exp.Is) and isinstance(parent.expression, exp.Null)
        counted = isinstance(parent, exp.Anonymous) and parent.name.lower() in _NULL_FUNCS
        if not (is_test or counted):
            return False
    return True


def repair_nulls(trees: list[Any], batch: Batch, n: int, env: Env, limit: int = 10) -> None:
    """Satisfy every nullness-only CHECK at once: each failing row takes the NULL pattern
    (over the columns those CHECKs name) nearest to its own that all of them accept, with NOT
    NULL columns set and columns without a generator left NULL. One at a time, two CHECKs that
    share a column (`(a IS NULL) = (n IS NULL)`, `(j IS NULL) <> (n IS NULL)`) would undo
    each other's repair forever."""
    bad = np.zeros(n, bool)
    for tree in trees:
        bad |= failing(tree, batch, n, env)
    names = sorted(set().union(*(columns_of(t) for t in trees)) & set(batch))
    if not bad.any() or not names or len(names) > limit:
        return
    k = len(names)
    patterns = ((np.arange(1 << k)[:, None] >> np.arange(k)[None, :]) & 1).astype(bool)
    probe = {
        name: Col(
            np.repeat(batch[name].values[:1], 1 << k), patterns[:, j].copy(), batch[name].kind
        )
        for j, name in enumerate(names)
    }
    ok = np.ones(1 << k, bool)
    for tree in trees:
        ok &= ~failing(tree, probe, 1 << k, env)
    rows = np.flatnonzero(bad)
    current = np.stack([batch[name].nulls[rows] for name in names], axis=1)
    cost = (current[:, None, :] != patterns[None, :, :]).sum(axis=2) * (k + 1)
    cost = cost + patterns.sum(axis=1)[None, :]  # then the pattern with fewer NULLs
    for j, name in enumerate(names):
        col = batch[name]
        if not col.nullable:
            ok &= ~patterns[:, j]
        if name in env.placeholders:  # no value beneath the NULL: it stays NULL
            cost[np.ix_(current[:, j], ~patterns[:, j])] = 1 << 30
    if not ok.any():
        return
    cost[:, ~ok] = 1 << 30
    best = cost.argmin(axis=1)
    fixable = cost[np.arange(rows.size), best] < 1 << 30
    for j, name in enumerate(names):
        batch[name].nulls[rows[fixable]] = patterns[best[fixable], j]
