"""The text each command prints for people (--json prints the data itself): plain strings
built from the result dictionaries, drawn with workbench.cli.render."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from workbench.cli.render import chart, is_terminal, table, terminal_width
from workbench.printable import printable
from workbench.reads.charts import FRAME_ROWS
from workbench.units import counted, human_age, human_bytes, human_seconds, phase_parts

if TYPE_CHECKING:
    from workbench.stats.scrub import ScrubReport


def export_line(name: str, value: str) -> str:
    """`export NAME='value'` for `eval`: the value in single quotes, a quote inside it closed,
    escaped and reopened, so no character of it (a host or a path of a DSN) is a shell's."""
    quoted = "'" + str(value).replace("'", "'\\''") + "'"
    return f"export {name}={quoted}"


def status_text(status: dict[str, Any]) -> str:
    lines = [f"sandbox   {status['target']}"]
    if status.get("server_created") is False:
        lines.append(
            "server    not created yet: `workbench generate --yes` creates it and fills the "
            "sandbox (`workbench up`: an empty one)"
        )
        return "\n".join(lines)
    if status["embedded"]:
        lines.append(f"server    {'running' if status['server_running'] else 'stopped'}")
    if status["database_exists"]:
        marker = "marked" if status["marked"] else "NOT marked"
        lines.append(f"database  exists, {marker}, {counted(status['user_tables'], 'user table')}")
        if status.get("incomplete"):
            lines.append(
                f"          {printable(status['incomplete'])}: `workbench reset --yes` (or "
                "`workbench generate --yes`) recovers"
            )
    elif status["embedded"] and not status["server_running"]:
        # Not looked at: a stopped (or killed) server says nothing about its databases.
        lines.append("database  unknown: the embedded server is not running (run `workbench up`)")
    elif status.get("incomplete"):
        # a build that stopped: `up` would make an empty database and say nothing of it
        lines.append(
            f"database  does not exist; {printable(status['incomplete'])}: "
            "`workbench reset --yes` recovers"
        )
    else:
        lines.append("database  does not exist (run `workbench up`)")
    return "\n".join(lines)


def doctor_text(checks: list[dict[str, Any]]) -> str:
    width = max((len(c["name"]) for c in checks), default=0)
    lines = []
    for check in checks:
        # one line each: a name in the message (a table "x\nPASS …") forges no check
        message, fix = printable(check["message"]), printable(check["fix"])
        line = f"{check['status'].upper():4}  {check['name']:<{width}}  {message}"
        if fix:
            line += f"\n      {'':<{width}}  fix: {fix}"
        lines.append(line)
    return "\n".join(lines)


def trust_text(record: dict[str, Any], store: Path) -> str:
    database = record.get("sandbox.database")
    also = (
        f"\nThe database its DSN names ({database}) may be worked on even if it is not this "
        "sandbox's (no workbench marker); another database needs `workbench trust` again."
        if database
        else ""
    )
    if not record["choices"]:
        return (
            f"{record['checkout']}: sandbox.toml chooses nothing that runs or reads outside "
            "the checkout; nothing needed trusting (recorded anyway)." + also
        )
    lines = [f"trusted {record['checkout']} for your user ({store}):"]
    lines += [f"  {key} = {value}" for key, value in record["choices"].items()]
    lines.append("A changed value needs `workbench trust` again.")
    return "\n".join(lines) + also


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
        if res.get("standins"):
            lines.append(
                f"stand-ins {', '.join(res['standins'])}: the workbench's SQL versions of "
                "extensions this server lacks (\\dx shows them)"
            )
        if res.get("xml_null"):
            lines.append("XML       xml columns left NULL (this server has no libxml)")
        if res.get("icu_mapped"):
            lines.append(
                'ICU       collations mapped to libc or builtin ones ([server] icu = "libc")'
            )
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
            else ("≤ " if t.get("at_most") else "") + f"{t['rows']:,}",
            human_bytes(t["bytes"]),
            human_seconds(t["seconds"]),
        )
        for t in est["tables"]
    ]
    total = est["total"]
    rows.append(
        (
            "total",
            ("≤ " if any(t.get("at_most") for t in est["tables"]) else "") + f"{total['rows']:,}",
            human_bytes(total["bytes"]),
            human_seconds(total["seconds"]),
        )
    )
    text = table(("table", "rows", "size", "time"), rows, right={1, 2, 3})
    parts = phase_parts(est)
    if parts:  # the total is the whole run: say what it is made of
        text += "\ntime of the whole run: " + " · ".join(parts[:-1]) + f" ({parts[-1]})"
    return text


def generated_text(result: dict[str, Any]) -> str:
    line = (
        f"generated {counted(result['rows'], 'row')} in {counted(result['tables'], 'table')} in "
        f"{result['seconds']:.1f} s (seed {result['seed']}"
        + (", resumed" if result.get("resumed") else "")
        + ")"
    )
    fewer = [
        f"  {name}: {rows:,} planned rows left out (records of nothing: no header without lines, "
        "no record of an outcome that did not happen)"
        for name, rows in sorted((result.get("fewer") or {}).items())
    ]
    return "\n".join([line, *dropped_lines(result.get("dropped") or {}), *fewer])


def dropped_lines(dropped: dict[str, Any]) -> list[str]:
    """Per table the server would have refused rows of: kept, dropped, and by which
    constraint (the rows were left out; every constraint holds on the rest)."""
    lines = []
    for name_, d in sorted(dropped.items()):
        by = ", ".join(
            f"{name} {rows:,}" + (f" (e.g. {d['examples'][name]})" if name in d["examples"] else "")
            for name, rows in sorted(d["by_constraint"].items(), key=lambda kv: -kv[1])
        )
        lines.append(
            f"  {name_}: kept {d['kept']:,} of {d['planned']:,}, dropped {d['dropped']:,}: {by}"
        )
    return lines


def seed_import_text(result: dict[str, Any]) -> str:
    seed = result.get("seed_import") or {}
    values = seed.get("values") or {}
    verbs = {"mask": "masked", "fake": "faked", "null": "nulled"}
    done = ", ".join(f"{n:,} {verbs.get(a, a)}" for a, n in sorted(values.items())) or "all kept"
    generated = seed.get("generated_tables") or []
    lines = [
        f"imported {seed.get('rows', 0):,} seed rows into {len(seed.get('tables') or {})} "
        f"table(s), values {done}; nothing personal found by the scan",
        f"generated {result['rows']:,} rows in {len(generated)} other table(s) in "
        f"{result['seconds']:.1f} s",
        f"seed {str(seed.get('seed_hash', ''))[:16]}…  policy "
        f"{str(seed.get('policy_hash', ''))[:16]}…  snapshot {result.get('snapshot_id')}",
    ]
    return "\n".join(lines)


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
            else "\n".join([i["reason"], *i.get("rules", [])]),
        )
        for i in items
    ]
    roles: dict[str, tuple[str, str]] = {}
    for i in items:
        role = i.get("role")
        if role is not None and i["table"] not in roles:
            roles[i["table"]] = (role["kind"], role["why"])
    role_rows = [(name, kind, why) for name, (kind, why) in roles.items()]
    # each reason on its line, wrapped to the terminal (120 columns in a pipe)
    out = table(("column", "generator", "source", "why"), rows, width=terminal_width(120))
    if not role_rows:
        return out
    return out + "\n\n" + table(("table", "role", "why"), role_rows, width=terminal_width(120))


def check_text(report: dict[str, Any]) -> str:
    if report["ok"]:
        return f"ok: all {report['columns']} column(s) have a recorded decision"
    exposed = report.get("personal_statistics") or []
    lines = []
    if exposed:
        lines.append(f"{len(exposed)} personal column(s) whose statistics carry real values:")
        lines += [printable(f"  {e['table']}.{e['column']}: {', '.join(e['keys'])} at "
                            f"{e['source']}") for e in exposed]  # fmt: skip
        from workbench.generate.plan.personal import scrub_advice

        advice = scrub_advice([e["source"] for e in exposed])
        lines.append(advice[0].upper() + advice[1:] + ".")
        if not report["problems"]:
            return "\n".join(lines)
    lines.append(f"{len(report['problems'])} column(s) without a recorded decision:")
    for p in report["problems"]:
        ref = f"{p['table']}.{p['column']}"
        if p["problem"] == "unrecorded":
            entry = ", ".join(f"{k} = {json.dumps(v)}" for k, v in p["suggested"].items())
            lines.append(printable(f"  {ref}: suggested {entry}  ({p['reason']})"))
        else:
            lines.append(printable(f"  {ref}: {p['message']}"))
    lines.append("Review them, then run `workbench classify --write` to record the suggestions.")
    return "\n".join(lines)


def dist_text(d: dict[str, Any]) -> str:
    """The review `workbench dist` prints: the same rows, planned source and sampling-error
    verdict as the TUI's `d` screen (workbench/distribution/display.py builds them)."""
    from workbench.distribution.review import review_of

    review = review_of(d)
    color = is_terminal(sys.stdout)
    width = min(terminal_width(), 100)
    source = "declared" if d["declared"] else "inferred"
    rows_text = f"{d['rows']:,} rows" if d["generated"] else "not generated"
    lines = [
        printable(f"{review['title']}"),
        f"{d['kind']}  generator {d['generator']} ({source})  {rows_text}",
        f"planned: {review.get('planned_source') or 'nothing (actual only)'}",
    ]
    # two text rows a bar (a bar and a gap), at most 24 rows in all
    height = max(12, min(24, len(review["rows"]) * 2 + FRAME_ROWS))
    lines.append(chart(d, width=width, height=height, color=color))
    lines += _review_rows(review, bool(d["generated"]), width, color)
    texts = (review.get("declared_text"), review.get("summary"), review.get("check_text"))
    lines += [text for text in texts if text]
    lines += [f"look: {flag}" for flag in d.get("flags") or []]
    lines += list(d.get("notes") or [])
    nulls = d["nulls"]
    actual_null = "-" if nulls["actual"] is None else f"{nulls['actual']:.1%}"
    lines.append(f"nulls: planned {nulls['planned']:.1%}, actual {actual_null}")
    if d.get("production"):
        from workbench.distribution.production import production_lines

        lines += production_lines(d["production"])
    return "\n".join(lines)


def _review_rows(review: dict[str, Any], generated: bool, width: int, color: bool) -> list[str]:
    """One line per row: label, planned and actual shares and the difference in points,
    coloured by standard errors on a terminal (the chart above draws the bars)."""
    rows = review["rows"]
    if not rows:
        return ["(no values to show yet)"]
    has_plan = any(r["planned"] is not None for r in rows)
    label_width = min(max(len(review["axis"]), *(len(str(r["label"])) for r in rows)), 24)
    head = f"{review['axis'][:label_width]:<{label_width}}"
    head += "  planned   actual      Δ" if has_plan else "   actual"

    def pct(v: float | None) -> str:
        return "—" if v is None else f"{100 * v:.1f} %"

    def shade(text: str, z: float | None) -> str:
        far = z is not None and abs(z) >= 3
        return f"\x1b[31m{text}\x1b[0m" if color and far else text

    out = [head]
    for r in rows:
        label = printable(str(r["label"]))
        label = label if len(label) <= label_width else label[: label_width - 1] + "…"
        if has_plan:
            delta = "—"
            if r["actual"] is not None and r["planned"] is not None:
                delta = f"{100 * (r['actual'] - r['planned']):+.1f}"
            line = f"{label:<{label_width}}  {pct(r['planned']):>7}  {pct(r['actual']):>7}"
            out.append(f"{line}  {shade(f'{delta:>5}', r.get('z'))}")
        else:
            out.append(f"{label:<{label_width}}  {pct(r['actual']):>7}")
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
    "rows", "config_hash", "snapshot_id", "seed_import",
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
        if key == "seed_import" and isinstance(value, dict):
            value = (
                f"{value.get('rows', 0):,} rows in {len(value.get('tables') or {})} table(s), "
                f"seed {str(value.get('seed_hash'))[:16]}…, policy "
                f"{str(value.get('policy_hash'))[:16]}…, key {value.get('key_id')}"
            )
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
        line = printable(line)  # read from .workbench/evidence.jsonl
        if run.get("error"):
            line += f"\n    error: {printable(run['error'].splitlines()[0])}"
        if run.get("recovery"):
            rec = run["recovery"]
            line += f"\n    recovered in {rec['seconds']:.1f} s from run {rec['from_run']}"
        lines.append(line)
    return "\n".join(lines)


# --- runs (workbench/fleet/runs.py) ---------------------------------------------------------------


def run_started_text(result: dict[str, Any], *, reset: bool = False) -> str:
    """Shell lines (`eval "$(workbench run start)"`): a comment saying what was made, then
    the run's id and URL as exports."""
    what = (
        f"run {result['run_id']} reset to snapshot {result['snapshot_id']} in "
        f"{result.get('reset_seconds') or 0:.2f} s"
        if reset
        else f"run {result['run_id']}: a clone of snapshot {result['snapshot_id']} in "
        f"{result.get('seconds') or 0:.2f} s"
    )
    lines = [
        f"# {what}; expires {result['expires']} (ttl {result['ttl']}); "
        f"`workbench run end {result['run_id']}` ends it",
        export_line("WORKBENCH_RUN", result["run_id"]),
    ]
    if result.get("database_url"):
        lines.append(export_line("DATABASE_URL", result["database_url"]))
    if result.get("url_note"):
        lines.insert(1, f"# {result['url_note']}")
    if reset and result.get("snapshot_changed"):
        lines.insert(
            1,
            f"# moved to a newer snapshot: {result['snapshot_id']} (it held "
            f"{result.get('previous_snapshot_id') or 'another'}; the snapshot was refreshed "
            "since)",
        )
    return "\n".join(lines)


def _age(seconds: float | None) -> str:
    return "-" if seconds is None else human_age(seconds)


def runs_text(runs: list[dict[str, Any]]) -> str:
    if not runs:
        return "no runs (`workbench run start` makes one)"
    alive = {True: "alive", False: "gone", None: "-"}
    rows = [
        [
            r["run_id"],
            r["state"],
            _age(r.get("age_seconds")),
            str(r.get("expires") or "-")[:19],
            f"{r.get('owner', '-')} {alive[r.get('owner_alive')]}" if "owner" in r else "-",
            human_bytes(r["bytes"]) if r.get("bytes") is not None else "-",
            ",".join(r.get("capabilities") or []) or "-",
            (r.get("snapshot_id") or "-")
            + (" (old)" if r.get("snapshot_current") is False else ""),
        ]
        for r in runs
    ]
    headers = ["RUN", "STATE", "AGE", "EXPIRES", "OWNER", "SIZE", "CAPABILITIES", "SNAPSHOT"]
    notes = [f"run {r['run_id']}: {r['state']}: {r['repair']}" for r in runs if r.get("repair")]
    return "\n".join([table(headers, rows, right={2, 5}), *notes])


def run_ended_text(result: dict[str, Any]) -> str:
    text = (
        f"run {result['run_id']} ended: {len(result['databases'])} database(s), "
        f"{len(result['roles'])} role(s) dropped"
    )
    if result.get("left"):
        text += "; left: " + "; ".join(result["left"])
    return text


def run_gc_text(result: dict[str, Any]) -> str:
    leaks = result["leaks"]
    lines = [
        f"{len(leaks)} leak(s) repaired, {len(result['kept'])} run(s) kept"
        + (f", {len(result['busy'])} busy (left alone)" if result["busy"] else "")
    ]
    for leak in leaks:
        line = f"  {leak['run']}: {leak['kind']} — " + (
            f"reset finished (snapshot {leak['snapshot_id']}); the run is kept"
            if leak.get("snapshot_id")
            else f"dropped {len(leak.get('databases') or [])} database(s), "
            f"{len(leak.get('roles') or [])} role(s)"
        )
        if leak.get("left"):
            line += "; left: " + "; ".join(leak["left"])
        lines.append(line)
    if result.get("rehearsals"):
        lines.append(f"  left by killed rehearsals, dropped: {', '.join(result['rehearsals'])}")
    return "\n".join(lines)


# --- metrics (workbench/reads/metrics.py) ---------------------------------------------------------


def _pct(stats: dict[str, Any]) -> list[Any]:
    if not stats.get("count"):
        return [0, "-", "-", "-", "-"]
    return [stats["count"], *(human_seconds(stats[k]) for k in ("p50", "p90", "p99", "max"))]


def metrics_text(m: dict[str, Any]) -> str:
    window = m["window"]
    lines = [
        f"{window['runs']} run(s) in the evidence"
        + (f" since {window['since']}" if window["since"] else "")
        + (f" ({window['first'][:19]} … {window['last'][:19]})" if window["first"] else "")
    ]
    rows = [
        [what, b["size"], *_pct(b)] for what in ("clone", "restore") for b in m[what]["by_size"]
    ]
    headers = ["", "SNAPSHOT", "N", "P50", "P90", "P99", "MAX"]
    lines += ["", "clone (run start) and restore (reset, run reset) by snapshot size:"]
    lines.append(table(headers, rows, right={2, 3, 4, 5, 6}) if rows else "  none recorded")
    runs = m["runs"]
    lines += [
        "",
        f"runs        {runs['started']} started, {runs['start_failed']} failed to start, "
        f"{runs['resets']} reset, {runs['ended']} ended; {runs['live']} live, "
        f"{runs['expired_leases']} expired lease(s) waiting for `run gc`",
    ]
    if runs["start_seconds"].get("count"):
        s = runs["start_seconds"]
        lines.append(
            f"            start p50 {human_seconds(s['p50'])}, p90 {human_seconds(s['p90'])}, "
            f"max {human_seconds(s['max'])}"
        )
    mig = m["migrations"]
    stages = ", ".join(f"{k}: {v}" for k, v in mig["failed_at"].items()) or "none"
    lines.append(
        f"migrations  {mig['files_applied']} file(s) applied, {mig['files_failed']} failed"
        + (
            f"; p50 {human_seconds(mig['seconds']['p50'])}, max "
            f"{human_seconds(mig['seconds']['max'])}"
            if mig["seconds"].get("count")
            else ""
        )
        + f"; failed at: {stages}"
    )
    for failure in mig["recent_failures"]:
        where = f"{failure.get('file', '?')}:{failure.get('line', '?')}"
        lines.append(f"            {failure['at'][:19]} {failure['stage']} {where}")
    leaks = m["leaks"]
    kinds = ", ".join(f"{k}: {v}" for k, v in leaks["by_kind"].items()) or "none"
    waiting = ", ".join(f"{k}: {v}" for k, v in leaks["waiting"].items()) or "none"
    lines.append(
        f"leaks       {leaks['repaired']} repaired by {leaks['gc_runs']} gc run(s) ({kinds}); "
        f"waiting: {waiting}"
    )
    fp = m["fingerprints"]
    lines.append(
        f"fingerprint {fp['clone_mismatches']} clone mismatch(es), {fp['schema_drift']} "
        "generate(s) whose result differed from schema.sql"
    )
    res = m["resume"]
    rate = "-" if res["success_rate"] is None else f"{100 * res['success_rate']:.0f} %"
    lines.append(
        f"resume      {res['interruptions']} interrupted generate(s); of {res['attempts']} "
        f"generate(s) after one, {res['resumed']} resumed and verified, "
        f"{res['started_over']} started over, {res['failed_again']} failed again "
        f"(success rate {rate})"
    )
    rec = m["recovery"]["seconds"]
    if rec.get("count"):
        lines.append(
            f"recovery    failed step → verified environment: {rec['count']} time(s), p50 "
            f"{human_seconds(rec['p50'])}, p90 {human_seconds(rec['p90'])}, max "
            f"{human_seconds(rec['max'])}"
        )
    else:
        lines.append("recovery    no failed step recovered yet")
    return "\n".join(lines)
