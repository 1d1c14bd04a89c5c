"""schema.sql sets the owner role's password (a DO body hides the ALTER ROLE from the statement
filter) and a local process logs in with it during the build, setting it again every 10 ms
(outside tester, session 36). Before: the build reset the password from owner.pgpass before
it ended the owner's sessions, so the loop set it back and kept it after a successful
generate; a failed generate left it in place, reaching the previous finished sandbox. Now every
run seals the owner's login at its start and its end (access/owner_seal.py): NOLOGIN, every
session ended, the password from owner.pgpass, LOGIN again. Real cluster."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests.conftest import Cluster
from tests.unit.test_lifecycle_helpers import Sandbox, sandbox
from workbench.errors import WorkbenchError

ATTACK = "attacker-pw-36"
TABLES = """\
CREATE TABLE customers (id integer PRIMARY KEY, email text NOT NULL);
CREATE TABLE orders (id integer PRIMARY KEY, customer_id integer NOT NULL REFERENCES customers,
                     total numeric(10, 2) NOT NULL);
"""
SET_PASSWORD = f"DO $d$ BEGIN EXECUTE 'ALTER ROLE CURRENT_USER PASSWORD ''{ATTACK}'''; END $d$;\n"
SCHEMA = SET_PASSWORD + TABLES
FAILING = SET_PASSWORD + TABLES + "SELECT 1/0;\n"


@pytest.fixture(scope="module")
def box(tmp_path_factory: pytest.TempPathFactory, pg_cluster: Cluster) -> Iterator[Sandbox]:
    with sandbox(tmp_path_factory.mktemp("owner_password"), pg_cluster, schema=SCHEMA) as made:
        yield made


def _owner(box: Sandbox) -> str:
    with psycopg.connect(box.cluster.conninfo(), autocommit=True) as admin:
        row = admin.execute(
            "SELECT rolname FROM pg_roles WHERE rolname LIKE %s",
            (f"{box.name}\\_\\_wb\\_owner\\_%",),
        ).fetchone()
    assert row is not None
    return str(row[0])


def _logs_in(box: Sandbox, *, password: str | None = None, passfile: Path | None = None) -> bool:
    try:
        with psycopg.connect(
            host="127.0.0.1",
            port=box.cluster.port,
            dbname=box.name,
            user=_owner(box),
            password=password,
            passfile=str(passfile) if passfile else None,
            connect_timeout=5,
        ) as conn:
            conn.execute("SELECT 1")
    except psycopg.OperationalError:
        return False
    return True


class Attacker(threading.Thread):
    """Logs in as the owner with ATTACK whenever it can (the server's `postgres` database or
    the sandbox's) and, while in, sets ATTACK again every 10 ms."""

    def __init__(self, box: Sandbox, role: str) -> None:
        super().__init__(daemon=True)
        self.box, self.role = box, role
        self.done = threading.Event()
        self.ended_at: float | None = None  # when the build returned
        self.logins: list[float] = []
        self.survived = 0  # statements a session opened before the end ran after it

    def run(self) -> None:
        conn: psycopg.Connection | None = None
        opened = 0.0
        while not self.done.is_set():
            if conn is None:
                for database in ("postgres", self.box.name):
                    try:
                        conn = psycopg.connect(
                            host="127.0.0.1",
                            port=self.box.cluster.port,
                            dbname=database,
                            user=self.role,
                            password=ATTACK,
                            connect_timeout=2,
                            autocommit=True,
                        )
                    except psycopg.OperationalError:
                        continue
                    opened = time.monotonic()
                    self.logins.append(opened)
                    break
            if conn is not None:
                try:
                    conn.execute(f"ALTER ROLE CURRENT_USER PASSWORD '{ATTACK}'")
                    if self.ended_at is not None and opened < self.ended_at:
                        self.survived += 1
                except psycopg.errors.InternalError_:
                    pass  # "tuple concurrently updated": the workbench altered the role too
                except psycopg.Error:
                    conn.close()
                    conn = None
            time.sleep(0.01)
        if conn is not None:
            conn.close()


def _attacked(box: Sandbox, build) -> Attacker:
    role = _owner(box)
    attacker = Attacker(box, role)
    attacker.start()
    try:
        build()
    finally:
        attacker.ended_at = time.monotonic()
        time.sleep(0.6)  # the loop keeps trying after the end
        attacker.done.set()
        attacker.join()
    return attacker


def test_a_password_schema_sql_gives_the_owner_does_not_outlive_generate(box: Sandbox) -> None:
    box.engine().generate()  # the role exists (and holds ATTACK) from here
    attacker = _attacked(box, lambda: box.engine().generate())
    assert attacker.logins, "the attacker never logged in during the build: nothing was tested"
    late = [t for t in attacker.logins if t > attacker.ended_at]
    assert not late, f"{len(late)} login(s) with the changed password after the build"
    assert attacker.survived == 0, "a session opened during the build outlived it"
    assert not _logs_in(box, password=ATTACK)
    assert _logs_in(box, passfile=box.state / "owner.pgpass")


def test_a_failed_generate_leaves_no_changed_password(box: Sandbox) -> None:
    box.engine().generate()
    (box.root / "schema.sql").write_text(FAILING)
    try:

        def failing() -> None:
            with pytest.raises(WorkbenchError):
                box.engine().generate()

        attacker = _attacked(box, failing)
    finally:
        (box.root / "schema.sql").write_text(SCHEMA)
    late = [t for t in attacker.logins if t > attacker.ended_at]
    assert not late, f"{len(late)} login(s) with the changed password after the failed build"
    assert attacker.survived == 0
    assert not _logs_in(box, password=ATTACK)  # nor into the previous finished sandbox
    assert _logs_in(box, passfile=box.state / "owner.pgpass")
    with box.connect() as conn:  # the previous sandbox is still there
        assert conn.execute("SELECT count(*) FROM customers").fetchone()[0] > 0


def test_a_kill_that_skipped_the_seal_is_repaired_by_the_next_run(box: Sandbox) -> None:
    """As a SIGKILL during schema.sql leaves it: the owner holding ATTACK and a session of it
    open. The next run ends that session and sets the password from owner.pgpass before it
    uses the sandbox."""
    box.engine().generate()
    role = _owner(box)
    with psycopg.connect(box.cluster.conninfo(), autocommit=True) as admin:
        admin.execute(f"ALTER ROLE {role} PASSWORD '{ATTACK}'")
    left = psycopg.connect(
        host="127.0.0.1", port=box.cluster.port, dbname=box.name, user=role, password=ATTACK
    )
    try:
        checks = {c["name"]: c for c in box.engine().doctor()}
        assert checks["roles"]["status"] == "fail", checks["roles"]
        assert "owner.pgpass" in checks["roles"]["message"], checks["roles"]
        box.engine().generate()
        with pytest.raises(psycopg.OperationalError):
            left.execute("SELECT 1")
    finally:
        left.close()
    assert not _logs_in(box, password=ATTACK)
    assert _logs_in(box, passfile=box.state / "owner.pgpass")
