"""A catalogue's code spells its facts, and the columns beside it state them: a blood group
A- is ABO group A and RhD negative, so a table of the blood groups (`code`, `abo`,
`rhd_positive`) holds ('A-', 'A', false), not a group and a sign drawn apart from the code.
The code is a column a catalogued generator fills (vocab/catalogues.py); a fact's column is a
free one whose name's words name the fact (`abo`, `abo_group`; `rh`, `rhd_positive`,
`rhesus_negative`): a boolean states whether the fact holds (negated where its name says
`negative`), a column of labels (a CHECK's, an enum's) the label that reads as the value,
free text the value itself. Nothing here names a table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import typed_label
from workbench.generate.base.names import normalise
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of
from workbench.generate.vocab.catalogues import catalogue, fact_of

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# the word of a boolean fact's column that says it states the opposite (`rh_negative`)
_NEGATIVE = frozenset({"negative", "neg", "minus"})
# the labels of a boolean fact held in a text column, by the fact's truth
_TRUTH = {
    "true": ("+", "pos", "positive", "true", "yes", "y", "t", "1"),
    "false": ("-", "neg", "negative", "false", "no", "n", "f", "0"),
}


def _label(value: str, labels: list[str], width: int | None) -> str | None:
    """The label (or, with none, the text) a column gives a fact's value."""
    words = _TRUTH.get(value, (value,))
    if labels:
        by_word = {normalise(lb) or lb: lb for lb in labels}
        by_word.update({lb: lb for lb in labels})
        return next((by_word[w] for w in words if w in by_word), None)
    return next((w for w in words if width is None or len(w) <= width), None)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    out = []
    for code, spec in view.specs.items():
        cat = catalogue(spec.generator or "")
        if cat is None:
            continue
        columns: dict[str, dict[str, object]] = {}
        for name, other in view.specs.items():
            if name == code or not free(view, name):
                continue
            words = normalise(name).split("_")
            fact = fact_of(cat, words)
            if fact is None:
                continue
            values = cat.facts[fact].values
            if other.kind == "bool":
                flip = bool(set(words) & _NEGATIVE)
                columns[name] = {c: (v == "true") != flip for c, v in values.items()}
            elif other.kind in ("text", "enum"):
                labels = labels_of(other)
                named = {c: _label(v, labels, other.info.length) for c, v in values.items()}
                if None not in named.values():
                    columns[name] = dict(named)
        if columns:
            detail = f"{', '.join(columns)} as {code} spells"
            out.append(
                Rule("catalogue_facts", list(columns), detail, {"code": code, "by": columns})
            )
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    code = batch.get(rule.data["code"])
    if code is None:
        return
    codes = [
        None if null else str(v).strip() for v, null in zip(code.values, code.nulls, strict=True)
    ]
    for name, mapped in rule.data["by"].items():
        col = batch.get(name)
        if col is None:
            continue
        for at, c in enumerate(codes):
            if c is None or c not in mapped:
                continue
            value = mapped[c]
            col.values[at] = value if isinstance(value, bool) else typed_label(col, str(value))
            col.nulls[at] = False


RULE = RowRule(
    "catalogue_facts",
    "the columns beside a catalogue's code state the facts the code spells (a blood group's)",
    _plan,
    _apply,
    phases={"catalogue_facts": Phase.ROW},
    after=("code_class",),
    before=("code_year",),
)
