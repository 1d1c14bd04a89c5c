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
