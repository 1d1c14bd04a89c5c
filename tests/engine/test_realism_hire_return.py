"""A hire's return closes it, on a schema of our own (a kayak hire on a lake: kayaks, and hires
with a status open → closed, a NOT NULL `picked_up_at` and a nullable `returned_at`), checked
in SQL on what a real PostgreSQL holds: `returned_at` is not the returned ending of an order
(timeline.ENDINGS, which no label here holds) but the end of the hire's own occurrence, read
through its events (kinds/windows.events_window: picked up, then returned). A closed hire was
returned, after it was picked up; an open one has not been yet."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE hire_state AS ENUM ('open', 'closed');
CREATE TABLE kayaks (id serial PRIMARY KEY, hull_no varchar(8) NOT NULL, seats smallint NOT NULL);
CREATE TABLE hires (id bigserial PRIMARY KEY,
  kayak_id int NOT NULL REFERENCES kayaks(id),
  paddler_name text NOT NULL, state hire_state NOT NULL,
  picked_up_at timestamptz NOT NULL, returned_at timestamptz);
"""

SETTINGS = {"generate": {"rows": 800}, "tables": {"public.kayaks": {"rows": 40}}}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_closed_hire_was_returned_and_an_open_one_not_yet(loaded: str) -> None:
    applies, holds = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE (state = 'closed') = (returned_at IS NOT NULL)"
        " AND (returned_at IS NULL OR returned_at > picked_up_at)) FROM hires",
    )
    assert applies == 800 and holds >= 0.98, holds
    _, share_closed = share(
        loaded, "SELECT count(*), count(*) FILTER (WHERE state = 'closed') FROM hires"
    )
    assert share_closed >= 0.5, share_closed
