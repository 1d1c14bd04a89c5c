"""The main screen's status line: last run, seed, snapshot age and lease expiry, from an
`Engine.launch_status()` (read by the screen in a worker)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.widgets import Static

from workbench.reads.launch_status import age_seconds

if TYPE_CHECKING:
    from workbench.reads.launch_status import LaunchStatus


def human_age(seconds: float) -> str:
    """'40 s', '12 min', '3 h', '6 d' (whole units, rounded down)."""
    seconds = abs(seconds)
    for unit, size in (("d", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            return f"{int(seconds // size)} {unit}"
    return f"{int(seconds)} s"


WIDE = 100  # below this many columns the line drops its longer words (80 columns fit)


def status_text(
    status: LaunchStatus, *, compact: bool = False, now: datetime | None = None
) -> Text:
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
        age = age_seconds(str(run.get("started", "")), now)
        when = (" " if compact else ", ") + f"{human_age(age)} ago" if age is not None else ""
        outcome = str(run.get("outcome", ""))
        style = {"ok": "green", "failed": "bold red"}.get(outcome, "yellow")
        part("" if compact else "last run", f"{run.get('command')} {outcome}{when}", style)
    part("seed", str(status.seed) if compact else f"{status.seed} ({status.seed_from})")
    snap = age_seconds(status.snapshot_created, now) if status.snapshot_created else None
    part("snapshot", "none" if snap is None else human_age(snap) + ("" if compact else " old"))
    until = age_seconds(status.lease_expires, now) if status.lease_expires else None
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
        self.failure: dict[str, str] | None = None  # a run of this session that failed
        self._shown = ""
        self.clock: Callable[[], datetime] = lambda: datetime.now(UTC)  # swappable (tests)

    def on_mount(self) -> None:
        # "33 s ago" must move on by itself: the ages are drawn again every second
        self.set_interval(1.0, self._draw)

    def show(self, status: LaunchStatus) -> None:
        self.status = status
        self._draw()

    def note_failure(self, kind: str) -> None:
        """A `kind` run ("generate", "reset") failed just now: the last run, even when it
        failed before .workbench/evidence.jsonl recorded it."""
        self.failure = {"command": kind, "outcome": "failed", "started": self.clock().isoformat()}
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if self.status is not None:
            status = self.status
            if self.failure is not None and _newer(self.failure, status.last_run):
                status = replace(status, last_run=self.failure)
            width = self.size.width
            text = status_text(status, compact=0 < width < WIDE, now=self.clock())
            if text.plain != self._shown:
                self._shown = text.plain
                self.update(text)


def _newer(run: dict[str, Any], than: dict[str, Any] | None) -> bool:
    """Whether `run` started after `than` (None: no run recorded)."""
    if than is None:
        return True
    age, other = age_seconds(str(run["started"])), age_seconds(str(than.get("started", "")))
    return age is not None and (other is None or age < other)
