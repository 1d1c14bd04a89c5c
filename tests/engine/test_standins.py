"""The workbench's stand-in extensions (workbench/standins) against the real pgcrypto and
uuid-ossp, value for value: the stand-ins run on the wheel's PostgreSQL 18 (built without
OpenSSL and libuuid), the real extensions on a server that has them — the machine's own,
started here, or the one WORKBENCH_REFERENCE_PG names (a libpq conninfo: `.ci/wheel-only`
starts one before it hides the machine's binaries). Without either, the comparisons skip."""

from __future__ import annotations

import os
import re
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest
from psycopg import sql

from workbench import standins
from workbench.config.file import load_config
from workbench.postgres import binaries as pg_binaries
from workbench.postgres.sources import machine_bindirs, probe
from workbench.server.cluster import EmbeddedServer

REFERENCE_ENV = "WORKBENCH_REFERENCE_PG"
EXTENSIONS = ["pgcrypto", "uuid-ossp"]


def _cluster(home: Path, bindir: str) -> EmbeddedServer:
    home.mkdir(parents=True, exist_ok=True)
    (home / "sandbox.toml").write_text(
        f'[sandbox]\nname = "ext_home"\n[server]\nbindir = "{bindir}"\n'
    )
    return EmbeddedServer(load_config(home / "sandbox.toml"), extensions=lambda: EXTENSIONS)


def _database(conninfo: str, tag: str) -> Iterator[psycopg.Connection[Any]]:
    """A new database with both extensions, and an autocommit connection to it."""
    name = f"ext_{tag}_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(conninfo, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    params = psycopg.conninfo.conninfo_to_dict(conninfo)
    params["dbname"] = name
    try:
        with psycopg.connect(psycopg.conninfo.make_conninfo(**params), autocommit=True) as conn:
            conn.execute('CREATE EXTENSION pgcrypto; CREATE EXTENSION "uuid-ossp"')
            yield conn
    finally:
        with psycopg.connect(conninfo, autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))


def _conninfo(server: EmbeddedServer) -> str:
    state = server.state()
    assert state is not None
    return (
        f"host=127.0.0.1 port={state.port} user=workbench dbname=postgres "
        f"passfile={server.passfile}"
    )


@pytest.fixture(scope="module")
def standin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[psycopg.Connection[Any]]:
    """A database on the wheel's server with the stand-ins created."""
    server = _cluster(tmp_path_factory.mktemp("standin"), "wheel")
    state = server.start()
    assert state.binaries is not None and state.binaries["standins"] == EXTENSIONS
    try:
        yield from _database(_conninfo(server), "standin")
    finally:
        server.destroy()


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory) -> Iterator[psycopg.Connection[Any]]:
    """A database with the real extensions: WORKBENCH_REFERENCE_PG's server, or a cluster of
    the machine's newest PostgreSQL that has both."""
    if os.environ.get(REFERENCE_ENV):
        yield from _database(os.environ[REFERENCE_ENV], "real")
        return
    found = [probe(folder, "machine") for folder in machine_bindirs()]
    fits = [s for s in found if not isinstance(s, str) and not s.lacks(EXTENSIONS)]
    if not fits:
        pytest.skip(f"no server with the real {' and '.join(EXTENSIONS)} (nor {REFERENCE_ENV})")
    server = _cluster(tmp_path_factory.mktemp("real"), str(fits[0].bindir))
    server.start()
    try:
        yield from _database(_conninfo(server), "real")
    finally:
        server.destroy()


def _one(conn: psycopg.Connection[Any], query: str, *params: Any) -> Any:
    row = conn.execute(query, params).fetchone()
    assert row is not None
    return row[0]


def _both(
    standin: psycopg.Connection[Any], real: psycopg.Connection[Any], query: str, *params: Any
) -> tuple[Any, Any]:
    return _one(standin, query, *params), _one(real, query, *params)


# Inputs around SHA's padding boundaries (55, 56, 64 bytes…), empty, binary and multibyte.
MESSAGES: list[bytes] = [
    b"",
    b"abc",
    b"The quick brown fox jumps over the lazy dog",
    *(b"a" * n for n in (55, 56, 57, 63, 64, 65, 119, 128, 1000)),
    bytes(range(256)),
    "naïve café ✓".encode(),
]
ALGORITHMS = ["md5", "sha1", "sha224", "sha256", "sha384", "sha512", "SHA-1", "SHA256", "sha2-512"]


def test_the_functions_are_the_real_extensions(
    standin: psycopg.Connection[Any], real: psycopg.Connection[Any]
) -> None:
    """Same names, arguments, results, volatility, strictness and parallel safety; pgcrypto
    1.4 (PostgreSQL 18's) adds fips_mode() to 1.3."""
    query = """
        SELECT e.extname, p.proname, pg_get_function_identity_arguments(p.oid),
               pg_get_function_result(p.oid), p.provolatile, p.proisstrict, p.proparallel
        FROM pg_proc p
        JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
             AND d.deptype = 'e'
        JOIN pg_extension e ON e.oid = d.refobjid
        WHERE e.extname IN ('pgcrypto', 'uuid-ossp')"""
    mine = set(standin.execute(query).fetchall())
    theirs = set(real.execute(query).fetchall())
    real_version = _one(real, "SELECT extversion FROM pg_extension WHERE extname = 'pgcrypto'")
    extra = {r for r in mine if r[1] == "fips_mode"} if real_version < "1.4" else set()
    assert mine - extra == theirs and len(theirs) > 40


def test_digest_and_hmac_are_the_real_ones(
    standin: psycopg.Connection[Any], real: psycopg.Connection[Any]
) -> None:
    keys = [b"", b"key", b"k" * 64, b"k" * 65, b"k" * 128, b"k" * 129, bytes(range(200))]
    checked = 0
    for algorithm in ALGORITHMS:
        for message in MESSAGES:
            mine, theirs = _both(standin, real, "SELECT digest(%s::bytea, %s)", message, algorithm)
            assert mine == theirs, (algorithm, message[:20])
            checked += 1
        for key in keys:
            query = "SELECT hmac(%s::bytea, %s::bytea, %s)"
            mine, theirs = _both(standin, real, query, MESSAGES[2], key, algorithm)
            assert mine == theirs, (algorithm, key[:20])
    # the text forms take the text's bytes
    for query in ("SELECT digest(%s::text, 'sha1')", "SELECT hmac(%s::text, 'clé', 'sha1')"):
        mine, theirs = _both(standin, real, query, "naïve café ✓")
        assert mine == theirs
    assert checked == len(ALGORITHMS) * len(MESSAGES)


def test_uuid_v3_and_v5_are_the_real_ones(
    standin: psycopg.Connection[Any], real: psycopg.Connection[Any]
) -> None:
    namespaces = ["uuid_ns_dns()", "uuid_ns_url()", "uuid_ns_oid()", "uuid_ns_x500()", "uuid_nil()"]
    names = ["", "www.widgets.com", "naïve café ✓", "x" * 300]
    for namespace in [*namespaces, "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid"]:
        mine, theirs = _both(standin, real, f"SELECT {namespace}")
        assert mine == theirs
        for version in (3, 5):
            for name in names:
                query = f"SELECT uuid_generate_v{version}({namespace}, %s)"
                mine, theirs = _both(standin, real, query, name)
                assert mine == theirs and mine.version == version, (namespace, name)


def test_crypt_with_a_given_salt_is_the_real_one(
    standin: psycopg.Connection[Any], real: psycopg.Connection[Any]
) -> None:
    md5_salts = ["$1$", "$1$abc", "$1$abcdefgh", "$1$abcdefghijkl", "$1$ab$cd", "$1$./09AZaz"]
    passwords = ["", "pw", "correct horse battery staple", "pwä€", "x" * 100]
    for salt in md5_salts:
        for password in passwords:
            mine, theirs = _both(standin, real, "SELECT crypt(%s, %s)", password, salt)
            assert mine == theirs, (salt, password)
    # bcrypt at cost 4 (PL/pgSQL is slow: about a second each); the salt's 22nd character
    # keeps two bits ('v' becomes 'u'); $2x$ repeats the sign-extension bug; 72 bytes at most
    for password, salt in [
        ("pw", "$2a$04$abcdefghijklmnopqrstuv"),
        ("pwä", "$2a$04$abcdefghijklmnopqrstuu"),
        ("pwä", "$2x$04$abcdefghijklmnopqrstuu"),
        ("y" * 80, "$2a$04$0123456789./ABCDEFGHIJ"),
    ]:
        mine, theirs = _both(standin, real, "SELECT crypt(%s, %s)", password, salt)
        assert mine == theirs, (salt, password)
    # a hash made by the real one verifies on the stand-in
    stored = _one(real, "SELECT crypt('s3cret', gen_salt('md5'))")
    assert _one(standin, "SELECT crypt('s3cret', %s) = %s", stored, stored) is True


def test_the_stand_ins_salts_verify_on_the_real_extension(
    standin: psycopg.Connection[Any], real: psycopg.Connection[Any]
) -> None:
    shapes = [
        ("gen_salt('md5')", r"\$1\$[./0-9A-Za-z]{8}"),
        ("gen_salt('bf')", r"\$2a\$06\$[./A-Za-z0-9]{21}[.Oeu]"),
        ("gen_salt('BF', 4)", r"\$2a\$04\$[./A-Za-z0-9]{21}[.Oeu]"),
    ]
    for call, shape in shapes:
        salts = {_one(standin, f"SELECT {call}") for _ in range(5)}
        assert len(salts) == 5 and all(re.fullmatch(shape, s) for s in salts), salts
    salt = _one(standin, "SELECT gen_salt('bf', 4)")
    mine, theirs = _both(standin, real, "SELECT crypt('pw', %s)", salt)
    assert mine == theirs
    salt = _one(standin, "SELECT gen_salt('md5')")
    mine, theirs = _both(standin, real, "SELECT crypt('pw', %s)", salt)
    assert mine == theirs


@pytest.mark.parametrize(
    "call",
    [
        "gen_salt('md5', 5)",
        "gen_salt('bf', 3)",
        "gen_salt('bf', 32)",
        "gen_salt('foo')",
        "gen_random_bytes(0)",
        "gen_random_bytes(1025)",
        "crypt('pw', '$2a$04$abcdefghijklmnopqrstu!')",
        "crypt('pw', '$2a$03$abcdefghijklmnopqrstuu')",
        "crypt('pw', '$2a$32$abcdefghijklmnopqrstuu')",
    ],
)
def test_errors_are_the_real_ones(
    standin: psycopg.Connection[Any], real: psycopg.Connection[Any], call: str
) -> None:
    messages = []
    for conn in (standin, real):
        with pytest.raises(psycopg.Error) as err:
            conn.execute(f"SELECT {call}")
        assert err.value.diag.message_primary is not None
        messages.append(err.value.diag.message_primary)
    assert messages[0] == messages[1]


@pytest.mark.parametrize(
    "call",
    [
        "crypt('pw', 'ab')",  # traditional DES
        "crypt('pw', '_J9..abcd')",  # extended DES
        "gen_salt('des')",
        "digest('x', 'sha3-256')",
        "hmac('x', 'k', 'ripemd160')",
        "pgp_sym_encrypt('x', 'k')",
        "encrypt('x', 'k', 'aes')",
        "armor('x')",
    ],
)
def test_what_the_stand_in_cannot_compute_raises_naming_bindir(
    standin: psycopg.Connection[Any], call: str
) -> None:
    with pytest.raises(psycopg.errors.FeatureNotSupported) as err:
        standin.execute(f"SELECT {call}")
    assert "is not available in the workbench's stand-in for pgcrypto" in str(err.value)
    assert "[server] bindir" in str(err.value)


def test_random_values_have_the_real_shapes(
    standin: psycopg.Connection[Any], real: psycopg.Connection[Any]
) -> None:
    for conn in (standin, real):
        sizes = conn.execute(
            "SELECT length(gen_random_bytes(n)) FROM generate_series(1, 40) n"
        ).fetchall()
        assert [s[0] for s in sizes] == list(range(1, 41))
        assert _one(conn, "SELECT count(DISTINCT gen_random_bytes(16)) FROM generate_series(1, 50)")
        for function in ("gen_random_uuid", "uuid_generate_v4"):
            values = [
                r[0] for r in conn.execute(f"SELECT {function}() FROM generate_series(1, 20)")
            ]
            assert len(set(values)) == 20 and {v.version for v in values} == {4}


def _v1_time(value: uuid.UUID) -> datetime:
    return datetime(1582, 10, 15, tzinfo=UTC) + timedelta(microseconds=value.time // 10)


def test_time_based_uuids(standin: psycopg.Connection[Any], real: psycopg.Connection[Any]) -> None:
    """Version 1 UUIDs carry the time; v1's node is the same for a session's calls and has
    the multicast bit the real extension sets on a random node; v1mc draws a node each call."""
    now = datetime.now(UTC)
    for conn, name in ((standin, "stand-in"), (real, "real")):
        v1 = [r[0] for r in conn.execute("SELECT uuid_generate_v1() FROM generate_series(1, 5)")]
        mc = [r[0] for r in conn.execute("SELECT uuid_generate_v1mc() FROM generate_series(1, 5)")]
        for value in v1 + mc:
            assert value.version == 1 and value.variant == uuid.RFC_4122, (name, value)
            assert abs(_v1_time(value) - now) < timedelta(minutes=1), (name, value)
        assert len(set(v1)) == 5 and len(set(mc)) == 5
        assert len({v.node for v in v1}) == 1, name
        assert len({v.node for v in mc}) == 5 and all(v.node >> 40 & 3 == 3 for v in mc), name
    mine = _one(standin, "SELECT uuid_generate_v1()")
    assert mine.node >> 40 & 1 == 1


def test_dx_says_it_is_the_stand_in(standin: psycopg.Connection[Any]) -> None:
    rows = standin.execute(
        "SELECT e.extname, e.extversion, obj_description(e.oid, 'pg_extension') "
        "FROM pg_extension e WHERE e.extname IN ('pgcrypto', 'uuid-ossp') ORDER BY 1"
    ).fetchall()
    assert [(r[0], r[1]) for r in rows] == [("pgcrypto", "1.4"), ("uuid-ossp", "1.1")]
    assert all(r[2].startswith(standins.COMMENT_PREFIX + " " + r[0]) for r in rows)


def test_callers_search_path_and_planted_functions_change_nothing(
    standin: psycopg.Connection[Any],
) -> None:
    """The bodies name pg_catalog and their own schema only: a schema searched before
    pg_catalog that holds look-alike functions does not reach into them."""
    standin.execute(
        "CREATE SCHEMA planted; "
        "CREATE FUNCTION planted.md5(bytea) RETURNS text LANGUAGE sql "
        "RETURN 'ffffffffffffffffffffffffffffffff'; "
        "CREATE FUNCTION planted.sha256(bytea) RETURNS bytea LANGUAGE sql RETURN '\\x00'::bytea; "
        "CREATE FUNCTION planted.get_byte(bytea, integer) RETURNS integer LANGUAGE sql RETURN 0"
    )
    calls = [
        "digest('abc', 'md5')",
        "digest('abc', 'sha256')",
        "digest('abc', 'sha1')",
        "hmac('abc', 'k', 'sha1')",
        "uuid_generate_v3(public.uuid_ns_dns(), 'x')",
    ]
    expected = [_one(standin, f"SELECT public.{call}") for call in calls]
    try:
        standin.execute("SET search_path = planted, pg_catalog, public")
        again = [_one(standin, f"SELECT public.{call}") for call in calls]
    finally:
        standin.execute("RESET search_path; DROP SCHEMA planted CASCADE")
    assert again == expected
    assert expected[1] == _one(standin, "SELECT sha256('abc')")


def test_a_role_with_create_on_the_database_can_create_them(
    standin: psycopg.Connection[Any],
) -> None:
    """Trusted, as the real ones: a database owner who is not a superuser creates them."""
    role = f"ext_owner_{uuid.uuid4().hex[:6]}"
    db = _one(standin, "SELECT current_database()")
    standin.execute(
        sql.SQL("CREATE ROLE {} NOLOGIN; GRANT CREATE ON DATABASE {} TO {}").format(
            sql.Identifier(role), sql.Identifier(db), sql.Identifier(role)
        )
    )
    standin.execute('DROP EXTENSION "uuid-ossp"')
    try:
        standin.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(role)))
        standin.execute("CREATE SCHEMA mine")
        standin.execute("CREATE EXTENSION \"uuid-ossp\" WITH SCHEMA mine VERSION '1.1'")
        assert str(_one(standin, "SELECT mine.uuid_ns_url()")).startswith("6ba7b811")
    finally:
        standin.execute("RESET ROLE; DROP SCHEMA IF EXISTS mine CASCADE")
        standin.execute('CREATE EXTENSION IF NOT EXISTS "uuid-ossp"')
        standin.execute(
            sql.SQL("REVOKE ALL ON DATABASE {} FROM {}; DROP OWNED BY {}; DROP ROLE {}").format(
                sql.Identifier(db), *[sql.Identifier(role)] * 3
            )
        )


def test_stand_ins_exist_only_for_servers_that_can_find_them() -> None:
    assert pg_binaries.MakeUp().covers(_source(18), "pgcrypto")
    assert not pg_binaries.MakeUp().covers(_source(17), "pgcrypto")
    assert not pg_binaries.MakeUp().covers(_source(18), "postgis")
    assert not pg_binaries.MakeUp().covers(_source(18), pg_binaries.ICU)
    assert pg_binaries.MakeUp("libc").covers(_source(15), pg_binaries.ICU)


def _source(major: int) -> pg_binaries.Source:
    return pg_binaries.Source("folder", Path("/x"), f"{major}.1")
