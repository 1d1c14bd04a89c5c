"""The running balances' post-pass (rules/running.py): once a table is loaded, each balance
after a row is its parent's opening balance plus the window sum of the amounts up to the row,
in the parent's time order; one window per table, staged and CHECKed as the totals are
(totals_load.rewrite: a row whose balance a CHECK rejects keeps its drawn value).

The opening is the one the parent states. A parent that carries its balance as it stands
(`points_balance`, `quantity_on_hand`) holds all of its books: they open at zero (raised only
where they would go below it) and the last balance is written back to it, 0 for a parent
without rows. Else the opening is the first row's drawn balance less its amount, raised where
the parent's books would otherwise go below zero (most accounts stay in credit). A sum to
date (`ytd_gross`) opens at zero at each period's start.

Where no type column says which way a row goes, the amounts are signed here: about half of
every second row of a parent's books takes out (a redemption, an issue from stock) at most
what the row before put in, so the books never go below zero."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from psycopg import sql

from workbench.generate.load.allowance_load import hold_allowance
from workbench.generate.load.books_load import (
    held_books,
    pair_kinds,
    signed_amount,
    word_kinds,
    write_lifetimes,
)
from workbench.generate.load.detach import qualified_ident
from workbench.generate.load.rewrite import rewrite
from workbench.generate.load.totals_load import post_pass
from workbench.generate.vocab.countries import TAX_YEAR_STARTS

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
        conn,
        plan,
        generators,
        "running_balance",
        lambda gen, rule: _running(conn, gen, rule, generators, warn),
    )


def _order(data: dict[str, Any], desc: bool = False) -> sql.Composable:
    """The owner's rows in time order: the occasion's time first where the row happens in
    one (`v`: a payslip's pay run), then the row's own order columns."""
    way = sql.SQL(" DESC" if desc else "")
    first = [sql.SQL("v.{}").format(sql.Identifier(data["via"]["time"]))] if data.get("via") else []
    rest = [sql.SQL("t.{}").format(sql.Identifier(c)) for c in data["order"]]
    return sql.SQL(", ").join(sql.SQL("{}{}").format(c, way) for c in first + rest)


def _frame(gen: TableGenerator, data: dict[str, Any]) -> sql.Composable:
    """The table `t`, with the occasion it happens in (`v`) and the hops to its country
    (`c0`, `c1`) where the rule reads them."""
    frame = sql.SQL("{} t").format(qualified_ident(gen.tp.name))
    via = data.get("via")
    if via:
        frame = sql.SQL("{} LEFT JOIN {} v ON v.{} = t.{}").format(
            frame, qualified_ident(via["parent"]), sql.Identifier(via["ref"]),
            sql.Identifier(via["key"]),
        )  # fmt: skip
    country = data.get("country")
    for at, (key, table, ref) in enumerate(country["hops"] if country else []):
        frame = sql.SQL("{} LEFT JOIN {} {} ON {}.{} = {}.{}").format(
            frame, qualified_ident(table), sql.Identifier(f"c{at}"), sql.Identifier(f"c{at}"),
            sql.Identifier(ref), sql.Identifier(f"c{at - 1}" if at else "t"), sql.Identifier(key),
        )  # fmt: skip
    return frame


def _period(gen: TableGenerator, data: dict[str, Any]) -> sql.Composable | None:
    """The start of the period a sum to date restarts at, per row: its tax year where the
    row's country starts one elsewhere than on 1 January, else the calendar period."""
    period = data.get("period")
    via = data.get("via")
    if via:
        time = sql.SQL("v.{}").format(sql.Identifier(via["time"]))
    elif data["order"] and gen.view.specs[data["order"][0]].kind in ("timestamp", "date"):
        time = sql.SQL("t.{}").format(sql.Identifier(data["order"][0]))
    else:
        return None
    if period in (None, "life"):
        return None
    plain = sql.SQL("date_trunc({}, {})::date").format(sql.Literal(period), time)
    country = data.get("country")
    if period != "year" or not country:
        return plain
    where = sql.SQL("{}.{}::text").format(
        sql.Identifier(f"c{len(country['hops']) - 1}"), sql.Identifier(country["column"])
    )
    month = sql.SQL("CASE {} {} END").format(
        where, sql.SQL(" ").join(sql.SQL("WHEN {} THEN {}").format(sql.Literal(cc), sql.Literal(m))
                                 for cc, (m, _) in TAX_YEAR_STARTS.items()),
    )  # fmt: skip
    day = sql.SQL("CASE {} {} END").format(
        where, sql.SQL(" ").join(sql.SQL("WHEN {} THEN {}").format(sql.Literal(cc), sql.Literal(d))
                                 for cc, (_, d) in TAX_YEAR_STARTS.items()),
    )  # fmt: skip
    year = sql.SQL("extract(year FROM {})::int").format(time)
    start = sql.SQL("make_date({y}, {m}, {d})").format(y=year, m=month, d=day)
    return sql.SQL(
        "CASE WHEN {m} IS NULL THEN {plain} WHEN {t}::date >= {start} THEN {start}"
        " ELSE make_date({y} - 1, {m}, {d}) END"
    ).format(m=month, plain=plain, t=time, start=start, y=year, d=day)


def _signs(conn: Any, gen: TableGenerator, data: dict[str, Any], warn: Any) -> None:
    """Some rows take out: a parent's even rows, about half of them, by at most what the row
    before put in (deterministic: a hash of the parent and the row's place)."""
    amount, key = sql.Identifier(data["amount"]), sql.Identifier(data["key"])
    steps = sql.SQL(
        "SELECT t.tableoid AS toid, t.ctid AS rid, t.{key} AS k, t.{amount} AS a,"
        " lag(t.{amount}) OVER w AS prev, row_number() OVER w AS n FROM {frame}"
        " WHERE t.{key} IS NOT NULL WINDOW w AS (PARTITION BY t.{key} ORDER BY {order})"
    ).format(key=key, amount=amount, frame=_frame(gen, data), order=_order(data))
    value = sql.SQL(
        "CASE WHEN r.n % 2 = 0 AND r.a > 0 AND r.prev > 0"
        " AND hashtext(r.k::text || ':' || r.n::text) % 2 = 0"
        " THEN -least(r.a, r.prev) ELSE t.{} END"
    ).format(amount)
    source = sql.SQL("{} t JOIN ({}) r ON r.toid = t.tableoid AND r.rid = t.ctid").format(
        qualified_ident(gen.tp.name), steps
    )
    rewrite(conn, gen, data["amount"], value, source, warn)


def _running(
    conn: Any,
    gen: TableGenerator,
    rule: Rule,
    generators: dict[str, TableGenerator],
    warn: Callable[[list[str]], None],
) -> None:
    after = sql.Identifier(rule.columns[0])
    data = rule.data
    if data.get("draw"):
        _signs(conn, gen, data, warn)
    if data.get("worded"):
        word_kinds(conn, gen, data, warn)
    if data.get("allowance"):
        hold_allowance(conn, gen, data, _frame(gen, data), _order(data), warn)
    if held_books(data):
        pair_kinds(conn, gen, data, _frame(gen, data), _order(data), warn)
    amount = signed_amount(data)
    key = sql.Identifier(data["key"])
    part: sql.Composable = sql.SQL("t.{}").format(key)
    period = data.get("period")
    start = _period(gen, data)
    if start is not None:
        part = sql.SQL("t.{}, {}").format(key, start)
    window = sql.SQL(
        "(PARTITION BY {part} ORDER BY {order} ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)"
    ).format(part=part, order=_order(data))
    parent: sql.Composable = sql.SQL("")
    stated: sql.Composable = sql.SQL("0")
    if period is not None:
        opening: sql.Composable = sql.SQL("0")  # a sum to date starts at zero
    elif data["opening"] is not None:
        parent = sql.SQL(" LEFT JOIN {} p ON p.{} = t.{}").format(
            qualified_ident(data["parent"]), sql.Identifier(data["ref"]), key
        )
        opening = sql.SQL("max(s.open0) OVER w")
        stated = sql.SQL("coalesce(p.{}, 0)").format(sql.Identifier(data["opening"]))
    elif data.get("current") is not None or data.get("zero"):
        # the parent's whole books, or a count whose parent's life lies in the data
        # (rules/allowance.py): from zero, raised only where they would go below it
        opening = sql.SQL("greatest(-min(s.cum) OVER w, 0)")
    else:
        # no opening stated: the first row's drawn balance less its amount, raised where
        # the books would go below zero (an account in credit, as most are)
        opening = sql.SQL("greatest(max(s.open0) OVER w, -min(s.cum) OVER w, 0)")
        stated = sql.SQL("coalesce(first_value(t.{} - {}) OVER {}, 0)").format(
            after, amount, window
        )
    sums = sql.SQL(
        "SELECT t.tableoid AS toid, t.ctid AS rid, t.{key} AS k,"
        " sum({amount}) OVER {window} AS cum, {stated} AS open0"
        " FROM {frame}{parent} WHERE t.{key} IS NOT NULL"
    ).format(
        key=key, amount=amount, window=window, stated=stated, frame=_frame(gen, data),
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
    owner = generators.get(data["parent"])
    # a parent the schema's file fills keeps its own rows as they are
    if data.get("current") is not None and owner is not None and not owner.tp.file_rows:
        _write_back(conn, gen, owner, rule, warn)
        write_lifetimes(conn, gen, owner, data, _frame(gen, data), warn)


def _write_back(
    conn: Any,
    gen: TableGenerator,
    owner: TableGenerator,
    rule: Rule,
    warn: Callable[[list[str]], None],
) -> None:
    """The parent's balance as it stands: its last balance after, 0 without rows."""
    data = rule.data
    key = sql.Identifier(data["key"])
    last = sql.SQL(
        "SELECT DISTINCT ON (t.{key}) t.{key} AS k, t.{after} AS lastv FROM {frame}"
        " WHERE t.{key} IS NOT NULL ORDER BY t.{key}, {desc}"
    ).format(
        key=key, after=sql.Identifier(rule.columns[0]), frame=_frame(gen, data),
        desc=_order(data, desc=True),
    )  # fmt: skip
    source = sql.SQL("{} t LEFT JOIN ({}) l ON l.k = t.{}").format(
        qualified_ident(data["parent"]), last, sql.Identifier(data["ref"])
    )
    rewrite(conn, owner, data["current"], sql.SQL("coalesce(l.lastv, 0)"), source, warn)
