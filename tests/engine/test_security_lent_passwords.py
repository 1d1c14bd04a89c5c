"""Your own passwords are never lent to a server an untrusted file names (issue 22, attack
round 6, N1): a cloned repository's sandbox.toml with an inline loopback or socket DSN made
libpq send the developer's PGPASSWORD, PGPASSFILE or ~/.pgpass password in clear to whatever
local listener answered. Until `workbench trust` records that server, libpq gets none of them;
the workbench's own logins read only its own passfile, by SCRAM."""

from __future__ import annotations

import json
import shutil
import socket
import struct
import tempfile
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests.conftest import Cluster, MakeProject, run_cli
from workbench.config.file import load_config
from workbench.context import Context
from workbench.lifecycle.sandbox import REQUIRE_AUTH_LIBPQ, machine_libpq, role_url
from workbench.trust.target import OWN_AUTH

SCHEMA = "CREATE TABLE t (id bigserial PRIMARY KEY, note text);\n"
SECRETS = {
    "pgpass": "USER_PGPASS_SECRET_777",
    "PGPASSWORD": "ENV_PGPASSWORD_888",
    "PGPASSFILE": "ENV_PGPASSFILE_999",
}


class AsksInClear:
    """A listener any local user could run: it answers every login with
    AuthenticationCleartextPassword and keeps what the client sends back."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.sock.settimeout(0.2)
        self.received: list[bytes] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except TimeoutError:
                continue
            try:
                self._login(conn)
            except OSError:
                pass
            finally:
                conn.close()

    def _login(self, conn: socket.socket) -> None:
        conn.settimeout(5)
        head = conn.recv(8)
        while head[4:8] in (struct.pack("!I", 80877103), struct.pack("!I", 80877104)):
            conn.sendall(b"N")  # no TLS, no GSS encryption
            head = conn.recv(8)
        conn.recv(4096)  # the rest of the startup packet
        conn.sendall(b"R" + struct.pack("!II", 8, 3))  # send me the password in clear
        self.received.append(conn.recv(4096))
        msg = b"SFATAL\0C28P01\0Mpassword authentication failed for user\0\0"
        conn.sendall(b"E" + struct.pack("!I", len(msg) + 4) + msg)

    @property
    def passwords(self) -> bytes:
        return b"".join(self.received)

    def close(self) -> None:
        self.stop.set()
        self.thread.join()
        self.sock.close()


@pytest.fixture
def tcp_listener() -> Iterator[AsksInClear]:
    served = AsksInClear(socket.create_server(("127.0.0.1", 0)))
    yield served
    served.close()


@pytest.fixture
def socket_listener() -> Iterator[tuple[AsksInClear, str]]:
    folder = tempfile.mkdtemp(prefix="wbsock", dir="/tmp")  # short: a socket path is <108
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(f"{folder}/.s.PGSQL.5432")
    sock.listen(5)
    served = AsksInClear(sock)
    yield served, folder
    served.close()
    shutil.rmtree(folder, ignore_errors=True)


def _project(tmp_path: Path, dsn: str) -> Path:
    root = tmp_path / f"repo-{uuid.uuid4().hex[:6]}"
    root.mkdir()
    (root / "schema.sql").write_text(SCHEMA)
    (root / "sandbox.toml").write_text(
        f'[sandbox]\nname = "a22bp4"\ndsn = "{dsn}"\nschema = "schema.sql"\n'
    )
    return root / "sandbox.toml"


def _own_passwords(tmp_path: Path) -> dict[str, str]:
    """An environment holding the developer's passwords in each place libpq looks."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    (home / ".pgpass").write_text(f"*:*:*:*:{SECRETS['pgpass']}\n")
    (home / ".pgpass").chmod(0o600)
    return {"HOME": str(home)}


def _environments(tmp_path: Path) -> list[dict[str, str]]:
    passfile = tmp_path / "env.pgpass"
    passfile.write_text(f"*:*:*:*:{SECRETS['PGPASSFILE']}\n")
    passfile.chmod(0o600)
    home = _own_passwords(tmp_path)
    return [
        home,
        {**home, "PGPASSWORD": SECRETS["PGPASSWORD"]},
        {**home, "PGPASSFILE": str(passfile)},
    ]


def _cli(config: Path, *args: str, env: dict[str, str]) -> tuple[int, str]:
    result = run_cli(*args, "--config", str(config), cwd=config.parent, env=env, timeout=120)
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, result.stdout + result.stderr


def _lends_nothing_until_trusted(config: Path, listener: AsksInClear, tmp_path: Path) -> None:
    for env in _environments(tmp_path):
        _, said = _cli(config, "status", env=env)
        assert listener.received, "the listener was never asked (the test proves nothing)"
        for secret in SECRETS.values():
            assert secret.encode() not in listener.passwords, (env, listener.received)
            assert secret not in said
    code, said = _cli(config, "doctor", env=_environments(tmp_path)[1])
    assert "workbench trust" in said and "PGPASSWORD" in said, said
    # Trusted, the server is yours: your passwords are lent to it, as libpq would.
    code, said = _cli(config, "trust", env={})
    assert code == 0 and "sandbox.dsn server" in said, said
    _cli(config, "status", env=_environments(tmp_path)[1])
    assert SECRETS["PGPASSWORD"].encode() in listener.passwords
    # A changed DSN (another port, a `git pull`) is lent nothing until trusted again.
    config.write_text(config.read_text().replace("user=alice", "user=bob"))
    listener.received.clear()
    _cli(config, "status", env=_environments(tmp_path)[2])
    assert listener.received and SECRETS["PGPASSFILE"].encode() not in listener.passwords


def test_a_loopback_dsn_is_lent_none_of_your_passwords(
    tmp_path: Path, tcp_listener: AsksInClear
) -> None:
    port = tcp_listener.sock.getsockname()[1]
    config = _project(tmp_path, f"host=127.0.0.1 port={port} dbname=a22bp4 user=alice")
    _lends_nothing_until_trusted(config, tcp_listener, tmp_path)


def test_a_socket_folder_dsn_is_lent_none_of_your_passwords(
    tmp_path: Path, socket_listener: tuple[AsksInClear, str]
) -> None:
    listener, folder = socket_listener
    config = _project(tmp_path, f"host={folder} dbname=a22bp4 user=alice")
    _lends_nothing_until_trusted(config, listener, tmp_path)


def test_a_real_server_needs_trust_for_your_pgpass(
    tmp_path: Path, pg_cluster: Cluster, make_project: MakeProject
) -> None:
    """Against the real cluster: an inline DSN without its password logs in with your
    ~/.pgpass only once trusted; until then the refusal says why, in one paragraph."""
    config = make_project(SCHEMA)
    name = config.read_text().split('name = "', 1)[1].split('"', 1)[0]
    password = pg_cluster.passfile.read_text().strip().rsplit(":", 1)[1]
    dsn = f"host=127.0.0.1 port={pg_cluster.port} user=workbench dbname={name}"
    config.write_text(config.read_text().replace(pg_cluster.conninfo(name), dsn))
    home = tmp_path / "devhome"
    home.mkdir()
    (home / ".pgpass").write_text(f"127.0.0.1:{pg_cluster.port}:*:workbench:{password}\n")
    (home / ".pgpass").chmod(0o600)
    env = {"HOME": str(home)}
    code, said = _cli(config, "doctor", env=env)
    assert code != 0 and "no password supplied" in said, said
    assert "workbench trust" in said and "~/.pgpass" in said, said
    assert password not in said
    assert _cli(config, "trust", env=env)[0] == 0
    code, said = _cli(config, "generate", "--yes", env=env)
    assert code == 0, said


def test_the_embedded_cluster_uses_its_own_passfile_not_pgpassword(
    make_project: MakeProject,
) -> None:
    """PGPASSWORD is preferred by libpq to any passfile: the workbench's own logins (the
    embedded superuser, the sandbox's roles) say it must not be used."""
    config = make_project(SCHEMA, embedded=True, extra="[generate]\nrows = 5\n")
    env = {"PGPASSWORD": SECRETS["PGPASSWORD"]}
    code, said = _cli(config, "generate", "--yes", env=env)
    assert code == 0, said
    code, said = _cli(config, "sample", "t", env=env)
    assert code == 0, said


def test_the_applications_url_never_sends_its_password_in_clear(
    make_project: MakeProject,
) -> None:
    """Attack round 6, N2: `workbench env`'s URL had no require_auth, so while the embedded
    cluster was down any local user listening on its port received the application role's
    password in clear. The role's password is a SCRAM verifier, and the URL asks SCRAM only
    (where the machine's libpq knows require_auth; `env` says so where it does not)."""
    config = make_project(SCHEMA, embedded=True, extra="[generate]\nrows = 3\n")
    assert _cli(config, "generate", "--yes", env={})[0] == 0
    code, said = _cli(config, "env", "--json", env={})
    assert code == 0, said
    info = json.loads(said)
    version = machine_libpq()
    if version is None or version >= REQUIRE_AUTH_LIBPQ:
        assert "require_auth=scram-sha-256" in info["database_url"], info
    else:
        assert "require_auth" not in info["database_url"] and "libpq" in info["url_note"]
    ctx = Context.build(load_config(config))
    target = ctx.target()
    with ctx.guard.connect() as admin:  # the role's password is stored as a SCRAM verifier
        (stored,) = admin.execute(
            "SELECT rolpassword FROM pg_authid WHERE rolname = %s", (info["role"],)
        ).fetchone()
    assert stored.startswith("SCRAM-SHA-256$"), stored[:14]
    url = role_url(target, info["role"], target.dbname, info["passfile"], OWN_AUTH)
    with psycopg.connect(url) as conn:  # the application logs in by SCRAM
        assert conn.execute("SELECT current_user").fetchone() == (info["role"],)
    password = Path(info["passfile"]).read_text().strip().rsplit(":", 1)[1]
    assert _cli(config, "server", "stop", env={})[0] == 0
    squatter = AsksInClear(socket.create_server(("127.0.0.1", int(target.port))))
    try:
        with pytest.raises(psycopg.OperationalError):
            psycopg.connect(url, connect_timeout=5)
        assert squatter.received == [] or password.encode() not in squatter.passwords
        with pytest.raises(psycopg.OperationalError):  # without: sent (the test's own check)
            psycopg.connect(role_url(target, info["role"], target.dbname, info["passfile"], ""))
        assert password.encode() in squatter.passwords
    finally:
        squatter.close()
