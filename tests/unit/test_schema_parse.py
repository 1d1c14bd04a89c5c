"""schema.sql parsing without a database: splitting, the traps of real dumps, the model, the
fingerprint and the renderings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlglot import exp

from workbench.errors import SchemaParseError
from workbench.schema.compare import diff_models
from workbench.schema.fingerprint import canon_expr, fingerprint
from workbench.schema.parse import make_expr, parse_schema_file, parse_schema_text
from workbench.schema.render import schema_to_json, schema_to_text
from workbench.schema.split import split_statements
from workbench.stats.parse import parse_statistics


def parse(sql: str):
    return parse_schema_text(sql, "schema.sql")


def kinds(pf) -> list[tuple[int, str, str]]:
    return [(s.source.line, s.kind, s.phase) for s in pf.statements]


# --- splitting -------------------------------------------------------------------------------


def test_meta_commands_are_blanked_and_line_numbers_kept() -> None:
    text = (
        "\\restrict abc123\n"
        "SET search_path = public;\n"
        "\\connect other\n"
        "\n"
        "CREATE TABLE t (id int);\n"
        "\\set ON_ERROR_STOP 1\n"
        "CREATE TABLE u (\n"
        "  id int\n"
        ");\n"
        "\\unrestrict abc123\n"
    )
    pf = parse(text)
    lines = {s.source.line: s for s in pf.statements}
    assert lines[1].kind == "psql \\restrict" and lines[1].phase == "skip"
    assert lines[3].kind == "psql \\connect" and lines[3].phase == "skip"
    assert lines[5].kind == "CREATE TABLE" and lines[7].kind == "CREATE TABLE"
    assert lines[10].phase == "skip"
    assert set(pf.schema.tables) == {"public.t", "public.u"}
    assert pf.schema.tables["public.u"].source.line == 7
    skipped = {(s.kind, s.source.line) for s in pf.schema.skipped}
    assert ("psql \\set", 6) in skipped and ("psql \\connect", 3) in skipped


@pytest.mark.parametrize("key", ["9FvlUBzNWQdfy3kh", "18BgCeQ490Jld", "abc123", "0e5x"])
def test_a_restrict_key_is_psqls_whatever_it_starts_with(key: str) -> None:
    """pg_dump (17.6, 18) brackets its output with `\\restrict KEY` / `\\unrestrict KEY`, a
    random key of letters and digits: one that begins with a digit (`9Fvl…`) is no SQL token
    (the scanner refuses it as a number with trailing junk), and the whole file once parsed
    to no table at all, one dump in six."""
    text = (
        "--\n-- PostgreSQL database dump\n--\n\n"
        f"\\restrict {key}\n\n"
        "SET search_path = public;\n"
        "CREATE TABLE t (id int);\n"
        "SELECT * FROM pg_catalog.pg_restore_relation_stats(\n"
        "\t'version', '180006'::integer,\n\t'schemaname', 'public',\n"
        "\t'relname', 't',\n\t'reltuples', '20'::real\n);\n"
        "\n--\n-- PostgreSQL database dump complete\n--\n\n"
        f"\\unrestrict {key}\n"
    )
    pf = parse(text)
    assert set(pf.schema.tables) == {"public.t"}
    assert [s.kind for s in pf.statements if s.phase == "skip"][:1] == ["psql \\restrict"]
    stats = parse_statistics(text, "schema.sql")
    assert stats.version == 180006 and stats.rows("public.t") == 20


def test_splitter_understands_quotes_comments_and_dollar_quoting() -> None:
    text = """
-- a comment; with a semicolon
/* block /* nested; */ still comment; */
CREATE FUNCTION f() RETURNS text AS $$ SELECT 'a;b' $$ LANGUAGE sql;
CREATE FUNCTION g() RETURNS text AS $_$ BEGIN RETURN ';'; END $_$ LANGUAGE plpgsql;
CREATE FUNCTION h() RETURNS text AS $body$ x $$ not the end; $body$ LANGUAGE sql;
SELECT E'it\\'s; fine', 'plain '' ; quote', "odd;name" FROM x;
CREATE FUNCTION k() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; SELECT 2; END;
CREATE TABLE last (id int);
"""
    stmts, metas = split_statements(text)
    assert not metas
    assert [s.line for s in stmts] == [4, 5, 6, 7, 8, 9]
    assert stmts[3].text.startswith("SELECT E'it\\'s; fine'")
    assert stmts[4].text.endswith("END")
    assert stmts[5].text == "CREATE TABLE last (id int)"


def test_copy_from_stdin_data_is_kept_with_the_statement() -> None:
    text = "COPY t (a, b) FROM stdin;\n1\tx;y\n2\t\\N\n\\.\nCREATE TABLE z (a int);\n"
    pf = parse(text)
    copy = pf.statements[0]
    assert copy.kind == "COPY FROM stdin" and copy.phase == "data"
    assert copy.copy_data == "1\tx;y\n2\t\\N\n"
    assert pf.statements[1].source.line == 5 and "public.z" in pf.schema.tables


def test_unterminated_quote_is_an_error_naming_file_and_line() -> None:
    pf = parse("CREATE TABLE a (id int);\nCREATE TABLE b (x text DEFAULT 'oops);\n")
    assert "public.a" in pf.schema.tables
    assert len(pf.schema.errors) == 1
    assert pf.schema.errors[0].reason.startswith("schema.sql:2:")


# --- robustness -------------------------------------------------------------------------------


def test_one_bad_statement_neither_aborts_nor_corrupts_the_others() -> None:
    text = (
        "CREATE TABLE a (id int PRIMARY KEY);\n"
        "CREATE TABLE b (id int PRIMARY KEY, a_id int REFERENCES a, ??? garbage);\n"
        "CREATE TABLE c (id int PRIMARY KEY, a_id int REFERENCES a);\n"
        "ALTER TABLE nowhere ADD CONSTRAINT x FOREIGN KEY (y) REFERENCES a (id);\n"
    )
    pf = parse(text)
    assert set(pf.schema.tables) == {"public.a", "public.c"}
    assert [e.source.line for e in pf.schema.errors] == [2, 4]
    assert all(e.reason.startswith(f"schema.sql:{e.source.line}:") for e in pf.schema.errors)
    assert "nowhere" in pf.schema.errors[1].reason
    assert pf.schema.tables["public.c"].foreign_keys[0].ref_columns == ["id"]


def test_missing_file_and_non_utf8_raise_parse_errors(tmp_path: Path) -> None:
    with pytest.raises(SchemaParseError, match="no such file"):
        parse_schema_file(tmp_path / "absent.sql")
    bad = tmp_path / "latin1.sql"
    bad.write_bytes("CREATE TABLE caf\xe9 (id int);".encode("latin-1"))
    with pytest.raises(SchemaParseError, match="not UTF-8"):
        parse_schema_file(bad)


# --- the shapes sqlglot cannot read -------------------------------------------------------------


def test_pg_dump_sequences_identity_and_attach_partition() -> None:
    text = """
SELECT pg_catalog.set_config('search_path', '', false);
CREATE TABLE public.orders (
    id bigint NOT NULL,
    placed timestamp with time zone NOT NULL
) PARTITION BY RANGE (placed);
CREATE TABLE public.orders_2024 (
    id bigint NOT NULL,
    placed timestamp with time zone NOT NULL
);
ALTER TABLE ONLY public.orders ATTACH PARTITION public.orders_2024
    FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE public.item (id integer NOT NULL, name text);
ALTER TABLE public.item ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.item_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1
);
CREATE TABLE public.tag (id integer NOT NULL);
CREATE SEQUENCE public.tag_id_seq AS integer START WITH 5 INCREMENT BY 2;
ALTER SEQUENCE public.tag_id_seq OWNED BY public.tag.id;
ALTER TABLE ONLY public.tag ALTER COLUMN id SET DEFAULT nextval('public.tag_id_seq'::regclass);
ALTER TABLE ONLY public.orders ADD CONSTRAINT orders_pkey PRIMARY KEY (id, placed);
CREATE INDEX orders_placed_idx ON ONLY public.orders USING btree (placed);
CREATE INDEX orders_2024_placed_idx ON public.orders_2024 USING btree (placed);
ALTER INDEX public.orders_placed_idx ATTACH PARTITION public.orders_2024_placed_idx;
CLUSTER public.item USING item_pkey;
"""
    pf = parse(text)
    s = pf.schema
    assert not s.errors
    part = s.tables["public.orders_2024"]
    assert part.partition_of == "public.orders"
    assert part.partition_bound.startswith("FOR VALUES FROM")
    assert s.tables["public.orders"].partition_by == "RANGE (placed)"
    item_id = s.tables["public.item"].column("id")
    assert item_id.identity == "always" and item_id.sequence == "public.item_id_seq"
    assert s.sequences["public.item_id_seq"].owned_by == "public.item.id"
    tag_id = s.tables["public.tag"].column("id")
    assert tag_id.sequence == "public.tag_id_seq" and tag_id.default is not None
    assert s.sequences["public.tag_id_seq"].owned_by == "public.tag.id"
    assert (s.sequences["public.tag_id_seq"].start, s.sequences["public.tag_id_seq"].increment) == (
        5,
        2,
    )
    assert [i.name for i in s.tables["public.orders"].indexes] == ["orders_placed_idx"]
    assert s.tables["public.orders_2024"].indexes == []  # attached: a copy of the parent's
    phases = {st.kind: st.phase for st in pf.statements}
    assert phases["ALTER TABLE ATTACH PARTITION"] == "pre"
    assert phases["ALTER TABLE ALTER COLUMN ADD GENERATED AS IDENTITY"] == "pre"
    assert phases["ALTER SEQUENCE"] == "pre"
    assert phases["ALTER TABLE ADD CONSTRAINT PRIMARY KEY"] == "post"
    assert phases["CREATE INDEX"] == "post" and phases["ALTER INDEX"] == "post"
    assert phases["CLUSTER"] == "post"


def test_create_domain_and_enum_and_user_types_are_qualified() -> None:
    text = """
CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
ALTER TYPE mood ADD VALUE 'meh' BEFORE 'ok';
CREATE DOMAIN year AS integer CONSTRAINT year_check CHECK (VALUE >= 1901 AND VALUE <= 2155);
CREATE DOMAIN "Flag" boolean NOT NULL DEFAULT false;
CREATE TABLE t (y year, m mood[], f "Flag");
"""
    s = parse(text).schema
    assert s.enums["public.mood"].labels == ["sad", "meh", "ok", "happy"]
    year = s.domains["public.year"]
    assert year.base.name == "integer"
    assert isinstance(year.checks[0].expr.tree, exp.And)
    assert not s.domains["public.Flag"].nullable
    cols = {c.name: c.type for c in s.tables["public.t"].columns}
    assert (cols["y"].name, cols["y"].user_defined) == ("public.year", True)
    assert (cols["m"].name, cols["m"].array_dims) == ("public.mood", 1)
    assert cols["f"].name == "public.Flag"


def test_create_schema_with_elements_and_case_folding() -> None:
    text = """
CREATE DOMAIN "Name" varchar(50);
CREATE SCHEMA Person
  CREATE TABLE Person (BusinessEntityID SERIAL, "FirstName" "Name" NOT NULL,
                       CONSTRAINT "PK_Person" PRIMARY KEY (BusinessEntityID))
  CREATE TABLE Phone (ID int REFERENCES Person, Number text)
  CREATE VIEW vPhone AS SELECT * FROM Phone;
ALTER TABLE Person.Phone ADD CONSTRAINT "CK_Number" CHECK (LENGTH(Number) > 3);
"""
    s = parse(text).schema
    assert not s.errors
    assert set(s.tables) == {"person.person", "person.phone"}
    p = s.tables["person.person"]
    assert [c.name for c in p.columns] == ["businessentityid", "FirstName"]
    assert p.primary_key.name == "PK_Person" and p.primary_key.columns == ["businessentityid"]
    assert p.column("FirstName").type.name == "public.Name"
    assert s.sequences["person.person_businessentityid_seq"].owned_by == (
        "person.person.businessentityid"
    )
    fk = s.tables["person.phone"].foreign_keys[0]
    assert (fk.ref_qualified, fk.ref_columns) == ("person.person", ["businessentityid"])
    assert s.views == ["person.vphone"]
    assert "person" in s.schemas


def test_pg18_virtual_generated_column_and_uuidv7_default() -> None:
    text = (
        "CREATE TABLE public.film (\n"
        "    id uuid DEFAULT uuidv7() NOT NULL,\n"
        "    price numeric(5,2),\n"
        "    price_x2 numeric GENERATED ALWAYS AS (price * 2) VIRTUAL,\n"
        "    stored_len integer GENERATED ALWAYS AS (length(id::text)) STORED\n"
        ");\n"
    )
    t = parse(text).schema.tables["public.film"]
    assert t.column("price_x2").generated.sql == "price * 2"
    assert t.column("price_x2").default is None
    assert t.column("stored_len").generated is not None
    assert t.column("id").default.sql == "uuidv7()"


# --- the model ------------------------------------------------------------------------------


def test_canonical_type_names() -> None:
    text = """CREATE TABLE t (
        a int4, b INT, c int8, d smallint, e varchar(20), f character varying, g char(3),
        h character, i timestamptz, j timestamp, k timestamp(3) without time zone,
        l time with time zone, m numeric(10, 2), n numeric(7), o decimal, p float8,
        q double precision, r real, s float(10), t bool, u bit varying(8), v text[],
        w integer[][], x int ARRAY, y "char", z interval year to month, aa pg_catalog.int4,
        bb _text, cc bit, dd jsonb, ee bpchar
    );"""
    cols = {c.name: c.type for c in parse(text).schema.tables["public.t"].columns}
    from workbench.schema.model import format_type

    got = {k: format_type(v) for k, v in cols.items()}
    assert got == {
        "a": "integer", "b": "integer", "c": "bigint", "d": "smallint",
        "e": "character varying(20)", "f": "character varying", "g": "character(3)",
        "h": "character(1)", "i": "timestamp with time zone",
        "j": "timestamp without time zone", "k": "timestamp(3) without time zone",
        "l": "time with time zone", "m": "numeric(10,2)", "n": "numeric(7,0)",
        "o": "numeric", "p": "double precision", "q": "double precision", "r": "real",
        "s": "real", "t": "boolean", "u": "bit varying(8)", "v": "text[]",
        "w": "integer[][]", "x": "integer[]", "y": '"char"', "z": "interval year to month",
        "aa": "integer", "bb": "text[]", "cc": "bit(1)", "dd": "jsonb", "ee": "bpchar",
    }  # fmt: skip


def test_serial_expands_like_postgresql() -> None:
    s = parse("CREATE TABLE Users (ID serial PRIMARY KEY, n bigserial);").schema
    t = s.tables["public.users"]
    idc = t.column("id")
    assert (idc.type.name, idc.nullable, idc.sequence) == ("integer", False, "public.users_id_seq")
    assert idc.default.sql == "nextval('public.users_id_seq'::regclass)"
    assert t.column("n").type.name == "bigint" and not t.column("n").nullable
    assert s.sequences["public.users_n_seq"].owned_by == "public.users.n"


def test_keys_uniques_and_foreign_keys() -> None:
    text = """
CREATE TABLE org (id int, code text, PRIMARY KEY (id));
CREATE TABLE person (
    org_id int,
    id int,
    email text,
    boss_id int,
    PRIMARY KEY (org_id, id),
    UNIQUE NULLS NOT DISTINCT (org_id, email),
    FOREIGN KEY (org_id) REFERENCES org (id) ON DELETE CASCADE ON UPDATE SET NULL,
    CONSTRAINT boss FOREIGN KEY (org_id, boss_id) REFERENCES person (org_id, id)
        DEFERRABLE INITIALLY DEFERRED
);
ALTER TABLE person ADD CONSTRAINT org_code FOREIGN KEY (org_id) REFERENCES org NOT VALID;
CREATE UNIQUE INDEX person_lower_email ON person (lower(email)) WHERE email IS NOT NULL;
CREATE INDEX ON person USING gin (email gin_trgm_ops);
"""
    t = parse(text).schema.tables["public.person"]
    assert t.primary_key.columns == ["org_id", "id"]
    assert not t.column("org_id").nullable and not t.column("id").nullable
    assert t.column("email").nullable
    uq, idx_uq = t.uniques
    assert uq.columns == ["org_id", "email"] and uq.nulls_not_distinct and not uq.is_index
    assert idx_uq.is_index and idx_uq.columns == [None]
    assert idx_uq.expressions[0].sql == "lower(email)"
    assert idx_uq.predicate.sql == "email IS NOT NULL"
    fk_org, boss, org_code = t.foreign_keys
    assert (fk_org.on_delete, fk_org.on_update) == ("CASCADE", "SET NULL")
    assert fk_org.name == "person_org_id_fkey"
    assert boss.ref_qualified == "public.person" and boss.columns == ["org_id", "boss_id"]
    assert boss.deferrable and boss.initially_deferred
    assert org_code.not_valid and org_code.ref_columns == ["id"]
    gin = t.indexes[-1]
    assert (gin.method, gin.columns, gin.name) == ("gin", ["email"], "person_email_idx")


def test_checks_are_sqlglot_trees() -> None:
    text = """CREATE TABLE p (price numeric CHECK (price > 0), status text,
        CONSTRAINT st CHECK (status IN ('a', 'b')));"""
    t = parse(text).schema.tables["public.p"]
    by_name = {c.name: c for c in t.checks}
    assert set(by_name) == {"p_price_check", "st"}
    assert isinstance(by_name["p_price_check"].expr.tree, exp.GT)
    assert isinstance(by_name["st"].expr.tree, exp.In)


def test_policies_rls_comments_roles_and_extensions() -> None:
    text = """
CREATE EXTENSION IF NOT EXISTS citext WITH SCHEMA public;
CREATE TABLE doc (id int, owner_name citext, body text);
COMMENT ON TABLE doc IS 'documents';
COMMENT ON COLUMN doc.body IS 'the text';
ALTER TABLE doc OWNER TO app_owner;
ALTER TABLE doc ENABLE ROW LEVEL SECURITY;
CREATE POLICY mine ON doc FOR SELECT TO app_reader, "Auditor" USING (owner_name = current_user);
GRANT SELECT ON doc TO app_reader;
CREATE ROLE admin LOGIN SUPERUSER PASSWORD 'x';
SET ROLE NONE;
"""
    pf = parse(text)
    s = pf.schema
    t = s.tables["public.doc"]
    assert t.comment == "documents" and t.column("body").comment == "the text"
    assert t.column("owner_name").type.name == "public.citext"
    assert t.rls_enabled
    pol = t.policies[0]
    assert (pol.command, pol.roles) == ("SELECT", ["app_reader", "Auditor"])
    assert pol.using.tree is not None
    assert s.roles == ["Auditor", "admin", "app_owner", "app_reader"]
    assert s.extensions == ["citext"]
    phases = {st.kind: st.phase for st in pf.statements}
    assert phases["CREATE ROLE"] == "skip" and phases["CREATE POLICY"] == "post"
    assert phases["GRANT"] == "post" and phases["ALTER TABLE ENABLE ROW LEVEL SECURITY"] == "post"


def test_statements_reaching_outside_the_database_are_skipped() -> None:
    text = """
DROP DATABASE IF EXISTS chinook;
CREATE DATABASE chinook;
ALTER SYSTEM SET work_mem = '1GB';
COPY t FROM PROGRAM 'rm -rf /';
COPY t TO '/tmp/out.csv';
CREATE TABLESPACE fast LOCATION '/ssd';
LOAD 'auto_explain';
ALTER DATABASE chinook SET timezone = 'UTC';
SET ROLE postgres;
SELECT pg_read_file('/etc/passwd');
GRANT pg_read_server_files TO someone;
BEGIN;
COMMIT;
INSERT INTO t VALUES (1);
SELECT pg_catalog.setval('s', 5, true);
DO $$ BEGIN PERFORM 1; END $$;
SET client_encoding = 'LATIN1';
SET check_function_bodies = false;
"""
    got = [(st.kind, st.phase) for st in parse(text).statements]
    assert got == [
        ("DROP DATABASE", "skip"),
        ("CREATE DATABASE", "skip"),
        ("ALTER SYSTEM", "skip"),
        ("COPY PROGRAM", "skip"),
        ("COPY file", "skip"),
        ("CREATE TABLESPACE", "skip"),
        ("LOAD", "skip"),
        ("ALTER DATABASE", "skip"),
        ("SET ROLE", "skip"),
        ("SELECT", "skip"),
        ("GRANT ROLE", "skip"),
        ("BEGIN", "skip"),
        ("COMMIT", "skip"),
        ("INSERT", "data"),
        ("SELECT setval", "data"),
        ("DO", "data"),
        ("SET", "skip"),
        ("SET", "pre"),
    ]


def test_unused_statements_are_reported_by_kind_and_line() -> None:
    text = """SET statement_timeout = 0;
CREATE FUNCTION f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE sql;
CREATE TABLE t (id int);
ALTER TABLE t OWNER TO bob;
CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW EXECUTE FUNCTION f();
"""
    s = parse(text).schema
    got = [(x.kind, x.source.line) for x in s.skipped]
    assert got == [
        ("SET", 1),
        ("CREATE FUNCTION", 2),
        ("ALTER TABLE OWNER TO", 4),
        ("CREATE TRIGGER", 5),
    ]
    summary = schema_to_json(s)["skipped"]
    assert {"kind": "CREATE FUNCTION", "count": 1, "lines": [2]} in summary


def test_search_path_governs_unqualified_names() -> None:
    text = """
CREATE SCHEMA app;
SET search_path = app, public;
CREATE TABLE a (id int PRIMARY KEY);
CREATE TABLE public.b (a_id int REFERENCES a);
"""
    s = parse(text).schema
    assert set(s.tables) == {"app.a", "public.b"}
    assert s.tables["public.b"].foreign_keys[0].ref_qualified == "app.a"


def test_drop_and_add_column_follow_the_script() -> None:
    text = """
CREATE TABLE e (id int PRIMARY KEY, org text, lvl int, CHECK (lvl > 0));
CREATE INDEX e_org ON e (org);
ALTER TABLE e ADD node varchar DEFAULT '/';
ALTER TABLE e DROP COLUMN org;
ALTER TABLE e DROP COLUMN lvl;
"""
    t = parse(text).schema.tables["public.e"]
    assert [c.name for c in t.columns] == ["id", "node"]
    assert t.indexes == [] and t.checks == []


# --- fingerprint -----------------------------------------------------------------------------

BASE = """
CREATE TABLE a (id int PRIMARY KEY, name text NOT NULL, price numeric(8,2) CHECK (price > 0));
CREATE TABLE b (id serial PRIMARY KEY, a_id int REFERENCES a (id), code text UNIQUE);
"""
REORDERED = """
-- the same schema, written differently
CREATE TABLE a (
    id   INTEGER   PRIMARY KEY,   /* comment */
    name TEXT      NOT NULL,
    price NUMERIC(8, 2) CONSTRAINT positive CHECK ((price > (0)::numeric))
);
CREATE TABLE b (id serial, a_id int4, code text);
ALTER TABLE b ADD CONSTRAINT b_uq UNIQUE (code);
ALTER TABLE b ADD FOREIGN KEY (a_id) REFERENCES a;
ALTER TABLE b ADD PRIMARY KEY (id);
"""


def test_fingerprint_ignores_order_whitespace_comments_and_names() -> None:
    a, b = parse(BASE).schema, parse(REORDERED).schema
    assert diff_models(a, b) == []
    assert fingerprint(a) == fingerprint(b)
    assert len(fingerprint(a)) == 64


@pytest.mark.parametrize(
    "change",
    [
        ("name text NOT NULL", "name text"),  # nullability
        ("name text NOT NULL", "name varchar NOT NULL"),  # type
        ("numeric(8,2)", "numeric(9,2)"),  # type modifier
        ("name text NOT NULL,", "name text NOT NULL, extra int,"),  # new column
        ("CHECK (price > 0)", "CHECK (price > 1)"),  # check body
        ("CHECK (price > 0)", ""),  # dropped check
        ("code text UNIQUE", "code text"),  # unique
        ("REFERENCES a (id)", ""),  # foreign key
        ("b (id serial PRIMARY KEY", "b (id serial"),  # primary key
        ("name text NOT NULL", "name text NOT NULL DEFAULT 'x'"),  # default presence
    ],
)
def test_fingerprint_changes_with_the_schema(change: tuple[str, str]) -> None:
    old, new = change
    assert old in BASE
    assert fingerprint(parse(BASE).schema) != fingerprint(parse(BASE.replace(old, new)).schema)


@pytest.mark.parametrize(
    ("written", "stored"),
    [
        ("x BETWEEN 0 AND 2", "((x >= 0) AND (x <= 2))"),
        ("s IN ('a', 'b')", "((s)::text = ANY ((ARRAY['a'::character varying, 'b'])::text[]))"),
        ("s NOT IN ('a')", "((s)::text <> 'a'::text)"),
        ("u NOT IN (1, 2)", "(u <> ALL (ARRAY[1, 2]))"),
        ("t IN ('x')", "(t = 'x'::text)"),
        ("price > 0", "(price > (0)::numeric)"),
        ("f(x) > 0", "(public.f(x) > 0)"),
        ("Upper(Code) = 'X'", "(upper((code)::text) = 'X'::text)"),
        ("d <= now() + INTERVAL '1 day'", "(d <= (now() + '1 day'::interval))"),
        ("x NOT BETWEEN 1 AND 2", "((x < 1) OR (x > 2))"),
        # interval constants as PostgreSQL prints them back
        ("d >= '1 days'::interval", "(d >= '1 day'::interval)"),
        ("d <= '60 minutes'::interval", "(d <= '01:00:00'::interval)"),
        ("d < INTERVAL '2 hours'", "(d < '02:00:00'::interval)"),
    ],
)
def test_check_normalisation_matches_postgresql_output(written: str, stored: str) -> None:
    assert canon_expr(make_expr(written)) == canon_expr(make_expr(stored))


def test_interval_constants_differ_by_value() -> None:
    one, two = "(d >= '1 day'::interval)", "(d >= '2 days'::interval)"
    assert canon_expr(make_expr(one)) != canon_expr(make_expr(two))
    assert canon_expr(make_expr(one)) == canon_expr(make_expr("(d >= '24:00:00'::interval)"))


# --- rendering -------------------------------------------------------------------------------


def test_json_and_text_rendering() -> None:
    s = parse(BASE + "CREATE TYPE m AS ENUM ('x'); CREATE VIEW v AS SELECT 1;").schema
    j = schema_to_json(s)
    json.dumps(j)  # serialisable
    b = next(t for t in j["tables"] if t["name"] == "b")
    assert b["schema"] == "public" and b["primary_key"] == ["id"]
    assert b["columns"][0] == {
        **b["columns"][0], "name": "id", "type": "integer", "nullable": False,
    }  # fmt: skip
    assert b["foreign_keys"][0]["ref_table"] == "public.a"
    assert b["foreign_keys"][0]["ref_columns"] == ["id"]
    assert b["uniques"][0]["columns"] == ["code"]
    a = next(t for t in j["tables"] if t["name"] == "a")
    assert a["checks"][0]["expression"] == "price > 0"
    assert j["enums"][0]["labels"] == ["x"] and j["views"] == ["public.v"]
    assert j["sequences"][0]["name"] == "b_id_seq"
    text = schema_to_text(s)
    assert "public (2 tables)" in text
    assert "a_id integer  [FK→public.a.id]" in text
    assert "id integer NOT NULL  [PK]" in text
    assert "code text  [UQ]" in text


def test_statement_boundaries_are_the_servers() -> None:
    """A character outside the Basic Multilingual Plane is a letter of a dollar-quote tag for
    PostgreSQL's lexer: `$𝒳$ … $𝒳$` is one string, so the `;` inside it ends nothing (a
    hand-written scanner once saw three statements here, the server one)."""
    text = "SELECT $\U0001d4b3$ ; DROP TABLE a; $\U0001d4b3$;\nCREATE TABLE z (a int);\n"
    stmts, _ = split_statements(text)
    assert [s.text for s in stmts] == [
        "SELECT $\U0001d4b3$ ; DROP TABLE a; $\U0001d4b3$",
        "CREATE TABLE z (a int)",
    ]


def test_meta_commands_are_taken_out_wherever_they_are() -> None:
    text = (
        "\\set ON_ERROR_STOP on\n"
        "SELECT 1\n\\echo it's\n;\n"  # a quote on a meta-command line is psql's, not SQL's
        "COPY t (a) FROM stdin;\n1\t'x\n\\.\n"
        "foo;\n"  # no keyword: psql sends it all the same (and the server refuses it)
        "\\unrestrict abc\n"
    )
    stmts, metas = split_statements(text)
    assert [s.text.split() for s in stmts] == [
        ["SELECT", "1"],
        ["COPY", "t", "(a)", "FROM", "stdin"],
        ["foo"],
    ]
    assert stmts[1].copy_data == "1\t'x\n"
    assert [m.line for m in metas] == [1, 3, 9]
