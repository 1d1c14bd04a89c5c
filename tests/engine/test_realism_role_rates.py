"""An hour of a person's work costs what an hour of their role costs, on a schema of our own
(a hotel kitchen: dishes, chef grades, chefs of a grade, their pay rates; and a canteen's
crew whose role an enum lists): the grades table of a kitchen holds the trade's roles with
their rank, a rate follows its chef's grade two keys away, and a crew member's pay follows
the role on its own row."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE crew_role AS ENUM ('head_chef', 'sous_chef', 'line_cook', 'kitchen_porter');
CREATE TABLE menu_dishes (id serial PRIMARY KEY, title text NOT NULL);
CREATE TABLE chef_grades (id serial PRIMARY KEY, grade_name text NOT NULL,
  rank_no smallint NOT NULL CHECK (rank_no > 0));
CREATE TABLE chefs (id serial PRIMARY KEY, grade_id int NOT NULL REFERENCES chef_grades(id),
  full_name text NOT NULL);
CREATE TABLE chef_pay_rates (id bigserial PRIMARY KEY,
  chef_id int NOT NULL REFERENCES chefs(id), currency_code char(3) NOT NULL,
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
    settings = {"generate": {"rows": 400}, "tables": {"public.chefs": {"rows": 80}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        judged, held = share(
            conninfo,
            "SELECT count(*), count(*) FILTER (WHERE (grade_name, rank_no) IN "
            "(('Executive Chef', 1), ('Head Chef', 2), ('Sous Chef', 3), ('Chef de Partie', 4), "
            "('Line Cook', 5), "
            "('Commis Chef', 6), ('Kitchen Porter', 7))) FROM chef_grades",
        )
        assert judged == 7 and held == 1.0, (judged, held)
        top = MEDIAN.format("r.hourly_rate", "g.grade_name", "Head Chef")
        low = MEDIAN.format("r.hourly_rate", "g.grade_name", "Kitchen Porter")
        dearer, _ = share(
            conninfo,
            f"SELECT ({top} > 1.8 * {low})::int, 1 FROM chef_pay_rates r "
            "JOIN chefs l ON l.id = r.chef_id JOIN chef_grades g ON g.id = l.grade_id "
            f"WHERE r.{ONE.format('chef_pay_rates')}",
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
