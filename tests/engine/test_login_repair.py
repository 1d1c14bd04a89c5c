"""A password repair mends only a refused password: a session that fails for any other reason
(the role's connection limit reached, the server full or down) is said as it is, and the
passwords that whoever holds them (the application's DATABASE_URL) stay valid (issue 22)."""

from __future__ import annotations

import psycopg
import pytest
from psycopg import sql

from workbench.access import roles
from workbench.config.file import load_config
from workbench.context import Context
from workbench.errors import DatabaseError, LoginRefused


def test_only_a_refused_password_is_repaired(make_project, pg_cluster) -> None:  # type: ignore[no-untyped-def]
    path = make_project("CREATE TABLE t (id int PRIMARY KEY);\n")
    config = load_config(path)
    db = Context.build(config).db  # one context: its roles are prepared once, then cached
    db.reader().close()
    role = roles.role_names(config).read
    passfile = roles.passfile(config, roles.READ)
    before = passfile.read_text()
    with psycopg.connect(pg_cluster.conninfo("postgres"), autocommit=True) as admin:
        admin.execute(sql.SQL("ALTER ROLE {} CONNECTION LIMIT 0").format(sql.Identifier(role)))
        with pytest.raises(DatabaseError) as refused:
            db.reader().close()
        assert not isinstance(refused.value, LoginRefused)
        assert "too many connections" in str(refused.value)
        assert passfile.read_text() == before  # no new password for a full role

        admin.execute(sql.SQL("ALTER ROLE {} CONNECTION LIMIT -1").format(sql.Identifier(role)))
        admin.execute(sql.SQL("ALTER ROLE {} PASSWORD 'changed'").format(sql.Identifier(role)))
    with db.reader() as conn:  # a refused password is mended: a new one, in the passfile
        assert conn.execute("SELECT current_user").fetchone() == (role,)
    assert passfile.read_text() != before
