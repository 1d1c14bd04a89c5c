"""One live row per key: a partial unique index whose WHERE clause leaves out only the failed
labels of a lifecycle status (`UNIQUE (slot_id) WHERE status <> 'cancelled'`, `WHERE status
NOT IN ('void', 'voided')`: one booking of a time slot that still stands, one invoice of an
instalment that was not voided) says every row that did not fail holds its key alone. Most
rows of a business did not fail (vocab/outcomes.shares), so the rows take distinct keys by
construction, as a whole unique key's do, wherever the key's domains have room for every row;
the index then holds without moving a row out of it (a repair that turned every second
booking of a slot into a cancelled one, with no time it was cancelled at).

A predicate over anything else (`WHERE is_primary`: one primary e-mail of a user among many)
is no such key: its rows stay free and a repeat leaves the index (unique/verify.py). Read from
the predicate and the labels (vocab/outcomes.meaning), no table or label named here."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import Col
from workbench.generate.base.sqltree import Unsupported, columns_of
from workbench.generate.checks import evaluate
from workbench.generate.plan.domains import spec_domain
from workbench.generate.vocab.outcomes import meaning

if TYPE_CHECKING:  # pragma: no cover
    from workbench.generate.plan.keys import UniqueKey
    from workbench.generate.view import TableView

_MOST_LABELS = 64  # a status has a few labels; a predicate over a wide domain is no status's


def live_only(view: TableView, key: UniqueKey) -> bool:
    """Whether the key's predicate reads one column of labels and leaves out only failed
    ones, keeping at least one that is not."""
    if key.predicate is None:
        return False
    columns = columns_of(key.predicate)
    if len(columns) != 1:
        return False
    name = next(iter(columns))
    spec = view.specs.get(name)
    if spec is None or name in view.fk_cols or name in key.columns:
        return False
    domain = spec_domain(spec)
    if domain is None or domain.values is None or not 1 < domain.size <= _MOST_LABELS:
        return False
    labels = domain.at(np.arange(domain.size))
    batch = {name: Col(labels, np.zeros(domain.size, bool), spec.kind, nullable=False)}
    try:
        verdict = evaluate(key.predicate, batch, domain.size, view.env)
    except Unsupported:
        return False
    inside = np.broadcast_to(np.asarray(verdict.values, dtype=bool), (domain.size,))
    inside = inside & ~np.broadcast_to(np.asarray(verdict.nulls, dtype=bool), (domain.size,))
    out = [str(lb) for lb, keep in zip(labels.tolist(), inside.tolist(), strict=True) if not keep]
    kept = [str(lb) for lb, keep in zip(labels.tolist(), inside.tolist(), strict=True) if keep]
    if not out or not kept:
        return False
    return all(meaning(lb) == "failed" for lb in out) and any(
        meaning(lb) != "failed" for lb in kept
    )
