"""A thing's status says it is out exactly while one of its records has it out, on a schema of
our own (a community tool library and a school's book stock): a tool is `checked_out` exactly
while one of its checkouts has gone out and not come back, a book `on_loan` exactly while one
of its loans is unreturned; a tool or a book labelled out with no open record is back in
stock, other labels (in repair, lost, withdrawn) stay (rules/lent.py, load/lent_load.py).
Checked in SQL on what a real PostgreSQL holds, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE copy_state AS ENUM ('on_shelf', 'on_loan', 'missing', 'withdrawn');
CREATE TABLE members (id serial PRIMARY KEY, full_name text NOT NULL, joined_on date NOT NULL);
CREATE TABLE tools (id serial PRIMARY KEY,
  tag_no varchar(10) NOT NULL UNIQUE,
  tool_name varchar(60) NOT NULL,
  tool_state varchar(12) NOT NULL DEFAULT 'in_stock'
    CHECK (tool_state IN ('in_stock', 'checked_out', 'in_repair', 'lost')));
CREATE TABLE checkouts (id serial PRIMARY KEY,
  tool_id int NOT NULL REFERENCES tools(id),
  member_id int NOT NULL REFERENCES members(id),
  checked_out_at timestamptz NOT NULL,
  returned_at timestamptz,
  deposit numeric(8,2) NOT NULL);
CREATE TABLE book_copies (id serial PRIMARY KEY,
  barcode varchar(14) NOT NULL UNIQUE,
  title text NOT NULL,
  state copy_state NOT NULL DEFAULT 'on_shelf');
CREATE TABLE loans (id serial PRIMARY KEY,
  copy_id int NOT NULL REFERENCES book_copies(id),
  member_id int NOT NULL REFERENCES members(id),
  loaned_on date NOT NULL,
  due_on date NOT NULL,
  returned_on date);
"""

TOOLS_AGREE = """
SELECT count(*), count(*) FILTER (WHERE (t.tool_state = 'checked_out') = EXISTS (
    SELECT 1 FROM checkouts c WHERE c.tool_id = t.id AND c.returned_at IS NULL))
FROM tools t
"""
BOOKS_AGREE = """
SELECT count(*), count(*) FILTER (WHERE (b.state = 'on_loan') = EXISTS (
    SELECT 1 FROM loans l WHERE l.copy_id = b.id AND l.returned_on IS NULL))
FROM book_copies b
"""
# both sides of the question occur: things out and things in
OUT_AND_IN = """
SELECT count(*), count(*) FILTER (WHERE tool_state = 'checked_out') FROM tools
"""
SETTINGS = {
    "generate": {"rows": 400, "now": NOW.replace(" ", "T")},
    "tables": {"public.checkouts": {"rows": 800}, "public.loans": {"rows": 600}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_tool_is_checked_out_exactly_while_a_checkout_of_it_is_open(loaded: str) -> None:
    applies, holds = share(loaded, TOOLS_AGREE, now=NOW)
    assert applies >= 380
    assert holds >= 0.98


def test_a_book_is_on_loan_exactly_while_a_loan_of_it_is_unreturned(loaded: str) -> None:
    applies, holds = share(loaded, BOOKS_AGREE, now=NOW)
    assert applies >= 380
    assert holds >= 0.98


def test_some_tools_are_out_and_most_are_not(loaded: str) -> None:
    applies, out = share(loaded, OUT_AND_IN, now=NOW)
    assert applies >= 380
    assert 0.0 < out < 0.9
