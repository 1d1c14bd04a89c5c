"""The age bands' post-pass (rules/age_band.py): once every table is loaded, a date of birth
whose type code names a band the age does not fit on the row's day moves to an age inside the
band on that day (a few weeks clear of its edges), the same for the same row on every run (the
fraction of the band is read off the drawn date). Staged and CHECKed as the totals are
(totals_load.rewrite: a row whose date a CHECK rejects keeps its drawn one)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from psycopg import sql

from workbench.generate.load.detach import qualified_ident
from workbench.generate.load.rewrite import rewrite
from workbench.generate.load.totals_load import post_pass

if TYPE_CHECKING:
    from collections.abc import Callable

    from workbench.generate.kinds.age_bands import AgeBands, Event
    from workbench.generate.plan.tables import Plan
    from workbench.generate.rows.assembler import TableGenerator
    from workbench.generate.rules.base import Rule

_YEAR_DAYS = 365.25
_MARGIN_DAYS = 45  # clear of a band's edges
_WIDEST = 50.0  # years: an adult re-drawn is 18 to 68, not 12 to 100


def apply_ages(
    conn: Any,
    plan: Plan,
    generators: dict[str, TableGenerator],
    warn: Callable[[list[str]], None],
) -> None:
    """Every age band of the plan's loaded tables, in one transaction."""

    def move(gen: TableGenerator, rule: Rule) -> None:
        bands = rule.data["bands"]
        source = _source(gen.tp.name, rule.data["event"], bands.holder, bool(rule.data.get("held")))
        rewrite(conn, gen, rule.columns[0], _value(bands), source, warn)

    post_pass(conn, plan, generators, "age_band", move)


def _source(
    table: str, event: Event, holder: tuple[str, str, str] | None = None, held: bool = False
) -> sql.Composable:
    """The row as `t`, the row holding its band as `b` (its group, or itself) and its day as
    `e.d`: the group's day where `held`, else the row's."""
    i = sql.Identifier
    me = qualified_ident(table)
    if holder is None:
        me = sql.SQL("{} t CROSS JOIN LATERAL (SELECT t.*) b").format(me)
    else:
        key, parent, ref = holder
        me = sql.SQL("{} t LEFT JOIN {} b ON b.{} = t.{}").format(
            me, qualified_ident(parent), i(ref), i(key)
        )
    of = "b" if held else "t"
    if event.how == "own":
        return sql.SQL("{} CROSS JOIN LATERAL (SELECT {}.{}::date AS d) e").format(
            me, i(of), i(event.time)
        )
    if event.how == "parent":
        days = sql.SQL("SELECT p.{} AS k, p.{}::date AS d FROM {} p").format(
            i(event.parent_key), i(event.time), qualified_ident(event.parent)
        )
    elif event.how == "sibling":
        days = sql.SQL("SELECT s.{k} AS k, min(s.{t})::date AS d FROM {s} s GROUP BY 1").format(
            k=i(event.sibling_key), t=i(event.time), s=qualified_ident(event.sibling)
        )
    else:
        days = sql.SQL(
            "SELECT s.{k} AS k, min(x.{t})::date AS d FROM {s} s JOIN {x} x ON x.{xk} = s.{via}"
            " GROUP BY 1"
        ).format(
            k=i(event.sibling_key), t=i(event.time), s=qualified_ident(event.sibling),
            x=qualified_ident(event.target), xk=i(event.target_key), via=i(event.via),
        )  # fmt: skip
    return sql.SQL("{} LEFT JOIN ({}) e ON e.k = {}.{}").format(me, days, i(of), i(event.key))


def _value(bands: AgeBands) -> sql.Composable:
    """The date of birth as drawn where its band holds on the day (or nothing says), else one
    inside the band."""
    born, band = sql.Identifier(bands.birth), sql.Identifier(bands.column)
    age = sql.SQL("age(e.d, t.{})").format(born)
    fits, moved = [], []
    # a fraction of the band, the same for the same drawn date
    frac = sql.SQL(
        "((extract(doy FROM t.{b})::int * 7919 + extract(year FROM t.{b})::int) % 1000) / 1000.0"
    ).format(b=born)
    for label, lo, hi in bands.bands:
        when = sql.Literal(label)
        holds = sql.SQL(
            "t.{b} <= e.d AND {age} >= make_interval(years => {lo}) "
            "AND {age} < make_interval(years => {hi})"
        ).format(b=born, age=age, lo=sql.Literal(int(lo)), hi=sql.Literal(int(hi)))
        fits.append(sql.SQL("WHEN {} THEN {}").format(when, holds))
        start = lo if hi - lo <= 20 else max(lo, 18.0)
        span = min(hi - start, _WIDEST) * _YEAR_DAYS - 2 * _MARGIN_DAYS
        days = sql.SQL("({first} + {frac} * {span})::int").format(
            first=sql.Literal(round(start * _YEAR_DAYS) + _MARGIN_DAYS),
            frac=frac,
            span=sql.Literal(round(span)),
        )
        moved.append(sql.SQL("WHEN {} THEN e.d - {}").format(when, days))
    return sql.SQL(
        "CASE WHEN e.d IS NULL OR b.{band} IS NULL OR t.{b} IS NULL"
        " OR (CASE btrim(b.{band}::text) {fits} ELSE true END) THEN t.{b}"
        " ELSE CASE btrim(b.{band}::text) {moved} END END"
    ).format(band=band, b=born, fits=sql.SQL(" ").join(fits), moved=sql.SQL(" ").join(moved))


def apply_age_limits(
    conn: Any,
    plan: Plan,
    generators: dict[str, TableGenerator],
    warn: Callable[[list[str]], None],
) -> None:
    """Every person old enough for the sites of their events (rules/age_limit.py), in one
    transaction, once every table is loaded."""

    def move(gen: TableGenerator, rule: Rule) -> None:
        source = _limits_source(gen.tp.name, rule.data["key"], rule.data["limits"])
        rewrite(conn, gen, rule.columns[0], _of_age(rule.columns[0]), source, warn)

    post_pass(conn, plan, generators, "age_limit", move)


def _joined(
    hops: tuple[tuple[str, str, str, str], ...], prefix: str, start: str
) -> tuple[list[sql.Composable], sql.Composable]:
    """The joins along a way of keys from the alias `start`, and the last key's value."""
    joins: list[sql.Composable] = []
    at = sql.SQL("{}.{}").format(sql.Identifier(start), sql.Identifier(hops[0][1]))
    for n, (_, _, ref, key) in enumerate(hops):
        alias = f"{prefix}{n}"
        joins.append(
            sql.SQL(" JOIN {} {} ON {}.{} = {}").format(
                qualified_ident(ref), sql.Identifier(alias), sql.Identifier(alias),
                sql.Identifier(key), at,
            )
        )  # fmt: skip
        if n + 1 < len(hops):
            at = sql.SQL("{}.{}").format(sql.Identifier(alias), sql.Identifier(hops[n + 1][1]))
    return joins, at


def _limits_source(table: str, key: str, limits: tuple[Any, ...]) -> sql.Composable:
    """The person as `t` and, as `e.hi`, the latest birth date their events allow (of age for
    each: on its earliest day, the terms' or site's minimum age or its group's least age), as
    `e.lo` the earliest (young enough for each group with an upper age, on the day the event
    takes place at: a student plan's member is 30 at most when it starts); the terms of the
    person's own row first, the events' where they meet them."""
    parts = []
    for limited in limits:
        person_joins: list[sql.Composable] = []
        person = sql.SQL("ev.{}").format(sql.Identifier(limited.person[0][1]))
        if len(limited.person) > 1:  # through the row it names (a rental's licence)
            person_joins, _ = _joined(limited.person[:1], "p", "ev")
            person = sql.SQL("p0.{}").format(sql.Identifier(limited.person[1][1]))
        joins = [*person_joins]
        least_age: list[sql.Composable] = []
        if limited.column:
            limit_joins, _ = _joined(limited.limit, "l", "ev")
            joins += limit_joins
            least_age.append(
                sql.SQL("l{}.{}::int").format(
                    sql.SQL(str(len(limited.limit) - 1)), sql.Identifier(limited.column)
                )
            )
        upper: sql.Composable = sql.SQL("NULL::int")
        if limited.column and limited.upper:  # the terms' highest age (a plan's `max_age`)
            upper = sql.SQL("l{}.{}::int + 1").format(
                sql.SQL(str(len(limited.limit) - 1)), sql.Identifier(limited.upper)
            )
        if limited.group is not None:
            hop, column, named = limited.group
            group_joins, _ = _joined((hop,), "g", "ev")
            joins += group_joins
            label = sql.SQL("btrim(g0.{}::text)").format(sql.Identifier(column))
            los = [sql.SQL("WHEN {} THEN {}").format(sql.Literal(lb), sql.Literal(int(lo)))
                   for lb, lo, _ in named]  # fmt: skip
            his = [sql.SQL("WHEN {} THEN {}").format(sql.Literal(lb), sql.Literal(int(hi)))
                   for lb, _, hi in named if hi < 100]  # fmt: skip
            least_age.append(sql.SQL("CASE {} {} ELSE 0 END").format(label, sql.SQL(" ").join(los)))
            if his:
                grouped = sql.SQL("CASE {} {} END").format(label, sql.SQL(" ").join(his))
                upper = sql.SQL("least({}, {})").format(upper, grouped)
        day = sql.SQL("least({})").format(
            sql.SQL(", ").join(
                sql.SQL("ev.{}::date").format(sql.Identifier(c)) for c in limited.times
            )
        )
        start = sql.SQL("ev.{}::date").format(sql.Identifier(limited.day)) if limited.day else day
        parts.append(
            sql.SQL(
                "SELECT {person} AS k, {own} AS own,"
                " ({day} - make_interval(years => greatest({ages})))::date AS hi,"
                " ({start} - make_interval(years => {upper}))::date + 1 AS lo"
                " FROM {event} ev{joins}"
            ).format(
                person=person, own=sql.Literal(limited.event == table), day=day,
                ages=sql.SQL(", ").join(least_age or [sql.SQL("0")]),
                start=start, upper=upper, event=qualified_ident(limited.event),
                joins=sql.SQL("").join(joins),
            )
        )  # fmt: skip
    # the person's own terms (a patron's category) bound them first: their events' bounds
    # narrow those where the two meet, and give way where they cannot (a junior signed up to
    # an adults' evening stays a junior); with no terms of their own, the events' alone
    bounds = sql.SQL(
        "SELECT k, min(hi) FILTER (WHERE own) AS oh, max(lo) FILTER (WHERE own) AS ol,"
        " min(hi) FILTER (WHERE NOT own) AS eh, max(lo) FILTER (WHERE NOT own) AS el"
        " FROM ({}) x GROUP BY 1"
    ).format(sql.SQL(" UNION ALL ").join(parts))
    days = sql.SQL(
        "SELECT k, CASE WHEN {meet} THEN least(oh, eh) ELSE oh END AS hi,"
        " CASE WHEN {meet} THEN greatest(ol, el) ELSE ol END AS lo FROM ({}) y"
    ).format(
        bounds,
        meet=sql.SQL(
            "((oh IS NULL AND ol IS NULL) OR greatest(ol, el) IS NULL"
            " OR least(oh, eh) IS NULL OR greatest(ol, el) <= least(oh, eh))"
        ),
    )
    return sql.SQL("{} t LEFT JOIN ({}) e ON e.k = t.{}").format(
        qualified_ident(table), days, sql.Identifier(key)
    )


def _of_age(birth: str) -> sql.Composable:
    """The date of birth as drawn where it fits every event, else a few months to three years
    inside the bound it misses (the same for the same drawn date), never past the other: born
    before the latest date that is of age, after the earliest that is young enough (of age
    wins where the two cross)."""
    born = sql.Identifier(birth)
    frac = sql.SQL(
        "((extract(doy FROM t.{b})::int * 7919 + extract(year FROM t.{b})::int) % 1000) / 1000.0"
    ).format(b=born)
    room = sql.SQL("greatest(coalesce(e.hi - e.lo, 100000), 0)")
    margin = sql.SQL("least(90 + {frac} * 1000, {room} * {frac})::int").format(frac=frac, room=room)
    return sql.SQL(
        "CASE WHEN t.{b} IS NULL THEN t.{b}"
        " WHEN e.hi IS NOT NULL AND t.{b} > e.hi THEN e.hi - {margin}"
        " WHEN e.lo IS NOT NULL AND t.{b} < e.lo AND (e.hi IS NULL OR e.lo <= e.hi)"
        " THEN e.lo + {margin}"
        " ELSE t.{b} END"
    ).format(b=born, margin=margin)


def apply_implied_ages(
    conn: Any,
    plan: Plan,
    generators: dict[str, TableGenerator],
    warn: Callable[[list[str]], None],
) -> None:
    """Every measure a person has only from an age on (rules/age_implied.py: a reading
    addition) made none where its person is younger on the row's day: NULL, or 0 where the
    column must hold a value (a CHECK that rejects 0 keeps the drawn one), once every table is
    loaded and the dates of birth are final."""

    def clear(gen: TableGenerator, rule: Rule) -> None:
        column, data = rule.columns[0], rule.data
        hops = data["hops"]
        joins = [
            sql.SQL(" LEFT JOIN {} {} ON {}.{} = {}.{}").format(
                qualified_ident(ref), sql.Identifier(f"h{n}"), sql.Identifier(f"h{n}"),
                sql.Identifier(key), sql.Identifier(f"h{n - 1}" if n else "t"),
                sql.Identifier(col),
            )
            for n, (_, col, ref, key) in enumerate(hops)
        ]  # fmt: skip
        person = f"h{len(hops) - 1}" if hops else "t"
        at = "t" if data["day_at"] < 0 else f"h{data['day_at']}"
        young = sql.SQL("({p}.{b} + make_interval(years => {n})) > {d}.{day}::date").format(
            p=sql.Identifier(person), b=sql.Identifier(data["birth"]),
            n=sql.Literal(int(data["youngest"])), d=sql.Identifier(at),
            day=sql.Identifier(data["day"]),
        )  # fmt: skip
        source = sql.SQL("{}").format(qualified_ident(gen.tp.name))
        source = sql.SQL("{} t{}").format(source, sql.SQL("").join(joins))
        if data["zero"]:
            value = sql.SQL("CASE WHEN {} THEN 0 ELSE t.{} END").format(
                young, sql.Identifier(column)
            )
            rewrite(conn, gen, column, value, source, warn)
            return
        conn.execute(
            sql.SQL(
                "UPDATE {table} u SET {col} = NULL FROM {source}"
                " WHERE u.ctid = t.ctid AND u.tableoid = t.tableoid"
                " AND t.{col} IS NOT NULL AND {young}"
            ).format(
                table=qualified_ident(gen.tp.name), col=sql.Identifier(column), source=source,
                young=young,
            )
        )  # fmt: skip

    post_pass(conn, plan, generators, "age_implied", clear)
