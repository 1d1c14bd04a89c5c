"""A schema.sql with a statement that does not read (newcomer25 A): `generate` fails naming
the line PostgreSQL's error points at and leaves the sandbox as it was; `estimate` and
`schema` name each statement they could not read and exit 4, so a CI step on them fails."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import Cluster, MakeProject, run_cli
from tests.unit.test_lifecycle_helpers import table_hashes
from workbench.engine import Engine

GOOD = """\
CREATE TABLE teams (id bigserial PRIMARY KEY, name text NOT NULL);
CREATE TABLE players (
    id bigserial PRIMARY KEY,
    team_id bigint NOT NULL REFERENCES teams (id),
    name text NOT NULL
);
"""
# line 4 (inside the CREATE TABLE starting on line 2) holds `,,`
BROKEN = GOOD.replace("REFERENCES teams (id),", "REFERENCES teams (id),,")


def _cli(config: Path, *args: str) -> tuple[int, str, str]:
    result = run_cli(*args, "--config", str(config), cwd=config.parent)
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, result.stdout, result.stderr


def test_a_broken_statement_fails_generate_with_its_line_and_keeps_the_sandbox(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    config = make_project(GOOD, extra="\n[generate]\nrows = 30\n")
    Engine(config).generate()  # set-up, in process: the broken file's generate is tried
    name = config.read_text().split('name = "')[1].split('"')[0]
    before = table_hashes(pg_cluster.conninfo(name))
    assert set(before) == {"public.teams", "public.players"} and all(before.values())

    (config.parent / "schema.sql").write_text(BROKEN)
    code, out, err = _cli(config, "generate", "--yes")
    assert code == 1, err
    place = "schema.sql:4 (in the statement at line 2)"
    assert f'{place}: CREATE TABLE failed: syntax error at or near ","' in err, err
    assert "Nothing was replaced" in err
    assert table_hashes(pg_cluster.conninfo(name)) == before
    code, out, err = _cli(config, "status", "--json")
    assert code == 0 and json.loads(out)["incomplete"] is None, out

    for command in ("estimate", "schema"):
        code, out, err = _cli(config, command)
        assert code == 4, (command, code, err)
        assert "schema.sql:4 (in the statement at line 2): CREATE TABLE: two ','" in err + out
        assert "could not be read" in err, err
        code, out, err = _cli(config, command, "--json")
        assert code == 4, (command, err)
        assert [e["line"] for e in json.loads(out)["errors"]] == [2]
    (config.parent / "schema.sql").write_text(GOOD)
    assert _cli(config, "estimate")[0] == 0
    assert _cli(config, "schema")[0] == 0
