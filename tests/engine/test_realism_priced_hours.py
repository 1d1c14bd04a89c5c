"""A bundle of timed sessions costs the hours it holds at what an hour of them costs, on a
schema of our own (a music school's course offers: lessons included and minutes per lesson;
its tuition blocks of whole hours): the price over the hours is a lesson hour's (20-120
dollars, vocab/data/role_rates.tsv) in the row's currency (rules/priced_hours.py). Before:
0.05 and 0.09 at seed 1, 0.03 and 0.10 at seed 2 (prices drawn whatever the hours)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE music_schools (id serial PRIMARY KEY, school_name text NOT NULL);
CREATE TABLE course_offers (id serial PRIMARY KEY,
  school_id int NOT NULL REFERENCES music_schools(id), offer_title text NOT NULL,
  lessons_included smallint NOT NULL CHECK (lessons_included BETWEEN 1 AND 40),
  minutes_per_lesson smallint NOT NULL CHECK (minutes_per_lesson BETWEEN 20 AND 120),
  course_price numeric(9,2) NOT NULL, currency_code char(3) NOT NULL);
CREATE TABLE tuition_blocks (id serial PRIMARY KEY,
  school_id int NOT NULL REFERENCES music_schools(id),
  tuition_hours numeric(5,1) NOT NULL CHECK (tuition_hours > 0),
  block_price numeric(9,2) NOT NULL, currency_code char(3) NOT NULL);
"""

# an hour's price in dollars at the fixed rates the money rule converts at (currencies.py)
PER_HOUR = """
SELECT count(*), count(*) FILTER (WHERE t.{price} / ({hours}) / f.per_usd BETWEEN 19 AND 122)
FROM {table} t JOIN (VALUES ('USD', 1.0), ('EUR', 0.92), ('GBP', 0.79), ('SEK', 10.5),
  ('NOK', 10.7), ('CHF', 0.88), ('JPY', 150.0), ('PLN', 4.0), ('CAD', 1.36), ('AUD', 1.52),
  ('INR', 83.0), ('BRL', 5.0), ('MXN', 17.0), ('CNY', 7.2), ('DKK', 6.9), ('CZK', 23.0))
  AS f(code, per_usd) ON f.code = t.currency_code
"""


@pytest.mark.parametrize("seed", [1, 2])
def test_a_bundle_costs_its_hours_of_lessons(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 300}}, seed=seed) as conninfo:
        hours = "t.lessons_included * t.minutes_per_lesson / 60.0"
        offers = PER_HOUR.format(price="course_price", table="course_offers", hours=hours)
        judged, held = share(conninfo, offers)
        assert judged >= 30 and held >= 0.98, (judged, held)
        blocks = PER_HOUR.format(price="block_price", table="tuition_blocks",
                                 hours="t.tuition_hours")  # fmt: skip
        judged, held = share(conninfo, blocks)
        assert judged >= 30 and held >= 0.98, (judged, held)
