"""The credentials of the parties assigned to dated events (rules/credentials.py), once every
table is loaded.

A holder is a party with one credential of every kind, for one thing (where the credentials
name one), valid over the days of the assignments it holds. The table's rows give
rows // kinds holders; they are shared out among the things in proportion to their
assignments (at least as many as one event assigns at once), each thing's holders chosen
among its assignments' parties and a few others, the ones employed on most of its days first.
Each assignment then goes to a holder of its thing employed that day whose assignment to that
event no unique key refuses, its own party where that one is a holder; one that fits none
stays as drawn. Each holder's credentials are redrawn: issued some weeks to a year before its
first assignment, valid to a while after its last. The rows not needed stay as drawn.

Staged and UPDATEd in one statement per table, in a savepoint: a row a UNIQUE, CHECK or key
refuses leaves that table as drawn, with a warning."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any

import numpy as np
from psycopg import sql

from workbench.generate.base.tables import unique_sets
from workbench.generate.load.detach import qualified_ident
from workbench.generate.load.key_joins import joins_along
from workbench.generate.load.row_order import stable_order
from workbench.generate.load.staged import update_staged
from workbench.generate.load.totals_load import post_pass
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from workbench.generate.plan.tables import Plan
    from workbench.generate.rows.assembler import TableGenerator
    from workbench.generate.rules.base import Rule

EPOCH = date(2000, 1, 1)
LEAD_DAYS = (20, 400)  # a credential is issued this many days before its holder's first use
TAIL_DAYS = (30, 700)  # and valid this many days past its last
ROUNDS = 2  # the passes over every credential table
OTHERS = 64  # parties not assigned to a thing considered as its holders too
_STAGE = sql.Identifier("wb_credentials_stage")


@dataclass
class Uses:
    """Every assignment: its table, row, party, day, its own day (rules/credentials.own_day),
    thing and, per unique key of its table holding the party, the rest of that key."""

    table: list[int] = field(default_factory=list)
    row: list[tuple[Any, str]] = field(default_factory=list)
    party: list[Any] = field(default_factory=list)
    day: list[int] = field(default_factory=list)
    own: list[int | None] = field(default_factory=list)  # its own day beside its event's
    thing: list[str | None] = field(default_factory=list)
    rest: list[tuple[str, ...]] = field(default_factory=list)


def apply_credentials(
    conn: Any,
    plan: Plan,
    generators: dict[str, TableGenerator],
    warn: Callable[[list[str]], None],
) -> None:
    """Every assigned party's credentials valid on the days of its assignments. Twice: where
    a party holds credentials of two tables, the second may give an assignment to another
    holder; the first then draws its credentials around the holders as they are."""
    for _ in range(ROUNDS):
        post_pass(
            conn, plan, generators, "credentials", lambda gen, rule: _hold(conn, gen, rule, warn)
        )


def _days(expr: sql.Composable) -> sql.Composable:
    return sql.SQL("(({})::date - {})").format(expr, sql.Literal(EPOCH))


def _read_uses(conn: Any, gen: TableGenerator, rule: Rule) -> Uses:
    """The assignments, with the rest of each unique key of their table holding the party."""
    uses = Uses()
    schema = gen.view.schema
    for n, (table, used_by, day_way, thing_way, own_day) in enumerate(rule.data["uses"]):
        model = schema.tables.get(table)
        keys = [k for k in unique_sets(model) if used_by in k] if model is not None else []
        day_joins, day_at = joins_along(day_way[:-1], "d")
        day = _days(sql.SQL("{}.{}").format(sql.Identifier(day_at), sql.Identifier(day_way[-1][1])))
        own: sql.Composable = sql.SQL("NULL::int")
        if own_day:
            own = _days(sql.SQL("u.{}").format(sql.Identifier(own_day)))
        thing: sql.Composable = sql.SQL("NULL::text")
        thing_joins: sql.Composable = sql.SQL("")
        if thing_way:
            thing_joins, at = joins_along(thing_way[:-1], "w", left=True)
            thing = sql.SQL("{}.{}::text").format(
                sql.Identifier(at), sql.Identifier(thing_way[-1][1])
            )
        rest = [
            sql.SQL("ROW({})::text").format(
                sql.SQL(", ").join(
                    [sql.SQL("u.{}").format(sql.Identifier(c)) for c in k if c != used_by]
                    + [sql.Literal(0)]
                )
            )
            for k in keys
        ]
        query = sql.SQL(
            "SELECT u.tableoid, u.ctid::text, u.{p}, {d}, {od}, {w}{r} FROM {t} u {dj} {wj} "
            "WHERE u.{p} IS NOT NULL ORDER BY {o}"
        ).format(
            o=stable_order(schema, table, "u"),
            p=sql.Identifier(used_by),
            d=day,
            od=own,
            w=thing,
            r=sql.SQL("").join(sql.SQL(", ") + r for r in rest),
            t=qualified_ident(table),
            dj=day_joins,
            wj=thing_joins,
        )
        for row in conn.execute(query).fetchall():
            uses.table.append(n)
            uses.row.append((row[0], row[1]))
            uses.party.append(row[2])
            uses.day.append(-(10**9) if row[3] is None else int(row[3]))
            uses.own.append(None if row[4] is None else int(row[4]))
            uses.thing.append(row[5])
            uses.rest.append(tuple(str(v) for v in row[6:]))
    return uses


def _service(conn: Any, rule: Rule) -> dict[Any, tuple[int, int]]:
    """Each party's first and last day of service (all days, for one without a window)."""
    data = rule.data
    key = sql.Identifier(data["party_key"])
    table = qualified_ident(data["party_table"])
    if not data["service"]:
        query = sql.SQL("SELECT p.{k} FROM {t} p ORDER BY p.{k}").format(k=key, t=table)
        return {r[0]: (-(10**9), 10**9) for r in conn.execute(query).fetchall()}
    start, end = (sql.SQL("p.{}").format(sql.Identifier(c)) for c in data["service"])
    rows = conn.execute(
        sql.SQL("SELECT p.{k}, {s}, {e} FROM {t} p ORDER BY p.{k}").format(
            k=key, s=_days(start), e=_days(end), t=table
        )
    ).fetchall()
    return {
        r[0]: (-(10**9) if r[1] is None else r[1], 10**9 if r[2] is None else r[2]) for r in rows
    }


def _shares(
    counts: dict[str | None, int], least: dict[str | None, int], total: int
) -> dict[str | None, int]:
    """The holders of each thing: in proportion to its assignments, at least `least`."""
    n = sum(counts.values())
    out: dict[str | None, int] = {}
    left = total
    for thing in sorted(counts, key=lambda t: (-counts[t], str(t))):
        want = max(least[thing], round(total * counts[thing] / n))
        out[thing] = min(want, left)
        left -= out[thing]
    return out


def _pick(
    pool: list[Any],
    service: dict[Any, tuple[int, int]],
    days: np.ndarray,
    own: dict[Any, list[int]],
    chosen: set[Any],
    wanted: int,
    rng: np.random.Generator,
) -> list[Any]:
    """`wanted` holders among `pool`: the parties already assigned and employed on all their
    days, where there is room for all of them (nothing moves); then one by one, the one
    employed on most of the days the holders picked before cover least (its own assignments
    counting a little more), a party holding for no other thing first."""
    candidates = [p for p in dict.fromkeys(pool) if p in service]
    if not candidates or wanted <= 0:
        return []
    spans = np.asarray([service[p] for p in candidates], dtype=np.int64)
    employed = (days[None, :] >= spans[:, :1]) & (days[None, :] <= spans[:, 1:])
    bonus = np.asarray([0.5 * len(own.get(p, [])) - 1000.0 * (p in chosen) for p in candidates])
    jitter = rng.random(len(candidates)) * 0.01
    covers = np.zeros(days.size)
    picked: list[Any] = []
    left = np.ones(len(candidates), dtype=bool)
    kept = [
        n
        for n, p in enumerate(candidates)
        if p in own and all(service[p][0] <= d <= service[p][1] for d in own[p])
    ]
    if len(kept) <= wanted:
        for n in kept:
            left[n] = False
            picked.append(candidates[n])
            covers += employed[n]
    for _ in range(min(wanted, len(candidates)) - len(picked)):
        gain = employed @ (1.0 / (1.0 + covers) ** 2) + bonus + jitter
        best = int(np.argmax(np.where(left, gain, -np.inf)))
        left[best] = False
        picked.append(candidates[best])
        covers += employed[best]
    return picked


def _hold(conn: Any, gen: TableGenerator, rule: Rule, warn: Callable[[list[str]], None]) -> None:
    data = rule.data
    uses = _read_uses(conn, gen, rule)
    if not uses.party:
        return
    table = qualified_ident(gen.tp.name)
    credentials = conn.execute(
        sql.SQL("SELECT c.tableoid, c.ctid::text FROM {} c ORDER BY {}").format(
            table, stable_order(gen.view.schema, gen.tp.name, "c")
        )
    ).fetchall()
    kinds: list[Any] = list(data["labels"]) or [None]
    total = len(credentials) // len(kinds)
    if total == 0:
        return
    service = _service(conn, rule)
    rng = gen.view.rng("credentials", 0)
    by_thing: dict[str | None, list[int]] = defaultdict(list)
    for i, t in enumerate(uses.thing):
        if uses.day[i] > -(10**9):
            by_thing[t].append(i)
    least = {}
    for t, members in by_thing.items():
        events: dict[Any, int] = defaultdict(int)
        for i in members:
            events[(uses.table[i], uses.rest[i])] += 1
        least[t] = max(events.values())
    # an assignment reaching no thing (an event without one) goes to any holder: the things
    # share the holders, where there are any
    loose = by_thing.pop(None, []) if len(by_thing) > 1 else []
    shares = _shares({t: len(m) for t, m in by_thing.items()}, least, total - total // 10)
    spare = total - sum(shares.values())  # holders kept for an assignment none fits
    parties = list(service)
    chosen: set[Any] = set()
    holders: dict[tuple[Any, str | None], list[int]] = {}  # (party, thing): its days
    taken: set[tuple[int, int, tuple[str, ...], Any]] = set()
    for i, p in enumerate(uses.party):
        for k, rest in enumerate(uses.rest[i]):
            taken.add((uses.table[i], k, (rest,), p))
    moved: dict[int, Any] = {}
    busy: dict[Any, set[int]] = defaultdict(set)  # each party's days assigned
    for i, p in enumerate(uses.party):
        busy[p].add(uses.day[i])
    for t in [*sorted(by_thing, key=str), *([None] if loose else [])]:
        members = sorted(by_thing.get(t, loose), key=lambda i: uses.day[i])
        days = np.asarray([uses.day[i] for i in members])
        own: dict[Any, list[int]] = defaultdict(list)
        for i in members:
            own[uses.party[i]].append(uses.day[i])
        pool = list(own) + [
            parties[int(j)]
            for j in rng.choice(len(parties), min(OTHERS, len(parties)), replace=False)
        ]
        picked = _pick(pool, service, days, own, chosen, shares.get(t, 0), rng)
        first_thing = {h[0]: h[1] for h in reversed(list(holders))}
        if t is None and loose:  # any holder of a thing, under its (first) thing
            picked = sorted(first_thing, key=str)
        chosen.update(picked)
        count = {p: len(holders.get((p, first_thing.get(p, t)), [])) for p in picked}
        for i in members:
            d, now = uses.day[i], uses.party[i]
            fits = [p for p in picked if service[p][0] <= d <= service[p][1]
                    and (p == now or not any((uses.table[i], k, (r,), p) in taken
                                             for k, r in enumerate(uses.rest[i])))]  # fmt: skip
            lo, hi = service.get(now, (1, 0))
            if not fits and spare > 0 and lo <= d <= hi:
                # one more holder: its own party
                spare -= 1
                picked.append(now)
                count[now] = 0
                fits = [now]
            if not fits:
                continue
            # its own party, else the holder with fewest assignments, one busy that day last
            p = now if now in fits else min(fits, key=lambda q: (d in busy[q], count[q]))
            busy[p].add(d)
            count[p] += 1
            held = holders.setdefault((p, first_thing.get(p, t) if t is None else t), [])
            held.append(d)
            own_day = uses.own[i]
            if own_day is not None:  # and on the row's own day (a subcontract's award)
                held.append(own_day)
            if p != now:
                for k, r in enumerate(uses.rest[i]):
                    taken.discard((uses.table[i], k, (r,), now))
                    taken.add((uses.table[i], k, (r,), p))
                moved[i] = p
    _write(conn, gen, rule, (credentials, kinds, holders, service, rng), warn)
    _repoint(conn, gen, rule, uses, moved, warn)


def _write(
    conn: Any,
    gen: TableGenerator,
    rule: Rule,
    found: tuple[Any, ...],
    warn: Callable[[list[str]], None],
) -> None:
    credentials, kinds, holders, service, rng = found
    order = rng.permutation(len(credentials))
    rows = []
    at = 0
    for (party, thing), days in sorted(holders.items(), key=lambda h: str(h[0])):
        # issued before the first use, once in service
        first = max(min(days) - int(rng.integers(*LEAD_DAYS)), min(service[party][0], min(days)))
        last = max(days) + int(rng.integers(*TAIL_DAYS))
        for kind in kinds:
            oid, tid = credentials[int(order[at])]
            at += 1
            rows.append((oid, tid, party, kind, thing, first, last))
    data = rule.data
    view = gen.view
    sets = [sql.SQL("{} = s.party").format(sql.Identifier(data["party"]))]
    for column, stage in ((data["start"], "a"), (data["end"], "b")):
        day = sql.SQL("({} + s.{})").format(sql.Literal(EPOCH), sql.Identifier(stage))
        model = view.table.column(column)
        if model is not None and resolve_type(view.schema, model.type).kind != "date":
            day = sql.SQL("({} + interval '12 hours')").format(day)
        sets.append(sql.SQL("{} = {}").format(sql.Identifier(column), day))
    if data["kind"]:
        sets.append(sql.SQL("{} = s.kind").format(sql.Identifier(data["kind"])))
    if data["thing"]:
        sets.append(sql.SQL("{} = s.thing").format(sql.Identifier(data["thing"])))
    columns = [("party", data["party"]), ("kind", data["kind"]), ("thing", data["thing"])]
    picked = sql.SQL(", ").join(
        sql.SQL("t.{} AS {}").format(sql.Identifier(c), sql.Identifier(a)) if c
        else sql.SQL("NULL::text AS {}").format(sql.Identifier(a))
        for a, c in columns
    )  # fmt: skip
    _staged(conn, gen.tp.name, picked, ("party", "kind", "thing", "a", "b"), rows, sets, warn)


def _repoint(
    conn: Any,
    gen: TableGenerator,
    rule: Rule,
    uses: Uses,
    moved: dict[int, Any],
    warn: Callable[[list[str]], None],
) -> None:
    for n, (table, used_by, *_) in enumerate(rule.data["uses"]):
        rows = [(*uses.row[i], p) for i, p in moved.items() if uses.table[i] == n]
        if rows:
            picked = sql.SQL("t.{} AS party").format(sql.Identifier(used_by))
            sets = [sql.SQL("{} = s.party").format(sql.Identifier(used_by))]
            _staged(conn, table, picked, ("party",), rows, sets, warn)


def _staged(
    conn: Any,
    name: str,
    picked: sql.Composable,
    columns: tuple[str, ...],
    rows: list[tuple[Any, ...]],
    sets: Sequence[sql.Composable],
    warn: Callable[[list[str]], None],
) -> None:
    kept = f"{name}: {len(rows):,} row(s) kept as drawn"
    update_staged(conn, name, _STAGE, picked, columns, rows, sets, kept, warn)
