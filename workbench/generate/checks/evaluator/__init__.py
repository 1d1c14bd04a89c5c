"""CHECK expressions computed over a whole batch with PostgreSQL's semantics.

Values are typed (`Val.kind`): numbers, booleans, text (citext compares case-insensitively,
character(n) ignores trailing blanks), enums (ordered by their labels), dates, timestamps,
intervals (microseconds, 30-day months as PostgreSQL compares them), bytea, json and arrays.
Logic is three-valued and NULL propagates as in SQL; a CHECK passes unless it is FALSE.

Each operation works on a column at once (numpy, or one Python call per distinct value for
text functions). Anything whose meaning is not certain raises `Unsupported`; the caller then
asks the server (see `oracle`), never guesses.

`core` holds the values and the walk; each module's `HANDLERS` names the sqlglot node types it
computes, and their union is the walk's dispatch table.
"""

from __future__ import annotations

from workbench.generate.base.sqltree import Unsupported
from workbench.generate.checks.evaluator import arith, arrays, core, functions, logic, text
from workbench.generate.checks.evaluator.core import DISPATCH, Ctx, Val, ev, failing_mask

__all__ = ["Ctx", "Unsupported", "Val", "ev", "failing_mask"]

for _module in (arith, arrays, core, functions, logic, text):
    DISPATCH.update(_module.HANDLERS)
