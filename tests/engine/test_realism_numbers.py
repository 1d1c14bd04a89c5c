"""Numbers as their names say, checked in SQL on what a real PostgreSQL holds: a total is its
subtotal plus tax and shipping less discount (to the cent, or to the unit in integer cents),
the subtotal the sum of the lines when the order has lines, a tax a real rate of the taxed
amount, a discount never above the subtotal and absent on most rows; integer flags, codes,
levels, hours and counters stay small, HTTP statuses are real ones, and integer times are
moments of the run's history in the unit the name says."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import REPO
from tests.engine.loading import load_schema
from workbench.config.file import parse_config
from workbench.generate.kinds.arithmetic import formula
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE orders (id serial PRIMARY KEY, placed_at timestamptz NOT NULL,
  subtotal numeric(12,2) NOT NULL, discount_amount numeric(12,2) NOT NULL DEFAULT 0,
  shipping_cost numeric(8,2), tax numeric(12,2) NOT NULL, grand_total numeric(12,2) NOT NULL,
  CHECK (discount_amount >= 0));
CREATE TABLE order_items (id serial PRIMARY KEY,
  order_id int NOT NULL REFERENCES orders(id), quantity int NOT NULL CHECK (quantity > 0),
  unit_price numeric(10,2) NOT NULL, line_total numeric(12,2) NOT NULL);
CREATE TABLE receipts (id bigserial PRIMARY KEY, "subTotalCents" bigint NOT NULL,
  "vatCents" bigint NOT NULL, vat_rate numeric(5,2) NOT NULL, "totalCents" bigint NOT NULL);
CREATE TABLE quotes (id serial PRIMARY KEY, total numeric(10,2) NOT NULL,
  amount numeric(10,2) NOT NULL);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {"generate": {"rows": 400}, "tables": {"public.order_items": {"rows": 1200}}},
        REPO / "sandbox.toml",
    )
    load_schema(conninfo, parse_schema_text(SCHEMA, "schema.sql"), config)
    yield conninfo
    pg_cluster.drop_database(name)


def _one(conninfo: str, query: str) -> float:
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return float(row[0])


def test_the_formula_is_read_from_the_names() -> None:
    schema = parse_schema_text(SCHEMA, "schema.sql").schema
    orders = formula(schema, schema.tables["public.orders"])
    assert orders is not None
    assert orders.shown == "grand_total = subtotal + tax + shipping_cost - discount_amount"
    receipts = formula(schema, schema.tables["public.receipts"])
    assert receipts is not None and receipts.rate == "vat_rate"
    assert receipts.shown == "totalCents = subTotalCents + vatCents"
    # a total with no subtotal beside it states no arithmetic
    assert formula(schema, schema.tables["public.quotes"]) is None


def test_a_total_is_subtotal_plus_tax_and_shipping_less_discount(loaded: str) -> None:
    bad = _one(
        loaded,
        "SELECT count(*) FROM orders WHERE abs(grand_total - (subtotal + tax"
        " + coalesce(shipping_cost, 0) - discount_amount)) >= 0.005",
    )
    assert bad == 0
    # the subtotal is its items' sum (the total is not a second sum of the lines)
    assert (
        _one(
            loaded,
            "SELECT count(*) FROM orders o JOIN (SELECT order_id, sum(line_total) s "
            "FROM order_items GROUP BY order_id) l ON l.order_id = o.id "
            "WHERE abs(l.s - o.subtotal) >= 0.005",
        )
        == 0
    )
    assert _one(loaded, "SELECT count(*) FROM orders WHERE grand_total <> subtotal") > 100


def test_tax_and_discount_are_shares_a_reviewer_believes(loaded: str) -> None:
    taxed = "(subtotal - discount_amount)"
    assert _one(loaded, f"SELECT count(*) FROM orders WHERE tax > 0.3 * {taxed} + 0.01") == 0
    assert _one(loaded, "SELECT count(*) FROM orders WHERE discount_amount > subtotal") == 0
    share = _one(loaded, "SELECT avg((discount_amount > 0)::int) FROM orders WHERE subtotal > 0")
    assert 0.1 < share < 0.5
    # several rates, not one
    rates = _one(
        loaded,
        f"SELECT count(DISTINCT round(tax / {taxed}, 2)) FROM orders WHERE {taxed} > 100",
    )
    assert rates >= 4


def test_integer_cents_add_up_to_the_unit_and_follow_the_row_rate(loaded: str) -> None:
    q = 'SELECT count(*) FROM receipts WHERE "totalCents" <> "subTotalCents" + "vatCents"'
    assert _one(loaded, q) == 0
    # the row's own rate (a percentage) decides its tax, to a cent of rounding
    rate = "(CASE WHEN vat_rate > 1 THEN vat_rate / 100 ELSE vat_rate END)"
    assert (
        _one(
            loaded,
            f'SELECT count(*) FROM receipts WHERE abs("vatCents" - "subTotalCents" * {rate}) > 1',
        )
        == 0
    )


# --- integers that mean something -----------------------------------------------------------

INTEGERS = """
CREATE TABLE tickets (id serial PRIMARY KEY, del smallint NOT NULL DEFAULT 0,
  ismerged integer, moderated int NOT NULL, alert_flag int NOT NULL, state int NOT NULL,
  task_type integer NOT NULL, hierarchylevel int NOT NULL, ota_hour_utc int NOT NULL,
  failed_login_counter int NOT NULL, rev_ int NOT NULL, status_code int NOT NULL,
  created_time bigint NOT NULL, date_creation integer NOT NULL, ts_added_ms bigint NOT NULL,
  last_modified bigint NOT NULL, response_time int NOT NULL, first_release_date int NOT NULL);
"""
NOW = "2026-01-01T00:00:00Z"
EPOCH_NOW = 1767225600  # 2026-01-01T00:00:00Z in seconds since 1970


@pytest.fixture(scope="module")
def integers(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config({"generate": {"rows": 300, "now": NOW}}, REPO / "sandbox.toml")
    load_schema(conninfo, parse_schema_text(INTEGERS, "schema.sql"), config)
    yield conninfo
    pg_cluster.drop_database(name)


@pytest.mark.parametrize(
    ("column", "lo", "hi"),
    [
        ("del", 0, 1),
        ("ismerged", 0, 1),
        ("moderated", 0, 1),
        ("alert_flag", 0, 1),
        ("state", 0, 6),
        ("task_type", 0, 6),
        ("hierarchylevel", 1, 8),
        ("ota_hour_utc", 0, 23),
        ("failed_login_counter", 0, 40),
        ("rev_", 1, 20),
    ],
)
def test_flags_codes_levels_and_counters_stay_small(
    integers: str, column: str, lo: int, hi: int
) -> None:
    low = _one(integers, f"SELECT min({column}) FROM tickets")
    high = _one(integers, f"SELECT max({column}) FROM tickets")
    assert lo <= low and high <= hi, (column, low, high)
    assert _one(integers, f"SELECT count(DISTINCT {column}) FROM tickets") >= 2


def test_http_status_codes_are_real_ones(integers: str) -> None:
    assert (
        _one(integers, "SELECT count(*) FROM tickets WHERE status_code NOT BETWEEN 100 AND 599")
        == 0
    )
    share = _one(integers, "SELECT avg((status_code BETWEEN 200 AND 299)::int) FROM tickets")
    assert share > 0.5


@pytest.mark.parametrize(
    ("column", "per_second"),
    [("created_time", 1), ("date_creation", 1), ("last_modified", 1), ("ts_added_ms", 1000)],
)
def test_integer_times_are_moments_of_the_history_in_their_unit(
    integers: str, column: str, per_second: int
) -> None:
    """Seconds (milliseconds for a `_ms` name) since 1970 of the run's history: within the
    six years before its clock, none after it."""
    low = _one(integers, f"SELECT min({column}) FROM tickets") / per_second
    high = _one(integers, f"SELECT max({column}) FROM tickets") / per_second
    assert low >= EPOCH_NOW - 7 * 365 * 86400 and high <= EPOCH_NOW, (column, low, high)


def test_an_integer_date_is_a_day_written_yyyymmdd(integers: str) -> None:
    day = "to_date(first_release_date::text, 'YYYYMMDD')"
    bad = f"{day} > DATE '2026-01-01' OR {day} < DATE '2019-01-01'"
    assert _one(integers, f"SELECT count(*) FROM tickets WHERE {bad}") == 0


def test_a_duration_named_time_is_no_moment(integers: str) -> None:
    # response_time is how long, not when: it keeps the plain integer draw
    assert _one(integers, "SELECT max(response_time) FROM tickets") < EPOCH_NOW // 1000
