"""A row that happens on a date uses things valid on that date, where each thing's life is told
by two differently worded columns (a start of holding, an end of it: no pair of words made for
windows), on a schema of our own (a tool-hire cooperative: members enrolled until their
membership's expiry, tools bought and later scrapped, hires of a tool by a member), checked in
SQL on what a real PostgreSQL holds, with the clock pinned: a hire falls after the member
enrolled and before the membership's expiry, after the tool was bought and before it was
scrapped."""

from __future__ import annotations

from functools import partial

import pytest

from tests.engine.loading import loaded_database, share
from workbench.generate.kinds.windows import Window, window_of, windows_of
from workbench.schema.parse import parse_schema_text

NOW = "2026-03-10 15:00:00+00"
SCHEMA = """
CREATE TABLE depots (id serial PRIMARY KEY, town text NOT NULL);
CREATE TABLE members (id serial PRIMARY KEY, depot_id int NOT NULL REFERENCES depots(id),
  full_name text NOT NULL, enrolled_at timestamptz NOT NULL, expiry_date date NOT NULL,
  CHECK (expiry_date >= enrolled_at::date));
CREATE TABLE tools (id serial PRIMARY KEY, depot_id int NOT NULL REFERENCES depots(id),
  label text NOT NULL, purchased_on date NOT NULL, scrapped_on date,
  CHECK (scrapped_on IS NULL OR scrapped_on >= purchased_on));
CREATE TABLE hires (id bigserial PRIMARY KEY, member_id int NOT NULL REFERENCES members(id),
  tool_id int NOT NULL REFERENCES tools(id), hired_at timestamptz NOT NULL,
  fee numeric(8,2) NOT NULL);
"""


def test_a_start_of_holding_and_an_end_of_life_make_a_window_of_validity() -> None:
    schema = parse_schema_text(SCHEMA, "schema.sql").schema
    members, tools = schema.tables["public.members"], schema.tables["public.tools"]
    assert window_of(schema, members, None) == Window("enrolled_at", "expiry_date", True)
    assert window_of(schema, tools, None) == Window("purchased_on", "scrapped_on", True)
    assert windows_of(schema, tools, None) == (Window("purchased_on", "scrapped_on", True),)


@pytest.fixture(scope="module")
def measured(pg_cluster):
    settings = {
        "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
        "tables": {"public.depots": {"rows": 5}, "public.members": {"rows": 300},
                   "public.tools": {"rows": 300}},
    }  # fmt: skip
    with loaded_database(pg_cluster, SCHEMA, settings) as conninfo:
        yield partial(share, conninfo, now=NOW)


def test_a_hire_uses_a_membership_and_a_tool_valid_on_its_date(measured) -> None:
    applies, held = measured(
        """SELECT count(*), count(*) FILTER (WHERE h.hired_at >= m.enrolled_at
               AND h.hired_at::date <= m.expiry_date
               AND h.hired_at::date >= t.purchased_on
               AND (t.scrapped_on IS NULL OR h.hired_at::date <= t.scrapped_on))
           FROM hires h JOIN members m ON m.id = h.member_id JOIN tools t ON t.id = h.tool_id"""
    )
    assert applies == 1000 and held >= 0.98
    # the windows matter: many memberships lapsed and tools were scrapped before now
    applies, held = measured(
        "SELECT count(*), count(*) FILTER (WHERE expiry_date < :now) FROM members"
    )
    assert held >= 0.2
