"""Rare exceptions and the columns tied to them, on a schema of our own (a water utility: its
meter visits, card payments and service requests), at three seeds, on a pinned
clock. On s19land (3ccf47d):

- a visit's outcome whose one success is no word of a lifecycle's done end (`read`, beside
  `not_accessible`, `meter_damaged`, `refused_entry`) was one label among equals, `read` on
  about a quarter of the visits: the one label among failures is the event done
  (vocab/outcomes.sole_success), `not_X` and a failure word first are failures;
- a card payment `pending` took a tenth of the payments, over the last four days: an attempt
  a machine settles in seconds (`captured`) is pending on a few, of the last hours
  (vocab/outcomes.ATTEMPT_DONE, rules/recent.py);
- a flag of an exception (`is_disputed DEFAULT false`, `flagged` with no DEFAULT) was true
  on 15 % and 50 % of the rows, and the text that explains it (`dispute_notes`,
  `flag_reason`) drawn on its own: the flag is rare and its reason set exactly where it
  is (vocab/exceptions.py, rules/exception_flag.py); a `failure_reason` beside a status with
  one failure label (`rejected`) is set exactly on its rows;
- a photo's read of its meter's serial (`ocr_serial_number`, two keys away) was free text
  unlike the serial on nearly every row, its `ocr_confidence` (0-100) below 80 on some 80 %:
  the read copies the serial, misread on about 2 %, the confidence high where it read right
  (vocab/reads.py, rules/misread.py)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE account (account_id int PRIMARY KEY, holder_name text NOT NULL);
CREATE TABLE meter (meter_id int PRIMARY KEY,
  account_id int NOT NULL REFERENCES account(account_id), serial_number text NOT NULL);
CREATE TABLE meter_visit (visit_id bigint PRIMARY KEY,
  meter_id int NOT NULL REFERENCES meter(meter_id),
  visited_at timestamptz NOT NULL,
  outcome text NOT NULL
    CHECK (outcome IN ('read', 'not_accessible', 'meter_damaged', 'refused_entry')),
  reading_m3 numeric(10,3),
  flagged boolean,
  flag_reason text);
CREATE TABLE visit_photo (photo_id bigint PRIMARY KEY,
  visit_id bigint REFERENCES meter_visit(visit_id),
  taken_at timestamptz NOT NULL,
  ocr_serial_number text NOT NULL,
  ocr_confidence numeric(5,2) NOT NULL CHECK (ocr_confidence BETWEEN 0 AND 100));
CREATE TABLE card_payment (payment_id bigint PRIMARY KEY,
  account_id int NOT NULL REFERENCES account(account_id),
  taken_at timestamptz NOT NULL,
  amount numeric(10,2) NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'captured', 'declined')),
  is_disputed boolean NOT NULL DEFAULT false,
  dispute_notes text);
CREATE TABLE service_request (request_id bigint PRIMARY KEY,
  account_id int NOT NULL REFERENCES account(account_id),
  requested_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('received', 'completed', 'rejected')),
  failure_reason text);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

VISITS = """
SELECT count(*), count(*) FILTER (WHERE ok >= 0.85 AND worst <= 0.08)
FROM meter_visit,
     (SELECT max(s) FILTER (WHERE outcome = 'read') AS ok,
             coalesce(max(s) FILTER (WHERE outcome <> 'read'), 0) AS worst
      FROM (SELECT outcome, count(*)::numeric / sum(count(*)) OVER () AS s
            FROM meter_visit GROUP BY outcome) g) t
"""
PAYMENTS = """
SELECT count(*),
       count(*) FILTER (WHERE pending <= 0.05 AND ok >= 0.85
                          AND (status <> 'pending' OR taken_at >= :now - interval '1 day'))
FROM (SELECT status, taken_at, avg((status = 'pending')::int) OVER () AS pending,
             avg((status = 'captured')::int) OVER () AS ok FROM card_payment) p
"""
DISPUTED = """
SELECT count(*), count(*) FILTER (WHERE s <= 0.05
                                    AND is_disputed = (coalesce(btrim(dispute_notes), '') <> ''))
FROM (SELECT is_disputed, dispute_notes, avg(is_disputed::int) OVER () AS s FROM card_payment) p
"""
FLAGGED = """
SELECT count(*), count(*) FILTER (WHERE s <= 0.05 AND coalesce(flagged, false)
                                    = (coalesce(btrim(flag_reason), '') <> ''))
FROM (SELECT flagged, flag_reason,
             avg(coalesce(flagged, false)::int) OVER () AS s FROM meter_visit) v
"""
MISREAD = """
SELECT count(*), count(*) FILTER (WHERE low <= 0.10 AND wrong <= 0.05)
FROM (SELECT avg((p.ocr_confidence < 80)::int) OVER () AS low,
             avg((m.meter_id IS NOT NULL AND p.ocr_serial_number <> m.serial_number)::int)
               OVER () AS wrong
      FROM visit_photo p LEFT JOIN meter_visit v ON v.visit_id = p.visit_id
      LEFT JOIN meter m ON m.meter_id = v.meter_id) r
"""
REJECTED = """
SELECT count(*),
       count(*) FILTER (WHERE (status = 'rejected') = (coalesce(btrim(failure_reason), '') <> ''))
FROM service_request
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(
    "query",
    [VISITS, PAYMENTS, DISPUTED, FLAGGED, REJECTED, MISREAD],
    ids=["visit_outcome", "payment_pending", "disputed", "flagged", "rejected_reason", "misread"],
)
def test_rare_exceptions(loaded: str, query: str) -> None:
    applies, holds = share(loaded, query, now=NOW)
    assert applies >= 300
    assert holds >= 0.98
