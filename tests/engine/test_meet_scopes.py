"""Keys that agree along every path, on a domain of our own (a network of public libraries):
a fine's member is its membership's member (a direct key and one through the other parent);
a membership's fee schedule and home branch lie in one library system (two one-hop paths to
one scope), and so does its member; a repair's copy is held by a branch of the repair's own
system (a direct key and a two-hop path); a fee schedule charges in its system's country's
currency and a fine in its fee schedule's (a key to facts an ancestor decides). Checked in
SQL on what a real PostgreSQL holds, with nothing dropped."""

from __future__ import annotations

import psycopg

from workbench.config.file import parse_config
from workbench.generate import build_plan, load_data
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE currencies (code char(3) PRIMARY KEY, name text NOT NULL);
CREATE TABLE countries (code char(2) PRIMARY KEY, name text NOT NULL,
    currency_code char(3) NOT NULL REFERENCES currencies(code));
CREATE TABLE library_systems (id serial PRIMARY KEY, name text NOT NULL,
    country_code char(2) NOT NULL REFERENCES countries(code));
CREATE TABLE branches (id serial PRIMARY KEY,
    system_id int NOT NULL REFERENCES library_systems(id), name text NOT NULL);
CREATE TABLE fee_schedules (id serial PRIMARY KEY,
    system_id int NOT NULL REFERENCES library_systems(id), label text NOT NULL,
    currency_code char(3) NOT NULL REFERENCES currencies(code),
    daily_fine numeric(6,2) NOT NULL CHECK (daily_fine >= 0));
CREATE TABLE members (id serial PRIMARY KEY,
    system_id int NOT NULL REFERENCES library_systems(id), full_name text NOT NULL);
CREATE TABLE memberships (id serial PRIMARY KEY,
    member_id int NOT NULL REFERENCES members(id),
    home_branch_id int NOT NULL REFERENCES branches(id),
    fee_schedule_id int NOT NULL REFERENCES fee_schedules(id), started_on date NOT NULL);
CREATE TABLE book_copies (id serial PRIMARY KEY,
    branch_id int NOT NULL REFERENCES branches(id), barcode text NOT NULL UNIQUE);
CREATE TABLE fines (id serial PRIMARY KEY,
    membership_id int NOT NULL REFERENCES memberships(id),
    member_id int NOT NULL REFERENCES members(id),
    currency_code char(3) NOT NULL REFERENCES currencies(code),
    amount numeric(8,2) NOT NULL CHECK (amount > 0), issued_at timestamptz NOT NULL);
CREATE TABLE repairs (id serial PRIMARY KEY,
    system_id int NOT NULL REFERENCES library_systems(id),
    copy_id int REFERENCES book_copies(id), reported_at timestamptz NOT NULL);
"""

ROWS = {
    "library_systems": 40,
    "branches": 60,
    "fee_schedules": 50,
    "members": 600,
    "memberships": 900,
    "book_copies": 700,
    "fines": 1200,
    "repairs": 500,
}

CHECKS = {
    "fine_member": "SELECT count(*), count(*) FILTER (WHERE f.member_id = m.member_id) "
    "FROM fines f JOIN memberships m ON m.id = f.membership_id",
    "schedule_of_branch_system": "SELECT count(*), "
    "count(*) FILTER (WHERE s.system_id = b.system_id) "
    "FROM memberships m JOIN fee_schedules s ON s.id = m.fee_schedule_id "
    "JOIN branches b ON b.id = m.home_branch_id",
    "member_of_branch_system": "SELECT count(*), count(*) FILTER (WHERE p.system_id = b.system_id) "
    "FROM memberships m JOIN members p ON p.id = m.member_id "
    "JOIN branches b ON b.id = m.home_branch_id",
    "repair_copy_system": "SELECT count(*), count(*) FILTER (WHERE b.system_id = r.system_id) "
    "FROM repairs r JOIN book_copies c ON c.id = r.copy_id JOIN branches b ON b.id = c.branch_id",
    "schedule_currency": "SELECT count(*), "
    "count(*) FILTER (WHERE s.currency_code = c.currency_code) "
    "FROM fee_schedules s JOIN library_systems y ON y.id = s.system_id "
    "JOIN countries c ON c.code = y.country_code",
    "fine_currency": "SELECT count(*), count(*) FILTER (WHERE f.currency_code = s.currency_code) "
    "FROM fines f JOIN memberships m ON m.id = f.membership_id "
    "JOIN fee_schedules s ON s.id = m.fee_schedule_id",
}


def test_keys_agree_along_every_path_in_a_library_network(pg_cluster, tmp_path) -> None:
    parsed = parse_schema_text(SCHEMA, "schema.sql")
    tables = {name: {"rows": n} for name, n in ROWS.items()}
    config = parse_config({"generate": {"rows": 300}, "tables": tables}, tmp_path / "sandbox.toml")
    name = pg_cluster.create_database()
    with psycopg.connect(pg_cluster.conninfo(name), autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=11)
        report = load_data(conn, parsed.schema, plan, config, seed=11)
        apply_statements(conn, parsed, "post")
        shares = {}
        for rule, query in CHECKS.items():
            row = conn.execute(query).fetchone()
            assert row is not None and row[0] > 0, rule
            shares[rule] = row[1] / row[0]
        assert min(shares.values()) >= 0.98, shares
        # every row loaded: the meets keep keys the server accepts
        for table, n in ROWS.items():
            got = conn.execute(f"SELECT count(*) FROM {table}").fetchone()
            assert got is not None and got[0] == n, table
    assert not [w for w in report.warnings if "dropped" in w.lower()]
    pg_cluster.drop_database(name)
