"""The things out with someone (rules/lent.py): once every table is loaded, a thing with an
open record (gone out, not back) takes its out label, a thing labelled out with none takes its
idle label; one statement per table, staged and CHECKed as the totals are
(totals_load.rewrite)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from psycopg import sql

from workbench.generate.load.detach import qualified_ident
from workbench.generate.load.rewrite import rewrite
from workbench.generate.load.totals_load import post_pass

if TYPE_CHECKING:
    from collections.abc import Callable

    from workbench.generate.plan.tables import Plan
    from workbench.generate.rows.assembler import TableGenerator
    from workbench.generate.rules.base import Rule


def apply_lent(
    conn: Any,
    plan: Plan,
    generators: dict[str, TableGenerator],
    warn: Callable[[list[str]], None],
) -> None:
    """Every thing's out-or-not status of the plan's loaded tables, in one transaction."""
    post_pass(conn, plan, generators, "lent", lambda gen, rule: _lend(conn, gen, rule, warn))


def _lend(conn: Any, gen: TableGenerator, rule: Rule, warn: Callable[[list[str]], None]) -> None:
    data = rule.data
    opens = [
        sql.SQL(
            "EXISTS (SELECT 1 FROM {rec} r WHERE r.{key} = t.{ref}"
            " AND r.{out} IS NOT NULL AND r.{back} IS NULL)"
        ).format(
            rec=qualified_ident(table),
            key=sql.Identifier(key),
            ref=sql.Identifier(ref),
            out=sql.Identifier(out),
            back=sql.Identifier(back),
        )
        for table, key, ref, out, back in data["records"]
    ]
    # the labels as literals of the column's own type (an enum, a text with a CHECK list)
    value = sql.SQL(
        "CASE WHEN {open} THEN {out} WHEN t.{status} = {out} THEN {idle} ELSE t.{status} END"
    ).format(
        open=sql.SQL(" OR ").join(opens),
        out=sql.Literal(data["out"]),
        idle=sql.Literal(data["idle"]),
        status=sql.Identifier(data["status"]),
    )
    source = sql.SQL("{} t").format(qualified_ident(gen.tp.name))
    rewrite(conn, gen, data["status"], value, source, warn)
