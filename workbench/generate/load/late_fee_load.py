"""Charges for lateness (rules/late_fee.py): once every table is loaded, the late label trades
places with the other labels so that it lies on the charges whose record came back late at a
rate above nothing (one for one, in an order fixed by the rows' places: the labels keep their
counts), then those charges take the days late times the rate, capped; one pass per table,
the amount staged and CHECKed as the totals are (totals_load.rewrite)."""

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


def apply_late_fees(
    conn: Any,
    plan: Plan,
    generators: dict[str, TableGenerator],
    warn: Callable[[list[str]], None],
) -> None:
    """Every charge for lateness of the plan's loaded tables, in one transaction."""
    post_pass(conn, plan, generators, "late_fee", lambda g, r: _charge(conn, g, r, warn))


def _joins(d: dict[str, Any]) -> tuple[sql.Composable, sql.Composable, sql.Composable]:
    """FROM the charge `t` and its record `r` along the keys to the rate (`h1`…) and the
    record's zone (`z`): (the joins, the days late, the rate capped)."""
    joins = [
        sql.SQL(" JOIN {rec} r ON r.{ref} = t.{fk}").format(
            rec=qualified_ident(d["record"]),
            ref=sql.Identifier(d["ref"]),
            fk=sql.Identifier(d["fk"]),
        )
    ]
    alias = "r"
    for at, (_, column, table, key) in enumerate(d["hops"], start=1):
        joins.append(
            sql.SQL(" JOIN {tab} {me} ON {me}.{key} = {prev}.{col}").format(
                tab=qualified_ident(table),
                me=sql.Identifier(f"h{at}"),
                key=sql.Identifier(key),
                prev=sql.Identifier(alias),
                col=sql.Identifier(column),
            )
        )
        alias = f"h{at}"
    zone: sql.Composable = sql.Literal("UTC")
    hop = d["zone"]
    if hop is not None and len(hop) == 1:
        zone = sql.SQL("coalesce(r.{}, 'UTC')").format(sql.Identifier(hop[0]))
    elif hop is not None:
        joins.append(
            sql.SQL(" LEFT JOIN {tab} z ON z.{key} = r.{col}").format(
                tab=qualified_ident(hop[1]), key=sql.Identifier(hop[2]), col=sql.Identifier(hop[0])
            )
        )
        zone = sql.SQL("coalesce(z.{}, 'UTC')").format(sql.Identifier(hop[3]))
    back, due = (
        sql.SQL("r.{}").format(sql.Identifier(d[name]))
        if is_date  # a date is the place's own day already
        else sql.SQL("(r.{} AT TIME ZONE {})::date").format(sql.Identifier(d[name]), zone)
        for name, is_date in zip(("back", "due"), d["dates"], strict=True)
    )
    days = sql.SQL("({} - {})").format(back, due)
    rate = sql.SQL("{a}.{rate}").format(a=sql.Identifier(alias), rate=sql.Identifier(d["rate"]))
    value = sql.SQL("{rate} * greatest({days}, 0)").format(rate=rate, days=days)
    if d["cap"]:
        value = sql.SQL("least({a}.{cap}, {v})").format(
            a=sql.Identifier(alias), cap=sql.Identifier(d["cap"]), v=value
        )
    return sql.SQL("").join(joins), days, value


def _charge(conn: Any, gen: TableGenerator, rule: Rule, warn: Callable[[list[str]], None]) -> None:
    d = rule.data
    joins, days, value = _joins(d)
    table = qualified_ident(gen.tp.name)
    label, late = sql.Identifier(d["label"]), sql.Literal(d["late"])
    fits = sql.SQL("(r.{back} IS NOT NULL AND {days} > 0 AND ({v}) > 0)").format(
        back=sql.Identifier(d["back"]), days=days, v=value
    )
    # the late label on the charges that fit, traded one for one with those that do not
    conn.execute(
        sql.SQL(
            "WITH c AS (SELECT t.ctid AS tid, t.{label} AS lb, {fits} AS fit "
            "FROM {table} t{joins}), "
            "give AS (SELECT tid, row_number() OVER (ORDER BY tid) AS k FROM c "
            "WHERE lb = {late} AND NOT fit), "
            "take AS (SELECT tid, lb, row_number() OVER (ORDER BY md5(tid::text)) AS k FROM c "
            "WHERE lb IS NOT NULL AND lb <> {late} AND fit), "
            "pairs AS (SELECT g.tid AS a, t.tid AS b, t.lb FROM give g JOIN take t USING (k)) "
            "UPDATE {table} t SET {label} = CASE WHEN t.ctid = p.a THEN p.lb ELSE {late} END "
            "FROM pairs p WHERE t.ctid = p.a OR t.ctid = p.b"
        ).format(label=label, fits=fits, table=table, joins=joins, late=late)
    )
    source = sql.SQL("{table} t{joins}").format(table=table, joins=joins)
    amount = sql.SQL("CASE WHEN t.{label} = {late} AND {fits} THEN {v} ELSE t.{amount} END").format(
        label=label, late=late, fits=fits, v=value, amount=sql.Identifier(d["amount"])
    )
    rewrite(conn, gen, d["amount"], amount, source, warn)
