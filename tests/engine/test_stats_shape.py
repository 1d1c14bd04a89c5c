"""Must-show for issue 14: a source database with known distributions, dumped with the
server's own pg_dump 18 (`--no-data --statistics`), shapes a smaller sandbox; the sandbox's
figures are compared with production's statistics."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import psycopg
import pytest
from psycopg import sql

from tests.conftest import Cluster, shared_schema
from tests.engine.stats_dump import pg_dump_source
from workbench.engine import Engine
from workbench.stats.calls import ColumnStats, Statistics
from workbench.stats.parse import parse_statistics

SOURCE_SCHEMA = """
CREATE TABLE customers (
    id integer PRIMARY KEY,
    region text NOT NULL
);
CREATE TABLE orders (
    id integer PRIMARY KEY,
    customer_id integer NOT NULL REFERENCES customers (id),
    status text NOT NULL CHECK (status IN ('paid', 'pending', 'refunded', 'cancelled')),
    coupon text,
    amount numeric(10, 2) NOT NULL CHECK (amount > 0),
    ordered_on date NOT NULL
);
CREATE INDEX orders_customer_id ON orders (customer_id);
"""
CUSTOMERS, ORDERS = 2000, 20000  # ANALYZE reads every row below 30,000 (exact statistics)


def fill_source(conninfo: str, seed: int = 7) -> None:
    """Known shapes: status 82/10/6/2 %, coupon 30 % NULL over 40 codes, customer_id a Zipf
    fan-out (the heaviest customer not id 1), amount normal(120, 25), ordered_on two years."""
    rng = np.random.default_rng(seed)
    regions = rng.choice(["north", "south", "east", "west"], CUSTOMERS, p=[0.5, 0.3, 0.15, 0.05])
    weights = 1.0 / np.arange(1, CUSTOMERS + 1) ** 1.1
    heavy_first = rng.permutation(CUSTOMERS) + 1
    customer = heavy_first[rng.choice(CUSTOMERS, ORDERS, p=weights / weights.sum())]
    status = rng.choice(["paid", "pending", "refunded", "cancelled"], ORDERS,
                        p=[0.82, 0.10, 0.06, 0.02])  # fmt: skip
    coupon = np.where(rng.random(ORDERS) < 0.3, None, rng.integers(0, 40, ORDERS).astype(str))
    amount = np.round(np.clip(rng.normal(120, 25, ORDERS), 1, None), 2)
    day = np.datetime64("2023-01-01") + rng.integers(0, 731, ORDERS).astype("timedelta64[D]")
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(SOURCE_SCHEMA)
        with conn.cursor().copy("COPY customers FROM STDIN") as copy:
            for i, r in enumerate(regions.tolist(), 1):
                copy.write_row((i, r))
        with conn.cursor().copy("COPY orders FROM STDIN") as copy:
            for i in range(ORDERS):
                c = None if coupon[i] is None else f"C{coupon[i]}"
                copy.write_row((i + 1, int(customer[i]), status[i], c, amount[i], str(day[i])))
        conn.execute("ANALYZE")


def _expected_distinct(col: ColumnStats, rows: int, fk_ratio: float | None) -> float:
    nd = col.n_distinct or 0.0
    if nd < 0:
        return -nd * rows
    return nd * fk_ratio if fk_ratio is not None else min(nd, rows)


def compare(conn: psycopg.Connection, prod: Statistics, scale: float) -> dict[str, float]:
    """The worst deviation of each measure over every covered table and column."""
    worst = {"rows": 0.0, "nulls": 0.0, "mcv": 0.0, "distinct": 0.0, "decile": 0.0, "top": 0.0}
    rows: dict[str, int] = {}
    for table in ("public.customers", "public.orders"):
        rows[table] = conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        expected = prod.rows(table) * scale
        worst["rows"] = max(worst["rows"], abs(rows[table] / expected - 1))
    for (table, column), col in prod.columns.items():
        n = rows[table]
        nulls, distinct = conn.execute(
            f"SELECT count(*) FILTER (WHERE {column} IS NULL), count(DISTINCT {column}) "
            f"FROM {table}"
        ).fetchone()
        worst["nulls"] = max(worst["nulls"], abs(nulls / n - (col.null_frac or 0)))
        ratio = rows["public.customers"] / prod.rows("public.customers")
        expected = _expected_distinct(col, n, ratio if column == "customer_id" else None)
        worst["distinct"] = max(worst["distinct"], abs(distinct / expected - 1))
        if col.mcv_freqs:
            top = conn.execute(
                f"SELECT count(*) FROM {table} WHERE {column} IS NOT NULL "
                f"GROUP BY {column} ORDER BY 1 DESC LIMIT 3"
            ).fetchall()
            for (count,), freq in zip(top, sorted(col.mcv_freqs, reverse=True), strict=False):
                worst["mcv"] = max(worst["mcv"], abs(count / n - freq))
        if col.histogram and column in ("amount", "ordered_on"):
            worst["decile"] = max(worst["decile"], _decile_shift(conn, table, column, col))
    fk = prod.column("public.orders", "customer_id")
    assert fk is not None and fk.mcv_freqs
    (top_children,) = conn.execute(
        "SELECT count(*) FROM orders GROUP BY customer_id ORDER BY 1 DESC LIMIT 1"
    ).fetchone()
    worst["top"] = abs(top_children / rows["public.orders"] / fk.mcv_freqs[0] - 1)
    return worst


def _decile_shift(conn: psycopg.Connection, table: str, column: str, col: ColumnStats) -> float:
    """How many production histogram buckets each sandbox decile lies from where production
    puts it (the histogram covers the values outside the most common ones)."""
    assert col.histogram is not None
    common = [v for v in col.mcv or [] if v is not None]
    deciles = conn.execute(
        f"SELECT percentile_disc(ARRAY[0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9]) WITHIN GROUP "
        f"(ORDER BY {column}) FROM {table} WHERE {column} IS NOT NULL "
        f"AND NOT ({column}::text = ANY(%s))",
        (common,),
    ).fetchone()[0]
    as_number = (
        (lambda v: float(v))
        if column == "amount"
        else (lambda v: np.datetime64(str(v), "D").astype(float))
    )
    bounds = np.array([as_number(b) for b in col.histogram])
    positions = np.interp([as_number(d) for d in deciles], bounds, np.arange(len(bounds)))
    expected = np.arange(1, 10) * (len(bounds) - 1) / 10
    return float(np.abs(positions - expected).max())


def test_sandbox_follows_production_statistics(
    pg_cluster: Cluster, fresh_db: str, make_project, tmp_path: Path
) -> None:
    fill_source(fresh_db)
    dbname = fresh_db.split("dbname=")[1].split()[0]
    text = pg_dump_source(pg_cluster, dbname, tmp_path / "dump.sql", "--no-data", "--statistics")
    prod = parse_statistics(text, "dump.sql")
    # said whole if it fails: which pg_dump and server the dump came from, and its key
    assert prod.version is not None and prod.version >= 180000, text[:800]
    assert prod.rows("public.orders") == ORDERS
    name = "sb_stats_shape"
    config = make_project(text, name=name, extra="[generate]\nrows = 4000\n")
    engine = Engine(str(config))
    plan = engine.plan()
    assert plan.scale == pytest.approx(4000 / ORDERS)
    engine.generate(keep_snapshot=False)
    with psycopg.connect(pg_cluster.conninfo(name)) as conn:
        # the calls in schema.sql were never run on the sandbox: production's row count is not
        # in its catalog, and any statistics it holds are its own, written by an ANALYZE
        # (autovacuum may analyze the freshly loaded tables at any moment)
        (reltuples,) = conn.execute(
            "SELECT reltuples FROM pg_class WHERE oid = 'public.orders'::regclass"
        ).fetchone()
        assert reltuples != ORDERS
        with_stats = {
            name
            for (name,) in conn.execute(
                "SELECT DISTINCT tablename FROM pg_stats WHERE tablename IN ('orders', 'customers')"
            ).fetchall()
        }
        # read after pg_stats, so an ANALYZE it shows is counted here
        analyzed = dict(
            conn.execute(
                "SELECT relname, coalesce(last_analyze, last_autoanalyze) IS NOT NULL "
                "FROM pg_stat_user_tables WHERE relname IN ('orders', 'customers')"
            ).fetchall()
        )
        assert all(analyzed[name] for name in with_stats), (with_stats, analyzed)
        worst = compare(conn, prod, plan.scale)
    print("\nobserved worst deviations:", {k: round(v, 4) for k, v in worst.items()})
    assert worst["rows"] <= 0.05
    assert worst["nulls"] <= 0.02
    assert worst["mcv"] <= 0.02
    assert worst["distinct"] <= 0.10
    assert worst["decile"] <= 1.0
    assert worst["top"] <= 0.20


@pytest.mark.parametrize("name", ["pagila15.sql", "synapse_main.sql", "northwind.sql"])
def test_real_schema_round_trip(
    name: str, pg_cluster: Cluster, make_project, tmp_path: Path
) -> None:
    """A real schema generated, analyzed and dumped with its statistics shapes a second
    sandbox that loads: partitions, enums, domains, arrays, text keys under unique
    constraints (never taken from a pool), bounds of varchar columns (a rank after a
    histogram bound still fits)."""
    source = make_project(shared_schema(name).read_text(), extra="[generate]\nrows = 600\n",
                          folder="source")  # fmt: skip
    engine = Engine(str(source))
    engine.generate(keep_snapshot=False)
    dbname = engine.config.sandbox.name
    with psycopg.connect(pg_cluster.conninfo(dbname), autocommit=True) as conn:
        conn.execute("ANALYZE")
    text = pg_dump_source(
        pg_cluster, dbname, tmp_path / "dump.sql", "--no-data", "--statistics", "--no-privileges"
    )
    assert "pg_restore_attribute_stats" in text
    config = make_project(text, extra="[generate]\nrows = 300\n", folder="shaped")
    shaped = Engine(str(config))
    planned = {t.name: t.rows for t in shaped.plan().tables if not t.file_rows}
    shaped.generate(keep_snapshot=False)
    with psycopg.connect(pg_cluster.conninfo(shaped.config.sandbox.name)) as conn:
        for table, rows in planned.items():
            schema, _, rel = table.partition(".")
            query = sql.SQL("SELECT count(*) FROM {}").format(sql.Identifier(schema, rel))
            assert conn.execute(query).fetchone()[0] == rows, table
