"""Table names are data (attack round 5, B4): `CREATE TABLE "x/../../../outside9/existing"`
with a committed `out5/public.x/` folder made `generate --csv out5` write (and replace)
`../outside9/existing.csv`; a schema named "." or ".." crashed estimate and generate with a
KeyError."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import run_cli
from workbench.generate.load.csv_out import csv_file_name


def test_a_table_name_never_leaves_the_csv_folder(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / "out5" / "public.x").mkdir(parents=True)  # committed, so that x/.. resolves
    outside = tmp_path / "outside9"
    outside.mkdir()
    (outside / "existing.csv").write_text("ORIG\n")
    (repo / "schema.sql").write_text(
        'CREATE TABLE "x/../../../outside9/existing" (id serial PRIMARY KEY, v text NOT NULL);\n'
        'CREATE TABLE "..%2F\\q" (id int PRIMARY KEY);\n'
    )
    (repo / "sandbox.toml").write_text('[sandbox]\nname = "evil"\n[generate]\nrows = 3\n')
    result = run_cli("generate", "--csv", "out5", cwd=repo)  # a folder it did not make
    assert result.returncode == 3 and "public.x" in result.stderr, result.stderr
    assert run_cli("generate", "--csv", "out6", cwd=repo).returncode == 0
    (repo / "out6" / "public.x").mkdir()  # put there since: left alone, names stay inside
    result = run_cli("generate", "--csv", "out6", cwd=repo)
    assert result.returncode == 0, result.stderr
    assert (outside / "existing.csv").read_text() == "ORIG\n"
    assert sorted(p.name for p in outside.iterdir()) == ["existing.csv"]
    written = sorted(p.name for p in (repo / "out6").glob("*.csv") if p.is_file())
    assert written == [
        "public...%252F%5Cq.csv",
        "public.x%2F..%2F..%2F..%2Foutside9%2Fexisting.csv",
    ]
    assert csv_file_name("..\x00/") == "%2E.%00%2F.csv"


def test_a_schema_named_dot_is_refused_in_one_paragraph(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "schema.sql").write_text(
        'CREATE SCHEMA ".";\nCREATE TABLE "."."x/../t" (id int PRIMARY KEY);\n'
        'CREATE SCHEMA "..";\nCREATE TABLE "..".t3 (id int PRIMARY KEY);\n'
    )
    (repo / "sandbox.toml").write_text('[sandbox]\nname = "evil"\n[generate]\nrows = 3\n')
    for args in (("estimate",), ("generate", "--csv", "out")):
        result = run_cli(*args, cwd=repo)
        assert result.returncode == 2, result.stdout + result.stderr
        assert "unexpected error" not in result.stderr and "KeyError" not in result.stderr
        assert "schema whose name holds a dot" in result.stderr
    assert not (repo / "out").exists()
