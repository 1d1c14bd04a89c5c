"""A ledger whose rows' kind says which way each goes (rules/running.py: `earn` and `top_up`
put in, `redeem`, `expire` and `fare` take out), under a parent that holds the whole books
(its balance as it stands, from zero): the steps before the running balances are summed, and
the parent's sums over its life after.

- The kinds are drawn row by row, so a parent's books could take out what they do not hold.
  As the draws without a kind do (running_load._signs), only a parent's even rows take out,
  at most what the row before put in: an odd row drawn as taking out becomes the first kind
  that puts in (its amount made positive where the amount carries a sign). The books then
  never go below zero, start at zero, and nothing taken out is more than the balance before.
  A label that says neither way (`adjust`, `correction`) stays on about one row in 25, the
  exception it is, where the amount's sign says the way; the others, and all of them where
  the amount is kept positive (nothing would tell which way it went), take the first label
  of their row's way.
- The amount a row moves the books by: the amount itself where it carries its sign, else
  (an amount its CHECK keeps positive, `points > 0`) negated where the kind takes out.
- The parent's lifetime sums (`lifetime_points`, `total_loaded`, `lifetime_spend`) are what
  came in, or what went out, over all of its rows: never below its balance."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from psycopg import sql

from workbench.generate.load.detach import qualified_ident
from workbench.generate.load.rewrite import rewrite

if TYPE_CHECKING:
    from collections.abc import Callable

    from workbench.generate.rows.assembler import TableGenerator


# one in this many rows keeps a label that says neither way (`adjust`, `correction`)
_KEEP = 25


def _labels(data: dict[str, Any], sign: float) -> sql.Composable:
    labels = [label for label, s in data["signs"]["signs"].items() if s == sign]
    return sql.SQL(", ").join(sql.Literal(label) for label in labels)


def _is(data: dict[str, Any], sign: float, alias: str = "t") -> sql.Composable:
    """The row's kind is one that moves the books this way."""
    return sql.SQL("{}.{}::text IN ({})").format(
        sql.Identifier(alias), sql.Identifier(data["signs"]["column"]), _labels(data, sign)
    )


def signed_amount(data: dict[str, Any]) -> sql.Composable:
    """What a row `t` moves its books by (0 where the amount is NULL)."""
    amount = sql.SQL("coalesce(t.{}, 0)").format(sql.Identifier(data["amount"]))
    if data.get("signs") is None or not data.get("unsigned"):
        return amount
    return sql.SQL("(CASE WHEN {} THEN -{} ELSE {} END)").format(_is(data, -1.0), amount, amount)


def held_books(data: dict[str, Any]) -> bool:
    """Books the kinds sign and that open at zero (a parent holding its balance)."""
    return data.get("signs") is not None and (
        data.get("current") is not None or bool(data.get("zero"))
    )


def pair_kinds(
    conn: Any,
    gen: TableGenerator,
    data: dict[str, Any],
    frame: sql.Composable,
    order: sql.Composable,
    warn: Callable[[list[str]], None],
) -> None:
    """Only a parent's even rows take out, at most what the row before put in."""
    key, amount = sql.Identifier(data["key"]), sql.Identifier(data["amount"])
    signs = data["signs"]["signs"]
    into = next(label for label, s in signs.items() if s > 0)
    outof = next(label for label, s in signs.items() if s < 0)
    out = _is(data, -1.0)
    way = out if data.get("unsigned") else sql.SQL("({} OR t.{} < 0)").format(out, amount)
    # (an amount kept positive says nothing itself: its label must say the way)
    kept: sql.Composable = sql.SQL("false")
    if not data.get("unsigned"):
        kept = sql.SQL("hashtext(t.{}::text || ':' || (row_number() OVER w)::text) % {} = 0")
        kept = kept.format(key, sql.Literal(_KEEP))
    steps = sql.SQL(
        "SELECT t.tableoid AS toid, t.ctid AS rid, {way} AS takes, abs(t.{amount}) AS a,"
        " abs(lag(t.{amount}) OVER w) AS prev, row_number() OVER w AS n,"
        " {kept} AS kept FROM {frame} WHERE t.{key} IS NOT NULL"
        " WINDOW w AS (PARTITION BY t.{key} ORDER BY {order})"
    ).format(way=way, amount=amount, kept=kept, frame=frame, key=key, order=order)
    source = sql.SQL("{} t JOIN ({}) r ON r.toid = t.tableoid AND r.rid = t.ctid").format(
        qualified_ident(gen.tp.name), steps
    )
    kind = sql.Identifier(data["signs"]["column"])
    # (a label that says neither way, `adjust`, `correction`, is the rare exception it is)
    either = sql.SQL("NOT ({} OR {})").format(_is(data, 1.0), out)
    value = sql.SQL(
        "CASE WHEN r.n % 2 = 1 AND r.takes THEN {into}"
        " WHEN {either} AND NOT r.kept AND r.takes THEN {outof}"
        " WHEN {either} AND NOT r.kept THEN {into} ELSE t.{kind} END"
    ).format(into=sql.Literal(into), either=either, outof=sql.Literal(outof), kind=kind)
    rewrite(conn, gen, data["signs"]["column"], value, source, warn)
    taken = sql.SQL("least(r.a, coalesce(r.prev, 0))")
    if data.get("unsigned"):
        value = sql.SQL("CASE WHEN r.n % 2 = 0 AND r.takes THEN {} ELSE t.{} END").format(
            taken, amount
        )
    else:
        value = sql.SQL(
            "CASE WHEN r.takes AND r.n % 2 = 0 THEN -{} WHEN r.takes THEN r.a ELSE t.{} END"
        ).format(taken, amount)
    rewrite(conn, gen, data["amount"], value, source, warn)


def write_lifetimes(
    conn: Any,
    gen: TableGenerator,
    owner: TableGenerator,
    data: dict[str, Any],
    frame: sql.Composable,
    warn: Callable[[list[str]], None],
) -> None:
    """Each lifetime sum of the parent: what its rows put in, or took out (0 without rows)."""
    key = sql.Identifier(data["key"])
    moved = signed_amount(data)
    for column, way in data.get("lifetimes") or []:
        part = sql.SQL("greatest({}, 0)" if way == "in" else "greatest(-{}, 0)").format(moved)
        sums = sql.SQL(
            "SELECT t.{key} AS k, sum({part}) AS total FROM {frame}"
            " WHERE t.{key} IS NOT NULL GROUP BY t.{key}"
        ).format(key=key, part=part, frame=frame)
        source = sql.SQL("{} t LEFT JOIN ({}) l ON l.k = t.{}").format(
            qualified_ident(data["parent"]), sums, sql.Identifier(data["ref"])
        )
        rewrite(conn, owner, column, sql.SQL("coalesce(l.total, 0)"), source, warn)


def word_kinds(
    conn: Any, gen: TableGenerator, data: dict[str, Any], warn: Callable[[list[str]], None]
) -> None:
    """A free-text kind column says which way its row went: the word of putting in, or of
    taking out where the signed amount is below zero."""
    worded = data["worded"]
    value = sql.SQL("CASE WHEN t.{} < 0 THEN {} ELSE {} END").format(
        sql.Identifier(data["amount"]), sql.Literal(worded["out"]), sql.Literal(worded["in"])
    )
    source = sql.SQL("{} t").format(qualified_ident(gen.tp.name))
    rewrite(conn, gen, worded["column"], value, source, warn)
