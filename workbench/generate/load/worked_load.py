"""The work's status from its sessions (rules/worked.py): once every table is loaded, each
row of work counts its sessions done and still waiting (over every session table) and takes the
label they allow where its drawn one does not fit; one statement per table, staged and CHECKed
as the totals are (totals_load.rewrite)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from psycopg import sql

from workbench.generate.load.detach import qualified_ident
from workbench.generate.load.rewrite import rewrite
from workbench.generate.load.totals_load import post_pass

if TYPE_CHECKING:
    from collections.abc import Callable

    from workbench.generate.plan.tables import Plan
    from workbench.generate.rows.assembler import TableGenerator
    from workbench.generate.rules.base import Rule


def apply_worked(
    conn: Any,
    plan: Plan,
    generators: dict[str, TableGenerator],
    warn: Callable[[list[str]], None],
) -> None:
    """Every work's status of the plan's loaded tables, in one transaction."""
    post_pass(conn, plan, generators, "worked", lambda gen, rule: _work(conn, gen, rule, warn))


def _among(labels: list[str]) -> sql.Composable:
    return sql.SQL(", ").join(sql.Literal(label) for label in labels)


def _work(conn: Any, gen: TableGenerator, rule: Rule, warn: Callable[[list[str]], None]) -> None:
    data = rule.data
    counts = sql.SQL(" UNION ALL ").join(
        sql.SQL(
            "SELECT c.{key} AS k, (c.{status}::text IN ({done}))::int AS d,"
            " (c.{status}::text IN ({waiting}))::int AS w FROM {table} c"
        ).format(
            key=sql.Identifier(key),
            status=sql.Identifier(status),
            done=_among(done),
            waiting=_among(waiting),
            table=qualified_ident(table),
        )
        for table, key, _ref, status, done, waiting in data["sessions"]
    )
    ref = data["sessions"][0][2]
    source = sql.SQL(
        "{work} t LEFT JOIN (SELECT u.k, sum(u.d) AS d, sum(u.w) AS w FROM ({counts}) u"
        " GROUP BY u.k) s ON s.k = t.{ref}"
    ).format(work=qualified_ident(gen.tp.name), counts=counts, ref=sql.Identifier(ref))
    status = sql.SQL("t.{}::text").format(sql.Identifier(data["status"]))
    begun, under = _among(data["begun"]), sql.Literal(data["under"])
    first, done = sql.Literal(data["begun"][0]), sql.Literal(data["done"][-1])
    ended = sql.Literal(data["failed"] or data["begun"][0])
    # the labels as literals of the column's own type (an enum, a text with a CHECK list)
    value = sql.SQL(
        "CASE WHEN coalesce(s.w, 0) > 0 AND coalesce(s.d, 0) > 0 THEN {under}"
        " WHEN coalesce(s.w, 0) > 0 THEN"
        " CASE WHEN {status} IN ({begun}) THEN t.{col} ELSE {under} END"
        " WHEN coalesce(s.d, 0) > 0 THEN"
        " CASE WHEN {status} IN ({begun}) THEN {done} ELSE t.{col} END"
        " WHEN {status} = {under}::text THEN {first}"
        " WHEN {status} IN ({dones}) THEN {ended} ELSE t.{col} END"
    ).format(
        under=under,
        status=status,
        begun=begun,
        col=sql.Identifier(data["status"]),
        done=done,
        first=first,
        dones=_among(data["done"]),
        ended=ended,
    )
    rewrite(conn, gen, data["status"], value, source, warn)
