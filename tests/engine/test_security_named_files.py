"""Files named on the command line (attack round 5, B6 and B1): a committed symlink
`proposed/001_add_index.sql -> ../.workbench/pgpass` (or `reports.sql -> .workbench/pgpass`,
or `-> /proc/self/environ`) given to `rehearse`, `explain`, `explain --after` or `stats scrub`
was read and its text printed into the output, the --markdown report (a PR comment),
evidence, .workbench/rehearsals/ and the server's log: the embedded cluster's superuser
password among them. Every such path now goes through one check (trust.checked_path), and
the redaction knows every password the workbench holds."""

from __future__ import annotations

import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import MakeProject, run_cli
from workbench.config.file import load_config
from workbench.context import Context
from workbench.engine import Engine
from workbench.files.held_passwords import passfile_passwords
from workbench.redact import redact
from workbench.server.cluster import EmbeddedServer

SCHEMA = "CREATE TABLE items (id bigserial PRIMARY KEY, note text);\n"
ENV_SECRET = f"ghp_TOPSECRET{uuid.uuid4().hex[:8]}"


@pytest.fixture(scope="module")
def hostile() -> Iterator[Path]:
    """An embedded project (its own cluster) carrying the attack's committed links, generated."""
    base = Path(tempfile.mkdtemp(prefix="wb-named-", dir="/var/tmp"))
    base.chmod(0o755)
    root = base / "repo"
    root.mkdir(mode=0o755)
    (root / "schema.sql").write_text(SCHEMA)
    (root / "sandbox.toml").write_text(
        f'[sandbox]\nname = "sb_{uuid.uuid4().hex[:10]}"\ndsn = "embedded"\n'
        'schema = "schema.sql"\ncapabilities = ["read", "write", "reset", "migrate"]\n'
    )
    (root / "proposed").mkdir()
    (root / "proposed" / "001_add_index.sql").symlink_to("../.workbench/pgpass")
    (root / "reports.sql").symlink_to(".workbench/pgpass")
    (root / "owner.sql").symlink_to(".workbench/owner.pgpass")
    try:
        generated = run_cli("generate", "--yes", "--rows", "5", cwd=root)
        assert generated.returncode == 0, generated.stderr
        yield root
    finally:
        EmbeddedServer(load_config(root / "sandbox.toml")).destroy()
        shutil.rmtree(base, ignore_errors=True)


def _admin_password(root: Path) -> str:
    (password,) = passfile_passwords((root / ".workbench" / "pgpass").read_text())
    return password


def _everything_written(root: Path) -> str:
    """Every file the workbench writes that could quote a statement: the project's files,
    .workbench/'s (evidence, rehearsal reports, state; not the passfiles or the cluster's
    data) and the server's log."""
    texts = []
    for path in root.rglob("*"):
        if path.is_symlink() or not path.is_file() or path.name.endswith("pgpass"):
            continue
        inside_pg = "pg" in path.relative_to(root).parts
        if path.suffix == ".key" or (inside_pg and not path.name.endswith(".log")):
            continue
        texts.append(path.read_text(errors="replace"))
    return "\n".join(texts)


@pytest.mark.parametrize(
    "args",
    [
        ("rehearse", "--markdown", "proposed/"),
        ("rehearse", "--json", "proposed/001_add_index.sql"),
        ("explain", "reports.sql"),
        ("explain", "SELECT 1 FROM items", "--after", "proposed/001_add_index.sql"),
        ("stats", "scrub", "proposed/001_add_index.sql"),
        ("stats", "scrub", "owner.sql"),
    ],
)
def test_a_committed_link_into_workbench_state_is_never_read(
    hostile: Path, args: tuple[str, ...]
) -> None:
    password = _admin_password(hostile)
    result = run_cli(*args, cwd=hostile)
    out = result.stdout + result.stderr
    assert result.returncode == 3, out
    assert "[path]" in result.stderr and ".workbench" in result.stderr, out
    assert password not in out and "workbench:" not in result.stdout
    assert password not in _everything_written(hostile)
    assert not list(hostile.rglob("*.scrubbed.sql"))


def test_the_redaction_knows_every_password_the_workbench_holds(hostile: Path) -> None:
    """Defence in depth (B6 b): even read as data, no held password reaches any text."""
    state = hostile / ".workbench"
    held = [_admin_password(hostile)] + [
        p
        for name in ("app", "read", "owner")
        for p in passfile_passwords((state / f"{name}.pgpass").read_text())
    ]
    assert len(held) == 4
    Context.build(load_config(hostile / "sandbox.toml"))  # what every process builds first
    for password in held:
        assert redact(f"STATEMENT:  *:*:*:workbench:{password}") == (
            "STATEMENT:  *:*:*:workbench:***"
        )


def test_a_committed_link_out_of_the_checkout_is_not_read(hostile: Path) -> None:
    """B1: `proposed/002_env.sql -> /proc/self/environ` put the runner's environment (a CI
    secret) into the Markdown report; a link to any outside file was copied by `stats scrub`."""
    outside = hostile.parent / "outside"
    outside.mkdir(exist_ok=True)
    (outside / "id_fake").write_text("SELECT 'PRIVATE KEY material';\n")
    leak = hostile / "leak"
    leak.mkdir()
    (leak / "002_env.sql").symlink_to("/proc/self/environ")
    (hostile / "prod_stats.sql").symlink_to(outside / "id_fake")
    try:
        env = {"A22_CI_SECRET": ENV_SECRET}
        for args in (
            ("rehearse", "--markdown", "leak/"),
            ("explain", "leak/002_env.sql"),
            ("stats", "scrub", "prod_stats.sql"),
            ("rehearse", "prod_stats.sql"),
        ):
            result = run_cli(*args, cwd=hostile, env=env)
            out = result.stdout + result.stderr
            assert result.returncode == 3, (args, out)
            assert "[path]" in result.stderr and "outside" in result.stderr, out
            assert ENV_SECRET not in out and "PRIVATE KEY" not in out
        assert not (hostile / "prod_stats.scrubbed.sql").exists()
        assert ENV_SECRET not in _everything_written(hostile)
        # The user's own file outside, named by its real path, is theirs to read.
        real = run_cli("stats", "scrub", str(outside / "id_fake"), cwd=hostile)
        assert real.returncode == 0, real.stderr
        assert (outside / "id_fake.scrubbed.sql").exists()
    finally:
        shutil.rmtree(leak)
        (hostile / "prod_stats.sql").unlink()


@pytest.mark.parametrize("clone", ["git", "tarball"])
def test_a_link_in_another_clone_is_not_followed_out_of_the_folder_named(
    hostile: Path, clone: str
) -> None:
    """Attack round 6, N3: a PR checked out beside the project (CI's base/ + pr/, a
    reviewer's clone, an unpacked tarball) carried `migrations/0042_add_col.sql ->
    /proc/self/environ`; `rehearse --markdown ../prclone/migrations/` put the runner's CI
    secret into the PR report, since links outside the checkout were taken as the user's own.
    A link is followed only within the folder it was named in, and a folder on the way in
    another checkout only within that checkout; a hard link is never read."""
    pr = hostile.parent / f"prclone-{clone}"
    outside = hostile.parent / f"outside-{clone}"
    (pr / "migrations").mkdir(parents=True)
    outside.mkdir()
    if clone == "git":
        (pr / ".git").mkdir()
    (outside / "0001_keys.sql").write_text("SELECT 'PRIVATE KEY material';\n")
    (pr / "migrations" / "0041_ok.sql").write_text("ALTER TABLE items ADD COLUMN x int;\n")
    (pr / "migrations" / "0042_add_col.sql").symlink_to("/proc/self/environ")
    (pr / "deep").symlink_to(outside)  # a folder on the way, out of the clone
    (pr / "hard").mkdir()
    own = hostile.parent / f"own-{clone}.sql"
    own.write_text("SELECT 'PRIVATE KEY material';\n")
    (pr / "hard" / "0043.sql").hardlink_to(own)
    env = {"A22B_CI_SECRET": ENV_SECRET}
    for args in (
        ("rehearse", "--markdown", f"../{pr.name}/migrations/"),
        ("rehearse", "--json", f"../{pr.name}/migrations/0042_add_col.sql"),
        ("explain", f"../{pr.name}/migrations/0042_add_col.sql"),
        ("stats", "scrub", f"../{pr.name}/migrations/0042_add_col.sql", "-o", "x.sql"),
        ("seed", "import", f"../{pr.name}/migrations", "--yes"),
        # N3-residual: the folder a file is read from is judged as the folder a file is
        # written into; in a folder that is no checkout, the link was followed
        ("rehearse", "--markdown", f"../{pr.name}/deep/0001_keys.sql"),
        ("explain", f"../{pr.name}/deep/0001_keys.sql"),
        ("stats", "scrub", f"../{pr.name}/deep/0001_keys.sql", "-o", "x.sql"),
        ("rehearse", f"../{pr.name}/hard/"),
        ("rehearse", str(pr / "hard" / "0043.sql")),
    ):
        result = run_cli(*args, cwd=hostile, env=env)
        out = result.stdout + result.stderr
        assert result.returncode == 3, (args, out)
        assert "[path]" in result.stderr, out
        assert ENV_SECRET not in out and "PRIVATE KEY" not in out
    assert ENV_SECRET not in _everything_written(hostile)
    assert not (hostile / "x.sql").exists()
    # The clone's plain files, and a link that stays in its folder, are read as before.
    (pr / "migrations" / "0042_add_col.sql").unlink()
    (pr / "migrations" / "0042_add_col.sql").symlink_to("0041_ok.sql")
    result = run_cli("rehearse", "--json", f"../{pr.name}/migrations/", cwd=hostile)
    assert "[path]" not in result.stderr, result.stderr  # (the same ALTER twice fails: 4)
    assert "rehearsing 0042_add_col.sql" in result.stderr, result.stdout + result.stderr


def _plain_repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "schema.sql").write_text(SCHEMA)
    (repo / "sandbox.toml").write_text('[sandbox]\nname = "evil"\n[generate]\nrows = 3\n')
    return repo


def test_no_write_goes_out_of_the_checkout_through_a_linked_folder(tmp_path: Path) -> None:
    """B3: only the last component was checked: `generate --csv out/sub` with a committed
    `out -> ../outside` wrote outside, `stats scrub stats/prod.sql` with `stats -> ../outside`
    read and wrote there, and `generate --csv .workbench/csv` made a folder outside (through a
    committed `.workbench -> ../outside2`) before refusing."""
    repo = _plain_repo(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "prod.sql").write_text("SELECT 1;\n")
    (repo / "out").symlink_to("../outside")
    (repo / "stats").symlink_to("../outside")
    for args in (
        ("generate", "--csv", "out/sub"),
        ("stats", "scrub", "stats/prod.sql"),
        ("stats", "scrub", "stats/prod.sql", "--in-place"),
        ("stats", "scrub", str(outside / "prod.sql"), "-o", "out/prod.sql"),
    ):
        result = run_cli(*args, cwd=repo)
        assert result.returncode == 3, (args, result.stdout + result.stderr)
        assert "[path]" in result.stderr and "Traceback" not in result.stderr
    assert sorted(p.name for p in outside.iterdir()) == ["prod.sql"]
    assert (outside / "prod.sql").read_text() == "SELECT 1;\n"
    state_outside = tmp_path / "outside2"
    state_outside.mkdir()
    (repo / ".workbench").symlink_to("../outside2")
    result = run_cli("generate", "--csv", ".workbench/csv", cwd=repo)
    assert result.returncode == 3, result.stdout + result.stderr
    assert list(state_outside.iterdir()) == []
    (repo / ".workbench").unlink()
    result = run_cli("generate", "--csv", ".workbench/csv", cwd=repo)  # a real one: refused too
    assert result.returncode == 3 and not (repo / ".workbench" / "csv").exists()
    (repo / "build").mkdir()
    (repo / "inner").symlink_to("build")  # a link staying in the checkout is fine
    result = run_cli("generate", "--csv", "inner/sub", cwd=repo)
    assert result.returncode == 0, result.stderr
    assert (repo / "build" / "sub" / "public.items.csv").exists()


def test_seed_import_of_a_committed_link_into_state_is_refused(tmp_path: Path) -> None:
    repo = _plain_repo(tmp_path)
    (repo / ".workbench").mkdir()
    (repo / ".workbench" / "pgpass").write_text("*:*:*:workbench:Zq7pYv2Kx9LmN4tR8sW1bC3d\n")
    (repo / "seed.dump").symlink_to(".workbench/pgpass")
    result = run_cli("seed", "import", "seed.dump", "--yes", cwd=repo)
    assert result.returncode == 3, result.stdout + result.stderr
    assert "[path]" in result.stderr and "Zq7pYv2Kx9LmN4tR8sW1bC3d" not in result.stderr
    (repo / "seed.dump").unlink()
    (repo / "csvs").mkdir()
    (repo / "csvs" / "public.items.csv").symlink_to("../.workbench/pgpass")
    result = run_cli("seed", "import", "csvs", "--yes", cwd=repo)
    assert result.returncode == 3, result.stdout + result.stderr
    assert "[path]" in result.stderr and "Zq7pYv2Kx9LmN4tR8sW1bC3d" not in result.stderr


def test_a_linked_sandbox_id_does_not_adopt_another_projects_sandbox(
    make_project: MakeProject,
) -> None:
    """B2 (attack round 5): p7's committed `.workbench/sandbox_id -> p1's` made `generate`
    replace p1's database on the shared server. Refused; p1's tables are untouched."""
    first = make_project(SCHEMA, folder="p1")
    Engine(first).generate()  # set-up, in process: the second project's generate is tried
    name = load_config(first).sandbox.name
    second = make_project(
        "CREATE TABLE hostile (id int PRIMARY KEY);\n", folder="p7", name=name, create_db=False
    )
    (second.parent / "sandbox.toml").write_text(first.read_text())
    (second.parent / "schema.sql").write_text("CREATE TABLE hostile (id int PRIMARY KEY);\n")
    (second.parent / ".workbench").mkdir()
    (second.parent / ".workbench" / "sandbox_id").symlink_to(
        first.parent / ".workbench" / "sandbox_id"
    )
    result = run_cli("generate", "--yes", cwd=second.parent)
    assert result.returncode == 3, result.stdout + result.stderr
    assert "symlink" in result.stderr
    status = run_cli("sample", "items", cwd=first.parent)
    assert status.returncode == 0, status.stderr
