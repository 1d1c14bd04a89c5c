"""A marked database someone else owns is never the sandbox's (attack22d D27): markers are
plain comments whose text is public, so on a shared server a role with nothing but CREATEDB
made `<name>__wb_snapshot` with the snapshot's marker, and the next `reset --yes` cloned it
"verified" into a sandbox that role owned; after `down`, a marked `<name>` of theirs was taken
by status, up and env. The workbench now acts only on databases its own role (or a
superuser) owns. Real cluster."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from tests.cli.test_cli_headless import SMALL_CONFIG, SMALL_SCHEMA, Project, make_project
from tests.conftest import Cluster
from workbench.engine import Engine


@pytest.fixture
def generated(tmp_path: Path, pg_cluster: Cluster) -> Iterator[Project]:
    with make_project(tmp_path, pg_cluster, SMALL_SCHEMA, SMALL_CONFIG) as proj:
        Engine(proj.config).generate()  # set-up, in process: what the tests try comes after
        yield proj


def _admin(cluster: Cluster, db: str = "postgres") -> psycopg.Connection:
    return psycopg.connect(cluster.conninfo(db), autocommit=True)


def _comment(conn: psycopg.Connection, db: str) -> str:
    row = conn.execute(
        "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = %s", (db,)
    ).fetchone()
    assert row is not None
    return str(row[0])


def _owner(conn: psycopg.Connection, db: str) -> str | None:
    row = conn.execute(
        "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = %s", (db,)
    ).fetchone()
    return None if row is None else str(row[0])


def _as_mallory(cluster: Cluster, mallory: str, statement: sql.Composable) -> None:
    conninfo = cluster.conninfo().replace("user=workbench", f"user={mallory}")
    conninfo = conninfo.rsplit("password=", 1)[0] + "password=mallory-pw"
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(statement)


def test_a_marked_database_of_another_role_is_refused(
    generated: Project, pg_cluster: Cluster
) -> None:
    name = generated.name
    snapshot = f"{name}__wb_snapshot"
    mallory = f"mallory_{uuid.uuid4().hex[:6]}"
    with _admin(pg_cluster) as admin:
        admin.execute(
            sql.SQL("CREATE ROLE {} LOGIN CREATEDB PASSWORD 'mallory-pw'").format(
                sql.Identifier(mallory)
            )
        )
        marker = _comment(admin, snapshot)
        admin.execute(
            sql.SQL("ALTER DATABASE {} IS_TEMPLATE false").format(sql.Identifier(snapshot))
        )
        admin.execute(sql.SQL("DROP DATABASE {}").format(sql.Identifier(snapshot)))
    try:
        _as_mallory(
            pg_cluster, mallory, sql.SQL("CREATE DATABASE {}").format(sql.Identifier(snapshot))
        )
        _as_mallory(
            pg_cluster,
            mallory,
            sql.SQL("COMMENT ON DATABASE {} IS {}").format(
                sql.Identifier(snapshot), sql.Literal(marker)
            ),
        )
        _, err = generated.run("reset", "--yes", expect=3)
        assert mallory in err and "neither the role the workbench connects as" in err, err
        with _admin(pg_cluster) as admin:
            assert _owner(admin, name) not in (None, mallory)  # still the workbench's
        # the sandbox database itself, after `down`, made and marked by mallory
        generated.run("down", "--yes")
        _as_mallory(pg_cluster, mallory, sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        with _admin(pg_cluster) as admin:  # the marker text is public; mallory owns the db
            ours = f"sandbox-workbench:{name} id " + (
                (generated.root / ".workbench" / "sandbox_id").read_text().strip()
            )
        _as_mallory(
            pg_cluster,
            mallory,
            sql.SQL("COMMENT ON DATABASE {} IS {}").format(sql.Identifier(name), sql.Literal(ours)),
        )
        for args in (("status",), ("up",), ("env",), ("generate", "--yes")):
            _, err = generated.run(*args, expect=3)
            assert mallory in err, (args, err)
    finally:
        with _admin(pg_cluster) as admin:
            for db in (snapshot, name):
                if _owner(admin, db) == mallory:
                    admin.execute(
                        sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(db))
                    )
            admin.execute(sql.SQL("DROP ROLE {}").format(sql.Identifier(mallory)))
