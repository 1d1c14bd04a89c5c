"""Counts, sizes and durations as people read them: shared by the CLI's text and the TUI's
panels."""

from __future__ import annotations

from typing import Any


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """A count with its noun as people say it: "1 table", "2 tables", "1,200 rows"."""
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"


def human_bytes(n: float) -> str:
    for unit in ("B", "kB", "MB", "GB", "TB"):
        if abs(n) < 1000 or unit == "TB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1000
    return f"{n:.1f} TB"


def human_seconds(s: float) -> str:
    if s < 1:
        return f"{s * 1000:.0f} ms"
    if s < 120:
        return f"{s:.1f} s"
    return f"{int(s // 60)} min {int(s % 60)} s"


def human_age(s: float) -> str:
    """An age in whole units, one format at every size: "45 s", "2 min 1 s", "3 h 5 min"."""
    s = int(max(0.0, s))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60} s"
    return f"{s // 3600} h {s % 3600 // 60} min"


SHORT_PHASES = {"indexes and constraints": "indexes"}  # the one long name, shortened


def phase_parts(estimate: dict[str, Any]) -> list[str]:
    """An estimate's phases as "schema 2.5 s", … in run order (`Estimate.to_dict()`), the
    last part saying whether a run on this machine measured them, and how much slower or
    faster the machine is now than the estimate's reference when that changes the figures."""
    phases = estimate.get("phases") or {}
    if not phases:
        return []
    parts = [
        f"{SHORT_PHASES.get(name, name)} {human_seconds(float(s))}" for name, s in phases.items()
    ]
    note = "measured by the last run" if estimate.get("calibrated") else "not calibrated"
    factor = float(estimate.get("machine_factor", 1.0))
    if abs(factor - 1.0) >= 0.1:
        note += f"; machine now ×{factor:.1f} the reference's time"
    return [*parts, note]


def precise_seconds(s: float) -> str:
    """A duration to two figures even when short: 0.42 ms, 12 ms, 1.8 s, 3 min 5 s."""
    if s < 0.01:
        return f"{s * 1000:.2f} ms"
    if s < 120:
        return human_seconds(s)
    return f"{int(s // 60)} min {int(s % 60)} s"


def measure_text(measure: dict[str, Any], side: str) -> str:
    """One cell of the distribution review's production / planned / actual table, as text
    (a measure of `distribution_production`)."""
    value = measure.get(side)
    if value is None:
        return "—"
    if measure["unit"] == "share":
        return f"{100 * float(value):.1f} %"
    if measure["unit"] == "count":
        return f"{round(float(value)):,}"
    return str(value)[:19]
