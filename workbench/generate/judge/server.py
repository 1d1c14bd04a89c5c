"""The server's verdict over candidate rows: COPY them into a staging table without any
constraint (temporary, every column text), then one query that casts them to the columns'
types and returns, for each row that fails something, which constraints it fails.

The query is one set over the batch: row tests (CHECKs, domain CHECKs, NOT NULL, the
expressions an index will compute) and keys (primary, unique, partial and expression unique
indexes, exclusions) both within the batch (a later row repeating an earlier one fails) and
against the rows already kept (a temporary table per key holding their parts). A value the
query cannot even compute (text cast to integer by an index, a function raising) makes the
whole query fail; the rows are then tried one at a time in a PL/pgSQL loop that catches the
error of each (`row_verdicts`), and the keys judged over the rows that did not raise.

Runs on the oracle's own connection (the loader's is busy with COPY); every statement that
reads the table's own SQL text is sent without parameters (its `%` stays as written)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import psycopg

from workbench.errors import GenerationError
from workbench.generate.base.batch import Batch, Col
from workbench.generate.base.format import copy_bytes, to_text
from workbench.generate.base.hashing import stable_hash
from workbench.generate.base.sqltree import columns_of
from workbench.generate.constraints.oracle import CheckOracle, base_type
from workbench.generate.judge.catalog import KEY, ROW, Constraint
from workbench.schema.model import Schema, Table, sql_name
from workbench.schema.typeinfo import TypeInfo

_INT = TypeInfo("int", "bigint")
_PARAM = "\x00wb-param\x00"  # where a psycopg parameter goes, once `%` is escaped

# One row at a time, each test in a subtransaction of its own: (row, failed test numbers, the
# first error's message). Only for a batch whose set query raised.
_ROW_FUNCTION = """
CREATE OR REPLACE FUNCTION pg_temp.wb_judge_rows(rows_query text, tests text[], types integer)
RETURNS TABLE(ord integer, failed integer[], message text) LANGUAGE plpgsql AS $wb$
DECLARE
  r record;
  i integer;
  b boolean;
  bad integer[];
  msg text;
BEGIN
  FOR r IN EXECUTE rows_query LOOP
    bad := '{}';
    msg := NULL;
    FOR i IN 1 .. coalesce(array_length(tests, 1), 0) LOOP
      IF i > types AND cardinality(bad) > 0 AND bad[1] <= types THEN
        EXIT;  -- a value its column's type refuses: nothing else is computed on it
      END IF;
      BEGIN
        EXECUTE tests[i] INTO b USING r.vals;
        IF b THEN
          bad := bad || i;
        END IF;
      EXCEPTION WHEN OTHERS THEN
        bad := bad || i;
        msg := coalesce(msg, SQLERRM);
      END;
    END LOOP;
    IF cardinality(bad) > 0 THEN
      ord := r._wb_ord;
      failed := bad;
      message := msg;
      RETURN NEXT;
    END IF;
  END LOOP;
END
$wb$
"""


@dataclass
class Verdict:
    """Per constraint name, the mask of the batch's rows that fail it; and, for a constraint
    whose computation raised, the server's message."""

    failing: dict[str, np.ndarray] = field(default_factory=dict)
    messages: dict[str, str] = field(default_factory=dict)

    def any(self) -> np.ndarray | None:
        masks = [m for m in self.failing.values() if m.any()]
        if not masks:
            return None
        out = masks[0].copy()
        for m in masks[1:]:
            out |= m
        return out


class ServerJudge:
    """One table's staging table and kept keys on the oracle's connection."""

    BY_VALUE = 256  # rows judged with their values sent as arrays, without the staging table

    def __init__(
        self,
        oracle: CheckOracle,
        schema: Schema,
        table: Table,
        columns: list[str],
        infos: dict[str, TypeInfo],
        seeded: bool,
    ) -> None:
        self.oracle = oracle
        self.schema = schema
        self.table = table
        self.columns = [c for c in columns if table.column(c) is not None]  # staged, in order
        self.infos = infos
        self.seeded = seeded  # the table holds rows already (schema.sql's): keys start with them
        self.tag = f"{stable_hash(table.qualified) & 0xFFFFFFFF:08x}"
        self.stage = f"pg_temp.wb_stage_{self.tag}"
        self.kept: dict[str, str] = {}  # key constraint name -> its kept table
        self.keys: dict[str, int] = {}  # key constraint name -> its number in the layer
        self.ready = False
        self.queries = 0

    # --- SQL ---------------------------------------------------------------------------

    def _type(self, name: str) -> str:
        column = self.table.column(name)
        assert column is not None
        text = base_type(self.schema, column.type)
        if column.collation:
            text += " COLLATE " + ".".join(sql_name(p) for p in column.collation.split("."))
        return text

    def _layer(self, source: str, staged: list[str], keys: list[Constraint]) -> str:
        """`WITH t0 … u AS (…)`: the rows typed (`source` gives each staged column's text as
        `c<i>`, plus _wb_ord and _wb_row), generated columns computed, and each key's parts
        (`_wb_k<k>_<j>`) and whether the row is under the key (`_wb_e<k>`)."""
        plain = []
        for column in self.table.columns:
            if column.generated is not None:
                continue
            if column.name in staged:
                i = staged.index(column.name)
                plain.append(f"(s.c{i})::{self._type(column.name)} AS {sql_name(column.name)}")
            else:
                plain.append(f"NULL::{self._type(column.name)} AS {sql_name(column.name)}")
        parts = [f"t0 AS (SELECT s._wb_ord, s._wb_row, {', '.join(plain)} FROM {source})"]
        generated = [c for c in self.table.columns if c.generated is not None]
        if generated:
            computed = ", ".join(f"({c.generated.sql}) AS {sql_name(c.name)}" for c in generated)  # type: ignore[union-attr]
            # under the table's own name: an expression may name its columns `table.column`
            own = sql_name(self.table.name)
            parts.append(f"t AS (SELECT {own}.*, {computed} FROM t0 AS {own})")
        else:
            parts.append("t AS (SELECT * FROM t0)")
        extra = []
        for key in keys:
            k = self.keys[key.name]
            for j, part in enumerate(key.parts):
                extra.append(f"({part}) AS _wb_k{k}_{j}")
            elig = [f"coalesce(({key.predicate}), false)" if key.predicate else "true"]
            if key.nulls_distinct and not key.exclusion:
                elig += [f"({part}) IS NOT NULL" for part in key.parts]
            extra.append(f"({' AND '.join(elig)}) AS _wb_e{k}")
        parts.append(f"u AS (SELECT t.*{''.join(', ' + e for e in extra)} FROM t)")
        return "WITH " + ", ".join(parts)

    def _key_test(self, key: Constraint) -> str:
        k = self.keys[key.name]
        n = len(key.parts)
        kept = self.kept[key.name]
        if not key.exclusion:
            within = (
                f"row_number() OVER (PARTITION BY u._wb_e{k}"
                + "".join(f", u._wb_k{k}_{j}" for j in range(n))
                + " ORDER BY u._wb_ord) > 1"
            )
            eq = " IS NOT DISTINCT FROM " if not key.nulls_distinct else " = "
            match = " AND ".join(f"k.e{j}{eq}u._wb_k{k}_{j}" for j in range(n))
            return f"(u._wb_e{k} AND ({within} OR EXISTS (SELECT 1 FROM {kept} k WHERE {match})))"
        ops = key.operators
        pair = " AND ".join(f"(u2._wb_k{k}_{j} {ops[j]} u._wb_k{k}_{j})" for j in range(n))
        kept_pair = " AND ".join(f"(k.e{j} {ops[j]} u._wb_k{k}_{j})" for j in range(n))
        return (
            f"(u._wb_e{k} AND (EXISTS (SELECT 1 FROM u u2 WHERE u2._wb_ord < u._wb_ord AND "
            f"u2._wb_e{k} AND {pair}) OR EXISTS (SELECT 1 FROM {kept} k WHERE {kept_pair})))"
        )

    # --- setup -------------------------------------------------------------------------

    def _setup(self, keys: list[Constraint]) -> None:
        conn = self.oracle.connection()
        if not self.ready:
            cols = ", ".join(f"c{i} text" for i in range(len(self.columns)))
            conn.execute(
                f"CREATE TEMP TABLE IF NOT EXISTS {self.stage} "
                f"(_wb_ord integer, _wb_row bigint{', ' + cols if cols else ''}) "
                "ON COMMIT DELETE ROWS"
            )
            self.ready = True
        for key in keys:
            if key.name in self.kept:
                continue
            k = len(self.keys)
            self.keys[key.name] = k
            kept = f"pg_temp.wb_kept_{self.tag}_{k}"
            layer = self._layer(self.stage + " s", self.columns, [key])
            cols = ", ".join(f"u._wb_k{k}_{j} AS e{j}" for j in range(len(key.parts)))
            conn.execute(f"DROP TABLE IF EXISTS {kept}")
            try:
                conn.execute(
                    (f"CREATE TEMP TABLE {kept} AS {layer} SELECT u._wb_row, {cols} FROM u")
                    + " WITH NO DATA"
                )
            except psycopg.Error as err:
                raise self._error(key, err, "its key cannot be computed") from err
            method = "btree" if not key.exclusion else "gist"
            names = ", ".join(f"e{j}" for j in range(len(key.parts)))
            try:
                with conn.transaction():
                    conn.execute(f"CREATE INDEX ON {kept} USING {method} ({names})")
            except psycopg.Error:
                pass  # no index for these types: the search is a scan
            self.kept[key.name] = kept
            if self.seeded:
                self._seed(key, kept)

    def _seed(self, key: Constraint, kept: str) -> None:
        """The key's parts of the rows the table holds already (schema.sql's own rows)."""
        elig = [f"coalesce(({key.predicate}), false)" if key.predicate else "true"]
        if key.nulls_distinct and not key.exclusion:
            elig += [f"({p}) IS NOT NULL" for p in key.parts]
        parts = ", ".join(f"({p})" for p in key.parts)
        schema, _, name = self.table.qualified.partition(".")
        conn = self.oracle.connection()
        conn.execute(
            f"INSERT INTO {kept} SELECT -1, {parts} FROM ONLY {sql_name(schema)}.{sql_name(name)}"
            f" AS u WHERE {' AND '.join(elig)}"
        )

    def _error(self, c: Constraint, err: Exception, what: str) -> GenerationError:
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        where = f" (schema.sql:{self.table.source.line})" if self.table.source else ""
        return GenerationError(
            f"{self.table.qualified}: {c.name} ({c.text}){where}: {what} on the server over "
            f"generated rows: {first}"
        )

    # --- verdict -----------------------------------------------------------------------

    def forget(self, rows: np.ndarray) -> None:
        """Rows (by row number) whose keys were kept and are judged again or dropped."""
        if not self.kept or not rows.size:
            return
        conn = self.oracle.connection()
        for kept in self.kept.values():
            conn.execute(f"DELETE FROM {kept} WHERE _wb_row = ANY(%s)", (rows.tolist(),))

    def verdict(
        self,
        batch: Batch,
        positions: np.ndarray,
        rows: np.ndarray,
        constraints: list[Constraint],
        failed_here: np.ndarray | None = None,
    ) -> Verdict:
        """Judge the batch's rows at `positions` (their row numbers `rows`) against the
        constraints; the keys of the rows that pass everything (and are not `failed_here`,
        rows that fail a test judged elsewhere) are kept for the next batches."""
        n = len(next(iter(batch.values())).values)
        out = Verdict({c.name: np.zeros(n, bool) for c in constraints})
        if not constraints or not positions.size:
            return out
        keys = [c for c in constraints if c.kind == KEY]
        tests = [c for c in constraints if c.kind == ROW]
        read: set[str] = set()
        for c in constraints:
            read |= c.columns
        for column in self.table.columns:
            if column.generated is not None and column.name in read:
                tree = column.generated.tree
                read |= set(self.columns) if tree is None else columns_of(tree)
        staged = [c for c in self.columns if c in read and c in batch]
        if not keys and positions.size <= self.BY_VALUE:
            quick = self._by_value(batch, positions, rows, staged, tests)
            if quick is not None:
                for ord_, which in quick.items():
                    for name in which:
                        out.failing.setdefault(name, np.zeros(n, bool))[ord_] = True
                return out
        self._setup(keys)
        data = copy_bytes(
            [
                (Col(positions.astype(np.int64), np.zeros(positions.size, bool), "int"), _INT),
                (Col(rows.astype(np.int64), np.zeros(rows.size, bool), "int"), _INT),
                *(
                    (
                        Col(batch[c].values[positions], batch[c].nulls[positions], batch[c].kind),
                        self.infos[c],
                    )
                    for c in staged
                ),
            ]
        )
        conn = self.oracle.connection()
        names = ", ".join(["_wb_ord", "_wb_row", *(f"c{self.columns.index(c)}" for c in staged)])
        self.queries += 1
        with conn.transaction():
            with conn.cursor() as cur, cur.copy(f"COPY {self.stage} ({names}) FROM STDIN") as cp:
                cp.write(data)
            failing, raised = self._set_query(conn, self._source(staged, []), staged, tests, keys)
            if raised is not None:
                row_fails, messages = self._row_query(conn, staged, tests, keys)
                for ord_, which in row_fails.items():
                    for name in which:
                        out.failing.setdefault(name, np.zeros(n, bool))[ord_] = True
                out.messages.update(messages)
                errored = sorted(row_fails)
                source = self._source(staged, errored)
                failing, raised = self._set_query(conn, source, staged, tests, keys)
                if raised is not None:
                    culprit = keys[0] if keys else tests[0]
                    raise self._error(culprit, raised, "the rows could not be judged")
            for ord_, which in failing.items():
                for name in which:
                    out.failing.setdefault(name, np.zeros(n, bool))[ord_] = True
            if keys:
                bad = out.any()
                skip = np.zeros(n, bool) if bad is None else bad.copy()
                if failed_here is not None:
                    skip |= failed_here
                self._keep(conn, staged, keys, positions[skip[positions]])
        return out

    def _source(self, staged: list[str], skip: list[int]) -> str:
        cols = ", ".join(f"s.c{self.columns.index(c)} AS c{i}" for i, c in enumerate(staged))
        where = f" WHERE s._wb_ord <> ALL('{{{','.join(map(str, skip))}}}'::int[])" if skip else ""
        return (
            f"(SELECT s._wb_ord, s._wb_row{', ' + cols if cols else ''} FROM {self.stage} s"
            f"{where}) s"
        )

    def _by_value(
        self,
        batch: Batch,
        positions: np.ndarray,
        rows: np.ndarray,
        staged: list[str],
        tests: list[Constraint],
    ) -> dict[int, list[str]] | None:
        """A few rows judged in one query, their values sent as arrays (no staging table);
        None when the query raised (the caller then stages them and goes row by row)."""
        texts = []
        for c in staged:
            col = batch[c]
            shown = to_text(
                Col(col.values[positions], col.nulls[positions], col.kind), self.infos[c]
            )
            nulls = col.nulls[positions].tolist()
            texts.append([None if z else t for t, z in zip(shown, nulls, strict=True)])
        types = ["integer[]", "bigint[]"] + ["text[]"] * len(staged)
        arrays = ", ".join(f"{_PARAM}::{t}" for t in types)
        names = ", ".join(["_wb_ord", "_wb_row", *(f"c{i}" for i in range(len(staged)))])
        source = f"(SELECT * FROM unnest({arrays}) AS s({names})) s"
        params = [positions.tolist(), rows.tolist(), *texts]
        got, raised = self._set_query(self.oracle.connection(), source, staged, tests, [], params)
        self.queries += 1
        return None if raised is not None else got

    def _set_query(
        self,
        conn: Any,
        source: str,
        staged: list[str],
        tests: list[Constraint],
        keys: list[Constraint],
        params: list[Any] | None = None,
    ) -> tuple[dict[int, list[str]], Exception | None]:
        """The set query over `source`: each failing row and what it fails; or the error it
        raised. With `params`, the schema's text has its `%` doubled for psycopg."""
        judged = [*tests, *keys]
        layer = self._layer(source, staged, keys)
        flags = [c.sql for c in tests] + [self._key_test(k) for k in keys]
        query = (
            f"{layer} SELECT x._wb_ord, x.f FROM (SELECT u._wb_ord, ARRAY[{', '.join(flags)}]::"
            "boolean[] AS f FROM u) x WHERE true = ANY(x.f)"
        )
        if params is not None:
            query = query.replace("%", "%%").replace(_PARAM, "%s")
        try:
            with conn.transaction():
                got = conn.execute(query, params).fetchall()
        except psycopg.Error as err:
            if isinstance(err, psycopg.errors.QueryCanceled | psycopg.OperationalError):
                raise
            return {}, err
        out: dict[int, list[str]] = {}
        for ord_, f in got:
            out[int(ord_)] = [c.name for c, hit in zip(judged, f, strict=False) if hit]
        return out, None

    def _row_query(
        self, conn: Any, staged: list[str], tests: list[Constraint], keys: list[Constraint]
    ) -> tuple[dict[int, list[str]], dict[str, str]]:
        """Each staged row on its own: which tests fail or raise (its values' types first)."""
        source = (
            "(SELECT 0 AS _wb_ord, 0::bigint AS _wb_row"
            + "".join(f", ($1)[{i + 1}] AS c{i}" for i in range(len(staged)))
            + ") s"
        )
        layer = self._layer(source, staged, keys)
        names: list[str] = []
        texts: list[str] = []
        for i, column in enumerate(staged):
            names.append(f"type of {column}")
            texts.append(f"SELECT pg_catalog.num_nulls((($1)[{i + 1}])::{self._type(column)}) < 0")
        types = len(texts)
        for c in tests:
            names.append(c.name)
            texts.append(f"{layer} SELECT {c.sql} FROM u")
        for key in keys:
            k = self.keys[key.name]
            parts = [f"u._wb_k{k}_{j}" for j in range(len(key.parts))] + [f"u._wb_e{k}"]
            names.append(key.name)
            texts.append(f"{layer} SELECT pg_catalog.num_nulls({', '.join(parts)}) < 0 FROM u")
        rows_query = (
            f"SELECT s._wb_ord, ARRAY[{', '.join(f's.c{self.columns.index(c)}' for c in staged)}]"
            f"::text[] AS vals FROM {self.stage} s"
        )
        try:
            with conn.transaction():
                conn.execute(_ROW_FUNCTION)
                got = conn.execute(
                    "SELECT ord, failed, message FROM pg_temp.wb_judge_rows(%s, %s, %s)",
                    (rows_query, texts, types),
                ).fetchall()
        except psycopg.Error as err:
            if isinstance(err, psycopg.errors.QueryCanceled | psycopg.OperationalError):
                raise
            culprit = (tests or keys)[0]
            raise self._error(culprit, err, "the rows could not be judged one by one") from err
        out: dict[int, list[str]] = {}
        messages: dict[str, str] = {}
        for ord_, failed, message in got:
            which = [names[i - 1] for i in failed]
            out[int(ord_)] = which
            if message:
                for name in which:
                    messages.setdefault(name, message)
        return out, messages

    def _keep(self, conn: Any, staged: list[str], keys: list[Constraint], skip: np.ndarray) -> None:
        """The keys of the staged rows that passed, for the batches after this one."""
        layer = self._layer(self._source(staged, [int(s) for s in skip]), staged, keys)
        for key in keys:
            k = self.keys[key.name]
            cols = ", ".join(f"u._wb_k{k}_{j}" for j in range(len(key.parts)))
            conn.execute(
                f"{layer} INSERT INTO {self.kept[key.name]} SELECT u._wb_row, {cols} FROM u "
                f"WHERE u._wb_e{k}"
            )
