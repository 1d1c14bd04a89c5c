"""ICU collations on a server built without ICU (workbench/schema/icu_map.py): stopped with the
ways out, or, with `[server] icu = "libc"`, mapped to the nearest collation the server has and
reported with what changes; never silently."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from tests.conftest import MakeProject, run_cli
from workbench.errors import SchemaApplyError
from workbench.schema import icu_map
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text

ICU_SCHEMA = """\
CREATE COLLATION public.ci (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
CREATE COLLATION IF NOT EXISTS natural_sort (provider = icu,
    locale = '@colCaseFirst=lower;colNumeric=yes');
CREATE TABLE users (
    id integer PRIMARY KEY,
    email text COLLATE public.ci NOT NULL UNIQUE,
    title text COLLATE natural_sort,
    name text COLLATE "und-x-icu"
);
CREATE INDEX users_name ON users (name COLLATE "und-x-icu");
"""


@pytest.fixture
def no_icu(fresh_db: str) -> Iterator[psycopg.Connection[Any]]:
    """A connection to a new database on the session's server, which must lack ICU (the
    wheel's PostgreSQL; skipped on a server with ICU, where nothing is mapped)."""
    with psycopg.connect(fresh_db, autocommit=True) as conn:
        if icu_map.server_has_icu(conn):
            pytest.skip("the session's server has ICU: nothing to map")
        yield conn


def test_the_statements_and_locales_are_read() -> None:
    parsed = parse_schema_text(ICU_SCHEMA, "icu.sql")
    assert [str(st.source) for st in icu_map.icu_statements(parsed)] == [
        "icu.sql:1",
        "icu.sql:2",
        "icu.sql:4",
        "icu.sql:10",
    ]
    assert icu_map.parse_locale("de-DE-u-ks-level2-kn") == ("de", "DE", {"ks": "level2", "kn": ""})
    assert icu_map.parse_locale("@colStrength=secondary;colNumeric=yes") == (
        "",
        "",
        {"ks": "level2", "kn": "yes"},
    )
    assert icu_map.parse_locale("und") == ("", "", {})
    plain = parse_schema_text("CREATE COLLATION c (provider = libc, locale = 'C');", "p.sql")
    assert icu_map.icu_statements(plain) == []


def test_without_the_choice_one_paragraph_with_the_ways_out(
    no_icu: psycopg.Connection[Any],
) -> None:
    parsed = parse_schema_text(ICU_SCHEMA, "icu.sql")
    with pytest.raises(SchemaApplyError) as err:
        icu_map.prepare(no_icu, parsed, None)
    text = str(err.value)
    assert "icu.sql uses ICU collations (icu.sql:1, icu.sql:2, icu.sql:4, icu.sql:10)" in text
    assert 'set [server] icu = "libc"' in text and "built with ICU" in text
    assert "\n" not in text


def test_mapped_collations_keep_their_names_and_say_what_changes(
    no_icu: psycopg.Connection[Any],
) -> None:
    parsed = parse_schema_text(ICU_SCHEMA, "icu.sql")
    applied, mappings = icu_map.prepare(no_icu, parsed, "libc")
    by_name = {m.name: m for m in mappings}
    assert set(by_name) == {"public.ci", "natural_sort", "und-x-icu"}
    assert by_name["und-x-icu"].predefined and not by_name["public.ci"].predefined
    ci = by_name["public.ci"].message()
    assert "comparisons become exact where it ignored case" in ci
    assert "a unique index over it accepts values production refuses" in ci
    assert "used by public.users.email" in ci
    natural = by_name["natural_sort"].message()
    assert "no longer sort by their value ('a10' before 'a2')" in natural
    assert "lower-case-first" in natural and "icu.sql:2" in natural
    apply_statements(no_icu, applied, "pre")
    apply_statements(no_icu, applied, "post")
    names = dict(
        no_icu.execute(
            "SELECT c.collname, c.collprovider FROM pg_collation c "
            "WHERE c.collname IN ('ci', 'natural_sort', 'und-x-icu')"
        ).fetchall()
    )
    assert set(names) == {"ci", "natural_sort", "und-x-icu"} and "i" not in names.values()
    # what the warning says is what happens: values that differ only in case are distinct
    no_icu.execute(
        "INSERT INTO users VALUES (1, 'Ann@example.com', 'a10', 'x'), "
        "(2, 'ann@example.com', 'a2', 'y')"
    )
    order = [r[0] for r in no_icu.execute("SELECT title FROM users ORDER BY title")]
    assert order == ["a10", "a2"]


def test_generate_maps_them_with_a_warning_or_stops_without_the_choice(
    make_project: MakeProject, pg_cluster: Any
) -> None:
    with psycopg.connect(pg_cluster.conninfo(), autocommit=True) as conn:
        if icu_map.server_has_icu(conn):
            pytest.skip("the session's server has ICU: nothing to map")
    config = make_project(ICU_SCHEMA, extra="[generate]\nrows = 50\n")
    stopped = run_cli("generate", "--yes", "--config", str(config))
    assert stopped.returncode != 0
    assert "uses ICU collations" in stopped.stderr and "Traceback" not in stopped.stderr
    config.write_text(config.read_text() + '[server]\nicu = "libc"\n')
    done = run_cli("generate", "--yes", "--json", "--config", str(config))
    assert done.returncode == 0, done.stderr
    events = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    warnings = [e["message"] for e in events if e.get("event") == "Warning"]
    assert len([w for w in warnings if w.startswith("ICU collation ")]) == 3, warnings


def test_a_bad_icu_setting_is_one_paragraph(make_project: MakeProject) -> None:
    config = make_project(ICU_SCHEMA, extra='[server]\nicu = "posix"\n', create_db=False)
    result = run_cli("estimate", "--config", str(config))
    assert result.returncode == 2
    assert 'key server.icu: expected "libc"' in result.stderr and "got 'posix'" in result.stderr
