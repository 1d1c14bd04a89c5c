"""Parents' totals and counters agree with their children, line numbers count 1, 2, 3 within
each parent: checked in SQL on a real PostgreSQL after loading the shipped example, pagila15
and hostile schemas of other names (composite FK, CHECK on the total, NULL-able FK)."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from tests.conftest import REPO, shared_schema
from workbench.config.file import load_config, parse_config
from workbench.errors import ConfigError
from workbench.generate import build_plan, load_data
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_file, parse_schema_text


def _load(conninfo: str, parsed, config, seed: int = 42, skip: frozenset[str] = frozenset()):
    with psycopg.connect(conninfo, autocommit=True) as conn:
        if not skip:
            apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=seed)
        report = load_data(conn, parsed.schema, plan, config, seed=seed, skip_tables=skip)
        if not skip:
            apply_statements(conn, parsed, "post")
    return report


def _count(conninfo: str, query: str) -> int:
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0])


# the order lines' sum, per order (0 without lines)
SHOP_TOTALS = """
SELECT count(*) FROM orders o LEFT JOIN (SELECT order_id, sum(quantity * unit_price) AS s,
  count(*) AS k FROM order_items GROUP BY order_id) i ON i.order_id = o.id
WHERE o.total_amount <> coalesce(i.s, 0)"""
LINE_NUMBERS = """
SELECT count(*) FROM (SELECT line_no, row_number() OVER (PARTITION BY order_id
  ORDER BY line_no) AS want FROM order_items) x WHERE line_no <> want"""


@pytest.fixture(scope="module")
def shop(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    parsed = parse_schema_text((REPO / "schema.sql").read_text(), "schema.sql")
    _load(conninfo, parsed, load_config(REPO / "sandbox.toml"))
    yield conninfo
    pg_cluster.drop_database(name)


def test_shop_order_totals_are_the_sum_of_their_lines(shop: str) -> None:
    assert _count(shop, SHOP_TOTALS) == 0
    assert _count(shop, "SELECT count(*) FROM orders") == 5000
    # every order has lines (children min = 1), so no total is a leftover draw
    assert _count(shop, "SELECT count(DISTINCT order_id) FROM order_items") == 5000
    # a payment pays its order's total, as computed from the lines
    joined = "payments p JOIN orders o ON o.id = p.order_id"
    assert _count(shop, f"SELECT count(*) FROM {joined} WHERE p.amount <> o.total_amount") == 0
    assert _count(shop, f"SELECT count(*) FROM {joined}") > 500


def test_shop_line_numbers_count_within_each_order(shop: str) -> None:
    assert _count(shop, LINE_NUMBERS) == 0
    assert _count(shop, "SELECT count(*) FROM order_items WHERE line_no = 1") == 5000
    assert _count(shop, "SELECT max(line_no) FROM order_items") > 3


def test_resume_and_reload_recompute_the_totals(shop: str, pg_cluster) -> None:
    """A rerun that skips every loaded table (a resumed run) still leaves the totals right,
    and a child table loaded again after a changed total is summed again."""
    with psycopg.connect(shop, autocommit=True) as conn:
        conn.execute("UPDATE orders SET total_amount = total_amount + 1 WHERE id % 7 = 0")
    assert _count(shop, SHOP_TOTALS) > 0
    parsed = parse_schema_text((REPO / "schema.sql").read_text(), "schema.sql")
    config = load_config(REPO / "sandbox.toml")
    plan = build_plan(parsed.schema, config, seed=42)
    everything = frozenset(t.name for t in plan.tables)
    _load(shop, parsed, config, skip=everything)
    assert _count(shop, SHOP_TOTALS) == 0
    joined = "payments p JOIN orders o ON o.id = p.order_id"
    assert _count(shop, f"SELECT count(*) FROM {joined} WHERE p.amount <> o.total_amount") == 0


# --- hostile: other names, a composite FK, CHECKs on the total, a NULL-able FK -------------

HOSTILE = """
CREATE TABLE depots (region char(2), depot_no int, PRIMARY KEY (region, depot_no));
CREATE TABLE shipments (
  region char(2) NOT NULL, depot_no int NOT NULL, shipment_ref int NOT NULL,
  grand_total numeric(9,2) NOT NULL CHECK (grand_total > 0 AND grand_total < 400),
  num_parcels int NOT NULL DEFAULT 0,
  PRIMARY KEY (region, depot_no, shipment_ref),
  FOREIGN KEY (region, depot_no) REFERENCES depots);
CREATE TABLE shipment_lines (
  region char(2), depot_no int, shipment_ref int,
  position smallint NOT NULL,
  qty integer NOT NULL CHECK (qty BETWEEN 1 AND 9),
  price_each numeric(8,2) NOT NULL CHECK (price_each BETWEEN 1 AND 40),
  UNIQUE (region, depot_no, shipment_ref, position),
  FOREIGN KEY (region, depot_no, shipment_ref) REFERENCES shipments);
CREATE TABLE parcels (id serial PRIMARY KEY,
  region char(2), depot_no int, shipment_ref int,
  weight_g int NOT NULL,
  FOREIGN KEY (region, depot_no, shipment_ref) REFERENCES shipments);
CREATE TABLE ledgers (id bigserial PRIMARY KEY, balance_cents bigint NOT NULL,
  "totalCents" bigint NOT NULL, "entryCount" integer NOT NULL,
  CHECK ("totalCents" <= balance_cents));
CREATE TABLE ledger_entries (id bigserial PRIMARY KEY, ledger_id bigint REFERENCES ledgers,
  amount bigint NOT NULL CHECK (amount > 0));
"""
RULES = {
    "generate": {"rows": 300},
    "tables": {
        "ledgers": {
            "rows": 50,
            "columns": {
                "totalCents": {"sum_of": "ledger_entries.amount"},
                "balance_cents": {"range": [0, 200000]},
            },
        },
        "ledger_entries": {"columns": {"amount": {"range": [1, 5000]}}},
    },
}
SUMS = """
SELECT count(*) FROM shipments s LEFT JOIN (SELECT region, depot_no, shipment_ref,
  sum(qty * price_each) AS v FROM shipment_lines WHERE shipment_ref IS NOT NULL
  GROUP BY 1, 2, 3) l USING (region, depot_no, shipment_ref)
WHERE s.grand_total <> coalesce(l.v, 0)"""


@pytest.fixture(scope="module")
def hostile(pg_cluster, tmp_path_factory):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    path = tmp_path_factory.mktemp("hostile") / "sandbox.toml"
    report = _load(conninfo, parse_schema_text(HOSTILE, "schema.sql"), parse_config(RULES, path))
    yield conninfo, report
    pg_cluster.drop_database(name)


def test_hostile_totals_hold_unless_a_check_rejects_them(hostile) -> None:
    conninfo, report = hostile
    # a shipment whose lines' sum is ≥ 400 (or 0: no lines) keeps its drawn total, and the
    # run says how many; every other shipment's total is its lines' sum
    kept = _count(conninfo, SUMS)
    over = """SELECT count(*) FROM shipments s LEFT JOIN (SELECT region, depot_no, shipment_ref,
      sum(qty * price_each) AS v FROM shipment_lines GROUP BY 1, 2, 3) l
      USING (region, depot_no, shipment_ref) WHERE coalesce(l.v, 0) NOT BETWEEN 0.01 AND 399.99"""
    assert kept == _count(conninfo, over) > 0
    assert _count(conninfo, "SELECT count(*) FROM shipments") - kept > 50
    warning = next(w for w in report.warnings if "public.shipments.grand_total" in w)
    assert f"{kept:,} row(s) keep their drawn value" in warning
    # counters: parcels per shipment through the composite FK (NULL-able: NULLs count nowhere)
    parcels = """SELECT count(*) FROM shipments s WHERE num_parcels <> (SELECT count(*)
      FROM parcels p WHERE (p.region, p.depot_no, p.shipment_ref)
      = (s.region, s.depot_no, s.shipment_ref))"""
    assert _count(conninfo, parcels) == 0
    assert _count(conninfo, "SELECT count(*) FROM parcels WHERE shipment_ref IS NULL") > 0


def test_hostile_positions_count_within_the_composite_parent(hostile) -> None:
    conninfo, _ = hostile
    query = """SELECT count(*) FROM (SELECT position, row_number() OVER (PARTITION BY region,
      depot_no, shipment_ref ORDER BY position) AS want FROM shipment_lines
      WHERE shipment_ref IS NOT NULL) x WHERE position <> want"""
    assert _count(conninfo, query) == 0


def test_declared_sum_and_a_check_across_columns(hostile) -> None:
    conninfo, report = hostile
    sums = """SELECT count(*) FROM ledgers g WHERE "totalCents" <> (SELECT coalesce(sum(amount), 0)
      FROM ledger_entries e WHERE e.ledger_id = g.id)"""
    kept = _count(conninfo, sums)
    # CHECK (totalCents <= balance_cents): the rows whose sum would exceed the balance keep
    # their draw; every row satisfies the CHECK (the load succeeded) and most follow the rule
    assert _count(conninfo, 'SELECT count(*) FROM ledgers WHERE "totalCents" > balance_cents') == 0
    assert kept < 50
    assert kept == 0 or any("public.ledgers.totalCents" in w for w in report.warnings)
    counts = """SELECT count(*) FROM ledgers g WHERE "entryCount" <> (SELECT count(*)
      FROM ledger_entries e WHERE e.ledger_id = g.id)"""
    assert _count(conninfo, counts) == 0


def test_classify_shows_the_rules(tmp_path: Path) -> None:
    from workbench.generate import classify

    config = parse_config(RULES, tmp_path / "sandbox.toml")
    parsed = parse_schema_text(HOSTILE, "schema.sql")
    reasons = {(t, c): d.reason for t, c, d in classify(parsed.schema, config)}
    assert (
        "grand_total = sum of qty × price_each over its public.shipment_lines rows"
        in (reasons[("public.shipments", "grand_total")])
    )
    assert (
        "num_parcels = number of its public.parcels rows"
        in (reasons[("public.shipments", "num_parcels")])
    )
    declared = (
        "totalCents = sum of amount over its public.ledger_entries rows (ledger_id, declared)"
    )
    assert declared in reasons[("public.ledgers", "totalCents")]
    assert "entryCount = number of" in reasons[("public.ledgers", "entryCount")]
    # a plain amount of another table is no total
    assert "sum of" not in reasons[("public.ledger_entries", "amount")]


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("sum_of", "amount", "expected an expression over one child table's columns"),
        ("sum_of", "nowhere.amount", "no table 'nowhere'"),
        ("sum_of", "ledger_entries.price", "has no column(s) price"),
        ("sum_of", "depots.depot_no", "has no foreign key to public.ledgers"),
        ("count_of", "parcels", "has no foreign key to public.ledgers"),
        ("sum_of", "ledger_entries.amount *", "not an SQL expression"),
    ],
)
def test_bad_declared_totals_name_file_and_key(
    tmp_path: Path, key: str, value: str, message: str
) -> None:
    from workbench.generate.rows.assembler import TableGenerator
    from workbench.generate.view import KeyStore

    data = {"tables": {"ledgers": {"columns": {"totalCents": {key: value}}}}}
    config = parse_config(data, tmp_path / "sandbox.toml")
    parsed = parse_schema_text(HOSTILE, "schema.sql")
    plan = build_plan(parsed.schema, config, seed=1)
    tp = plan.table("public.ledgers")
    assert tp is not None
    with pytest.raises(ConfigError) as err:
        TableGenerator(parsed.schema, plan, tp, config, 1, KeyStore(), offline=True)
    text = str(err.value)
    assert str(tmp_path / "sandbox.toml") in text
    assert f'tables."public.ledgers".columns.totalCents.{key}' in text
    assert message in text and "\n" not in text


# --- pagila15 ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pagila(pg_cluster):
    path = shared_schema("pagila15.sql")
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config({"generate": {"rows": 600}}, Path("sandbox.toml"))
    _load(conninfo, parse_schema_file(path), config)
    yield conninfo
    pg_cluster.drop_database(name)


def test_pagila_payments_follow_their_rentals(pagila: str) -> None:
    joined = "payment p JOIN rental r ON r.rental_id = p.rental_id"
    assert _count(pagila, f"SELECT count(*) FROM {joined} WHERE payment_date < rental_date") == 0
    assert _count(pagila, f"SELECT count(*) FROM {joined}") > 300
    joined = "payment p JOIN customer c ON c.customer_id = p.customer_id"
    assert _count(pagila, f"SELECT count(*) FROM {joined} WHERE payment_date < create_date") == 0
    # every payment stays in a partition that exists (the load would have failed otherwise)
    assert _count(pagila, "SELECT count(*) FROM ONLY payment") == 0


# --- a killed generate, its resume and a reset --------------------------------------------

CARTS = """
CREATE TABLE carts (id bigserial PRIMARY KEY,
  subtotal numeric(12,2) NOT NULL CHECK (subtotal >= 0), line_count int NOT NULL);
CREATE TABLE cart_lines (cart_id bigint NOT NULL REFERENCES carts (id), seq smallint NOT NULL,
  qty int NOT NULL CHECK (qty BETWEEN 1 AND 5),
  unit_price numeric(8,2) NOT NULL CHECK (unit_price > 0), PRIMARY KEY (cart_id, seq));
"""
CART_CHILDREN = (
    "batch_rows = 2000\n"
    '[tables."public.cart_lines"]\n'
    'children = { parent = "public.carts", distribution = "uniform", min = 1, max = 5 }\n'
)
CART_VIOLATIONS = """
SELECT count(*) FROM carts c LEFT JOIN (SELECT cart_id, sum(qty * unit_price) AS s,
  count(*) AS k, max(seq) AS top FROM cart_lines GROUP BY cart_id) l ON l.cart_id = c.id
WHERE c.subtotal <> coalesce(l.s, 0) OR c.line_count <> coalesce(l.k, 0)
   OR l.top <> l.k"""


def test_killed_generate_resumes_and_resets_with_totals(tmp_path: Path, pg_cluster) -> None:
    from tests.conftest import run_cli
    from tests.engine.test_resume import _generate, _kill_when, _start_generate
    from tests.unit.test_lifecycle_helpers import sandbox

    with sandbox(tmp_path, pg_cluster, schema=CARTS, rows=12000, extra=CART_CHILDREN) as box:

        def mid_lines(event: dict) -> bool:
            return (
                event["event"] == "RowsWritten"
                and event["table"] == "public.cart_lines"
                and 0 < event["written"] < event["total"]
            )

        _kill_when(_start_generate(box), mid_lines)
        resumed = _generate(box)
        assert resumed["resumed"] is True
        assert _count(box.conninfo, CART_VIOLATIONS) == 0
        assert _count(box.conninfo, "SELECT count(*) FROM carts") == 12000
        assert _count(box.conninfo, "SELECT count(*) FROM cart_lines") > 24000
        # someone edits the rows; a reset brings back the totals the lines give
        with psycopg.connect(box.conninfo, autocommit=True) as conn:
            conn.execute("UPDATE carts SET subtotal = 0, line_count = 0")
            conn.execute("DELETE FROM cart_lines WHERE seq > 1")
        reset = run_cli("reset", "--yes", "--json", "--config", str(box.config), cwd=box.root)
        assert reset.returncode == 0, reset.stderr
        assert _count(box.conninfo, CART_VIOLATIONS) == 0
        assert _count(box.conninfo, "SELECT count(*) FROM cart_lines WHERE seq > 1") > 5000


# --- a partition key after its parent's time, hostile names, a gap between partitions ------

READINGS = """
CREATE TABLE devices (id serial PRIMARY KEY, registered_at timestamptz NOT NULL);
CREATE TABLE readings (device_id int NOT NULL REFERENCES devices, taken_at timestamptz NOT NULL,
  reading float8) PARTITION BY RANGE (taken_at);
CREATE TABLE readings_2021 PARTITION OF readings
  FOR VALUES FROM ('2021-01-01') TO ('2021-04-01');
CREATE TABLE readings_2024 PARTITION OF readings
  FOR VALUES FROM ('2024-01-01') TO ('2024-03-01');
"""
RANGE = ["2019-01-01", "2025-06-30"]


def test_a_partition_key_follows_its_parent_inside_the_partitions(
    fresh_db: str, tmp_path: Path
) -> None:
    # a declared range over six years: some devices come after the last partition (without
    # one, devices are drawn over the readings' partitions: test_partition_spread.py)
    declared = {"public.devices": {"columns": {"registered_at": {"range": RANGE}}}}
    data = {"generate": {"rows": 800}, "tables": declared}
    config = parse_config(data, tmp_path / "sandbox.toml")
    _load(fresh_db, parse_schema_text(READINGS, "schema.sql"), config)
    joined = "readings r JOIN devices d ON d.id = r.device_id"
    assert _count(fresh_db, f"SELECT count(*) FROM {joined} WHERE taken_at < registered_at") == 0
    assert _count(fresh_db, f"SELECT count(*) FROM {joined}") == 800
    assert _count(fresh_db, "SELECT count(*) FROM readings_2021") > 0
    assert _count(fresh_db, "SELECT count(*) FROM readings_2024") > 0
    # devices that came after the last partition have no readings; the others keep a spread
    late = "SELECT count(*) FROM devices WHERE registered_at > '2024-02-28'"
    assert _count(fresh_db, late) > 0
    assert (
        _count(fresh_db, f"SELECT count(*) FROM {joined} WHERE registered_at > '2024-03-01'") == 0
    )
    assert _count(fresh_db, "SELECT count(DISTINCT device_id) FROM readings") > 100


def _contents(conninfo: str, tables: list[str]) -> dict[str, str]:
    with psycopg.connect(conninfo) as conn:
        return {
            t: conn.execute(
                f"SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) FROM {t} x"
            ).fetchone()[0]
            for t in tables
        }


@pytest.mark.parametrize("schema", ["hostile", "shop"])
def test_in_memory_totals_equal_the_sql_post_pass(
    pg_cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, schema: str
) -> None:
    """The totals computed before the parent's rows are sent and the SQL post-pass (a parent
    too big to hold, a resumed run) give the same tables, warnings included."""
    from workbench.generate.load import totals_memory

    if schema == "shop":
        parsed = parse_schema_text((REPO / "schema.sql").read_text(), "schema.sql")
        config = parse_config({"generate": {"rows": 300}}, tmp_path / "sandbox.toml")
    else:
        parsed = parse_schema_text(HOSTILE, "schema.sql")
        config = parse_config(RULES, tmp_path / "sandbox.toml")
    tables = sorted(t for t in parsed.schema.tables)
    out = []
    for hold in (totals_memory.HOLD_ROWS, 0):
        monkeypatch.setattr(totals_memory, "HOLD_ROWS", hold)
        name = pg_cluster.create_database()
        try:
            report = _load(pg_cluster.conninfo(name), parsed, config)
            out.append((_contents(pg_cluster.conninfo(name), tables), sorted(report.warnings)))
        finally:
            pg_cluster.drop_database(name)
    assert out[0] == out[1]
    assert any("keep their drawn value" in w for w in out[0][1]) == (schema == "hostile")


def test_rows_flag_keeps_the_children_law(fresh_db: str) -> None:
    """--rows (build_plan's rows) resizes the tables but a children table keeps its law over
    the resized parents: several lines per order, numbered 1, 2, 3 within each order."""
    parsed = parse_schema_text((REPO / "schema.sql").read_text(), "schema.sql")
    config = load_config(REPO / "sandbox.toml")
    plan = build_plan(parsed.schema, config, rows=300, seed=42)
    orders, lines = plan.table("public.orders"), plan.table("public.order_items")
    assert orders is not None and lines is not None
    assert orders.rows == 300 and lines.children is not None and lines.rows > 300
    with psycopg.connect(fresh_db, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        load_data(conn, parsed.schema, plan, config, seed=42)
        apply_statements(conn, parsed, "post")
    assert _count(fresh_db, LINE_NUMBERS) == 0
    assert _count(fresh_db, "SELECT count(*) FROM order_items WHERE line_no = 1") == 300
    assert _count(fresh_db, "SELECT max(line_no) FROM order_items") > 3
    assert _count(fresh_db, SHOP_TOTALS) == 0
