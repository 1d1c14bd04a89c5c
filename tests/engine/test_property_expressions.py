"""Property: on any table built from PostgreSQL's expression grammar (issue 24, "Must show"),
`generate` keeps exactly the rows the keys allow and each passes every constraint on the
server; an unsatisfiable CHECK ends in one paragraph.

Hypothesis draws one table (tests/engine/strategies_exprs.py): CHECKs calling functions and
operators the Python evaluator does not know, CASE, casts, regexes, nullity combinations, a
self-reference; partial unique indexes over random predicates, unique indexes over
expressions, expression indexes with casts; now and then a CHECK no row meets, on a table
another one needs. The test proves the DDL (and the witness row of a satisfiable table) on the
server, generates, recomputes every CHECK over the rows, checks every index is built and
valid, and expects min(rows, capacity) rows, the capacity worked out from the strategy's
model. An unsatisfiable table goes through `workbench generate` in process: a non-zero exit,
the last line of stderr "workbench: generation failed: public.items: …", no traceback and no
"unexpected error". Then every idiom the strategy lists must have occurred in the profile's
examples (each counted with a Hypothesis event too).

Profiles as in test_property_constraints.py (HYPOTHESIS_PROFILE): `ci` 40 derandomized
examples, `explore` 600 random ones, `quick` 15.
"""

from __future__ import annotations

import contextlib
import io
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from hypothesis import event, given, note, settings
from hypothesis import strategies as st

from tests.engine.strategies_exprs import EXPR_IDIOMS, expr_tables
from tests.engine.strategies_exprs import Table as ExprTable
from tests.engine.test_property_constraints import PROFILE
from workbench.cli.main import main as cli_main
from workbench.engine import Engine
from workbench.events import Event, Warning


def _count(conn: psycopg.Connection, query: str) -> int:
    return conn.execute(query).fetchone()[0]  # type: ignore[index]


#: The expression idioms one run drew.
EXPR_SEEN: Counter[str] = Counter()
#: Examples of the expression property per profile (each generates one or two small tables).
EXPR_EXAMPLES = {"ci": 40, "explore": 600, "quick": 15}


@pytest.fixture(scope="module")
def proof_db(pg_cluster) -> Iterator[str]:
    """An empty database where each example's DDL and witness are proven, then rolled back:
    the sandbox's own database is made by `generate`."""
    name = pg_cluster.create_database()
    try:
        yield pg_cluster.conninfo(name)
    finally:
        pg_cluster.drop_database(name)


def test_generate_judges_any_expression(make_project, pg_cluster, proof_db) -> None:
    """Random CHECKs and indexes from PostgreSQL's expression grammar (functions and operators
    the evaluator does not know, CASE, casts, regexes, nullity, a self-reference, partial and
    expression unique indexes, indexes with casts): `generate` keeps exactly the rows the
    keys allow, each of them passes every constraint on the server, and an unsatisfiable
    CHECK ends in one paragraph; every idiom of the strategy occurs."""
    EXPR_SEEN.clear()
    _expressions_hold(make_project, pg_cluster, proof_db)
    missing = sorted(set(EXPR_IDIOMS) - set(EXPR_SEEN))
    assert not missing, f"expression idioms never drawn in {PROFILE}'s examples: {missing}"


@settings(settings.get_profile(PROFILE), max_examples=EXPR_EXAMPLES[PROFILE])
@given(table=expr_tables(), rows=st.integers(20, 40), seed=st.integers(0, 2**16))
def _expressions_hold(
    make_project, pg_cluster, proof_db: str, table: ExprTable, rows: int, seed: int
) -> None:
    ddl = table.ddl()
    note(ddl)
    for idiom in table.idioms:
        event(f"expr {idiom}")
        EXPR_SEEN[idiom] += 1
    for shape in table.shapes:
        event(f"expr shape {shape}")
    name = f"px_{uuid.uuid4().hex[:10]}"
    config = make_project(ddl, name=name, folder=name, create_db=False)
    try:
        conninfo = pg_cluster.conninfo(name)
        _prove_expressions(proof_db, table)
        if table.unsatisfiable is not None:
            _check_one_paragraph(config, table, rows, seed)
        else:
            _check_expressions(conninfo, config, table, rows, seed)
    finally:
        pg_cluster.drop_database(name)


def _prove_expressions(conninfo: str, table: ExprTable) -> None:
    """The DDL loads, and (when satisfiable) the witness row with it, rolled back."""
    with psycopg.connect(conninfo) as conn:
        try:
            conn.execute(table.ddl())
            if table.unsatisfiable is None:
                conn.execute(table.witness_insert())
        except psycopg.Error as err:
            raise AssertionError(f"strategy bug, the DDL or witness does not load: {err}") from None
        finally:
            conn.rollback()


def _check_one_paragraph(config: Path, table: ExprTable, rows: int, seed: int) -> None:
    """`workbench generate` on a CHECK no row meets: a non-zero exit and one paragraph on
    stderr naming the table, no traceback, not an "unexpected error"."""
    out, err = io.StringIO(), io.StringIO()
    args = ["generate", "--yes", "--config", str(config), "--rows", str(rows), "--seed", str(seed)]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_main(args)
    said = err.getvalue()
    assert code != 0, f"generate exited 0 on an unsatisfiable CHECK: {out.getvalue()}"
    assert "Traceback" not in said and "unexpected error" not in said, said
    text = said.strip().splitlines()[-1]  # the progress lines come first
    assert text.startswith("workbench: generation failed: "), said
    assert f"public.{table.name}" in text, text


def _check_expressions(conninfo: str, config: Path, table: ExprTable, rows: int, seed: int) -> None:
    events: list[Event] = []
    Engine(config).generate(rows=rows, seed=seed, keep_snapshot=False, on_event=events.append)
    warnings = [e.message for e in events if isinstance(e, Warning)]
    with psycopg.connect(conninfo, autocommit=True) as conn:
        for name, expr in table.checks:
            bad = _count(conn, f"SELECT count(*) FROM {table.name} WHERE NOT ({expr})")
            assert bad == 0, f"{bad} rows violate CHECK {name} {expr}"
        for key in table.keys:
            row = conn.execute(
                "SELECT i.indisvalid AND i.indisunique = %s FROM pg_index i "
                "WHERE i.indexrelid = %s::regclass",
                (key.unique, key.name),
            ).fetchone()
            assert row == (True,), f"index {key.name} is missing or invalid"
        count = _count(conn, f"SELECT count(*) FROM {table.name}")
    cap = table.capacity
    expected = rows if cap is None else min(rows, cap)
    assert count == expected, (
        f"{table.name}: {count} rows kept, the keys allow {expected} of {rows}; "
        f"warnings: {warnings}"
    )
