"""The sandbox server as the judge of CHECKs the evaluator cannot compute.

A CHECK calling a function of the schema, a domain CHECK with a construct the evaluator does
not know, or a CHECK on a generated column is evaluated by the server itself, over the whole
candidate batch in one query: the batch travels as one text array per column, is cast to the
columns' types (a domain's base type, so that the domain's own CHECK is judged here rather
than raised), and the query returns, for each row where some CHECK is FALSE, which ones.
A CHECK passes on NULL, as in PostgreSQL, so only `IS FALSE` fails.

The oracle opens its own connection on first use (the loader's is busy with COPY) and only
tables with such CHECKs ever use it."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from psycopg import sql

from workbench.errors import DatabaseError
from workbench.schema.model import ColumnType, Schema, Table, format_type
from workbench.schema.typeinfo import canonical, lookup


@dataclass
class ServerCheck:
    """One CHECK for the server: its name, SQL text and, for a domain CHECK, the column that
    stands for VALUE."""

    name: str
    text: str
    columns: set[str]
    value_column: str | None = None


def base_type(schema: Schema, ctype: ColumnType) -> str:
    """The column's type as SQL, with domains replaced by their base types."""

    current = ctype
    dims = ctype.array_dims
    for _ in range(8):
        name = canonical(current.name)
        stripped = name.rstrip("[]")
        dims_here = (len(name) - len(stripped)) // 2
        candidates = [stripped]
        if "." not in stripped:
            candidates += [f"{s}.{stripped}" for s in (schema.schemas or ["public"])]
            candidates.append(f"public.{stripped}")
        domain = next((d for c in candidates if (d := lookup(schema.domains, c)) is not None), None)
        if domain is None:
            break
        dims += dims_here
        current = domain.base
        dims += current.array_dims
        current = ColumnType(
            current.name, current.length, current.precision, current.scale, 0, current.user_defined
        )
    text = format_type(
        ColumnType(
            current.name,
            current.length,
            current.precision,
            current.scale,
            0,
            current.user_defined,
        ),
        quoted=True,
    )
    text = text.rstrip("[]") if text.endswith("[]") else text
    return text + "[]" * (dims or current.array_dims)


class CheckOracle:
    """Evaluates CHECKs on the server; `connect` gives a fresh connection when first needed."""

    def __init__(self, connect: Callable[[], Any]) -> None:
        self._connect = connect
        self._conn: Any = None
        self.queries = 0

    def connection(self) -> Any:
        if self._conn is None:
            self._conn = self._connect()
        return self._conn

    def close(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = None

    def failing(
        self,
        schema: Schema,
        table: Table,
        checks: list[ServerCheck],
        columns: dict[str, tuple[list[str | None], ColumnType]],
        n: int,
    ) -> dict[str, np.ndarray]:
        """For each CHECK, the mask of rows where the server finds it FALSE.
        `columns`: name -> (text of each value, None for NULL; the column's declared type)."""
        names = list(columns)
        args = [columns[c][0] for c in names]
        inner = sql.SQL(", ").join(
            sql.SQL("u.{}::{} AS {}").format(
                sql.Identifier(f"c{i}"),
                sql.SQL(base_type(schema, columns[c][1])),
                sql.Identifier(c),
            )
            for i, c in enumerate(names)
        )
        aliases = sql.SQL(", ").join(
            [sql.Identifier(f"c{i}") for i in range(len(names))] + [sql.Identifier("_wb_ord")]
        )
        unnest = sql.SQL(", ").join(sql.SQL("%s::text[]") for _ in names)
        generated = [(c.name, c.generated) for c in table.columns if c.generated is not None]
        layer = sql.SQL("SELECT u._wb_ord, {} FROM unnest({}) WITH ORDINALITY AS u({})").format(
            inner, unnest, aliases
        )
        if generated:
            computed: list[sql.Composable] = [
                sql.SQL("({}) AS {}").format(
                    sql.SQL(expr.sql.replace("%", "%%")), sql.Identifier(name)
                )
                for name, expr in generated
            ]
            extra = sql.SQL(", ").join(computed)
            layer = sql.SQL("SELECT t0.*, {} FROM ({}) AS t0").format(extra, layer)

        def raw(text: str) -> sql.SQL:
            # the query also carries %s parameters: a literal % must be doubled
            return sql.SQL(text.replace("%", "%%"))

        tests = []
        for chk in checks:
            if chk.value_column is not None:
                tests.append(
                    sql.SQL("((SELECT ({}) FROM (SELECT t.{} AS value) AS v) IS FALSE)").format(
                        raw(chk.text), sql.Identifier(chk.value_column)
                    )
                )
            else:
                tests.append(sql.SQL("(({}) IS FALSE)").format(raw(chk.text)))
        query = sql.SQL("SELECT t._wb_ord, ARRAY[{}] FROM ({}) AS t WHERE {}").format(
            sql.SQL(", ").join(tests), layer, sql.SQL(" OR ").join(tests)
        )
        conn = self.connection()
        self.queries += 1
        try:
            with conn.transaction():
                rows = conn.execute(query, args).fetchall()
        except Exception as err:
            if err.__class__.__module__.startswith("psycopg"):
                raise DatabaseError(
                    f"{table.qualified}: the server could not evaluate CHECK "
                    f"{', '.join(c.name for c in checks)} over generated rows: "
                    f"{str(err).strip().splitlines()[0]}"
                ) from err
            raise
        out = {chk.name: np.zeros(n, bool) for chk in checks}
        for ordinal, flags in rows:
            for chk, flag in zip(checks, flags, strict=False):
                if flag:
                    out[chk.name][int(ordinal) - 1] = True
        return out
