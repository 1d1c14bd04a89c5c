"""A status agrees with the clock and decides the key that goes with it, on a schema of our
own (a club's gigs, a tissue bank's specimens), at three seeds, on a pinned clock:

- a gig still listed, on sale or sold out has not begun (its open labels are declared before
  its done end `finished` and no label says it is under way: rules/recent.py places them
  ahead), and a finished one has ended, though its NOT NULL `on_sale_at` (named after a
  label) leaves only the labels that reached the sale (rules/status._restrict replaces a
  listed gig's label by one still on its way, a cancelled one's by one over);
- a specimen `allocated` names the line of the request it went to and has its allocation
  time; one received, stored, spoiled or discarded (failures declared after the done label)
  has neither (rules/status_key.py, vocab/outcomes: `discarded` is a failure)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE gig_state AS ENUM ('listed', 'on_sale', 'sold_out', 'cancelled', 'finished');
CREATE TABLE club (club_id int PRIMARY KEY, club_name varchar(80) NOT NULL,
  opened_on date NOT NULL);
CREATE TABLE gig (gig_id int PRIMARY KEY,
  club_id int NOT NULL REFERENCES club(club_id),
  headline varchar(120) NOT NULL,
  on_sale_at timestamptz NOT NULL,
  starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL,
  state gig_state NOT NULL DEFAULT 'listed',
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at));
CREATE TYPE specimen_state AS ENUM ('received', 'stored', 'allocated', 'spoiled', 'discarded');
CREATE TABLE lab (lab_id int PRIMARY KEY, lab_name varchar(80) NOT NULL);
CREATE TABLE tissue_request (request_id bigint PRIMARY KEY,
  lab_id int NOT NULL REFERENCES lab(lab_id),
  requested_at timestamptz NOT NULL, urgent boolean NOT NULL DEFAULT false);
CREATE TABLE request_line (request_id bigint NOT NULL REFERENCES tissue_request(request_id),
  line_no smallint NOT NULL, tissue_kind varchar(20) NOT NULL, quantity int NOT NULL,
  PRIMARY KEY (request_id, line_no));
CREATE TABLE specimen (specimen_id bigint PRIMARY KEY,
  label_code varchar(20) NOT NULL UNIQUE,
  collected_at timestamptz NOT NULL,
  state specimen_state NOT NULL DEFAULT 'received',
  request_id bigint, request_line_no smallint,
  allocated_at timestamptz,
  FOREIGN KEY (request_id, request_line_no) REFERENCES request_line(request_id, line_no));
"""
SETTINGS = {"generate": {"rows": 400, "now": NOW.replace(" ", "T")}}

GIGS = """
SELECT count(*)::int, count(*) FILTER (WHERE
     (state IN ('listed', 'on_sale', 'sold_out') AND starts_at > :now)
  OR (state = 'finished' AND ends_at <= :now))::int
FROM gig WHERE state <> 'cancelled'
"""
SPECIMENS = """
SELECT count(*)::int, count(*) FILTER (WHERE CASE state
    WHEN 'allocated' THEN allocated_at IS NOT NULL AND request_id IS NOT NULL
    ELSE allocated_at IS NULL AND request_id IS NULL END)::int
FROM specimen
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_open_gigs_lie_ahead_and_specimens_name_a_request_once_allocated(loaded: str) -> None:
    applies, holds = share(loaded, GIGS, now=NOW)
    assert applies >= 300
    assert holds >= 0.98
    applies, holds = share(loaded, SPECIMENS, now=NOW)
    assert applies == 400
    assert holds >= 0.98
