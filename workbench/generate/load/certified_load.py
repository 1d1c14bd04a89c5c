"""The uses of a thing under a passing certificate (rules/certified.py): once every table is
loaded, each use that no passing certificate of its thing valid that day covers gets one. The
uses of a thing are grouped from the first uncovered one on: a certificate dated on it or up to
LEAD_DAYS before, valid for most of its longest length, covers every use up to its expiry; the
next uncovered use starts the next group. Each group takes a certificate that covers no use,
the thing's own first, then a spare one of another thing (where the key may move; a thing
never used keeps its latest certificate while spare ones last, and one with uses one at
least), and is
rewritten: its thing, its days, a passing result and the routine kind. Staged and UPDATEd in
one statement per table, in a savepoint: a row a UNIQUE or CHECK refuses leaves them all as
drawn, with a warning."""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from typing import TYPE_CHECKING, Any

import numpy as np
from psycopg import sql

from workbench.generate.base import clock
from workbench.generate.load.detach import qualified_ident
from workbench.generate.load.row_order import stable_order
from workbench.generate.load.staged import update_staged
from workbench.generate.load.totals_load import post_pass
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from collections.abc import Callable

    from workbench.generate.plan.tables import Plan
    from workbench.generate.rows.assembler import TableGenerator
    from workbench.generate.rules.base import Rule

LEAD_DAYS = 45  # a certificate drawn around a use is dated up to this many days before it
EPOCH = date(2000, 1, 1)
_STAGE = sql.Identifier("wb_certified_stage")


def apply_certified(
    conn: Any,
    plan: Plan,
    generators: dict[str, TableGenerator],
    warn: Callable[[list[str]], None],
) -> None:
    """Every thing's uses under a passing certificate, in one transaction."""
    post_pass(
        conn, plan, generators, "certified", lambda gen, rule: _certify(conn, gen, rule, warn)
    )


def _days(column: str, alias: str) -> sql.Composable:
    return sql.SQL("({a}.{c})::date - {epoch}").format(
        a=sql.Identifier(alias), c=sql.Identifier(column), epoch=sql.Literal(EPOCH)
    )


def _texts(values: list[Any]) -> list[str]:
    """The passing values as text (a boolean's `true`)."""
    return [str(v).lower() if isinstance(v, bool) else str(v) for v in values]


def _uses(conn: Any, rule: Rule) -> dict[Any, np.ndarray]:
    """Each thing's days of use, sorted, once each."""
    found: dict[Any, list[int]] = defaultdict(list)
    for table, key, when in rule.data["uses"]:
        rows = conn.execute(
            sql.SQL(
                "SELECT u.{k}, {d} FROM {t} u WHERE u.{k} IS NOT NULL AND u.{w} IS NOT NULL"
            ).format(
                k=sql.Identifier(key),
                d=_days(when, "u"),
                t=qualified_ident(table),
                w=sql.Identifier(when),
            )
        ).fetchall()
        for thing, day in rows:
            found[thing].append(day)
    return {thing: np.unique(np.asarray(days, dtype=np.int64)) for thing, days in found.items()}


def _certificates(conn: Any, gen: TableGenerator, rule: Rule) -> list[tuple[Any, ...]]:
    """(tableoid, ctid, thing, first day, last day or None, passing) of every certificate."""
    data = rule.data
    passing: sql.Composable = sql.SQL("true")
    if data["result"]:
        passing = sql.SQL("coalesce(c.{r}::text = ANY({v}), false)").format(
            r=sql.Identifier(data["result"]), v=sql.Literal(_texts(data["passing"]))
        )
    if data["kind"]:
        passing = sql.SQL("{p} AND coalesce(c.{k}::text = {v}, false)").format(
            p=passing, k=sql.Identifier(data["kind"]), v=sql.Literal(data["periodic"])
        )
    query = sql.SQL(
        "SELECT c.tableoid, c.ctid::text, c.{k}, {s}, {e}, {p} FROM {t} c ORDER BY {o}"
    ).format(
        o=stable_order(gen.view.schema, gen.tp.name, "c"),
        k=sql.Identifier(data["thing"]),
        s=_days(data["start"], "c"),
        e=_days(data["end"], "c"),
        p=passing,
        t=qualified_ident(gen.tp.name),
    )
    rows: list[tuple[Any, ...]] = conn.execute(query).fetchall()
    return rows


def _groups(
    days: np.ndarray, longest: int, today: int, rng: np.random.Generator
) -> list[tuple[int, int]]:
    """(first day, last day) of the certificates that cover `days` (sorted), from the first on."""
    out: list[tuple[int, int]] = []
    i = 0
    while i < days.size:
        use = int(days[i])
        first = min(use, today) - int(rng.integers(0, LEAD_DAYS + 1))
        if use - first > longest:
            i += 1
            continue
        last = first + max(use - first, longest - int(rng.integers(0, longest // 12 + 1)))
        out.append((first, last))
        i = int(np.searchsorted(days, last, side="right"))
    return out


def _certify(conn: Any, gen: TableGenerator, rule: Rule, warn: Callable[[list[str]], None]) -> None:
    data = rule.data
    uses = _uses(conn, rule)
    if not uses:
        return
    certificates = _certificates(conn, gen, rule)
    longest = int(data["days"])
    today = (clock.run_now(gen.view.config).astype("datetime64[D]").item() - EPOCH).days
    rng = gen.view.rng("certified", 0)
    # each thing's certificates: those covering a use stay, the others may be redrawn
    by_thing: dict[Any, list[int]] = defaultdict(list)
    for n, row in enumerate(certificates):
        by_thing[row[2]].append(n)
    spare: list[int] = []  # certificates free to move to another thing
    # the one certificate of a thing never used: moved last, once no spare one is left (a use
    # under a certificate matters more than a holder that was never put to use holding one)
    reserve: list[int] = []
    # (thing, [(the certificate to redraw, or None: one to find; first day, last day)])
    wanting: list[tuple[Any, list[tuple[int | None, int, int]]]] = []
    for thing in sorted(set(by_thing) | set(uses), key=str):
        days = uses.get(thing)
        own = by_thing.get(thing, [])
        if days is None:
            # a thing never used keeps its latest certificate: every holder holds one
            latest = max(own, key=lambda n: (certificates[n][4] or 0, certificates[n][3] or 0))
            spare.extend(n for n in own if n != latest)
            reserve.append(latest)
            continue
        covered = np.zeros(days.size, dtype=bool)
        donors = []
        for n in own:
            _, _, _, first, last, passing = certificates[n]
            ok = passing and last is not None and first is not None
            ok = ok and last - first >= 0 and (last - first <= longest or not data["capped"])
            inside = (days >= first) & (days <= last) if ok else np.zeros(days.size, dtype=bool)
            if inside.any():
                covered |= inside
            else:
                donors.append(n)
        groups = _groups(days[~covered], longest, today, rng)
        rng.shuffle(donors)
        taken = min(len(donors), len(groups))
        wanting.append((thing, [(donors[i], *groups[i]) for i in range(taken)]))
        kept = len(own) - len(donors) + taken
        spare.extend(donors[taken + (kept == 0) :])
        if taken < len(groups):
            wanting.append((thing, [(None, *g) for g in groups[taken:]]))
    if data["movable"]:
        rng.shuffle(spare)
        rng.shuffle(reserve)
        spare = reserve + spare  # popped from the end: the spare ones first
    else:
        spare = []
    rewritten: list[tuple[Any, ...]] = []
    order = rng.permutation(len(wanting))
    for at in order:
        thing, wanted = wanting[int(at)]
        for donor, first, last in wanted:
            if donor is None:
                if not spare:
                    continue
                donor = spare.pop()
            oid, tid = certificates[donor][:2]
            rewritten.append((oid, tid, thing, first, last))
    if rewritten:
        _rewrite(conn, gen, rule, rewritten, warn)


def _shifted(gen: TableGenerator, column: str, days: str) -> sql.Composable:
    """The column set to a day of the stage, at the time of day it had (noon, where it had
    none)."""
    col = sql.Identifier(column)
    day = sql.SQL("({e} + s.{d})").format(e=sql.Literal(EPOCH), d=sql.Identifier(days))
    found = gen.view.table.column(column)
    if found is not None and resolve_type(gen.view.schema, found.type).kind == "date":
        return day
    return sql.SQL("{d} + coalesce(t.{c} - date_trunc('day', t.{c}), interval '12 hours')").format(
        d=day, c=col
    )


def _rewrite(
    conn: Any,
    gen: TableGenerator,
    rule: Rule,
    rows: list[tuple[Any, ...]],
    warn: Callable[[list[str]], None],
) -> None:
    data = rule.data
    sets = [
        sql.SQL("{} = s.thing").format(sql.Identifier(data["thing"])),
        sql.SQL("{} = {}").format(sql.Identifier(data["start"]), _shifted(gen, data["start"], "a")),
        sql.SQL("{} = {}").format(sql.Identifier(data["end"]), _shifted(gen, data["end"], "b")),
    ]
    if data["result"]:
        keep = sql.SQL("CASE WHEN t.{r}::text = ANY({v}) THEN t.{r} ELSE {p} END").format(
            r=sql.Identifier(data["result"]),
            v=sql.Literal(
                [str(v).lower() if isinstance(v, bool) else str(v) for v in data["passing"]]
            ),
            p=sql.Literal(data["passing"][0]),
        )
        sets.append(sql.SQL("{} = {}").format(sql.Identifier(data["result"]), keep))
    if data["kind"]:
        sets.append(
            sql.SQL("{} = {}").format(sql.Identifier(data["kind"]), sql.Literal(data["periodic"]))
        )
    kept = (
        f"{gen.tp.name}: {len(rows):,} certificate(s) kept as drawn around the uses of their thing"
    )
    picked = sql.SQL("t.{} AS thing").format(sql.Identifier(data["thing"]))
    update_staged(conn, gen.tp.name, _STAGE, picked, ("thing", "a", "b"), rows, sets, kept, warn)
