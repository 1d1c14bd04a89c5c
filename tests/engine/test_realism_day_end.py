"""A thing placed in working hours with a length of its own ends by the end of the day
(rules/day_end.py, rules/opening.py), on a schema of our own (a surveying firm's site surveys
booked for its surveyors out of depots): a survey starts on a weekday from 08:00 and, with
its `duration_minutes`, ends by 19:00 the same day."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE depots (id serial PRIMARY KEY, depot_name text NOT NULL,
  country_code char(2) NOT NULL, city text NOT NULL, address_line text NOT NULL,
  phone text NOT NULL);
CREATE TABLE surveyors (id serial PRIMARY KEY, depot_id int NOT NULL REFERENCES depots,
  first_name text NOT NULL, last_name text NOT NULL, hired_on date NOT NULL);
CREATE TABLE site_surveys (id serial PRIMARY KEY,
  surveyor_id int NOT NULL REFERENCES surveyors, site_address text NOT NULL,
  scheduled_at timestamp NOT NULL, duration_minutes integer NOT NULL CHECK (duration_minutes > 0),
  outcome text NOT NULL CHECK (outcome IN ('scheduled', 'completed', 'no_show')));
"""

IN_HOURS = """
SELECT count(*) AS applies,
       count(*) FILTER (WHERE extract(isodow FROM scheduled_at) BETWEEN 1 AND 5
           AND scheduled_at::time >= time '08:00'
           AND scheduled_at + make_interval(mins => duration_minutes)
               <= scheduled_at::date + time '19:00') AS holds
FROM site_surveys
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_survey_ends_by_the_end_of_its_working_day(pg_cluster, seed: int) -> None:
    settings = {
        "generate": {"rows": 800, "now": "2026-03-10T09:00:00+00:00"},
        "tables": {"depots": {"rows": 12}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        applies, held = share(conninfo, IN_HOURS)
        assert applies == 800
        assert held >= 0.99
        _, long = share(
            conninfo,
            "SELECT count(*), count(*) FILTER (WHERE duration_minutes > 120) FROM site_surveys",
        )
        assert long > 0.05  # lengths keep their spread: the starts move, not the counts
