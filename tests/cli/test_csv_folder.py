"""`workbench generate --csv DIR` writes only where a demanding user expects
(files/csv_folder.py, README "CSV files"): a new folder, an empty one of theirs, or one an earlier
`generate --csv` made; never through a symlink; everything checked, and every file generated,
before the first file lands in DIR, so a refusal or a failure leaves DIR as it was.

No database: `generate --csv` needs none (the projects here start no server)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.conftest import run_cli

# A schema of this file's own: two tables and a child (the child's file written last).
SCHEMA = """
CREATE TABLE shelf (id int PRIMARY KEY, label text NOT NULL);
CREATE TABLE crate (id int PRIMARY KEY, code text NOT NULL UNIQUE);
CREATE TABLE parcel (
    id int PRIMARY KEY,
    shelf_id int NOT NULL REFERENCES shelf (id),
    weight_grams int NOT NULL CHECK (weight_grams > 0)
);
"""
NAMES = {"public.shelf.csv", "public.crate.csv", "public.parcel.csv"}


def _project(root: Path, schema: str = SCHEMA) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "schema.sql").write_text(schema)
    (root / "sandbox.toml").write_text(
        '[sandbox]\nname = "csv_folder_test"\ndsn = "embedded"\nschema = "schema.sql"\n'
        "[generate]\nrows = 7\n"
    )
    return root / "sandbox.toml"


def _csv(config: Path, folder: Path | str, *more: str) -> tuple[int, str, str]:
    result = run_cli("generate", "--csv", str(folder), *more, "--config", str(config),
                     cwd=config.parent)  # fmt: skip
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, result.stdout, " ".join(result.stderr.split())


def _contents(folder: Path) -> dict[str, bytes | str]:
    out: dict[str, bytes | str] = {}
    for entry in sorted(os.listdir(folder)):
        path = folder / entry
        out[entry] = f"-> {os.readlink(path)}" if path.is_symlink() else path.read_bytes()
    return out


def test_a_folder_it_did_not_make_is_refused_untouched(tmp_path: Path) -> None:
    config = _project(tmp_path / "project")
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "notes.txt").write_text("mine\n")
    code, _, err = _csv(config, theirs)
    assert code == 3, (code, err)
    assert str(theirs) in err and "notes.txt" in err and "Nothing was written" in err, err
    assert _contents(theirs) == {"notes.txt": b"mine\n"}
    # the project's own folder (sandbox.toml, schema.sql) is no output folder either
    code, _, err = _csv(config, ".")
    assert code == 3 and "sandbox.toml" in err, (code, err)
    assert not list(config.parent.glob("*.csv"))


def test_a_new_folder_is_made_but_not_its_parents(tmp_path: Path) -> None:
    config = _project(tmp_path / "project")
    code, out, err = _csv(config, tmp_path / "missing" / "csv")
    assert code == 2 and "missing does not exist" in err and "mkdir -p" in err, (code, err)
    assert not (tmp_path / "missing").exists()
    code, out, err = _csv(config, tmp_path / "csv", "--json")
    assert code == 0, (code, err)
    done = json.loads(out.splitlines()[-1])
    assert {Path(f).name for f in done["files"]} == NAMES
    assert set(os.listdir(tmp_path / "csv")) == NAMES | {".workbench-csv.json"}


def test_no_symlink_is_followed_and_nothing_is_written_before_the_check(tmp_path: Path) -> None:
    config = _project(tmp_path / "project")
    out = tmp_path / "out"
    assert _csv(config, out)[0] == 0
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (out / "public.parcel.csv").unlink()  # the file written last: the others would go first
    (out / "public.parcel.csv").symlink_to(victim)
    before = _contents(out)
    code, _, err = _csv(config, out, "--seed", "99")  # other rows: any rewrite would show
    assert code == 3 and "public.parcel.csv" in err and "symlink" in err, (code, err)
    assert victim.read_text() == "precious\n"
    assert _contents(out) == before  # not one file of the others rewritten
    # DIR itself a link (a checkout can carry `out -> /etc`): refused, its target untouched
    target = tmp_path / "target"
    target.mkdir()
    (config.parent / "linked").symlink_to(target)
    code, _, err = _csv(config, config.parent / "linked")
    assert code == 3 and "symlink" in err, (code, err)
    assert os.listdir(target) == []


def test_a_failed_generation_leaves_the_folder_as_it_was(tmp_path: Path) -> None:
    # the second table's rows come from schema.sql and are not literals: the CSV run fails
    # after the first table's file was generated
    config = _project(
        tmp_path / "project",
        "CREATE TABLE alpha (id int PRIMARY KEY, name text NOT NULL);\n"
        "CREATE TABLE omega (id int PRIMARY KEY, label text NOT NULL);\n"
        "INSERT INTO omega VALUES (1, upper('x'));\n",
    )
    code, _, err = _csv(config, tmp_path / "new")
    assert code == 1 and "not a literal" in err, (code, err)
    assert not (tmp_path / "new").exists()
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = _csv(config, empty)
    assert code == 1, (code, err)
    assert os.listdir(empty) == []


def test_its_own_folder_is_rewritten_and_what_it_did_not_write_is_left(tmp_path: Path) -> None:
    config = _project(tmp_path / "project")
    out = tmp_path / "out"
    assert _csv(config, out)[0] == 0
    (out / "README.md").write_text("loaded nightly\n")
    # the next run has no crate table: its old file goes, the README stays
    (config.parent / "schema.sql").write_text(
        SCHEMA.replace("CREATE TABLE crate", "CREATE TABLE box")
    )
    code, _, err = _csv(config, out)
    assert code == 0, (code, err)
    names = set(os.listdir(out))
    assert "public.crate.csv" not in names and "public.box.csv" in names, names
    assert (out / "README.md").read_text() == "loaded nightly\n"
    # a file of a name this run writes that the earlier run did not write: someone else's
    (out / "public.crate.csv").write_text("their own export\n")
    (config.parent / "schema.sql").write_text(SCHEMA)
    code, _, err = _csv(config, out)
    assert code == 3 and "public.crate.csv" in err and "did not write it" in err, (code, err)
    assert (out / "public.crate.csv").read_text() == "their own export\n"


def test_an_empty_folder_name_is_refused_not_read_as_no_csv(tmp_path: Path) -> None:
    """`--csv "$OUT"` with OUT unset: a usage error, never a database generate (it replaced
    the sandbox and its snapshot)."""
    config = _project(tmp_path / "project")
    code, _, err = _csv(config, "", "--yes")
    assert code == 2, (code, err)
    assert "--csv needs a folder" in err
    assert not (tmp_path / "project" / ".workbench").exists()  # no server, no sandbox made


def test_a_new_folder_under_a_parent_others_control_is_refused(tmp_path: Path) -> None:
    """The new folder's parent open to anybody's writes (not sticky): the folder could be
    swapped for a link while the files are written."""
    config = _project(tmp_path / "project")
    open_parent = tmp_path / "open"
    open_parent.mkdir()
    open_parent.chmod(0o777)
    code, _, err = _csv(config, open_parent / "out")
    assert code == 3, (code, err)
    assert "open to anybody's writes" in err
    assert os.listdir(open_parent) == []


def test_a_forged_record_gets_no_file_of_the_users_removed(tmp_path: Path) -> None:
    """Only names shaped as its own files (`schema.table.csv`) count as written before; a
    leftover staging folder holding anything else is the user's, not a leftover."""
    config = _project(tmp_path / "project")
    folder = tmp_path / "forged"
    folder.mkdir()
    (folder / "important.txt").write_text("keep\n")
    record = {"made_by": "sandbox-workbench generate --csv", "files": ["important.txt"]}
    (folder / ".workbench-csv.json").write_text(json.dumps(record))
    code, _, err = _csv(config, folder)
    assert code == 0, (code, err)
    assert (folder / "important.txt").read_text() == "keep\n"
    assert set(os.listdir(folder)) >= NAMES
    mine = tmp_path / "mine"
    (mine / ".workbench-csv.partial-x").mkdir(parents=True)
    (mine / ".workbench-csv.partial-x" / "thesis.txt").write_text("mine\n")
    code, _, err = _csv(config, mine)
    assert code == 3, (code, err)
    assert (mine / ".workbench-csv.partial-x" / "thesis.txt").read_text() == "mine\n"
