"""The settlements' post-pass (rules/settlement.py): once every table is loaded, a done
parent's payments add up to its lines' charges (split in the proportion the payments were
drawn in, to the cent, the remainder on the last payment), and an open parent's payments that
exceed its charges are scaled down to at most them; one statement per paying table, staged and
CHECKed as the totals are (totals_load.rewrite)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from psycopg import sql

from workbench.generate.base import clock
from workbench.generate.base.names import normalise
from workbench.generate.load.bill_load import went_through
from workbench.generate.load.detach import qualified_ident
from workbench.generate.load.owing import Ways
from workbench.generate.load.paid_times_load import paid_after_end
from workbench.generate.load.rewrite import rewrite
from workbench.generate.load.totals_load import post_pass
from workbench.generate.rules.base import labels_of
from workbench.generate.rules.bill_payments import bill_labels
from workbench.generate.rules.settle import is_bill, order_like
from workbench.generate.vocab.outcomes import WAITING, lifecycle_meanings

if TYPE_CHECKING:
    from collections.abc import Callable

    from workbench.generate.plan.tables import Plan
    from workbench.generate.rows.assembler import TableGenerator
    from workbench.generate.rules.base import Rule


def apply_settlements(
    conn: Any,
    plan: Plan,
    generators: dict[str, TableGenerator],
    warn: Callable[[list[str]], None],
) -> None:
    """Every settlement of the plan's loaded tables, in one transaction."""
    post_pass(
        conn,
        plan,
        generators,
        "settlement",
        lambda gen, rule: _settle(conn, gen, rule, generators, warn),
    )


# labels of a parent not begun, whatever its lifecycle calls them (a visit booked, a repair
# quoted): nothing is paid on it yet
_NOT_YET = WAITING | {"quoted", "quote", "estimated", "estimate", "draft", "proposed", "new",
                      "tentative", "provisional", "enquiry", "inquiry", "upcoming"}  # fmt: skip


def not_yet(label: str) -> bool:
    """Whether a label says the parent has not begun (booked, scheduled, quoted)."""
    return normalise(label) in _NOT_YET


def _labels(generators: dict[str, TableGenerator], parent: str, status: str) -> dict[str, str]:
    owner = generators.get(parent)
    spec = owner.view.specs.get(status) if owner is not None else None
    return (lifecycle_meanings(labels_of(spec)) or {}) if spec is not None else {}


def _settle(
    conn: Any,
    gen: TableGenerator,
    rule: Rule,
    generators: dict[str, TableGenerator],
    warn: Callable[[list[str]], None],
) -> None:
    data = rule.data
    meanings = _labels(generators, data["parent"], data["status"])
    done = [label for label, kind in meanings.items() if kind == "done"]
    still = [label for label, kind in meanings.items()
             if kind in ("open", "steady") and not not_yet(label)]  # fmt: skip
    owner = generators.get(data["parent"])
    if not done or owner is None:
        return
    if data.get("total") and _billed(owner, data["status"]):
        return  # a bill's labels (paid, partly paid, unpaid): the bill rule's kind of parent
    ways = Ways(data, done, still, str(clock.run_now(gen.view.config)))
    if data.get("off"):
        _cap_off(conn, owner, data, ways, warn)
    rolled = any(r.child == gen.tp.name for r in owner.rollups)
    if data.get("moves") is not None and not rolled:
        _move(conn, gen, data, ways, warn)
        _spare(conn, gen, data, ways, warn)
    # only the payments that went through count (a failed or refunded attempt is one beside
    # them); a paid parent none of whose payments did has its last one go through
    counted: sql.Composable = sql.SQL("true")
    if data.get("own_status"):
        counted = sql.SQL("t.{}::text = ANY({})").format(
            sql.Identifier(data["own_status"]), sql.Literal(data["went_through"])
        )
        if data.get("flip"):
            went_through(conn, gen, data, done + still, warn)
    digits = 0 if gen.view.specs[data["amount"]].kind == "int" else 2
    amount, key = sql.Identifier(data["amount"]), sql.Identifier(data["key"])
    columns: list[sql.Composable] = [
        sql.SQL("t.{}").format(sql.Identifier(c)) for c in data["order"]
    ]
    order = sql.SQL(", ").join(columns or [sql.SQL("t.ctid")])
    shares = sql.SQL(
        "WITH c AS ({due}),"
        " y AS (SELECT t.tableoid AS toid, t.ctid AS rid, t.{key} AS k,"
        "  {settled} AS settled, {part} AS part,"
        "  greatest(coalesce(t.{amount}, 0), 0.01) AS w,"
        "  row_number() OVER (PARTITION BY t.{key} ORDER BY {order}) AS n,"
        "  count(*) OVER (PARTITION BY t.{key}) AS m"
        "  FROM {table} t JOIN {parent} p ON p.{ref} = t.{key} WHERE {counted}),"
        " s AS (SELECT y.*, c.charged, sum(y.w) OVER (PARTITION BY y.k) AS sw"
        "  FROM y JOIN c ON c.k = y.k),"
        " q AS (SELECT s.*, round(s.charged * s.w / s.sw, {digits}) AS part_v FROM s)"
        " SELECT q.toid, q.rid, CASE"
        "  WHEN q.settled THEN CASE WHEN q.n = q.m"
        "   THEN q.charged - (sum(q.part_v) OVER (PARTITION BY q.k) - q.part_v) ELSE q.part_v END"
        "  WHEN q.part AND q.sw > q.charged AND q.charged > 0"
        "   THEN floor(q.charged * q.w / q.sw * 10 ^ {digits}) / 10 ^ {digits}"
        " END AS v FROM q"
    ).format(
        due=ways.due(), key=key, settled=ways.settled("p"), part=ways.part("p"),
        amount=amount, order=order, table=qualified_ident(gen.tp.name),
        parent=qualified_ident(data["parent"]), ref=sql.Identifier(data["ref"]),
        digits=sql.Literal(digits), counted=counted,
    )  # fmt: skip
    source = sql.SQL("{} t JOIN ({}) r ON r.toid = t.tableoid AND r.rid = t.ctid").format(
        qualified_ident(gen.tp.name), shares
    )
    value = sql.SQL("coalesce(r.v, t.{})").format(amount)
    rewrite(conn, gen, data["amount"], value, source, warn)
    paid_after_end(conn, gen, data, ways.settled("p"), ways.now, warn)


def _billed(owner: TableGenerator, status: str) -> bool:
    """Whether a parent's labels are a bill's (paid, unpaid), or an order's paid on leaving
    its unpaid labels: what the bill rule reads (rules/bill_payments.bill_labels)."""
    labels = bill_labels(owner.view, status)
    return labels is not None and (is_bill(labels) or order_like(owner.view.table))


def _cap_off(conn: Any, owner: TableGenerator, data: dict[str, Any], ways: Ways, warn: Any) -> None:
    """A parent's discount is a part of what its lines charge: one drawn above 5-30 % of
    their sum (by the parent's key) is brought down to that (a discount of a parent with no
    line stays as drawn)."""
    off, ref = sql.Identifier(data["off"]), sql.Identifier(data["ref"])
    digits = 0 if owner.view.specs[data["off"]].kind == "int" else 2
    cap = sql.SQL(
        "round(c.charged * (0.05 + 0.25 * ((hashtext(t.{ref}::text || '/off') & 1023) / 1023.0)),"
        " {digits})"
    ).format(ref=ref, digits=sql.Literal(digits))
    source = sql.SQL("{parent} t JOIN ({lines}) c ON c.k = t.{ref}").format(
        parent=qualified_ident(data["parent"]), lines=ways.charged(), ref=ref
    )
    value = sql.SQL("CASE WHEN t.{off} > {cap} THEN {cap} ELSE t.{off} END").format(
        off=off, cap=cap
    )
    rewrite(conn, owner, data["off"], value, source, warn)


_MOVES = sql.Identifier("_wb_moves")


def _move(conn: Any, gen: TableGenerator, data: dict[str, Any], ways: Ways, warn: Any) -> None:
    """A parent's payments, where it owes nothing (a done parent's first, then any other's:
    a payment for nothing) or is not to be paid (called off, failed, still to come), to a
    done parent owing something and paid nothing (paired in a hashed order), else to one
    paid already (in turn); a payment for nothing of a parent under way stays where no
    unpaid one is left; their times at the same place within the new parent's life (its
    anchor to its end, else the same time after its anchor)."""
    key, ref = sql.Identifier(data["key"]), sql.Identifier(data["ref"])
    table, parent = qualified_ident(gen.tp.name), qualified_ident(data["parent"])
    conn.execute(sql.SQL("DROP TABLE IF EXISTS pg_temp.{}").format(_MOVES))
    conn.execute(
        sql.SQL(
            "CREATE TEMP TABLE {moves} AS"
            " WITH c AS ({due}),"
            " y AS (SELECT DISTINCT t.{key} AS k FROM {table} t WHERE t.{key} IS NOT NULL),"
            " d AS (SELECT p.{ref} AS k, {settled} AS settled, {leave} AS must,"
            "  row_number() OVER (ORDER BY NOT {settled}, NOT {leave}, md5(p.{ref}::text)) AS n"
            "  FROM {parent} p WHERE p.{ref} IN (SELECT k FROM y)"
            "  AND (p.{ref} NOT IN (SELECT k FROM c) OR {leave})),"
            " g AS (SELECT p.{ref} AS k, p.{ref} IN (SELECT k FROM y) AS paid,"
            "  row_number() OVER (ORDER BY p.{ref} IN (SELECT k FROM y), md5(p.{ref}::text)) AS n,"
            "  count(*) OVER () AS size"
            "  FROM {parent} p WHERE {settled} AND p.{ref} IN (SELECT k FROM c))"
            " SELECT d.k AS old, g.k AS new FROM d JOIN g ON g.n = (d.n - 1) % g.size + 1"
            " WHERE d.settled OR d.must OR NOT g.paid"
        ).format(
            moves=_MOVES,
            due=ways.due(),
            key=key,
            table=table,
            ref=ref,
            parent=parent,
            settled=ways.settled("p"),
            leave=ways.leave("p"),
        )
    )
    source = sql.SQL(
        "{table} t JOIN {moves} m ON m.old = t.{key} JOIN {parent} o ON o.{ref} = m.old"
        " JOIN {parent} n ON n.{ref} = m.new"
    ).format(table=table, moves=_MOVES, key=key, parent=parent, ref=ref)
    _move_times(conn, gen, data, source, warn)
    conn.execute(
        sql.SQL("UPDATE {table} t SET {key} = m.new FROM {moves} m WHERE t.{key} = m.old").format(
            table=table, key=key, moves=_MOVES
        )
    )
    conn.execute(sql.SQL("DROP TABLE pg_temp.{}").format(_MOVES))


def _move_times(
    conn: Any, gen: TableGenerator, data: dict[str, Any], source: sql.Composable, warn: Any
) -> None:
    """The moving payments' times (`t`, from parent `o` to parent `n` in `source`) at the
    same place within the new parent's life (its anchor to its end, else the same time after
    its anchor)."""
    moves = data["moves"]
    if moves["anchor"] is None:
        return
    start = sql.Identifier(moves["anchor"])
    end = sql.Identifier(moves["end"]) if moves["end"] else start

    def at(alias: str, column: sql.Identifier) -> sql.Composable:
        return sql.SQL("{}.{}::timestamptz").format(sql.Identifier(alias), column)

    ratio = sql.SQL(
        "CASE WHEN {oe} > {os} AND {ne} > {ns}"
        " THEN extract(epoch FROM {ne} - {ns}) / extract(epoch FROM {oe} - {os}) ELSE 1 END"
    ).format(oe=at("o", end), os=at("o", start), ne=at("n", end), ns=at("n", start))
    for name in moves["times"]:
        value = sql.SQL("{ns} + ({t} - {os}) * {ratio}").format(
            ns=at("n", start), t=at("t", sql.Identifier(name)), os=at("o", start), ratio=ratio
        )
        rewrite(conn, gen, name, value, source, warn)


_SPARES = sql.Identifier("_wb_spares")


def _spare(conn: Any, gen: TableGenerator, data: dict[str, Any], ways: Ways, warn: Any) -> None:
    """A done parent owing something still unpaid once the payments for nothing have moved (the
    fan-outs drawn apart leave more of them than parents paid for nothing) takes one spare
    payment: a payment that is not its parent's first (by key), the later payments of the
    parents paid most often first, paired in a hashed order; its parent keeps its first, and
    the settlement then splits each parent's charges over what it holds. Rows are told apart
    by their primary key (a rewrite moves a row's ctid): none, no spare move."""
    pk: list[str] = data["order"]
    if not pk:
        return
    key, ref = sql.Identifier(data["key"]), sql.Identifier(data["ref"])
    table, parent = qualified_ident(gen.tp.name), qualified_ident(data["parent"])

    def column_list(alias: str) -> sql.Composable:
        return sql.SQL(", ").join(
            sql.SQL("{}.{}").format(sql.Identifier(alias), sql.Identifier(c)) for c in pk
        )

    conn.execute(sql.SQL("DROP TABLE IF EXISTS pg_temp.{}").format(_SPARES))
    conn.execute(
        sql.SQL(
            "CREATE TEMP TABLE {spares} AS"
            " WITH c AS ({due}), y AS (SELECT {cols}, t.{key} AS wb_old,"
            "  row_number() OVER (PARTITION BY t.{key} ORDER BY {cols}) AS wb_i"
            "  FROM {table} t WHERE t.{key} IS NOT NULL),"
            " s AS (SELECT y.*,"
            "  row_number() OVER (ORDER BY y.wb_i DESC, md5(row({ycols})::text)) AS wb_n"
            "  FROM y WHERE y.wb_i > 1),"
            " g AS (SELECT p.{ref} AS wb_new,"
            "  row_number() OVER (ORDER BY md5(p.{ref}::text)) AS wb_n"
            "  FROM {parent} p WHERE {settled} AND p.{ref} IN (SELECT k FROM c)"
            "  AND NOT EXISTS (SELECT 1 FROM {table} x WHERE x.{key} = p.{ref}))"
            " SELECT s.*, g.wb_new FROM s JOIN g ON g.wb_n = s.wb_n"
        ).format(
            spares=_SPARES,
            cols=column_list("t"),
            ycols=column_list("y"),
            key=key,
            table=table,
            ref=ref,
            parent=parent,
            settled=ways.settled("p"),
            due=ways.due(),
        )
    )
    same = sql.SQL(" AND ").join(sql.SQL("m.{c} = t.{c}").format(c=sql.Identifier(c)) for c in pk)
    source = sql.SQL(
        "{table} t JOIN {spares} m ON {same} JOIN {parent} o ON o.{ref} = m.wb_old"
        " JOIN {parent} n ON n.{ref} = m.wb_new"
    ).format(table=table, spares=_SPARES, same=same, parent=parent, ref=ref)
    _move_times(conn, gen, data, source, warn)
    conn.execute(
        sql.SQL("UPDATE {table} t SET {key} = m.wb_new FROM {spares} m WHERE {same}").format(
            table=table, key=key, spares=_SPARES, same=same
        )
    )
    conn.execute(sql.SQL("DROP TABLE pg_temp.{}").format(_SPARES))
