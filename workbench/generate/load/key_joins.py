"""Joins from a use row `u` along a way of foreign-key hops, for the load passes that read
what a row reaches (its credential's thing, its certificate's scope, a measure to cover)."""

from __future__ import annotations

from collections.abc import Sequence

from psycopg import sql

from workbench.generate.load.detach import qualified_ident


def joins_along(
    hops: Sequence[Sequence[str]], prefix: str, *, left: bool = False
) -> tuple[sql.Composable, str]:
    """The joins along `hops` ((table, column, referenced table, referenced column) each)
    from `u`, each table aliased `prefix` + its place, and the alias of the last one; a left
    join keeps the use row where a hop finds nothing."""
    joins: list[sql.Composable] = []
    alias = "u"
    for n, (_, column, ref, ref_column) in enumerate(hops):
        nxt = f"{prefix}{n}"
        joins.append(
            sql.SQL(" {j} {t} {a} ON {a}.{rc} = {p}.{c}").format(
                j=sql.SQL("LEFT JOIN" if left else "JOIN"),
                t=qualified_ident(ref),
                a=sql.Identifier(nxt),
                rc=sql.Identifier(ref_column),
                p=sql.Identifier(alias),
                c=sql.Identifier(column),
            )
        )
        alias = nxt
    return sql.SQL("").join(joins), alias
