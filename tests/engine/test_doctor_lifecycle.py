"""doctor's lifecycle checks on a real sandbox: drift, snapshot, lease, FK indexes, sequences,
row counts, unclassified columns, personal-looking data, leaked sandboxes."""

from __future__ import annotations

import json
import time
import uuid
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from tests.conftest import Cluster, run_cli
from tests.unit.test_lifecycle_helpers import PASSWORD, Sandbox, sandbox
from workbench.seed.fiction import email_is_fictional, phone_is_fictional


def _doctor(box: Sandbox, expect: int) -> dict[str, dict]:
    result = run_cli("doctor", "--json", "--config", str(box.config), cwd=box.root)
    assert result.returncode == expect, (result.stdout, result.stderr)
    assert PASSWORD not in result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    return {c["name"]: c for c in json.loads(result.stdout)["checks"]}


def test_healthy_sandbox_passes(tmp_path: Path, pg_cluster: Cluster) -> None:
    with sandbox(tmp_path, pg_cluster) as box:
        box.engine().generate()
        checks = _doctor(box, 0)
        for name in ("schema drift", "snapshot", "lease", "fk indexes", "sequences",
                     "row counts", "personal data", "leaked sandboxes", "runs"):  # fmt: skip
            assert checks[name]["status"] == "pass", checks[name]


def test_problems_are_found_with_a_fix_and_exit_4(tmp_path: Path, pg_cluster: Cluster) -> None:
    real_email = f"jane.{uuid.uuid4().hex[:6]}@gmail.com"
    schema = "CREATE TABLE notes (id serial PRIMARY KEY, body text, flux_ratio_q integer);\n"
    with sandbox(tmp_path, pg_cluster) as box:
        box.engine().generate()
        with box.connect() as conn:
            conn.execute("UPDATE customers SET email = %s WHERE id = 1", (real_email,))
            conn.execute("UPDATE customers SET phone = '+1 212 736 5000' WHERE id = 2")
            conn.execute("SELECT setval(pg_get_serial_sequence('customers', 'id'), 1)")
            conn.execute("DROP INDEX order_lines_product_id_idx")
            conn.execute("DELETE FROM order_lines WHERE line_no > 1")
        checks = _doctor(box, 4)
        assert checks["personal data"]["status"] == "fail"
        assert "public.customers.email" in checks["personal data"]["message"]
        assert "public.customers.phone" in checks["personal data"]["message"]
        assert real_email not in json.dumps(checks)  # never echoes the value itself
        assert checks["sequences"]["status"] == "fail"
        assert "public.customers.id" in checks["sequences"]["message"]
        assert checks["fk indexes"]["status"] == "warn"
        assert "public.order_lines (product_id)" in checks["fk indexes"]["message"]
        assert checks["schema drift"]["status"] == "warn"  # the index is gone
        assert checks["row counts"]["status"] == "warn"
        assert "public.order_lines" in checks["row counts"]["message"]
        assert all(checks[n]["fix"] for n in ("personal data", "sequences", "fk indexes"))

        # A schema change: the snapshot is stale and a plain-typed column is unclassified.
        (box.root / "schema.sql").write_text(box.root.joinpath("schema.sql").read_text() + schema)
        checks = _doctor(box, 4)
        assert checks["snapshot"]["status"] == "warn"
        assert "schema.sql changed" in checks["snapshot"]["message"]
        assert checks["unclassified columns"]["status"] == "warn"
        assert "public.notes.flux_ratio_q" in checks["unclassified columns"]["message"]


def test_expired_lease_fails(tmp_path: Path, pg_cluster: Cluster) -> None:
    with sandbox(tmp_path, pg_cluster, sandbox_extra='lifetime = "1s"') as box:
        box.engine().generate()
        time.sleep(1.2)
        checks = _doctor(box, 4)
        assert checks["lease"]["status"] == "fail" and "expired" in checks["lease"]["message"]


def test_leaked_sandboxes_are_listed(tmp_path: Path, pg_cluster: Cluster) -> None:
    leak = f"aaa_leak_{uuid.uuid4().hex[:8]}"
    pg_cluster.create_database(leak)
    with psycopg.connect(pg_cluster.conninfo(), autocommit=True) as conn:
        conn.execute(
            sql.SQL("COMMENT ON DATABASE {} IS {}").format(
                sql.Identifier(leak), sql.Literal(f"sandbox-workbench:{leak}")
            )
        )
    try:
        with sandbox(tmp_path, pg_cluster) as box:
            box.engine().generate()
            checks = _doctor(box, 0)  # a shared server: someone else's, maybe; a warning
            assert checks["leaked sandboxes"]["status"] == "warn"
            assert leak in checks["leaked sandboxes"]["message"]
            # Its own database and snapshot are leased, so never reported.
            assert box.name not in checks["leaked sandboxes"]["message"]
    finally:
        pg_cluster.drop_database(leak)


@pytest.mark.parametrize(
    ("value", "fictional"),
    [
        ("ana@example.com", True),
        ("bo@sub.example.org", True),
        ("cy@mail.test", True),
        ("dee@gmail.com", False),
        ("ed@example.com.evil.io", False),
    ],
)
def test_reserved_email_domains(value: str, fictional: bool) -> None:
    assert email_is_fictional(value) is fictional


@pytest.mark.parametrize(
    ("value", "fictional"),
    [
        ("+1-555-0142", True),
        ("(212) 555-0199", True),
        ("+44 20 7946 0123", True),
        ("+44 7700 900456", True),
        ("+49 0555 0142", True),  # calling code, trunk 0, 555 01xx: never dialable
        ("+353 0555 0100", True),
        ("+33 1 99 00 12 34", True),
        ("+61 491 570 123", True),
        ("+61 2 5550 1234", True),
        ("+49 555 0142", False),
        ("+49 30 1234567", False),
        ("+1 212 736 5000", False),
        ("+44 20 7123 4567", False),
        ("12", None),
    ],
)
def test_fictional_phone_ranges(value: str, fictional: bool | None) -> None:
    assert phone_is_fictional(value) is fictional


def test_an_undo_copy_held_aside_by_a_stopped_generate_is_named_not_leaked(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    """A generate stopped while it applied schema.sql leaves the older undo copy under
    `<name>__wb_prev` (newcomer25): doctor says what it is and the next generate drops it."""
    with sandbox(tmp_path, pg_cluster, rows=20) as box:
        engine = box.engine()
        engine.generate()
        engine.generate(resume=False)  # the first build is now the undo copy
        held = f"{box.name}__wb_prev"
        with psycopg.connect(pg_cluster.conninfo(), autocommit=True) as conn:
            conn.execute(
                sql.SQL("ALTER DATABASE {} RENAME TO {}").format(
                    sql.Identifier(f"{box.name}__wb_undo"), sql.Identifier(held)
                )
            )
        check = _doctor(box, 0)["leaked sandboxes"]
        assert check["status"] == "warn"
        assert held in check["message"] and "next generate drops it" in check["message"]
        assert "no live lease owns" not in check["message"]

        box.engine().generate(resume=False)
        with psycopg.connect(pg_cluster.conninfo(), autocommit=True) as conn:
            left = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (held,)).fetchone()
        assert left is None
        assert _doctor(box, 0)["leaked sandboxes"]["status"] == "pass"
