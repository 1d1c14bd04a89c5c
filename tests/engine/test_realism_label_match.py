"""Two parents of a row that carry one category agree on it, on a schema of our own (a
flying school: airfields, aircraft of a class its CHECK lists, students training for a
`rating_class` that names no list of its own, flights of a student in an aircraft): a
flight's aircraft is of the class its student trains for, and still of the student's
airfield (the keys that agree along every path stand), wherever the airfield has one. Two
keys whose parents hold unrelated labels (an aircraft's `engine` and a student's `status`)
bind nothing."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share
from workbench.generate.rules.label_match import LabelMatch, label_matches
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE airfields (id serial PRIMARY KEY, icao char(4) NOT NULL, town text NOT NULL);
CREATE TABLE aircraft (id serial PRIMARY KEY, airfield_id int NOT NULL REFERENCES airfields(id),
  tail_no text NOT NULL, class text NOT NULL CHECK (class IN ('SEP', 'MEP', 'TMG', 'SEH')),
  engine text NOT NULL CHECK (engine IN ('piston', 'turbine')));
CREATE TABLE students (id serial PRIMARY KEY, airfield_id int NOT NULL REFERENCES airfields(id),
  full_name text NOT NULL, rating_class text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'paused', 'qualified')));
CREATE TABLE flights (id serial PRIMARY KEY, student_id int NOT NULL REFERENCES students(id),
  aircraft_id int NOT NULL REFERENCES aircraft(id), departs_at timestamptz NOT NULL,
  minutes smallint NOT NULL);
"""


@pytest.mark.parametrize("seed", [1, 2])
def test_a_flights_aircraft_is_of_its_students_class(pg_cluster, seed: int) -> None:
    settings = {"generate": {"rows": 500}, "tables": {"public.airfields": {"rows": 6}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        judged, held = share(
            conninfo,
            "SELECT count(*), count(*) FILTER (WHERE a.class = s.rating_class "
            "AND a.airfield_id = s.airfield_id) FROM flights f "
            "JOIN students s ON s.id = f.student_id JOIN aircraft a ON a.id = f.aircraft_id "
            "WHERE EXISTS (SELECT 1 FROM aircraft x WHERE x.airfield_id = s.airfield_id "
            "AND x.class = s.rating_class)",
        )
        assert judged >= 450 and held == 1.0, (judged, held)


def test_which_keys_agree_on_a_category() -> None:
    schema = parse_schema_text(SCHEMA, "schema.sql").schema
    assert label_matches(schema, schema.tables["public.flights"]) == [
        LabelMatch("aircraft_id", "public.aircraft", "class", "student_id", "public.students",
                   "rating_class"),
    ]  # fmt: skip
