"""A value the engine computes stays inside its column's type: what the server stores is what
the CHECKs are judged on (constraints/type_fit.py). On schemas of our own (a depot's
shipments, a fleet's fuel log, a gym's plans), at three seeds, on a pinned clock:

- a weight moved under its shipment's limit by a CHECK's repair came out 8.7e-18, which the
  engine's look passed as `> 0` and numeric(5,2) stores as 0.00: the COPY refused the batch
  and generation stopped with a database error (seed 1);
- a truck's odometer readings, chained per truck like a register, climbed past numeric(6,1)'s
  99999.9: half the fuel log was dropped as "type of odometer_end";
- a plan's annual fee solved as twelve monthly fees went past numeric(5,2): its rows dropped.

Every row is kept, inside its type, and the chain still grows."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.engine.loading import loaded_database, share
from workbench.errors import GenerationError
from workbench.generate.base.sqltree import normalize
from workbench.generate.judge.account import Account
from workbench.generate.judge.explain import type_refused
from workbench.generate.rules.base import Rule
from workbench.schema.parse import parse_schema_text
from workbench.schema.typeinfo import resolve_type

NOW = "2026-03-10 09:00:00+00"
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

# a depot's shipments: the repair of `weight_kg < max_weight_kg` left 8.7e-18 in one row at
# seed 1 on main, passed as `> 0` by the engine, stored 0.00 and refused by the COPY
SHIPPING = """
CREATE TABLE region (region_code varchar(3) PRIMARY KEY CHECK (length(region_code) = 3),
  region_name varchar(40) NOT NULL);
CREATE TABLE depot (
  depot_id int PRIMARY KEY,
  region_code varchar(3) NOT NULL REFERENCES region(region_code),
  depot_code varchar(3) NOT NULL UNIQUE CHECK (char_length(depot_code) = 3),
  capacity smallint NOT NULL CHECK (capacity > 0),
  occupied smallint NOT NULL,
  version smallint NOT NULL DEFAULT 1,
  CHECK (occupied <= capacity));
CREATE TABLE shipment (
  shipment_id int PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depot(depot_id),
  seq_no smallint NOT NULL,
  weight_kg numeric(5,2) NOT NULL CHECK (weight_kg > 0),
  max_weight_kg numeric(5,2) NOT NULL,
  CHECK (weight_kg < max_weight_kg),
  UNIQUE (depot_id, seq_no));
"""

SCHEMA = """
CREATE TABLE truck (truck_id int PRIMARY KEY, plate varchar(10) NOT NULL);
CREATE TABLE fuel_log (
  log_id int PRIMARY KEY,
  truck_id int NOT NULL REFERENCES truck(truck_id),
  logged_at timestamptz NOT NULL,
  odometer_start numeric(6,1) NOT NULL,
  odometer_end numeric(6,1) NOT NULL,
  litres numeric(5,2) NOT NULL,
  CHECK (odometer_end > odometer_start));
CREATE TABLE gym (gym_id int PRIMARY KEY, gym_name varchar(50) NOT NULL);
CREATE TABLE member_plan (
  plan_id int PRIMARY KEY,
  gym_id int NOT NULL REFERENCES gym(gym_id),
  min_age smallint NOT NULL,
  max_age smallint NOT NULL,
  monthly_fee numeric(5,2) NOT NULL,
  annual_fee numeric(5,2) NOT NULL,
  CHECK (min_age < max_age), CHECK (max_age <= 120),
  CHECK (annual_fee = monthly_fee * 12));
"""

SHIPMENTS = """
SELECT count(*), count(*) FILTER (WHERE weight_kg > 0 AND weight_kg < max_weight_kg)
FROM shipment
"""
FUEL = "SELECT count(*), count(*) FILTER (WHERE odometer_end > odometer_start) FROM fuel_log"
# a truck's readings still chain: a trip starts at or after the last one's end
CHAINED = """
WITH b AS (SELECT odometer_start, lag(odometer_end) OVER (PARTITION BY truck_id
  ORDER BY logged_at, log_id) AS before FROM fuel_log)
SELECT count(*), count(*) FILTER (WHERE odometer_start >= before) FROM b WHERE before IS NOT NULL
"""
PLANS = "SELECT count(*), count(*) FILTER (WHERE annual_fee = monthly_fee * 12) FROM member_plan"


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.fixture(scope="module", params=[1, 2, 7])
def shipping(request, pg_cluster):
    with loaded_database(pg_cluster, SHIPPING, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_weight_under_its_limit_is_stored_above_zero(shipping: str) -> None:
    applies, holds = share(shipping, SHIPMENTS, now=NOW)
    assert applies == 1000
    assert holds == 1.0


def test_a_chained_odometer_stays_inside_its_type(loaded: str) -> None:
    applies, holds = share(loaded, FUEL, now=NOW)
    assert applies == 1000  # none dropped as past numeric(6,1)
    assert holds == 1.0
    applies, chained = share(loaded, CHAINED, now=NOW)
    assert applies >= 400  # some thousand trips over a few hundred trucks
    assert chained >= 0.95


def test_a_fee_solved_from_another_is_kept_inside_its_type(loaded: str) -> None:
    applies, holds = share(loaded, PLANS, now=NOW)
    assert applies == 1000  # none dropped as past numeric(5,2)
    assert holds == 1.0


# where the schema itself puts every value past a type, the message says so, and whose
# fault it is: a kiln's CHECK asks for more than numeric(4,1) holds; a teller's key into a
# branch is a smallint, and every branch number is past it
KILNS = """
CREATE TABLE kiln (kiln_id int PRIMARY KEY,
  peak_temp_c numeric(4,1) NOT NULL CHECK (peak_temp_c > 1000));
CREATE TABLE firing (firing_id int PRIMARY KEY, kiln_id int NOT NULL REFERENCES kiln(kiln_id));
"""
BRANCHES = """
CREATE TABLE branch_office (branch_id int PRIMARY KEY CHECK (branch_id > 40000),
  city varchar(30) NOT NULL);
CREATE TABLE teller (teller_id int PRIMARY KEY,
  branch_id smallint NOT NULL REFERENCES branch_office(branch_id));
CREATE TABLE till_shift (shift_id int PRIMARY KEY,
  teller_id int NOT NULL REFERENCES teller(teller_id));
"""


def _refusal(pg_cluster, ddl: str) -> str:
    with pytest.raises(GenerationError) as info, loaded_database(pg_cluster, ddl, SETTINGS):
        pass
    return str(info.value)


def test_a_check_past_its_columns_type_is_named_with_the_type(pg_cluster) -> None:
    message = _refusal(pg_cluster, KILNS)
    assert "public.kiln: all 1,000 rows were refused" in message
    assert "a value > 1000, and its type numeric(4,1) holds at most 999.9" in message
    assert "correct the CHECK in schema.sql" in message
    assert "range = [1000" not in message  # no setting a numeric(4,1) could never load


def test_a_key_narrower_than_its_parents_is_named_as_the_schemas(pg_cluster) -> None:
    message = _refusal(pg_cluster, BRANCHES)
    assert "public.teller: all 1,000 rows were refused by type of branch_id" in message
    assert "branch_id is a key into public.branch_office (branch_id)" in message
    assert "do not fit its type (smallint holds -32768 to 32767)" in message
    assert "Give branch_id the type of public.branch_office.branch_id in schema.sql" in message


def test_a_value_the_engine_put_past_its_type_is_said_to_be_the_engines() -> None:
    """The paragraph for a type that refused every row of a column the engine computes: the
    type's bound, the rule and the CHECK whose repair moved it, and not the schema's fault."""
    ddl = """CREATE TABLE tariff (tariff_id int PRIMARY KEY, band_from numeric(5,2) NOT NULL,
      band_to numeric(5,2) NOT NULL, CHECK (band_to > band_from));"""
    schema = parse_schema_text(ddl, "schema.sql").schema
    table = schema.tables["public.tariff"]
    info = resolve_type(schema, table.column("band_to").type)
    tree = normalize(table.checks[0].expr.tree)
    rule = Rule("counter_pair", ["band_from", "band_to"], "band_from..band_to chain per yard")
    view = SimpleNamespace(
        tp=SimpleNamespace(name="public.tariff"),
        fk_cols={},
        specs={"band_to": SimpleNamespace(info=info, kind="decimal", unique=False)},
        rules=[rule],
        checks=[("tariff_check", tree)],
    )
    account = Account("public.tariff", 1000)
    head = "public.tariff: all 1,000 rows were refused."
    text = type_refused(view, account, head, "", "band_to")  # type: ignore[arg-type]
    assert "did not fit its type (numeric(5,2) holds -999.99 to 999.99)" in text
    assert "the rule counter_pair (band_from..band_to chain per yard)" in text
    assert "the repair of CHECK (band_to > band_from)" in text
    assert "The schema is not at fault" in text
    assert "schema.sql" not in text
    assert 'tables."public.tariff".columns."band_to" = { range = [0, 499] }' in text


# a ratio a CHECK rounds: round() is computed here as the server computes it (halves away from
# zero), so the index is solved from the row's measures; on main the CHECK went to the server,
# which refused 897 of 1,000 patients (311 of them as past numeric(3,1)) and kept 94 whose
# weight the search had set to 0 (a body-mass index of 0.0)
PATIENTS = """
CREATE TABLE patient (patient_id int PRIMARY KEY, born_on date NOT NULL,
  height_cm numeric(4,1) NOT NULL, weight_kg numeric(4,1) NOT NULL, bmi numeric(3,1) NOT NULL,
  CHECK (bmi = round(weight_kg / ((height_cm / 100) * (height_cm / 100)), 1)));
"""
MEASURED = """
SELECT count(*), count(*) FILTER (WHERE weight_kg >= 30 AND bmi BETWEEN 10 AND 60) FROM patient
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_rounded_ratio_is_solved_from_the_rows_measures(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, PATIENTS, SETTINGS, seed=seed) as conninfo:
        applies, holds = share(conninfo, MEASURED, now=NOW)
    assert applies == 1000
    assert holds >= 0.98


# a date a CHECK computes from the row's other columns is solved like a number: on main the
# repair could not set it, and 889 of 1,000 loans and 912 of 1,000 memberships were dropped
LIBRARY = """
CREATE TABLE library (library_id int PRIMARY KEY, name varchar(40) NOT NULL);
CREATE TABLE loan (
  loan_id int PRIMARY KEY,
  library_id int NOT NULL REFERENCES library(library_id),
  loaned_on date NOT NULL,
  due_on date NOT NULL,
  returned_on date,
  renewals smallint NOT NULL DEFAULT 0 CHECK (renewals BETWEEN 0 AND 3),
  fine_per_day numeric(3,2) NOT NULL,
  days_late smallint,
  fine numeric(4,2),
  CHECK (due_on = loaned_on + 21 * (renewals + 1)),
  CHECK (due_on <= DATE '2026-12-31'),
  CHECK (returned_on IS NULL OR returned_on >= loaned_on),
  CHECK (fine = fine_per_day * days_late));
CREATE TABLE membership (
  member_id int PRIMARY KEY,
  library_id int NOT NULL REFERENCES library(library_id),
  code varchar(8) NOT NULL UNIQUE,
  joined_on date NOT NULL,
  expires_on date NOT NULL,
  CHECK (expires_on = joined_on + 365),
  CHECK (length(code) = 8));
"""
LOANS = (
    "SELECT count(*), count(*) FILTER (WHERE due_on = loaned_on + 21 * (renewals + 1)) FROM loan"
)
MEMBERS = "SELECT count(*), count(*) FILTER (WHERE expires_on = joined_on + 365) FROM membership"


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_date_a_check_computes_is_solved(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, LIBRARY, SETTINGS, seed=seed) as conninfo:
        loans = share(conninfo, LOANS, now=NOW)
        members = share(conninfo, MEMBERS, now=NOW)
    assert loans == (1000, 1.0)
    assert members == (1000, 1.0)
