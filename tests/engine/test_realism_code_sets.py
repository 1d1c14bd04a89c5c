"""A table that holds a trade's code set by its name and shape holds the real set, each code
named by its own entry, on a schema of our own (an in-house legal team logging work against
billing activity codes and expense codes): the activity table is the eleven UTBMS activities,
A102 named Research, and the work log draws its codes from them."""

from __future__ import annotations

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE billing_activity_codes (code varchar(4) PRIMARY KEY, name varchar(80) NOT NULL);
CREATE TABLE expense_codes (code varchar(4) PRIMARY KEY, name varchar(80) NOT NULL,
  billable boolean NOT NULL DEFAULT true);
CREATE TABLE work_logs (id bigserial PRIMARY KEY,
  activity varchar(4) NOT NULL REFERENCES billing_activity_codes(code),
  logged_on date NOT NULL, minutes int NOT NULL, note text);
CREATE TABLE outlays (id bigserial PRIMARY KEY,
  expense_code varchar(4) NOT NULL REFERENCES expense_codes(code), spent numeric(10,2) NOT NULL);
"""


def test_a_code_set_table_holds_the_real_codes_by_name(pg_cluster) -> None:
    settings = {"generate": {"rows": 300}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=3) as conninfo:
        judged, held = share(
            conninfo,
            "SELECT count(*), count(*) FILTER (WHERE code ~ '^A1(0[1-9]|1[01])$') "
            "FROM billing_activity_codes",
        )
        assert judged == 11 and held == 1.0, (judged, held)
        named, _ = share(
            conninfo,
            "SELECT count(*) FILTER (WHERE (code, name) IN (('A102', 'Research'), "
            "('A109', 'Appear for/attend'), ('A111', 'Other'))), 1 FROM billing_activity_codes",
        )
        assert named == 3, named
        judged, held = share(
            conninfo,
            "SELECT count(*), count(*) FILTER (WHERE code ~ '^E1[0-2][0-9]$' "
            "AND (code <> 'E101' OR name = 'Copying')) FROM expense_codes",
        )
        assert 20 <= judged <= 30 and held == 1.0, (judged, held)
