"""The text each command prints for people (--json prints the data itself): plain strings
built from the result dictionaries, drawn with workbench.cli.render."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from workbench.cli.render import is_terminal, legend, table, terminal_width
from workbench.units import human_bytes, human_seconds

if TYPE_CHECKING:
    from workbench.stats.scrub import ScrubReport


def status_text(status: dict[str, Any]) -> str:
    lines = [f"sandbox   {status['target']}"]
    if status["embedded"]:
        lines.append(f"server    {'running' if status['server_running'] else 'stopped'}")
    if status["database_exists"]:
        marker = "marked" if status["marked"] else "NOT marked"
        lines.append(f"database  exists, {marker}, {status['user_tables']} user table(s)")
    elif status["embedded"] and not status["server_running"]:
        # Not looked at: a stopped (or killed) server says nothing about its databases.
        lines.append("database  unknown: the embedded server is not running (run `workbench up`)")
    else:
        lines.append("database  does not exist (run `workbench up`)")
    return "\n".join(lines)


def doctor_text(checks: list[dict[str, Any]]) -> str:
    width = max((len(c["name"]) for c in checks), default=0)
    lines = []
    for check in checks:
        line = f"{check['status'].upper():4}  {check['name']:<{width}}  {check['message']}"
        if check["fix"]:
            line += f"\n      {'':<{width}}  fix: {check['fix']}"
        lines.append(line)
    return "\n".join(lines)


def server_text(status: dict[str, Any]) -> str:
    state = "running" if status["running"] else "stopped"
    where = f" on {status['host']}:{status['port']}" if status["port"] else ""
    lines = [f"embedded PostgreSQL {status['version'] or ''} {state}{where}".replace("  ", " ")]
    lines += _binaries_lines(status["binaries"])
    return "\n".join(lines)


def _binaries_lines(info: dict[str, Any]) -> list[str]:
    lines = []
    if info.get("cluster"):
        made = info["cluster"]
        lines.append(f"cluster   made by PostgreSQL {made['version']} in {made['bindir']}")
        if info.get("runs_from") and info["runs_from"] != made["bindir"]:
            lines.append(f"          runs from the copy in {info['runs_from']}")
    if info.get("resolved"):
        res = info["resolved"]
        lines.append(f"binaries  PostgreSQL {res['version']} in {res['bindir']}")
        lines.append(f"          why: {res['reason']}")
        for item in res["looked_at"]:
            if item["outcome"] != "chosen":
                lines.append(f"          passed over: {item['where']}: {item['reason']}")
    if info.get("error"):
        lines.append(f"binaries  {info['error']}")
    if info.get("rebuild"):
        lines.append(f"REBUILD   {info['rebuild']}")
    return lines


def estimate_text(est: dict[str, Any]) -> str:
    rows = [
        (
            t["name"],
            f"{t['from_schema_sql']:,} from schema.sql"
            if t.get("from_schema_sql")
            else f"{t['rows']:,}",
            human_bytes(t["bytes"]),
            human_seconds(t["seconds"]),
        )
        for t in est["tables"]
    ]
    total = est["total"]
    rows.append(
        (
            "total",
            f"{total['rows']:,}",
            human_bytes(total["bytes"]),
            human_seconds(total["seconds"]),
        )
    )
    return table(("table", "rows", "size", "time"), rows, right={1, 2, 3})


def generated_text(result: dict[str, Any]) -> str:
    return (
        f"generated {result['rows']:,} rows in {result['tables']} table(s) in "
        f"{result['seconds']:.1f} s (seed {result['seed']}"
        + (", resumed" if result.get("resumed") else "")
        + ")"
    )


def classify_text(items: list[dict[str, Any]]) -> str:
    rows = [
        (
            f"{i['table']}.{i['column']}",
            "—" if i.get("from_schema_sql") else i["generator"],
            "from schema.sql"
            if i.get("from_schema_sql")
            else ("declared" if i["declared"] else ("recorded" if i["recorded"] else "inferred")),
            f"{i['from_schema_sql']:,} rows from schema.sql, loaded as they are"
            if i.get("from_schema_sql")
            else "; ".join([i["reason"], *i.get("rules", [])]),
        )
        for i in items
    ]
    return table(("column", "generator", "source", "why"), rows)


def check_text(report: dict[str, Any]) -> str:
    if report["ok"]:
        return f"ok: all {report['columns']} column(s) have a recorded decision"
    exposed = report.get("personal_statistics") or []
    lines = []
    if exposed:
        lines.append(f"{len(exposed)} personal column(s) whose statistics carry real values:")
        lines += [f"  {e['table']}.{e['column']}: {', '.join(e['keys'])} at {e['source']}"
                  for e in exposed]  # fmt: skip
        from workbench.stats.privacy import scrub_advice

        advice = scrub_advice([e["source"] for e in exposed])
        lines.append(advice[0].upper() + advice[1:] + ".")
        if not report["problems"]:
            return "\n".join(lines)
    lines.append(f"{len(report['problems'])} column(s) without a recorded decision:")
    for p in report["problems"]:
        ref = f"{p['table']}.{p['column']}"
        if p["problem"] == "unrecorded":
            entry = ", ".join(f"{k} = {json.dumps(v)}" for k, v in p["suggested"].items())
            lines.append(f"  {ref}: suggested {entry}  ({p['reason']})")
        else:
            lines.append(f"  {ref}: {p['message']}")
    lines.append("Review them, then run `workbench classify --write` to record the suggestions.")
    return "\n".join(lines)


def dist_text(d: dict[str, Any]) -> str:
    """The review `workbench dist` prints: the same rows, planned source and sampling-error
    verdict as the TUI's `d` screen (workbench/distribution_review.py builds them)."""
    from workbench.distribution import review_of

    review = review_of(d)
    color = is_terminal(sys.stdout)
    width = min(terminal_width(), 100)
    source = "declared" if d["declared"] else "inferred"
    rows_text = f"{d['rows']:,} rows" if d["generated"] else "not generated"
    lines = [
        f"{review['title']}",
        f"{d['kind']}  generator {d['generator']} ({source})  {rows_text}",
        f"planned: {review.get('planned_source') or 'nothing (actual only)'}",
    ]
    lines += _review_rows(review, bool(d["generated"]), width, color)
    lines += [text for text in (review.get("summary"), review.get("check_text")) if text]
    lines += list(d.get("notes") or [])
    nulls = d["nulls"]
    actual_null = "-" if nulls["actual"] is None else f"{nulls['actual']:.1%}"
    lines.append(f"nulls: planned {nulls['planned']:.1%}, actual {actual_null}")
    if d.get("production"):
        from workbench.stats.review import production_lines

        lines += production_lines(d["production"])
    return "\n".join(lines)


def _review_rows(review: dict[str, Any], generated: bool, width: int, color: bool) -> list[str]:
    """One line per row: label, planned and actual shares, the difference in points, and the
    bars (planned ▒ over actual █ on one scale)."""
    from workbench.cli.render import ACTUAL_MARK, PLANNED_MARK

    rows = review["rows"]
    if not rows:
        return ["(no values to show yet)"]
    has_plan = any(r["planned"] is not None for r in rows)
    label_width = min(max(len(review["axis"]), *(len(str(r["label"])) for r in rows)), 24)
    head = f"{review['axis'][:label_width]:<{label_width}}"
    head += "  planned   actual      Δ" if has_plan else "   actual"
    bar_width = max(6, width - len(head) - 2)
    top = max([*(r["planned"] or 0 for r in rows), *(r["actual"] or 0 for r in rows), 1e-9])

    def pct(v: float | None) -> str:
        return "—" if v is None else f"{100 * v:.1f} %"

    def bar(share: float | None, mark: str, code: str) -> str:
        cells = round(bar_width * (share or 0) / top) or (1 if share else 0)
        return f"\x1b[{code}m{mark * cells}\x1b[0m" if color else mark * cells

    out = [head]
    for r in rows:
        label = str(r["label"])
        label = label if len(label) <= label_width else label[: label_width - 1] + "…"
        if has_plan:
            delta = "—"
            if r["actual"] is not None and r["planned"] is not None:
                delta = f"{100 * (r['actual'] - r['planned']):+.1f}"
            line = f"{label:<{label_width}}  {pct(r['planned']):>7}  {pct(r['actual']):>7}"
            out.append(f"{line}  {delta:>5}  {bar(r['planned'], PLANNED_MARK, '36')}")
            if generated:
                out.append(f"{'':<{len(line) + 9}}{bar(r['actual'], ACTUAL_MARK, '32')}".rstrip())
        else:
            out.append(
                f"{label:<{label_width}}  {pct(r['actual']):>7}  "
                f"{bar(r['actual'], ACTUAL_MARK, '32')}"
            )
    if has_plan and generated:
        out.append(legend(True))
    return out


def scrub_text(
    report: ScrubReport, statistics_path: Path | None, schema_path: Path | None = None
) -> str:
    lines = [f"{report.output}: written from {report.source}"]
    lines += [f"  removed values of personal column {item}" for item in report.scrubbed]
    if not report.scrubbed:
        lines.append("  no personal column carried values: the file is unchanged in content")
    elif report.output != report.source and report.source == schema_path:
        lines.append(
            f"{report.source.name} itself still carries the values and is read for statistics: "
            "run `workbench stats scrub --in-place` on it to clear `check`."
        )
    elif report.output != statistics_path:
        lines.append(f"Point [sandbox] statistics at {report.output.name} to use it.")
    return "\n".join(lines)


def reset_text(result: dict[str, Any]) -> str:
    text = (
        f"reset ({result['path']}) in {result['seconds']:.2f} s: schema fingerprint "
        f"{result['fingerprints']['database'][:12]} verified against schema.sql; snapshot "
        f"{result['snapshot_id']}"
    )
    if result.get("connections_ended"):
        text += f"; ended {result['connections_ended']} other session(s)"
    if result.get("recovery"):
        text += f"; recovered in {result['recovery']['seconds']:.1f} s after a failed run"
    return text


def snapshot_text(result: dict[str, Any]) -> str:
    text = f"snapshot {result['snapshot_id']} taken in {result['seconds']:.2f} s"
    if not result["matches_schema"]:
        text += " (its schema differs from schema.sql: reset will not use it)"
    return text


_LEASE_ORDER = (
    "sandbox_id", "run_id", "database", "target", "built_by", "created", "expires", "lifetime",
    "capabilities", "git_revision", "git_dirty", "schema_file", "schema_file_hash",
    "schema_fingerprint", "database_fingerprint", "migrations_hash", "seed", "seed_source",
    "rows", "config_hash", "snapshot_id",
)  # fmt: skip


def lease_text(lease: dict[str, Any]) -> str:
    width = max(len(k) for k in _LEASE_ORDER)
    lines = []
    for key in _LEASE_ORDER:
        value = lease.get(key)
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        if key == "expires" and lease.get("expired"):
            value = f"{value} (EXPIRED)"
        lines.append(f"{key:<{width}}  {'-' if value is None else value}")
    return "\n".join(lines)


def evidence_text(runs: list[dict[str, Any]]) -> str:
    if not runs:
        return "no runs recorded yet (.workbench/evidence.jsonl)"
    lines = []
    for run in runs:
        seconds = "-" if run["seconds"] is None else f"{run['seconds']:.2f}s"
        phases = ", ".join(
            p["phase"] + ("" if p.get("outcome") == "ok" else f" [{p.get('outcome')}]")
            for p in run["phases"]
        )
        line = (
            f"{run['started'][:19]}  {run['run_id']}  {run['command']:<9} "
            f"{run['outcome']:<11} {seconds:>8}  {phases}"
        )
        if run.get("error"):
            line += f"\n    error: {run['error'].splitlines()[0]}"
        if run.get("recovery"):
            rec = run["recovery"]
            line += f"\n    recovered in {rec['seconds']:.1f} s from run {rec['from_run']}"
        lines.append(line)
    return "\n".join(lines)
