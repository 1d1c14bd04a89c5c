"""A cloned repository's `.git/config` and its inline DSN, tried as its author would (issue
22, the outside attack's C1, D1, D2): a `filter.<driver>.process` the lease's git calls would
run; a DSN that sends the developer's passwords to a host the repository picks, or names
files libpq reads or writes. Nothing of it runs, nothing connects, until `workbench trust`."""

from __future__ import annotations

import json
import socket
import subprocess
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import MakeProject, run_cli
from workbench.records.git_state import git_revision

SCHEMA = "CREATE TABLE t (id bigserial PRIMARY KEY, note text);\n"


def _git(root: Path, *args: str) -> str:
    done = subprocess.run(
        ["/usr/bin/git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t", *args],
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout.strip()


def _cli(config: Path, *args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    result = run_cli(*args, "--config", str(config), cwd=config.parent, env=env, timeout=180)
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, result.stdout + result.stderr


# --- git: the repository's config runs nothing -------------------------------------------------


def test_the_repositorys_git_filters_never_run(make_project: MakeProject, tmp_path: Path) -> None:
    config = make_project(SCHEMA, extra="[generate]\nrows = 5\n")
    root = config.parent
    canary = tmp_path / "canary"
    _git(root, "init", "-q")
    (root / ".gitattributes").write_text("* filter=evil diff=evil\n")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "x")
    for key, program in (
        ("filter.evil.process", f'sh -c "echo process >> {canary}"'),
        ("filter.evil.clean", f'sh -c "echo clean >> {canary}; cat"'),
        ("filter.evil.smudge", f'sh -c "echo smudge >> {canary}; cat"'),
        ("diff.evil.textconv", f'sh -c "echo textconv >> {canary}; cat"'),
        ("diff.external", f'sh -c "echo external >> {canary}"'),
        ("core.fsmonitor", f'sh -c "echo fsmonitor >> {canary}"'),
    ):
        _git(root, "config", key, program)
    head = _git(root, "rev-parse", "HEAD")
    # New timestamps, as after unpacking an archive: git status would run the clean filter.
    (root / "schema.sql").write_text((root / "schema.sql").read_text())
    code, said = _cli(config, "generate", "--yes")
    assert code == 0, said
    lease = json.loads((root / ".workbench" / "lease.json").read_text())
    assert (lease["git_revision"], lease["git_dirty"]) == (head, False)
    with (root / "schema.sql").open("a") as f:
        f.write("-- changed\n")
    assert git_revision(root) == (head, True)
    assert not canary.exists(), f"the repository's program ran: {canary.read_text()}"


def test_uncommitted_changes_are_seen_without_git_status(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / "sub").mkdir(parents=True)
    (root / "a.sql").write_text("select 1;\n")
    (root / "sub" / "b.txt").write_bytes(b"\x00binary\r\n")
    (root / "link").symlink_to("a.sql")
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "x")
    head = _git(root, "rev-parse", "HEAD")
    assert git_revision(root / "sub") == (head, False)
    (root / "untracked").write_text("not git's business\n")
    assert git_revision(root) == (head, False)
    (root / "a.sql").write_text("select 2;\n")
    assert git_revision(root) == (head, True)
    (root / "a.sql").write_text("select 1;\n")
    assert git_revision(root) == (head, False)
    (root / "sub" / "b.txt").unlink()
    assert git_revision(root) == (head, True)
    _git(root, "checkout", "--", "sub/b.txt")
    _git(root, "add", "untracked")  # staged, not committed
    assert git_revision(root) == (head, True)
    _git(root, "rm", "-q", "--cached", "untracked")
    assert git_revision(root) == (head, False)
    assert git_revision(tmp_path) == (None, None)


# --- the inline DSN: a far host, file keys and options wait for trust --------------------------


class Listener:
    """A TCP port that records every connection made to it and hangs up at once."""

    def __init__(self, address: str) -> None:
        self.sock = socket.create_server((address, 0))
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except TimeoutError:
                continue
            self.connections += 1
            conn.close()

    def close(self) -> None:
        self.stop.set()
        self.thread.join()
        self.sock.close()


@pytest.fixture
def listener() -> Iterator[Listener]:
    served = Listener("127.0.0.1")
    yield served
    served.close()


def _project(tmp_path: Path, dsn: str, hosts: str, *, key: str = "dsn") -> Path:
    root = tmp_path / f"repo-{uuid.uuid4().hex[:6]}"
    root.mkdir()
    (root / "schema.sql").write_text(SCHEMA)
    (root / "sandbox.toml").write_text(
        f'[sandbox]\nname = "agent_sandbox"\n{key} = "{dsn}"\nallowed_hosts = {hosts}\n'
        'schema = "schema.sql"\n'
    )
    return root / "sandbox.toml"


@pytest.mark.parametrize(
    ("extra", "hosts", "keys"),
    [
        # A host off this machine (hostaddr sends it to the listener here, as DNS could).
        ("host=db.example.net hostaddr=127.0.0.1", '["db.example.net"]', ["host"]),
        # Files libpq would read or write, and server settings.
        (
            "host=127.0.0.1 passfile={other} sslkeylogfile={written} options='-c work_mem=64MB'",
            '["127.0.0.1"]',
            ["options", "passfile", "sslkeylogfile"],
        ),
    ],
)
def test_a_repository_dsn_connects_nowhere_until_trusted(
    tmp_path: Path, listener: Listener, extra: str, hosts: str, keys: list[str]
) -> None:
    other = tmp_path / "other-project-pgpass"
    other.write_text("*:*:*:*:another-projects-password\n")
    other.chmod(0o600)
    written = tmp_path / "keylog"
    dsn = f"{extra} port={listener.port} dbname=agent_sandbox user=dev".format(
        other=other, written=written
    )
    config = _project(tmp_path, dsn, hosts)
    env = {"PGPASSWORD": "developers-own-password"}
    for args in (("doctor",), ("up",)):
        code, said = _cli(config, *args, env=env)
        assert code == 3, (args, said)
        assert "[trust]" in said and "workbench trust" in said, said
        for key in keys:
            assert f"sandbox.dsn {key}" in said, (key, said)
        assert "developers-own-password" not in said and "another-projects" not in said
    assert listener.connections == 0, "a connection was made before trust"
    assert not written.exists()
    code, said = _cli(config, "trust", "--json")
    assert code == 0, said
    # and the server your own passwords may now be lent to (test_security_lent_passwords.py)
    expected = sorted(f"sandbox.dsn {k}" for k in [*keys, "server"])
    if "example.net" in hosts:  # an allowed host off this machine is a choice too
        expected = sorted([*expected, "sandbox.allowed_hosts"])
    assert sorted(json.loads(said)["choices"]) == expected
    _cli(config, "doctor", env=env)
    assert listener.connections > 0, "trusted, yet never connected"


def test_a_dsn_from_the_users_environment_is_the_users_choice(
    tmp_path: Path, listener: Listener
) -> None:
    config = _project(tmp_path, "WB_TEST_DSN", '["127.0.0.1"]', key="dsn_env")
    other = tmp_path / "pgpass"
    other.write_text("*:*:*:*:pw\n")
    other.chmod(0o600)
    dsn = f"host=127.0.0.1 port={listener.port} dbname=agent_sandbox user=dev passfile={other}"
    _, said = _cli(config, "doctor", env={"WB_TEST_DSN": dsn})
    assert "[trust]" not in said
    assert listener.connections > 0


def test_a_dsn_env_reaching_off_this_machine_needs_trust(
    tmp_path: Path, listener: Listener
) -> None:
    """The variable's name and `allowed_hosts` are the repository's: `DATABASE_URL` may hold
    the developer's production URL (attack round 3, C2). A host off this machine in it, and
    the allowed host that lets the guard go there, are used only once trusted."""
    config = _project(tmp_path, "WB_TEST_PROD_URL", '["db.example.net"]', key="dsn_env")
    dsn = f"host=db.example.net hostaddr=127.0.0.1 port={listener.port} dbname=agent_sandbox"
    env = {"WB_TEST_PROD_URL": dsn + " user=produser password=PRODPW_42"}
    for args in (("status",), ("doctor",)):
        code, said = _cli(config, *args, env=env)
        assert code == 3, (args, said)
        assert "[trust]" in said and "workbench trust" in said, said
        assert "sandbox.dsn_env host = 'db.example.net'" in said, said
        assert "sandbox.allowed_hosts = 'db.example.net'" in said, said
        assert "PRODPW_42" not in said
    assert listener.connections == 0, "a connection was made before trust"
    code, said = _cli(config, "trust", "--json", env=env)
    assert code == 0, said
    assert sorted(json.loads(said)["choices"]) == ["sandbox.allowed_hosts", "sandbox.dsn_env host"]
    assert "PRODPW_42" not in said
    _cli(config, "doctor", env=env)
    assert listener.connections > 0, "trusted, yet never connected"
    # another server in the same variable needs trusting again
    moved = {"WB_TEST_PROD_URL": dsn.replace("db.example.net", "db2.example.net")}
    config.write_text(config.read_text().replace('"db.example.net"', '"db2.example.net"'))
    code, said = _cli(config, "doctor", env=moved)
    assert code == 3 and "db2.example.net" in said, said


def test_a_partial_clone_fetches_nothing(make_project: MakeProject, tmp_path: Path) -> None:
    """A `.git` that came with the checkout says it is a partial clone whose promisor remote's
    upload-pack is a shell command (attack22f F17): a missing object would make git fetch it,
    running that command. The lease's git reads only what is there and fetches nothing."""
    config = make_project(SCHEMA, extra="[generate]\nrows = 3\n")
    root = config.parent
    hits = tmp_path / "hits"
    hits.mkdir()
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "x")
    head = _git(root, "rev-parse", "HEAD")
    missing = [_git(root, "rev-parse", "HEAD^{tree}"), _git(root, "rev-parse", "HEAD:schema.sql")]
    for key, value in (
        ("core.repositoryformatversion", "1"),
        ("extensions.partialClone", "origin"),
        ("remote.origin.promisor", "true"),
        ("remote.origin.url", str(tmp_path / "nonexistent_repo")),
        ("remote.origin.uploadpack", f"sh -c 'id > {hits}/GIT_UPLOADPACK_$$'; false #"),
        ("protocol.file.allow", "always"),
        ("protocol.allow", "always"),
    ):
        _git(root, "config", key, value)
    for name in missing:
        (root / ".git" / "objects" / name[:2] / name[2:]).unlink()
    code, said = _cli(config, "generate", "--yes")
    assert code == 0, said
    lease = json.loads((root / ".workbench" / "lease.json").read_text())
    assert lease["git_revision"] == head
    assert git_revision(root)[0] == head
    # an ssh remote with the repository's own ssh command: the same
    _git(root, "config", "remote.origin.url", "ssh://example.invalid/x")
    _git(root, "config", "core.sshCommand", f"sh -c 'id > {hits}/GIT_SSH_$$'; false #")
    _git(root, "config", "protocol.ssh.allow", "always")
    assert git_revision(root)[0] == head
    assert list(hits.iterdir()) == [], "the repository's upload-pack ran"
