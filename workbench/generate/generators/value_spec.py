"""What a value generator is given: the column's spec (type, generator, bounds, hints), the
window generated timestamps fall in, and the timed access to the value pools (Faker) whose
one-time cost the estimate models apart."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from workbench.generate.checks import ColumnHints
from workbench.generate.generators import pools
from workbench.schema.model import Column
from workbench.schema.typeinfo import TypeInfo


@dataclass
class PoolClock:
    """Time spent building value pools (Faker) in this process, and the seeds asked for: the
    one-time startup the estimate models apart from per-row costs."""

    seconds: float = 0.0
    seeds: set[int] = field(default_factory=set)


POOL_CLOCK = PoolClock()


def pool(kind: str, seed: int) -> np.ndarray:
    """`pools.pool`, timed: after the first call for (kind, seed) it is a cache hit."""
    started = time.perf_counter()
    try:
        return pools.pool(kind, seed)
    finally:
        POOL_CLOCK.seconds += time.perf_counter() - started
        POOL_CLOCK.seeds.add(seed)


TS_LO = np.datetime64("2019-01-01T00:00:00", "us")
TS_HI = np.datetime64("2025-06-30T00:00:00", "us")
DAY_US = 86_400_000_000


@dataclass
class ColumnSpec:
    column: Column
    info: TypeInfo
    generator: str
    params: dict[str, Any]
    hints: ColumnHints
    nullable: bool
    null_fraction: float
    unique: bool = False
    seed: int = 0
    partition: Any = None  # PartitionSpec when this is the partition key
    after: str | None = None  # column this one must not precede (updated_at after created_at)
    # a creation time drawn here unless a range is declared: its children's partitions
    # (timeline_parts.children_window)
    drawn_within: tuple[np.datetime64, np.datetime64] | None = None
    # where the run's times are drawn: a history up to the run's now (base/clock.py)
    window: tuple[np.datetime64, np.datetime64] = (TS_LO, TS_HI)
    max_len: int | None = None
    min_len: int | None = None
    notes: list[str] = field(default_factory=list)
    # the declared constant DEFAULT most rows hold, and the share of rows drawn as it
    # (kinds/defaults.py; the assembler draws it, rules may write over it)
    prior: tuple[Any, float] | None = None

    @property
    def name(self) -> str:
        return self.column.name

    @property
    def kind(self) -> str:
        """The batch representation kind (see checks.Col)."""
        if self.info.array_dims:
            return "other"
        k = self.info.kind
        if k in ("int",):
            return "int"
        if k in ("decimal", "money"):
            return "decimal"
        if k == "float":
            return "float"
        if k == "bool":
            return "bool"
        if k == "date":
            return "date"
        if k in ("timestamp", "timestamptz"):
            return "timestamp"
        if k in ("text", "enum"):
            return "text"
        return "other"

    @property
    def step(self) -> float:
        if self.kind == "decimal":
            return 10.0 ** -(self.info.scale or 0) if self.info.scale is not None else 0.01
        if self.kind == "float":
            return 0.001
        return 1


def obj(values: list[Any] | np.ndarray) -> np.ndarray:
    out = np.empty(len(values), dtype=object)
    out[:] = list(values) if not isinstance(values, np.ndarray) else values
    return out


def num_bounds(spec: ColumnSpec, default_lo: float, default_hi: float) -> tuple[float, float]:
    h = spec.hints
    lo, hi = default_lo, default_hi
    rng_param = spec.params.get("range")
    if rng_param:
        lo, hi = rng_param
    if isinstance(h.lo, (int, float)):
        lo = (
            max(lo, h.lo + (0 if h.lo_incl else spec.step))
            if rng_param
            else h.lo + (0 if h.lo_incl else spec.step)
        )
        if hi < lo:
            hi = lo + (default_hi - default_lo)
    if isinstance(h.hi, (int, float)):
        hi = min(hi, h.hi - (0 if h.hi_incl else spec.step))
        if lo > hi:
            lo = hi - min(default_hi - default_lo, 1000)
    info = spec.info
    if info.kind == "int":
        tlo, thi = info.int_limits
        lo, hi = max(lo, tlo), min(hi, thi)
    elif info.kind == "decimal" and info.precision is not None:
        limit = 10.0 ** (info.precision - (info.scale or 0)) - 10.0 ** -(info.scale or 0)
        lo, hi = max(lo, -limit), min(hi, limit)
    if lo > hi:
        lo = hi
    return lo, hi
