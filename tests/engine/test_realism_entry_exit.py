"""A stay on premises named by its columns (rules/span.py PRESENT), on a schema of our own (a
public library's reading room: readers come in and go out again, `entered_at`/`left_at`): a
visit lasts minutes to hours, where before the pair was not read as a start and an end and
the exit fell days or months after the entry."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE readers (id serial PRIMARY KEY, card_no text NOT NULL, name text NOT NULL);
CREATE TABLE reading_room_entries (id bigserial PRIMARY KEY,
  reader_id int NOT NULL REFERENCES readers(id),
  entered_at timestamptz NOT NULL, left_at timestamptz,
  CHECK (left_at IS NULL OR left_at > entered_at));
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster: Any) -> Any:
    settings = {"generate": {"rows": 1000}, "tables": {"readers": {"rows": 100}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=5) as conninfo:
        yield conninfo


def test_a_reader_leaves_within_hours_of_coming_in(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (
             WHERE left_at - entered_at BETWEEN interval '10 minutes' AND interval '4 hours')
           FROM reading_room_entries WHERE left_at IS NOT NULL""",
    )
    assert judged > 30 and held >= 0.97
