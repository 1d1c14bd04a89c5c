"""Must-show for issue 14: values of personal columns in the statistics never reach the
sandbox (only their numbers shape it), and `check` / `doctor` fail until `stats scrub`."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import psycopg

from tests.conftest import Cluster, run_cli
from tests.engine.stats_dump import pg_dump_source
from workbench.engine import Engine
from workbench.stats.calls import VALUE_KEYS
from workbench.stats.parse import parse_statistics

SCHEMA = """
CREATE TABLE customers (
    id integer PRIMARY KEY,
    email text,
    last_name text NOT NULL,
    region text NOT NULL
);
"""
# Real-looking values production would hold: none may appear in the sandbox.
SURNAMES = ["Zyqualla", "Brixtonova", "Okkervil", "Thrandurson", "Melquiades"]
EMAILS = ["real.person@corp-mail.io", "jane.doe@bigco.net", "x.ample@isp.org"]


def fill(conninfo: str) -> None:
    rng = np.random.default_rng(3)
    n = 5000
    last = rng.choice(SURNAMES + [f"Family{i}" for i in range(300)], n,
                      p=[0.12, 0.08, 0.05, 0.03, 0.02] + [0.70 / 300] * 300)  # fmt: skip
    email = rng.choice(EMAILS + [f"user{i}@mailhost.io" for i in range(4000)], n,
                       p=[0.06, 0.03, 0.01] + [0.90 / 4000] * 4000)  # fmt: skip
    region = rng.choice(["north", "south", "east"], n, p=[0.7, 0.2, 0.1])
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(SCHEMA)
        with conn.cursor().copy("COPY customers FROM STDIN") as copy:
            for i in range(n):
                e = None if i % 5 == 0 else email[i]
                copy.write_row((i + 1, e, last[i], region[i]))
        conn.execute("ANALYZE")


def _check(config: Path) -> tuple[int, dict]:
    result = run_cli("check", "--json", "--config", str(config), cwd=config.parent)
    return result.returncode, json.loads(result.stdout)


def test_personal_values_never_reach_the_sandbox(
    pg_cluster: Cluster, fresh_db: str, make_project, tmp_path: Path
) -> None:
    fill(fresh_db)
    dbname = fresh_db.split("dbname=")[1].split()[0]
    name = "sb_stats_privacy"
    config = make_project(SCHEMA, name=name, extra="[generate]\nrows = 2000\n")
    root = config.parent
    pg_dump_source(pg_cluster, dbname, root / "stats.sql", "--statistics-only")
    named = 'schema = "schema.sql"\nstatistics = "stats.sql"'
    config.write_text(config.read_text().replace('schema = "schema.sql"', named))
    prod = parse_statistics((root / "stats.sql").read_text(), "stats.sql")
    last = prod.column("public.customers", "last_name")
    email = prod.column("public.customers", "email")
    assert last is not None and last.mcv, (root / "stats.sql").read_text()[:800]
    assert set(SURNAMES) <= set(last.mcv)
    assert email is not None and set(EMAILS) <= set(email.mcv or [])

    assert run_cli("classify", "--write", "--config", str(config), cwd=root).returncode == 0
    code, report = _check(config)
    assert code == 4 and not report["ok"] and not report["problems"]
    exposed = {(e["table"], e["column"]) for e in report["personal_statistics"]}
    assert exposed == {("public.customers", "last_name"), ("public.customers", "email")}
    text = run_cli("check", "--config", str(config), cwd=root).stdout
    assert "public.customers.last_name" in text and "stats scrub" in text
    doctor = {c["name"]: c for c in Engine(str(config)).doctor()}
    assert doctor["statistics"]["status"] == "fail"
    assert "public.customers.email" in doctor["statistics"]["message"]

    engine = Engine(str(config))
    engine.generate(keep_snapshot=False)
    with psycopg.connect(pg_cluster.conninfo(name)) as conn:
        leaked = conn.execute(
            "SELECT count(*) FROM customers WHERE last_name = ANY(%s) OR email = ANY(%s) "
            "OR last_name = ANY(%s) OR email = ANY(%s)",
            (last.mcv, email.mcv, last.histogram or [], email.histogram or []),
        ).fetchone()[0]
        assert leaked == 0
        # the numbers still shape them: NULLs, and the commonest surname's share
        nulls, top, region_top = conn.execute(
            "SELECT avg((email IS NULL)::int), "
            "(SELECT count(*) FROM customers GROUP BY last_name ORDER BY 1 DESC LIMIT 1), "
            "(SELECT region FROM customers GROUP BY region ORDER BY count(*) DESC LIMIT 1) "
            "FROM customers"
        ).fetchone()
    assert abs(float(nulls) - (email.null_frac or 0)) <= 0.02
    assert last.mcv_freqs is not None and abs(top / 2000 - max(last.mcv_freqs)) <= 0.02
    assert region_top == "north"  # a column that is not personal keeps its values

    # A scrubbed copy beside it: the file sandbox.toml names still fails the gate.
    result = run_cli("stats", "scrub", "--config", str(config), cwd=root)
    assert result.returncode == 0, result.stderr
    assert (root / "stats.scrubbed.sql").exists() and "stats.scrubbed.sql" in result.stdout
    assert _check(config)[0] == 4
    before = (root / "stats.sql").read_text()
    result = run_cli("stats", "scrub", "--in-place", "--config", str(config), cwd=root)
    assert result.returncode == 0, result.stderr
    after = (root / "stats.sql").read_text()
    assert after == (root / "stats.scrubbed.sql").read_text() and after != before
    assert not any(s in after for s in SURNAMES + EMAILS)
    code, report = _check(config)
    assert code == 0 and report["ok"], report
    scrubbed = parse_statistics(after, "stats.sql")
    kept = scrubbed.column("public.customers", "last_name")
    assert kept is not None and kept.mcv is None and kept.mcv_freqs == last.mcv_freqs
    assert not set(VALUE_KEYS) & set(kept.value_keys)
    assert (
        scrubbed.column("public.customers", "region").mcv
        == prod.column("public.customers", "region").mcv
    )
    doctor = {c["name"]: c for c in Engine(str(config)).doctor()}
    assert doctor["statistics"]["status"] == "pass"
