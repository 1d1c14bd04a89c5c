"""A document of a scope whose lines point at the scope's things is for a scope that has some:
a payment statement of a farm, whose lines each pay for one of the farm's collections, is
drawn among the farms that had a collection; a bill of a site whose lines each charge one of
the site's jobs, among the sites with jobs. Where the scope had none, the lines' keys could
not meet it (rules/site_meet.py keeps the line's own pick, of another scope).

Read from the schema: a key of the row, drawn freely and not unique, to a scope
(kinds/meets.is_scope); a table of lines with a key that may not be NULL to the row and
another that may not be NULL to a table whose own key that may not be NULL names the scope,
that table's rows already made (its key kept). Each row whose scope has none of them takes one
that has, at random; nothing else moves."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.tables import partition_root, required_keys_to
from workbench.generate.kinds.meets import is_scope
from workbench.generate.rules.base import LinkRule, Stage
from workbench.schema import memo

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table


def _required(table: Table, column: str) -> bool:
    model = table.column(column)
    return model is not None and not model.nullable


def _keyed(table: Table, column: str) -> bool:
    if table.primary_key is not None and column in table.primary_key.columns:
        return True
    return any(column in u.columns for u in table.uniques)


def _held(view: TableView, scope: str, ref: str) -> list[np.ndarray]:
    """The scope's keys the rows of each lined table hold (the tables whose rows the lines
    of this table point at)."""
    out = []
    for other, column in _lined(view.schema, view.tp.name, scope, ref):
        kept = view.keys.tables.get(other, {}).get(column)
        if kept is not None:
            out.append(np.asarray(kept.values[~kept.nulls]))
    return out


@memo.by_identity  # of the schema alone; asked for every batch
def _lined(schema: Schema, me: str, scope: str, ref: str) -> tuple[tuple[str, str], ...]:
    """(lined table, its required key to the scope's `ref`) for each key a required line of
    `me` holds to a lined table, in the schema's order."""
    out = []
    lines = required_keys_to(schema).get(me, ())
    # the tables with a required key to `me`, each once, in the schema's order
    children = {id(c): c for c, fk in lines if len(fk.ref_columns) == 1}.values()
    for child in children:
        ups = [fk for fk in child.foreign_keys if len(fk.columns) == 1 == len(fk.ref_columns)]
        for fk in ups:
            other = partition_root(schema, fk.ref_qualified)
            model = schema.tables.get(other)
            if other in (me, child.qualified, scope) or model is None:
                continue
            if not _required(child, fk.columns[0]):
                continue
            for up in model.foreign_keys:
                if (
                    len(up.columns) == 1
                    and partition_root(schema, up.ref_qualified) == scope
                    and up.ref_columns == [ref]
                    and _required(model, up.columns[0])
                ):
                    out.append((other, up.columns[0]))
    return tuple(out)


def _with_lines(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    for unit in view.units:
        if len(unit.fk.columns) != 1 or not view.drawn_freely(unit):
            continue
        if view.specs[unit.fk.columns[0]].unique or unit.parent == view.tp.name:
            continue
        if _keyed(view.table, unit.fk.columns[0]):
            continue  # part of the row's key (a one-to-one extension): never moved
        if not is_scope(view.schema, unit.parent):
            continue
        ref = unit.fk.ref_columns[0]
        held = _held(view, unit.parent, ref)
        rows, nulls = view.parent_rows(unit.fk.columns[0])
        if not held or rows is None:
            continue
        source, valid = view.parent_keys(unit)
        keys = source[ref].values
        having = valid[np.all([np.isin(keys[valid], h) for h in held], axis=0)]
        if not having.size:
            continue
        bad = ~nulls & ~np.isin(rows, having)
        if not bad.any():
            continue
        rng = view.rng(f"lined-scope:{unit.fk.columns[0]}", int(idx[0]) if idx.size else 0)
        picked = np.asarray(rows).copy()
        picked[bad] = having[rng.integers(0, having.size, int(bad.sum()))]
        links.assign(batch, unit, picked, picked.size, nulls, source)


RULE = LinkRule(
    "scopes with the lines' things",
    "a document of a scope whose lines point at the scope's things is for one that has some",
    Stage.KEYS,
    _with_lines,
    after=("outcomes happened",),
    before=("keys that meet",),  # the keys that meet it, and its locale's, follow
)
