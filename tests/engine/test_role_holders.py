"""The parent a row picks is one fit for it. A key named as a role (`surgeon_id` to a table of
staff whose `staff_kind` lists `surgeon` and `lead_surgeon`) names a member holding that role,
one whose qualification (`surgeon_registration_no`) is set (kinds/role_holders.py); a
performed operation names its surgeon even where the key may be NULL and few wards have one
(site_meet: a worker on a job that took place must be set); the registration's expiry with
no start of its own is held from the hiring that also opens the employment (kinds/windows.
_held_expiry), so it lies ahead of the clock on most rows and the operation falls within it.
A row that takes place over a span of its own (a delivery leg departed and arrived) is
arranged within its parent's occurrence (its courier's session: kinds/windows.occurs_itself),
not hours to days before it as a booking is. A card's expiry given as a month and a year lies
ahead of the clock on most rows (rules/expiry_parts.py), and a card added and removed
(`added_on`/`removed_on`: kinds/windows.LIFE) is used while held. On a schema of our own, at
three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE staff_kind AS ENUM ('nurse', 'surgeon', 'anaesthetist', 'porter', 'lead_surgeon',
  'pharmacist');
CREATE TYPE op_state AS ENUM ('scheduled', 'performed', 'cancelled');
CREATE TABLE ward (ward_id int PRIMARY KEY, ward_name varchar(60) NOT NULL,
  opened_on date NOT NULL);
CREATE TABLE staff_member (staff_id int PRIMARY KEY,
  ward_id int NOT NULL REFERENCES ward(ward_id),
  full_name varchar(80) NOT NULL, kind staff_kind NOT NULL,
  hired_on date NOT NULL, terminated_on date,
  surgeon_registration_no varchar(20),
  registration_expires_on date);
CREATE TABLE theatre_operation (op_id int PRIMARY KEY,
  ward_id int NOT NULL REFERENCES ward(ward_id),
  surgeon_id int REFERENCES staff_member(staff_id),
  scheduled_for timestamptz NOT NULL, performed_at timestamptz,
  status op_state NOT NULL DEFAULT 'scheduled');
CREATE TABLE courier (courier_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  signed_up_at timestamptz NOT NULL);
CREATE TABLE courier_session (session_id int PRIMARY KEY,
  courier_id int NOT NULL REFERENCES courier(courier_id),
  start_time timestamptz NOT NULL, end_time timestamptz,
  CHECK (end_time IS NULL OR end_time > start_time));
CREATE TABLE delivery_leg (leg_id int PRIMARY KEY,
  session_id int NOT NULL REFERENCES courier_session(session_id),
  ordered_at timestamptz NOT NULL, departed_at timestamptz, arrived_at timestamptz,
  parcel_kg numeric(6,2) NOT NULL);
CREATE TABLE loyalty_card (card_id int PRIMARY KEY, member_name varchar(80) NOT NULL,
  added_on timestamptz NOT NULL, removed_on timestamptz,
  exp_month smallint NOT NULL CHECK (exp_month BETWEEN 1 AND 12), exp_year smallint NOT NULL);
CREATE TABLE card_purchase (purchase_id int PRIMARY KEY,
  card_id int NOT NULL REFERENCES loyalty_card(card_id),
  bought_at timestamptz NOT NULL, amount numeric(10,2) NOT NULL);
"""
SETTINGS = {"generate": {"rows": 300, "now": NOW.replace(" ", "T")}}

SURGEON = """
SELECT count(*)::int, count(*) FILTER (WHERE s.kind::text IN ('surgeon', 'lead_surgeon')
  AND s.surgeon_registration_no IS NOT NULL)::int
FROM theatre_operation o LEFT JOIN staff_member s ON s.staff_id = o.surgeon_id
WHERE o.status = 'performed'
"""
VALID = """
SELECT count(*)::int, count(*) FILTER (WHERE s.registration_expires_on >= o.performed_at::date
  AND s.hired_on <= o.performed_at::date
  AND (s.terminated_on IS NULL OR s.terminated_on >= o.performed_at::date))::int
FROM theatre_operation o JOIN staff_member s ON s.staff_id = o.surgeon_id
WHERE o.status = 'performed'
"""
AHEAD = """
SELECT count(*)::int, count(*) FILTER (WHERE registration_expires_on >= :now::date)::int
FROM staff_member WHERE terminated_on IS NULL
"""
IN_SESSION = """
SELECT count(*)::int, count(*) FILTER (WHERE l.ordered_at >= s.start_time
  AND (s.end_time IS NULL OR l.ordered_at <= s.end_time))::int
FROM delivery_leg l JOIN courier_session s ON s.session_id = l.session_id
"""

CARD_USED = """
SELECT count(*)::int, count(*) FILTER (WHERE p.bought_at >= c.added_on
  AND (c.removed_on IS NULL OR p.bought_at <= c.removed_on)
  AND make_date(c.exp_year, c.exp_month, 1) + interval '1 month' > p.bought_at)::int
FROM card_purchase p JOIN loyalty_card c ON c.card_id = p.card_id
"""
CARD_AHEAD = """
SELECT count(*)::int, count(*) FILTER (WHERE make_date(exp_year, exp_month, 1) >= :now::date
  AND make_date(exp_year, exp_month, 1) < :now::date + interval '6 years')::int
FROM loyalty_card
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_row_picks_the_parent_fit_for_it(seed: int, pg_cluster) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        applies, holds = share(conninfo, SURGEON)
        assert applies > 100
        assert holds >= 0.95, f"performed by a registered surgeon: {holds:.1%}"
        applies, holds = share(conninfo, VALID)
        assert holds >= 0.9, f"surgeon employed and registered that day: {holds:.1%}"
        applies, holds = share(conninfo, AHEAD, now=NOW)
        assert holds >= 0.8, f"registration of a serving surgeon not lapsed: {holds:.1%}"
        applies, holds = share(conninfo, IN_SESSION)
        assert holds >= 0.5, f"leg ordered during its courier's session: {holds:.1%}"
        applies, holds = share(conninfo, CARD_AHEAD, now=NOW)
        assert holds >= 0.85, f"card expiry (month, year) ahead of the clock: {holds:.1%}"
        applies, holds = share(conninfo, CARD_USED)
        assert holds >= 0.9, f"card held and unexpired when used: {holds:.1%}"
