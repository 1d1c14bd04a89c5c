"""xml columns on a server built without libxml (workbench/server/gaps.py): nullable ones are
left NULL with a warning naming them, a NOT NULL one stops the run with the ways out; a server
with libxml fills them."""

from __future__ import annotations

import json
from pathlib import Path

import psycopg
import pytest

from tests.conftest import Cluster, MakeProject, run_cli
from workbench.config.file import parse_config
from workbench.errors import GenerationError
from workbench.schema.parse import parse_schema_text
from workbench.server.gaps import server_has_xml, without_xml, xml_columns

XML_SCHEMA = """\
CREATE DOMAIN public.document AS xml;
CREATE TABLE notes (
    id serial PRIMARY KEY,
    body xml,
    extra public.document,
    title text NOT NULL
);
"""


def test_xml_columns_and_the_run_s_own_config() -> None:
    schema = parse_schema_text(XML_SCHEMA, "x.sql").schema
    assert [c.name for c in xml_columns(schema)] == ["public.notes.body", "public.notes.extra"]
    config = parse_config({}, Path("/p/sandbox.toml"))
    same, none = without_xml(config, schema, has_xml=True)
    assert same is config and none == []
    fitted, warnings = without_xml(config, schema, has_xml=False)
    assert fitted.tables["public.notes"].columns["body"].null_fraction == 1.0
    assert config.tables == {}  # sandbox.toml's own config is left as it was
    assert "public.notes.body, public.notes.extra" in warnings[0]
    strict = parse_schema_text(XML_SCHEMA.replace("body xml,", "body xml NOT NULL,"), "x.sql")
    with pytest.raises(GenerationError) as err:
        without_xml(config, strict.schema, has_xml=False)
    assert "public.notes.body are NOT NULL" in str(err.value) and "libxml" in str(err.value)


def test_generate_leaves_xml_null_only_where_the_server_refuses_it(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    with psycopg.connect(pg_cluster.conninfo(), autocommit=True) as conn:
        has_xml = server_has_xml(conn)
    config = make_project(XML_SCHEMA, extra="[generate]\nrows = 40\n")
    done = run_cli("generate", "--yes", "--json", "--config", str(config))
    assert done.returncode == 0, done.stderr
    events = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    warned = [e["message"] for e in events if e.get("event") == "Warning"]
    assert any(w.startswith("xml columns left NULL") for w in warned) is not has_xml
    name = config.read_text().split('name = "')[1].split('"')[0]
    with psycopg.connect(pg_cluster.conninfo(name)) as conn:
        row = conn.execute("SELECT count(*), count(body), count(extra) FROM notes").fetchone()
    assert row is not None and row[0] == 40
    assert (row[1] == 0 and row[2] == 0) is not has_xml
