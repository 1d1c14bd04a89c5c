"""What a reviewer should look at even when the data follows its plan: a bound holding more
than a few percent of the rows (a range or CHECK clamping them), one value dominating the
column, and amounts in several currencies mixed in one column (then binned per currency).

Each flag is a sentence; `flags()` reads what it needs in SQL, as the read-only role, on the
connection the review already holds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from psycopg import sql

from workbench.distribution.sql import histogram

if TYPE_CHECKING:
    from workbench.distribution.result import Distribution

BOUND_SHARE = 0.03  # "more than a few percent" on one end of a spread column
SPREAD = 20  # distinct values a column needs before one of its ends is a bound, not a value
DOMINANT_SHARE = 0.8  # one value holding this much of the rows
MAX_CURRENCIES = 4  # per-currency histograms kept (the largest)


def bound_flags(
    conn: Any, ident: sql.Composable, colid: sql.Composable, dist: Distribution
) -> list[str]:
    """The lowest or highest value holding more than BOUND_SHARE of a spread column."""
    row = conn.execute(
        sql.SQL(
            "SELECT count(*), count(DISTINCT {c}), min({c})::text, max({c})::text, "
            "count(*) FILTER (WHERE {c} = (SELECT min({c}) FROM {t})), "
            "count(*) FILTER (WHERE {c} = (SELECT max({c}) FROM {t})) "
            "FROM {t} WHERE {c} IS NOT NULL"
        ).format(c=colid, t=ident)
    ).fetchone()
    if row is None or not row[0] or int(row[1]) < SPREAD:
        return []
    n, out = int(row[0]), []
    for side, value, count in (("lowest", row[2], row[4]), ("highest", row[3], row[5])):
        share = int(count) / n
        if share > BOUND_SHARE:
            out.append(
                f"{100 * share:.0f} % of the rows sit on the {side} value, {value}: a bound "
                "(a declared range or a CHECK) holds them, where a spread column holds a few "
                "per value"
            )
    return out


def dominant_flag(dist: Distribution) -> list[str]:
    """One value holding DOMINANT_SHARE or more of a column's non-null rows, unless the plan
    asks for that."""
    actual = dist.actual
    counts = actual.get("counts") or []
    values = actual.get("values") or []
    n = sum(counts) + int(actual.get("other") or 0)
    if not counts or n <= 0 or (actual.get("distinct") or 0) < 2:
        return []
    top = max(range(len(counts)), key=lambda i: counts[i])
    share = counts[top] / n
    if share < DOMINANT_SHARE:
        return []
    values_planned = dist.planned.get("values") or []
    planned = dict(zip(values_planned, dist.planned.get("weights") or [], strict=False))
    wanted = planned.get(values[top])
    if wanted is not None and wanted >= DOMINANT_SHARE - 0.1:
        return []  # as declared
    asked = f" (planned {100 * wanted:.0f} %)" if wanted is not None else ""
    return [f"one value, {values[top]!r}, holds {100 * share:.0f} % of the non-null rows{asked}"]


def currency_split(
    conn: Any,
    source: sql.Composable,
    amount: sql.Composable,
    currency: sql.Composable,
    named: str,
    bins: int,
    *,
    integer: bool,
) -> tuple[list[str], list[dict[str, Any]]]:
    """(flags, per-currency histograms) of an amount read from `source` beside its currency
    (`named` in the flag): one histogram per currency (the largest MAX_CURRENCIES), each on
    its own scale."""
    rows = conn.execute(
        sql.SQL(
            "SELECT {k}::text, count(*) FROM {t} WHERE {c} IS NOT NULL AND {k} IS NOT NULL "
            "GROUP BY 1 ORDER BY 2 DESC, 1"
        ).format(k=currency, t=source, c=amount)
    ).fetchall()
    if len(rows) < 2:
        return [], []
    codes = [str(r[0]) for r in rows]
    shown = ", ".join(codes[:6]) + (", …" if len(codes) > 6 else "")
    flag = (
        f"amounts in {len(codes)} currencies mixed in one column ({shown}, from {named}): "
        "compare them per currency"
    )
    split = []
    for code, count in rows[:MAX_CURRENCIES]:
        where = sql.SQL("{k}::text = {v}").format(k=currency, v=sql.Literal(str(code)))
        hist = histogram(conn, source, amount, bins, date=False, integer=integer, where=where)
        split.append({"currency": str(code), "rows": int(count), **hist})
    return [flag], split


def currency_source(
    table: Any, column: str, same_table: list[str], parents: list[tuple[Any, list[str]]]
) -> tuple[sql.Composable, sql.Composable, sql.Composable, str] | None:
    """Where an amount's currency is: (rows to read, the amount, the currency, its name) —
    a currency column of the same table, else one of a parent the row belongs to (an order
    line bills in its order's currency): the parent joined by its one-column foreign key."""
    ident = sql.Identifier(table.schema, table.name)
    if same_table:
        return ident, sql.Identifier(column), sql.Identifier(same_table[0]), same_table[0]
    for fk, found in parents:
        if not found or len(fk.columns) != 1:
            continue
        joined = sql.SQL(
            "(SELECT c.{a} AS amount, p.{k} AS currency FROM {t} c "
            "JOIN {p} p ON c.{f} = p.{r}) AS amounts"
        ).format(
            a=sql.Identifier(column),
            k=sql.Identifier(found[0]),
            t=ident,
            p=sql.Identifier(fk.ref_schema, fk.ref_table),
            f=sql.Identifier(fk.columns[0]),
            r=sql.Identifier(fk.ref_columns[0]),
        )
        named = f"{fk.ref_qualified}.{found[0]}"
        return joined, sql.Identifier("amount"), sql.Identifier("currency"), named
    return None
