"""The sandbox's state is judged by what PostgreSQL reports, never by the file's text (#24
item 5): a schema whose index expressions PostgreSQL stores in a spelling of its own (trim
as TRIM(BOTH FROM …), a COLLATE, SIMILAR TO as a regex) generates verified, keeps its
snapshot, resets fast and full, and doctor sees no drift; a real change made in the sandbox
afterwards is still drift."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import Cluster, run_cli
from tests.unit.test_lifecycle_helpers import PASSWORD, Sandbox, sandbox

SCHEMA = """
CREATE TABLE roles (
    id serial PRIMARY KEY,
    name text NOT NULL,
    code text NOT NULL
);
CREATE UNIQUE INDEX roles_name_key ON roles (lower(trim(name)));
CREATE INDEX roles_code_c ON roles ((code COLLATE "C"));
CREATE INDEX roles_code_like ON roles ((code SIMILAR TO 'a%'));
CREATE TABLE members (
    id serial PRIMARY KEY,
    role_id integer NOT NULL REFERENCES roles (id),
    handle text NOT NULL
);
CREATE INDEX members_handle ON members (upper(btrim(handle, ' ')));
"""


def _cli(box: Sandbox, *args: str, expect: int = 0):
    result = run_cli(*args, "--config", str(box.config), cwd=box.root)
    assert PASSWORD not in result.stdout + result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == expect, (result.returncode, result.stdout, result.stderr)
    return result


def _last(result) -> dict:
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_expressions_stored_in_postgresqls_spelling_are_no_drift(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    with sandbox(tmp_path, pg_cluster, schema=SCHEMA, rows=30) as box:
        done = _cli(box, "generate", "--yes", "--json")
        assert "differs" not in done.stderr
        assert _last(done)["verified"] and _last(done)["snapshot_id"]
        assert _last(_cli(box, "reset", "--yes", "--json"))["path"] == "fast"
        assert _last(_cli(box, "reset", "--full", "--yes", "--json"))["path"] == "full"
        doctor = _cli(box, "doctor", "--json", expect=0)
        assert "differs from schema.sql" not in doctor.stdout

        with box.connect() as conn:  # a change made in the sandbox is drift all the same
            conn.execute("ALTER TABLE members ADD COLUMN nickname text")
            conn.commit()
        drifted = run_cli("doctor", "--config", str(box.config), cwd=box.root)
        assert "differs from schema.sql" in drifted.stdout + drifted.stderr
