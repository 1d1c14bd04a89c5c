"""The estimate: rows, bytes and seconds per table before anything is written.

Bytes on disk come from the column types and the generators' expected value sizes, plus
PostgreSQL's tuple overhead and a rough size for each unique index. Seconds come from a
throughput model (see `Throughput`): a one-time startup when the value pools must be built, a
fixed cost per table, and per-row costs — each table's own rate once a run has measured it,
else a generic cost from the COPY text volume and the column kinds scaled to this machine. The
workbench calibrates it from every real load and keeps it in .workbench/throughput.json, as
costs on the machine as a probe found it (machine.py): an estimate multiplies them by the
machine's factor now, so a model calibrated on a quiet machine follows a busy one.
The other phases of a generate (schema, indexes and constraints, snapshot…) are estimated and
calibrated in estimate_phases.py; the estimate's total is the whole run.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from workbench.files.state import atomic_write_json, read_json
from workbench.generate.base.tables import unique_sets
from workbench.generate.generators import registry
from workbench.generate.generators.value_spec import POOL_CLOCK
from workbench.generate.kinds.semantics import infer
from workbench.generate.plan import estimate_phases
from workbench.generate.plan.estimate_phases import RunShape, Work
from workbench.generate.plan.fewer import at_most
from workbench.generate.plan.tables import Plan
from workbench.schema import memo
from workbench.schema.model import Column, Schema, Table
from workbench.schema.typeinfo import resolve_type

THROUGHPUT_FILE = "throughput.json"
# The model's version in throughput.json: 2 keeps costs per unit of machine factor.
MODEL = 2

# (bytes on disk, characters of COPY text) for each kind
_TYPE_WIDTH = {
    "int": (4, 6),
    "decimal": (8, 7),
    "money": (8, 7),
    "float": (8, 12),
    "bool": (1, 1),
    "date": (4, 10),
    "timestamp": (8, 19),
    "timestamptz": (8, 22),
    "time": (8, 8),
    "timetz": (12, 11),
    "interval": (16, 17),
    "uuid": (16, 36),
    "json": (70, 66),
    "bytea": (12, 20),
    "inet": (10, 13),
    "cidr": (10, 16),
    "macaddr": (6, 17),
    "tsvector": (40, 22),
    "point": (16, 20),
    "enum": (4, 8),
    "xml": (24, 20),
}
_INT_WIDTH = {"smallint": (2, 4), "integer": (4, 6), "bigint": (8, 7)}


# Default per-table cost, fitted on a 2-core machine over 7 schemas (shop, pagila, chinook,
# northwind, adventureworks, musicbrainz, danbooru; 1k and 10k rows a table); a calibrating run
# rescales it to the machine and records each table's own rate.
_VALUE_SECONDS = 1.2e-7  # per generated value (row × column)
_SLOW_VALUE_SECONDS = 1.1e-6  # extra per value formatted one by one in Python (arrays, uuid…)
_MIN_RATE_ROWS = 1000  # fewer rows than this measure the per-table cost more than the rate
_MAX_TABLE_RATES = 5000


@dataclass
class Throughput:
    """How fast this machine generates and loads, as measured and remembered.

    A table takes `table_overhead` (transaction, TRUNCATE check, FKs dropped and re-added,
    COPY setup) plus its rows at a rate: the rate measured for that table by an earlier run
    when there was one (`table_rates`, seconds a row), else a generic cost from its COPY text
    volume and column kinds, times `speed` (this machine against the reference). A run whose
    value pools (Faker) are not yet built or cached adds `startup` once. Every figure is for
    a machine factor of 1 (machine.py): a calibrating run divides what it measured by its
    own factor."""

    bytes_per_second: float = 90_000_000.0
    table_overhead: float = 0.01
    measured: bool = False
    samples: int = 0
    speed: float = 1.0
    startup: float = 1.0
    table_rates: dict[str, float] = field(default_factory=dict)
    # the phases besides data: measured seconds over the reference's (estimate_phases.py)
    phase_speed: dict[str, float] = field(default_factory=dict)
    model: int = MODEL

    @classmethod
    def load(cls, state_dir: Path) -> Throughput:
        data = read_json(Path(state_dir) / THROUGHPUT_FILE)
        if not isinstance(data, dict):
            return cls()
        if data.get("model") != MODEL:  # an older model's costs (not per machine factor)
            return cls()
        try:
            return cls(**{k: data[k] for k in asdict(cls()) if k in data})
        except TypeError:
            return cls()

    def save(self, state_dir: Path) -> None:
        atomic_write_json(Path(state_dir) / THROUGHPUT_FILE, asdict(self))

    def generic(self, text_bytes: float, values: float, slow_values: float) -> float:
        """Seconds of a table's rows on the reference machine, before `speed`."""
        return (
            text_bytes / max(self.bytes_per_second, 1.0)
            + values * _VALUE_SECONDS
            + slow_values * _SLOW_VALUE_SECONDS
        )

    def table_seconds(self, name: str, rows: int, generic: float) -> float:
        rate = self.table_rates.get(name)
        busy = rows * rate if rate is not None else generic * self.speed
        return self.table_overhead + busy

    def seconds(self, text_bytes: float, tables: int = 1) -> float:
        """Generic seconds for a text volume alone (no column detail)."""
        return tables * self.table_overhead + self.generic(text_bytes, 0, 0) * self.speed

    def calibrate(self, report: Any, estimate: Estimate, machine: float = 1.0) -> Throughput:
        """A new model fitted to a finished load (`LoadReport`) of the plan `estimate` was
        made for, on a machine of factor `machine`: the pool-building time measured in the
        load becomes `startup` (when pools were built), every table with enough rows records
        its own rate, and the ratio of the measured time to the generic cost becomes
        `speed` (all divided by `machine`)."""
        by_name = {t.name: t for t in estimate.tables}
        loaded = [
            t for t in report.tables if not getattr(t, "skipped", False) and t.name in by_name
        ]
        if not loaded:
            return self
        rates = dict(self.table_rates)
        measured_busy = generic_busy = 0.0
        for t in loaded:
            spent = (t.seconds - getattr(t, "setup_seconds", 0.0)) / machine
            busy = max(spent - self.table_overhead, 0.0)
            measured_busy += busy
            generic_busy += by_name[t.name].generic
            if t.rows >= _MIN_RATE_ROWS:
                rates[t.name] = busy / t.rows
        speed = self.speed
        if generic_busy > 0 and measured_busy > 0:
            speed = measured_busy / generic_busy
            if self.measured and self.samples:
                speed = 0.7 * speed + 0.3 * self.speed  # favour the new measurement
        startup = self.startup
        setup = getattr(report, "setup_seconds", 0.0)
        if setup > 0.1:  # pools were built in this run, so it measured the startup
            startup = setup / machine
        if len(rates) > _MAX_TABLE_RATES:
            rates = dict(list(rates.items())[-_MAX_TABLE_RATES:])
        return Throughput(
            self.bytes_per_second,
            self.table_overhead,
            True,
            self.samples + 1,
            speed,
            startup,
            rates,
            dict(self.phase_speed),
        )

    def calibrate_phases(
        self,
        shape: RunShape,
        work: Work,
        measured: dict[str, float],
        total: float,
        machine: float = 1.0,
    ) -> Throughput:
        """The model with each phase's speed fitted to a finished whole run (`measured`: the
        seconds of its phases, `total`: of the run, `machine`: its factor; `work` as this
        model estimates it)."""
        speeds = estimate_phases.calibrate(
            self.phase_speed,
            shape,
            work,
            measured,
            total,
            first=not self.phase_speed,
            machine=machine,
        )
        return replace(self, phase_speed=speeds)


def pools_ready(seed: int) -> bool:
    """Whether value pools for `seed` are built in this process already."""

    return seed in POOL_CLOCK.seeds


def pools_cached(seed: int, cache_dir: Path | None) -> bool:
    """Whether value pools for `seed` are cached on disk in `cache_dir`."""
    folder = cache_dir
    if folder is None or not Path(folder).is_dir():
        return False
    return any(Path(folder).glob(f"pool-*-{seed}-*.json"))


@dataclass
class TableEstimate:
    name: str
    rows: int
    bytes: int
    seconds: float
    text_bytes: int = 0
    generic: float = 0.0  # the rows' generic cost on the reference machine (calibration)
    file_rows: int = 0  # rows schema.sql carries, loaded as they are ("from schema.sql")
    at_most: str | None = None  # why the rows are a bound: a rule leaves some out (fewer.py)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "rows": self.rows,
            "bytes": self.bytes,
            "seconds": round(self.seconds, 3),
        }
        if self.file_rows:
            out["from_schema_sql"] = self.file_rows
        if self.at_most:
            out["at_most"] = self.at_most
        return out


@dataclass
class Estimate:
    tables: list[TableEstimate] = field(default_factory=list)
    throughput: Throughput = field(default_factory=Throughput)
    startup: float = 0.0  # building value pools, once per run (not per table)
    machine: float = 1.0  # the machine's factor the seconds are for (machine.py)
    # every phase of the run in run order (estimate_phases.PHASES; empty: the data alone)
    phases: dict[str, float] = field(default_factory=dict)

    @property
    def rows(self) -> int:
        return sum(t.rows for t in self.tables)

    @property
    def bytes(self) -> int:
        return sum(t.bytes for t in self.tables)

    @property
    def data_seconds(self) -> float:
        """Writing the rows: the value pools, then every table."""
        return self.startup + sum(t.seconds for t in self.tables)

    @property
    def seconds(self) -> float:
        """The whole run: every phase (the data alone when the phases are not known)."""
        return sum(self.phases.values()) if self.phases else self.data_seconds

    @property
    def work(self) -> Work:
        """What the run writes, its data seconds on the reference machine."""
        return Work(float(self.bytes), self.data_seconds / self.machine, len(self.tables))

    @property
    def calibrated(self) -> bool:
        """Whether a finished run on this machine measured the phases besides data."""
        return bool(self.throughput.phase_speed)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "tables": [t.to_dict() for t in self.tables],
            "total": {
                "rows": self.rows,
                "bytes": self.bytes,
                "seconds": round(self.seconds, 3),
                "from_schema_sql": sum(t.file_rows for t in self.tables),
            },
            "startup_seconds": round(self.startup, 3),
            "machine_factor": round(self.machine, 2),
        }
        if self.phases:
            out["phases"] = {name: round(s, 3) for name, s in self.phases.items()}
            out["calibrated"] = self.calibrated
        return out


def _column_widths(schema: Schema, column: Column, generator: str | None) -> tuple[float, float]:
    info = resolve_type(schema, column.type)
    disk: float
    text: float
    if info.kind == "int":
        disk, text = _INT_WIDTH.get(info.name, (8, 7))
    elif info.kind == "text":
        chars = registry.width(generator)
        if info.length:
            chars = min(chars, info.length)
        disk, text = chars + 1, chars
    else:
        disk, text = _TYPE_WIDTH.get(info.kind, (16, 16))
    if info.array_dims:
        disk, text = 1.5 * disk * 2 + 24, 1.5 * (text + 1) + 2
    return disk, text


def estimate(
    schema: Schema,
    plan: Plan,
    throughput: Throughput | None = None,
    *,
    cache_dir: Path | None = None,
    shape: RunShape | None = None,
    machine: float = 1.0,
) -> Estimate:
    """Rows, bytes and seconds per planned table, from the schema and plan alone (the pools
    cached in `cache_dir` spare a generate its startup); with the run's `shape`, the
    seconds of every phase of the run too; every figure on a machine of factor `machine`."""

    throughput = throughput or Throughput()
    schema = plan.schema or schema
    out = Estimate(throughput=throughput, machine=machine)
    if any(tp.rows for tp in plan.tables) and not (
        pools_ready(plan.seed) or pools_cached(plan.seed, cache_dir)
    ):
        out.startup = throughput.startup * machine
    null_fraction = 0.1
    for tp in plan.tables:
        table = schema.tables[tp.name]
        row_disk, row_text = 24.0 + 4.0, 0.0  # tuple header + line pointer
        widths: dict[str, float] = {}
        slow = 0  # columns formatted value by value in Python
        for name in tp.columns:
            column = table.column(name)
            if column is None:
                continue
            is_slow, disk, text = _column_cost(schema, table, column)
            slow += is_slow
            share = 1.0 - (null_fraction if column.nullable else 0.0)
            row_disk += disk * share
            row_text += text * share + 1  # tab or newline
            widths[name] = disk
        index_bytes = 0.0
        for cols in unique_sets(table):
            index_bytes += 16 + sum(widths.get(c, 8) for c in cols)
        for index in table.indexes:
            if not index.unique:
                index_bytes += 16 + sum(widths.get(c or "", 8) for c in index.columns)
        rows = tp.rows
        disk_bytes = int(rows * (row_disk + index_bytes) * 1.1) + 8192 * (1 + len(table.indexes))
        text_bytes = int(rows * row_text)
        generic = throughput.generic(text_bytes, rows * len(tp.columns), rows * slow)
        seconds = throughput.table_seconds(tp.name, rows, generic) * machine
        out.tables.append(
            TableEstimate(
                tp.name,
                rows,
                disk_bytes,
                seconds,
                text_bytes,
                generic,
                tp.file_rows,
                None if tp.file_rows else at_most(schema, tp.name),
            )
        )
    if shape is not None:
        out.phases = estimate_phases.phase_seconds(shape, out.work, throughput.phase_speed, machine)
    return out


@memo.by_identity  # a run estimates twice (before and after it calibrates) on one schema
def _column_cost(schema: Schema, table: Table, column: Column) -> tuple[bool, float, float]:
    """(formatted value by value in Python, bytes on disk, bytes of COPY text) of one value of
    the column, by the generator inference gives it."""
    try:
        generator = infer(schema, table, column, resolve_type(schema, column.type))[0]
    except Exception:
        generator = None
    return (_slow_column(schema, column), *_column_widths(schema, column, generator))


def _slow_column(schema: Schema, column: Column) -> bool:
    info = resolve_type(schema, column.type)
    return bool(info.array_dims) or info.kind not in (
        "int",
        "decimal",
        "money",
        "bool",
        "date",
        "timestamp",
        "timestamptz",
        "text",
        "enum",
    )
