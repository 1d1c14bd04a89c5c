"""CHECK constraints: read hints for the generators, evaluate a check over a whole batch, and
repair the rows that violate it.

Three layers, so that every check shape is satisfied by construction rather than by retrying:

1. `column_hints` (hints) reads the top-level conjuncts that mention a single column (ranges,
   IN lists, length bounds, regular expressions, NOT NULL) so the column's generator draws
   only valid values in the first place.
2. `evaluate` (env, over the evaluator package) computes the check with SQL three-valued logic
   over numpy arrays (a row passes when the result is not FALSE).
3. `repair` turns the check into disjunctive normal form and, for the rows that fail, makes one
   disjunct true by editing the columns it names (atoms, scalars, shapes: setting NULLs,
   clamping to a bound, copying another column, picking from an IN list, …); the result is
   evaluated again, so a repair can only ever fix rows, never break them.
"""

from __future__ import annotations

from workbench.generate.checks.env import Env, evaluate, failing, make_env
from workbench.generate.checks.hints import ColumnHints, checks_for, column_hints, domain_tree
from workbench.generate.checks.repair import dnf, null_only, repair, repair_nulls

__all__ = [
    "ColumnHints",
    "Env",
    "checks_for",
    "column_hints",
    "dnf",
    "domain_tree",
    "evaluate",
    "failing",
    "make_env",
    "null_only",
    "repair",
    "repair_nulls",
]
