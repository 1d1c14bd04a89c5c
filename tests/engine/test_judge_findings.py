"""Schemas the property test (test_property_constraints.py) found `generate` failing on, each
reduced to a table or two of our own: a LIKE repair writing past a varchar's length, the
judge letting such a text through (the server's cast truncates where COPY refuses), and a
status rule rewriting a column a composite unique key is enumerated over; and, from the
expression property, a CHECK no text meets crashing the text generator, a text cast to
integer the families could not fill, a tree's new roots missing depth 0."""

from __future__ import annotations

import uuid
from pathlib import Path

import numpy as np
import psycopg
import pytest

from tests.conftest import Cluster
from workbench.config.file import parse_config
from workbench.engine import Engine
from workbench.errors import GenerationError
from workbench.events import Event, Warning
from workbench.generate import build_plan
from workbench.generate.rows.assembler import TableGenerator
from workbench.generate.view import KeyStore
from workbench.schema.parse import parse_schema_text


def _generate(make_project, pg_cluster: Cluster, ddl: str, rows: int) -> tuple[str, list[str]]:
    name = f"jf_{uuid.uuid4().hex[:10]}"
    config = make_project(ddl, name=name, folder=name)
    events: list[Event] = []
    Engine(config).generate(rows=rows, seed=0, keep_snapshot=False, on_event=events.append)
    return pg_cluster.conninfo(name), [e.message for e in events if isinstance(e, Warning)]


def _one(conninfo: str, query: str) -> object:
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return row[0]


LIKE_PREFIX = """
CREATE TABLE accounts (
    id bigint NOT NULL PRIMARY KEY,
    username character varying(4) DEFAULT '0'::character varying(4) NOT NULL,
    CONSTRAINT accounts_username_check CHECK (((username)::text ~~ '0%'::text))
);
"""


def test_a_like_repair_stays_within_the_varchar(make_project, pg_cluster: Cluster) -> None:
    """`LIKE '0%'` on a varchar(4): the repair fills the % with at most three letters (it
    wrote '0wacc', and COPY refused the whole load)."""
    conninfo, warnings = _generate(make_project, pg_cluster, LIKE_PREFIX, 60)
    assert warnings == []
    assert _one(conninfo, "SELECT count(*) FROM accounts") == 60
    assert _one(conninfo, "SELECT count(*) FROM accounts WHERE username NOT LIKE '0%'") == 0
    assert _one(conninfo, "SELECT count(DISTINCT username) FROM accounts") > 5  # not all '0'


def test_the_judge_turns_away_text_longer_than_its_varchar(tmp_path: Path) -> None:
    """Text past a varchar(n) never reaches COPY: the judge (which the staging table's cast
    cannot warn, it truncates) finds it, the search draws the column again."""
    config = parse_config({"generate": {"rows": 50}}, tmp_path / "sandbox.toml")
    schema = parse_schema_text(
        "CREATE TABLE t (id serial PRIMARY KEY, code varchar(4) NOT NULL);"
    ).schema
    plan = build_plan(schema, config, seed=1)
    tp = plan.table("public.t")
    assert tp is not None
    gen = TableGenerator(plan.schema, plan, tp, config, 1, KeyStore(), offline=True)
    batch = gen.batch(0, 50)
    idx = np.arange(50)
    batch["code"].values[:10] = "much too long"
    keep = gen.judge.settle(batch, idx, 0, {}, lambda b, i, s: {})
    kept = np.ones(50, bool) if keep is None else keep
    lengths = [len(str(v)) for v in batch["code"].values[kept].tolist()]
    assert max(lengths) <= 4
    assert gen.judge.account.total_dropped == 50 - int(kept.sum())


STATUS_KEY = """
CREATE TYPE mood AS ENUM ('draft', 'pending', 'paid', 'shipped');
CREATE TABLE accounts (id serial PRIMARY KEY,
    code text NOT NULL UNIQUE CHECK (code IN ('a', 'b', 'c')));
CREATE TABLE events (
    id serial PRIMARY KEY,
    account_id integer NOT NULL,
    state mood NOT NULL,
    created_at timestamp NOT NULL,
    paid_at timestamp with time zone NOT NULL
);
ALTER TABLE ONLY events ADD CONSTRAINT events_account_id_state_key UNIQUE (account_id, state);
ALTER TABLE ONLY events ADD CONSTRAINT events_account_id_fkey
    FOREIGN KEY (account_id) REFERENCES accounts(id);
"""


def test_a_status_rule_leaves_an_enumerated_key_alone(make_project, pg_cluster: Cluster) -> None:
    """UNIQUE (account_id, state) over 3 accounts is enumerated (12 combinations); a NOT NULL
    `paid_at` made the status rule move every state to paid or shipped afterwards, and the
    unique index failed after the load: (2, shipped) is duplicated."""
    conninfo, warnings = _generate(make_project, pg_cluster, STATUS_KEY, 40)
    assert all("capped at" in w for w in warnings), warnings
    assert _one(conninfo, "SELECT count(*) FROM events") == 12
    assert _one(conninfo, "SELECT count(DISTINCT (account_id, state)) FROM events") == 12


def test_a_check_no_text_meets_ends_in_one_paragraph(make_project, pg_cluster: Cluster) -> None:
    """`length(n) < 0` gave the text generator a negative length (numpy: "negative
    dimensions are not allowed", an unexpected error); now every row is refused and the
    table others need stops generate with the paragraph naming the CHECK."""
    ddl = (
        "CREATE TABLE items (id integer PRIMARY KEY, n text NOT NULL CHECK (length(n) < 0));\n"
        "CREATE TABLE notes (id integer PRIMARY KEY, item_id integer NOT NULL REFERENCES items);"
    )
    with pytest.raises(GenerationError) as err:
        _generate(make_project, pg_cluster, ddl, 20)
    text = str(err.value)
    assert "public.items: all 20 rows were refused by CHECK" in text and "length(n) < 0" in text
    assert "public.notes needs its rows" in text and "\n" not in text


def test_a_text_cast_to_integer_gets_the_numbers_its_check_names(
    make_project, pg_cluster: Cluster
) -> None:
    """`(code)::integer BETWEEN 1 AND 303` on a varchar: the judge's families offer the
    numbers between the CHECK's bounds as text (integers of up to six digits were refused
    too often to be adopted, and 19 of 23 rows were dropped)."""
    ddl = (
        "CREATE TABLE items (id integer PRIMARY KEY, code varchar(6) NOT NULL,"
        " CHECK ((code)::integer BETWEEN 1 AND 303));"
    )
    conninfo, warnings = _generate(make_project, pg_cluster, ddl, 40)
    assert _one(conninfo, "SELECT count(*) FROM items") == 40
    assert _one(conninfo, "SELECT count(DISTINCT code) FROM items") > 10
    assert not [w for w in warnings if "dropped" in w], warnings


def test_a_new_root_of_a_tree_gets_depth_zero(make_project, pg_cluster: Cluster) -> None:
    """`(parent_id IS NULL) = (depth = 0)`: rows left without a parent must take depth 0; the
    search tried the CHECK's numbers in half the rows at random and missed 0 for 3 of 36."""
    ddl = (
        "CREATE TABLE items (id integer PRIMARY KEY, amount numeric(8,2) NOT NULL,"
        " parent_id integer REFERENCES items(id), depth smallint NOT NULL,"
        " CHECK ((amount)::integer <= 400), CHECK ((parent_id IS NULL) = (depth = 0)),"
        " CHECK (parent_id <> id));"
    )
    for rows in (36, 40):
        conninfo, warnings = _generate(make_project, pg_cluster, ddl, rows)
        assert _one(conninfo, "SELECT count(*) FROM items") == rows, warnings


def test_the_search_keeps_other_families_within_the_varchar(
    make_project, pg_cluster: Cluster
) -> None:
    """Two unique indexes over lengths: the search tries other families of text in y, a
    varchar(10); timestamps and hex strings were written whole, and the judge then dropped
    them as too long for the type. (That the keys keep all 6 rows they allow is left open:
    3 to 5 are kept.)"""
    ddl = (
        "CREATE TABLE t (id serial PRIMARY KEY, x text NOT NULL, y varchar(10) NOT NULL);\n"
        "CREATE UNIQUE INDEX t_x_mod ON t ((length(x) % 6));\n"
        "CREATE UNIQUE INDEX t_y_mod ON t ((length(y) % 7));"
    )
    name = f"jf_{uuid.uuid4().hex[:10]}"
    config = make_project(ddl, name=name, folder=name)
    events: list[Event] = []
    Engine(config).generate(rows=20, seed=1, keep_snapshot=False, on_event=events.append)
    warnings = [e.message for e in events if isinstance(e, Warning)]
    assert not [w for w in warnings if "type of y" in w], warnings
    assert 1 <= _one(pg_cluster.conninfo(name), "SELECT count(*) FROM t") <= 6
