"""A rehearsal as people read it: plain text for the terminal, Markdown for a pull request.
Both are built from the result's dictionary (`Rehearsal.to_dict()`), so what is printed,
kept in .workbench/rehearsals/ and returned as JSON say the same thing."""

from __future__ import annotations

import re
from typing import Any

from workbench.units import human_bytes
from workbench.units import precise_seconds as duration

_MARK = {"error": "✗", "warning": "!", "notice": "·"}


def _row_cell(st: dict[str, Any]) -> str:
    rows = st["rows"]
    touched = sum(rows["read"].values()) + sum(rows["written"].values())
    if rows["command"] is not None:
        touched = max(touched, rows["command"])
    return f"{touched:,}" if touched else "—"


def _findings_of(data: dict[str, Any], st: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        f for f in data["findings"] if f["file"] == st["file"] and f["statement"] == st["statement"]
    ]


def _scale_line(data: dict[str, Any]) -> str:
    scale = data["scale"]
    line = f"on {data['clone']['source']}"
    if scale.get("description"):
        line = scale["description"]
    return line


def _title(data: dict[str, Any]) -> str:
    files = ", ".join(f["name"] for f in data["files"])
    plans = data.get("plans") or []
    stats = data.get("statistics") or {}
    loaded = (
        f" with production's statistics ({stats['tables']} table(s), {stats['columns']} column(s))"
        if stats
        else ""
    )
    if not files:
        return f"plans of {len(plans)} query/queries {_scale_line(data)}{loaded}"
    what = f"rehearsal of {files} (migration {data['migration_hash']}) {_scale_line(data)}"
    return what + (f", {len(plans)} query plan(s){loaded}" if plans else "")


def text_report(data: dict[str, Any]) -> str:
    """The terminal's view: a line per statement, then the findings with their rewrites."""
    lines = [_title(data)]
    for st in data["statements"]:
        marks = "".join(_MARK[f["severity"]] for f in _findings_of(data, st))
        state = "FAILED" if st["error"] else duration(st["seconds"])
        if st.get("projected"):
            state += f" → {duration(st['projected']['seconds'])}"
        lines.append(
            f"  {st['file']}:{st['line']:<4} {state:>9}  {st['lock_summary'][:50]:<50} "
            f"{marks:<3} {st['sql'][:60]}"
        )
    failure = data.get("failure")
    if failure:
        lines.append(
            f"failed in {failure['stage']} at {failure['file']}:{failure['line']} (statement "
            f"{failure['statement']}): {failure['error']}; nothing after it ran, the clone "
            "was thrown away and the sandbox is untouched"
        )
    if data["findings"]:
        lines.append("findings:")
        for f in data["findings"]:
            where = f"{f['file']}:{f['line']}" if f["file"] else "migration"
            source = "" if f["source"] == "measured" else f" [{f['source']}]"
            agree = f" (squawk: {', '.join(f['squawk'])})" if f["squawk"] else ""
            lines.append(f"  {f['severity'].upper():7} {where} {f['kind']}{source}: {f['message']}")
            lines.append(f"          fix: {f['advice']}{agree}")
    elif data["statements"]:
        lines.append("findings: none")
    lines.extend(_plan_lines(data))
    notes = data.get("notes") or []
    lines += [f"note: {n}" for n in notes]
    return "\n".join(lines)


def _plan_lines(data: dict[str, Any]) -> list[str]:
    plans = data.get("plans") or []
    if not plans:
        return []
    lines = ["query plans (before → after):" if data["files"] else "query plans:"]
    for p in plans:
        both = p.get("before") and p.get("after")
        change = (
            "CHANGED" if p["changed"] else "error" if p.get("error") else "same" if both else ""
        )
        lines.append(f"  {change:7} {' '.join(p['query'].split())[:90]}")
        for side in ("before", "after"):
            plan = p.get(side)
            if plan:
                label = f"{side}:" if data["files"] else ""
                lines.append(f"          {label:7} {plan['shape']} (cost {plan['cost']:,.1f})")
        if p.get("error"):
            lines.append(f"          could not be planned {p['error']}")
    return lines


def _one_line(text: str) -> str:
    """Control characters (newlines included) as spaces: a line of the report stays one."""
    return "".join(" " if ord(c) < 32 or ord(c) == 127 else c for c in text)


def _md_escape(text: str) -> str:
    """Text of a table cell or a line: one line, no cell break, no HTML (`<!--` in a file's
    name or a message would hide the rest of the report when GitHub renders it)."""
    return _one_line(text).replace("|", "\\|").replace("<", "&lt;")


def _md_code(text: str) -> str:
    """`text` as an inline code span whatever it holds (backticks, pipes, newlines): the
    names of migration files come from the pull request being reviewed."""
    text = _one_line(text).replace("|", "\\|")
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _md_where(item: dict[str, Any]) -> str:
    return _md_code(f"{item['file']}:{item['line']}")


def markdown_report(data: dict[str, Any]) -> str:
    """The pull request's view: a summary, a table of statements, the findings."""
    errors = sum(1 for f in data["findings"] if f["severity"] == "error")
    warnings = sum(1 for f in data["findings"] if f["severity"] == "warning")
    verdict = "❌ failed" if data.get("failure") else ("⚠️ findings" if errors else "✅ ok")
    heading = "Migration rehearsal" if data["files"] else "Query plans"
    out = [
        f"### {heading}: {verdict}",
        "",
        f"{_md_escape(_title(data))}. {errors} error(s), {warnings} warning(s). Measured on a "
        "throwaway clone; the sandbox was not touched.",
        "",
    ]
    if data["statements"]:
        out += [
            "| statement | time | locks (held) | rewrite | rows | WAL | findings |",
            "|---|---:|---|---|---:|---:|---|",
        ]
    for st in data["statements"]:
        kinds = ", ".join(f["kind"] for f in _findings_of(data, st)) or "—"
        state = "**failed**" if st["error"] else duration(st["seconds"])
        if st.get("projected"):
            state += f" (→ {duration(st['projected']['seconds'])} at production)"
        out.append(
            f"| {_md_where(st)} {_md_code(st['sql'][:60])} | {state} | "
            f"{_md_escape(st['lock_summary'])} | {', '.join(st['rewritten']) or '—'} | "
            f"{_row_cell(st)} | {human_bytes(st['wal_bytes'])} | {kinds} |"
        )
    failure = data.get("failure")
    if failure:
        out += [
            "",
            f"**Failed** in {failure['stage']} at "
            f"{_md_where(failure)} "
            f"(statement {failure['statement']}): {_md_escape(failure['error'])}",
        ]
    if data["findings"]:
        out += ["", "#### Findings", ""]
        for f in data["findings"]:
            where = _md_where(f) + " " if f["file"] else ""
            agree = f" _(squawk: {', '.join(f['squawk'])})_" if f["squawk"] else ""
            source = "" if f["source"] == "measured" else f" _[{f['source']}, not measured]_"
            out.append(
                f"- **{f['severity']}** {where}**{f['kind']}**{source}: "
                f"{_md_escape(f['message'])}{agree}  \n  Safe rewrite: {_md_escape(f['advice'])}"
            )
    plans = data.get("plans") or []
    if plans:
        out += ["", "#### Query plans", "", "| query | before | after | |", "|---|---|---|---|"]
        for p in plans:
            cells = []
            for side in ("before", "after"):
                plan = p.get(side)
                cells.append(
                    f"{_md_escape(plan['shape'])} (cost {plan['cost']:,.1f})" if plan else "—"
                )
            state = "**changed**" if p["changed"] else (_md_escape(p["error"] or "same"))
            out.append(f"| {_md_code(p['query'][:60])} | {cells[0]} | {cells[1]} | {state} |")
    return "\n".join(out) + "\n"
