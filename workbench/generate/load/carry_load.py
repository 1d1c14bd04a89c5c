"""The children carried along when a pass after loading moves a key: a subcontract given to
another subcontractor (load/credentials_load.py: its party to a holder of the credentials)
takes its timesheets with it, each to a worker of the new subcontractor, so that the keys a
child row drew to meet along every path (kinds/every_path.py: the timesheet's worker's
subcontractor is its subcontract's) still meet.

Which keys a pass may move is read from its planned rules (`MOVERS`: the credentials' uses,
the certificates' thing). For each child table whose two keys reach one table and one of the
ways runs through a moved key (one hop each side), the rows whose ends now differ:
  1. the other key is picked again among its parent's rows that reach the moved key's new
     end (a worker of the subcontract's new subcontractor), one employed at the row's time
     first where the parent has a window (kinds/windows.window_of) and the row an anchor
     time (kinds/anchors.anchor_of); that key may meet no other key of the row;
  2. where none reaches it, the moved key is NULL where it may be;
  3. else the row keeps its keys (counted in a warning).
One set-based UPDATE per way, in a savepoint: a row a UNIQUE or CHECK refuses leaves the table
as it was, with a warning."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np
from psycopg import sql

from workbench.generate.base.tables import unique_sets
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.every_path import shared_ends
from workbench.generate.kinds.windows import window_of
from workbench.generate.load.detach import qualified_ident
from workbench.generate.load.staged import update_staged

if TYPE_CHECKING:
    from workbench.config.file import Config
    from workbench.generate.plan.tables import Plan
    from workbench.generate.rows.assembler import TableGenerator
    from workbench.generate.rules.base import Rule
    from workbench.schema.model import Schema

_STAGE = sql.Identifier("wb_carry_stage")
# the keys each pass after loading may move, read from its planned rule
MOVERS: dict[str, Callable[[str, Rule], list[tuple[str, str]]]] = {
    "credentials": lambda table, rule: [(str(u[0]), str(u[1])) for u in rule.data["uses"]],
    "certified": lambda table, rule: [
        (table, str(c)) for c in [rule.data["thing"], *rule.data.get("scopes", [])]
    ],
}


def moved_keys(plan: Plan, generators: dict[str, TableGenerator]) -> set[tuple[str, str]]:
    """(table, column) of every key a pass after loading may move."""
    out: set[tuple[str, str]] = set()
    for tp in plan.tables:
        gen = generators.get(tp.name)
        for rule in gen.rules if gen is not None else []:
            mover = MOVERS.get(rule.kind)
            if mover is not None:
                out |= set(mover(tp.name, rule))
    return out


def carry_children(
    conn: Any,
    plan: Plan,
    generators: dict[str, TableGenerator],
    warn: Callable[[list[str]], None],
) -> None:
    """The child rows of every moved key follow it (see the module's text)."""
    moved = moved_keys(plan, generators)
    if not moved or not generators:
        return
    view = next(iter(generators.values())).view
    schema, config = view.schema, view.config
    for tp in plan.tables:
        table = schema.tables.get(tp.name)
        if table is None or tp.name not in generators:
            continue
        shared = shared_ends(schema, table)
        for each in shared:
            for side in (0, 1):
                way = (each.way_a, each.way_b)[side]
                other_way = (each.way_b, each.way_a)[side]
                if len(way) != 1 or way[0] not in moved or len(other_way) > 1:
                    continue
                key, other = (each.a, each.b)[side], (each.b, each.a)[side]
                if "," in key + other:
                    continue  # a key of many columns (an order line's) is not carried
                if sum(other in (s.a, s.b) for s in shared) > 1:
                    continue  # the other key meets another key too: it stays
                timed = _time(schema, config, tp.name, other_way)
                _carry(conn, schema, tp.name, (key, way), (other, other_way), timed, warn)


def _carry(conn: Any, schema: Schema, name: str, moved: tuple[str, Any],
           other: tuple[str, Any], timed: tuple[str, tuple[str, str] | None],
           warn: Callable[[list[str]], None]) -> None:  # fmt: skip
    table = schema.tables[name]
    key, ((t_name, t_col),) = moved
    col, o_way = other
    fk_key = next(fk for fk in table.foreign_keys if list(fk.columns) == [key])
    fk_other = next(fk for fk in table.foreign_keys if list(fk.columns) == [col])
    ident = sql.Identifier
    uniques = [u for u in unique_sets(table) if col in u]
    rest = [c for u in uniques for c in u if c != col]
    joins = sql.SQL("JOIN {tt} t ON t.{tk} = c.{k}").format(
        tt=qualified_ident(t_name), tk=ident(fk_key.ref_columns[0]), k=ident(key)
    )
    have: sql.Composable = sql.SQL("c.{}").format(ident(col))
    if o_way:  # the other key reaches the end through its parent's key
        have = sql.SQL("g.{}").format(ident(o_way[0][1]))
        joins = sql.SQL("{} JOIN {gt} g ON g.{gk} = c.{o}").format(
            joins, gt=qualified_ident(o_way[0][0]), gk=ident(fk_other.ref_columns[0]), o=ident(col)
        )
    anchor, window = timed
    at = sql.SQL("c.{}").format(ident(anchor)) if anchor else sql.SQL("NULL")
    extra = sql.SQL("").join(sql.SQL(", c.{}").format(ident(c)) for c in rest)
    query = sql.SQL(
        "SELECT c.tableoid, c.ctid::text, t.{tc}, c.{o}, {at}{extra} FROM {c} c {joins} "
        "WHERE t.{tc} IS NOT NULL AND {have} IS DISTINCT FROM t.{tc}"
    ).format(tc=ident(t_col), o=ident(col), at=at, extra=extra, c=qualified_ident(name),
             joins=joins, have=have)  # fmt: skip
    bad = conn.execute(query).fetchall()
    if not bad:
        return
    options = _options(conn, fk_other.ref_columns[0], o_way, sorted({r[2] for r in bad}), window)
    taken = _taken(conn, name, uniques)
    rng = np.random.default_rng([len(bad), len(options)])
    repicked: list[tuple[Any, ...]] = []
    emptied: list[tuple[Any, ...]] = []
    for row in bad:
        values = dict(zip(rest, row[5:], strict=True))
        was = [tuple(row[3] if c == col else values[c] for c in u) for u in uniques]
        found = None
        for got in _ranked(options.get(row[2], []), row[4], rng):
            now = [tuple(got if c == col else values[c] for c in u) for u in uniques]
            if not any(k in taken[n] for n, k in enumerate(now)):
                found = got
                for n, k in enumerate(now):
                    taken[n].discard(was[n])
                    taken[n].add(k)
                break
        (repicked if found is not None else emptied).append((row[0], row[1], found))
    kept = f"{name}: rows kept under the {key} a pass moved"
    if repicked:
        picked = sql.SQL("t.{} AS v").format(ident(col))
        sets = [sql.SQL("{} = s.v").format(ident(col))]
        update_staged(conn, name, _STAGE, picked, ("v",), repicked, sets, kept, warn)
    if emptied and any(c.nullable for c in table.columns if c.name == key):
        picked = sql.SQL("t.{} AS v").format(ident(key))
        sets = [sql.SQL("{} = NULL").format(ident(key))]
        update_staged(conn, name, _STAGE, picked, ("v",), emptied, sets, kept, warn)
    elif emptied:
        warn([f"{name}: {len(emptied):,} row(s) kept under the {key} a pass moved"])


def _options(conn: Any, ref: str, o_way: Any, wants: list[Any],
             window: tuple[str, str] | None) -> dict[Any, list[tuple[Any, Any, Any]]]:  # fmt: skip
    """Per end value, the other key's parent rows reaching it: (key, window start, end)."""
    if not o_way:
        return {w: [(w, None, None)] for w in wants}
    g_name, g_col = o_way[0]
    span: sql.Composable = sql.SQL("NULL, NULL")
    if window is not None:
        span = sql.SQL("x.{}, x.{}").format(*map(sql.Identifier, window))
    rows = conn.execute(
        sql.SQL("SELECT x.{gc}, x.{gk}, {span} FROM {g} x WHERE x.{gc} = ANY(%s)").format(
            gc=sql.Identifier(g_col), gk=sql.Identifier(ref), span=span, g=qualified_ident(g_name)
        ),
        (wants,),
    ).fetchall()
    out: dict[Any, list[tuple[Any, Any, Any]]] = {}
    for end, got, start, stop in rows:
        out.setdefault(end, []).append((got, start, stop))
    return out


def _day(value: Any) -> Any:
    return value.date() if isinstance(value, datetime) else value


def _ranked(options: list[tuple[Any, Any, Any]], at: Any, rng: np.random.Generator) -> list[Any]:
    """The options' keys in random order, those whose window covers the row's time first."""
    order = [options[int(i)] for i in rng.permutation(len(options))]
    day = _day(at)

    def outside(option: tuple[Any, Any, Any]) -> bool:
        start, end = _day(option[1]), _day(option[2])
        return day is not None and not (
            (start is None or start <= day) and (end is None or end >= day)
        )

    return [o[0] for o in sorted(order, key=outside)]


def _taken(conn: Any, name: str, uniques: list[list[str]]) -> list[set[tuple[Any, ...]]]:
    """The values each unique key holding the re-picked column already holds."""
    out = []
    for u in uniques:
        cols = sql.SQL(", ").join(map(sql.Identifier, u))
        rows = conn.execute(sql.SQL("SELECT {} FROM {}").format(cols, qualified_ident(name)))
        out.append({tuple(r) for r in rows.fetchall()})
    return out


def _time(schema: Schema, config: Config, name: str,
          o_way: Any) -> tuple[str, tuple[str, str] | None]:  # fmt: skip
    """The row's anchor time and the other key's parent's window, where both exist."""
    if not o_way:
        return "", None
    table, parent = schema.tables.get(name), schema.tables.get(o_way[0][0])
    if table is None or parent is None:
        return "", None
    anchor, window = anchor_of(schema, table, config), window_of(schema, parent, config)
    if anchor is None or window is None:
        return "", None
    return anchor, (window.start, window.end)
