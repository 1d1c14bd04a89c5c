"""The time of a whole generate, phase by phase, not just its rows.

A generate creates the database and applies schema.sql's pre-data ("schema"), writes the
rows ("data": estimate.py's per-table model, and a committed progress record a table), adds
indexes, constraints and triggers ("indexes and constraints"), moves sequences past the rows
("sequences"), compares the database with the file ("verify"), clones it into the snapshot
("snapshot") and the rest: server check, lock, grants, lease ("other"). On musicbrainz (375
tables, 1,129 post-data statements) the data phase was 24 s of a 66 s run.

Each phase costs `reference` seconds on the reference machine (2 shared cores, fitted on
pagila and musicbrainz), from the shape of the run (`RunShape`: statements, sequences,
tables, what it replaces) and what it writes (`Work`), times the machine's factor now
(machine.py: a probe of how busy the machine is). Replacing an older database or snapshot
drops it, and PostgreSQL checkpoints what the runs wrote before a drop: that part of
"schema" and "snapshot" is a cost of its own (`drops`), with a speed of its own, because a
first run has nothing to drop and a speed measured without a drop says nothing about one.

A finished run calibrates the model: each phase's measured seconds over its reference and
over the run's machine factor become that phase's speed on this machine (`calibrate`), kept
with the data model in .workbench/throughput.json; a phase never measured has speed 1."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

DATA = "data"
OTHER = "other"
# In the order a generate runs them.
PHASES = (
    "schema",
    DATA,
    "indexes and constraints",
    "sequences",
    "verify",
    "snapshot",
    OTHER,
)
DROP = "drop"  # the speed of dropping an older database or snapshot (`drops`)
_MB = 1e6
# A calibrated speed moves at most this far from 1 per run: a stalled phase (another
# process's checkpoint, a lock) is not this machine's speed. The floor is low: a small
# schema's post-data takes 0.02 s on an idle machine against a 0.3 s reference (0.1 made
# the estimate 3x too slow there).
_SPEED_BOUNDS = (0.01, 10.0)


@dataclass(frozen=True)
class Work:
    """What a run writes: the estimate's bytes, its data model's seconds on the reference
    machine, and how many tables it fills (each also costs a committed progress record)."""

    disk_bytes: float
    data_seconds: float
    tables: int


@dataclass(frozen=True)
class RunShape:
    """What a generate will do besides writing rows."""

    pre_statements: int = 0  # schema.sql's pre-data statements
    post_statements: int = 0  # its post-data ones (indexes, constraints, triggers)
    sequences: int = 0
    tables: int = 0  # every table of schema.sql, partitions included
    snapshot: str | None = "new"  # "new", "replace" (an older one is dropped) or None
    database: str = "new"  # "replace": an older sandbox database is dropped first


def reference(shape: RunShape, work: Work) -> dict[str, float]:
    """Seconds of each phase on the reference machine, drops included: data is the per-table
    model's plus each table's progress record; indexes build over the bytes written."""
    disk_bytes = work.disk_bytes
    out = {
        "schema": 0.8 + 0.006 * shape.pre_statements,
        DATA: work.data_seconds + 0.03 * work.tables,
        "indexes and constraints": 0.3 + 0.006 * shape.post_statements + disk_bytes / (100 * _MB),
        "sequences": 0.05 + 0.005 * shape.sequences,
        "verify": 0.05 + 0.003 * shape.tables,
        "snapshot": 0.0 if shape.snapshot is None else 0.6 + disk_bytes / (100 * _MB),
        OTHER: 1.0 + 0.005 * shape.tables,
    }
    for phase, seconds in drops(shape, work).items():
        out[phase] += seconds
    return out


def drops(shape: RunShape, work: Work) -> dict[str, float]:
    """The part of each phase's reference that drops an older database: the sandbox's
    before the schema (flushed by the last run's checkpoint already: little to do), the
    snapshot's before the new one takes its name, after a checkpoint that flushes what this
    run wrote: its bytes, and a file for every table and index, in the sandbox and the clone
    (musicbrainz, 54 MB in 371 tables and 1,129 post-data statements: 24 s of a 65 s run)."""
    out = {}
    if shape.database == "replace":
        out["schema"] = 0.5
    if shape.snapshot == "replace":
        files = shape.tables + shape.post_statements
        out["snapshot"] = 3.0 + work.disk_bytes / (10 * _MB) + 0.01 * files
    return out


def phase_seconds(
    shape: RunShape, work: Work, speeds: Mapping[str, float], machine: float = 1.0
) -> dict[str, float]:
    """Every phase's seconds on this machine, in run order (`machine`: its factor now)."""
    ref, dropped = reference(shape, work), drops(shape, work)
    out = {}
    for phase in PHASES:
        drop = dropped.get(phase, 0.0)
        seconds = (ref[phase] - drop) * speeds.get(phase, 1.0) + drop * speeds.get(DROP, 1.0)
        out[phase] = seconds * machine
    return out


def calibrate(
    speeds: Mapping[str, float],
    shape: RunShape,
    work: Work,
    measured: Mapping[str, float],
    total: float,
    *,
    first: bool,
    machine: float = 1.0,
) -> dict[str, float]:
    """New speeds from a finished run: `measured` its phases' seconds (as the evidence
    records them), `total` the whole run's, `machine` the factor of its time; what no phase
    covers is "other". A later run weighs the new measure 0.7 against the speed it had.

    A phase that dropped an older database shares its seconds between its own speed and the
    drops' in proportion to what they were expected to cost; a speed not known yet is taken
    from the seconds left over by the known one (the first run has nothing to drop)."""
    ref, dropped = reference(shape, work), drops(shape, work)
    seen = {phase: float(measured.get(phase, 0.0)) for phase in PHASES if phase != OTHER}
    seen[OTHER] = max(total - sum(float(s) for s in measured.values()), 0.0)
    out = dict(speeds)

    def keep(key: str, speed: float) -> None:
        speed = min(max(speed, _SPEED_BOUNDS[0]), _SPEED_BOUNDS[1])
        if not first and key in speeds:
            speed = 0.7 * speed + 0.3 * speeds[key]
        out[key] = speed

    for phase, seconds in seen.items():
        if (phase not in measured and phase != OTHER) or ref[phase] <= 0:
            continue
        seconds /= machine
        drop = dropped.get(phase, 0.0)
        own = ref[phase] - drop
        if drop <= 0:
            keep(phase, seconds / own)
        elif phase in speeds and DROP in speeds:
            ratio = seconds / (own * speeds[phase] + drop * speeds[DROP])
            keep(phase, speeds[phase] * ratio)
            keep(DROP, speeds[DROP] * ratio)
        elif phase in speeds:
            keep(DROP, max(seconds - own * speeds[phase], 0.0) / drop)
        elif DROP in speeds and own > 0:
            keep(phase, max(seconds - drop * speeds[DROP], 0.0) / own)
        else:
            keep(phase, seconds / ref[phase])
            keep(DROP, seconds / ref[phase])
    return out
