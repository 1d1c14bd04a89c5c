"""What a rehearsal tells a caller without `read` of the rows its migration reads (attack22e):
a stored value put into a volatile default's literal comes back masked in the finding's
message as in `columns_added` (E1), over MCP, on the command line (text, JSON, Markdown) and
in the report files. Real cluster, a sandbox of our own granting `migrate` alone."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import anyio
import psycopg
import pytest
from mcp import ClientSession

from tests.cli.test_mcp_server import _session_run, _text
from tests.conftest import Cluster, run_cli
from tests.unit.test_lifecycle_helpers import Sandbox, sandbox

SCHEMA = """\
CREATE TABLE customers (id integer PRIMARY KEY, email text NOT NULL);
CREATE TABLE t (id integer PRIMARY KEY, n integer);
"""
CAPS = 'capabilities = ["read", "write", "reset", "migrate"]'
# E1: the first customer's email (its @ spelled out, past the email masking) as a literal of
# a volatile default, which PostgreSQL computes for every row: a volatile-default finding
VOLATILE = """\
DO $$ DECLARE e text; BEGIN
  SELECT email INTO e FROM public.customers ORDER BY id LIMIT 1;
  EXECUTE format('ALTER TABLE public.t ADD COLUMN w int DEFAULT length(%L) + (random() * 0)::int',
                 'V_' || replace(e, '@', ' at '));
END $$;
"""


@pytest.fixture(scope="module")
def box(tmp_path_factory: pytest.TempPathFactory, pg_cluster: Cluster) -> Iterator[Sandbox]:
    with sandbox(
        tmp_path_factory.mktemp("rehearse_withheld"),
        pg_cluster,
        schema=SCHEMA,
        rows=20,
        sandbox_extra=CAPS,
    ) as made:
        made.engine().generate()
        text = made.config.read_text().replace(CAPS, 'capabilities = ["migrate"]')
        made.config.write_text(text)
        yield made


def _first_email(box: Sandbox) -> str:
    with box.connect() as conn:
        row = conn.execute("SELECT email FROM customers ORDER BY id LIMIT 1").fetchone()
    assert row is not None
    return "V_" + str(row[0]).replace("@", " at ")


def test_a_volatile_defaults_message_quotes_the_masked_expression(box: Sandbox) -> None:
    secret = _first_email(box)
    path = box.root / "vol.sql"
    path.write_text(VOLATILE)

    async def body(session: ClientSession) -> str:
        return _text(await session.call_tool("rehearse", {"sql": VOLATILE}))

    outputs = {"mcp": anyio.run(_session_run, box.config, body)}
    for flag in ("--json", "--markdown", ""):
        done = run_cli(
            "rehearse", "--config", str(box.config), *([flag] if flag else []), str(path)
        )
        assert done.returncode == 4, done.stderr  # the volatile default is an error
        outputs[flag.lstrip("-") or "text"] = done.stdout
    outputs["reports"] = box.written()
    for where, out in outputs.items():
        assert "volatile" in out, (where, out)
        assert secret not in out, where
    assert "length('…'::text)" in outputs["mcp"], outputs["mcp"]
    assert "length('…'::text)" in outputs["markdown"], outputs["markdown"]


# E35: `rehearse --markdown`, the pull request's comment, carried what a hostile migration
# raised (every customer's email) and the names it computed from rows
RAISED = """\
DO $$ BEGIN
  RAISE EXCEPTION 'LEAK %', (SELECT string_agg(replace(email, '@', ' at '), '; ')
                             FROM public.customers);
END $$;
"""
NAMED = """\
DO $$ DECLARE e text; BEGIN
  SELECT email INTO e FROM public.customers ORDER BY id LIMIT 1;
  EXECUTE format('CREATE INDEX %I ON public.t (n)', 'V_' || replace(e, '@', ' at '));
END $$;
"""


def test_the_markdown_report_carries_no_row_to_a_caller_without_read(box: Sandbox) -> None:
    secret = _first_email(box)
    plain = secret.removeprefix("V_")  # what RAISED quotes of the first customer
    raised, named = box.root / "raised.sql", box.root / "named.sql"
    raised.write_text(RAISED)
    named.write_text(NAMED)
    failed = run_cli("rehearse", "--config", str(box.config), "--markdown", str(raised))
    assert failed.returncode == 4, failed.stderr
    assert "raise_exception (SQLSTATE P0001)" in failed.stdout, failed.stdout
    assert plain not in failed.stdout, failed.stdout
    built = run_cli("rehearse", "--config", str(box.config), "--markdown", str(named))
    assert built.returncode in (0, 4), built.stderr
    assert secret not in built.stdout, built.stdout
    assert "name-withheld-" in built.stdout, built.stdout
    assert plain not in box.written()


# F2 (attack22f): one character of the first email per added column's default, one character
# code per added CHECK, with the alphabet and the digits in a comment: a "does the text hold
# it" test kept them all.
SPELLED = """\
DO $$ DECLARE e text; BEGIN
  SELECT email INTO e FROM public.customers ORDER BY id LIMIT 1;
  FOR i IN 1..8 LOOP
    EXECUTE format('ALTER TABLE public.t ADD COLUMN c%s int DEFAULT length(%L)'
                   ' + (random() * 0)::int', i, substr(e, i, 1));
    EXECUTE format('ALTER TABLE public.t ADD CONSTRAINT k%s CHECK (n IS DISTINCT FROM %s)'
                   ' NOT VALID', i, ascii(substr(e, i, 1)));
  END LOOP;
END $$; -- abcdefghijklmnopqrstuvwxyz0123456789.@_- 'a','b','c','d','e','f','g','h','i','j'
-- 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120
"""


def test_an_added_defaults_and_checks_constants_are_withheld_even_when_the_text_holds_them(
    box: Sandbox,
) -> None:
    with box.connect() as conn:
        row = conn.execute("SELECT email FROM customers ORDER BY id LIMIT 1").fetchone()
    assert row is not None
    head = str(row[0])[:8]

    async def body(session: ClientSession) -> str:
        return _text(await session.call_tool("rehearse", {"sql": SPELLED}))

    out = anyio.run(_session_run, box.config, body)
    assert "length('…'::text)" in out, out
    assert "DISTINCT FROM …" in out, out
    for char in head:
        assert f"'{char}'::text" not in out, (char, out)
        assert f"DISTINCT FROM {ord(char)})" not in out, (char, out)


# F40 (attack22f): the migration gives its rehearsal role a password of its own, commits it,
# and waits while something that reaches the port logs in to the clone with it
OWN_PASSWORD = (
    "BEGIN; ALTER ROLE CURRENT_USER PASSWORD 'AgentPw_1'; COMMIT; SELECT pg_catalog.pg_sleep(3);"
)


def test_a_rehearsal_role_given_a_password_of_the_agents_cannot_log_in(box: Sandbox) -> None:
    done = threading.Event()
    logins: list[str] = []
    tried: set[str] = set()

    def poll() -> None:
        with psycopg.connect(box.cluster.conninfo(), autocommit=True) as admin:
            while not done.is_set():
                found = admin.execute(
                    "SELECT d.datname, r.rolname FROM pg_database d, pg_roles r "
                    "WHERE d.datname LIKE %s AND r.rolname LIKE 'wb\\_rehearse\\_%%'",
                    (f"{box.name}__wb_rh_%",),
                ).fetchall()
                for database, role in found:
                    tried.add(role)
                    try:
                        with psycopg.connect(
                            host="127.0.0.1",
                            port=box.cluster.port,
                            dbname=database,
                            user=role,
                            password="AgentPw_1",
                            connect_timeout=2,
                        ):
                            logins.append(role)
                    except psycopg.OperationalError:
                        pass
                time.sleep(0.02)

    poller = threading.Thread(target=poll)
    poller.start()

    async def body(session: ClientSession) -> str:
        return _text(await session.call_tool("rehearse", {"sql": OWN_PASSWORD}))

    try:
        out = anyio.run(_session_run, box.config, body)
    finally:
        done.set()
        poller.join()
    assert tried, out  # the poller saw the rehearsal's role
    assert not logins, logins
