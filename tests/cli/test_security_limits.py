"""The smaller limits of issue 22 (item 7), each tried through the real CLI or MCP server:
what a hostile schema.sql, sandbox.toml or agent asks for is refused in one paragraph, before
anything is touched, never with a traceback or an "unexpected error"."""

from __future__ import annotations

import re
import subprocess
import threading
from pathlib import Path
from typing import Any

import anyio
import psycopg
import pytest
from mcp import ClientSession

from tests.cli.test_mcp_server import _session_run, _text
from tests.conftest import Cluster, MakeProject, run_cli
from workbench.engine import Engine
from workbench.generate.base.regex_gen import MAX_MATCH_CHARS, drawn_length


@pytest.mark.parametrize(
    ("pattern", "most"),
    [
        ("^a{100000000}$", 100_000_000),
        ("^(?:x{100}){100}$", 10_000),
        ("^[a-z]{3,10}-\\d{2}$", 8 + 1 + 2),  # a repeat is drawn at most 5 past its least
        ("^(ab|c{5})+$", 6 * 5),
    ],
)
def test_drawn_length_is_the_longest_value_a_pattern_may_draw(pattern: str, most: int) -> None:
    assert drawn_length(pattern) == most


@pytest.mark.parametrize(
    ("check", "extra", "named"),
    [
        ("code ~ '^a{100000000}$'", "", "table public.t's CHECK"),
        ("code ~ '^(?:x{100}){100}$' OR code IS NULL", "", "table public.t's CHECK"),
        ("code !~ '[^a-z]' AND length(code) >= 100000000", "", "column public.t.code's CHECKs"),
        (
            "code <> ''",
            '[tables.t.columns.code]\ngenerator = "regex"\nparams = {pattern = "z{99999}"}\n',
            'key tables."public.t".columns.code.params.pattern',
        ),
    ],
    ids=["repeat", "nested", "length", "config"],
)
def test_a_huge_pattern_is_refused_at_plan_time(
    make_project: MakeProject, pg_cluster: Cluster, check: str, extra: str, named: str
) -> None:
    schema = f"CREATE TABLE t (id int PRIMARY KEY, code text CHECK ({check}));\n"
    config = make_project(schema, extra="[generate]\nrows = 10\n" + extra)
    for command in (["estimate"], ["generate", "--yes"]):
        result = run_cli(*command, "--config", str(config))
        assert result.returncode == 2, result.stderr
        assert "Traceback" not in result.stderr and "unexpected error" not in result.stderr
        assert named in result.stderr and f"{MAX_MATCH_CHARS:,}" in result.stderr
        assert len(result.stderr) < 1000
    # refused before the database was touched: no table was made
    name = config.read_text().split('name = "')[1].split('"')[0]
    with psycopg.connect(pg_cluster.conninfo(name)) as conn:
        assert conn.execute("SELECT count(*) FROM pg_class WHERE relname = 't'").fetchone() == (0,)


def _cli(config: Path, *args: str) -> subprocess.CompletedProcess[str]:
    result = run_cli(*args, "--config", str(config), cwd=config.parent)
    assert "Traceback" not in result.stderr and "unexpected error" not in result.stderr
    return result


@pytest.mark.parametrize(
    ("line", "named"),
    [
        ('lifetime = "99999999999999999d"', "sandbox.lifetime"),
        ('lifetime = "3661d"', "sandbox.lifetime"),
        ("x = " + "[" * 100_000 + "]" * 100_000, "nests arrays or tables"),
        ("x = " + "{a=" * 3000 + "1" + "}" * 3000, "nests arrays or tables"),
    ],
    ids=["lifetime-huge", "lifetime-past-ten-years", "deep-arrays", "deep-tables"],
)
def test_sandbox_toml_that_would_fail_later_is_refused_at_load(
    tmp_path: Path, line: str, named: str
) -> None:
    (tmp_path / "schema.sql").write_text("CREATE TABLE t (id int PRIMARY KEY);\n")
    config = tmp_path / "sandbox.toml"
    config.write_text(f'[sandbox]\nname = "limits"\n{line}\n')
    result = _cli(config, "estimate")
    assert result.returncode == 2, result.stderr
    assert str(config) in result.stderr and named in result.stderr
    assert len(result.stderr) < 600


HOSTILE_NAMES = (
    'CREATE TABLE "evil\u202etxt.exe" (id int PRIMARY KEY, "col\nPASS  forged" text,'
    ' "rtl\u2067x" int);\n'
    'CREATE TABLE "two\nlines" (id int PRIMARY KEY);\n'
)
_RAW = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def test_bidi_controls_and_line_breaks_in_names_are_shown_escaped(
    make_project: MakeProject,
) -> None:
    config = make_project(HOSTILE_NAMES, extra="[generate]\nrows = 5\n")
    outputs = []
    for args in (["estimate"], ["schema"], ["classify"], ["doctor"], ["sample", "two\nlines"]):
        result = _cli(config, *args)
        outputs.append(result.stdout + result.stderr)
    refused = _cli(config, "sample", "no\u202esuch\nworkbench: done")
    assert refused.returncode == 2
    outputs.append(refused.stdout + refused.stderr)
    for text in outputs:
        assert not _RAW.search(text), text
        assert "forged" not in text or "\\x0aPASS  forged" in text
        assert not re.search(r"^(PASS  forged|lines|workbench: done)", text, re.MULTILINE), text
    assert "evil\\u202etxt.exe" in outputs[0] and "two\\x0alines" in outputs[0]
    assert "col\\x0aPASS  forged" in outputs[1] + outputs[2]


def test_a_huge_name_is_never_echoed_whole(make_project: MakeProject) -> None:
    config = make_project(HOSTILE_NAMES)
    huge = "t" * 100_000  # one argument of a command line holds at most 128 kB
    for args in (["sample", huge], ["dist", f"{huge}.id"], ["dist", f"two\nlines.{huge}"]):
        result = _cli(config, *args)
        assert result.returncode == 2, result.stderr[:300]
        assert len(result.stdout + result.stderr) < 1000, args[0]
        assert "characters)" in result.stderr


def test_concurrent_role_preparation_never_collides(make_project: MakeProject) -> None:
    """MCP servers starting together each prepare the sandbox's roles and grants:
    concurrent GRANTs on one object failed with "tuple concurrently updated"."""
    config = make_project("CREATE TABLE t (id int PRIMARY KEY);\n")
    errors: list[str] = []

    def prepare() -> None:
        try:
            Engine(config).prepare_roles()
        except Exception as err:  # every failure is the finding
            errors.append(f"{type(err).__name__}: {err}")

    for _ in range(3):
        threads = [threading.Thread(target=prepare) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert errors == []


def test_mcp_tools_refuse_what_an_agent_should_not_get(make_project: MakeProject) -> None:
    """Through the real MCP server: rows that are not whole numbers, a one-megabyte table
    name, a query that burns a transaction id, a generate past the agents' row budget."""
    config = make_project(
        "CREATE TABLE t (id int PRIMARY KEY);\nCREATE TABLE u (id int PRIMARY KEY);\n",
        extra="[generate]\nrows = 10\nagent_max_rows = 1000\n",
    )
    huge = "t" * 1_000_000

    async def body(session: ClientSession) -> dict[str, Any]:
        calls: dict[str, tuple[str, dict[str, Any]]] = {
            "estimate-true": ("estimate", {"rows": True}),
            "estimate-string": ("estimate", {"rows": "5"}),
            "sample-limit-string": ("sample", {"table": "t", "limit": "5"}),
            "introspect-huge": ("introspect", {"table": huge}),
            "sample-huge": ("sample", {"table": huge}),
            "txid": ("query", {"sql": "SELECT txid_current()"}),
            "xact-id": ("query", {"sql": "SELECT pg_catalog.pg_current_xact_id()"}),
            "over-budget": ("generate", {"rows": 501}),
            "within-budget": ("generate", {"rows": 500}),
            "estimate-ok": ("estimate", {"rows": 5}),
        }
        return {key: await session.call_tool(tool, args) for key, (tool, args) in calls.items()}

    out = anyio.run(_session_run, config, body)
    for key, result in out.items():
        text = _text(result)
        assert "Traceback" not in text and "unexpected error" not in text, (key, text[:300])
        assert len(text) < 3000, (key, len(text))
        if key in ("within-budget", "estimate-ok"):
            assert not result.is_error, (key, text)
        else:
            assert result.is_error, (key, text[:300])
    assert "rows" in _text(out["estimate-true"]) and "rows" in _text(out["estimate-string"])
    assert "characters)" in _text(out["introspect-huge"])
    assert "txid_current" in _text(out["txid"])
    budget = _text(out["over-budget"])
    assert "1,002 rows" in budget and "generate.agent_max_rows" in budget, budget
    assert out["within-budget"].structured_content["rows"] == 1000
