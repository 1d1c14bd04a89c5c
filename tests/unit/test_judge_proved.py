"""Which row constraints the judge's first-batch sample may skip (generate/judge/proved.py):
only those the evaluator computes as the server does over the values COPY writes."""

from __future__ import annotations

from pathlib import Path

from workbench.generate.judge.catalog import table_catalog
from workbench.generate.judge.proved import proved
from workbench.schema.parse import parse_schema_file
from workbench.schema.typeinfo import resolve_type

SCHEMA = """
CREATE DOMAIN year AS integer CHECK (VALUE >= 1901 AND VALUE <= 2155);
CREATE DOMAIN money2 AS numeric(12, 2) CHECK (VALUE >= 0);
CREATE DOMAIN strict_money AS numeric(12, 2) CHECK (VALUE > 0);
CREATE TABLE t (
    id integer PRIMARY KEY,
    qty integer CHECK (qty BETWEEN 1 AND 50),
    reserved integer CHECK (reserved >= 0 AND reserved <= qty),
    kind text CHECK (kind IN ('a', 'b')),
    code varchar(8) CHECK (code <> 'x' OR code IS NULL),
    card varchar(19),
    voucher varchar(16),
    made year,
    price money2,
    fee strict_money,
    lat numeric(9, 6) CHECK (lat BETWEEN -90 AND 90),
    share numeric(5, 2) CHECK (share > 0),
    ratio real CHECK (ratio >= 0),
    letter char(2) CHECK (letter IN ('ab', 'cd')),
    named text COLLATE "C" CHECK (named <> 'x'),
    big bigint CHECK (big < 99999999999999999999),
    born date CHECK (born > DATE '1900-01-01'),
    start_at timestamptz,
    end_at timestamptz CHECK (end_at IS NULL OR end_at >= start_at),
    body text CHECK (length(body) <= 2000),
    sku text CHECK (sku ~ '^[A-Z]+$'),
    half integer CHECK (half IN (1, 2.5)),
    CHECK (num_nonnulls(card, voucher) = 1)
);
"""

PROVED = {
    "NOT NULL id",
    "CHECK t_qty_check",  # BETWEEN of integers
    "CHECK t_reserved_check",  # integers against a literal and a column, under AND
    "CHECK t_kind_check",  # text IN literals
    "CHECK t_code_check",  # varchar <> a literal OR IS NULL
    "CHECK t_lat_check",  # numeric BETWEEN integer literals
    "CHECK t_check",  # num_nonnulls(card, voucher) = 1
    "domain public.year: CHECK year_check",
    "domain public.money2: CHECK money2_check",  # numeric >= 0
}
NOT_PROVED = {
    "CHECK t_share_check",  # numeric > 0: 0.001 is written 0.00
    "CHECK t_ratio_check",  # real
    "CHECK t_letter_check",  # character(n) pads
    "CHECK t_named_check",  # a collation of its own
    "CHECK t_big_check",  # a literal past bigint
    "CHECK t_born_check",  # a cast
    "CHECK t_end_at_check",  # timestamps are written to the second
    "CHECK t_body_check",  # a function
    "CHECK t_sku_check",  # a regex
    "CHECK t_half_check",  # a decimal literal
    "domain public.strict_money: CHECK strict_money_check",
}


def test_only_exact_shapes_are_proved(tmp_path: Path) -> None:
    path = tmp_path / "schema.sql"
    path.write_text(SCHEMA)
    schema = parse_schema_file(path).schema
    table = next(t for t in schema.tables.values() if t.name == "t")
    infos = {c.name: resolve_type(schema, c.type) for c in table.columns}
    got = {c.name: proved(c, table, infos) for c in table_catalog(table, infos).rows}
    assert {name for name, ok in got.items() if ok} == PROVED
    assert {name for name, ok in got.items() if not ok} == NOT_PROVED
