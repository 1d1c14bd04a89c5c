"""The running balances' post-pass (rules/running.py): once a table is loaded, each balance
after a row is its parent's opening balance plus the window sum of the amounts up to the row,
in the parent's time order; one window per table, staged and CHECKed as the totals are
(totals_load.rewrite: a row whose balance a CHECK rejects keeps its drawn value).

The opening is the one the parent states; else the first row's drawn balance less its amount,
raised where the parent's books would otherwise go below zero (most accounts stay in
credit)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from psycopg import sql

from workbench.generate.load.detach import qualified_ident
from workbench.generate.load.totals_load import post_pass, rewrite

if TYPE_CHECKING:
    from collections.abc import Callable

    from workbench.generate.plan.tables import Plan
    from workbench.generate.rows.assembler import TableGenerator
    from workbench.generate.rules.base import Rule


def apply_running(
    conn: Any,
    plan: Plan,
    generators: dict[str, TableGenerator],
    warn: Callable[[list[str]], None],
) -> None:
    """Every running balance of the plan's loaded tables, in one transaction."""
    post_pass(
        conn, plan, generators, "running_balance", lambda gen, rule: _running(conn, gen, rule, warn)
    )


def _running(conn: Any, gen: TableGenerator, rule: Rule, warn: Callable[[list[str]], None]) -> None:
    after = sql.Identifier(rule.columns[0])
    data = rule.data
    amount = sql.SQL("coalesce(t.{}, 0)").format(sql.Identifier(data["amount"]))
    key = sql.Identifier(data["key"])
    order = sql.SQL(", ").join(sql.SQL("t.{}").format(sql.Identifier(c)) for c in data["order"])
    window = sql.SQL(
        "(PARTITION BY t.{key} ORDER BY {order} ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)"
    ).format(key=key, order=order)
    parent: sql.Composable = sql.SQL("")
    # no opening stated: the first row's drawn balance less its amount, raised where the
    # books would go below zero (an account in credit, as most are)
    opening: sql.Composable = sql.SQL("greatest(max(s.open0) OVER w, -min(s.cum) OVER w, 0)")
    if data["opening"] is not None:
        parent = sql.SQL(" LEFT JOIN {} p ON p.{} = t.{}").format(
            qualified_ident(data["parent"]), sql.Identifier(data["ref"]), key
        )
        opening = sql.SQL("max(s.open0) OVER w")
        stated = sql.SQL("coalesce(p.{}, 0)").format(sql.Identifier(data["opening"]))
    else:
        stated = sql.SQL("coalesce(first_value(t.{} - {}) OVER {}, 0)").format(
            after, amount, window
        )
    sums = sql.SQL(
        "SELECT t.tableoid AS toid, t.ctid AS rid, t.{key} AS k,"
        " sum({amount}) OVER {window} AS cum, {stated} AS open0"
        " FROM {table} t{parent} WHERE t.{key} IS NOT NULL"
    ).format(
        key=key, amount=amount, window=window, stated=stated, table=qualified_ident(gen.tp.name),
        parent=parent,
    )  # fmt: skip
    runs = sql.SQL(
        "SELECT s.toid, s.rid, {opening} + s.cum AS run FROM ({sums}) s"
        " WINDOW w AS (PARTITION BY s.k)"
    ).format(opening=opening, sums=sums)
    source = sql.SQL("{} t JOIN ({}) r ON r.toid = t.tableoid AND r.rid = t.ctid").format(
        qualified_ident(gen.tp.name), runs
    )
    rewrite(conn, gen, rule.columns[0], sql.SQL("r.run"), source, warn)
    if data["before"] is not None:
        value = sql.SQL("t.{} - {}").format(after, amount)
        rewrite(
            conn,
            gen,
            data["before"],
            value,
            sql.SQL("{} t").format(qualified_ident(gen.tp.name)),
            warn,
        )
