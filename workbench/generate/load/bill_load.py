"""The bills' payments post-pass (rules/bill_payments.py): once every table is loaded (the
bills' totals final), a paid bill's payments add up to its total and a partly paid one's to a
part of it (split in the proportion the payments were drawn in, to the cent, the remainder on
the last payment), and a paid bill's last payment was received at the bill's paid time (the
payment that settled it says when it was paid), its earlier payments moved by as much (drawn
closer to it where the first would come before the bill was issued); staged and CHECKed as the
totals are (totals_load.rewrite)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from psycopg import sql

from workbench.generate.load.detach import qualified_ident
from workbench.generate.load.owed_load import settle_nothing_due
from workbench.generate.load.rewrite import rewrite
from workbench.generate.load.totals_load import post_pass
from workbench.generate.rules.bill import issue_time, paid_time
from workbench.generate.rules.bill_payments import bill_labels
from workbench.generate.rules.settle import paid_labels, paid_on_leaving, partial

if TYPE_CHECKING:
    from collections.abc import Callable

    from workbench.generate.plan.tables import Plan
    from workbench.generate.rows.assembler import TableGenerator
    from workbench.generate.rules.base import Rule

# a partly paid bill's payments add up to this share of its total and up to 0.9 more
_PART_LEAST = 0.3


def apply_bill_payments(
    conn: Any,
    plan: Plan,
    generators: dict[str, TableGenerator],
    warn: Callable[[list[str]], None],
) -> None:
    """Every bill's payments of the plan's loaded tables, in one transaction."""
    post_pass(
        conn,
        plan,
        generators,
        "bill_payments",
        lambda gen, rule: _pay(conn, gen, rule, generators, warn),
    )


def _pay(
    conn: Any,
    gen: TableGenerator,
    rule: Rule,
    generators: dict[str, TableGenerator],
    warn: Callable[[list[str]], None],
) -> None:
    data = rule.data
    owner = generators.get(data["parent"])
    labels = bill_labels(owner.view, data["status"]) if owner is not None else None
    if owner is None or labels is None:
        return
    settled = paid_labels(labels)
    part = [lb for lb in labels if partial(lb) and lb not in settled]
    digits = 0 if gen.view.specs[data["amount"]].kind == "int" else 2
    amount, key = sql.Identifier(data["amount"]), sql.Identifier(data["key"])
    ref, status = sql.Identifier(data["ref"]), sql.Identifier(data["status"])
    table, parent = qualified_ident(gen.tp.name), qualified_ident(data["parent"])
    columns: list[sql.Composable] = [
        sql.SQL("t.{}").format(sql.Identifier(c)) for c in data["order"]
    ]
    order = sql.SQL(", ").join(columns or [sql.SQL("t.ctid")])
    # a paid bill of nothing is not paid: its payments to bills that total something (an
    # order paid on leaving its unpaid labels keeps its label: a booking of nothing, a
    # voucher's, was confirmed all the same)
    if not paid_on_leaving(labels):
        settle_nothing_due(conn, gen, owner, data, settled + part, labels, warn)
    own = data.get("own_status")
    # only the payments that went through count towards the bill (a failed or refunded
    # attempt is one beside them); a paying bill none of whose payments did has its last one
    # go through
    counted: sql.Composable = sql.SQL("true")
    if own is not None:
        counted = sql.SQL("t.{}::text = ANY({})").format(
            sql.Identifier(own), sql.Literal(data["went_through"])
        )
        if data.get("flip"):
            went_through(conn, gen, data, settled + part, warn)
    shares = sql.SQL(
        "WITH y AS (SELECT t.tableoid AS toid, t.ctid AS rid, t.{key} AS k,"
        "  p.{status}::text AS st, p.{total} AS tot,"
        "  CASE WHEN p.{status}::text = ANY({part})"
        "   THEN {least} + (0.9 - {least}) * ((hashtext(p.{ref}::text) & 1023) / 1023.0)"
        "   ELSE 1 END AS f,"
        "  greatest(coalesce(t.{amount}, 0), 0.01) AS w,"
        "  row_number() OVER (PARTITION BY t.{key} ORDER BY {order}) AS n,"
        "  count(*) OVER (PARTITION BY t.{key}) AS m"
        "  FROM {table} t JOIN {parent} p ON p.{ref} = t.{key}"
        "  WHERE p.{total} > 0 AND p.{status}::text = ANY({paying}) AND {counted}),"
        " s AS (SELECT y.*, round(y.tot * y.f, {digits}) AS due,"
        "  sum(y.w) OVER (PARTITION BY y.k) AS sw FROM y),"
        " q AS (SELECT s.*, round(s.due * s.w / s.sw, {digits}) AS piece FROM s)"
        " SELECT q.toid, q.rid, CASE WHEN q.n = q.m"
        "  THEN q.due - (sum(q.piece) OVER (PARTITION BY q.k) - q.piece) ELSE q.piece END AS v"
        " FROM q"
    ).format(
        key=key, status=status, total=sql.Identifier(data["total"]), part=sql.Literal(part),
        least=sql.Literal(_PART_LEAST), ref=ref, amount=amount, order=order, table=table,
        parent=parent, paying=sql.Literal(settled + part), digits=sql.Literal(digits),
        counted=counted,
    )  # fmt: skip
    source = sql.SQL("{} t JOIN ({}) r ON r.toid = t.tableoid AND r.rid = t.ctid").format(
        table, shares
    )
    rewrite(conn, gen, data["amount"], sql.SQL("coalesce(r.v, t.{})").format(amount), source, warn)
    at, paid = data["time"], paid_time(owner.view)
    spec = gen.view.specs.get(at) if at else None
    if at is None or paid is None or spec is None or spec.kind == "date":
        return
    moved = sql.SQL(
        "{table} t JOIN {parent} p ON p.{ref} = t.{key}"
        " JOIN (SELECT {key} AS k, max({at}) AS last, min({at}) AS first FROM {table} GROUP BY 1)"
        " x ON x.k = t.{key}"
    ).format(table=table, parent=parent, ref=ref, key=key, at=sql.Identifier(at))
    # the time the bill was issued, when it has one: no payment before it
    issue = issue_time(owner.view)
    since: sql.Composable = sql.SQL("NULL::timestamptz")
    if issue is not None and issue != paid:
        since = sql.SQL("p.{}::timestamptz").format(sql.Identifier(issue))
    paid_at = sql.SQL("p.{}::timestamptz").format(sql.Identifier(paid))
    # the last payment is the one that settled the bill: received at the bill's paid time
    last = paid_at
    # the earlier ones as far before it as they were drawn, drawn closer where that would
    # put the first before the bill was issued
    ratio = sql.SQL(
        "coalesce(least(1, greatest(extract(epoch FROM {last} - {since}), 0)"
        " / nullif(extract(epoch FROM x.last - x.first), 0)), 1)"
    ).format(last=last, since=since)
    value = sql.SQL(
        "CASE WHEN p.{status}::text = ANY({settled}) AND p.{paid} IS NOT NULL"
        " THEN {last} - (x.last - t.{at}) * {ratio} ELSE t.{at} END"
    ).format(
        status=status, settled=sql.Literal(settled), paid=sql.Identifier(paid),
        at=sql.Identifier(at), last=last, ratio=ratio,
    )  # fmt: skip
    rewrite(conn, gen, at, value, moved, warn)


def went_through(
    conn: Any,
    gen: TableGenerator,
    data: dict[str, Any],
    paying: list[str],
    warn: Callable[[list[str]], None],
) -> None:
    """A paid or partly paid bill none of whose payments went through: its last payment (by
    its time, else its key) takes the last label that reads as done (succeeded)."""
    table, parent = qualified_ident(gen.tp.name), qualified_ident(data["parent"])
    own, key, ref = (sql.Identifier(data[k]) for k in ("own_status", "key", "ref"))
    typed = conn.execute(
        sql.SQL(
            "SELECT format_type(a.atttypid, a.atttypmod) FROM pg_attribute a"
            " WHERE a.attrelid = {}::regclass AND a.attname = {}"
        ).format(sql.Literal(table.as_string(conn)), sql.Literal(data["own_status"]))
    ).fetchone()
    if typed is None:
        return
    keys = [data["time"]] if data.get("time") else []
    keys += [c for c in data["order"] if c not in keys]
    latest: list[sql.Composable] = [sql.SQL("t.{} DESC").format(sql.Identifier(c)) for c in keys]
    order = sql.SQL(", ").join(latest or [sql.SQL("t.ctid")])
    last = sql.SQL(
        "{table} t JOIN (SELECT t.tableoid AS toid, t.ctid AS rid,"
        "  row_number() OVER (PARTITION BY t.{key} ORDER BY {order}) AS n,"
        "  bool_or(t.{own}::text = ANY({done})) OVER (PARTITION BY t.{key}) AS ok"
        "  FROM {table} t JOIN {parent} p ON p.{ref} = t.{key}"
        "  WHERE p.{status}::text = ANY({paying})) r"
        " ON r.toid = t.tableoid AND r.rid = t.ctid AND r.n = 1 AND NOT r.ok"
    ).format(
        table=table, key=key, order=order, own=own, done=sql.Literal(data["went_through"]),
        parent=parent, ref=ref, status=sql.Identifier(data["status"]),
        paying=sql.Literal(paying),
    )  # fmt: skip
    value = sql.SQL("CAST({} AS {})").format(
        sql.Literal(data["went_through"][-1]), sql.SQL(typed[0])
    )
    rewrite(conn, gen, data["own_status"], value, last, warn)
