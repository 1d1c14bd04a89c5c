"""The order a table's CHECKs declare between two of its time columns: `departure_date >
arrival_date`, `ended_at >= started_at`, `b < a`, also as one conjunct of an AND and as the
comparison of `(b IS NULL OR b > a)`. A declared order is the schema's word on which of two
times comes first, and it wins over the order their names suggest: the words `departure` and
`arrival` are a trip's order (a ferry departs, then arrives) and a stay's the other way round
(a guest arrives, then departs); `admitted`/`discharged`, `opened`/`closed`, `from`/`to` read
either way in some schema. Every planner that orders times by words (timeline pairs, the
chain, the time a row takes place at, its window, its span) asks here first."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlglot import exp

from workbench.generate.base.names import normalise
from workbench.generate.base.sqltree import column_name, columns_of, conjuncts, strip, unparen
from workbench.generate.checks.hints import checks_for
from workbench.schema import memo
from workbench.schema.model import Schema, Table
from workbench.schema.typeinfo import resolve_type

TIME_KINDS = ("timestamp", "timestamptz", "date")


@dataclass(frozen=True)
class Order:
    """`before` comes first, `after` later (strictly where the CHECK says `>`)."""

    before: str
    after: str
    strict: bool


@memo.by_identity
def declared_orders(schema: Schema, table: Table) -> tuple[Order, ...]:
    """Every order a CHECK of the table declares between two of its time columns."""
    times = {
        c.name
        for c in table.columns
        if c.generated is None and resolve_type(schema, c.type).kind in TIME_KINDS
    }
    out: list[Order] = []
    for _, tree in checks_for(schema, table):
        for atom in conjuncts(tree):
            found = _order(atom, times)
            if found is not None and found not in out:
                out.append(found)
    return tuple(out)


def _disjuncts(tree: Any) -> list[Any]:
    tree = unparen(tree)
    if isinstance(tree, exp.Or):
        return _disjuncts(tree.this) + _disjuncts(tree.expression)
    return [tree]


def _null_test(node: Any) -> bool:
    node = unparen(node)
    if isinstance(node, exp.Not):
        node = unparen(node.this)
    return isinstance(node, exp.Is) and isinstance(node.expression, exp.Null)


def _order(atom: Any, times: set[str]) -> Order | None:
    atom = unparen(atom)
    if isinstance(atom, exp.Or):
        # `(b IS NULL OR b > a)`: the order holds whenever both are set
        parts = _disjuncts(atom)
        compared = [p for p in parts if not _null_test(p)]
        if len(compared) != 1:
            return None
        found = _order(compared[0], times)
        if found is None:
            return None
        tested = set().union(*(columns_of(p) for p in parts if p is not compared[0]))
        return found if tested <= {found.before, found.after} else None
    if not isinstance(atom, (exp.GT, exp.GTE, exp.LT, exp.LTE)):
        return None
    left, right = strip(atom.this), strip(atom.expression)
    if not (isinstance(left, exp.Column) and isinstance(right, exp.Column)):
        return None
    a, b = column_name(left), column_name(right)
    if a == b or a not in times or b not in times:
        return None
    strict = isinstance(atom, (exp.GT, exp.LT))
    if isinstance(atom, (exp.GT, exp.GTE)):
        return Order(b, a, strict)
    return Order(a, b, strict)


def declared_before(schema: Schema, table: Table, first: str, second: str) -> Order | None:
    """The declared order that puts `first` before `second`, if a CHECK says so."""
    return next(
        (o for o in declared_orders(schema, table) if o.before == first and o.after == second),
        None,
    )


def reversed_by_check(schema: Schema, table: Table, first: str, second: str) -> bool:
    """Whether a CHECK declares `second` before `first` (the words said `first` first)."""
    return declared_before(schema, table, second, first) is not None


def one_word_apart(a: str, b: str) -> bool:
    """Two names that differ in one word at the same place (`arrival_date`/`departure_date`,
    `admitted_at`/`discharged_at`): the two ends of one thing."""
    wa, wb = normalise(a).split("_"), normalise(b).split("_")
    return len(wa) == len(wb) and sum(x != y for x, y in zip(wa, wb, strict=True)) == 1


def declared_start(schema: Schema, table: Table, column: str) -> str:
    """The column a CHECK declares before `column` among the names one word apart from it,
    followed back to the first (a stay's `arrival_date` before its `departure_date`); the
    column itself where none is declared before it."""
    seen = {column}
    while True:
        earlier = next(
            (
                o.before
                for o in declared_orders(schema, table)
                if o.after == column and o.before not in seen and one_word_apart(o.before, column)
            ),
            None,
        )
        if earlier is None:
            return column
        seen.add(earlier)
        column = earlier
