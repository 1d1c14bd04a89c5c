"""What the plan takes from statistics and what wins over them: `--rows`, a table's `rows`,
`[generate] scale`, a column's weights and null fraction; and the constraint engine over
statistics that contradict the schema (hostile or stale files)."""

from __future__ import annotations

from pathlib import Path

import psycopg

from tests.conftest import Cluster
from tests.tui.test_stats_review import _call
from workbench.config.file import config_hash, load_config
from workbench.engine import Engine
from workbench.generate.plan.tables import build_plan
from workbench.generate.rows.assembler import TableGenerator, referenced_columns
from workbench.generate.view import KeyStore
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE customers (id integer PRIMARY KEY, region text NOT NULL);
CREATE TABLE orders (
    id integer PRIMARY KEY,
    customer_id integer NOT NULL REFERENCES customers (id),
    status varchar(8) NOT NULL CHECK (status IN ('paid', 'pending', 'void')),
    qty integer NOT NULL CHECK (qty BETWEEN 1 AND 10),
    due_day date,
    note text
);
"""
# Statistics that disagree with the schema: a value the CHECK refuses and one too long, a
# histogram far outside the CHECK's range, NULLs on a NOT NULL column, more distinct
# customers than exist, tables and columns the schema lacks, a table never analyzed.
STATS = (
    _call("pg_restore_relation_stats", "customers", "\t'reltuples', '1000'::real")
    + _call("pg_restore_relation_stats", "orders", "\t'reltuples', '50000'::real")
    + _call("pg_restore_relation_stats", "ghost", "\t'reltuples', '9e9'::real")
    + _call("pg_restore_relation_stats", "never", "\t'reltuples', '-1'::real")
    + _call("pg_restore_attribute_stats", "orders",
            "\t'attname', 'status',\n\t'null_frac', '0.4'::real,\n\t'n_distinct', '3'::real,\n"
            "\t'most_common_vals', '{paid,refunded_long,pending}'::text,\n"
            "\t'most_common_freqs', '{0.6,0.3,0.1}'::real[]")
    + _call("pg_restore_attribute_stats", "orders",
            "\t'attname', 'qty',\n\t'n_distinct', '-0.9'::real,\n"
            "\t'histogram_bounds', '{-500,-20,3,400,90000}'::text")
    + _call("pg_restore_attribute_stats", "orders",
            "\t'attname', 'customer_id',\n\t'n_distinct', '5000'::real,\n"
            "\t'most_common_vals', '{7,9}'::text,\n\t'most_common_freqs', '{0.3,0.1}'::real[]")
    + _call("pg_restore_attribute_stats", "orders",
            "\t'attname', 'due_day',\n\t'null_frac', '0.25'::real,\n\t'n_distinct', '-0.5'::real,\n"
            "\t'histogram_bounds', '{2024-01-01,2024-02-01,2024-03-01,infinity}'::text")
    + _call("pg_restore_attribute_stats", "orders",
            "\t'attname', 'nope',\n\t'null_frac', '0.5'::real")
)  # fmt: skip


def _write(root: Path, toml: str) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "schema.sql").write_text(SCHEMA)
    (root / "stats.sql").write_text(STATS)
    (root / "sandbox.toml").write_text(
        f'[sandbox]\nname = "plan"\nstatistics = "stats.sql"\n{toml}'
    )
    return root / "sandbox.toml"


def _rows(config: Path, rows: int | None = None) -> dict[str, int]:
    cfg = load_config(config)
    plan = build_plan(parse_schema_text(SCHEMA).schema, cfg, rows=rows)
    return {t.name: t.rows for t in plan.tables}


def test_rows_scale_and_what_wins(tmp_path: Path) -> None:
    default = _write(tmp_path / "a", "[generate]\nrows = 1000\n")
    assert _rows(default) == {"public.customers": 20, "public.orders": 1000}
    assert _rows(default, rows=77) == {"public.customers": 77, "public.orders": 77}
    scaled = _write(tmp_path / "b", "[generate]\nscale = 0.01\n")
    assert _rows(scaled) == {"public.customers": 10, "public.orders": 500}
    table = _write(
        tmp_path / "c", '[generate]\nscale = 0.01\n[tables."public.orders"]\nrows = 30\n'
    )
    assert _rows(table) == {"public.customers": 10, "public.orders": 30}

    # a column's weights and null fraction in sandbox.toml win over the statistics
    toml = (
        "[generate]\nrows = 1000\n"
        '[tables."public.orders".columns.status]\nvalues = {void = 1.0}\n'
        '[tables."public.orders".columns.due_day]\nnull_fraction = 0.0\n'
    )
    cfg = load_config(_write(tmp_path / "d", toml))
    plan = build_plan(parse_schema_text(SCHEMA).schema, cfg)
    keys, ref = KeyStore(), referenced_columns(plan.schema)
    for tp in plan.tables:
        gen = TableGenerator(plan.schema, plan, tp, cfg, 1, keys, ref, offline=True)
        batch = gen.batch(0, tp.rows)
        gen.finish()
    assert set(batch["status"].values.tolist()) == {"void"}
    assert not batch["due_day"].nulls.any()
    assert gen.view.specs["note"].null_fraction == cfg.generate.null_fraction  # no statistics

    # the statistics are part of what a generation is: a changed file is a new config hash
    before = config_hash(cfg)
    (tmp_path / "d" / "stats.sql").write_text(STATS.replace("0.6,0.3", "0.5,0.4"))
    assert config_hash(load_config(tmp_path / "d" / "sandbox.toml")) != before


def test_constraints_win_over_statistics(pg_cluster: Cluster, make_project) -> None:
    config = make_project(SCHEMA, extra="[generate]\nrows = 3000\n")
    (config.parent / "stats.sql").write_text(STATS)
    config.write_text(
        config.read_text().replace('schema = "schema.sql"',
                                   'schema = "schema.sql"\nstatistics = "stats.sql"')
    )  # fmt: skip
    engine = Engine(str(config))
    engine.generate(keep_snapshot=False)
    name = engine.config.sandbox.name
    with psycopg.connect(pg_cluster.conninfo(name)) as conn:
        counts = dict(conn.execute("SELECT status, count(*) FROM orders GROUP BY 1").fetchall())
        bad_qty, customers, top, due_nulls = conn.execute(
            "SELECT count(*) FILTER (WHERE qty NOT BETWEEN 1 AND 10), "
            "(SELECT count(DISTINCT customer_id) FROM orders), "
            "(SELECT max(n) FROM (SELECT count(*) n FROM orders GROUP BY customer_id) s), "
            "avg((due_day IS NULL)::int) FROM orders"
        ).fetchone()
        (parents,) = conn.execute("SELECT count(*) FROM customers").fetchone()
    assert set(counts) <= {"paid", "pending", "void"} and sum(counts.values()) == 3000
    assert max(counts, key=counts.get) == "paid" and counts["paid"] / 3000 >= 0.55
    assert bad_qty == 0
    assert parents == 60 and customers <= parents
    assert abs(top / 3000 - 0.3) <= 0.02  # the heaviest customer keeps its share
    assert abs(float(due_nulls) - 0.25) <= 0.03
