"""At which sizes a rehearsal measures, and what the measurements say at production's size.

- the snapshot (default): the sandbox's own rows, measured as they are;
- `--rows N`: a clone filled with N rows per table (a table with a children law keeps it);
- `--scale production`: a clone filled to the statistics' row counts (reltuples × 1), when
  the estimate says that fits the budget (seconds to fill, and a quarter of the free disk);
  otherwise three clones at ¼, ½ and 1 of the largest scale that fits, and every statement's
  duration and WAL fitted against the rows of the tables it touched and projected to
  production's rows.

The curve is chosen by what the statement did, not by the best of three points: a statement
that built an index sorts its rows, `t = a + b·n·log₂n`; any other (a rewrite, a scan, an
update) is linear, `t = a + b·n`. Both are least-squares fits with a, b ≥ 0, and the report
names the curve and its coefficients.
"""

from __future__ import annotations

import math
import shutil
from dataclasses import dataclass, field, replace
from typing import Any

from workbench.context import Context
from workbench.errors import UsageError
from workbench.generate.plan.tables import Plan
from workbench.rehearse.findings import Projected
from workbench.rehearse.results import StatementResult
from workbench.stats.load import load_statistics

DEFAULT_BUDGET = 120.0  # seconds the largest fill may take, by the estimate
LINEAR, NLOGN = "linear", "n log n"


@dataclass
class Size:
    """One size to measure at: None for the snapshot as it is."""

    label: str
    rows: int | None = None  # rows per table
    scale: float | None = None  # statistics scale


def scaled(ctx: Context, scale: float) -> Context:
    """The context planning `scale` × production's rows for every table the statistics
    cover: sandbox.toml's own `rows` and `children` for those tables give way (they size the
    everyday sandbox, not production)."""
    config = ctx.config
    stats = load_statistics(config)
    covered = set(stats.relations) if stats is not None else set()
    tables = {
        name: replace(section, rows=None, children=None) if name in covered else section
        for name, section in config.tables.items()
    }
    generate = replace(config.generate, scale=scale)
    return ctx.with_config(replace(config, generate=generate, tables=tables))


def plan_at(ctx: Context, size: Size) -> Plan:
    if size.scale is not None:
        return scaled(ctx, size.scale).plan()
    return ctx.plan(rows=size.rows)


def sizes_for(
    ctx: Context, *, rows: int | None, scale: str | None, budget: float
) -> tuple[str, list[Size | None], dict[str, Any]]:
    """(mode, sizes, detail): what to fill and measure."""
    if rows is not None and scale is not None:
        raise UsageError("--rows and --scale are alternatives: give one of them.")
    if rows is not None:
        if rows < 1:
            raise UsageError(f"--rows must be at least 1 to fill a clone, got {rows}.")
        return "rows", [Size(f"{rows:,} rows per table", rows=rows)], {}
    if scale is None:
        return "snapshot", [None], {}
    if scale != "production":
        raise UsageError(f"--scale takes `production`, got {scale!r}.")
    if load_statistics(ctx.config) is None:
        raise UsageError(
            "--scale production needs production's statistics: set sandbox.statistics to the "
            "file `pg_dump --statistics-only` (PostgreSQL 18) or `workbench stats query` wrote."
        )
    full = scaled(ctx, 1.0).source.estimate()  # its data: a fill writes rows only
    free = shutil.disk_usage(ctx.state_dir if ctx.state_dir.exists() else ".").free
    disk = max(1.0, free / 4)
    detail = {
        "production_rows": full.rows,
        "estimate": {"seconds": round(full.data_seconds, 1), "bytes": full.bytes},
        "budget": {"seconds": budget, "bytes": round(disk)},
    }
    fraction = min(1.0, budget / max(full.data_seconds, 1e-9), disk / max(full.bytes, 1))
    if fraction >= 1.0:
        return "production", [Size("production's row counts", scale=1.0)], detail
    # three fills of ¼, ½ and 1 of the largest that fits, within the budget together
    largest = fraction / 1.75
    sizes: list[Size | None] = [
        Size(f"scale {largest * k:.3g} of production", scale=largest * k) for k in (0.25, 0.5, 1)
    ]
    return "extrapolated", sizes, detail


# --- fitting ------------------------------------------------------------------------------


@dataclass
class Fit:
    model: str
    a: float
    b: float
    xs: list[float] = field(default_factory=list)
    ys: list[float] = field(default_factory=list)

    def predict(self, x: float) -> float:
        return self.a + self.b * _basis(self.model, x)

    def describe(self, unit: str = "s") -> str:
        term = "n·log₂n" if self.model == NLOGN else "n"
        return f"{self.model}: {self.a:.3g} {unit} + {self.b:.3g} {unit} × {term}"

    def to_dict(self) -> dict[str, Any]:
        return {"model": self.model, "a": self.a, "b": self.b, "x": self.xs, "y": self.ys}


def _basis(model: str, x: float) -> float:
    return x * math.log2(max(x, 2.0)) if model == NLOGN else x


def fit(xs: list[float], ys: list[float], model: str) -> Fit:
    """Least squares y = a + b·f(x) with a, b ≥ 0."""
    fs = [_basis(model, x) for x in xs]
    n = len(xs)
    mean_f, mean_y = sum(fs) / n, sum(ys) / n
    var = sum((f - mean_f) ** 2 for f in fs)
    b = sum((f - mean_f) * (y - mean_y) for f, y in zip(fs, ys, strict=True)) / var if var else 0.0
    a = mean_y - b * mean_f
    if b < 0:
        a, b = mean_y, 0.0
    elif a < 0:
        squares = sum(f * f for f in fs)
        a, b = 0.0, (sum(f * y for f, y in zip(fs, ys, strict=True)) / squares if squares else 0.0)
    return Fit(model, a, b, list(xs), list(ys))


def model_for(st: StatementResult) -> str:
    return NLOGN if st.indexes else LINEAR


def touched(st: StatementResult) -> list[str]:
    """The tables whose rows a statement's work grows with: those it took a lock on, read,
    wrote, rewrote or built an index on itself; a lock its transaction held already (from
    an earlier statement) is not this statement's work. A statement that touched none of
    its own (it reused its transaction's locks and read nothing) is judged by those."""
    own = {lock.table for lock in st.locks if lock.taken}
    own |= set(st.rows.read) | set(st.rows.written) | set(st.rewritten)
    own |= {index.table for index in st.indexes}
    return sorted(own or {lock.table for lock in st.locks})


@dataclass
class Projection:
    """Each statement's figures projected to production's rows, with the fits behind them."""

    projected: dict[tuple[str, int], Projected] = field(default_factory=dict)
    fits: dict[tuple[str, int], dict[str, Any]] = field(default_factory=dict)


def project(
    runs: list[tuple[list[StatementResult], dict[str, int]]],
    target_rows: dict[str, float],
) -> Projection:
    """Fit every statement measured in all `runs` (statements and the clone's rows per table
    at each size) and project it to `target_rows` (production's rows per table)."""
    out = Projection()
    last, _ = runs[-1]
    for st in last:
        key = (st.file, st.index)
        series = []
        for statements, rows in runs:
            found = next((s for s in statements if (s.file, s.index) == key), None)
            if found is None or found.error is not None:
                break
            series.append((float(sum(rows.get(t, 0) for t in touched(found))), found))
        if len(series) != len(runs) or st.error is not None:
            continue
        xs = [x for x, _ in series]
        model = model_for(st)
        seconds = fit(xs, [s.seconds for _, s in series], model)
        wal = fit(xs, [float(s.wal_bytes) for _, s in series], LINEAR)
        production = float(sum(target_rows.get(t, 0.0) for t in touched(st)))
        out.projected[key] = Projected(
            seconds=seconds.predict(production),
            held={},
            wal_bytes=wal.predict(production),
            rows=production,
            model=seconds.describe(),
            tables=touched(st),
        )
        out.fits[key] = {"seconds": seconds.to_dict(), "wal_bytes": wal.to_dict()}
    _holds(last, out)
    return out


def _holds(statements: list[StatementResult], out: Projection) -> None:
    """A lock's projected hold: the projected durations of the statements from the one that
    took it to the end of its transaction."""
    for i, st in enumerate(statements):
        proj = out.projected.get((st.file, st.index))
        if proj is None:
            continue
        rest = [s for s in statements[i:] if s.transaction == st.transaction]
        total = sum(
            out.projected[(s.file, s.index)].seconds
            for s in rest
            if (s.file, s.index) in out.projected
        )
        proj.held = {lock.table: total for lock in st.locks if lock.taken}


def production_rows(ctx: Context) -> dict[str, float]:
    """Rows per table at production's size: the plan at statistics scale 1."""
    return {t.name: float(t.rows) for t in scaled(ctx, 1.0).plan().tables}
