"""A bill of nothing is not paid: once every table is loaded and the bills' totals are final
(load/totals_load.py sums their lines; a bill the lines' fan-out left without a line totals
nothing), a bill whose status says it was paid, in full or in part (vocab/outcomes.bill_meaning
settled, rules/settle.partial), and whose total is nothing cannot be: there was nothing to pay.
Its payments go to the paying bills that do total something (those without a payment first, then
round in a hashed order), as do those of a bill whose status says nothing was paid (a draft, a
void one: the link rule, rules/settle.py, leaves a few there), their time moved with them (by as
much as the new bill's creation lies from the old one's), where a payment's one foreign key is
to its bill, no unique key holds it and it has a primary key to be told apart by; the bill, left
without a payment, takes the label of a bill issued and not paid yet (unpaid, outstanding,
issued: not a draft, not past due, not void), and a paid time it had is cleared. The payments'
split over each bill then follows (load/bill_load.py): a status decided after the totals,
agreeing with what its payments add up to. Any bill table and paying table of that shape; no
table is named here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from psycopg import sql

from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.load.detach import qualified_ident
from workbench.generate.load.rewrite import rewrite
from workbench.generate.rules.bill import paid_time
from workbench.generate.rules.settle import partial
from workbench.generate.vocab.outcomes import bill_meaning, lifecycle_meanings

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from workbench.generate.rows.assembler import TableGenerator

_MOVES = sql.Identifier("_wb_owed_moves")


def owed_label(labels: list[str]) -> str | None:
    """The label of a bill issued and not paid yet: an unsettled one that is neither partial
    nor past due (unpaid, outstanding), else a stage on the way that no bill word reads
    (issued, sent, open); None where the labels have neither."""
    unsettled = [lb for lb in labels if bill_meaning(lb) == "unsettled" and not partial(lb)]
    if unsettled:
        return unsettled[0]
    meanings = lifecycle_meanings(labels) or {}
    return next(
        (lb for lb in labels if meanings.get(lb) == "open" and bill_meaning(lb) is None), None
    )


def _typed(conn: Any, table: sql.Composable, column: str) -> str | None:
    row = conn.execute(
        sql.SQL(
            "SELECT format_type(a.atttypid, a.atttypmod) FROM pg_attribute a"
            " WHERE a.attrelid = {}::regclass AND a.attname = {}"
        ).format(sql.Literal(table.as_string(conn)), sql.Literal(column))
    ).fetchone()
    return None if row is None else str(row[0])


def settle_nothing_due(
    conn: Any,
    gen: TableGenerator,
    owner: TableGenerator,
    data: dict[str, Any],
    paying: list[str],
    labels: list[str],
    warn: Callable[[list[str]], None],
) -> None:
    """The bills of nothing (a paying status, a total of nothing) of `owner` lose their
    payments (table of `gen`) to bills that total something and take the owed label."""
    owed = owed_label(labels)
    if owed is None or not paying:
        return
    table, parent = qualified_ident(gen.tp.name), qualified_ident(data["parent"])
    key, ref = sql.Identifier(data["key"]), sql.Identifier(data["ref"])
    status, total = sql.Identifier(data["status"]), sql.Identifier(data["total"])
    nothing = sql.SQL(
        "SELECT p.{ref} AS k FROM {parent} p"
        " WHERE p.{status}::text = ANY({paying}) AND coalesce(p.{total}, 0) <= 0"
    ).format(ref=ref, parent=parent, status=status, paying=sql.Literal(paying), total=total)
    # a bill that pays nothing (nothing due, or a status that says nothing was paid: a
    # payment the link rule left on a draft) has its payments move
    unpaid = sql.SQL(
        "SELECT p.{ref} AS k FROM {parent} p"
        " WHERE coalesce(p.{status}::text = ANY({paying}) AND p.{total} > 0, false) IS FALSE"
    ).format(ref=ref, parent=parent, status=status, paying=sql.Literal(paying), total=total)
    if _movable(gen, data["key"]) and data["order"]:
        _move(conn, gen, owner, data, unpaid, paying, warn)
    bills = sql.SQL(
        "{parent} t JOIN ({nothing}) z ON z.k = t.{ref}"
        " WHERE NOT EXISTS (SELECT 1 FROM {table} y WHERE y.{key} = t.{ref})"
    ).format(parent=parent, nothing=nothing, ref=ref, table=table, key=key)
    # rewrite stages `FROM source WHERE ...`: the filter goes in a join, not a WHERE
    source = sql.SQL("{p} t JOIN (SELECT t.{ref} AS k FROM {bills}) b ON b.k = t.{ref}").format(
        p=parent, ref=ref, bills=bills
    )
    paid = paid_time(owner.view)
    spec = owner.view.specs.get(paid) if paid else None
    if paid is not None and spec is not None and spec.nullable:
        typed = _typed(conn, parent, paid)
        if typed is not None:
            rewrite(conn, owner, paid, sql.SQL("CAST(NULL AS {})").format(sql.SQL(typed)),
                    source, warn)  # fmt: skip
    typed = _typed(conn, parent, data["status"])
    if typed is not None:
        value = sql.SQL("CAST({} AS {})").format(sql.Literal(owed), sql.SQL(typed))
        rewrite(conn, owner, data["status"], value, source, warn)


def _movable(gen: TableGenerator, key: str) -> bool:
    """Whether a payment may move to another bill: its one foreign key is to the bill, and no
    unique key holds that key (one payment per bill: a move could repeat one)."""
    table = gen.view.table
    keys: list[Sequence[str | None]] = [u.columns for u in table.uniques]
    keys += [i.columns for i in table.indexes if i.unique]
    keys += [table.primary_key.columns] if table.primary_key else []
    return len(table.foreign_keys) == 1 and not any(key in cols for cols in keys)


def _move(
    conn: Any,
    gen: TableGenerator,
    owner: TableGenerator,
    data: dict[str, Any],
    unpaid: sql.Composable,
    paying: list[str],
    warn: Callable[[list[str]], None],
) -> None:
    """The payments of the bills that pay nothing to the paying bills that total something: those
    without a payment first, then round again, in a hashed order; their time moved by as much
    as the new bill's creation lies from the old one's."""
    pk: list[str] = data["order"]
    table, parent = qualified_ident(gen.tp.name), qualified_ident(data["parent"])
    key, ref = sql.Identifier(data["key"]), sql.Identifier(data["ref"])

    def cols(alias: str) -> sql.Composable:
        return sql.SQL(", ").join(
            sql.SQL("{}.{}").format(sql.Identifier(alias), sql.Identifier(c)) for c in pk
        )

    conn.execute(sql.SQL("DROP TABLE IF EXISTS pg_temp.{}").format(_MOVES))
    moves = sql.SQL(
        "CREATE TEMP TABLE {moves} AS"
        " WITH y AS (SELECT {tcols}, t.{key} AS wb_old,"
        "  row_number() OVER (ORDER BY md5(row({tcols})::text)) AS wb_n"
        "  FROM {table} t WHERE t.{key} IN ({unpaid})),"
        " g AS (SELECT p.{ref} AS wb_new, count(*) OVER () AS wb_m,"
        "  row_number() OVER (ORDER BY EXISTS (SELECT 1 FROM {table} x"
        "   WHERE x.{key} = p.{ref}), md5(p.{ref}::text)) AS wb_n"
        "  FROM {parent} p WHERE p.{status}::text = ANY({paying}) AND p.{total} > 0)"
        " SELECT y.*, g.wb_new FROM y JOIN g ON g.wb_n = (y.wb_n - 1) % g.wb_m + 1"
    ).format(
        moves=_MOVES, tcols=cols("t"), key=key, table=table, unpaid=unpaid, ref=ref,
        parent=parent, status=sql.Identifier(data["status"]), paying=sql.Literal(paying),
        total=sql.Identifier(data["total"]),
    )  # fmt: skip
    conn.execute(moves)
    same = sql.SQL(" AND ").join(sql.SQL("m.{c} = t.{c}").format(c=sql.Identifier(c)) for c in pk)
    at = data.get("time")
    born = anchor_of(owner.view.schema, owner.view.table, owner.view.config)
    if at and born and at in gen.view.specs:
        source = sql.SQL(
            "{table} t JOIN {moves} m ON {same} JOIN {parent} o ON o.{ref} = m.wb_old"
            " JOIN {parent} n ON n.{ref} = m.wb_new"
        ).format(table=table, moves=_MOVES, same=same, parent=parent, ref=ref)
        value = sql.SQL(
            "CASE WHEN o.{b} IS NULL OR n.{b} IS NULL THEN t.{at}"
            " ELSE t.{at} + (n.{b}::timestamptz - o.{b}::timestamptz) END"
        ).format(b=sql.Identifier(born), at=sql.Identifier(at))
        if gen.view.specs[at].kind == "date":
            value = sql.SQL("CAST({} AS date)").format(value)
        rewrite(conn, gen, at, value, source, warn)
    conn.execute(
        sql.SQL("UPDATE {table} t SET {key} = m.wb_new FROM {moves} m WHERE {same}").format(
            table=table, key=key, moves=_MOVES, same=same
        )
    )
    conn.execute(sql.SQL("DROP TABLE pg_temp.{}").format(_MOVES))
