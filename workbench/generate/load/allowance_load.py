"""A usage counter's steps held inside the allowance (rules/allowance.py): once a table is
loaded, a parent whose drawn steps add up to more than its allowance has them scaled to a
share of it (between 35 % and all of it, by the parent key's hash), each step at least one
unit where the steps are whole; a parent whose steps fit keeps them. The running count is
then summed from zero over the scaled steps (load/running_load.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from psycopg import sql

from workbench.generate.load.detach import qualified_ident
from workbench.generate.load.rewrite import rewrite

if TYPE_CHECKING:
    from collections.abc import Callable

    from workbench.generate.rows.assembler import TableGenerator


def _capped(frame: sql.Composable, data: dict[str, Any]) -> sql.Composable:
    """The table's frame (`t` and what its order reads) with the hops to its allowance
    (`a0`, `a1`)."""
    cap = data["allowance"]
    for at, (key, table, ref) in enumerate(cap["hops"]):
        frame = sql.SQL("{} LEFT JOIN {} {} ON {}.{} = {}.{}").format(
            frame, qualified_ident(table), sql.Identifier(f"a{at}"), sql.Identifier(f"a{at}"),
            sql.Identifier(ref), sql.Identifier(f"a{at - 1}" if at else "t"), sql.Identifier(key),
        )  # fmt: skip
    return frame


def hold_allowance(
    conn: Any,
    gen: TableGenerator,
    data: dict[str, Any],
    frame: sql.Composable,
    order: sql.Composable,
    warn: Callable[[list[str]], None],
) -> None:
    """Each parent's steps inside its allowance, in the parent's time order (`order`, over
    the table `t`): whole steps by their running target, so each adds at least one and the
    last reaches at most the share (or one per row where the rows outnumber it)."""
    cap = data["allowance"]
    if not cap:
        return
    amount, key = sql.Identifier(data["amount"]), sql.Identifier(data["key"])
    allowed = sql.SQL("{}.{}").format(
        sql.Identifier(f"a{len(cap['hops']) - 1}"), sql.Identifier(cap["column"])
    )
    step = sql.SQL("greatest(coalesce(t.{}, 0), 0)").format(amount)
    steps = sql.SQL(
        "SELECT t.tableoid AS toid, t.ctid AS rid, {step} AS a,"
        " sum({step}) OVER (PARTITION BY t.{key}) AS tot,"
        " sum({step}) OVER w AS upto, row_number() OVER w AS n,"
        " count(*) OVER (PARTITION BY t.{key}) AS rows,"
        " {allowed} * (0.35 + 0.65 * ((hashtext(t.{key}::text) & 1023) / 1023.0)) AS share,"
        " {allowed} AS cap FROM {frame} WHERE t.{key} IS NOT NULL"
        " WINDOW w AS (PARTITION BY t.{key} ORDER BY {order}"
        " ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)"
    ).format(step=step, key=key, allowed=allowed, frame=_capped(frame, data), order=order)
    whole = gen.view.specs[data["amount"]].kind == "int"
    # the running target after the row: one per row so far, plus the share's rest spread
    # by the drawn steps; the step is its rise over the row before
    spread = "floor(greatest(floor(r.share) - r.rows, 0) * {} / r.tot)"
    scaled = (
        sql.SQL("1 + " + spread.format("r.upto") + " - " + spread.format("(r.upto - r.a)"))
        if whole
        else sql.SQL("r.share * r.a / r.tot")
    )
    value = sql.SQL(
        "CASE WHEN r.cap IS NULL OR r.cap <= 0 OR r.tot <= r.cap THEN t.{amount} ELSE {scaled} END"
    ).format(amount=amount, scaled=scaled)
    source = sql.SQL("{} t JOIN ({}) r ON r.toid = t.tableoid AND r.rid = t.ctid").format(
        qualified_ident(gen.tp.name), steps
    )
    rewrite(conn, gen, data["amount"], value, source, warn)
