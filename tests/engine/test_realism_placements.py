"""A row naming its own party and reaching a group through a parent names a party placed in that
group, on a hospital trust's rosters of our own: a nurse is posted to wards (postings in force
from a date: effective_from, effective_to), each ward belongs to a trust, and a roster slot of a
trust's roster names a nurse posted to a ward of that trust, though no key of the slot names a
ward or a posting (kinds/membership.placements_of, rules/placement.py)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE trust (id serial PRIMARY KEY, title text NOT NULL);
CREATE TABLE ward (id serial PRIMARY KEY, trust_id integer NOT NULL REFERENCES trust(id),
  ward_name text NOT NULL);
CREATE TABLE nurse (id serial PRIMARY KEY, given_name text NOT NULL, family_name text NOT NULL,
  email text);
CREATE TABLE posting (id serial PRIMARY KEY, nurse_id integer NOT NULL REFERENCES nurse(id),
  ward_id integer NOT NULL REFERENCES ward(id), effective_from date NOT NULL,
  effective_to date, CHECK (effective_to IS NULL OR effective_to >= effective_from));
CREATE TABLE roster (id serial PRIMARY KEY, trust_id integer NOT NULL REFERENCES trust(id),
  week_start date NOT NULL);
CREATE TABLE roster_slot (id serial PRIMARY KEY,
  roster_id integer NOT NULL REFERENCES roster(id),
  nurse_id integer NOT NULL REFERENCES nurse(id), slot_hours numeric(4,1),
  UNIQUE (roster_id, nurse_id));
"""

PLACED = """
SELECT count(*), count(*) FILTER (WHERE EXISTS (
  SELECT 1 FROM posting p JOIN ward w ON w.id = p.ward_id
  WHERE p.nurse_id = s.nurse_id AND w.trust_id = r.trust_id))
FROM roster_slot s JOIN roster r ON r.id = s.roster_id
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 600},
        "tables": {"public.trust": {"rows": 12}, "public.ward": {"rows": 60}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings) as ci:
        yield ci


def test_a_slots_nurse_is_posted_in_its_rosters_trust(loaded: str) -> None:
    applies, held = share(loaded, PLACED)
    assert applies >= 400 and held >= 0.98


def test_slots_keep_their_pair_unique_and_spread(loaded: str) -> None:
    nurses, _ = share(loaded, "SELECT count(DISTINCT nurse_id), 0 FROM roster_slot")
    assert nurses >= 100  # the trusts' posted nurses take turns, not one per trust
