"""A file that changes its objects after creating them (a migration history): the model
follows renames as PostgreSQL does, and a NULL default is stored exactly when PostgreSQL
stores one. No database: the plan is made from the model alone."""

from __future__ import annotations

import pytest

from workbench.config.file import load_config
from workbench.generate import build_plan
from workbench.schema.fingerprint import canon_expr
from workbench.schema.parse import make_expr, parse_schema_text

RENAMES = """
CREATE TABLE u (id serial PRIMARY KEY);
CREATE TABLE ua (id serial PRIMARY KEY, user_id int REFERENCES u NOT NULL, UNIQUE (user_id),
                 CHECK (user_id > 0));
CREATE INDEX ua_user ON ua (user_id) WHERE user_id < 1000000;
ALTER TABLE u RENAME TO p;
ALTER TABLE ua RENAME COLUMN user_id TO person_id;
CREATE TABLE child (id int PRIMARY KEY, ref int REFERENCES p (id));
ALTER TABLE p RENAME COLUMN id TO pid;
CREATE SCHEMA other;
ALTER TABLE p SET SCHEMA other;
"""


def test_renamed_tables_and_columns_are_followed_by_everything_that_names_them(
    tmp_path,
) -> None:
    schema = parse_schema_text(RENAMES, "schema.sql").schema
    assert not schema.errors
    assert sorted(schema.tables) == ["other.p", "public.child", "public.ua"]
    ua = schema.tables["public.ua"]
    (fk,) = ua.foreign_keys
    # REFERENCES u without columns: u's key, under the names it has at the end of the file
    assert (fk.columns, fk.ref_qualified, fk.ref_columns) == (["person_id"], "other.p", ["pid"])
    assert [u.columns for u in ua.uniques] == [["person_id"]]
    assert [c.expr.sql for c in ua.checks] == ["person_id > 0"]
    (index,) = ua.indexes
    assert index.columns == ["person_id"] and index.predicate.sql == "person_id < 1000000"
    (child_fk,) = schema.tables["public.child"].foreign_keys
    assert (child_fk.ref_qualified, child_fk.ref_columns) == ("other.p", ["pid"])
    assert schema.sequences["public.u_id_seq"].owned_by == "other.p.pid"

    (tmp_path / "sandbox.toml").write_text('[sandbox]\nname = "h_sandbox"\n')
    plan = build_plan(schema, load_config(tmp_path / "sandbox.toml"), rows=10, seed=1)
    assert {t.name for t in plan.tables} == {"other.p", "public.ua", "public.child"}


@pytest.mark.parametrize(
    ("column", "kept"),
    [
        ("a text DEFAULT NULL::character varying", True),  # a relabelled NULL: stored
        ("a text DEFAULT NULL::text", False),
        ("a text DEFAULT (NULL::text)::text", False),
        ("a integer DEFAULT NULL", False),
        ("a bigint DEFAULT NULL::integer", True),  # int8(NULL::int4): stored
        ("a varchar(10) DEFAULT NULL", True),  # the length coercion stays
        ("a numeric(5,2) DEFAULT NULL::numeric", True),
        ("a mood DEFAULT NULL", False),  # an enum's NULL is a bare constant
        ("a mood DEFAULT NULL::mood", False),
        ("a positive DEFAULT NULL", True),  # a domain's coercion stays
        ("a text[] DEFAULT NULL::text[]", False),
        ("a varchar(3)[] DEFAULT NULL", True),
    ],
)
def test_a_null_default_is_kept_exactly_when_postgresql_stores_it(column: str, kept: bool) -> None:
    text = (
        "CREATE TYPE mood AS ENUM ('ok');\n"
        "CREATE DOMAIN positive AS integer CHECK (VALUE > 0);\n"
        f"CREATE TABLE t ({column});\n"
    )
    (col,) = parse_schema_text(text, "schema.sql").schema.tables["public.t"].columns
    assert (col.default is not None) is kept


def test_an_enum_swapped_for_a_new_one_is_the_new_one_under_the_old_name() -> None:
    """The migration tools' way to drop an enum value: a new type, the columns moved to it,
    the old renamed away and dropped, the new renamed into its place."""
    text = """
    CREATE TYPE source AS ENUM ('a', 'b', 'c');
    CREATE TABLE feed (id int PRIMARY KEY, src source NOT NULL, other source);
    CREATE TYPE source_new AS ENUM ('a', 'c');
    ALTER TABLE feed ALTER COLUMN src TYPE source_new USING (src::text::source_new);
    ALTER TABLE feed ALTER COLUMN other TYPE source_new USING (other::text::source_new);
    ALTER TYPE source RENAME TO source_old;
    ALTER TYPE source_new RENAME TO source;
    DROP TYPE source_old;
    ALTER TYPE source ADD VALUE 'd';
    CREATE SCHEMA feeds;
    ALTER TYPE source SET SCHEMA feeds;
    """
    schema = parse_schema_text(text, "schema.sql").schema
    assert not schema.errors
    assert sorted(schema.enums) == ["feeds.source"]
    assert schema.enums["feeds.source"].labels == ["a", "c", "d"]
    assert [c.type.name for c in schema.tables["public.feed"].columns[1:]] == [
        "feeds.source",
        "feeds.source",
    ]


def test_names_postgresql_makes_can_be_dropped_and_renamed_later() -> None:
    """An inline UNIQUE is `t_col_key` to a later DROP CONSTRAINT; an index renamed with
    ALTER INDEX is dropped by its new name; DROP TYPE … CASCADE takes its columns and the
    defaults that still depend on it (kept as (default::old)::new by ALTER … TYPE)."""
    text = """
    CREATE TYPE currency AS ENUM ('USD', 'EUR');
    CREATE TABLE acct (id int PRIMARY KEY, code text UNIQUE, cur currency DEFAULT 'USD',
                       old currency, label text);
    ALTER TABLE acct DROP CONSTRAINT IF EXISTS acct_code_key;
    CREATE UNIQUE INDEX "acct.label_unique" ON acct (label);
    ALTER INDEX "acct.label_unique" RENAME TO acct_label_key;
    DROP INDEX acct_label_key;
    ALTER TABLE acct ALTER COLUMN cur TYPE text;
    DROP TYPE currency CASCADE;
    """
    acct = parse_schema_text(text, "schema.sql").schema.tables["public.acct"]
    assert acct.uniques == [] and acct.indexes == []
    assert [c.name for c in acct.columns] == ["id", "code", "cur", "label"]
    cur = acct.column("cur")
    assert cur is not None and cur.type.name == "text" and cur.default is None


def test_a_json_key_reads_the_same_as_written_and_as_postgresql_prints_it() -> None:
    written = canon_expr(make_expr("(doc -> 'ids')"))
    printed = canon_expr(make_expr("((doc -> 'ids'::text))"))
    assert written == printed == "(jsonextract expression=lit:ids this=col:doc)"
    assert canon_expr(make_expr("doc ->> 'k'")) != canon_expr(make_expr("doc -> 'k'"))
