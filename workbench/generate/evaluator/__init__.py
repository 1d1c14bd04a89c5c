"""CHECK expressions computed over a whole batch with PostgreSQL's semantics.

Values are typed (`Val.kind`): numbers, booleans, text (citext compares case-insensitively,
character(n) ignores trailing blanks), enums (ordered by their labels), dates, timestamps,
intervals (microseconds, 30-day months as PostgreSQL compares them), bytea, json and arrays.
Logic is three-valued and NULL propagates as in SQL; a CHECK passes unless it is FALSE.

Each operation works on a column at once (numpy, or one Python call per distinct value for
text functions). Anything whose meaning is not certain raises `Unsupported`; the caller then
asks the server (see `oracle`), never guesses.

`core` holds the values and the walk; each other module one family of nodes, registered below
in `HANDLERS` by the sqlglot node type it computes.
"""

from __future__ import annotations

from sqlglot import exp

from workbench.generate.evaluator.arith import _abs, _arith
from workbench.generate.evaluator.arrays import _array_set_op, _array_size, _in
from workbench.generate.evaluator.core import (
    HANDLERS,
    Ctx,
    Unsupported,
    Val,
    _column,
    _literal,
    ev,
    failing_mask,
)
from workbench.generate.evaluator.functions import (
    _anonymous,
    _case,
    _coalesce,
    _current_date,
    _current_ts,
    _json_get,
    _json_keys,
    _nullif,
)
from workbench.generate.evaluator.logic import (
    _and,
    _between,
    _castnode,
    _cmp,
    _collate,
    _interval,
    _is,
    _neg,
    _not,
    _null_safe,
    _or,
    _paren,
)
from workbench.generate.evaluator.text import (
    _concat,
    _escape,
    _left_right,
    _length,
    _like,
    _lower,
    _operator,
    _regexp,
    _strpos,
    _substring,
    _trim,
    _upper,
)

__all__ = ["Ctx", "Unsupported", "Val", "ev", "failing_mask"]

HANDLERS.update(
    {
        exp.Paren: _paren,
        exp.Cast: _castnode,
        exp.TryCast: _castnode,
        exp.Column: _column,
        exp.Literal: lambda node, ctx: _literal(node),
        exp.Boolean: lambda node, ctx: _literal(node),
        exp.Null: lambda node, ctx: _literal(node),
        exp.ByteString: lambda node, ctx: _literal(node),
        exp.RawString: lambda node, ctx: _literal(node),
        exp.National: lambda node, ctx: _literal(node),
        exp.Neg: _neg,
        exp.And: _and,
        exp.Or: _or,
        exp.Not: _not,
        exp.Is: _is,
        exp.EQ: _cmp,
        exp.NEQ: _cmp,
        exp.GT: _cmp,
        exp.GTE: _cmp,
        exp.LT: _cmp,
        exp.LTE: _cmp,
        exp.NullSafeEQ: _null_safe,
        exp.NullSafeNEQ: _null_safe,
        exp.In: _in,
        exp.Between: _between,
        exp.Length: _length,
        exp.Lower: _lower,
        exp.Upper: _upper,
        exp.Trim: _trim,
        exp.Substring: _substring,
        exp.Left: _left_right,
        exp.Right: _left_right,
        exp.StrPosition: _strpos,
        exp.DPipe: _concat,
        exp.RegexpLike: _regexp,
        exp.RegexpILike: _regexp,
        exp.Like: _like,
        exp.ILike: _like,
        exp.Escape: _escape,
        exp.Operator: _operator,
        exp.Anonymous: _anonymous,
        exp.JSONBContainsTopKey: _json_keys,
        exp.JSONBContainsAnyTopKeys: _json_keys,
        exp.JSONBContainsAllTopKeys: _json_keys,
        exp.ArrayContainsAll: _array_set_op,
        exp.ArrayContainedBy: _array_set_op,
        exp.ArrayOverlaps: _array_set_op,
        exp.ArraySize: _array_size,
        exp.Coalesce: _coalesce,
        exp.Nullif: _nullif,
        exp.Case: _case,
        exp.CurrentTimestamp: _current_ts,
        exp.CurrentDate: _current_date,
        exp.Add: _arith,
        exp.Sub: _arith,
        exp.Mul: _arith,
        exp.Div: _arith,
        exp.Mod: _arith,
        exp.Abs: _abs,
        exp.Collate: _collate,
        exp.Interval: _interval,
        exp.JSONExtractScalar: _json_get,
        exp.JSONExtract: _json_get,
    }
)
