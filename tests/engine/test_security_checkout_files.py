"""Files a cloned checkout carries that lead elsewhere (attack3 D-G): the workbench, often
run as root, neither reads a file through them without `workbench trust` nor writes through
them at all.

- a migration FILE symlinked to a root-only file was read, run, and its text printed and
  written to world-readable evidence and reports (E);
- a symlinked sandbox.toml was written through by `classify --write` (F);
- `generate --csv DIR` wrote through a symlink in DIR, or through DIR itself (G);
- files under .workbench/ (evidence, reports) are this user's alone (0600).
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from tests.conftest import MakeProject, run_cli
from workbench.config.file import load_config
from workbench.edit.toml import Edit, save_edit
from workbench.errors import GuardRefusal
from workbench.files.safe import STATE_GITIGNORE
from workbench.files.state import append_json_line, atomic_write_text
from workbench.trust import checkout as trust

SECRET = "root:$6$not-for-you$"
SCHEMA = "CREATE TABLE customers (id bigserial PRIMARY KEY, email text NOT NULL);\n"


def _victim(tmp_path: Path, text: str = SECRET + "\n") -> Path:
    victim = tmp_path / "victim" / "shadow"
    victim.parent.mkdir()
    victim.write_text(text)
    victim.chmod(0o600)
    return victim


def _repo(tmp_path: Path, toml: str = "") -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "schema.sql").write_text(SCHEMA)
    (repo / "sandbox.toml").write_text(f'[sandbox]\nname = "evil"\n{toml}[generate]\nrows = 3\n')
    return repo


def test_a_symlinked_migration_file_is_not_read_until_trusted(tmp_path: Path) -> None:
    """E: `migrations/001_init.sql -> /etc/shadow` (only a symlinked folder needed trust)."""
    victim = _victim(tmp_path)
    repo = _repo(tmp_path, 'migrations = "migrations"\n')
    (repo / "migrations").mkdir()
    (repo / "migrations" / "001_init.sql").symlink_to(victim)
    result = run_cli("generate", "--yes", "--json", cwd=repo)
    assert result.returncode == 3, result.stdout + result.stderr
    out = result.stdout + result.stderr
    assert "sandbox.migrations file 001_init.sql" in out and "workbench trust" in out
    assert SECRET not in out
    evidence = repo / ".workbench" / "evidence.jsonl"
    assert not evidence.exists() or SECRET not in evidence.read_text()
    config = load_config(repo / "sandbox.toml")
    trust.trust(config)  # the user's own link, read once they say so
    trust.check(config)


def test_a_migration_or_schema_inside_workbench_state_needs_trust(tmp_path: Path) -> None:
    """A link that stays in the checkout but reaches .workbench/ (the superuser's passfile
    lives there) is not the project's file either."""
    repo = _repo(tmp_path, 'migrations = "migrations"\n')
    (repo / ".workbench").mkdir()
    (repo / ".workbench" / "pgpass").write_text("*:*:*:workbench:hunter2\n")
    (repo / "migrations").mkdir()
    (repo / "migrations" / "001.sql").symlink_to(repo / ".workbench" / "pgpass")
    needed = trust.choices(load_config(repo / "sandbox.toml"))
    assert list(needed) == ["sandbox.migrations file 001.sql"]
    (repo / "sandbox.toml").write_text('[sandbox]\nname = "evil"\nschema = ".workbench/pgpass"\n')
    assert list(trust.choices(load_config(repo / "sandbox.toml"))) == ["sandbox.schema"]


def test_classify_write_does_not_write_through_a_committed_config_link(tmp_path: Path) -> None:
    """F: `sandbox.toml -> a TOML file outside the checkout`: `classify --write` appended its
    decisions into the target."""
    outside = tmp_path / "victim" / "config.toml"
    outside.parent.mkdir()
    original = '[sandbox]\nname = "victim"\n'
    outside.write_text(original)
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "schema.sql").write_text(SCHEMA)
    (repo / "sandbox.toml").symlink_to(outside)
    result = run_cli("classify", "--write", cwd=repo)
    assert result.returncode == 3, result.stdout + result.stderr
    assert "sandbox.toml" in result.stderr and "workbench trust" in result.stderr
    assert outside.read_text() == original
    config = load_config(repo / "sandbox.toml")
    try:
        save_edit(config, Edit("public.customers", rows=10), None)
    except GuardRefusal as err:
        assert "sandbox.toml" in str(err)
    else:
        raise AssertionError("save_edit wrote through an untrusted link")
    assert outside.read_text() == original
    trust.trust(config)  # the user's own shared file: written through once trusted
    save_edit(config, Edit("public.customers", rows=10), None)
    assert (repo / "sandbox.toml").is_symlink() and "rows = 10" in outside.read_text()


def test_generate_csv_does_not_write_through_links_in_or_as_the_folder(tmp_path: Path) -> None:
    """G: `generate --csv DIR` followed DIR/public.customers.csv -> ~/.bashrc, and DIR itself
    when it was a link."""
    victim = _victim(tmp_path, "alias ll='ls -l'\n")
    repo = _repo(tmp_path)
    (repo / "out").mkdir()
    (repo / "out" / "public.customers.csv").symlink_to(victim)
    result = run_cli("generate", "--csv", "out", cwd=repo)
    assert result.returncode == 3, result.stdout + result.stderr
    assert "is a symlink" in result.stderr and "Traceback" not in result.stderr
    assert victim.read_text() == "alias ll='ls -l'\n"
    (repo / "linked").symlink_to(victim.parent)
    result = run_cli("generate", "--csv", "linked", cwd=repo)
    assert result.returncode == 3, result.stdout + result.stderr
    assert sorted(p.name for p in victim.parent.iterdir()) == ["shadow"]
    result = run_cli("generate", "--csv", "fresh", cwd=repo)  # a real folder still works
    assert result.returncode == 0, result.stderr
    assert (repo / "fresh" / "public.customers.csv").read_text().startswith("id,email")


def test_state_files_are_private(tmp_path: Path) -> None:
    """Evidence and reports quote the project's SQL and the server's answers: 0600, and an
    older world-readable evidence log is narrowed when next appended to."""
    state = tmp_path / ".workbench"
    evidence = state / "evidence.jsonl"
    append_json_line(evidence, {"event": "x"})
    assert evidence.stat().st_mode & 0o777 == 0o600
    os.chmod(evidence, 0o644)
    append_json_line(evidence, {"event": "y"})
    assert evidence.stat().st_mode & 0o777 == 0o600
    assert [json.loads(line)["event"] for line in evidence.read_text().splitlines()] == ["x", "y"]
    report = state / "rehearsals" / "r.md"
    atomic_write_text(report, "# report\n")
    assert report.stat().st_mode & 0o777 == 0o600
    mine = tmp_path / "distribution-report.md"  # a file the user named keeps the usual mode
    atomic_write_text(mine, "# mine\n")
    assert mine.stat().st_mode & 0o777 == 0o644


def test_git_add_stages_nothing_of_the_state_folder(
    tmp_path: Path, make_project: MakeProject
) -> None:
    """attack22c C25: `.workbench/` (pgpass, passfiles, seed.key, the cluster's data) was
    not git-ignored, so `git add -A` staged it. The workbench now writes
    `.workbench/.gitignore` (`*`) whenever it writes there and it is not exactly that."""
    config = make_project(SCHEMA, extra="[generate]\nrows = 3\n")
    root = config.parent
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    result = run_cli("generate", "--yes", cwd=root)
    assert result.returncode == 0, result.stdout + result.stderr
    assert any((root / ".workbench").iterdir())
    staged = subprocess.run(
        ["git", "-C", str(root), "add", "-A", "--dry-run"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "sandbox.toml" in staged
    assert ".workbench" not in staged, staged
    assert (root / ".workbench" / ".gitignore").read_text().splitlines()[-1] == "*"

    # attack22e E31: `.workbench/` is the workbench's folder; a `.gitignore` there with
    # other content (committed, or a link to a file elsewhere) is replaced, never followed.
    own = tmp_path / "own" / ".workbench"
    own.mkdir(parents=True)
    (own / ".gitignore").write_text("!keep\n")
    atomic_write_text(own / "note.txt", "x")
    assert (own / ".gitignore").read_text() == STATE_GITIGNORE
    assert sorted(p.name for p in own.iterdir()) == [".gitignore", "note.txt"]
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("theirs\n")
    (own / ".gitignore").unlink()
    (own / ".gitignore").symlink_to(elsewhere)
    atomic_write_text(own / "note.txt", "y")
    assert not (own / ".gitignore").is_symlink()
    assert (own / ".gitignore").read_text() == STATE_GITIGNORE
    assert elsewhere.read_text() == "theirs\n"


def test_a_committed_gitignore_in_workbench_does_not_let_git_take_its_files(
    tmp_path: Path, make_project: MakeProject
) -> None:
    """attack22e E31: a repository commits `.workbench/.gitignore` = `# keep everything`;
    after `generate`, `git add -A` would stage the passfiles, the signed state and the
    cluster's data. The workbench writes its own `.gitignore` over it."""
    config = make_project(SCHEMA, extra="[generate]\nrows = 3\n")
    root = config.parent
    git = ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    (root / ".workbench").mkdir()
    (root / ".workbench" / ".gitignore").write_text("# keep everything\n")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "hostile"], check=True)
    result = run_cli("generate", "--yes", cwd=root)
    assert result.returncode == 0, result.stdout + result.stderr
    staged = subprocess.run(
        [*git, "add", "-A", "--dry-run"], capture_output=True, text=True, check=True
    ).stdout
    # only the tracked .gitignore itself, now ours
    assert [line for line in staged.splitlines() if ".workbench" in line] == [
        "add '.workbench/.gitignore'"
    ], staged
    assert (root / ".workbench" / ".gitignore").read_text() == STATE_GITIGNORE


def test_files_the_repository_tracks_in_workbench_are_refused(make_project: MakeProject) -> None:
    """A `.gitignore` does not apply to tracked files: a repository that commits
    `.workbench/pgpass` would have `git commit -a` take the superuser's password once the
    workbench wrote its own over it. Nothing is written until the files are untracked."""
    config = make_project(SCHEMA, extra="[generate]\nrows = 3\n")
    root = config.parent
    git = ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    (root / ".workbench").mkdir()
    (root / ".workbench" / "pgpass").write_text("planted\n")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "hostile"], check=True)
    refused = run_cli("generate", "--yes", cwd=root)
    said = refused.stdout + refused.stderr
    assert refused.returncode == 3, said
    assert "tracks files" in said and ".workbench/pgpass" in said and "rm -r --cached" in said
    assert "Traceback" not in said
    assert sorted(p.name for p in (root / ".workbench").iterdir()) == ["pgpass"]
    assert (root / ".workbench" / "pgpass").read_text() == "planted\n"
    subprocess.run([*git, "rm", "-q", "-r", "--cached", ".workbench"], check=True)
    subprocess.run([*git, "commit", "-qm", "untrack"], check=True)
    result = run_cli("generate", "--yes", cwd=root)
    assert result.returncode == 0, result.stdout + result.stderr


def test_config_through_a_committed_folder_link_is_refused(
    make_project: MakeProject, tmp_path: Path
) -> None:
    """A repository holding only `db -> ../p1` (a project cloned beside it) and a README's
    `workbench --config db/sandbox.toml mcp`: the sibling's sandbox (attack22f F22). A link in
    a folder of the config path leading out of the checkout is refused; one within it works."""
    config = make_project("CREATE TABLE t (id int PRIMARY KEY);\n", folder="p1")
    inner = make_project("CREATE TABLE u (id int PRIMARY KEY);\n", folder="p20/inner")
    repo = tmp_path / "p20"
    (repo / "db").symlink_to("../p1")
    (repo / "db2").symlink_to("inner")
    subprocess.run(["/usr/bin/git", "init", "-q", str(repo)], check=True)
    for args in (("status",), ("generate", "--yes"), ("trust",)):
        done = run_cli("--config", "db/sandbox.toml", *args, cwd=repo, timeout=180)
        said = done.stdout + done.stderr
        assert done.returncode == 3, (args, said)
        assert "[path]" in said and f"--config {config}" in said, said
        assert "database" not in said.lower().split("[path]")[0], said
    assert not (config.parent / ".workbench").exists(), "the sibling's sandbox was touched"
    done = run_cli("--config", "db2/sandbox.toml", "status", cwd=repo, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    assert inner.exists()


def test_a_shell_cd_through_a_committed_folder_link_is_refused(
    make_project: MakeProject, tmp_path: Path
) -> None:
    """`cd db` where the repository committed `db -> ../p1`, then `workbench status` (or a
    README's `cd db && workbench mcp`): the real folder is the sibling p1, the shell's $PWD
    still names the link (attack22g G1). The link is judged as --config's is; a plain cd
    into a folder of the checkout still works."""
    config = make_project("CREATE TABLE t (id int PRIMARY KEY);\n", folder="p1")
    make_project("CREATE TABLE u (id int PRIMARY KEY);\n", folder="p20/inner")
    repo = tmp_path / "p20"
    (repo / "db").symlink_to("../p1")
    subprocess.run(["/usr/bin/git", "init", "-q", str(repo)], check=True)
    done = run_cli("status", cwd=repo / "db", env={"PWD": str(repo / "db")}, timeout=180)
    said = done.stdout + done.stderr
    assert done.returncode == 3, said
    assert "[path]" in said and f"--config {config}" in said, said
    assert not (config.parent / ".workbench").exists(), "the sibling's sandbox was touched"
    inner = repo / "inner"
    done = run_cli("status", cwd=inner, env={"PWD": str(inner)}, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
