"""A run's own roles: an application role and a read-only role per run, never the sandbox's.

Named after the sandbox, its id and the run (`<name>__wb_run_<id8>_<run id>_app|_read`,
shortened with a hash past 63 bytes), made by the administrator with the sandbox roles'
attributes (LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS, no predefined
role) and their comment `sandbox-workbench:<name> id <sandbox id> run <run id> role <kind>` in
the same transaction, so a role of a run is never left unmarked. Their passwords are random,
kept only in the run's passfiles (mode 0600) and sent as SCRAM verifiers. They may connect to
the run's database and to no other: the sandbox's database and every other run's grant CONNECT
to their own roles only. The application role acts as the schema file's harmless roles, as the
sandbox's does (the file's GRANTs and row-level-security policies apply to it).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

from workbench.access.guard import check_run_id, marker_for, parse_marker
from workbench.access.identity import sandbox_id
from workbench.access.roles import (
    APP,
    READ,
    ROLE_ATTRIBUTES,
    SandboxRoles,
    derived_name,
    grant_objects,
    read_password,
    role_names,
    scram_verifier,
    write_password,
)
from workbench.config.file import Config
from workbench.errors import CapabilityRefusal
from workbench.schema.file_roles import HARMLESS_FILE_ROLES

RUN_KINDS = (APP, READ)


@dataclass(frozen=True)
class RunRoles:
    app: str
    read: str

    def name(self, kind: str) -> str:
        return {APP: self.app, READ: self.read}[kind]

    def as_dict(self) -> dict[str, str]:
        return {APP: self.app, READ: self.read}


def run_role_names(config: Config, run_id: str) -> RunRoles:
    prefix = f"__wb_run_{sandbox_id(config)[:8]}_{check_run_id(run_id)}"
    name = config.sandbox.name
    return RunRoles(
        app=derived_name(name, f"{prefix}_{APP}"), read=derived_name(name, f"{prefix}_{READ}")
    )


def run_role_marker(config: Config, run_id: str, kind: str) -> str:
    return f"{marker_for(config)} run {check_run_id(run_id)} role {kind}"


def require_run_rights(maintenance: psycopg.Connection[Any], config: Config) -> None:
    """Runs need an administrator that may create databases and roles (a superuser, or a
    role with CREATEDB and CREATEROLE): a run without roles of its own is no run."""
    row = maintenance.execute(
        "SELECT current_user, rolsuper, rolcreatedb, rolcreaterole FROM pg_catalog.pg_roles "
        "WHERE rolname = current_user"
    ).fetchone()
    if row is None or row[1] or (row[2] and row[3]):
        return
    missing = " and ".join(
        name for name, has in (("CREATEDB", row[2]), ("CREATEROLE", row[3])) if not has
    )
    raise CapabilityRefusal(
        f"runs need an administrator that may create databases and roles, and the DSN's role "
        f"{row[0]!r} lacks {missing} (each run is a database with two roles of its own). "
        f"Grant it {missing} (`ALTER ROLE … {missing.replace(' and ', ' ')}`), or use a DSN "
        "whose role has them."
    )


def make_run_roles(
    maintenance: psycopg.Connection[Any], config: Config, run_id: str, passfiles: dict[str, Path]
) -> RunRoles:
    """Create the run's two roles with their passwords (written to `passfiles` first) and
    markers (require_run_rights() said this administrator may)."""
    names = run_role_names(config, run_id)
    for kind in RUN_KINDS:
        role, path = names.name(kind), passfiles[kind]
        write_password(path, role)
        verifier = scram_verifier(read_password(path, role) or "")
        ident = sql.Identifier(role)
        with maintenance.transaction():
            maintenance.execute(
                sql.SQL("CREATE ROLE {} " + ROLE_ATTRIBUTES + " PASSWORD {}").format(
                    ident, sql.Literal(verifier)
                )
            )
            maintenance.execute(
                sql.SQL("COMMENT ON ROLE {} IS {}").format(
                    ident, sql.Literal(run_role_marker(config, run_id, kind))
                )
            )
            if kind == READ:
                maintenance.execute(
                    sql.SQL("ALTER ROLE {} SET default_transaction_read_only = on").format(ident)
                )
    _join_file_roles(maintenance, config, names)
    return names


def _join_file_roles(maintenance: psycopg.Connection[Any], config: Config, names: RunRoles) -> None:
    """The run's application role acts as the schema file's harmless roles the sandbox's
    application role acts as (checked again: harmless now, not only when they were granted)."""
    sandbox = role_names(config)
    granted = [
        row[0]
        for row in maintenance.execute(
            "SELECT r.rolname FROM pg_catalog.pg_auth_members m "
            "JOIN pg_catalog.pg_roles r ON r.oid = m.roleid "
            "WHERE m.member = (SELECT oid FROM pg_catalog.pg_roles WHERE rolname = %s)",
            (sandbox.app,),
        ).fetchall()
    ]
    if not granted:
        return
    ours = [sandbox.app, sandbox.read, sandbox.owner, names.app, names.read]
    for (role,) in maintenance.execute(HARMLESS_FILE_ROLES, (granted, ours)).fetchall():
        maintenance.execute(
            sql.SQL("GRANT {} TO {}").format(sql.Identifier(role), sql.Identifier(names.app))
        )


def grant_run_objects(conn: psycopg.Connection[Any], names: RunRoles, owner: str) -> None:
    """On a connection to the run's database (the administrator's when it is a superuser,
    else the sandbox owner role's, which owns the objects): the run's roles get what the
    sandbox's roles get on the schemas, tables and sequences there."""
    grant_objects(conn, SandboxRoles(app=names.app, read=names.read, owner=owner), [])


def open_run_database(maintenance: psycopg.Connection[Any], database: str, names: RunRoles) -> None:
    """CONNECT on the run's database for the run's roles and nobody else but its owner."""
    db = sql.Identifier(database)
    maintenance.execute(sql.SQL("REVOKE ALL ON DATABASE {} FROM PUBLIC").format(db))
    maintenance.execute(
        sql.SQL("GRANT CONNECT, TEMPORARY ON DATABASE {} TO {}").format(
            db, sql.Identifier(names.app)
        )
    )
    maintenance.execute(
        sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(db, sql.Identifier(names.read))
    )


def run_roles_on_server(
    maintenance: psycopg.Connection[Any], config: Config
) -> dict[str, list[str]]:
    """Run id -> the roles on the server that carry one of this sandbox's run-role markers."""
    rows = maintenance.execute(
        "SELECT rolname, shobj_description(oid, 'pg_authid') FROM pg_catalog.pg_roles "
        "WHERE starts_with(shobj_description(oid, 'pg_authid'), %s)",
        (f"{marker_for(config)} run ",),
    ).fetchall()
    found: dict[str, list[str]] = {}
    for role, comment in rows:
        head, _, kind = str(comment).rpartition(" role ")
        info = parse_marker(head)
        if info is None or info.kind != "run" or info.snapshot is None or kind not in RUN_KINDS:
            continue
        with contextlib.suppress(Exception):
            if role == run_role_names(config, info.snapshot).name(kind):
                found.setdefault(info.snapshot, []).append(str(role))
    return found


def drop_run_roles(
    maintenance: psycopg.Connection[Any], config: Config, run_id: str
) -> tuple[list[str], list[str]]:
    """Drop the run's roles that carry its markers (their sessions ended first): (dropped,
    left with the reason). A role of that name without the marker is never touched."""
    names = run_role_names(config, run_id)
    dropped: list[str] = []
    left: list[str] = []
    for kind in RUN_KINDS:
        role = names.name(kind)
        row = maintenance.execute(
            "SELECT shobj_description(oid, 'pg_authid') FROM pg_catalog.pg_roles "
            "WHERE rolname = %s",
            (role,),
        ).fetchone()
        if row is None:
            continue
        if row[0] != run_role_marker(config, run_id, kind):
            left.append(f"{role}: not this run's (its comment is not the run's marker)")
            continue
        with contextlib.suppress(psycopg.errors.InsufficientPrivilege):
            maintenance.execute(
                "SELECT count(pg_catalog.pg_terminate_backend(pid)) "
                "FROM pg_catalog.pg_stat_activity WHERE usename = %s",
                (role,),
            )
        try:
            maintenance.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(role)))
        except psycopg.errors.DependentObjectsStillExist as err:
            detail = (err.diag.message_detail or "").splitlines()[:3]
            left.append(f"{role}: still owns or holds " + "; ".join(detail))
            continue
        dropped.append(role)
    return dropped, left
