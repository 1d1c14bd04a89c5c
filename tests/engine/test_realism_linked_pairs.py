"""The pairs of a link table agree along their two paths, on a schema of our own (a marina's
insurer: clients own harbours, whose boats are insured under the client's policies,
`policy_boats` saying which policy covers which boat since when), checked in SQL on what a
real PostgreSQL holds: a policy covers boats of its own client's harbours (policy → client,
boat → harbour → client), and the link keeps nearly all its rows.

Before, the link's pairs were drawn at random (3.8 % agreed; in the lift_maintenance domain 3
of 1,000 of a contract's lifts were its customer's): rules/path_meet.py re-picked only keys
drawn freely, and a link table's two keys are built as a pair by the unique plan."""

from __future__ import annotations

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
