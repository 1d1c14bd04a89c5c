"""A done parent's payments were made when its service ended (rules/settlement.py): a visit
paid at the desk once its last service is over (`ends_at`), a repair once it was finished
(`finished_at`): its payments a few minutes after that end, one after the other in their
order, never after the run's clock. An end that closes the parent's account (`closed_at`,
`checked_out_at`) is when it was paid by: those payments keep their place within its life
(load/settle_load.py moved them there)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from psycopg import sql

from workbench.generate.load.detach import qualified_ident
from workbench.generate.load.rewrite import rewrite

if TYPE_CHECKING:
    from collections.abc import Callable

    from workbench.generate.rows.assembler import TableGenerator


def paid_after_end(
    conn: Any,
    gen: TableGenerator,
    data: dict[str, Any],
    settled: sql.Composable,
    now: str,
    warn: Callable[[list[str]], None],
) -> None:
    """Each payment of a parent `settled` (its SQL over alias `p`) a few minutes after the
    parent's service end: 1-16 minutes (by the parent's key), then 2 more per payment before
    it, at most the run's clock `now`."""
    at, end = data.get("time"), data.get("end")
    if at is None or end is None or data.get("closes"):
        return
    spec = gen.view.specs.get(at)
    if spec is None:
        return
    key, ref = sql.Identifier(data["key"]), sql.Identifier(data["ref"])
    columns = [sql.SQL("x.{}").format(sql.Identifier(c)) for c in data["order"]]
    order = sql.SQL(", ").join([sql.SQL("x.{}").format(sql.Identifier(at)), *columns])
    source = sql.SQL(
        "{table} t JOIN {parent} p ON p.{ref} = t.{key}"
        " JOIN (SELECT x.tableoid AS toid, x.ctid AS rid,"
        "  row_number() OVER (PARTITION BY x.{key} ORDER BY {order}) AS n FROM {table} x) r"
        " ON r.toid = t.tableoid AND r.rid = t.ctid"
    ).format(
        table=qualified_ident(gen.tp.name), parent=qualified_ident(data["parent"]), ref=ref,
        key=key, order=order,
    )  # fmt: skip
    moment = sql.SQL(
        "least({now}::timestamptz, p.{end}::timestamptz + interval '1 minute'"
        " * (1 + (hashtext(p.{ref}::text) & 15) + 2 * (r.n - 1)))"
    ).format(now=sql.Literal(now), end=sql.Identifier(end), ref=ref)
    if spec.kind == "date":
        moment = sql.SQL("({})::date").format(moment)
    value = sql.SQL(
        "CASE WHEN {settled} AND p.{end} IS NOT NULL THEN {moment} ELSE t.{at} END"
    ).format(settled=settled, end=sql.Identifier(end), moment=moment, at=sql.Identifier(at))
    rewrite(conn, gen, at, value, source, warn)
