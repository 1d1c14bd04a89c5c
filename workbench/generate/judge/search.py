"""The search for rows a constraint accepts: the failing rows' columns drawn again.

Each round redraws, for the rows failing a constraint, the columns that constraint reads (from
their own generators, a foreign key from other parents; key columns the unique plan numbers
are never touched, so a key it built stays whole). One round in three also tries NULL in the
nullable columns, whatever their usual share: a rule about which columns are NULL together
(`CASE WHEN a IS NULL THEN b IS NOT NULL …`, `num_nonnulls(…) = 1`, a sum of `CASE WHEN x IS
NULL THEN 0 ELSE 1 END` over seven keys equal to 1) is met by the combination, not by the
values, so these rounds sweep how many of the columns keep a value (none, one, two, … all;
which ones drawn per row); and one in three tries the numbers the constraint names
and their neighbours (`(parent_id IS NULL) = (depth = 0)` wants a root's depth 0) and, in
half the rows, text of another family (families.py, one family a round), for values the
column's own generator never draws (`UNIQUE (length(t) % 7)` wants every length). The repairs
then run again and the judge looks again. A row whose value its column's type refused has that
column drawn again with the columns of the CHECKs that read it."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.batch import Batch
from workbench.generate.constraints.check_repair import Redraws
from workbench.generate.generators.values import generate_values
from workbench.generate.judge.catalog import Catalog
from workbench.generate.judge.families import TEXT_FAMILIES, literals
from workbench.generate.judge.server import Verdict

if TYPE_CHECKING:
    from workbench.generate.view import TableView


def explore(
    view: TableView,
    redraws: Redraws,
    catalog: Catalog,
    verdict: Verdict,
    batch: Batch,
    idx: np.ndarray,
    rnd: int,
    columns_of: dict[str, set[str]],
    built: set[str] | frozenset[str] = frozenset(),
    enumerated: dict[str, np.ndarray] | None = None,
    judged_keys: set[str] | frozenset[str] = frozenset(),
) -> None:
    """Change the failing rows of one search round (see the module docstring); the `built`
    columns (keys the unique plan made by construction) are left alone."""
    start = int(idx[0]) if idx.size else 0
    for name, mask in sorted(verdict.failing.items()):
        if not mask.any():
            continue
        rows = np.flatnonzero(mask)
        c = catalog.by_name(name)
        cols = set(c.columns) if c is not None else set(columns_of.get(name, set()))
        if name.startswith("type of "):
            # the column and what a CHECK computes it from (annual = monthly * 12): drawn
            # again together, or the repair puts the same value past the type once more
            column = name.removeprefix("type of ")
            cols = {column}
            for r in catalog.rows:
                if r.origin in ("check", "domain") and column in r.columns:
                    cols |= set(r.columns)
        cols &= set(batch)
        if not cols:
            continue
        redraws.redraw(batch, cols - built, rows)
        rng = view.rng(f"judge-try:{name}:{rnd}", start)
        if rnd % 3 == 1:
            _try_nulls(view, batch, cols, rows, rng, rnd // 3, built, enumerated or {})
        elif rnd % 3 == 2 and c is not None:
            _try_constants(view, batch, cols - built, rows, rng, c.tree, rnd // 3)
            _try_family(view, batch, cols - built, rows, rng, rnd // 3, judged_keys)


def _try_constants(
    view: TableView,
    batch: Batch,
    cols: set[str],
    rows: np.ndarray,
    rng: np.random.Generator,
    tree: Any,
    sweep: int = 0,
) -> None:
    """Numbers the constraint names, and their neighbours, in its number columns: `depth = 0`
    for a root, `x <> 3` met by 2 or 4. Half the rows on an even `sweep` (the how-manieth
    such round), every row on an odd one, each row's number the next of the list at each
    sweep, so a row meets every number in a few rounds (drawn at random, a root whose depth
    must be 0 missed it one time in four over a whole search)."""
    family = literals(tree, numbers=True)
    if family is None:
        return
    values = np.asarray(family.params["values"], dtype=np.float64)
    for name in sorted(cols):
        spec = view.specs.get(name)
        col = batch.get(name)
        if spec is None or col is None or col.protected or spec.unique:
            continue
        if spec.kind not in ("int", "decimal", "float") or name in view.fk_cols:
            continue
        pick = rng.random(rows.size) < 0.5 if sweep % 2 == 0 else np.ones(rows.size, bool)
        chosen = values[(rows + sweep) % values.size]
        target = rows[pick]
        col.values[target] = chosen[pick].astype(col.values.dtype)
        col.nulls[target] = False


def _try_family(
    view: TableView,
    batch: Batch,
    cols: set[str],
    rows: np.ndarray,
    rng: np.random.Generator,
    sweep: int,
    judged_keys: set[str] | frozenset[str],
) -> None:
    """Half the rows' text columns from another family of values (families.py, the
    `sweep`-th): a key over an expression of few values (`length(t) % 7`) or a CHECK the
    column's own generator rarely meets may need values its generator never draws. A key
    column only when the server judges its every key (`judged_keys`)."""
    family = TEXT_FAMILIES[sweep % len(TEXT_FAMILIES)]
    for name in sorted(cols):
        spec = view.specs.get(name)
        col = batch.get(name)
        if spec is None or col is None or spec.kind != "text":
            continue
        if col.protected and name not in judged_keys:
            continue
        if name in view.fk_cols or spec.partition is not None:
            continue  # a unique column's repair numbers the values again where they repeat
        pick = rows[rng.random(rows.size) < 0.5]
        if not pick.size:
            continue
        trial = dataclasses.replace(spec, generator=family.generator, params=dict(family.params))
        idx = view.current_rows()
        made = np.asarray(generate_values(trial, rng, idx[pick], batch))
        if spec.max_len is not None:  # a family's values within the column's length
            made = np.asarray([str(v)[: spec.max_len] for v in made.tolist()], dtype=object)
        col.values[pick] = made
        col.nulls[pick] = False


def _try_nulls(
    view: TableView,
    batch: Batch,
    cols: set[str],
    rows: np.ndarray,
    rng: np.random.Generator,
    sweep: int,
    built: set[str] | frozenset[str],
    enumerated: dict[str, np.ndarray],
) -> None:
    """`sweep` (the how-manieth NULL round) of the nullable columns keep their value in each
    row (modulo their number plus one), the others are NULL; a `built` key column may only
    become NULL (NULLs never repeat a key; a value drawn again might), or get back the value
    its enumeration gave the row (`enumerated`)."""
    nullable = []
    for name in sorted(cols):
        spec = view.specs.get(name)
        if spec is None or not spec.nullable or spec.partition is not None:
            continue
        if spec.generator == "null":
            continue
        nullable.append(name)
    if not nullable:
        return
    keep = sweep % (len(nullable) + 1)
    order = rng.random((rows.size, len(nullable))).argsort(axis=1).argsort(axis=1)
    for j, name in enumerate(nullable):
        null = order[:, j] >= keep
        col = batch[name]
        if name in built:
            given = enumerated.get(name)
            null |= col.nulls[rows] if given is None else ~given[rows]
        col.nulls[rows] = null
