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
from workbench.generate.load.key_joins import joins_along
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


def _uses(conn: Any, rule: Rule) -> dict[Any, tuple[np.ndarray, np.ndarray]]:
    """Each thing's days of use, sorted, once each, and the most each day's uses measure
    (NaN where none): a thing with scopes (rules/certified.py) is (thing, scope, ...)."""
    found: dict[Any, dict[int, float]] = defaultdict(dict)
    for table, key, when, *more in rule.data["uses"]:
        ways, measure = [*more, [], None][:2]
        picked, joins = [], []
        for n, way in enumerate(ways):
            joined, alias = joins_along(way[:-1], f"s{n}_")
            joins.append(joined)
            picked.append(
                sql.SQL("{}.{}").format(sql.Identifier(alias), sql.Identifier(way[-1][1]))
            )
        size: sql.Composable = sql.SQL("NULL")
        if measure:
            joined, alias = joins_along(measure[0], "m_")
            joins.append(joined)
            size = sql.SQL("{}.{}::float8").format(
                sql.Identifier(alias), sql.Identifier(measure[1])
            )
        rows = conn.execute(
            sql.SQL(
                "SELECT {p}, {d}, {m} FROM {t} u{j} WHERE u.{k} IS NOT NULL AND u.{w} IS NOT NULL"
            ).format(
                p=sql.SQL(", ").join([sql.SQL("u.{}").format(sql.Identifier(key)), *picked]),
                d=_days(when, "u"),
                m=size,
                t=qualified_ident(table),
                j=sql.SQL("").join(joins),
                k=sql.Identifier(key),
                w=sql.Identifier(when),
            )
        ).fetchall()
        for *thing, day, need in rows:
            held = found[tuple(thing) if ways else thing[0]]
            if need is not None and not need <= held.get(day, -np.inf):
                held[day] = float(need)
            else:
                held.setdefault(day, np.nan)
    out = {}
    for thing, needs in found.items():
        days = np.asarray(sorted(needs), dtype=np.int64)
        out[thing] = (days, np.asarray([needs[d] for d in days.tolist()], dtype=np.float64))
    return out


def _certificates(conn: Any, gen: TableGenerator, rule: Rule) -> list[tuple[Any, ...]]:
    """(tableoid, ctid, thing, first day, last day or None, passing, limit or None) of every
    certificate; a thing with scopes is (thing, scope, ...)."""
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
    scopes = data.get("scopes", [])
    most = data.get("limit", "")
    query = sql.SQL(
        "SELECT c.tableoid, c.ctid::text, {s}, {e}, {p}, {m}, {k} FROM {t} c ORDER BY {o}"
    ).format(
        o=stable_order(gen.view.schema, gen.tp.name, "c"),
        k=sql.SQL(", ").join(
            sql.SQL("c.{}").format(sql.Identifier(c)) for c in [data["thing"], *scopes]
        ),
        s=_days(data["start"], "c"),
        e=_days(data["end"], "c"),
        p=passing,
        m=sql.SQL("c.{}::float8").format(sql.Identifier(most)) if most else sql.SQL("NULL"),
        t=qualified_ident(gen.tp.name),
    )
    rows = []
    for oid, tid, first, last, ok, limit, *thing in conn.execute(query).fetchall():
        rows.append((oid, tid, tuple(thing) if scopes else thing[0], first, last, ok, limit))
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


def _need(days: np.ndarray, needs: np.ndarray, first: int, last: int) -> float | None:
    """The limit a certificate from `first` to `last` needs to cover the uses then: the most
    they measure, rounded up to a round figure (a licence up to 250 m); None where none."""
    inside = needs[(days >= first) & (days <= last)]
    if not inside.size or np.isnan(inside).all():
        return None
    most = float(np.nanmax(inside))
    step = 1.0 if most < 10 else 5.0 * 10 ** (int(np.floor(np.log10(most))) - 1)
    return float(np.ceil(most / step) * step)


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
    # (thing, [(the certificate to redraw, or None: one to find; first day, last day, the
    # limit its uses need or None)])
    wanting: list[tuple[Any, list[tuple[int | None, int, int, float | None]]]] = []
    for thing in sorted(set(by_thing) | set(uses), key=str):
        days, needs = uses.get(thing, (None, None))
        own = by_thing.get(thing, [])
        if days is None or needs is None:
            # a thing never used keeps its latest certificate: every holder holds one
            latest = max(own, key=lambda n: (certificates[n][4] or 0, certificates[n][3] or 0))
            spare.extend(n for n in own if n != latest)
            reserve.append(latest)
            continue
        covered = np.zeros(days.size, dtype=bool)
        donors = []
        for n in own:
            _, _, _, first, last, passing, most = certificates[n]
            ok = passing and last is not None and first is not None
            ok = ok and last - first >= 0 and (last - first <= longest or not data["capped"])
            inside = (days >= first) & (days <= last) if ok else np.zeros(days.size, dtype=bool)
            if most is not None:  # its limit covers the use (a licence's largest ship)
                inside &= np.isnan(needs) | (needs <= most)
            if inside.any():
                covered |= inside
            else:
                donors.append(n)
        groups = [
            (first, last, _need(days[~covered], needs[~covered], first, last))
            for first, last in _groups(days[~covered], longest, today, rng)
        ]
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
        for donor, first, last, need in wanted:
            if donor is None:
                if not spare:
                    continue
                donor = spare.pop()
            oid, tid = certificates[donor][:2]
            keys = thing if data.get("scopes") else (thing,)
            rewritten.append((oid, tid, *keys, *([need] if data.get("limit") else []), first, last))
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
    scopes = [str(c) for c in data.get("scopes", [])]
    names = [f"s{n}" for n in range(len(scopes))]
    for column, name in zip(scopes, names, strict=True):
        sets.append(sql.SQL("{} = s.{}").format(sql.Identifier(column), sql.Identifier(name)))
    picked = [sql.SQL("t.{} AS thing").format(sql.Identifier(data["thing"]))]
    picked += [
        sql.SQL("t.{} AS {}").format(sql.Identifier(c), sql.Identifier(n))
        for c, n in zip(scopes, names, strict=True)
    ]
    if data.get("limit"):  # raised to cover the uses, never lowered
        most = sql.Identifier(data["limit"])
        sets.append(sql.SQL("{m} = greatest(t.{m}, s.need)").format(m=most))
        picked.append(sql.SQL("t.{} AS need").format(most))
        names.append("need")
    kept = (
        f"{gen.tp.name}: {len(rows):,} certificate(s) kept as drawn around the uses of their thing"
    )
    columns = ("thing", *names, "a", "b")
    update_staged(
        conn, gen.tp.name, _STAGE, sql.SQL(", ").join(picked), columns, rows, sets, kept, warn
    )
