"""A verdict's shares hold at each site: the result of a payment attempt, an inspection's
outcome, a test's verdict (a choice column named as one: vocab/outcomes.names_verdict, whose
labels read as a lifecycle) falls out at each place of the business (kinds/meets.
business_place: a marina, a branch, a clinic), reached by the row's required key or its
parent's, as it does across the business: most rows take the happy end, and no site shows
more of a rarer label than its share of the site's rows allows. Drawn row by row, a site with
a handful of rows shows a failure or a pending attempt on a third of them now and then; a
business reporting per site sees its rate at every site.

Each rarer label keeps at most floor(rows of the site in the batch x its share) of a site's
rows (those drawn first keep it); the rest take the happy end (the label of the largest
share). No row is ever given a rarer label, so the times other rules place by a label (a
pending row's recent time) stay true; the rarer labels keep their shares at large sites and
thin out at small ones. A judged verdict's (vocab/severity.judged: an inspection passed or
failed) cap is at least one row of each label per site: its failures are an ordinary minority
that a small site shows now and then, and they keep their share."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import Batch, factorize, label_codes, typed_label
from workbench.generate.kinds.meets import business_place
from workbench.generate.rules.base import RowRule, Rule, free, labels_of, row_rng
from workbench.generate.vocab import exams, outcomes
from workbench.generate.vocab.severity import judged

if TYPE_CHECKING:
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table


def _required_single(table: Table, schema: Schema) -> list[tuple[str, str]]:
    """(column, parent table) of each single-column key the row may not leave NULL."""
    out = []
    for fk in table.foreign_keys:
        if len(fk.columns) != 1 or fk.ref_qualified == table.qualified:
            continue
        col = table.column(fk.columns[0])
        if col is not None and not col.nullable and fk.ref_qualified in schema.tables:
            out.append((fk.columns[0], fk.ref_qualified))
    return out


def _site_path(view: TableView) -> tuple[str, str] | None:
    """(the row's key, the parent's key to the site: "" when the row's key is the site's)."""
    schema = view.schema
    direct = _required_single(view.table, schema)
    for column, parent in direct:
        if business_place(schema, parent):
            return column, ""
    for column, parent in direct:
        for theirs, grand in _required_single(schema.tables[parent], schema):
            if business_place(schema, grand):
                return column, theirs
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    out: list[Rule] = []
    path = None
    if exams.sat_exam(view.schema, view.table):
        return out  # an exam's verdict fails as exams do (rules/exam_verdict.py)
    for name, spec in view.specs.items():
        if spec.generator != "choice" or "weights" in spec.params or not free(view, name):
            continue
        if not outcomes.names_verdict(name, spec.info.name):
            continue
        labels = labels_of(spec)
        shares = outcomes.shares(labels, True) if len(labels) > 1 else None
        meanings = outcomes.lifecycle_meanings(labels)
        if not shares or meanings is None:
            continue
        happy = labels[int(np.argmax(shares))]
        if meanings[happy] not in ("done", "steady"):
            continue
        path = path or _site_path(view)
        if path is None:
            return out
        key, hop = path
        caps = {lb: s for lb, s in zip(labels, shares, strict=True) if lb != happy}
        # a judged verdict (an inspection passed or failed) fails as an ordinary minority: a
        # site of a handful of rows may show one failure, so the failures keep their share
        data = {"key": key, "hop": hop, "happy": happy, "caps": caps, "judged": judged(labels)}
        detail = f"{name}: its shares at each site (through {key}), the rest {happy}"
        out.append(Rule("site_shares", [name], detail, data))
    return out


def _sites(view: TableView, rule: Rule, batch: Batch) -> np.ndarray | None:
    """Each batch row's site as a code (-1: none)."""
    key = batch.get(rule.data["key"])
    if key is None:
        return None
    if not rule.data["hop"]:
        values, nulls = key.values, key.nulls
    else:
        rows, missing = view.parent_rows(rule.data["key"])
        ref = next(
            fk.ref_qualified for fk in view.table.foreign_keys if fk.columns == [rule.data["key"]]
        )
        held = view.keys.tables.get(ref, {}).get(rule.data["hop"])
        if rows is None or held is None:
            return None
        values, nulls = held.values[rows], missing | held.nulls[rows]
    _, codes = factorize(np.asarray(values))
    return np.where(nulls, -1, codes)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col = batch.get(rule.columns[0])
    if col is None:
        return
    sites = _sites(view, rule, batch)
    if sites is None:
        return
    labels, pos = label_codes(col)
    happy = rule.data["happy"]
    draw = row_rng(view, rule, idx).random(pos.size)
    per_site = np.bincount(sites[sites >= 0], minlength=1)
    least = 1 if rule.data.get("judged") else 0
    for at, label in enumerate(labels):
        share = rule.data["caps"].get(label)
        if share is None:
            continue
        rows = np.flatnonzero((pos == at) & (sites >= 0) & ~col.nulls)
        if not rows.size:
            continue
        rows = rows[np.lexsort((draw[rows], sites[rows]))]
        site = sites[rows]
        first = np.r_[0, np.flatnonzero(np.diff(site)) + 1]
        rank = np.arange(rows.size) - np.repeat(first, np.diff(np.r_[first, rows.size]))
        cap = np.maximum(np.floor(per_site[site] * float(share)).astype(np.int64), least)
        over = rows[rank >= cap]
        if over.size:
            col.values[over] = typed_label(col, happy)


RULE = RowRule(
    "site_shares",
    "a verdict's shares hold at each site of the business, the rest the happy end",
    _plan,
    _apply,
    after=("lineage",),
    # a label another row's state decides (a lot of a sale still to come is pending, a piece
    # with a finished sitting is done) is theirs to set after this
    before=("record_status", "event_status", "recent", "status"),
)
