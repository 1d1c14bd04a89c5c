"""Property: on any schema built from the idioms real dumps carry (issue 10, items 4–6),
`generate` loads every table and every constraint holds.

Hypothesis draws a small satisfiable schema (tests/engine/strategies_schema.py), the test
proves it satisfiable on the server (its witness rows insert, then roll back), runs the
engine's real `generate` into the session cluster, and then checks the result with the server
alone: every constraint of the file exists and is validated (NOT VALID ones are validated
now), every CHECK, domain CHECK, FK and unique holds when recomputed by a query, and each table
holds the rows asked for, or exactly as many as its keys allow: the capacity is worked out by
the test from the strategy's model, never read from the engine's warnings. The test then
asserts that every idiom the strategy lists occurred in the profile's examples (counted with
the events Hypothesis reports). test_property_expressions.py does the same for PostgreSQL's
expression grammar.

Profiles (HYPOTHESIS_PROFILE): `ci` (the default, so `.ci/run` uses it): 100 derandomized
examples, sized for the CI budget (150 took 150 s of a CI run; an idiom they miss is searched
for and checked on its own, so every idiom is still covered); `explore`: 2,000 random
examples, for hunting locally; `quick`: 40.
"""

from __future__ import annotations

import math
import os
import re
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from hypothesis import HealthCheck, event, find, given, note, settings
from hypothesis import strategies as st
from psycopg import sql

from tests.engine.strategies_schema import IDIOMS, Schema, Table, schemas
from workbench.engine import Engine
from workbench.events import Event, Warning

_HEALTH = [
    HealthCheck.too_slow,
    HealthCheck.function_scoped_fixture,  # make_project: one project per example, cleaned here
    HealthCheck.data_too_large,
]
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=_HEALTH,
    print_blob=True,
)
settings.register_profile(
    "explore", max_examples=2000, deadline=None, suppress_health_check=_HEALTH, print_blob=True
)
settings.register_profile(
    "quick",
    max_examples=40,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=_HEALTH,
)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
#: the search for an idiom the profile's examples missed (test_generate_satisfies_every_constraint)
_SEARCH = settings(
    max_examples=2000, deadline=None, derandomize=True, database=None,
    suppress_health_check=_HEALTH,
)  # fmt: skip

#: Idioms held back while the engine fix for them is pending, each with the branch fixing it.
#: Remove an entry when that fix is on main; the property then covers the idiom again.
#: Each entry names its finding in /work/wt/props-findings.md.
IDIOMS_PENDING: dict[str, str] = {}

ENABLED = frozenset(i for i in IDIOMS if i not in IDIOMS_PENDING)

#: The judge adopted another family of values for a column (issue 24, item 2): said, not failed.
_FAMILY = re.compile(
    r"^(?:public\.)?\w+\.\w+: .* refused most values of the .* the server accepts "
)
#: A cap warning: "t: capped at 3 rows (31 requested): …" (or "t: 31 rows requested, 3 possible").
_CAP = re.compile(
    r"^(?:public\.)?(\w+): "
    r"(?:capped at (\d+) rows? \(\d+ requested\)|\d+ rows requested, (\d+) possible)"
)


#: The idioms the examples of one run drew (the events, counted here to be asserted).
SEEN: Counter[str] = Counter()


@pytest.fixture(scope="module")
def proof_db(pg_cluster) -> Iterator[str]:
    """An empty database where each example's schema is proven satisfiable, then rolled back:
    the sandbox's own database is made by `generate` (one CREATE DATABASE an example, not
    two)."""
    name = pg_cluster.create_database()
    try:
        yield pg_cluster.conninfo(name)
    finally:
        pg_cluster.drop_database(name)


def test_generate_satisfies_every_constraint(make_project, pg_cluster, proof_db) -> None:
    """The property over the profile's examples; then every idiom the strategy lists (and
    the module enables) must have occurred: one the examples missed is searched for and
    checked on its own, and a strategy that cannot draw one claims a coverage it does not
    have (find raises)."""
    SEEN.clear()
    _satisfies_every_constraint(make_project, pg_cluster, proof_db)
    # the examples are derandomized, yet a CI run of the suite once drew none of three idioms
    for idiom in sorted(ENABLED - set(SEEN)):
        schema = find(schemas(ENABLED), lambda s, i=idiom: i in s.idioms, settings=_SEARCH)
        _generate_and_check(make_project, pg_cluster, proof_db, schema, 40, 1)
    missing = sorted(ENABLED - set(SEEN))
    assert not missing, f"idioms listed but never drawn in {PROFILE}'s examples: {missing}"


@settings(settings.get_profile(PROFILE))
@given(schema=schemas(ENABLED), rows=st.integers(20, 60), seed=st.integers(0, 2**16))
def _satisfies_every_constraint(
    make_project, pg_cluster, proof_db: str, schema: Schema, rows: int, seed: int
) -> None:
    note(schema.ddl())
    for idiom in sorted(schema.idioms):
        event(f"idiom {idiom}")
    _generate_and_check(make_project, pg_cluster, proof_db, schema, rows, seed)


def _generate_and_check(
    make_project, pg_cluster, proof_db: str, schema: Schema, rows: int, seed: int
) -> None:
    ddl = schema.ddl()
    for idiom in schema.idioms:
        SEEN[idiom] += 1
    name = f"pp_{uuid.uuid4().hex[:10]}"
    config = make_project(ddl, name=name, folder=name, create_db=False)
    try:
        _prove_satisfiable(proof_db, schema, ddl)
        check_generation(pg_cluster.conninfo(name), config, schema, rows, seed)
    finally:
        pg_cluster.drop_database(name)


def check_generation(conninfo: str, config: Path, schema: Schema, rows: int, seed: int) -> None:
    """The property for one schema (proven satisfiable): generated, then verified."""
    events: list[Event] = []
    Engine(config).generate(rows=rows, seed=seed, keep_snapshot=False, on_event=events.append)
    warnings = [e.message for e in events if isinstance(e, Warning)]
    _caps(warnings, schema)
    kept: dict[str, int] = {}
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute("SET search_path = public")
        _check_catalog(conn, schema)
        for table in schema.tables:  # parents first: a key's capacity counts their rows
            kept[table.name] = _check_rows(conn, table, rows, capacity(table, kept))
            _check_data(conn, schema, table)


def _prove_satisfiable(conninfo: str, schema: Schema, ddl: str) -> None:
    """The schema and its witness rows on the server, rolled back: a failure here is a bug in
    the strategy (an unsatisfiable or invalid schema), not in the engine."""
    with psycopg.connect(conninfo) as conn:
        try:
            conn.execute(ddl)
            conn.execute("SET search_path = public")
            for table in schema.tables:
                conn.execute(table.witness_insert())
        except psycopg.Error as err:
            raise AssertionError(f"strategy bug, the witness does not load: {err}") from None
        finally:
            conn.rollback()


def _caps(warnings: list[str], schema: Schema) -> dict[str, int]:
    """The tables the engine capped (from its warnings; the rows expected come from the
    test's own capacity, not from these); any other warning fails the test."""
    caps: dict[str, int] = {}
    other = []
    for message in warnings:
        match = _CAP.match(message)
        if match:
            caps[match[1]] = int(match[2] or match[3])
        elif not _FAMILY.match(message):  # the judge's search adopting a family is by design
            other.append(message)
    assert not other, f"generate warned: {other}"
    for table in schema.tables:
        if table.name in caps:
            assert table.finite_key, f"{table.name} capped though no key of it is finite: {caps}"
            assert caps[table.name] >= 1, f"{table.name} capped to no rows; its witness row fits"
    return caps


def _check_catalog(conn: psycopg.Connection, schema: Schema) -> None:
    """Every constraint of the file is on the server and validated; NOT NULLs and unique
    indexes are there too (generation must not drop or loosen what it could not satisfy)."""
    for table in schema.tables:
        for check in table.checks:
            if check.not_valid:
                conn.execute(
                    sql.SQL("ALTER TABLE {} VALIDATE CONSTRAINT {}").format(
                        sql.Identifier(table.name), sql.Identifier(check.name)
                    )
                )
        found = {
            name: (kind, valid)
            for name, kind, valid in conn.execute(
                "SELECT conname, contype::text, convalidated FROM pg_constraint "
                "WHERE conrelid = %s::regclass",
                (table.name,),
            )
        }
        expected = {c.name: "c" for c in table.checks}
        expected |= {u.name: "p" if u.primary else "u" for u in table.uniques if not u.index}
        expected |= {fk.name: "f" for fk in table.fks}
        for name, kind in expected.items():
            assert name in found, f"{table.name}: constraint {name} is missing after generate"
            assert found[name] == (kind, True), f"{table.name}.{name}: {found[name]}"
        for u in table.uniques:
            if u.index:
                row = conn.execute(
                    "SELECT i.indisunique AND i.indisvalid FROM pg_index i "
                    "WHERE i.indexrelid = %s::regclass",
                    (u.name,),
                ).fetchone()
                assert row == (True,), f"unique index {u.name} is missing or invalid"
        notnull = {
            name
            for (name,) in conn.execute(
                "SELECT attname FROM pg_attribute WHERE attrelid = %s::regclass "
                "AND attnum > 0 AND NOT attisdropped AND attnotnull",
                (table.name,),
            )
        }
        required = {c.name for c in table.columns if not c.nullable}
        assert required <= notnull, f"{table.name}: NOT NULL lost on {required - notnull}"


def capacity(table: Table, kept: dict[str, int]) -> int | None:
    """The most rows the table's keys allow, worked out from the strategy's own model (the
    values each key's parts can take, a foreign key's part as many as its parent kept);
    None when no key is finite."""
    caps = [
        math.prod(f if isinstance(f, int) else kept[f] for f in u.capacity)
        for u in table.uniques
        if u.capacity is not None
    ]
    return min(caps) if caps else None


def _check_rows(conn: psycopg.Connection, table: Table, rows: int, cap: int | None) -> int:
    """Every row asked for, or exactly as many as the keys allow: a table capped below its
    real capacity (or not capped where it must be) fails."""
    (count,) = conn.execute(
        sql.SQL("SELECT count(*) FROM {}").format(sql.Identifier(table.name))
    ).fetchone()
    expected = rows if cap is None else min(rows, cap)
    assert count == expected, f"{table.name}: {count} rows, expected {expected} (capacity {cap})"
    return int(count)


def _count(conn: psycopg.Connection, query: str) -> int:
    return conn.execute(query).fetchone()[0]  # type: ignore[index]


def _check_data(conn: psycopg.Connection, schema: Schema, table: Table) -> None:
    """Recompute every constraint over the rows with a query of its own."""
    t = table.name
    for check in table.checks:
        bad = _count(conn, f"SELECT count(*) FROM {t} WHERE NOT {check.expr}")
        assert bad == 0, f"{t}: {bad} rows violate CHECK {check.name} {check.expr}"
    for col in table.columns:
        if col.domain is not None:
            d = col.domain
            expr = d.check.replace("VALUE", f"({col.name})::{d.base}")
            bad = _count(conn, f"SELECT count(*) FROM {t} WHERE NOT {expr}")
            assert bad == 0, f"{t}.{col.name}: {bad} rows violate domain {d.name} {d.check}"
    for fk in table.fks:
        cols = ", ".join(f"c.{c}" for c in fk.columns)
        refs = ", ".join(f"p.{c}" for c in fk.ref_columns)
        bad = _count(
            conn,
            f"SELECT count(*) FROM {t} c WHERE num_nulls({cols}) = 0 AND NOT EXISTS "
            f"(SELECT 1 FROM {fk.parent} p WHERE ({refs}) = ({cols}))",
        )
        assert bad == 0, f"{t}: {bad} rows break FK {fk.name}"
    for u in table.uniques:
        keys = ", ".join(u.columns)
        where = " AND ".join([f"({k}) IS NOT NULL" for k in u.columns] + [u.where or "true"])
        dup = _count(
            conn,
            f"SELECT count(*) FROM (SELECT 1 FROM {t} WHERE {where} GROUP BY {keys} "
            "HAVING count(*) > 1) d",
        )
        assert dup == 0, f"{t}: {dup} duplicated keys of unique {u.name} ({keys})"
