"""Sizes and durations as people read them: shared by the CLI's text and the TUI's panels."""

from __future__ import annotations

from typing import Any


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


def measure_text(measure: dict[str, Any], side: str) -> str:
    """One cell of the distribution review's production / planned / actual table, as text
    (a measure of `stats.review`)."""
    value = measure.get(side)
    if value is None:
        return "—"
    if measure["unit"] == "share":
        return f"{100 * float(value):.1f} %"
    if measure["unit"] == "count":
        return f"{round(float(value)):,}"
    return str(value)[:19]
