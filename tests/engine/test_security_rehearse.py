"""A rehearsed migration never holds the sandbox owner's identity or rights (issue 22, outside
test): the rehearsal's role was a member of the owner role, so `SET ROLE <owner>; ALTER ROLE
<owner> PASSWORD 'hacked'` passed, and the attacker logged in to the sandbox as its owner. The
rehearsal's role now owns the clone's objects in the owner's place, and is no member of it;
migrations still behave as on the sandbox (they alter the owner's tables, what they create
is granted by the owner's default privileges and the file's)."""

from __future__ import annotations

import json
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import psycopg
import pytest
from mcp import ClientSession
from psycopg import sql

from tests.cli.test_mcp_server import _session_run, _text
from tests.conftest import Cluster
from tests.unit.test_lifecycle_helpers import Sandbox, sandbox
from workbench.access.roles import OWNER, passfile, role_names
from workbench.engine import Engine
from workbench.lifecycle.fingerprints import database_fingerprint
from workbench.rehearse.rehearsal import Options, Rehearsal, rehearse
from workbench.rehearse.source import read_migration

READER = f"reporting_{uuid.uuid4().hex[:8]}"
SCHEMA = f"""\
CREATE ROLE {READER};
CREATE TABLE accounts (id bigint PRIMARY KEY, handle text NOT NULL);
ALTER DEFAULT PRIVILEGES GRANT SELECT ON TABLES TO {READER};
"""


@pytest.fixture(scope="module")
def box(tmp_path_factory: pytest.TempPathFactory, pg_cluster: Cluster) -> Iterator[Sandbox]:
    with sandbox(
        tmp_path_factory.mktemp("rehearse_owner"),
        pg_cluster,
        schema=SCHEMA,
        rows=20,
        sandbox_extra='capabilities = ["read", "write", "reset", "migrate"]',
    ) as made:
        made.engine().generate()
        yield made
    with psycopg.connect(pg_cluster.conninfo(), autocommit=True) as conn:
        conn.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(READER)))


def _rehearse(box: Sandbox, text: str) -> Rehearsal:
    return rehearse(box.engine().context, [read_migration("m.sql", text)], Options())


def _owner_state(box: Sandbox) -> dict[str, Any]:
    """What an attack on the owner would change: its settings, whether its own password
    still logs it in to the sandbox, and the sandbox's catalog."""
    config = box.engine().config
    owner = role_names(config).owner
    with box.connect() as conn:
        settings = conn.execute(
            "SELECT coalesce(array_agg(s.setconfig), '{}') FROM pg_db_role_setting s "
            "JOIN pg_roles r ON r.oid = s.setrole WHERE r.rolname = %s",
            (owner,),
        ).fetchone()[0]
        fingerprint = database_fingerprint(conn)
    params = psycopg.conninfo.conninfo_to_dict(box.conninfo)
    params.pop("password", None)
    login = psycopg.conninfo.make_conninfo(
        "", **{**params, "user": owner, "passfile": str(passfile(config, OWNER))}
    )
    with psycopg.connect(login) as conn:
        assert conn.execute("SELECT current_user").fetchone() == (owner,)
    return {"settings": settings, "fingerprint": fingerprint}


def _attacks(owner: str) -> list[str]:
    who = sql.Identifier(owner).as_string()
    return [
        f"SET ROLE {who};\nALTER ROLE {who} PASSWORD 'hacked';\n",
        f"SET ROLE {who};\nALTER ROLE {who} SET default_transaction_read_only = on;\n",
        f"ALTER ROLE {who} SET search_path = nowhere;\n",
        f"GRANT {who} TO CURRENT_USER;\n",
        f"RESET ROLE;\nSET SESSION AUTHORIZATION {who};\n",
    ]


def test_a_rehearsed_migration_cannot_become_the_sandbox_owner(box: Sandbox) -> None:
    owner = role_names(box.engine().config).owner
    before = _owner_state(box)
    for attack in _attacks(owner):
        result = _rehearse(box, attack)
        assert result.failed, attack
        error = result.applied.failure.error
        assert "permission denied" in error or "must be" in error, error
        assert _owner_state(box) == before, attack


def test_a_rehearsal_still_alters_the_owners_tables_with_its_grants(box: Sandbox) -> None:
    """On the clone the rehearsal's role owns what the owner owns, and what it creates gets
    the owner's default privileges (the file's, and the application role's)."""
    app = role_names(box.engine().config).app
    result = _rehearse(
        box,
        "ALTER TABLE accounts ADD COLUMN note text;\n"
        "CREATE TABLE audit (id bigint PRIMARY KEY, account_id bigint REFERENCES accounts);\n"
        "DO $$ BEGIN\n"
        f"  IF NOT has_table_privilege('{READER}', 'audit', 'SELECT') THEN\n"
        "    RAISE EXCEPTION 'the file''s default privileges were lost'; END IF;\n"
        f"  IF NOT has_table_privilege('{app}', 'audit', 'INSERT') THEN\n"
        "    RAISE EXCEPTION 'the application role''s default privileges were lost'; END IF;\n"
        "  IF has_table_privilege('public', 'audit', 'SELECT') THEN\n"
        "    RAISE EXCEPTION 'PUBLIC got a privilege'; END IF;\n"
        "END $$;\n",
    )
    assert not result.failed, result.applied.failure
    with box.connect() as conn:
        assert conn.execute("SELECT to_regclass('audit')").fetchone() == (None,)


def test_an_agents_rehearsal_over_mcp_cannot_take_the_owner(box: Sandbox) -> None:
    owner = role_names(box.engine().config).owner
    before = _owner_state(box)
    attack = _attacks(owner)[0]

    async def body(session: ClientSession) -> str:
        return _text(await session.call_tool("rehearse", {"sql": attack}))

    out = anyio.run(_session_run, box.config, body)
    assert "permission denied" in out, out
    assert "hacked" not in json.dumps(_owner_state(box))
    assert _owner_state(box) == before


def test_a_project_migration_cannot_leave_the_owner_role_changed(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    """The project's own migrations run as the owner (they are the repository's schema), so
    one may change the owner's own password or settings: the same generate sets them from
    the passfile again when it grants access at its end. Changed outside a run (the owner's
    own login), doctor says so, the owner's read-only default included (it was taken for the
    read-only role's own), until the next generate, reset or env repairs it."""
    with sandbox(
        tmp_path, pg_cluster, schema=SCHEMA, rows=5, sandbox_extra='migrations = "migrations"'
    ) as made:
        (made.root / "migrations").mkdir()
        (made.root / "migrations" / "001_owner.sql").write_text(
            "ALTER ROLE CURRENT_USER SET default_transaction_read_only = on;\n"
            "ALTER ROLE CURRENT_USER SET search_path = nowhere;\n"
            "ALTER ROLE CURRENT_USER PASSWORD 'hacked';\n"
        )
        engine = made.engine()
        engine.generate()
        state = _owner_state(made)  # logs in with owner.pgpass
        assert state["settings"] == []
        roles_check = next(c for c in engine.doctor() if c["name"] == "roles")
        assert roles_check["status"] == "pass", roles_check

        owner = role_names(engine.config).owner
        with made.connect() as conn:  # as the owner's own login could
            conn.execute(
                sql.SQL("ALTER ROLE {} SET default_transaction_read_only = on").format(
                    sql.Identifier(owner)
                )
            )
        roles_check = next(c for c in engine.doctor() if c["name"] == "roles")
        assert roles_check["status"] == "fail", roles_check
        assert "default_transaction_read_only=on" in roles_check["message"]
        engine.prepare_roles()  # what `workbench env`, up, generate and reset do
        roles_check = next(c for c in engine.doctor() if c["name"] == "roles")
        assert roles_check["status"] == "pass", roles_check


def test_a_rehearsal_role_left_without_its_clone_goes_with_the_next_rehearsal(
    box: Sandbox,
) -> None:
    """A kill between dropping the clone and dropping its role leaves the role: the next
    rehearsal drops it (its marker names this sandbox and a token whose clone is gone)."""
    guard = box.engine().guard
    token = "0dd0c0de"
    role = f"wb_rehearse_{guard.sandbox_id()[:8]}_{token}"
    with box.connect() as conn:
        conn.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(sql.Identifier(role)))
        conn.execute(
            sql.SQL("COMMENT ON ROLE {} IS {}").format(
                sql.Identifier(role), sql.Literal(f"{guard.marker()} rehearsal role {token}")
            )
        )
    assert not _rehearse(box, "SELECT 1;\n").failed
    with box.connect() as conn:
        assert conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone() is None


def test_a_runs_roles_cannot_become_the_sandbox_owner(box: Sandbox) -> None:
    """`workbench run`'s roles act as the file's harmless roles, never as the owner."""
    engine = box.engine()
    owner = role_names(engine.config).owner
    run = engine.run_start(run_id="apart", ttl="5m")
    try:
        with psycopg.connect(run["database_url"], autocommit=True) as conn:
            for attack in _attacks(owner):
                with pytest.raises(psycopg.errors.InsufficientPrivilege):
                    conn.execute(attack)
                conn.execute("RESET ROLE")
    finally:
        engine.run_end("apart")
    assert "hacked" not in json.dumps(_owner_state(box))


def test_a_createrole_administrator_rehearses_apart_from_the_owner_too(
    pg_cluster: Cluster, tmp_path: Path
) -> None:
    """A shared server's role with CREATEDB and CREATEROLE (no superuser) may REASSIGN only
    with the rights of both roles: it is lent them for the clone's transaction, and keeps
    neither afterwards."""
    admin, password = f"team_{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
    name = f"shared_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(pg_cluster.conninfo(), autocommit=True) as conn:
        conn.execute(
            sql.SQL("CREATE ROLE {} LOGIN CREATEDB CREATEROLE PASSWORD {}").format(
                sql.Identifier(admin), sql.Literal(password)
            )
        )
    dsn = f"host=127.0.0.1 port={pg_cluster.port} user={admin} password={password} dbname={name}"
    (tmp_path / "schema.sql").write_text(
        "CREATE TABLE accounts (id bigint PRIMARY KEY, handle text NOT NULL);\n"
    )
    (tmp_path / "sandbox.toml").write_text(
        f'[sandbox]\nname = "{name}"\ndsn = "{dsn}"\nschema = "schema.sql"\n'
        'capabilities = ["read", "write", "reset", "migrate"]\n[generate]\nrows = 5\n'
    )
    engine = Engine(tmp_path / "sandbox.toml")
    try:
        engine.up()
        engine.generate()
        owner = role_names(engine.config).owner
        context = engine.context

        def rights() -> tuple[bool, bool]:
            with psycopg.connect(pg_cluster.conninfo(), autocommit=True) as conn:
                return conn.execute(
                    "SELECT pg_has_role(%s, %s, 'USAGE'), pg_has_role(%s, %s, 'SET')",
                    (admin, owner, admin, owner),
                ).fetchone()

        before = rights()
        attack = rehearse(context, [read_migration("m.sql", _attacks(owner)[0])], Options())
        assert attack.failed and "permission denied" in attack.applied.failure.error
        fine = rehearse(
            context, [read_migration("m.sql", "ALTER TABLE accounts ADD COLUMN n int;")], Options()
        )
        assert not fine.failed, fine.applied.failure
        assert rights() == before == (False, False)
    finally:
        pg_cluster.drop_database(name)


def test_run_gc_drops_what_a_killed_rehearsal_left(box: Sandbox) -> None:
    """`workbench run gc` reaps as the next rehearsal does: a clone whose process is gone,
    and a rehearsal role whose clone is gone."""
    dead = subprocess.Popen(["true"])
    dead.wait()
    engine = box.engine()
    guard = engine.guard
    clone = guard.rehearsal_name("0badbeef")
    role = f"wb_rehearse_{guard.sandbox_id()[:8]}_0ddbeef0"
    with box.connect() as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(clone)))
        conn.execute(
            sql.SQL("COMMENT ON DATABASE {} IS {}").format(
                sql.Identifier(clone), sql.Literal(guard.rehearsal_marker("0badbeef", dead.pid))
            )
        )
        conn.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(sql.Identifier(role)))
        conn.execute(
            sql.SQL("COMMENT ON ROLE {} IS {}").format(
                sql.Identifier(role), sql.Literal(f"{guard.marker()} rehearsal role 0ddbeef0")
            )
        )
    done = engine.run_gc()
    assert set(done["rehearsals"]) == {clone, role}
    with box.connect() as conn:
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (clone,))
        assert found.fetchone() is None
        assert conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone() is None
