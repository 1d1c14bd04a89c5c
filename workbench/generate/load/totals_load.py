"""The totals post-pass (totals.py): once every table is loaded, each rollup is one aggregate
over the child and one UPDATE of the parent rows whose value changes, in one transaction.

The new values are staged in a temporary table with each row's (tableoid, ctid), so that the
rows a CHECK rejects can be dropped before the UPDATE: the CHECKs of the column (the table's
and its domain's) are evaluated on the staged values with the generator's own evaluator, and
the column's type bounds in SQL. Nothing is read back when no CHECK reads the column. The
schema's triggers are post-data (schema/apply.py): none of them fires on this UPDATE."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from psycopg import sql

from workbench.generate.base.sqltree import columns_of
from workbench.generate.kinds.split_totals import TAKEN_AT_MOST
from workbench.generate.load.rewrite import rewrite
from workbench.generate.rules.arithmetic import moved_total
from workbench.generate.rules.tax_within import held_tax

if TYPE_CHECKING:
    from collections.abc import Callable

    from workbench.generate.kinds.rollup import Rollup
    from workbench.generate.plan.tables import Plan
    from workbench.generate.rows.assembler import TableGenerator
    from workbench.generate.rules.base import Rule


def _table(name: str) -> sql.Composable:
    schema, _, table = name.partition(".")
    return sql.Identifier(schema, table)


def post_pass(
    conn: Any,
    plan: Plan,
    generators: dict[str, TableGenerator],
    kind: str,
    each: Callable[[TableGenerator, Rule], None],
) -> None:
    """`each` rule of `kind` on a table whose rows were generated (file rows alone are kept as
    they are), once every table is loaded, all in one transaction."""
    todo = [
        (gen, rule)
        for tp in plan.tables
        if (gen := generators.get(tp.name)) is not None and (tp.rows or not tp.file_rows)
        for rule in gen.rules
        if rule.kind == kind
    ]
    if not todo:
        return
    with conn.transaction():
        # the window sums and joins hash one row per parent: in memory, not spilled to disk
        conn.execute("SET LOCAL work_mem = '256MB'")
        for gen, rule in todo:
            each(gen, rule)


def apply_totals(
    conn: Any,
    plan: Plan,
    generators: dict[str, TableGenerator],
    warn: Callable[[list[str]], None],
) -> None:
    """Every rollup of the plan, then the copies that read a rolled-up column."""
    planned = {t.name: t for t in plan.tables}
    rolled: set[tuple[str, str]] = set()
    todo = []
    # parents planned later first: a total of totals reads finished children
    for tp in reversed(plan.tables):
        gen = generators.get(tp.name)
        if gen is None or (tp.file_rows and not tp.rows):
            continue
        for rollup in gen.rollups:
            if rollup.column in gen.rollups_done:
                continue  # computed before the rows were sent (totals_memory.py)
            child = planned.get(rollup.child)
            if child is not None and (child.rows or child.file_rows):
                todo.append((gen, rollup))
    copies = [
        (gen, rule)
        for tp in plan.tables
        if (gen := generators.get(tp.name)) is not None
        for rule in gen.rules
        if rule.kind == "copy" and rule.data["path"].via is None
    ]
    # a tax at the rate of a row the row reaches (kinds/tax_rates.py): computed here, on the
    # final subtotal, whether or not lines roll up into it
    reached = any(r.kind == "arithmetic" and r.data.get("reached") for g in generators.values()
                  for r in g.rules)  # fmt: skip
    if not todo and not reached:
        return
    with conn.transaction():
        # the aggregates hash one row per parent: in memory, not spilled to disk
        conn.execute("SET LOCAL work_mem = '256MB'")
        capped: set[tuple[str, str]] = set()
        for _, rollup in todo:
            lines = generators.get(rollup.child)
            split = rollup.split
            once = split is not None and (rollup.child, split.label) not in capped
            if split is not None and lines is not None and once:
                capped.add((rollup.child, split.label))
                cap_taking(conn, lines, rollup)
        for gen, rollup in todo:
            _rollup(conn, gen, rollup, warn)
            rolled.add((rollup.parent, rollup.column))
        for gen in generators.values():
            for rule in gen.rules:
                summed = {(gen.tp.name, c) for c in rule.columns[1:]}
                if rule.kind == "arithmetic" and (summed & rolled or rule.data.get("reached")):
                    _rearithmetic(conn, gen, rule, warn)
                if rule.kind == "stage_amount" and summed & rolled and len(rule.columns) > 2:
                    _rebound(conn, gen, rule, warn)
        for gen, rule in copies:
            if (rule.data["path"].parent, rule.data["source"]) in rolled:
                _recopy(conn, gen, rule, warn)


def _rollup(conn: Any, gen: TableGenerator, r: Rollup, warn: Callable[[list[str]], None]) -> None:
    """The parent's column set to its lines' aggregate (several tables of lines' sums added,
    Rollup.also), 0 where it has none."""
    source = sql.SQL("{} t").format(_table(r.parent))
    values = []
    for i, part in enumerate((r, *r.also)):
        alias = sql.Identifier(f"a{i}")
        join = sql.SQL(" AND ").join(
            sql.SQL("t.{} = {}.{}").format(sql.Identifier(ref), alias, sql.Identifier(f"k{j}"))
            for j, ref in enumerate(part.ref)
        )
        source = sql.SQL("{} LEFT JOIN ({}) {} ON {}").format(source, _aggregate(part), alias, join)
        values.append(sql.SQL("coalesce({}.v, 0)").format(alias))
    value = sql.SQL(" + ").join(values)
    rewrite(conn, gen, r.column, value, source, warn, _moved_total(gen, r.column, value))


def _moved_total(gen: TableGenerator, column: str, value: sql.Composable) -> dict[str, Any]:
    """The row's total moved by as much as a part of it its lines sum, in the same UPDATE
    (rules/arithmetic.moved_total); figured again once every part is summed (_rearithmetic).
    A total's own tax within it moves with it, at the share it held."""
    held = held_tax(gen.rules, column)
    if held is not None:  # the tax the total holds, at the share it held (rules/tax_within.py)
        return {held: sql.SQL(
            "CASE WHEN coalesce(t.{t}, 0) > 0 THEN round(({v}) * least(greatest(coalesce("
            "t.{h}, 0), 0) / t.{t}, 1), {k}) ELSE 0 END"
        ).format(t=sql.Identifier(column), v=value, h=sql.Identifier(held),
                 k=_scale(gen, held))}  # fmt: skip
    f = moved_total(gen.rules, column)
    if f is None:
        return {}
    sign = sql.SQL("-" if column in f.takes else "+")
    return {f.total: sql.SQL("coalesce(t.{}, 0) {} (({}) - coalesce(t.{}, 0))").format(
        sql.Identifier(f.total), sign, value, sql.Identifier(column)
    )}  # fmt: skip


def _aggregate(r: Rollup) -> sql.Composable:
    """One row per parent key of the child's rows: the key as k0, k1…, the aggregate as v."""
    keys = [sql.SQL("c.{} AS {}").format(sql.Identifier(c), sql.Identifier(f"k{i}"))
            for i, c in enumerate(r.fk)]  # fmt: skip
    value = sql.SQL("count(*)") if r.kind == "count" else sql.SQL(f"sum({r.expr})")
    child = _table(r.child)
    if r.joined is not None:  # the row the line references, as `k` (split_totals.py)
        other, key, ref = r.joined
        child = sql.SQL("{} c LEFT JOIN {} k ON k.{} = c.{}").format(
            child, _table(other), sql.Identifier(ref), sql.Identifier(key)
        )
    else:
        child = sql.SQL("{} c").format(child)
    return sql.SQL(
        "SELECT {keys}, {value} AS v FROM {child} WHERE {live} GROUP BY {groups}"
    ).format(
        keys=sql.SQL(", ").join(keys),
        value=value,
        child=child,
        live=sql.SQL(" AND ").join(
            sql.SQL("c.{} IS NOT NULL").format(sql.Identifier(c)) for c in r.fk
        ),
        groups=sql.SQL(", ").join(sql.SQL(str(i + 1)) for i in range(len(r.fk))),
    )


def cap_taking(conn: Any, child: TableGenerator, r: Rollup) -> None:
    """A parent's taking lines (deductions, discounts: split_totals.py) scaled down where they
    take more than TAKEN_AT_MOST of its adding lines: each such parent to its own share between
    40 % and all of that (by its key's hash), the unit price and the line's amount together
    (amount = quantity × price again where both are set). Nothing where a CHECK of the line
    reads those columns, or the parent has no adding line."""
    split, joined = r.split, r.joined
    if split is None or joined is None or not split.total or not split.taking:
        return
    parts = {c for c in (split.total, split.price) if c}
    if any(parts & columns_of(tree) for _, tree in child.view.checks) or any(
        parts & set(c.columns) for c in child.checks.server_checks
    ):
        return
    other, key, ref = joined
    label = sql.SQL("k.{}::text").format(sql.Identifier(split.label))

    def among(labels: tuple[str, ...]) -> sql.Composable:
        return sql.SQL("{} IN ({})").format(label, sql.SQL(", ").join(map(sql.Literal, labels)))

    total = sql.SQL("c.{}").format(sql.Identifier(split.total))
    adding = among(split.adding) if split.adding else sql.SQL("false")
    keys = [sql.Identifier(c) for c in r.fk]
    part = sql.SQL(", ").join(sql.SQL("c.{}").format(k) for k in keys)
    matched = sql.SQL(" AND ").join(sql.SQL("c.{0} = s.{0}").format(k) for k in keys)
    ceiling = sql.Literal(TAKEN_AT_MOST)
    share = sql.SQL("{} * (0.4 + 0.6 * ((hashtext(({})::text) & 1023) / 1023.0))").format(
        ceiling, sql.SQL(" || '/' || ").join(sql.SQL("s0.{}").format(k) for k in keys)
    )
    scale = _scale(child, split.total)
    sets = [sql.SQL("{} = round({} * s.f, {})").format(sql.Identifier(split.total), total, scale)]
    if split.price and split.qty:
        price = sql.SQL("round(c.{} * s.f, {})").format(
            sql.Identifier(split.price), _scale(child, split.price)
        )
        qty, old = (sql.SQL("c.{}").format(sql.Identifier(c)) for c in (split.qty, split.price))
        amount = sql.SQL(
            "CASE WHEN {q} IS NOT NULL AND {p} IS NOT NULL THEN round({q} * {new}, {sc})"
            " ELSE round({t} * s.f, {sc}) END"
        ).format(q=qty, p=old, new=price, t=total, sc=scale)
        sets = [
            sql.SQL("{} = {}").format(sql.Identifier(split.price), price),
            sql.SQL("{} = {}").format(sql.Identifier(split.total), amount),
        ]
    if split.adding and not _keyed(child, key):
        _earning_first(conn, r, other, ref, key, among(split.adding), among(split.taking), part)
    conn.execute(
        sql.SQL(
            "WITH s0 AS (SELECT {part}, sum(CASE WHEN {adding} THEN {total} ELSE 0 END) AS plus,"
            " sum(CASE WHEN {taking} THEN abs({total}) ELSE 0 END) AS minus"
            " FROM {child} c LEFT JOIN {other} k ON k.{ref} = c.{key} GROUP BY {part}),"
            " s AS (SELECT s0.*, {share} * s0.plus / s0.minus AS f FROM s0"
            " WHERE s0.plus > 0 AND s0.minus > {ceiling} * s0.plus)"
            " UPDATE {child} c SET {sets} FROM s, {other} k"
            " WHERE {matched} AND k.{ref} = c.{key} AND {taking}"
        ).format(
            part=part,
            adding=adding,
            total=total,
            taking=among(split.taking),
            child=_table(r.child),
            other=_table(other),
            ref=sql.Identifier(ref),
            key=sql.Identifier(key),
            share=share,
            ceiling=ceiling,
            sets=sql.SQL(", ").join(sets),
            matched=matched,
        )
    )


def _keyed(gen: TableGenerator, column: str) -> bool:
    """A column a key, a unique index or a CHECK of the table reads: not to be moved here."""
    table = gen.view.table
    keys: list[list[str | None]] = [list(table.primary_key.columns)] if table.primary_key else []
    keys += [list(u.columns) for u in table.uniques] + [
        list(i.columns) for i in table.indexes if i.unique
    ]
    return any(column in k for k in keys) or any(
        column in columns_of(tree) for _, tree in gen.view.checks
    )


def _earning_first(
    conn: Any,
    r: Rollup,
    other: str,
    ref: str,
    key: str,
    adding: sql.Composable,
    taking: sql.Composable,
    part: sql.Composable,
) -> None:
    """A parent whose lines only take (a payslip of deductions alone) has its first line
    reference an adding row instead (one of them by the parent's hash): pay before what is
    deducted from it."""
    conn.execute(
        sql.SQL(
            "WITH s0 AS (SELECT {part}, bool_or({adding}) AS plus, bool_or({taking}) AS minus"
            " FROM {child} c LEFT JOIN {other} k ON k.{ref} = c.{key} GROUP BY {part}),"
            " f AS (SELECT DISTINCT ON ({part}) c.ctid AS tid,"
            " hashtext(({hashed})::text) & 2147483647 AS h FROM {child} c JOIN s0 ON {matched}"
            " WHERE NOT coalesce(s0.plus, false) AND s0.minus ORDER BY {part}, c.ctid),"
            " a AS (SELECT k.{ref} AS ref, row_number() OVER (ORDER BY k.{ref}) - 1 AS i,"
            " count(*) OVER () AS n FROM {other} k WHERE {adding})"
            " UPDATE {child} c SET {key} = a.ref FROM f, a"
            " WHERE c.ctid = f.tid AND a.i = f.h % a.n"
        ).format(
            part=part,
            adding=adding,
            taking=taking,
            child=_table(r.child),
            other=_table(other),
            ref=sql.Identifier(ref),
            key=sql.Identifier(key),
            hashed=sql.SQL(" || '/' || ").join(
                sql.SQL("c.{}").format(sql.Identifier(c)) for c in r.fk
            ),
            matched=sql.SQL(" AND ").join(
                sql.SQL("c.{0} = s0.{0}").format(sql.Identifier(c)) for c in r.fk
            ),
        )
    )


def _scale(gen: TableGenerator, column: str) -> sql.Composable:
    info = gen.view.specs[column].info if column in gen.view.specs else None
    return sql.Literal(int(info.scale or 0) if info is not None and info.kind == "decimal" else 0)


def _rearithmetic(
    conn: Any, gen: TableGenerator, rule: Rule, warn: Callable[[list[str]], None]
) -> None:
    """A row's total again once its subtotal is its lines' sum (rules/arithmetic.py): a
    discount no larger than the subtotal, then total = subtotal + tax + fees - discount."""
    f = rule.data["formula"]
    source = sql.SQL("{} t").format(_table(gen.tp.name))

    def amount(name: str) -> sql.Composable:
        return sql.SQL("coalesce(t.{}, 0)").format(sql.Identifier(name))

    sub = sql.SQL("t.{}").format(sql.Identifier(f.subtotal))
    for rated in (r.data["rated"] for r in gen.rules if r.kind == "rated_amount"):
        if rated.base == f.subtotal and rated.amount in (*f.takes, *f.adds, *f.taxes):
            _rerate(conn, gen, rated, warn)  # a voucher's share of the summed gross
    for name in f.takes:
        if name in rule.data["writes"]:
            capped = sql.SQL("least({}, greatest({}, 0))").format(amount(name), sub)
            rewrite(conn, gen, name, capped, source, warn)
    reached = rule.data.get("reached")
    if reached is not None:
        _reached_tax(conn, gen, rule, reached, warn)
    elif f.rate is not None and f.taxes and f.taxes[0] in rule.data["writes"]:
        _own_rate_tax(conn, gen, rule, warn)
    total: sql.Composable = sub
    for name in (*f.taxes, *f.adds):
        total = sql.SQL("{} + {}").format(total, amount(name))
    for name in f.takes:
        total = sql.SQL("{} - {}").format(total, amount(name))
    included = [n for n in f.included[:1] if n in rule.data["writes"]]
    for name in included:  # the tax the new total holds, at the share the old one held
        held = sql.SQL(
            "CASE WHEN t.{was} > 0 AND {tot} > 0 THEN round({tot} * "
            "least(greatest(coalesce(t.{inc}, 0), 0) / t.{was}, 1), {k}) ELSE 0 END"
        ).format(tot=total, inc=sql.Identifier(name), was=sql.Identifier(f.total),
                 k=_scale(gen, name))  # fmt: skip
        rewrite(conn, gen, name, held, source, warn)
    rewrite(conn, gen, f.total, total, source, warn)


def _own_rate_tax(
    conn: Any, gen: TableGenerator, rule: Rule, warn: Callable[[list[str]], None]
) -> None:
    """The tax again at the row's own rate on its summed subtotal less what it takes
    (rules/arithmetic.py): a rate over 1 or read as percents is a percentage."""
    f = rule.data["formula"]
    source = sql.SQL("{} t").format(_table(gen.tp.name))
    rate = sql.SQL("t.{}").format(sql.Identifier(f.rate))
    share = _share(rate, rule.data.get("percent"))
    base: sql.Composable = sql.SQL("t.{}").format(sql.Identifier(f.subtotal))
    for name in f.takes:
        base = sql.SQL("{} - coalesce(t.{}, 0)").format(base, sql.Identifier(name))
    form = "CASE WHEN {r} IS NULL THEN t.{t} ELSE round(greatest({b}, 0) * {s}, {k}) END"
    tax = sql.SQL(form).format(r=rate, t=sql.Identifier(f.taxes[0]), b=base, s=share,
                               k=_scale(gen, f.taxes[0]))  # fmt: skip
    rewrite(conn, gen, f.taxes[0], tax, source, warn)


def _share(rate: sql.Composable, percent: bool | None) -> sql.Composable:
    """A rate as a share: read as percents (divided by 100), as a fraction, or, where unknown
    (None), a percentage when above 1."""
    if percent is None:
        return sql.SQL("CASE WHEN {0} > 1 THEN {0} / 100.0 ELSE {0} END").format(rate)
    return sql.SQL("{} / 100.0").format(rate) if percent else rate


def _rerate(conn: Any, gen: TableGenerator, rated: Any, warn: Callable[[list[str]], None]) -> None:
    """An amount at a rate again on its base as summed (rules/rated_amount.py): 0 where the
    key to the rate's row may be and is NULL, the drawn amount where the rate is missing."""
    source: sql.Composable = sql.SQL("{} t").format(_table(gen.tp.name))
    rate = sql.SQL("t.{}").format(sql.Identifier(rated.rate))
    unit = next((u for u in gen.view.units if tuple(u.fk.columns) == tuple(rated.fk)), None)
    if rated.parent:
        if unit is None:
            return
        on = sql.SQL(" AND ").join(
            sql.SQL("p.{} = t.{}").format(sql.Identifier(ref), sql.Identifier(c))
            for c, ref in zip(unit.fk.columns, unit.fk.ref_columns, strict=True)
        )
        source = sql.SQL("{} LEFT JOIN {} p ON {}").format(source, _table(rated.parent), on)
        rate = sql.SQL("p.{}").format(sql.Identifier(rated.rate))
    share = _share(rate, rated.percent)
    value: sql.Composable = sql.SQL("coalesce(round(t.{} * {}, {}), t.{})").format(
        sql.Identifier(rated.base), share, _scale(gen, rated.amount), sql.Identifier(rated.amount)
    )
    if rated.optional and unit is not None:
        absent = sql.SQL(" OR ").join(
            sql.SQL("t.{} IS NULL").format(sql.Identifier(c)) for c in unit.fk.columns
        )
        value = sql.SQL("CASE WHEN {} THEN 0 ELSE {} END").format(absent, value)
    rewrite(conn, gen, rated.amount, value, source, warn)


def _rebound(conn: Any, gen: TableGenerator, rule: Rule, warn: Callable[[list[str]], None]) -> None:
    """A decided amount no more than what was asked, once the ask is its lines' sum
    (rules/stage_amount.py: approved_amount at most claimed_amount)."""
    decided, asked = (sql.Identifier(c) for c in (rule.columns[0], rule.columns[2]))
    # least() skips a NULL: an undecided row keeps none
    value = sql.SQL("CASE WHEN t.{0} IS NOT NULL THEN least(t.{0}, t.{1}) END").format(
        decided, asked
    )
    rewrite(conn, gen, rule.columns[0], value, sql.SQL("{} t").format(_table(gen.tp.name)), warn)


def _reached_tax(
    conn: Any, gen: TableGenerator, rule: Rule, reached: Any, warn: Callable[[list[str]], None]
) -> None:
    """The row's first tax at the rate of the row it reaches (kinds/tax_rates.ReachedRate),
    on its subtotal less its discounts; a row whose path ends in NULL keeps its tax."""
    f = rule.data["formula"]
    source: sql.Composable = sql.SQL("{} t").format(_table(gen.tp.name))
    alias = "t"
    for i, hop in enumerate(reached.hops):
        on = sql.SQL(" AND ").join(
            sql.SQL("{}.{} = {}.{}").format(sql.Identifier(f"r{i}"), sql.Identifier(ref),
                                            sql.Identifier(alias), sql.Identifier(col))
            for col, ref in zip(hop.columns, hop.ref, strict=True)
        )  # fmt: skip
        source = sql.SQL("{} LEFT JOIN {} {} ON {}").format(
            source, _table(hop.table), sql.Identifier(f"r{i}"), on
        )
        alias = f"r{i}"
    if reached.schedule is not None:  # the parent's rate in force at the row's time
        source = sql.SQL("{} LEFT JOIN LATERAL ({}) x ON true").format(
            source, _in_force(reached, alias)
        )
        alias = "x"
    base: sql.Composable = sql.SQL("coalesce(t.{}, 0)").format(sql.Identifier(f.subtotal))
    for name in f.takes:
        base = sql.SQL("{} - coalesce(t.{}, 0)").format(base, sql.Identifier(name))
    rate = sql.SQL("{}.{}").format(sql.Identifier(alias), sql.Identifier(reached.column))
    share = sql.SQL("{} / 100.0").format(rate) if reached.percent else rate
    if f.rate is not None:  # the row's own rate is the one it reaches, in its own unit
        own = rule.data.get("percent")
        mine = rate if own is None or own == reached.percent else share
        if own and not reached.percent:
            mine = sql.SQL("{} * 100.0").format(rate)
        value = sql.SQL("coalesce({}, t.{})").format(mine, sql.Identifier(f.rate))
        rewrite(conn, gen, f.rate, value, source, warn)
    tax = f.taxes[0]
    value = sql.SQL("coalesce(round(greatest({}, 0) * {}, {}), t.{})").format(
        base, share, _scale(gen, tax), sql.Identifier(tax)
    )
    rewrite(conn, gen, tax, value, source, warn)


def _in_force(reached: Any, alias: str) -> sql.Composable:
    """The one row of the reached row's schedule of rates in force at the row's time (its
    window holds it), else the latest begun (a row with no time yet: today's rate)."""
    sched = reached.schedule
    match = sql.SQL(" AND ").join(
        sql.SQL("s.{} = {}.{}").format(sql.Identifier(k), sql.Identifier(alias), sql.Identifier(r))
        for k, r in zip(sched.key, sched.ref, strict=True)
    )
    start, end = sql.Identifier(sched.start), sql.Identifier(sched.end)
    if not reached.when:
        holds: sql.Composable = sql.SQL("false")
    elif sched.dated:
        when = sql.SQL("CAST(t.{} AS date)").format(sql.Identifier(reached.when))
        holds = sql.SQL("s.{0} <= {2} AND (s.{1} IS NULL OR s.{1} >= {2})").format(start, end, when)
    else:
        when = sql.SQL("t.{}").format(sql.Identifier(reached.when))
        holds = sql.SQL("s.{0} <= {2} AND (s.{1} IS NULL OR s.{1} > {2})").format(start, end, when)
    return sql.SQL(
        "SELECT s.{col} FROM {table} s WHERE {match} "
        "ORDER BY coalesce({holds}, false) DESC, s.{start} DESC NULLS LAST LIMIT 1"
    ).format(
        col=sql.Identifier(reached.column),
        table=_table(sched.table),
        match=match,
        holds=holds,
        start=start,
    )


def _recopy(conn: Any, gen: TableGenerator, rule: Rule, warn: Callable[[list[str]], None]) -> None:
    path = rule.data["path"]
    unit = next((u for u in gen.view.units if ",".join(u.fk.columns) == path.fk), None)
    if unit is None:
        return
    join = sql.SQL(" AND ").join(
        sql.SQL("t.{} = p.{}").format(sql.Identifier(c), sql.Identifier(ref))
        for c, ref in zip(unit.fk.columns, unit.fk.ref_columns, strict=True)
    )
    source = sql.SQL("{} t JOIN {} p ON {}").format(_table(gen.tp.name), _table(path.parent), join)
    value = sql.SQL("p.{}").format(sql.Identifier(rule.data["source"]))
    rewrite(conn, gen, rule.columns[0], value, source, warn)
