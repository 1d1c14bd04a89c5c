"""A row naming two things a link table pairs names a pair the link holds, in force at the
row's time; and the link's own pairs agree along their two paths. On a schema of our own (a
marina's insurer: clients own harbours, whose boats are insured under the client's policies,
`policy_boats` saying which policy covers which boat since when; a repair of a boat may be
claimed on a policy), checked in SQL on what a real PostgreSQL holds, with the run's clock
pinned:

- a policy covers boats of its own client's harbours (policy → client, boat → harbour →
  client), and the link keeps nearly all its rows;
- a repair claimed on a policy is of a boat that policy covers, done after the boat was
  insured under it and within the policy's term; repairs of boats with no policy in force
  then are claimed on none, and enough are claimed to matter.

Before, the link's pairs were drawn at random (3.8 % agreed; in the lift_maintenance domain 3
of 1,000 of a contract's lifts were its customer's), and a repair's policy was any policy of
the boat's client (0.5 % held: kinds/membership.py only read links that place a person in a
group)."""

from __future__ import annotations

from functools import partial

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TABLE clients (client_no serial PRIMARY KEY, full_name text NOT NULL,
  email text, phone varchar(20), joined_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE harbours (id serial PRIMARY KEY, harbour_name text NOT NULL,
  client_no int NOT NULL REFERENCES clients(client_no));
CREATE TABLE boats (boat_id serial PRIMARY KEY, harbour_id int NOT NULL REFERENCES harbours(id),
  hull_code varchar(16) NOT NULL UNIQUE, berth_length_m numeric(5,2));
CREATE TABLE policies (policy_id serial PRIMARY KEY, policy_no varchar(14) NOT NULL UNIQUE,
  client_no int NOT NULL REFERENCES clients(client_no),
  valid_from date NOT NULL, valid_to date, premium numeric(10,2) NOT NULL,
  CHECK (valid_to IS NULL OR valid_to >= valid_from));
CREATE TABLE policy_boats (policy_id int NOT NULL REFERENCES policies(policy_id),
  boat_id int NOT NULL REFERENCES boats(boat_id), insured_since date NOT NULL,
  PRIMARY KEY (policy_id, boat_id));
CREATE TABLE repairs (repair_id serial PRIMARY KEY,
  boat_id int NOT NULL REFERENCES boats(boat_id),
  policy_id int REFERENCES policies(policy_id),
  repaired_on date NOT NULL, cost numeric(10,2), description text);
"""
ROWS = {"clients": 100, "harbours": 60, "policies": 150, "policy_boats": 500}


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
        "tables": {name: {"rows": n} for name, n in ROWS.items()},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=5) as conninfo:
        yield conninfo


def test_a_policy_covers_boats_of_its_clients_harbours(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE p.client_no = h.client_no)
           FROM policy_boats pb JOIN policies p USING (policy_id)
           JOIN boats b USING (boat_id) JOIN harbours h ON h.id = b.harbour_id""",
    )
    assert judged >= 0.9 * ROWS["policy_boats"]
    assert held >= 0.98


def test_a_repair_is_claimed_on_a_policy_covering_the_boat_then(loaded: str) -> None:
    judge = partial(share, loaded, now=NOW)
    judged, held = judge(
        """SELECT count(*), count(*) FILTER (WHERE r.repaired_on >= p.valid_from
               AND (p.valid_to IS NULL OR r.repaired_on <= p.valid_to)
               AND EXISTS (SELECT 1 FROM policy_boats pb WHERE pb.policy_id = r.policy_id
                           AND pb.boat_id = r.boat_id
                           AND pb.insured_since <= r.repaired_on))
           FROM repairs r JOIN policies p USING (policy_id)"""
    )
    assert judged >= 100
    assert held >= 0.98
