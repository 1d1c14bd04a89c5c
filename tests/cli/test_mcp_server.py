"""`workbench mcp` driven by the MCP SDK's own stdio client, as an agent's host would run it."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from tests.cli.test_cli_headless import PASSWORD, SMALL_CONFIG, SMALL_SCHEMA, make_project
from tests.conftest import Cluster, cli_env

READ_TOOLS = {"introspect", "estimate", "doctor", "lease", "sample", "query"}
WRITE_TOOLS = {"generate", "reset"}
MIGRATE_TOOLS = {"rehearse", "explain"}


def _params(config: Path, *extra: str) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "workbench.cli", "mcp", "--config", str(config), *extra],
        cwd=str(config.parent),
        env=cli_env(),  # the SDK's default keeps a few variables only
    )


async def _session_run(config: Path, body, *extra: str) -> Any:
    """`workbench mcp --config CONFIG EXTRA…` driven by the SDK's client: `body(session)`."""
    with open(config.parent / "mcp-stderr.log", "w") as errlog:
        async with (
            stdio_client(_params(config, *extra), errlog=errlog) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            return await body(session)


def _text(result) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


def test_read_only_sandbox_lists_no_write_tools(tmp_path: Path, pg_cluster: Cluster) -> None:
    caps = 'capabilities = ["read"]'
    with make_project(tmp_path, pg_cluster, SMALL_SCHEMA, SMALL_CONFIG, caps=caps) as proj:

        async def body(session: ClientSession) -> dict[str, Any]:
            tools = (await session.list_tools()).tools
            intro = await session.call_tool("introspect", {})
            return {"tools": tools, "introspect": intro}

        out = anyio.run(_session_run, proj.config, body)
        names = {t.name for t in out["tools"]}
        assert names == READ_TOOLS
        for tool in out["tools"]:
            params = set(tool.input_schema.get("properties", {}))
            assert not params & {"dsn", "host", "conninfo", "url", "database"}, tool.name
            assert tool.annotations is not None and tool.annotations.read_only_hint
        intro = out["introspect"]
        assert not intro.is_error
        tables = {t["name"] for t in intro.structured_content["tables"]}
        assert tables == {"public.authors", "public.posts"}
        proj.outputs.append(_text(intro))


def test_agent_loop_estimate_generate_sample_query(tmp_path: Path, pg_cluster: Cluster) -> None:
    with make_project(tmp_path, pg_cluster, SMALL_SCHEMA, SMALL_CONFIG) as proj:

        async def body(session: ClientSession) -> dict[str, Any]:
            out: dict[str, Any] = {"tools": {t.name for t in (await session.list_tools()).tools}}
            out["estimate"] = await session.call_tool("estimate", {"rows": 30})
            out["generate"] = await session.call_tool("generate", {"rows": 30})
            out["sample"] = await session.call_tool("sample", {"table": "posts", "limit": 500})
            out["select"] = await session.call_tool(
                "query", {"sql": "SELECT status, count(*) AS n FROM posts GROUP BY 1 ORDER BY 2"}
            )
            out["delete"] = await session.call_tool("query", {"sql": "DELETE FROM posts"})
            out["sneaky"] = await session.call_tool("query", {"sql": "SELECT 1; DROP TABLE posts"})
            out["count"] = await session.call_tool(
                "query", {"sql": "SELECT count(*) AS n FROM posts"}
            )
            out["columns"] = await session.call_tool("introspect", {"table": "posts"})
            return out

        out = anyio.run(_session_run, proj.config, body)
        assert out["tools"] == READ_TOOLS | WRITE_TOOLS | MIGRATE_TOOLS

        est = out["estimate"].structured_content
        assert not out["estimate"].is_error
        assert {t["name"] for t in est["tables"]} == {"public.authors", "public.posts"}
        assert {"rows", "bytes", "seconds"} <= set(est["total"])

        gen = out["generate"]
        assert not gen.is_error, _text(gen)
        assert gen.structured_content["tables"] == 2

        sample = out["sample"].structured_content
        assert not out["sample"].is_error
        assert sample["table"] == "public.posts"
        assert 0 < sample["row_count"] <= 50  # capped, never the whole table
        assert "status" in sample["columns"]

        select = out["select"].structured_content
        assert select["columns"] == ["status", "n"] and select["rows"]

        for refused in (out["delete"], out["sneaky"]):
            assert refused.is_error
            assert "read-only" in _text(refused) or "one statement" in _text(refused)
        posts = out["count"].structured_content["rows"][0][0]
        assert posts > 0  # the DELETE did not happen

        columns = {c["name"] for c in out["columns"].structured_content["columns"]}
        assert {"author_id", "status", "score"} <= columns

        for result in out.values():
            if not isinstance(result, set):
                text = _text(result) + json.dumps(result.structured_content or {})
                proj.outputs.append(text)
                assert PASSWORD not in text
        assert PASSWORD not in (proj.root / "mcp-stderr.log").read_text()


def test_errors_are_tool_errors_with_redacted_messages(tmp_path: Path, pg_cluster: Cluster) -> None:
    with make_project(tmp_path, pg_cluster, SMALL_SCHEMA, SMALL_CONFIG) as proj:

        async def body(session: ClientSession) -> list[Any]:
            return [
                await session.call_tool("sample", {"table": "no_such_table"}),
                await session.call_tool("query", {"sql": "SELECT * FROM nowhere"}),
                await session.call_tool("query", {"sql": "SELECT pg_sleep(30)"}),
            ]

        results = anyio.run(_session_run, proj.config, body)
        assert all(r.is_error for r in results)
        assert "no table 'no_such_table'" in _text(results[0])
        assert "nowhere" in _text(results[1])
        assert "timeout" in _text(results[2])
        for r in results:
            proj.outputs.append(_text(r))
            assert "Traceback" not in _text(r)


def test_rehearse_and_explain_for_agents_return_findings_and_plans_never_rows(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    with make_project(tmp_path, pg_cluster, SMALL_SCHEMA, SMALL_CONFIG) as proj:

        async def body(session: ClientSession) -> dict[str, Any]:
            out: dict[str, Any] = {}
            out["generate"] = await session.call_tool("generate", {"rows": 40})
            out["sample"] = await session.call_tool("sample", {"table": "authors", "limit": 5})
            out["rehearse"] = await session.call_tool(
                "rehearse", {"sql": "ALTER TABLE posts ALTER COLUMN score TYPE numeric;"}
            )
            out["explain"] = await session.call_tool(
                "explain",
                {
                    "queries": ["SELECT * FROM posts WHERE status = 'draft'"],
                    "after_sql": "CREATE INDEX posts_status_idx ON posts (status);",
                },
            )
            out["refused"] = await session.call_tool("explain", {"queries": ["DROP TABLE posts"]})
            # an agent's query is text: a path it names (outside the project) is never read
            out["path"] = await session.call_tool(
                "explain", {"queries": [str(outside), "../outside.sql"]}
            )
            return out

        outside = tmp_path / "outside.sql"
        outside.write_text("SELECT 'outside-secret-7731' AS s;\n")

        out = anyio.run(_session_run, proj.config, body)
        assert not out["generate"].is_error, _text(out["generate"])
        rehearsal = out["rehearse"].structured_content
        assert not out["rehearse"].is_error, _text(out["rehearse"])
        measured = {f["kind"] for f in rehearsal["findings"] if f["source"] == "measured"}
        assert "table-rewrite" in measured
        assert rehearsal["statements"][0]["rewritten"] == ["public.posts"]
        plans = out["explain"].structured_content["plans"]
        assert plans[0]["before"]["shape"] and plans[0]["after"] is not None
        assert "plan" not in plans[0]["before"]  # summaries, not the server's whole plan
        assert out["refused"].is_error and "not a query to plan" in _text(out["refused"])
        assert out["path"].is_error and "not a query to plan" in _text(out["path"])
        assert "outside-secret-7731" not in _text(out["path"])
        # no value of the sandbox's rows comes back: the e-mails `sample` shows are absent
        sample = out["sample"].structured_content
        email = sample["columns"].index("email")
        emails = [row[email] for row in sample["rows"]]
        assert emails
        for name in ("rehearse", "explain"):
            text = _text(out[name]) + json.dumps(out[name].structured_content)
            proj.outputs.append(text)
            assert PASSWORD not in text
            assert not any(str(e) in text for e in emails)
