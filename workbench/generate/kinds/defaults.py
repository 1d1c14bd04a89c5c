"""A column's declared constant DEFAULT as a prior: the value most rows hold.

A constant DEFAULT on a column that is no key (`multiplier numeric DEFAULT 1`,
`billing_frequency DEFAULT 'monthly'`, `currency DEFAULT 'EUR'`, `is_archived DEFAULT
false`) is what an application writes when it has nothing better to say, so most rows of a
real database hold it. The generator draws it on `SHARE` of the rows and its own values on
the rest; a rule that decides the column with more knowledge (a status set by the clock, a
total, a copy from a parent) still writes over it, since rules run after the draw.

Not a prior (`column_prior`): a function's value (`now()`, `nextval(…)`,
`gen_random_uuid()`), NULL, a date or time (the clock decides those); a key, a unique column,
a column statistics shape or sandbox.toml declares; a label that starts a lifecycle
(`DEFAULT 'pending'`, `'draft'`, `'open'`: the row moves on from it) and any label of a
choice whose labels read as a lifecycle (`active`/`dormant`/`closed`: vocab/outcomes.py gives
the shares by meaning); a status whose DEFAULT means no steady or done state (`status
smallint DEFAULT 1`: where its life starts); money (a price, an invoice's total, a
`replacement_cost DEFAULT 19.99`: each row's amount is its own, the DEFAULT a placeholder).
A zero on another number is where a count starts as often as where it stays
(`failed_logins DEFAULT 0`): it takes `ZERO_SHARE` of the rows. (A currency DEFAULT as a
signal of the schema's home market is read by plan/market.py.)"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from workbench.generate.base.names import normalise
from workbench.generate.base.sqltree import Unsupported, literal
from workbench.generate.kinds.recognise import split_words
from workbench.generate.vocab import outcomes
from workbench.generate.vocab.exceptions import EXCEPTION_SHARE, exception_flag
from workbench.generate.vocab.risk import RISK_SHARE, risky
from workbench.generate.vocab.unit_prices import MONEY_GENERATORS, MONEY_WORDS
from workbench.schema.model import Column, Table
from workbench.schema.typeinfo import TypeInfo

if TYPE_CHECKING:
    from workbench.generate.kinds.semantics import ColumnDecision

SHARE = 0.85
ZERO_SHARE = 0.5
_TRUE = frozenset({"t", "true", "1", "y", "yes", "on"})
_FALSE = frozenset({"f", "false", "0", "n", "no", "off"})
_KINDS = frozenset({"int", "decimal", "float", "money", "bool", "text", "enum"})


def constant_default(column: Column) -> Any | None:
    """The Python value of the column's DEFAULT when it is a constant (a string, number or
    boolean, casts allowed), else None."""
    default = column.default
    if default is None or default.tree is None:
        return None
    try:
        value = literal(default.tree)
    except Unsupported:
        return None
    return value if isinstance(value, (str, int, float, bool)) else None


def prior(column: Column, kind: str, max_len: int | None = None) -> tuple[Any, float] | None:
    """(value, share of rows) the column's DEFAULT takes as a prior, or None (see module).
    `kind` is the column's type kind (typeinfo), `max_len` its declared text length."""
    if kind not in _KINDS or column.identity:
        return None
    value = constant_default(column)
    if value is None:
        return None
    if kind == "bool":
        if not isinstance(value, bool):
            text = str(value).strip().lower()
            if text not in _TRUE | _FALSE:
                return None
            value = text in _TRUE
        if not value and risky(column.name):
            return value, 1.0 - RISK_SHARE  # a suspicion, a ban: true on a few rows only
        if not value and exception_flag(column.name):
            return value, 1.0 - EXCEPTION_SHARE  # a load rejected, an order refunded: rare
        return value, SHARE
    if kind in ("text", "enum"):
        text = str(value)
        if isinstance(value, bool) or (max_len is not None and len(text) > max_len):
            return None
        if outcomes.meaning(text) in ("open", "ahead", "failed"):
            return None  # where a lifecycle starts, not where most rows are
        return text, SHARE
    if isinstance(value, bool):
        return None
    try:
        number = float(value)
    except ValueError:
        return None
    if kind == "int":
        if number != int(number):
            return None
        return int(number), ZERO_SHARE if number == 0 else SHARE
    return number, ZERO_SHARE if number == 0 else SHARE


# generators that decide the value from the key or the schema's declaration, not a draw
_NO_PRIOR = frozenset({"sequence", "foreign_key", "null", "constant"})


def column_prior(
    table: Table, col: Column, decision: ColumnDecision, info: TypeInfo
) -> tuple[Any, float] | None:
    """The column's declared constant DEFAULT as the value most rows hold (`prior`): never on
    a key, a unique column, a column sandbox.toml declares or statistics shape, and only a
    value the column's own choices allow when they are no lifecycle."""
    params = decision.params
    pk = table.primary_key.columns if table.primary_key else []
    if (
        decision.declared
        or decision.generator in _NO_PRIOR
        or info.array_dims
        or col.name in pk
        or params.get("unique")
        or "stats_shape" in params
        or any(col.name in fk.columns for fk in table.foreign_keys)
    ):
        return None
    found = prior(col, info.kind, info.length if info.kind == "text" else None)
    if found is None or _money(col, decision):
        return None  # money is set per row by what it prices: its DEFAULT is a placeholder
    if _words(col)[-1] in outcomes.STATUS_WORDS and outcomes.meaning(str(found[0])) not in (
        "steady",
        "done",
    ):
        return None  # a status's DEFAULT is where its life starts unless it says otherwise
    values = params.get("values")
    if decision.generator == "choice" and values:
        labels = [str(v) for v in values]
        if str(found[0]) not in labels or outcomes.lifecycle_meanings(labels) is not None:
            return None  # a lifecycle's shares follow its labels' meanings (vocab/outcomes.py)
    return found


def _words(col: Column) -> list[str]:
    return split_words(normalise(col.name)).split("_")


def _money(col: Column, decision: ColumnDecision) -> bool:
    """A column of money: a money generator, or a name with a money word (`total_credits`,
    `taxamt`)."""
    return decision.generator in MONEY_GENERATORS or bool(set(_words(col)) & MONEY_WORDS)


def describe(found: tuple[Any, float] | None) -> str:
    """For `workbench classify`: the DEFAULT most rows hold, if any."""
    if found is None:
        return ""
    value = found[0]
    said = str(value).lower() if isinstance(value, bool) else f"{value!r}"
    return f"; its DEFAULT {said} on about {found[1]:.0%} of the rows"
