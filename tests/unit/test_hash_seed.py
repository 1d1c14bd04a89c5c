"""Same seed, same rows, whatever PYTHONHASHSEED is: nothing on the generation path may let the
iteration order of a set of strings (or hash() of a string) pick a draw. Each schema is written
as CSV twice, by processes with different string hashing, and the files must match byte for
byte. CSV output needs no database, so the two runs are exactly the generation path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import REPO, run_cli, shared_schema

# adventureworks: a CHECK comparing two FK columns (production.billofmaterials) once redrew
# them in set order; hexpm and coder: multi-column CHECKs, enums, composite uniques.
SHARED = ["adventureworks.sql", "hexpm.sql", "coder.sql"]


# The run's clock pinned: else it is the minute each run starts (generate/base/clock.py), and two
# runs on either side of a minute differ for that reason alone.
NOW = 'now = "2026-06-30T12:00:00Z"\n'


def _csv_files(config: Path, out: Path, hash_seed: str) -> dict[str, bytes]:
    result = run_cli(
        "generate", "--config", str(config), "--csv", str(out), "--rows", "60", "--seed", "7",
        cwd=config.parent, env={"PYTHONHASHSEED": hash_seed},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    files = {p.name: p.read_bytes() for p in sorted(out.iterdir())}
    assert files, f"no CSV written into {out}"
    return files


def _assert_same_under_two_hash_seeds(config: Path, tmp_path: Path) -> None:
    first = _csv_files(config, tmp_path / "hash1", "1")
    second = _csv_files(config, tmp_path / "hash2", "2")
    assert sorted(first) == sorted(second)
    differing = [name for name in first if first[name] != second[name]]
    assert not differing, f"these tables differ between PYTHONHASHSEED 1 and 2: {differing}"


def test_repository_schema_rows_do_not_depend_on_string_hashing(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "schema.sql").write_text((REPO / "schema.sql").read_text())
    text = (REPO / "sandbox.toml").read_text()
    assert text.count("[generate]\n") == 1
    (project / "sandbox.toml").write_text(text.replace("[generate]\n", "[generate]\n" + NOW))
    _assert_same_under_two_hash_seeds(project / "sandbox.toml", tmp_path)


@pytest.mark.parametrize("name", SHARED)
def test_shared_schema_rows_do_not_depend_on_string_hashing(name: str, tmp_path: Path) -> None:
    schema = shared_schema(name)
    config = tmp_path / "sandbox.toml"
    # a DSN nobody listens on: the CSV path must not need one
    config.write_text(
        '[sandbox]\nname = "hash_seed"\ndsn = "host=127.0.0.1 port=1 dbname=nodb"\n'
        f"schema = {json.dumps(str(schema))}\nseed = 7\n[generate]\n{NOW}"
    )
    # the schema lies outside this checkout: trusted as its user would (trust.py), and only
    # then read
    trusted = run_cli("trust", "--config", str(config))
    assert trusted.returncode == 0, trusted.stderr
    _assert_same_under_two_hash_seeds(config, tmp_path)
