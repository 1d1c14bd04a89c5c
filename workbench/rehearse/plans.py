"""Query plans on a rehearsal clone: `EXPLAIN (FORMAT JSON)`, never run, summarised as a
shape (the nodes with their tables and indexes), a cost and the indexes chosen; before and
after a migration, side by side. A change of shape is a finding.

A query is one statement (SELECT, WITH, VALUES, TABLE, INSERT, UPDATE, DELETE, MERGE), sent
as the rehearsal's own role inside a READ ONLY transaction that is rolled back; one with
parameters ($1) is planned generically (EXPLAIN GENERIC_PLAN)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg

from workbench.errors import UsageError
from workbench.rehearse.findings import ERROR, NOTICE, WARNING, Finding
from workbench.rehearse.results import error_text, magnitude
from workbench.schema.split import split_statements

_FIRST_WORD = re.compile(r"^\s*(?:\(\s*)*([A-Za-z]+)")
_PLANNABLE = frozenset({"select", "with", "values", "table", "insert", "update", "delete", "merge"})
_PARAM = re.compile(r"\$\d+")
MAX_QUERIES = 50
MAX_QUERY_CHARS = 100_000


@dataclass
class Plan:
    shape: str
    cost: float
    rows: float
    indexes: list[str]
    plan: Any  # the server's JSON plan

    def to_dict(self) -> dict[str, Any]:
        return {
            "shape": self.shape,
            "cost": round(self.cost, 2),
            "rows": self.rows,
            "indexes": self.indexes,
            "plan": self.plan,
        }


@dataclass
class Compared:
    query: str
    before: Plan | None = None
    after: Plan | None = None
    errors: dict[str, str] = field(default_factory=dict)  # side → why it could not be planned

    @property
    def changed(self) -> bool:
        return (
            self.before is not None
            and self.after is not None
            and self.before.shape != self.after.shape
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "before": self.before.to_dict() if self.before else None,
            "after": self.after.to_dict() if self.after else None,
            "changed": self.changed,
            "error": "; ".join(f"{side}: {e}" for side, e in self.errors.items()) or None,
        }


def read_queries(items: list[str], *, files: Callable[[Path], Path] | None) -> list[str]:
    """Each item is SQL text, or (with `files`, for the user's own command line and TUI: the
    check every such path passes, trust.checked_path) the path of a file of statements;
    every statement one query, checked to be one that can be planned. An agent's items are
    text only: a path it names is never opened."""
    queries: list[str] = []
    for item in items:
        path = Path(item)
        text = item
        if files and len(item) < 4096 and "\n" not in item and path.suffix == ".sql":
            try:
                text = files(path).read_text(encoding="utf-8")
            except FileNotFoundError:
                raise UsageError(f"{item}: no such file of queries.") from None
            except (OSError, UnicodeDecodeError) as err:
                raise UsageError(f"{item}: cannot be read as UTF-8 text ({err}).") from None
        statements, metas = split_statements(text)
        if metas:
            raise UsageError(f"line {metas[0].line}: a psql meta-command is not a query.")
        for st in statements:
            queries.append(check_query(st.text))
    if not queries:
        raise UsageError("no query to explain: give SQL text, or a .sql file of queries.")
    if len(queries) > MAX_QUERIES:
        raise UsageError(f"{len(queries)} queries: at most {MAX_QUERIES} at a time.")
    return queries


def check_query(text: str) -> str:
    text = text.strip().rstrip(";").strip()
    if len(text) > MAX_QUERY_CHARS:
        raise UsageError(f"a query of {len(text):,} characters: at most {MAX_QUERY_CHARS:,}.")
    match = _FIRST_WORD.match(re.sub(r"--[^\n]*|/\*.*?\*/", " ", text, flags=re.DOTALL))
    word = match.group(1).lower() if match else ""
    if word not in _PLANNABLE:
        raise UsageError(
            f"{text[:60]!r} is not a query to plan: expected SELECT, WITH, VALUES, TABLE, "
            "INSERT, UPDATE, DELETE or MERGE (EXPLAIN is added by the workbench)."
        )
    return text


def _walk(node: dict[str, Any], indexes: list[str]) -> str:
    kind = str(node.get("Node Type", "?"))
    if node.get("Join Type") and "Join" in kind and node["Join Type"] != "Inner":
        kind = f"{kind} ({node['Join Type']})"
    index = node.get("Index Name")
    if index:
        indexes.append(str(index))
        kind += f" using {index}"
    relation = node.get("Relation Name")
    if relation:
        kind += f" on {relation}"
    children = [_walk(child, indexes) for child in node.get("Plans", [])]
    return f"{kind}({', '.join(children)})" if children else kind


def summarise(explained: Any) -> Plan:
    root = explained[0]["Plan"]
    indexes: list[str] = []
    shape = _walk(root, indexes)
    return Plan(
        shape,
        float(root.get("Total Cost", 0.0)),
        float(root.get("Plan Rows", 0.0)),
        sorted(set(indexes)),
        explained,
    )


def explain(conn: psycopg.Connection[Any], query: str) -> Plan:
    """The plan of one query (never executed), in a READ ONLY transaction rolled back."""
    options = "FORMAT JSON, GENERIC_PLAN" if _PARAM.search(query) else "FORMAT JSON"
    try:
        conn.execute("SET TRANSACTION READ ONLY")  # the first statement of a new transaction
        row = conn.execute(f"EXPLAIN ({options}) {query}").fetchone()  # type: ignore[arg-type]
    finally:
        conn.rollback()
    assert row is not None
    value = row[0]
    return summarise(json.loads(value) if isinstance(value, str) else value)


def plan_all(
    conn: psycopg.Connection[Any],
    queries: list[str],
    compared: list[Compared],
    side: str,
    *,
    withhold_errors: bool = False,
) -> None:
    """Plan every query on one side ("before" or "after"), into `compared` (a planning
    error's text reduced to its condition with `withhold_errors`: planning runs the
    immutable functions a migration made, and their RAISE can quote rows; and the estimated
    rows and cost to their order of magnitude: a migration's `ANALYZE` after deleting rows
    by a value, or an immutable function folded by the planner, sets them)."""
    for i, query in enumerate(queries):
        if len(compared) <= i:
            compared.append(Compared(query))
        try:
            plan = explain(conn, query)
        except psycopg.Error as err:
            compared[i].errors[side] = error_text(err, withhold=withhold_errors)[0]
            continue
        if withhold_errors:
            plan.rows, plan.cost = magnitude(plan.rows), magnitude(plan.cost)
        setattr(compared[i], side, plan)


def plan_findings(compared: list[Compared]) -> list[Finding]:
    out = []
    for c in compared:
        if c.before is not None and "after" in c.errors:
            out.append(
                Finding(
                    "query-broken",
                    ERROR,
                    f"`{c.query[:80]}` was planned before the migration and cannot be after "
                    f"it: {c.errors['after']}",
                    "Change the query with the migration (and deploy them together), or keep "
                    "what it uses until no query needs it.",
                    figures={"query": c.query, "before": c.before.shape},
                )
            )
        if not c.changed or c.before is None or c.after is None:
            continue
        costlier = c.after.cost > c.before.cost * 1.1
        out.append(
            Finding(
                "plan-changed",
                WARNING if costlier else NOTICE,
                f"the plan of `{c.query[:80]}` changed: {c.before.shape} (cost "
                f"{c.before.cost:,.1f}) → {c.after.shape} (cost {c.after.cost:,.1f})",
                "A costlier plan after the migration: look at what it changes under the query "
                "(an index dropped or no longer usable, a column's type)."
                if costlier
                else "Check that the new plan is the one intended (the index it uses, the "
                "join order), and confirm with EXPLAIN on production after the deploy.",
                figures={
                    "query": c.query,
                    "before": {"shape": c.before.shape, "cost": c.before.cost},
                    "after": {"shape": c.after.shape, "cost": c.after.cost},
                },
            )
        )
    return out
