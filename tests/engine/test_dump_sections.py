"""Which section a statement of a dump belongs to (pg_dump's own headers, else the statement's
place), and the header lines of dumps from newer servers."""

from __future__ import annotations

import psycopg
import pytest

from workbench.errors import SchemaApplyError
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text

# A view whose GROUP BY relies on the primary key, as pg_dump writes it: a placeholder in
# pre-data, the real definition after the constraints.
_TABLE = """
CREATE TABLE public.jobs (id integer NOT NULL, status text, started_at timestamp);
CREATE TABLE public.timings (job_id integer, ended_at timestamp);
"""
_PLACEHOLDER = """
CREATE VIEW public.job_stats AS
 SELECT NULL::integer AS id, NULL::text AS status, NULL::timestamp without time zone AS last;
"""
_PKEY = "ALTER TABLE ONLY public.jobs ADD CONSTRAINT jobs_pkey PRIMARY KEY (id);\n"
_REPLACE = """
CREATE OR REPLACE VIEW public.job_stats AS
 SELECT j.id, j.status, max(t.ended_at) AS last
   FROM public.jobs j LEFT JOIN public.timings t ON t.job_id = j.id
  GROUP BY j.id;
"""


def _header(name: str, kind: str) -> str:
    return f"\n--\n-- Name: {name}; Type: {kind}; Schema: public; Owner: -\n--\n\n"


def _dump(with_headers: bool) -> str:
    h = _header if with_headers else (lambda *_: "\n")
    return (
        "SET statement_timeout = 0;\n"
        + h("jobs", "TABLE")
        + _TABLE
        + h("job_stats", "VIEW")
        + _PLACEHOLDER
        + h("jobs jobs_pkey", "CONSTRAINT")
        + _PKEY
        + h("job_stats _RETURN", "RULE")
        + _REPLACE
    )


@pytest.mark.parametrize("with_headers", [True, False], ids=["headers", "no-headers"])
def test_a_view_replaced_after_the_constraints_is_post_data(
    with_headers: bool, fresh_db: str
) -> None:
    pf = parse_schema_text(_dump(with_headers), "dump.sql")
    views = [st for st in pf.statements if st.kind == "CREATE VIEW"]
    assert [st.phase for st in views] == ["pre", "post"]
    with psycopg.connect(fresh_db) as conn:
        apply_statements(conn, pf, "pre")
        apply_statements(conn, pf, "post")
        definition = conn.execute("SELECT pg_get_viewdef('public.job_stats')").fetchone()[0]
    assert "GROUP BY j.id" in definition


def test_a_statements_own_words_decide_its_section_never_a_header() -> None:
    """pg_dump's `-- Name: …; Type: …` headers are comments: a statement hand-edited under a
    header of another kind keeps its own kind and section."""
    text = (
        _header("t", "TABLE")
        + "CREATE TABLE t (a int, b int);\n"
        + _header("s1", "STATISTICS")
        + "CREATE STATISTICS s1 ON a, b FROM t;\n"
        + _header("t_a", "TABLE DATA")
        + "CREATE TABLE u (a int);\n"
        + _header("t_a", "INDEX")
        + "CREATE INDEX t_a ON t (a);\n"
        + "INSERT INTO t VALUES (1, 2);\n"
    )
    pf = parse_schema_text(text, "h.sql")
    phases = [(st.kind, st.phase) for st in pf.statements]
    assert phases == [
        ("CREATE TABLE", "pre"),
        ("CREATE STATISTICS", "post"),
        ("CREATE TABLE", "pre"),
        ("CREATE INDEX", "post"),
        ("INSERT", "data"),
    ]


def test_settings_of_a_newer_server_are_skipped_with_a_notice(fresh_db: str) -> None:
    text = (
        "\\restrict AbCdEf123\n"
        "SET transaction_timeout = 0;\n"
        "SELECT pg_catalog.set_config('wb_no_such_setting', '1', false);\n"
        "SET statement_timeout = 0;\n"
        "CREATE TABLE t (id int);\n"
        "ALTER TABLE t ADD CONSTRAINT t_pkey PRIMARY KEY (id);\n"
        "\\unrestrict AbCdEf123\n"
    )
    pf = parse_schema_text(text, "new.sql")
    assert [st.kind for st in pf.statements if st.phase == "skip"] == [
        "psql \\restrict",
        "psql \\unrestrict",
    ]
    with psycopg.connect(fresh_db) as conn:
        # PostgreSQL 17 and later know transaction_timeout: only the made-up setting is skipped.
        knows_timeout = conn.info.server_version >= 170000
        pre = apply_statements(conn, pf, "pre")
        post = apply_statements(conn, pf, "post")
        assert conn.execute("SELECT to_regclass('t_pkey')").fetchone() == ("t_pkey",)
    unknown = pre.notices[-1]
    assert "wb_no_such_setting" in unknown and unknown.startswith("new.sql:3:")
    if knows_timeout:
        assert len(pre.notices) == 1
    else:
        assert len(pre.notices) == 2
        assert pre.notices[0].startswith("new.sql:2: skipped SET: unrecognized configuration")
        assert "transaction_timeout" in pre.notices[0]
    assert len(post.notices) == len(pre.notices)  # replayed in every phase, skipped again


def test_a_bad_value_for_a_known_setting_still_fails(fresh_db: str) -> None:
    pf = parse_schema_text("SET statement_timeout = 'soon';\nCREATE TABLE t (id int);\n", "b.sql")
    with psycopg.connect(fresh_db) as conn, pytest.raises(SchemaApplyError) as err:
        apply_statements(conn, pf, "pre")
    assert str(err.value).startswith("b.sql:1: SET failed:")
