"""The headless CLI as scripts and agents meet it: every subcommand run as a subprocess with no
terminal, its --json shape, its exit code, no control characters, and the sandbox password
absent from every output and every file the workbench writes."""

from __future__ import annotations

import json
import re
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest

from tests.conftest import Cluster, run_cli
from workbench.cli import _COMMANDS
from workbench.engine import Engine

PASSWORD = "Sw0rdfish-" + uuid.uuid4().hex  # unique, so a leak cannot hide among other text
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")  # everything but \t and \n: no ANSI, no \r

SMALL_SCHEMA = """\
CREATE TYPE mood AS ENUM ('happy', 'sad', 'ok');
CREATE TABLE authors (
  id bigserial PRIMARY KEY,
  email text NOT NULL UNIQUE,
  country_code char(2),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE posts (
  id bigserial PRIMARY KEY,
  author_id bigint NOT NULL REFERENCES authors(id),
  status text NOT NULL CHECK (status IN ('draft', 'published', 'archived')),
  mood mood,
  score integer NOT NULL CHECK (score BETWEEN 0 AND 100),
  published_at timestamptz
);
"""

SMALL_CONFIG = """
[generate]
rows = 60

[tables."public.posts"]
children = { parent = "public.authors", distribution = "uniform", min = 0, max = 5 }

[tables."public.posts".columns.status]
values = { published = 0.7, draft = 0.2, archived = 0.1 }
"""


class Project:
    """A sandbox project reached through a role with a password in an inline DSN."""

    def __init__(self, root: Path, config: Path, name: str) -> None:
        self.root, self.config, self.name = root, config, name
        self.outputs: list[str] = []

    def run(self, *args: str, expect: int | None = 0) -> tuple[str, str]:
        result = run_cli(*args, "--config", str(self.config))
        self.outputs += [result.stdout, result.stderr]
        assert not CONTROL.search(result.stdout), f"control characters in stdout of {args}"
        assert not CONTROL.search(result.stderr), f"control characters in stderr of {args}"
        assert "Traceback" not in result.stderr, result.stderr
        if expect is not None:
            assert result.returncode == expect, (args, result.returncode, result.stderr)
        return result.stdout, result.stderr

    def json(self, *args: str, expect: int = 0) -> dict:
        out, _ = self.run(*args, "--json", expect=expect)
        return json.loads(out)

    def written_files(self) -> str:
        """Everything the workbench wrote next to sandbox.toml (lease, evidence, state)."""
        texts = []
        for path in (self.root / ".workbench").rglob("*"):
            if path.is_file() and path.stat().st_size < 5_000_000:
                texts.append(path.read_text(errors="replace"))
        return "\n".join(texts)


def _role(cluster: Cluster) -> str:
    role = f"r_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(cluster.conninfo(), autocommit=True) as conn:
        conn.execute(f"CREATE ROLE {role} LOGIN SUPERUSER PASSWORD '{PASSWORD}'")
    return role


@pytest.fixture
def project(tmp_path: Path, pg_cluster: Cluster) -> Iterator[Project]:
    with make_project(tmp_path, pg_cluster, SMALL_SCHEMA, SMALL_CONFIG) as proj:
        yield proj


@contextmanager
def make_project(
    tmp_path: Path, cluster: Cluster, schema: str, extra: str, caps: str = ""
) -> Iterator[Project]:
    role = _role(cluster)
    name = f"hl_{uuid.uuid4().hex[:8]}"
    cluster.create_database(name)
    root = tmp_path / name
    root.mkdir()
    (root / "schema.sql").write_text(schema)
    dsn = f"host=127.0.0.1 port={cluster.port} user={role} password={PASSWORD} dbname={name}"
    (root / "sandbox.toml").write_text(
        f'[sandbox]\nname = "{name}"\ndsn = "{dsn}"\nschema = "schema.sql"\n{caps}\n{extra}'
    )
    proj = Project(root, root / "sandbox.toml", name)
    try:
        yield proj
    finally:
        leaked = [o for o in proj.outputs if PASSWORD in o]
        assert not leaked, f"the password leaked into command output: {leaked[0][:300]}"
        assert PASSWORD not in proj.written_files(), "the password leaked into .workbench/"
        cluster.drop_database(name)


def _generate(project: Project) -> list[dict]:
    out, _ = project.run("generate", "--yes", "--json")
    return [json.loads(line) for line in out.splitlines()]


# --- no database needed ----------------------------------------------------------------------


def test_help_is_fast_and_lists_every_command() -> None:
    started = time.monotonic()
    result = run_cli("--help")
    elapsed = time.monotonic() - started
    assert result.returncode == 0
    for name in ("schema", "estimate", "generate", "check", "classify", "dist", "env", "doctor"):
        assert name in result.stdout
    for name in ("server", "mcp", "tui"):
        assert name in result.stdout
    assert elapsed < 5  # lazy imports: no psycopg, numpy, plotext or mcp for --help


def test_help_does_not_import_heavy_modules() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from workbench.cli import build_parser; build_parser();"
        "print(sorted(m for m in ('numpy', 'plotext', 'mcp', 'psycopg', 'sqlglot') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_bad_usage_exits_2_without_traceback(project: Project) -> None:
    _, err = project.run("generate", "--rows", "many", expect=2)
    assert "bad usage" in err
    _, err = project.run("dist", "nodot", expect=2)
    assert "TABLE.COLUMN" in err
    error = project.json("dist", "posts.nope", expect=2)["error"]
    assert error["exit_code"] == 2 and "no column 'nope'" in error["message"]


def test_missing_config_exits_2(tmp_path: Path) -> None:
    result = run_cli("estimate", "--json", cwd=tmp_path)
    assert result.returncode == 2
    assert json.loads(result.stdout)["error"]["title"] == "configuration error"


def test_schema_json_and_text(project: Project) -> None:
    data = project.json("schema")
    names = {f"{t['schema']}.{t['name']}" for t in data["tables"]}
    assert names == {"public.authors", "public.posts"}
    text, _ = project.run("schema")
    assert "authors" in text and "posts" in text


def test_estimate_json_shape(project: Project) -> None:
    data = project.json("estimate", "--rows", "10")
    assert set(data) >= {"tables", "total"}
    assert {t["name"] for t in data["tables"]} == {"public.authors", "public.posts"}
    for t in [*data["tables"], data["total"]]:
        assert {"rows", "bytes", "seconds"} <= set(t)
    text, _ = project.run("estimate")
    assert "total" in text


def test_generate_without_yes_and_terminal_refuses_at_once(project: Project) -> None:
    started = time.monotonic()
    _, err = project.run("generate", expect=2)
    assert "--yes" in err
    assert time.monotonic() - started < 30  # refused, not waiting for input


def test_classify_and_check_gate(project: Project) -> None:
    report = project.json("check", expect=4)
    assert not report["ok"]
    unrecorded = {(p["table"], p["column"]): p for p in report["problems"]}
    assert ("public.authors", "email") in unrecorded
    assert unrecorded[("public.authors", "email")]["suggested"]["generator"] == "email"
    assert ("public.posts", "status") not in unrecorded  # declared in sandbox.toml
    text, _ = project.run("check", expect=4)
    assert "public.authors.email" in text and 'generator = "email"' in text

    items = project.json("classify")["columns"]
    status = next(i for i in items if i["column"] == "status")
    assert status["declared"] and status["generator"] == "choice"
    email = next(i for i in items if i["column"] == "email")
    assert not email["declared"] and email["generator"] == "email"

    written = project.json("classify", "--write")["written"]
    assert "public.authors.email" in written
    assert 'generator = "email"' in project.config.read_text()
    assert project.json("check") == {"ok": True, "columns": 10, "problems": []}

    # A column added to schema.sql since: the gate names it and suggests a decision.
    schema = project.root / "schema.sql"
    schema.write_text(
        schema.read_text().replace("score integer", "homepage text,\n  score integer")
    )
    report = project.json("check", expect=4)
    assert [(p["table"], p["column"]) for p in report["problems"]] == [("public.posts", "homepage")]
    assert report["problems"][0]["suggested"] == {"generator": "url"}


def test_tui_needs_a_terminal(project: Project) -> None:
    _, err = project.run("tui", expect=2)
    assert "terminal" in err


def test_no_subcommand_without_terminal_prints_a_summary(project: Project) -> None:
    data = project.json()
    assert data["schema"]["tables"] == 2
    assert {"status", "config", "commands"} <= set(data)
    assert "generate" in data["commands"]
    text, _ = project.run()
    assert "schema" in text and "workbench generate --yes" in text


def test_server_on_an_external_dsn_is_bad_usage(project: Project) -> None:
    _, err = project.run("server", "status", expect=2)
    assert "embedded" in err


# --- against the sandbox ---------------------------------------------------------------------


def test_generate_json_lines_then_dist_and_friends(project: Project) -> None:
    events = _generate(project)
    kinds = [e.get("event") for e in events]
    assert kinds[0] == "PlanReady" and kinds[-1] == "Done"
    assert "TableDone" in kinds and "error" not in events[-1]
    done = events[-1]
    assert done["tables"] == 2 and done["rows"] > 60 and done["seed"] == 42

    # Human mode without a terminal: per-table lines, no redraws.
    _, err = project.run("generate", "--yes", "--no-resume", "--seed", "7")
    assert "public.posts" in err

    dist = project.json("dist", "posts.status")
    assert dist["kind"] == "category" and dist["generated"] and dist["declared"]
    assert dist["planned"]["values"] == ["published", "draft", "archived"]
    assert sum(dist["actual"]["counts"]) + dist["actual"]["other"] == dist["rows"]
    assert dist["actual"]["values"][0] == "published"

    score = project.json("dist", "public.posts.score", "--bins", "5")
    assert score["kind"] == "numeric" and len(score["actual"]["bins"]) == 5
    assert sum(b["count"] for b in score["actual"]["bins"]) == score["rows"]
    assert 0 <= score["actual"]["min"] <= score["actual"]["max"] <= 100

    created = project.json("dist", "authors.created_at")
    assert created["kind"] == "date" and created["actual"]["min"][:2] in ("19", "20")

    fk = project.json("dist", "posts.author_id")
    children = fk["children"]
    assert fk["kind"] == "fk" and children["parent"] == "public.authors"
    assert children["parents"] == 60
    assert sum(h["children"] * h["parents"] for h in children["histogram"]) == fk["rows"]
    assert children["planned"]["distribution"] == "uniform"
    # planned is the uniform law on 0–5 children, not a sample of the generator
    assert children["law"] == [{"children": k, "share": pytest.approx(1 / 6)} for k in range(6)]
    assert fk["review"]["unit"] == "parents" and fk["review"]["check"]["n"] == 60

    mood = project.json("dist", "posts.mood")
    assert mood["nulls"]["planned"] > 0 and mood["nulls"]["count"] >= 0

    for ref in ("posts.status", "posts.score", "authors.created_at", "posts.author_id"):
        text, _ = project.run("dist", ref)
        assert "nulls: planned" in text
        # the chart (plotext): an axis with ticks, bars, and what the marks mean
        assert "┤" in text and "% of " in text and "█ actual" in text


def test_doctor_env_status_shapes(project: Project) -> None:
    project.run("up", "--json")
    out, _ = project.run("doctor", "--json", expect=None)
    doctor = json.loads(out)
    assert isinstance(doctor["checks"], list) and "ok" in doctor
    assert all({"name", "status", "message", "fix"} <= set(c) for c in doctor["checks"])
    env = project.json("env")
    assert env["database_url"].startswith("postgresql://") and PASSWORD not in env["database_url"]
    status = project.json("status")
    assert status["database_exists"] and status["marked"]


def test_read_only_sandbox_refuses_generate_with_exit_3(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    with make_project(
        tmp_path, pg_cluster, SMALL_SCHEMA, "", caps='capabilities = ["read"]'
    ) as proj:
        error = proj.json("generate", "--yes", expect=3)["error"]
        assert "write" in error["message"]
        proj.run("generate", expect=3)  # refused before asking for --yes


@pytest.mark.parametrize("name", ["reset", "snapshot", "lease", "evidence"])
def test_lifecycle_commands_json_and_no_password(project: Project, name: str) -> None:
    assert name in _COMMANDS, f"`workbench {name}` is not registered"
    # set-up, in process (the generate's own JSON lines: test_generate_json_lines_then_dist…)
    Engine(project.config).generate()
    args = [name, "--yes"] if name == "reset" else [name]
    out, _ = project.run(*args, "--json")
    if name in ("reset", "snapshot"):  # JSON lines, the last one the result
        lines = [json.loads(line) for line in out.splitlines()]
        assert lines[-1]["event"] == "Done" and lines[-1]["snapshot_id"]
        assert all("event" in line for line in lines)
        data = lines[-1]
    else:
        data = json.loads(out)
    assert isinstance(data, (dict, list))
    if name == "reset":
        _, err = project.run("reset", expect=2)
        assert "--yes" in err


def test_csv_output_without_a_database(tmp_path: Path) -> None:
    root = tmp_path / "csvproj"
    root.mkdir()
    (root / "schema.sql").write_text(SMALL_SCHEMA)
    # A DSN no one listens on: --csv must not connect.
    (root / "sandbox.toml").write_text(
        '[sandbox]\nname = "nodb"\ndsn = "host=127.0.0.1 port=1 dbname=nodb"\n' + SMALL_CONFIG
    )
    result = run_cli("generate", "--csv", str(tmp_path / "out"), "--json", cwd=root)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.splitlines()[-1])["event"] == "Done"
    files = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert any("authors" in f for f in files) and any("posts" in f for f in files)


def test_password_absent_even_from_errors(project: Project) -> None:
    project.run("dist", "posts.status", "--json", expect=None)
    project.run("sample", expect=2)  # not a command: argparse usage error
    error = project.json("up", "--dsn", "host=127.0.0.1 dbname=other", expect=3)["error"]
    assert "cli-dsn-mismatch" in error["message"]
