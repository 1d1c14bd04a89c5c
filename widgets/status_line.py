"""The main screen's status line: last run, seed, snapshot age and lease expiry, from an
`Engine.launch_status()` (read by the screen in a worker)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from workbench.launch_status import age_seconds

if TYPE_CHECKING:
    from workbench.launch_status import LaunchStatus


def human_age(seconds: float) -> str:
    """'40 s', '12 min', '3 h', '6 d' (whole units, rounded down)."""
    seconds = abs(seconds)
    for unit, size in (("d", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            return f"{int(seconds // size)} {unit}"
    return f"{int(seconds)} s"


WIDE = 100  # below this many columns the line drops its longer words (80 columns fit)


def status_text(status: LaunchStatus, *, compact: bool = False) -> Text:
    text = Text()

    def part(label: str, value: str, style: str = "") -> None:
        if text:
            text.append(" · " if compact else "  ·  ", "dim")
        if label:
            text.append(f"{label} ", "dim")
        text.append(value, style)

    run = status.last_run
    if run is None:
        part("last run", "none")
    else:
        age = age_seconds(str(run.get("started", "")))
        when = (" " if compact else ", ") + f"{human_age(age)} ago" if age is not None else ""
        outcome = str(run.get("outcome", ""))
        style = "green" if outcome == "ok" else "yellow"
        part("" if compact else "last run", f"{run.get('command')} {outcome}{when}", style)
    part("seed", str(status.seed) if compact else f"{status.seed} ({status.seed_from})")
    snap = age_seconds(status.snapshot_created) if status.snapshot_created else None
    part("snapshot", "none" if snap is None else human_age(snap) + ("" if compact else " old"))
    until = age_seconds(status.lease_expires) if status.lease_expires else None
    left = -until if until is not None else None
    if left is None:
        part("lease", "none")
    elif status.lease_expired or left <= 0:
        part("lease", "expired", "bold red")
    else:
        part("lease", f"{human_age(left)} left" if compact else f"expires in {human_age(left)}")
    return text


class StatusLine(Static):
    DEFAULT_CSS = """
    StatusLine { height: 1; padding: 0 1; background: $boost; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(Text("last run …", style="dim"), id=id)
        self.status: LaunchStatus | None = None

    def show(self, status: LaunchStatus) -> None:
        self.status = status
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if self.status is not None:
            width = self.size.width
            self.update(status_text(self.status, compact=0 < width < WIDE))
