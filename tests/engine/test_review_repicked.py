"""The review of a key the rules pick again to agree with the row's other keys, on a schema
of our own (a chain of clinics: an appointment names its room and its doctor, each of one
clinic; rules/every_path.py makes them one clinic's). Such a key's fan-out follows the
clinics' shapes, which differ between two samples of the generator far more than independent
picks would: on an untouched generate its verdict is within the generator's own spread
(measured from a second sample, distribution/sample.py), and a key piled onto one room or
doctor is still red. A key no rule re-picks keeps the plain test."""

from __future__ import annotations

from workbench.distribution.sample import review_sample
from workbench.engine import Engine

SCHEMA = """
CREATE TABLE clinics (id serial PRIMARY KEY, town text NOT NULL);
CREATE TABLE rooms (id serial PRIMARY KEY, clinic_id int NOT NULL REFERENCES clinics(id),
  label text NOT NULL);
CREATE TABLE doctors (id serial PRIMARY KEY, clinic_id int NOT NULL REFERENCES clinics(id),
  full_name text NOT NULL);
CREATE TABLE appointments (id serial PRIMARY KEY,
  room_id int NOT NULL REFERENCES rooms(id),
  doctor_id int NOT NULL REFERENCES doctors(id),
  minutes int NOT NULL CHECK (minutes > 0));
"""
EXTRA = """[generate]
rows = 300
now = "2026-03-10T09:00:00+00:00"
[tables."public.clinics"]
rows = 12
[tables."public.appointments"]
rows = 1200
"""


def test_a_repicked_key_is_judged_over_the_generators_spread(make_project) -> None:
    engine = Engine(make_project(SCHEMA, extra=EXTRA))
    engine.generate(keep_snapshot=False)
    with engine.connect() as conn:
        agree = conn.execute(
            "SELECT count(*) FILTER (WHERE r.clinic_id = d.clinic_id), count(*) "
            "FROM appointments a JOIN rooms r ON r.id = a.room_id "
            "JOIN doctors d ON d.id = a.doctor_id"
        ).fetchone()
    assert agree is not None and agree[0] == agree[1]  # the rule ran
    sample = review_sample(engine.context)
    assert sample is not None
    table = sample.columns["public.appointments"]
    repicked = [c for c in ("room_id", "doctor_id") if table[c].again is not None]
    assert len(repicked) == 1, repicked  # the later key is picked again, the other kept
    assert sample.column("public.rooms", "clinic_id").again is None  # no rule re-picks it
    column = repicked[0]
    for name in ("room_id", "doctor_id"):
        review = engine.distributions.of("public.appointments", name).review
        assert review["check"] is not None and review["check"]["within"], review["check_text"]
    # a loader that puts every appointment on one of ten parents: red all the same
    with engine.connect() as conn:
        conn.execute(f"UPDATE appointments SET {column} = 1 + id % 10")
    piled = engine.distributions.of("public.appointments", column).review
    assert piled["check"] is not None and not piled["check"]["within"], piled["check_text"]
