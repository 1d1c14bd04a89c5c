"""How fast this machine is right now, against the machine the estimate's constants describe.

The same generate took 12.9 s on 2 cores at a load average of 2 to 8 and 32 s at 16: other
processes take the cores and the disk, and nothing in schema.sql says how busy the machine
is. A probe times a small fixed piece of work of the kinds a generate does: Python turning
numbers into text (generation, formatting) and a small file written and flushed to disk (what
commits, CREATE DATABASE and checkpoints wait on). Its wall time over the reference machine's
is the factor the estimate multiplies every cost by; a calibrating run divides what it
measured by the factor of its own time, so what it keeps is this machine's cost per unit of
"machine as probed" and a later estimate on a busier or quieter machine follows the change.

A probe takes about 0.1 s on a quiet machine (a few tenths on a busy one). One reading sees
a fraction of a second of a load that changes from second to second, so the factor is the
mean of the readings of the last few minutes (kept in .workbench/machine.json), and a probe
runs at most every 30 s for an estimate recomputed at each keystroke. A run's factor
(`during`) is the mean of the readings taken while it ran, one at its start and one at its end
included. $WORKBENCH_MACHINE_FACTOR, when set, is the factor instead
of any probe (the test suite sets 1, so its estimates do not follow the machine)."""

from __future__ import annotations

import os
import statistics
import tempfile
import threading
import time
from pathlib import Path

from workbench.errors import UsageError
from workbench.files.state import atomic_write_json, read_json

# Median wall seconds of one probe round on the reference machine: the 2 shared cores at
# the load under which estimate_phases.py's references and estimate.py's costs were fitted.
REFERENCE_ROUND = 0.012
ROUNDS = 9
_NUMBERS = 4000  # numbers turned into text per round
_FLUSHED = 16 * 1024  # bytes written and flushed per round
# The factor's bounds: a reading outside is a stall or a clock jump, not the machine.
_LOWEST, _HIGHEST = 0.25, 20.0
# A run lasts seconds to minutes and sees the load averaged over that time; one reading sees
# a few hundred milliseconds of it (readings a second apart differ by 2x on a busy machine).
# The factor is the mean of the readings of the last WINDOW seconds, kept on disk beside the
# throughput model so the CLI's processes and the TUI share them.
WINDOW = 300.0
READINGS_FILE = "machine.json"
FIXED_VARIABLE = "WORKBENCH_MACHINE_FACTOR"

_lock = threading.Lock()
_memory: list[tuple[float, float]] = []  # the readings when there is no folder to keep them
_unwritable: set[Path] = set()  # folders a reading could not be written to (read-only)


def probe_round(folder: Path | None) -> float:
    """Wall seconds of one round: numbers formatted and joined, a small file flushed."""
    started = time.perf_counter()
    text = "\t".join(str(i * 7919 % 100_003) for i in range(_NUMBERS)).encode()
    directory = folder if folder is not None and folder.is_dir() else None
    with tempfile.NamedTemporaryFile(dir=directory, prefix=".probe-") as handle:
        handle.write(text[:_FLUSHED].ljust(_FLUSHED, b" "))
        handle.flush()
        os.fsync(handle.fileno())
    return time.perf_counter() - started


def fixed() -> float | None:
    """$WORKBENCH_MACHINE_FACTOR as a number, None when it is not set."""
    text = os.environ.get(FIXED_VARIABLE, "").strip()
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not _LOWEST <= value <= _HIGHEST:
        raise UsageError(
            f"${FIXED_VARIABLE} must be a number from {_LOWEST} to {_HIGHEST} (the machine's "
            f"speed against the estimate's reference, 2 = twice as slow), got {text!r}."
        )
    return value


def readings(folder: Path | None) -> list[tuple[float, float]]:
    """The readings kept in `folder` (time.time() taken, factor), oldest first; without
    the folder (a project never run) or any kept in it, the process's own."""
    if folder is None or not folder.is_dir() or folder in _unwritable:
        return list(_memory)
    data = read_json(folder / READINGS_FILE)
    kept = data.get("readings") if isinstance(data, dict) else None
    if not isinstance(kept, list):
        return []
    out = []
    for item in kept:
        if (
            isinstance(item, list)
            and len(item) == 2
            and all(isinstance(x, int | float) for x in item)
        ):
            out.append((float(item[0]), min(max(float(item[1]), _LOWEST), _HIGHEST)))
    return out


def record(folder: Path | None, factor: float, taken: float | None = None) -> None:
    """Keep a reading in `folder` (`taken`: its time.time(), now when None); readings older
    than WINDOW are forgotten."""
    now = time.time() if taken is None else taken
    with _lock:
        kept = [r for r in readings(folder) if now - WINDOW <= r[0] <= now + 1] + [(now, factor)]
        _memory[:] = kept
        if folder is not None and folder.is_dir() and folder not in _unwritable:
            try:
                atomic_write_json(folder / READINGS_FILE, {"readings": [list(r) for r in kept]})
            except OSError:  # a read-only checkout: the process keeps its own readings
                _unwritable.add(folder)


def measure(folder: Path | None = None) -> float:
    """A fresh reading, kept in `folder`: this machine now, as a multiple of the reference
    (2.0: twice as slow)."""
    pinned = fixed()
    if pinned is not None:
        return pinned
    rounds = [probe_round(folder) for _ in range(ROUNDS)]
    factor = min(max(statistics.median(rounds) / REFERENCE_ROUND, _LOWEST), _HIGHEST)
    record(folder, factor)
    return factor


def since(folder: Path | None, started: float) -> float | None:
    """The mean of the readings taken at or after `started` (time.time()), None if none."""
    seen = [f for taken, f in readings(folder) if taken >= started]
    return statistics.fmean(seen) if seen else None


def factor(folder: Path | None = None, *, max_age: float = 30.0) -> float:
    """The machine's factor now: the mean of the last WINDOW seconds' readings, with a fresh
    one first unless the latest is at most `max_age` seconds old."""
    pinned = fixed()
    if pinned is not None:
        return pinned
    kept = readings(folder)
    if not kept or time.time() - kept[-1][0] > max_age:
        measure(folder)
    mean = since(folder, time.time() - WINDOW)
    return mean if mean is not None else measure(folder)


def during(started: float, folder: Path | None = None) -> float:
    """The factor of a run that started at `started` (time.time()) and ends now: a fresh
    reading, then the mean of those taken since it started, or in the last WINDOW seconds
    when that is longer ago."""
    pinned = fixed()
    if pinned is not None:
        return pinned
    fresh = measure(folder)
    mean = since(folder, min(started, time.time() - WINDOW))
    return mean if mean is not None else fresh
