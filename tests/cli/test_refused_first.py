"""attack28 items 3 to 5: what cannot work is refused first, naming its cause, and nothing
the user started is held hostage by a broken file.

- a schema.sql that is not SQL (random text, a binary file) is refused wherever it is read
  (`schema`, `estimate`, `generate`), naming schema.sql and the line, exit 2; `generate` no
  longer blames sandbox.toml's [tables] for the tables the file lacks;
- an invalid sandbox.toml does not block `server status` / `server stop` of the cluster the
  workbench started; a generate the guard refuses (a system database's name) starts no
  cluster;
- `status` before the cluster exists exits 0 and says how to make it (doctor too); a schema
  path that is a folder is called a folder, not missing."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.conftest import Cluster, MakeProject, run_cli

TABLES = '[tables."public.categories"]\nrows = 40\n'  # as the shipped sandbox.toml declares
NOT_SQL = "hello this is not sql at all\njust some words; and more words\n"


def _cli(config: Path, *args: str) -> tuple[int, str, str]:
    result = run_cli(*args, "--config", str(config), cwd=config.parent)
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, result.stdout, " ".join(result.stderr.split())


def test_a_schema_file_of_text_is_refused_naming_its_line_everywhere(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    config = make_project(NOT_SQL, extra=TABLES)
    for args in (("schema",), ("estimate",), ("generate", "--yes")):
        code, _, err = _cli(config, *args)
        assert code == 2, (args, code, err)
        assert "schema.sql:1: not an SQL statement" in err and "'hello'" in err, (args, err)
        assert "has no table" not in err, (args, err)


def test_a_mistyped_statement_names_its_own_line(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    config = make_project("CREATE TABLE a (id int PRIMARY KEY);\nCRATE TABLE b (id int);\n")
    code, _, err = _cli(config, "estimate")
    assert code == 2 and "schema.sql:2: not an SQL statement" in err, (code, err)


def test_a_binary_schema_file_is_refused(make_project: MakeProject, pg_cluster: Cluster) -> None:
    config = make_project("", extra=TABLES)
    (config.parent / "schema.sql").write_bytes(os.urandom(4096) + b"\x00\xff")
    for args in (("schema",), ("estimate",), ("generate", "--yes")):
        code, _, err = _cli(config, *args)
        assert code == 2 and "schema.sql" in err and "has no table" not in err, (args, err)
    # valid UTF-8 that is not text either: control bytes
    (config.parent / "schema.sql").write_bytes(b"\x01\x02 garbage;\n" * 8)
    code, _, err = _cli(config, "estimate")
    assert code == 2 and "schema.sql:1: not an SQL statement" in err, (code, err)


def test_a_schema_path_that_is_a_folder_is_called_a_folder(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    config = make_project()
    (config.parent / "dir.sql").mkdir()
    config.write_text(config.read_text().replace('schema = "schema.sql"', 'schema = "dir.sql"'))
    code, _, err = _cli(config, "estimate")
    assert code == 2 and "dir.sql is a folder" in err and "does not exist" not in err, err
    _, out, _ = _cli(config, "doctor")
    assert "dir.sql is a folder, not a file" in out, out


def test_before_the_cluster_exists_status_is_no_failure_and_a_refusal_starts_nothing(
    make_project: MakeProject,
) -> None:
    config = make_project(embedded=True, extra="[generate]\nrows = 20\n")
    code, out, err = _cli(config, "status")
    assert code == 0, (code, out, err)
    assert "not created yet" in out and "workbench generate --yes" in out, out
    assert json.loads(_cli(config, "status", "--json")[1])["server_created"] is False
    _, out, _ = _cli(config, "doctor")
    assert "fix [sandbox] dsn" not in out and "not been created yet" in out, out

    text = config.read_text()
    name = text.split('name = "')[1].split('"')[0]
    config.write_text(text.replace(f'name = "{name}"', 'name = "postgres"'))
    for args in (("generate", "--yes"), ("up",)):
        code, _, err = _cli(config, *args)
        assert code == 3 and "system-database" in err, (args, code, err)
    assert not (config.parent / ".workbench" / "server.json").exists()  # nothing started


def test_an_invalid_sandbox_toml_still_lets_the_server_be_seen_and_stopped(
    make_project: MakeProject,
) -> None:
    config = make_project(embedded=True)
    assert _cli(config, "up")[0] == 0
    good = config.read_text()
    config.write_text(good + "\nbogus = [\n")
    try:
        code, out, err = _cli(config, "server", "status", "--json")
        assert code == 0 and json.loads(out)["running"] is True, (code, out, err)
        assert "not valid TOML" in err, err
        code, out, err = _cli(config, "server", "stop")
        assert code == 0 and "stopped" in out, (code, out, err)
        assert _cli(config, "server", "start")[0] == 2  # what needs the file still refuses
    finally:
        config.write_text(good)
    assert json.loads(_cli(config, "server", "status", "--json")[1])["running"] is False
