"""The distribution review as Markdown (the TUI's `x` on the `d` screen): one section per
reviewed column, the same rows and verdict `workbench dist` prints, under a header that says
what was reviewed: the seed, the sandbox.toml hash, the schema fingerprint and the git revision.

A review is kept across sessions: an export into an existing report appends a new dated
section below the earlier ones, never replacing them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from workbench.distribution.review import review_of
from workbench.errors import WorkbenchError

if TYPE_CHECKING:
    from workbench.context import Context

REPORT_FILE = "distribution-report.md"
SEPARATOR = "\n---\n\n"


@dataclass
class Exported:
    path: Path
    appended: bool  # True: the file held earlier reviews, kept above this one
    sections: int  # reviews in the file now


def provenance(ctx: Context) -> dict[str, Any]:
    """What identifies the reviewed data: the seed it was generated with, sandbox.toml's hash
    now and when generated, the schema's fingerprint and the project's git revision."""
    from workbench.config.file import config_hash
    from workbench.records.git_state import git_revision
    from workbench.records.lease import read_lease
    from workbench.schema.fingerprint import fingerprint

    lease = read_lease(ctx.state_dir)
    revision, dirty = git_revision(ctx.config.root)
    return {
        "seed": lease.seed
        if lease is not None and lease.seed is not None
        else ctx.config.sandbox.seed,
        "config_hash": config_hash(ctx.config),
        "data_config_hash": lease.config_hash if lease is not None else None,
        "schema_fingerprint": fingerprint(ctx.schema()),
        "git_revision": revision,
        "git_dirty": dirty,
    }


def _provenance_lines(prov: dict[str, Any]) -> list[str]:
    config = prov["config_hash"]
    data = prov.get("data_config_hash")
    note = ""
    if data is None:
        note = " (no generated data yet)"
    elif data != config:
        note = f" (the data was generated with {data[:12]}: sandbox.toml changed since)"
    if prov.get("git_revision"):
        git = prov["git_revision"] + (" with uncommitted changes" if prov.get("git_dirty") else "")
    else:
        git = "not a git repository"
    return [
        f"- seed: {prov['seed']}",
        f"- config hash (sandbox.toml): {config}{note}",
        f"- schema fingerprint: {prov['schema_fingerprint']}",
        f"- git revision: {git}",
    ]


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f} %"


def _cell(value: Any) -> str:
    return str(value).replace("|", "\\|")


def markdown_report(
    dists: list[dict[str, Any]], title: str, when: str, prov: dict[str, Any] | None = None
) -> str:
    """The reviewed distributions as Markdown: one section and one table per column."""
    lines = [f"# Distribution review: {title}", "", f"Generated {when}.", ""]
    if prov is not None:
        lines += [*_provenance_lines(prov), ""]
    for dist in dists:
        lines += _column_section(dist)
    return "\n".join(lines).rstrip() + "\n"


def _column_section(dist: dict[str, Any]) -> list[str]:
    review = review_of(dist)
    nulls = dist.get("nulls") or {}
    lines = [
        f"## {dist['table']}.{dist['column']}",
        "",
        f"- kind: {dist.get('kind')}; generator: `{dist.get('generator')}` "
        f"({'sandbox.toml' if dist.get('declared') else 'inferred'})",
        f"- rows: {dist.get('rows', 0):,}; NULL planned {_pct(nulls.get('planned'))}, "
        f"actual {_pct(nulls.get('actual'))}",
        f"- {review['title'].split(': ', 1)[-1]}",
        f"- planned: {review.get('planned_source') or 'nothing (actual only)'}",
    ]
    texts = (review.get("declared_text"), review.get("summary"), review.get("check_text"))
    lines += [f"- {text}" for text in texts if text]
    lines += [f"- **look:** {flag}" for flag in dist.get("flags") or []]
    lines += [f"- {note}" for note in dist.get("notes") or []]
    lines.append("")
    lines += _production_markdown(dist.get("production"))
    rows = review["rows"]
    if not rows:
        return lines
    if any(r["planned"] is not None for r in rows):
        lines += [f"| {review['axis']} | planned | actual | Δ (points) |", "|---|---:|---:|---:|"]
        for r in rows:
            delta = (
                "—"
                if r["actual"] is None or r["planned"] is None
                else f"{100 * (r['actual'] - r['planned']):+.1f}"
            )
            lines.append(
                f"| {_cell(r['label'])} | {_pct(r['planned'])} | {_pct(r['actual'])} | {delta} |"
            )
    else:
        lines += [f"| {review['axis']} | actual |", "|---|---:|"]
        lines += [f"| {_cell(r['label'])} | {_pct(r['actual'])} |" for r in rows]
    return [*lines, ""]


def _production_markdown(production: dict[str, Any] | None) -> list[str]:
    """Production (optimizer statistics), planned and actual, side by side."""
    if not production:
        return []
    from workbench.units import measure_text

    note = " (personal column: values withheld)" if production.get("personal") else ""
    lines = [
        f"From production statistics ({production['source']}){note}:",
        "",
        "| measure | production | planned | actual |",
        "|---|---:|---:|---:|",
    ]
    for m in production["measures"]:
        cells = [measure_text(m, side) for side in ("production", "planned", "actual")]
        lines.append(f"| {_cell(m['name'])} | " + " | ".join(cells) + " |")
    return [*lines, ""]


def export_report(
    ctx: Context, dists: list[dict[str, Any]], when: str, path: Path | None = None
) -> Exported:
    """Write the review to `path` (default: distribution-report.md beside sandbox.toml),
    appending below the reviews the file already holds; written atomically."""
    from workbench.files.state import atomic_write_text, write_failure

    path = path or ctx.config.root / REPORT_FILE
    target = _report_target(path, ctx.config.root)
    text = markdown_report(dists, ctx.config.sandbox.name, when, provenance(ctx))
    try:
        earlier = target.read_text(encoding="utf-8")
    except FileNotFoundError:
        earlier = ""
    except (OSError, UnicodeDecodeError) as err:
        raise WorkbenchError(
            f"could not read {path.name} ({target}) to append to it: {err}.", title="export"
        ) from None
    appended = bool(earlier.strip())
    if appended:
        text = earlier.rstrip("\n") + "\n" + SEPARATOR + text
    try:
        atomic_write_text(target, text)
    except OSError as err:
        raise WorkbenchError(write_failure(target, err), title="export") from None
    return Exported(path, appended, text.count("# Distribution review: "))


def _report_target(path: Path, root: Path) -> Path:
    """Where the report is written: the file itself, or a symlink's target when that lies
    inside the project (written through, the link kept). A link out of the project is
    refused: appending would copy the outside file's contents into the project."""
    if not path.is_symlink():
        return path
    target = path.resolve()
    if not target.is_relative_to(root.resolve()):
        raise WorkbenchError(
            f"{path.name} is a symbolic link to {target}, outside the project ({root}): not "
            "written, so no outside file is copied into it. Remove the link, or point it at "
            "a file inside the project.",
            title="export refused",
        )
    return target
