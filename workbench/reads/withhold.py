"""What the MCP tools show a model of the sandbox's rows: personal columns masked again.

A sandbox may hold a seed — masked, but still real relationships and real free text — so what
reaches a model is bounded a second time: the values of personal columns (by the
classification: `workbench classify`, the same columns a seed import masks) are replaced by a
freshly keyed mask of the same shape before a `sample` or `query` result leaves, and the
result says how many values were withheld. sandbox.toml's `personal` capability turns this off.

A query's column is traced to its table column by the server's own description of the result
(the origin PostgreSQL reports through subqueries and views' plain columns); an expression
over a personal column (`lower(email)`, `email || ''`) has no origin and is not masked: the
layer bounds what a model sees by accident, it is not a wall (docs/security.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import psycopg
from psycopg import sql

from workbench.access.sqlcheck import statement_body
from workbench.reads.explore import query as explore_query
from workbench.reads.explore import sample as explore_sample
from workbench.seed.key import seed_key
from workbench.seed.maskers import MASKERS, Keyed, emails_within
from workbench.seed.policy import personal_kinds

if TYPE_CHECKING:
    from workbench.context import Context

CAPABILITY = "personal"
_WHY = (
    "personal columns (by the classification), and the emails other text carries, are masked "
    "again; sandbox.toml grants no 'personal' capability"
)


def sample(ctx: Context, table: str, limit: int = 10) -> dict[str, Any]:
    result = explore_sample(ctx, table, limit).to_dict()
    origins: list[tuple[str, str] | None] = [(result["table"], c) for c in result["columns"]]
    return _withhold(ctx, result, origins)


def query(ctx: Context, text: str, limit: int = 100, timeout_ms: int = 5000) -> dict[str, Any]:
    result = explore_query(ctx, text, limit, timeout_ms).to_dict()
    if CAPABILITY in ctx.config.sandbox.capabilities or not result.get("columns"):
        return result
    return _withhold(ctx, result, _origins(ctx, text, len(result["columns"])))


def emails_masked(ctx: Context, texts: list[str]) -> list[str]:
    """`texts` with the emails they carry masked as `query` masks them (same key, same
    masker), unless sandbox.toml grants `personal`: for the texts of an agent's rehearsal
    (an error its SQL filled with rows), which have no column to trace."""
    if CAPABILITY in ctx.config.sandbox.capabilities:
        return texts
    return emails_within(texts, Keyed(seed_key(ctx.state_dir), purpose="withheld"))


def _withhold(
    ctx: Context, result: dict[str, Any], origins: list[tuple[str, str] | None]
) -> dict[str, Any]:
    if CAPABILITY in ctx.config.sandbox.capabilities:
        return result
    kinds = personal_kinds(ctx.schema(), ctx.config)
    keyed = Keyed(seed_key(ctx.state_dir), purpose="withheld")
    rows = result["rows"]
    withheld = 0
    masked_columns: list[int] = []
    for i, origin in enumerate(origins):
        if origin is not None and origin in kinds:
            found = [(r, str(row[i])) for r, row in enumerate(rows) if row[i] is not None]
            masked = MASKERS[kinds[origin]]([text for _, text in found], keyed) if found else []
        else:
            # any other text: the emails it carries masked as an email column's are (same
            # key, same masker), so one person has one pseudonym in the whole result
            found = [(r, row[i]) for r, row in enumerate(rows) if isinstance(row[i], str)]
            masked = emails_within([text for _, text in found], keyed)
            found, masked = _changed(found, masked)
            if not found:
                continue
        masked_columns.append(i)
        for (r, _), value in zip(found, masked, strict=True):
            rows[r][i] = value
        withheld += len(found)
    if not masked_columns:
        return result
    result["withheld"] = {
        "values": withheld,
        "columns": [result["columns"][i] for i in masked_columns],
        "why": _WHY,
    }
    return result


def _changed(
    found: list[tuple[int, str]], masked: list[str]
) -> tuple[list[tuple[int, str]], list[str]]:
    """The values masking changed, and what they became."""
    pairs = [(f, m) for f, m in zip(found, masked, strict=True) if f[1] != m]
    return [f for f, _ in pairs], [m for _, m in pairs]


def _origins(ctx: Context, text: str, width: int) -> list[tuple[str, str] | None]:
    """Each result column's table column, as the server describes the statement (a probe of
    it as a subquery, LIMIT 0, as the same role); None where it has none."""
    body, first = statement_body(text)
    if first not in ("select", "with", "values", "table"):
        return [None] * width
    probe = sql.SQL("SELECT * FROM (") + sql.SQL(body) + sql.SQL("\n) AS q LIMIT 0")
    conn = ctx.db.agent(autocommit=False)
    try:
        conn.rollback()  # the guard's checks ran in a transaction; end it to set the mode
        conn.read_only = True
        with conn.cursor() as cur:
            cur.execute(probe)
            result = cur.pgresult
            if result is None or result.nfields != width:
                return [None] * width
            pairs = [(result.ftable(i), result.ftablecol(i)) for i in range(width)]
            named = _column_names(conn, {oid for oid, _ in pairs if oid})
    except psycopg.Error:
        return [None] * width
    finally:
        conn.rollback()
        conn.close()
    return [named.get(pair) for pair in pairs]


def _column_names(conn: Any, oids: set[int]) -> dict[tuple[int, int], tuple[str, str]]:
    if not oids:
        return {}
    rows = conn.execute(
        """
        SELECT c.oid, a.attnum, n.nspname || '.' || c.relname, a.attname
        FROM pg_catalog.pg_class c
        JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0
        WHERE c.oid = ANY(%s)
        """,
        (list(oids),),
    ).fetchall()
    return {(int(oid), int(num)): (table, column) for oid, num, table, column in rows}
