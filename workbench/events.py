"""Progress events the engine emits; front ends render them (CLI bars or JSON lines, TUI
messages). Plain dataclasses so they serialise with `to_dict()`."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class Event:
    def to_dict(self) -> dict[str, Any]:
        return {"event": type(self).__name__, **asdict(self)}


@dataclass
class PhaseChanged(Event):
    phase: str  # "schema", "data", "indexes and constraints", "sequences", "snapshot", …
    detail: str = ""


@dataclass
class PlanReady(Event):
    tables: list[dict[str, Any]]  # [{"name", "rows"}] in load order
    total_rows: int


@dataclass
class TableStarted(Event):
    table: str
    rows: int


@dataclass
class RowsWritten(Event):
    table: str
    written: int  # rows of this table written so far
    total: int  # rows planned for this table
    rows_per_second: float = 0.0


@dataclass
class TableDone(Event):
    table: str
    rows: int
    seconds: float
    # the transaction that wrote the rows (pg_current_xact_id), for the resume check: a
    # table is trusted only when every row of it was written by the load itself
    xid: str | None = None


@dataclass
class Warning(Event):
    message: str


@dataclass
class Info(Event):
    message: str
    data: dict[str, Any] = field(default_factory=dict)


EventSink = Callable[[Event], None]

# Every event by its name, for reading one back from its JSON line (`to_dict`).
EVENT_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls
    for cls in (PhaseChanged, PlanReady, TableStarted, RowsWritten, TableDone, Warning, Info)
}


def event_from_dict(data: dict[str, Any]) -> Event | None:
    """The event a `to_dict()` (a JSON line of `workbench … --json`) describes; None for a
    line that is not one (the result, an error, an unknown or malformed event)."""
    cls = EVENT_TYPES.get(str(data.get("event")))
    if cls is None:
        return None
    fields = {k: v for k, v in data.items() if k != "event"}
    try:
        return cls(**fields)
    except TypeError:
        return None


def ignore(_: Event) -> None:
    """An EventSink that drops everything."""


class CancelToken:
    """Set from another thread to stop a long operation: the engine checks `cancelled` between
    batches, and `cancel()` also runs the registered callbacks (such as a connection's
    `cancel_safe`) so a statement already running on the server stops too."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self._lock = threading.Lock()
        self._callbacks: list[Callable[[], object]] = []

    def cancel(self) -> None:
        self._event.set()
        with self._lock:
            callbacks = list(self._callbacks)
        for callback in callbacks:
            # Best effort: the check between batches stops the work even if this fails.
            with contextlib.suppress(Exception):
                callback()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def register(self, callback: Callable[[], object]) -> Callable[[], None]:
        """Run `callback` on cancel (at once when already cancelled); returns an unregister."""
        with self._lock:
            self._callbacks.append(callback)
        if self.cancelled:
            callback()

        def unregister() -> None:
            with self._lock:
                if callback in self._callbacks:
                    self._callbacks.remove(callback)

        return unregister
