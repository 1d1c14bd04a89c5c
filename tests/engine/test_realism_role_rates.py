"""An hour of a person's work costs what an hour of their role costs, on a schema of our own
(a set of lawyers: grades, lawyers of a grade, their charge-out rates; and a canteen's crew
whose role an enum lists): the grades table of a legal practice holds the trade's roles with
their rank, a rate follows its lawyer's grade two keys away, and a crew member's pay follows
the role on its own row."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE crew_role AS ENUM ('head_chef', 'sous_chef', 'line_cook', 'kitchen_porter');
CREATE TABLE court_dates (id serial PRIMARY KEY, listed_on date NOT NULL);
CREATE TABLE lawyer_grades (id serial PRIMARY KEY, grade_name text NOT NULL,
  rank_no smallint NOT NULL CHECK (rank_no > 0));
CREATE TABLE lawyers (id serial PRIMARY KEY, grade_id int NOT NULL REFERENCES lawyer_grades(id),
  full_name text NOT NULL);
CREATE TABLE charge_out_rates (id bigserial PRIMARY KEY,
  lawyer_id int NOT NULL REFERENCES lawyers(id), currency_code char(3) NOT NULL,
  hourly_rate numeric(10,2) NOT NULL,
  starts_on date NOT NULL);
CREATE TABLE canteen_crew (id serial PRIMARY KEY, full_name text NOT NULL, role crew_role NOT NULL,
  currency_code char(3) NOT NULL, hourly_rate numeric(8,2) NOT NULL);
"""

MEDIAN = "percentile_cont(0.5) WITHIN GROUP (ORDER BY {}) FILTER (WHERE {} = '{}')"
# compared in one currency: the commonest of the table's
ONE = "currency_code = (SELECT mode() WITHIN GROUP (ORDER BY currency_code) FROM {})"


@pytest.mark.parametrize("seed", [1, 2])
def test_a_rate_follows_the_role_of_its_person(pg_cluster, seed: int) -> None:
    settings = {"generate": {"rows": 400}, "tables": {"public.lawyers": {"rows": 60}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        judged, held = share(
            conninfo,
            "SELECT count(*), count(*) FILTER (WHERE (grade_name, rank_no) IN (('Partner', 1), "
            "('Associate', 4), ('Paralegal', 6), ('Counsel', 2), ('Senior Associate', 3), "
            "('Trainee Solicitor', 5))) FROM lawyer_grades",
        )
        assert judged == 6 and held == 1.0, (judged, held)
        top = MEDIAN.format("r.hourly_rate", "g.grade_name", "Partner")
        low = MEDIAN.format("r.hourly_rate", "g.grade_name", "Paralegal")
        dearer, _ = share(
            conninfo,
            f"SELECT ({top} > 2.5 * {low})::int, 1 FROM charge_out_rates r "
            "JOIN lawyers l ON l.id = r.lawyer_id JOIN lawyer_grades g ON g.id = l.grade_id "
            f"WHERE r.{ONE.format('charge_out_rates')}",
        )
        assert dearer == 1
        top = MEDIAN.format("hourly_rate", "role", "head_chef")
        low = MEDIAN.format("hourly_rate", "role", "kitchen_porter")
        dearer, _ = share(
            conninfo,
            f"SELECT ({top} > 1.5 * {low})::int, 1 FROM canteen_crew "
            f"WHERE {ONE.format('canteen_crew')}",
        )
        assert dearer == 1
