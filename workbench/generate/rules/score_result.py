"""A fixture's result agrees with its scores: a home win where the home side scored more
(`home_goals` 3, `away_goals` 1: 'home_win'), an away win where the away side did, a draw
where they scored alike; a fixture without both scores (not played yet, called off) has no
result where the column may be NULL.

The scores are two numbers (not keys: `home_team_id` names a side, it scores nothing) whose
names differ only in a side's word (SIDES: `home_goals` and `away_goals`, `score_home` and
`score_away`); the result is a text column named as one
(RESULT_WORDS: `result`, `outcome`, `winner`) whose labels name the home side, the away side
and a draw, whole or by a word ('home_win', 'AWAY', 'draw', 'H'/'A'/'D'). Read from the
names' words and the labels, no table named here; applied after rules/measured.py has left
the scores of the fixtures that took place."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import typed_label
from workbench.generate.base.names import normalise
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# the words of each side, and of neither winning; a one-letter label is read whole only
SIDES = {"home": frozenset({"home", "host", "hosts"}),
         "away": frozenset({"away", "visitor", "visitors", "guest", "guests"})}  # fmt: skip
DRAW = frozenset({"draw", "drawn", "drew", "tie", "tied", "even", "level"})
LETTERS = {"h": "home", "a": "away", "d": "draw", "x": "draw"}
RESULT_WORDS = frozenset({"result", "outcome", "winner", "decision", "ft_result", "full_time"})
_NUMBERS = ("int", "decimal", "float")


def _side_of(label: str) -> str | None:
    norm = normalise(label)
    if norm in LETTERS:
        return LETTERS[norm]
    words = set(norm.split("_"))
    found = [side for side, said in SIDES.items() if words & said]
    if words & DRAW and not found:
        return "draw"
    return found[0] if len(found) == 1 else None


def _scores(view: TableView) -> tuple[str, str] | None:
    """(home, away) number columns whose names differ only in the side's word."""
    keys = {c for fk in view.table.foreign_keys for c in fk.columns}
    numbers = {
        tuple(normalise(c).split("_")): c
        for c, s in view.specs.items()
        if s.kind in _NUMBERS and c not in keys and normalise(c).split("_")[-1] != "id"
    }
    for words, home in numbers.items():
        for at, word in enumerate(words):
            if word not in SIDES["home"]:
                continue
            for other in SIDES["away"]:
                away = numbers.get((*words[:at], other, *words[at + 1 :]))
                if away is not None:
                    return home, away
    return None


def _result(view: TableView) -> tuple[str, dict[str, str]] | None:
    """The result column and each side's label (home, away, draw)."""
    for name, spec in view.specs.items():
        if spec.kind != "text" or normalise(name).split("_")[-1] not in RESULT_WORDS:
            continue
        if not free(view, name):
            continue
        sides: dict[str, str] = {}
        for label in labels_of(spec):
            side = _side_of(label)
            if side is not None and side not in sides:
                sides[side] = label
        if len(sides) == 3:
            return name, sides
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    scores, result = _scores(view), _result(view)
    if scores is None or result is None:
        return []
    home, away = scores
    column, sides = result
    detail = (
        f"{column} {sides['home']} where {home} > {away}, {sides['away']} where less, "
        f"{sides['draw']} where equal"
    )
    return [Rule("score_result", [column, home, away], detail, {"sides": sides})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    result, home, away = (batch.get(c) for c in rule.columns)
    if result is None or home is None or away is None:
        return
    sides = rule.data["sides"]
    known = ~home.nulls & ~away.nulls
    h, a = np.asarray(home.values, dtype=float), np.asarray(away.values, dtype=float)
    for side, rows in (("home", h > a), ("away", h < a), ("draw", h == a)):
        at = np.flatnonzero(rows & known)
        result.values[at] = typed_label(result, sides[side])
        result.nulls[at] = False
    if result.nullable:
        result.nulls[~known] = True


RULE = RowRule(
    "score_result",
    "a fixture's result agrees with its scores (a home win where the home side scored more)",
    _plan,
    _apply,
    phases={"score_result": Phase.FINAL},
    after=("measured", "pass_mark"),
    before=("pause",),
)
