"""A row's figure is decided by the catalogue entry it references (rules/by_entry.py): an
enrolment on a course type lasts the type's default length and pays its list fee, most at it
and the rest near it; placements of one bait product use alike amounts, and products differ.
On a schema of our own (a training school's course types, a pest controller's bait
products), at three seeds, on a pinned clock."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE trainee (trainee_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  email varchar(120) NOT NULL);
CREATE TABLE course_type (type_id int PRIMARY KEY, title varchar(60) NOT NULL UNIQUE,
  default_length_days smallint NOT NULL CHECK (default_length_days > 0),
  list_fee numeric(8,2) NOT NULL CHECK (list_fee > 0));
CREATE TABLE enrolment (enrolment_id int PRIMARY KEY,
  trainee_id int NOT NULL REFERENCES trainee(trainee_id),
  type_id int NOT NULL REFERENCES course_type(type_id),
  enrolled_on date NOT NULL, length_days smallint NOT NULL, fee_paid numeric(8,2) NOT NULL);
CREATE TABLE bait_product (product_id int PRIMARY KEY, product_name varchar(80) NOT NULL,
  active_ingredient varchar(60) NOT NULL);
CREATE TABLE premises (premises_id int PRIMARY KEY, address_line varchar(120) NOT NULL,
  city varchar(60) NOT NULL);
CREATE TABLE bait_placement (placement_id int PRIMARY KEY,
  premises_id int NOT NULL REFERENCES premises(premises_id),
  product_id int NOT NULL REFERENCES bait_product(product_id),
  placed_on date NOT NULL, grams_used numeric(7,1) NOT NULL);
CREATE TABLE remedy (remedy_id int PRIMARY KEY, remedy_name varchar(60) NOT NULL,
  default_days smallint NOT NULL CHECK (default_days BETWEEN 1 AND 60));
CREATE TABLE premises_treatment (treatment_id int PRIMARY KEY,
  premises_id int NOT NULL REFERENCES premises(premises_id),
  remedy_id int NOT NULL REFERENCES remedy(remedy_id),
  started_on date NOT NULL, ended_on date);
"""
SETTINGS = {"generate": {"rows": 800, "now": NOW.replace(" ", "T")}}

# a row at its entry's stated figure, or within a third of it
FOLLOWS = """
SELECT count(*)::int, count(*) FILTER (WHERE e.{ours} BETWEEN t.{theirs} * 0.67
  AND t.{theirs} * 1.5 + 1)::int FROM enrolment e JOIN course_type t USING (type_id)
"""
AT = """
SELECT count(*)::int, count(*) FILTER (WHERE e.{ours} = t.{theirs})::int
FROM enrolment e JOIN course_type t USING (type_id)
"""
# rows of one product alike (spread under a fifth of their mean), where a product has 4 or more
ALIKE = """
SELECT count(*)::int, count(*) FILTER (WHERE sd / mean < 0.2)::int FROM (
  SELECT product_id, stddev(grams_used) AS sd, avg(grams_used) AS mean FROM bait_placement
  GROUP BY product_id HAVING count(*) >= 4) p
"""
# and products differ: their means spread over more than a quarter of the mean of means
DIFFER = """
SELECT stddev(mean) / avg(mean) FROM (SELECT avg(grams_used) AS mean FROM bait_placement
  GROUP BY product_id HAVING count(*) >= 4) p
"""
# a treatment's days are its remedy's default days, give or take a fifth (and a day's rounding)
LASTS = """
SELECT count(*)::int, count(*) FILTER (WHERE t.ended_on - t.started_on
  BETWEEN floor(r.default_days * 0.8) - 1 AND ceil(r.default_days * 1.3) + 1)::int
FROM premises_treatment t JOIN remedy r USING (remedy_id) WHERE t.ended_on IS NOT NULL
"""
PAIRS = [("length_days", "default_length_days"), ("fee_paid", "list_fee")]


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(("ours", "theirs"), PAIRS, ids=["length", "fee"])
def test_a_row_follows_its_entrys_stated_figure(loaded: str, ours: str, theirs: str) -> None:
    applies, holds = share(loaded, FOLLOWS.format(ours=ours, theirs=theirs))
    assert applies == 800
    assert holds >= 0.98
    _, at = share(loaded, AT.format(ours=ours, theirs=theirs))
    assert 0.4 <= at <= 0.9


def test_rows_of_one_entry_are_alike_and_entries_differ(loaded: str) -> None:
    applies, holds = share(loaded, ALIKE)
    assert applies >= 10
    assert holds >= 0.9
    with psycopg.connect(loaded) as conn:
        row = conn.execute(DIFFER).fetchone()
    assert row is not None and float(row[0]) > 0.25


def test_a_window_of_days_lasts_its_entrys_default_days(loaded: str) -> None:
    applies, holds = share(loaded, LASTS)
    assert applies >= 400
    assert holds >= 0.98
