"""The payouts of decided requests (rules/payouts.py), once every table is loaded (the decided
amounts final, load/totals_load.py): a payout that went through on a row not decided pays a
decided row instead (where its key may move: a settled row that has none first), a decided
row's second or later one a settled row that has none, or else did not go through (its
own status the first label that waits, its times of going through cleared); then a settled
row's payouts that went through add up to its decided amount, split in the proportion they
were drawn in, to the cent, the remainder on the last. Each step in a savepoint: a CHECK or a
type that rejects it leaves the rows as they were and the run says so."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import psycopg
from psycopg import sql

from workbench.generate.load.detach import qualified_ident
from workbench.generate.load.totals_load import post_pass

if TYPE_CHECKING:
    from collections.abc import Callable

    from workbench.generate.plan.tables import Plan
    from workbench.generate.rows.assembler import TableGenerator
    from workbench.generate.rules.base import Rule


def apply_payouts(
    conn: Any,
    plan: Plan,
    generators: dict[str, TableGenerator],
    warn: Callable[[list[str]], None],
) -> None:
    """Every decided request's payouts of the plan's loaded tables, in one transaction."""
    post_pass(conn, plan, generators, "payouts", lambda gen, rule: _pay(conn, gen, rule, warn))


def _among(column: sql.Composable, labels: list[str]) -> sql.Composable:
    listed = sql.SQL(", ").join(sql.Literal(lb) for lb in labels)
    return sql.SQL("coalesce({}::text IN ({}), false)").format(column, listed)


def _pay(conn: Any, gen: TableGenerator, rule: Rule, warn: Callable[[list[str]], None]) -> None:
    d = rule.data
    table, parent = qualified_ident(gen.tp.name), qualified_ident(d["parent"])
    key, ref = sql.Identifier(d["key"]), sql.Identifier(d["ref"])
    amount, decided = sql.Identifier(d["amount"]), sql.Identifier(d["decided"])
    status = sql.SQL("c.{}").format(sql.Identifier(d["status"]))
    own = d.get("own_status")
    through: sql.Composable = sql.SQL("true")
    if own is not None:
        through = _among(sql.SQL("p.{}").format(sql.Identifier(own)), d["went_through"])
    names = {"t": table, "c": parent, "k": key, "r": ref, "a": amount, "x": decided,
             "thru": through, "hold": _among(status, d["holding"]),
             "done": _among(status, d["settled"])}  # fmt: skip
    steps: list[tuple[str, sql.Composable]] = []
    if d.get("movable"):
        steps.append(("moved", sql.SQL(_MOVE).format(**names)))
        steps.append(("spread", sql.SQL(_SPREAD).format(**names)))
    if own is not None:
        cleared = [sql.SQL("{} = NULL").format(sql.Identifier(c)) for c in d.get("times", [])]
        sets = sql.SQL(", ").join([
            sql.SQL("{} = {}").format(sql.Identifier(own), sql.Literal(d["instead"])), *cleared
        ])  # fmt: skip
        steps.append(("undone", sql.SQL(_UNDO).format(sets=sets, **names)))
    digits = 0 if gen.view.specs[d["amount"]].kind == "int" else 2
    steps.append(("split", sql.SQL(_SPLIT).format(n=sql.Literal(digits), **names)))
    for what, statement in steps:
        try:
            with conn.transaction():
                conn.execute(statement)
        except psycopg.Error as err:
            first = str(err).splitlines()[0] if str(err) else type(err).__name__
            warn([f"{gen.tp.name}: payouts {what} kept as drawn: {first}"])


# a payout that went through on a row not decided pays a decided row instead: a settled one
# with none first, then a decided one with none, then any decided one
_MOVE = """
WITH d AS (SELECT c.{r} AS id, row_number() OVER (ORDER BY
                    EXISTS (SELECT 1 FROM {t} p WHERE p.{k} = c.{r} AND {thru}), NOT {done},
                    c.{r}) AS rn
           FROM {c} c WHERE {hold} AND c.{x} > 0),
src AS (SELECT p.ctid AS tid, (row_number() OVER (ORDER BY p.ctid) - 1)
                              % greatest((SELECT count(*) FROM d), 1) + 1 AS rn
        FROM {t} p JOIN {c} c ON c.{r} = p.{k} WHERE {thru} AND NOT {hold})
UPDATE {t} p SET {k} = d.id FROM src JOIN d USING (rn) WHERE p.ctid = src.tid
"""
# … and a decided row's second payout that went through (and further) one with none too
_SPREAD = """
WITH src AS (SELECT tid, row_number() OVER (ORDER BY k DESC, tid) AS rn
             FROM (SELECT p.ctid AS tid, row_number() OVER (PARTITION BY p.{k} ORDER BY p.ctid) AS k
                   FROM {t} p JOIN {c} c ON c.{r} = p.{k} WHERE {thru} AND {hold}) s
             WHERE k > 1),
dst AS (SELECT c.{r} AS id, row_number() OVER (ORDER BY c.{r}) AS rn FROM {c} c
        WHERE {done} AND c.{x} > 0
          AND NOT EXISTS (SELECT 1 FROM {t} p WHERE p.{k} = c.{r} AND {thru}))
UPDATE {t} p SET {k} = dst.id FROM src JOIN dst USING (rn) WHERE p.ctid = src.tid
"""
# … or else did not go through
_UNDO = """
UPDATE {t} p SET {sets} FROM {c} c WHERE c.{r} = p.{k} AND {thru} AND NOT {hold}
"""
# a settled row's payouts that went through add up to its decided amount (each more than 0)
_SPLIT = """
WITH q AS (SELECT p.ctid AS tid, p.{k} AS g, c.{x} AS total, p.{a} AS v,
                  sum(p.{a}) OVER w AS s, row_number() OVER (w ORDER BY p.ctid) AS rn,
                  count(*) OVER w AS n
           FROM {t} p JOIN {c} c ON c.{r} = p.{k}
           WHERE {thru} AND {done} AND c.{x} IS NOT NULL AND p.{a} IS NOT NULL
           WINDOW w AS (PARTITION BY p.{k})),
r AS (SELECT *, round(total * v / nullif(s, 0), {n}) AS part FROM q),
f AS (SELECT tid, g, CASE WHEN rn = n THEN total - (sum(part) OVER (PARTITION BY g) - part)
                          ELSE part END AS v FROM r),
ok AS (SELECT g FROM f GROUP BY g HAVING bool_and(v > 0))
UPDATE {t} p SET {a} = f.v FROM f JOIN ok USING (g)
WHERE p.ctid = f.tid AND p.{a} IS DISTINCT FROM f.v
"""
