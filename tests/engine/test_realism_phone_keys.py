"""A row's phone dials the country its foreign key names, on a schema of our own (a tour
operator's travellers, each with a nationality referencing a table of countries by code),
checked on what a real PostgreSQL holds: every traveller's phone starts with the calling code
of their nationality, whatever country it is."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import REPO
from tests.engine.loading import load_schema
from workbench.config.file import parse_config
from workbench.generate.vocab import countries
from workbench.schema.parse import parse_schema_text
from workbench.seed import fiction

SCHEMA = """
CREATE TABLE countries (code char(2) PRIMARY KEY CHECK (code ~ '^[A-Z]{2}$'), name text NOT NULL);
CREATE TABLE travellers (id serial PRIMARY KEY, full_name text NOT NULL,
  nationality char(2) NOT NULL REFERENCES countries(code), phone text);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config({"generate": {"rows": 500}}, REPO / "sandbox.toml")
    load_schema(conninfo, parse_schema_text(SCHEMA, "schema.sql"), config)
    yield conninfo
    pg_cluster.drop_database(name)


def test_a_phone_dials_the_country_of_its_key(loaded: str) -> None:
    with psycopg.connect(loaded) as conn:
        rows = conn.execute(
            "SELECT nationality, phone FROM travellers WHERE phone IS NOT NULL"
        ).fetchall()
    known = countries.by_alpha2()
    assert len(rows) > 100
    assert len({n for n, _ in rows}) > 20  # many countries, not only the leading markets
    wrong = [
        (n, p)
        for n, p in rows
        if not p.replace(" ", "").startswith("+" + known[n].calling_code.lstrip("+"))
    ]
    assert wrong == []


def test_a_phone_has_the_form_of_a_real_one_and_rings_no_one(loaded: str) -> None:
    """After `+` and the calling code: 6 to 12 digits, no trunk 0 (where the country's own
    numbers do not start with one), of the country's national length where its plan says,
    and fictional by the check `doctor` runs (a block the plan leaves unallocated)."""
    with psycopg.connect(loaded) as conn:
        rows = conn.execute(
            "SELECT nationality, phone FROM travellers WHERE phone IS NOT NULL"
        ).fetchall()
    known, free = countries.by_alpha2(), countries.free_phone_blocks()
    wrong = []
    for nationality, phone in rows:
        digits = "".join(ch for ch in phone if ch.isdigit())
        code = known[nationality].calling_code.lstrip("+")
        national = digits[len(code) :]
        form = 6 <= len(national) <= 12 and (
            not national.startswith("0") or code in fiction.TRUNK_ZERO_CODES
        )
        length = free[nationality][2] if nationality in free else 0
        if not form or (length >= 7 and len(national) != length):
            wrong.append((nationality, phone))
        if fiction.phone_is_fictional(phone) is not True:
            wrong.append((nationality, phone))
    assert sum(1 for n, _ in rows if n in free) > 100
    assert [w for w in wrong if w[0] in free] == []
