"""A file read as PostgreSQL would run it (issue 24, item 4): a migration history that drops,
re-creates and renames what it made, enums made in DO blocks, seed rows written as
INSERT … SELECT and UPDATEd, a pg_dump --clean preamble, and a statement under a dump header
of another kind. Each generates, and the sandbox holds what psql would have made of the
file, plus the generated rows."""

from __future__ import annotations

import json
import re
from pathlib import Path

import psycopg
import pytest

from tests.conftest import MakeProject, run_cli
from workbench.engine import Engine
from workbench.errors import SchemaApplyError
from workbench.schema.parse import parse_schema_text

HISTORY = """
-- 001: accounts with a trigger, grants with a foreign key and an index
CREATE TABLE accounts (id serial PRIMARY KEY, name text NOT NULL, updated_at timestamptz);
CREATE FUNCTION touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN NEW.updated_at := now(); RETURN NEW; END $$;
CREATE TRIGGER accounts_touch BEFORE UPDATE ON accounts
    FOR EACH ROW EXECUTE FUNCTION touch();
CREATE TABLE grants (id serial PRIMARY KEY, account_id integer NOT NULL, level text NOT NULL);
ALTER TABLE grants ADD CONSTRAINT grants_account_fkey
    FOREIGN KEY (account_id) REFERENCES accounts (id);
CREATE INDEX grants_level_idx ON grants (level);
-- 002: the trigger goes, the key comes back with a cascade, a column and a table renamed
DROP TRIGGER accounts_touch ON accounts;
ALTER TABLE grants DROP CONSTRAINT grants_account_fkey;
ALTER TABLE grants RENAME COLUMN level TO access_level;
ALTER TABLE accounts RENAME TO members;
ALTER TABLE grants ADD CONSTRAINT grants_account_fkey
    FOREIGN KEY (account_id) REFERENCES members (id) ON DELETE CASCADE;
-- 003: an enum made in a DO block, as migration tools write it
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_type WHERE typname = 'tier') THEN
        CREATE TYPE tier AS ENUM ('free', 'pro', 'team');
    END IF;
END
$$;
ALTER TABLE members ADD COLUMN tier tier NOT NULL DEFAULT 'free';
-- 004: seed rows, some as INSERT … SELECT, fixed by an UPDATE, and an ON CONFLICT
CREATE TABLE roles (id integer PRIMARY KEY, name text NOT NULL UNIQUE);
INSERT INTO roles (id, name) SELECT 1, 'admin' UNION ALL SELECT 2, 'viewer';
CREATE TABLE role_perms (role_id integer NOT NULL REFERENCES roles (id), perm text NOT NULL);
INSERT INTO role_perms VALUES (1, 'read'), (1, 'write'), (2, 'read');
INSERT INTO role_perms SELECT id, 'audit' FROM roles WHERE name = 'admin';
UPDATE roles SET name = 'administrator' WHERE id = 1;
CREATE UNIQUE INDEX role_perms_once ON role_perms (role_id, perm);
INSERT INTO role_perms VALUES (2, 'read') ON CONFLICT (role_id, perm) DO NOTHING;
CREATE TABLE member_roles (member_id integer NOT NULL REFERENCES members (id),
    role_id integer NOT NULL REFERENCES roles (id));
-- 005: a table filled, referenced and dropped; another filled and renamed
CREATE TABLE legacy (id serial PRIMARY KEY, name text NOT NULL);
INSERT INTO legacy (name) VALUES ('old');
CREATE TABLE legacy_links (legacy_id integer NOT NULL REFERENCES legacy (id));
INSERT INTO legacy_links VALUES (1);
DROP TABLE legacy_links;
DROP TABLE legacy;
CREATE TABLE old_tags (id integer PRIMARY KEY, name text NOT NULL);
INSERT INTO old_tags VALUES (1, 'red'), (2, 'blue');
ALTER TABLE old_tags RENAME TO tags;
"""


def _generate(config: Path, rows: int = 30) -> None:
    Engine(str(config)).generate(rows=rows, seed=3, keep_snapshot=False)


def test_a_migration_history_generates_as_psql_would_apply_it(
    make_project: MakeProject,
) -> None:
    pf = parse_schema_text(HISTORY, "history.sql")
    phases = {(st.kind, st.source.line): st for st in pf.statements}
    # what the file drops or re-makes later runs at its place; the rest waits for the data
    trigger = phases[("CREATE TRIGGER", 6)]
    assert (trigger.phase, trigger.reason) == (
        "pre",
        "runs at its place in the file: line 13 alters or drops accounts_touch",
    )
    assert phases[("ALTER TABLE ADD CONSTRAINT FOREIGN KEY", 9)].phase == "pre"
    assert phases[("CREATE INDEX", 11)].phase == "pre"  # its column is renamed at line 15
    assert phases[("ALTER TABLE ADD CONSTRAINT FOREIGN KEY", 17)].phase == "post"
    assert phases[("CREATE UNIQUE INDEX", 35)].phase == "pre"  # ON CONFLICT at line 36 needs it
    assert sorted(pf.schema.enums["public.tier"].labels) == ["free", "pro", "team"]
    assert pf.schema.tables["public.roles"].file_rows == 2
    # literal rows only: the INSERT … SELECT FROM roles (line 53) copies, carries none
    assert pf.schema.tables["public.role_perms"].file_rows == 4

    config = make_project(HISTORY)
    _generate(config)
    dsn = Engine(str(config)).config.sandbox.dsn
    with psycopg.connect(dsn) as conn:
        assert conn.execute("SELECT count(*) FROM members").fetchone() == (30,)
        tiers = {r[0] for r in conn.execute("SELECT DISTINCT tier::text FROM members")}
        assert tiers <= {"free", "pro", "team"}
        # the file's rows, in the file's order: the UPDATE and ON CONFLICT held
        assert conn.execute("SELECT id, name FROM roles ORDER BY id").fetchall() == [
            (1, "administrator"),
            (2, "viewer"),
        ]
        perms = conn.execute("SELECT role_id, perm FROM role_perms ORDER BY 1, 2").fetchall()
        assert perms == [(1, "audit"), (1, "read"), (1, "write"), (2, "read")]
        # generated rows point at the file's roles
        assert conn.execute(
            "SELECT count(*) FROM member_roles WHERE role_id NOT IN (1, 2)"
        ).fetchone() == (0,)
        # rows into a table renamed later are that table's; a dropped table's ran and went
        assert conn.execute("SELECT id, name FROM tags ORDER BY id").fetchall() == [
            (1, "red"),
            (2, "blue"),
        ]
        assert conn.execute("SELECT to_regclass('legacy')").fetchone() == (None,)
        catalog = dict(
            conn.execute(
                "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
                "WHERE conrelid = 'grants'::regclass AND contype = 'f'"
            ).fetchall()
        )
        assert catalog == {
            "grants_account_fkey": "FOREIGN KEY (account_id) REFERENCES members(id) "
            "ON DELETE CASCADE"
        }
        assert conn.execute(
            "SELECT count(*) FROM pg_trigger WHERE tgname = 'accounts_touch'"
        ).fetchone() == (0,)
        index = conn.execute("SELECT pg_get_indexdef('grants_level_idx'::regclass)").fetchone()
        assert index is not None and "(access_level)" in index[0]


TRIGGERED = """
CREATE TABLE items (id serial PRIMARY KEY, label text NOT NULL);
CREATE TABLE audit (id serial PRIMARY KEY, item_id integer, note text);
CREATE FUNCTION remember() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN INSERT INTO audit (item_id, note) VALUES (NEW.id, 'echo'); RETURN NEW; END $$;
CREATE TRIGGER items_remember AFTER INSERT ON items FOR EACH ROW EXECUTE FUNCTION remember();
ALTER TABLE items RENAME COLUMN label TO title;
ALTER TABLE items ENABLE ALWAYS TRIGGER items_remember;
"""


def test_a_trigger_made_at_its_place_does_not_fire_on_generated_rows(
    make_project: MakeProject,
) -> None:
    """The rename after it keeps the trigger at its place, so it exists while the rows are
    loaded: they are loaded with it switched off, as pg_restore loads data before post-data
    makes triggers, and it is back as the file left it (ENABLE ALWAYS)."""
    pf = parse_schema_text(TRIGGERED, "t.sql")
    assert next(st for st in pf.statements if st.kind == "CREATE TRIGGER").phase == "pre"
    config = make_project(TRIGGERED)
    _generate(config, rows=20)
    with psycopg.connect(Engine(str(config)).config.sandbox.dsn) as conn:
        assert conn.execute("SELECT count(*) FROM items").fetchone() == (20,)
        assert conn.execute("SELECT count(*) FROM audit").fetchone() == (20,)
        assert conn.execute("SELECT count(*) FROM audit WHERE note = 'echo'").fetchone() == (0,)
        assert conn.execute(
            "SELECT tgenabled FROM pg_trigger WHERE tgname = 'items_remember'"
        ).fetchone() == ("A",)


CLEAN_DUMP = """
SET statement_timeout = 0;
ALTER TABLE IF EXISTS ONLY public.notes DROP CONSTRAINT IF EXISTS notes_pkey;
DROP INDEX IF EXISTS public.notes_body_trgm;
DROP TABLE IF EXISTS public.notes;
DROP EXTENSION IF EXISTS pg_trgm;
DROP SCHEMA IF EXISTS public;
CREATE SCHEMA IF NOT EXISTS public;
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE TABLE public.notes (id integer NOT NULL, body text NOT NULL);

--
-- Name: notes; Type: TABLE DATA; Schema: public; Owner: -
--

CREATE TABLE public.labels (id integer PRIMARY KEY, note_id integer NOT NULL);
ALTER TABLE ONLY public.notes ADD CONSTRAINT notes_pkey PRIMARY KEY (id);
CREATE INDEX notes_body_trgm ON public.notes USING gin (body public.gin_trgm_ops);
ALTER TABLE ONLY public.labels ADD CONSTRAINT labels_note_fkey
    FOREIGN KEY (note_id) REFERENCES public.notes (id);
"""


def test_a_clean_dump_and_a_stale_header_generate(make_project: MakeProject) -> None:
    """pg_dump --clean's DROP … IF EXISTS preamble drops nothing on an empty sandbox (here
    the extension the workbench made first, as the owner could not); a CREATE TABLE under a
    `Type: TABLE DATA` header is a CREATE TABLE (its kind is its own)."""
    pf = parse_schema_text(CLEAN_DUMP, "clean.sql")
    skipped = [st.source.line for st in pf.statements if st.reason.startswith("drops only")]
    assert skipped == [3, 4, 5, 6, 7]
    labels = next(st for st in pf.statements if st.source.line == 16)
    assert "Type: TABLE DATA" in CLEAN_DUMP.splitlines()[12]
    assert (labels.kind, labels.phase) == ("CREATE TABLE", "pre")
    config = make_project(CLEAN_DUMP)
    _generate(config, rows=10)
    with psycopg.connect(Engine(str(config)).config.sandbox.dsn) as conn:
        assert conn.execute("SELECT count(*) FROM public.labels").fetchone() == (10,)
        assert conn.execute("SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'").fetchone()


LOOP = """
CREATE TABLE jobs (id serial PRIMARY KEY, name text NOT NULL);
INSERT INTO jobs (name) VALUES ('a'), ('a');
SET statement_timeout = 0;
DO $$ BEGIN WHILE EXISTS (SELECT 1 FROM jobs GROUP BY name HAVING count(*) > 1) LOOP
    PERFORM pg_sleep(0.05); END LOOP; END $$;
"""


def test_a_statement_that_runs_too_long_is_stopped_and_named(make_project: MakeProject) -> None:
    """Every statement of the file runs under [schema] statement_timeout, which the file's own
    `SET statement_timeout = 0` does not lift; the error names the statement and the key."""
    config = make_project(LOOP, extra='\n[schema]\nstatement_timeout = "1s"\n')
    with pytest.raises(SchemaApplyError) as err:
        _generate(config, rows=5)
    message = str(err.value)
    assert message.startswith(f"{config.parent / 'schema.sql'}:5: DO failed: canceling statement")
    assert "[schema] statement_timeout" in message and "1 s" in message
    out = run_cli("schema", "--json", cwd=config.parent)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["tables"][0]["rows_from_schema_sql"] == 2
    assert re.search(r"DO", out.stdout)


CATALOG = """
CREATE TABLE parents (id int PRIMARY KEY);
CREATE TABLE kids (id int PRIMARY KEY, parent_id int NOT NULL REFERENCES parents (id));
CREATE TABLE notes (id int PRIMARY KEY, body text);
ALTER TABLE notes DISABLE TRIGGER ALL;
ALTER TABLE kids DISABLE TRIGGER ALL;
UPDATE pg_index SET indisready = false WHERE indrelid = 'kids'::regclass;
UPDATE pg_index SET indisready = true WHERE indrelid = 'kids'::regclass;
ALTER TABLE kids ENABLE TRIGGER ALL;
ALTER TABLE notes ENABLE TRIGGER ALL;
"""


def test_what_only_a_superuser_may_do_to_the_catalogs_is_refused_or_left_out(
    make_project: MakeProject,
) -> None:
    """A migration tool's speed trick (lemmy's): all the triggers of a table with foreign keys
    switched off, pg_index written. The file runs as the owner role, so it is refused before
    anything is written, naming `[schema] skip = ["system-catalog"]`, which leaves those
    statements out; the same on a table without foreign keys is the owner's to do."""
    config = make_project(CATALOG)
    with pytest.raises(SchemaApplyError) as err:
        _generate(config, rows=5)
    message = str(err.value)
    assert ":6: ALTER TABLE kids DISABLE TRIGGER ALL (and 3 more like it) needs a superuser" in (
        message
    )
    assert '[schema] skip = ["system-catalog"]' in message
    config.write_text(config.read_text() + '\n[schema]\nskip = ["system-catalog"]\n')
    _generate(config, rows=5)
    with psycopg.connect(Engine(str(config)).config.sandbox.dsn) as conn:
        assert conn.execute("SELECT count(*) FROM kids").fetchone() == (5,)
        assert conn.execute(
            "SELECT count(*) FROM pg_trigger WHERE tgrelid = 'kids'::regclass AND tgenabled = 'D'"
        ).fetchone() == (0,)
