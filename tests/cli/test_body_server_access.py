"""A function whose body calls a superuser-only file or program function (pg_read_file,
lo_import…) needs the server-access category like a call in a statement of the file
(outside try, session 29): refused before anything is written, naming file:line; with
`[schema] skip = ["server-access"]` it is left out, named with its line and why, and so is the
trigger that runs it (it failed after the rows were loaded)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import Cluster, MakeProject, run_cli

SCHEMA = """\
CREATE TABLE notes (id bigserial PRIMARY KEY, body text NOT NULL, stamp text);

CREATE FUNCTION stamp_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.stamp := pg_read_file('/etc/hostname');
    RETURN NEW;
END
$$;

CREATE TRIGGER notes_stamp BEFORE INSERT ON notes
    FOR EACH ROW EXECUTE FUNCTION stamp_note();
"""


def _cli(config: Path, *args: str) -> tuple[int, str, str]:
    result = run_cli(*args, "--config", str(config), cwd=config.parent)
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, result.stdout, result.stderr


def test_a_body_calling_a_server_file_function_is_refused_naming_its_line(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    config = make_project(SCHEMA, extra="\n[generate]\nrows = 20\n")
    code, out, err = _cli(config, "generate", "--yes")
    assert code != 0, out + err
    assert "schema.sql:3: CREATE FUNCTION stamp_note" in err, err
    assert "pg_read_file" in err and 'skip = ["server-access"]' in err, err
    assert "needs a superuser" in err, err


def test_skipped_it_is_left_out_with_its_trigger_and_both_are_named(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    config = make_project(
        SCHEMA, extra='\n[generate]\nrows = 20\n\n[schema]\nskip = ["server-access"]\n'
    )
    code, out, err = _cli(config, "generate", "--yes")
    assert code == 0, out + err
    text = out + err
    assert "schema.sql:3" in text and "schema.sql:10" in text, text
    assert "pg_read_file" in text, text


# --- attacker's tries of session 30 -------------------------------------------------------------

COPY_IN_BODY = """\
CREATE TABLE notes (id bigserial PRIMARY KEY, body text NOT NULL);
CREATE TABLE audit (line text);

CREATE FUNCTION note_audit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    COPY audit FROM PROGRAM 'id';
    PERFORM "lo_import"('/etc/hostname');
    RETURN NEW;
END
$$;

CREATE TRIGGER notes_audit AFTER INSERT ON notes
    FOR EACH STATEMENT EXECUTE FUNCTION note_audit();
"""


def test_a_copy_from_a_program_in_a_trigger_function_is_refused_before_the_load(
    make_project: MakeProject,
) -> None:
    """It loaded, and the application's first INSERT failed (the owner role may not COPY
    from a program); a quoted call ("lo_import"(…)) is read as a call too."""
    config = make_project(COPY_IN_BODY, extra="\n[generate]\nrows = 20\n")
    code, out, err = _cli(config, "generate", "--yes")
    assert code != 0, out + err
    assert "schema.sql:4: CREATE FUNCTION note_audit" in err, err
    assert "COPY to or from a program" in err and "lo_import" in err, err
    assert "schema (creating" not in err, err  # refused before the database was touched


QUOTED = SCHEMA.replace("stamp_note", '"Stamp Note"')


def test_a_quoted_function_name_takes_its_trigger_with_it(make_project: MakeProject) -> None:
    """The trigger of a left-out function whose name needs quotes was kept, and failed."""
    config = make_project(
        QUOTED, extra='\n[generate]\nrows = 20\n\n[schema]\nskip = ["server-access"]\n'
    )
    code, out, err = _cli(config, "generate", "--yes")
    assert code == 0, out + err
    assert "schema.sql:10 (CREATE TRIGGER using the function Stamp Note" in out + err


def test_a_migration_that_is_not_a_file_is_refused_not_skipped(
    make_project: MakeProject,
) -> None:
    """A migrations folder's `002_….sql` that is a FIFO or a link to nothing was skipped
    without a word: the sandbox lacked a migration the team runs."""
    config = make_project(
        "CREATE TABLE notes (id bigserial PRIMARY KEY, body text NOT NULL);\n",
        extra="\n[generate]\nrows = 20\n",
    )
    text = config.read_text().replace(
        'schema = "schema.sql"', 'schema = "schema.sql"\nmigrations = "migrations"'
    )
    config.write_text(text)
    folder = config.parent / "migrations"
    folder.mkdir()
    (folder / "001_add.sql").write_text("ALTER TABLE notes ADD COLUMN title text;\n")
    (folder / "002_more.sql").symlink_to(folder / "gone.sql")
    code, out, err = _cli(config, "generate", "--yes")
    assert code == 2, out + err
    assert "002_more.sql is a link to" in err and "which does not exist" in err, err
    assert "nothing was run" in err
