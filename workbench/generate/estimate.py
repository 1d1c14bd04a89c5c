"""The estimate: rows, bytes and seconds per table before anything is written.

Bytes on disk come from the column types and the generators' expected value sizes, plus
PostgreSQL's tuple overhead and a rough size for each unique index. Seconds come from a
throughput model — a fixed cost per table plus the COPY text volume over a measured rate —
that the workbench calibrates from a real load on this machine and keeps in
.workbench/throughput.json. Calibration compares the measured time with this same volume
estimate, so a systematic error in the size guesses cancels out.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from workbench.generate.plan import Plan, unique_sets
from workbench.generate.types import resolve_type
from workbench.schema.model import Column, Schema
from workbench.state import atomic_write_json, read_json

THROUGHPUT_FILE = "throughput.json"

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
_GENERATOR_WIDTH = {
    "email": 28,
    "first_name": 7,
    "last_name": 7,
    "full_name": 14,
    "username": 14,
    "phone": 15,
    "street_address": 22,
    "city": 11,
    "region": 9,
    "country": 12,
    "country_code": 2,
    "postal_code": 5,
    "url": 35,
    "user_agent": 100,
    "company": 20,
    "job_title": 22,
    "title": 28,
    "description": 60,
    "sentence": 60,
    "text": 40,
    "word": 7,
    "status": 7,
    "slug": 24,
    "sku": 10,
    "token": 32,
    "password_hash": 39,
}


@dataclass
class Throughput:
    """How fast this machine generates and loads: COPY text bytes per second plus a fixed
    cost per table (transaction, TRUNCATE check, setup)."""

    bytes_per_second: float = 12_000_000.0
    table_overhead: float = 0.02
    measured: bool = False
    samples: int = 0

    @classmethod
    def load(cls, state_dir: Path) -> Throughput:
        data = read_json(Path(state_dir) / THROUGHPUT_FILE)
        if not isinstance(data, dict):
            return cls()
        try:
            return cls(**{k: data[k] for k in asdict(cls()) if k in data})
        except TypeError:
            return cls()

    def save(self, state_dir: Path) -> None:
        atomic_write_json(Path(state_dir) / THROUGHPUT_FILE, asdict(self))

    def seconds(self, text_bytes: float, tables: int = 1) -> float:
        return tables * self.table_overhead + text_bytes / max(self.bytes_per_second, 1.0)

    def calibrate(self, report: Any, estimate: Estimate) -> Throughput:
        """A new model fitted to a finished load (`LoadReport`) of the plan `estimate` was
        made for: the loaded tables' estimated text volume over the measured time."""
        names = {t.name for t in report.tables if not getattr(t, "skipped", False)}
        volume = sum(t.text_bytes for t in estimate.tables if t.name in names)
        measured = sum(t.seconds for t in report.tables if t.name in names)
        busy = measured - self.table_overhead * len(names)
        if volume <= 0 or busy <= 0:
            return self
        rate = volume / busy
        if self.measured and self.samples:
            # blend with what we knew, favouring the new measurement
            rate = 0.7 * rate + 0.3 * self.bytes_per_second
        return Throughput(rate, self.table_overhead, True, self.samples + 1)


@dataclass
class TableEstimate:
    name: str
    rows: int
    bytes: int
    seconds: float
    text_bytes: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "rows": self.rows,
            "bytes": self.bytes,
            "seconds": round(self.seconds, 3),
        }


@dataclass
class Estimate:
    tables: list[TableEstimate] = field(default_factory=list)
    throughput: Throughput = field(default_factory=Throughput)

    @property
    def rows(self) -> int:
        return sum(t.rows for t in self.tables)

    @property
    def bytes(self) -> int:
        return sum(t.bytes for t in self.tables)

    @property
    def seconds(self) -> float:
        return sum(t.seconds for t in self.tables)

    def to_dict(self) -> dict[str, Any]:
        return {
            "tables": [t.to_dict() for t in self.tables],
            "total": {"rows": self.rows, "bytes": self.bytes, "seconds": round(self.seconds, 3)},
        }


def _column_widths(schema: Schema, column: Column, generator: str | None) -> tuple[float, float]:
    info = resolve_type(schema, column.type)
    if info.kind == "int":
        disk, text = _INT_WIDTH.get(info.name, (8, 7))
    elif info.kind == "text":
        chars = _GENERATOR_WIDTH.get(generator or "text", 20)
        if info.length:
            chars = min(chars, info.length)
        disk, text = chars + 1, chars
    else:
        disk, text = _TYPE_WIDTH.get(info.kind, (16, 16))
    if info.array_dims:
        disk, text = 1.5 * disk * 2 + 24, 1.5 * (text + 1) + 2
    return disk, text


def estimate(schema: Schema, plan: Plan, throughput: Throughput | None = None) -> Estimate:
    """Rows, bytes and seconds per planned table, from the schema and plan alone."""
    from workbench.generate.semantics import _infer

    throughput = throughput or Throughput()
    schema = plan.schema or schema
    out = Estimate(throughput=throughput)
    null_fraction = 0.1
    for tp in plan.tables:
        table = schema.tables[tp.name]
        row_disk, row_text = 24.0 + 4.0, 0.0  # tuple header + line pointer
        widths: dict[str, float] = {}
        for name in tp.columns:
            column = table.column(name)
            if column is None:
                continue
            try:
                generator = _infer(schema, table, column, resolve_type(schema, column.type))[0]
            except Exception:
                generator = None
            disk, text = _column_widths(schema, column, generator)
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
        out.tables.append(
            TableEstimate(tp.name, rows, disk_bytes, throughput.seconds(text_bytes), text_bytes)
        )
    return out
