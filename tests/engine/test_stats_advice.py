"""Statistics inside schema.sql: `check` and doctor advise scrubbing schema.sql in place
(a scrubbed copy would leave the values where the gate reads them), and following that
advice clears the gate. Doctor counts only statistics that shape the plan and warns about
tables and columns the schema lacks, naming them."""

from __future__ import annotations

import json

from tests.conftest import run_cli
from tests.tui.test_stats_review import _call
from workbench.engine import Engine

SCHEMA = "CREATE TABLE customers (id integer PRIMARY KEY, email text);\n"
EMAIL = (
    "\t'attname', 'email',\n\t'null_frac', '0.1'::real,\n"
    "\t'most_common_vals', '{leaked.person@realmail.com}'::text,\n"
    "\t'most_common_freqs', '{0.3}'::real[]"
)
STATS = _call("pg_restore_relation_stats", "customers", "\t'reltuples', '1000'::real") + _call(
    "pg_restore_attribute_stats", "customers", EMAIL
)


def test_statistics_in_schema_sql_advice_clears_the_gate(make_project) -> None:
    config = make_project(SCHEMA + STATS)
    root = config.parent
    assert run_cli("classify", "--write", "--config", str(config), cwd=root).returncode == 0
    result = run_cli("check", "--config", str(config), cwd=root)
    assert result.returncode == 4, result.stdout + result.stderr
    schema_sql = str(root / "schema.sql")
    assert f"workbench stats scrub {schema_sql} --in-place" in result.stdout
    doctor = {c["name"]: c for c in Engine(str(config)).doctor()}
    assert f"scrub {schema_sql} --in-place" in doctor["statistics"]["message"]
    # a copy beside it says schema.sql still carries them
    copy = run_cli("stats", "scrub", "--config", str(config), cwd=root)
    assert copy.returncode == 0 and "--in-place" in copy.stdout, copy.stdout
    done = run_cli("stats", "scrub", schema_sql, "--in-place", "--config", str(config), cwd=root)
    assert done.returncode == 0, done.stderr
    after = run_cli("check", "--json", "--config", str(config), cwd=root)
    assert after.returncode == 0 and json.loads(after.stdout)["ok"]


def test_doctor_counts_only_what_shapes_the_plan(make_project) -> None:
    extra = _call("pg_restore_relation_stats", "ghost", "\t'reltuples', '5'::real") + _call(
        "pg_restore_attribute_stats", "customers", "\t'attname', 'nope',\n\t'null_frac', '0'::real"
    )
    known = _call("pg_restore_relation_stats", "customers", "\t'reltuples', '1000'::real") + _call(
        "pg_restore_attribute_stats", "customers", "\t'attname', 'id',\n\t'null_frac', '0'::real"
    )
    index = _call("pg_restore_relation_stats", "customers_pkey", "\t'reltuples', '1000'::real")
    config = make_project(SCHEMA + known + extra + index)
    doctor = {c["name"]: c for c in Engine(str(config)).doctor()}
    check = doctor["statistics"]
    assert check["status"] == "warn", check
    assert "1 relation(s), 1 column(s)" in check["message"]
    assert "public.ghost" in check["message"] and "public.customers.nope" in check["message"]
    assert "customers_pkey" not in check["message"]  # pg_dump writes index statistics too
