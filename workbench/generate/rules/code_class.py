"""A class code says what the class is: a car hire class's ACRISS code (vocab/acriss.py: its
first letter the size class, its second the type, its third the transmission) decides the
row's class label (a kind column whose labels the code's letters name: 'economy', 'suv',
'van') and its transmission flag (`automatic`, `is_automatic`; `manual` the other way). The
code is the row's key, drawn first; the labels follow it, so the code and the class agree on
every row. Nothing here names a table: the code is found by its generator (its column's
name), the kind column by its name's words and its labels."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import typed_label
from workbench.generate.base.names import normalise
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of
from workbench.generate.rules.span import KIND_WORDS
from workbench.generate.vocab import acriss

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_AUTOMATIC = frozenset({"automatic", "is_automatic", "auto", "automatic_transmission",
                        "has_automatic", "is_auto"})  # fmt: skip
_MANUAL = frozenset({"manual", "is_manual", "manual_transmission"})
# the words of a column naming the row's class (`category`, `car_group`, `vehicle_class`)
_CLASS_WORDS = KIND_WORDS | {"group", "segment", "grade", "tier"}


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    code = next((c for c, s in view.specs.items() if s.generator == "acriss_code"), None)
    if code is None:
        return []
    kind, named = None, {}
    for name, spec in view.specs.items():
        if not set(normalise(name).split("_")) & _CLASS_WORDS or not free(view, name):
            continue
        labels = {normalise(lb): lb for lb in labels_of(spec)}
        words = {w for ws in (*acriss.SIZE.values(), *acriss.TYPE.values()) for w in ws}
        if len(set(labels) & words) >= 2:
            kind, named = name, labels
            break
    flag = next((c for c, s in view.specs.items() if s.kind == "bool" and free(view, c)
                 and normalise(c) in _AUTOMATIC | _MANUAL), None)  # fmt: skip
    if kind is None and flag is None:
        return []
    columns = [c for c in (kind, flag) if c is not None]
    detail = f"{', '.join(columns)} as {code} (ACRISS) says"
    data = {"code": code, "kind": kind, "labels": named, "flag": flag,
            "manual": flag is not None and normalise(flag) in _MANUAL}  # fmt: skip
    return [Rule("code_class", columns, detail, data)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    code = batch.get(d["code"])
    if code is None:
        return
    values, nulls = code.values.tolist(), code.nulls.tolist()
    codes = [str(v) if not null else "" for v, null in zip(values, nulls, strict=True)]
    kind = batch.get(d["kind"] or "")
    if kind is not None:
        named = [acriss.label_of(c, d["labels"]) for c in codes]
        rows = np.asarray([lb is not None for lb in named], bool)
        if rows.any():
            values = kind.values.copy()
            for at in np.flatnonzero(rows):
                values[at] = typed_label(kind, str(named[at]))
            kind.values[rows] = values[rows]
            kind.nulls[rows] = False
    flag = batch.get(d["flag"] or "")
    if flag is not None:
        gears = np.asarray([c[2:3] for c in codes], dtype=object)
        known = np.asarray([len(c) == 4 and c[2] in acriss.TRANSMISSION for c in codes], bool)
        auto = np.isin(gears, list(acriss.AUTOMATIC))
        flag.values[known] = (~auto if d["manual"] else auto)[known]
        flag.nulls[known] = False


# before the measures (a class's weight and power by its class label)
RULE = RowRule(
    "code_class",
    "a class code (ACRISS) decides the class label and the transmission it names",
    _plan,
    _apply,
    phases={"code_class": Phase.ROW},
    after=("price_pair",),
    before=("magnitude",),
)
