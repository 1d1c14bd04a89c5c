"""Label columns nothing declares, on a help desk of our own (agents, tickets, replies): a text
column whose last word names a kind of label (`kind`, `role`, `channel`, `source`, `level`)
holds a few lower_snake tokens with one common, within the declared width, never sentences; a
machine's address (`client_ip`, `remote_address`) holds an IP that parses as inet; a text
column counting by its unit (`estimated_minutes`, `spent_hours`) holds digits."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE agent (id serial PRIMARY KEY, display_name text NOT NULL, role text NOT NULL,
  remote_address text);
CREATE TABLE ticket (id serial PRIMARY KEY, agent_id integer NOT NULL REFERENCES agent(id),
  kind varchar(32) NOT NULL, channel varchar(20), client_ip text, estimated_minutes text,
  spent_hours varchar(8), escalation_level text, opened_at timestamptz NOT NULL);
CREATE TABLE reply (id serial PRIMARY KEY, ticket_id integer NOT NULL REFERENCES ticket(id),
  source varchar(12), reply_format text, body text);
"""

LABELS = [
    ("agent", "role", None),
    ("ticket", "kind", 32),
    ("ticket", "channel", 20),
    ("ticket", "escalation_level", None),
    ("reply", "source", 12),
    ("reply", "reply_format", None),
]


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 600}}) as ci:
        yield ci


@pytest.mark.parametrize(("table", "column", "width"), LABELS)
def test_a_label_column_holds_few_tokens(
    loaded: str, table: str, column: str, width: int | None
) -> None:
    applies, held = share(
        loaded,
        f"SELECT count({column}), count({column}) FILTER (WHERE {column} ~ '^[a-z][a-z_]*$')"
        f" FROM {table}",
    )
    assert applies >= 300 and held == 1.0  # lower_snake tokens: no space, no sentence
    distinct, _ = share(loaded, f"SELECT count(DISTINCT {column}), 0 FROM {table}")
    assert 2 <= distinct <= 12
    _, top_share = share(
        loaded,
        f"SELECT count({column}), (SELECT count(*) FROM {table} WHERE {column} IS NOT NULL"
        f" GROUP BY {column} ORDER BY 1 DESC LIMIT 1) FROM {table}",
    )
    assert top_share >= 0.20  # one value common, the rest rarer
    if width is not None:
        _, longest = share(loaded, f"SELECT 1, coalesce(max(length({column})), 0) FROM {table}")
        assert longest <= width


@pytest.mark.parametrize(
    ("table", "column"), [("ticket", "client_ip"), ("agent", "remote_address")]
)
def test_a_machine_address_is_an_ip(loaded: str, table: str, column: str) -> None:
    applies, held = share(
        loaded,
        f"SELECT count({column}), count({column}) FILTER (WHERE {column}::inet <<= ANY"
        f" (ARRAY['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24']::inet[])) FROM {table}",
    )
    assert applies >= 300 and held == 1.0  # parses as inet, in the documentation ranges


@pytest.mark.parametrize("column", ["estimated_minutes", "spent_hours"])
def test_a_count_in_text_is_digits(loaded: str, column: str) -> None:
    applies, held = share(
        loaded,
        f"SELECT count({column}), count({column}) FILTER (WHERE {column} ~ '^[0-9]+$') FROM ticket",
    )
    assert applies >= 300 and held == 1.0
