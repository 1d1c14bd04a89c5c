"""A row holding an IBAN names a holder in a country that issues IBANs: a direct-debit mandate,
a payout account, a bank detail whose IBAN follows its parent's country (rules/code_country.py:
a mandate's member's `country_code`) belongs to a parent of a country in the SWIFT IBAN
registry (generators/ibans.IBAN_LENGTHS). A member living where no bank issues IBANs (the
United States, India, Korea) pays by other means and signs no SEPA or BACS mandate; were they
to keep one, its IBAN would be another country's and disagree with its holder's. Over the key
through which the IBAN's country is read (one hop, or two: a parent's key to a table of
countries or sites), a row whose parent's country issues none picks again among the parents
whose country does (partitions.repick: Zipf-like, within a meeting key's grandparent). A
parent whose country is unknown stays; where no parent's country issues IBANs, nothing moves.
Any table of that shape, read from the schema and the planned code rule."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.runs import lookup
from workbench.generate.generators.ibans import IBAN_LENGTHS
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.code_country import alpha2
from workbench.generate.rules.partitions import repick

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.rules.paths import Path
    from workbench.generate.view import TableView


def _parent_countries(view: TableView, path: Path, source: str) -> np.ndarray | None:
    """The country (alpha-2, "" where unknown) of each row of the path's first parent."""
    parent = view.keys.tables.get(path.parent)
    if parent is None:
        return None
    if path.via is None:
        col = parent.get(source)
        if col is None:
            return None
        out = alpha2(np.asarray(col.values, dtype=object))
        out[np.asarray(col.nulls, bool)] = ""
        return out
    via, target = parent.get(path.via), view.keys.tables.get(path.table)
    if via is None or target is None or path.target_key not in target or source not in target:
        return None
    hit, found = lookup(target[path.target_key], np.asarray(via.values))
    col = target[source]
    out = alpha2(np.asarray(col.values, dtype=object)[hit])
    out[~found | np.asarray(via.nulls, bool) | np.asarray(col.nulls, bool)[hit]] = ""
    return out


def _apply(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    if not idx.size:
        return
    planned = next((r for r in view.rules if r.kind == "code_country"), None)
    if planned is None or "path" not in planned.data:
        return
    if not any(view.specs[c].generator == "iban" for c in planned.columns if c in view.specs):
        return
    path, source = planned.data["path"], planned.data["source"]
    unit = next((u for u in view.units if ",".join(u.fk.columns) == path.fk), None)
    if unit is None or unit.mode != "normal" or not view.drawn_freely(unit):
        return
    if view.numbered(unit) or unit.parent == view.tp.name:
        return
    countries = _parent_countries(view, path, source)
    if countries is None or not countries.size:
        return
    issuing = np.asarray([c in IBAN_LENGTHS for c in countries.tolist()], bool)
    unfit = (countries != "") & ~issuing
    if unfit.any() and issuing.any():
        repick(view, links, batch, unit, unfit, "iban holder:")


RULE = LinkRule(
    "IBAN holders",
    "a row holding an IBAN of its parent's country names a parent whose country issues IBANs",
    Stage.KEYS,
    _apply,
    after=("parents alive in a short history",),
    before=("parents in sequence",),
)
