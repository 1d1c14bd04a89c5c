"""The planned side of a distribution review: the law the generator actually applies, after
CHECKs, row rules, meet rules and every other rule, taken from an independent sample.

The declared law alone (sandbox.toml's weights, a children spec, a range) is not what the
data follows once the generator's rules reshape it: a payment method follows its customer's
country, an order's address is one of its customer's, a CHECK removes values. So the plan the
sandbox was built with is generated again, in memory, with another seed (`sample_seed`): the
same code and the same rules draw an independent sample of the same law. A column of the
sandbox that differs from it by more than sampling error does not follow its generator.

Only compact profiles are kept (value counts of low-cardinality columns, a subsample of
numbers, children per parent of foreign keys), cached in .workbench/review-sample.json under
the build's key, so the run happens once per build. Columns filled after the load (totals
summed from children, keys closing a cycle) are marked and not compared.

A key a rule picks again among the parent rows agreeing with the row's other keys
(LinkRule.repicks: a trip's vehicle of the trip's depot) has a fan-out that follows those
keys' parents: how many children a parent gets is settled by the other tables' shapes, which
differ from one sample to the next far more than the children's independent picks would. For
such keys a second sample is drawn (another seed, up to the last table holding one) and its
fan-out kept (`again`): the review measures the generator's own spread from the two.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, replace
from typing import Any

import numpy as np
from psycopg import sql

from workbench.config.file import MAX_SEED, config_hash
from workbench.context import Context
from workbench.files.state import atomic_write_json, read_json
from workbench.generate.base.batch import Col
from workbench.generate.base.clock import run_now
from workbench.generate.constraints.oracle import CheckOracle
from workbench.generate.links import key_columns
from workbench.generate.load import totals_memory
from workbench.generate.plan.tables import Plan
from workbench.generate.rows.assembler import TableGenerator, referenced_columns
from workbench.generate.rules.registry import LINK_RULES
from workbench.generate.view import KeyStore
from workbench.records.lease import read_lease

SAMPLE_FILE = "review-sample.json"
VERSION = 2  # of the cached profiles' shape
DISTINCT_CAP = 200  # value counts are kept for columns with at most this many values
NUMBERS_CAP = 5000  # numbers kept per column (a subsample beyond)
MAX_ROWS = 3_000_000  # a plan bigger than this is not sampled (the declared law is shown)
_NUMERIC = {"int", "float", "decimal"}
_TIMES = {"date", "timestamp"}


@dataclass
class ColumnSample:
    """One column of the sample: what the review compares the sandbox's column with."""

    rows: int
    nulls: int = 0
    counts: dict[str, int] | None = None  # value as text → rows (None: too many values)
    numbers: list[float] | None = None  # values (epoch seconds for times), a subsample
    fanout: dict[int, int] | None = None  # children per parent → parents (one-column FKs)
    parents: int | None = None  # the parent's rows, for `fanout`
    after_load: str | None = None  # why the sample cannot hold it (filled after the load)
    again: dict[int, int] | None = None  # `fanout` in a second sample (a key rules re-pick)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ColumnSample:
        fanout, again = data.get("fanout"), data.get("again")
        data = {
            **data,
            "fanout": {int(k): int(v) for k, v in fanout.items()} if fanout else None,
            "again": {int(k): int(v) for k, v in again.items()} if again else None,
        }
        return cls(**data)


@dataclass
class Sample:
    seed: int
    rows: dict[str, int]  # rows per sampled table
    columns: dict[str, dict[str, ColumnSample]]  # table → column → profile

    def column(self, table: str, column: str) -> ColumnSample | None:
        return self.columns.get(table, {}).get(column)

    def label(self, table: str) -> str:
        rows = self.rows.get(table)
        size = f", {rows:,} rows" if rows is not None else ""
        return f"an independent sample of the generator (same plan, seed {self.seed}{size})"


def sample_seed(seed: int) -> int:
    """The sample's seed: fixed for a build's seed, never equal to it."""
    other = zlib.crc32(f"review-sample {seed}".encode()) % MAX_SEED
    return other if other != seed else (other + 1) % MAX_SEED


def build_key(ctx: Context) -> dict[str, Any] | None:
    """What the sandbox was built from (its lease), or None before a build."""
    lease = read_lease(ctx.state_dir)
    if lease is None or lease.seed is None:
        return None
    return {
        "version": VERSION,
        "config_hash": config_hash(ctx.config),
        "seed": lease.seed,
        "rows": lease.rows,
    }


def at_build_clock(ctx: Context) -> Context:
    """The context on the clock the build's histories end at (the lease's `clock`): the
    sample is drawn at the moment the data was, not at the minute it is reviewed."""
    lease = read_lease(ctx.state_dir)
    clock = lease.clock if lease is not None else None
    if not clock or clock == str(run_now(ctx.config)):
        return ctx
    return ctx.with_config(replace(ctx.config, generate=replace(ctx.config.generate, now=clock)))


def review_sample(ctx: Context, on_table: Callable[[str], None] | None = None) -> Sample | None:
    """The sample of the sandbox's plan, from the cache or generated now (every table, in
    plan order: a table's sample needs its parents'). None when there is no build to sample
    or the plan is too big to hold; a WorkbenchError when the plan cannot be generated."""
    key = build_key(ctx)
    if key is None:
        return None
    path = ctx.state_dir / SAMPLE_FILE
    cached = read_json(path)
    if isinstance(cached, dict) and cached.get("key") == key:
        return _from_dict(cached)
    seed = sample_seed(int(key["seed"]))
    ctx = at_build_clock(ctx)
    plan = ctx.plan(rows=key["rows"], seed=seed)
    if plan.total_rows > MAX_ROWS:
        return None
    sample = Sample(seed, {t.name: t.rows for t in plan.tables}, {})
    repicked: set[tuple[str, str]] = set()
    for name, profile, keys in _profiles(ctx, plan, seed, on_table):
        sample.columns[name] = profile
        repicked |= {(name, c) for c in keys if profile[c].fanout is not None}
    if repicked:
        _again(ctx, key, sample, repicked, on_table)
    atomic_write_json(
        path,
        {"key": key, **_to_dict(sample)},
        redacted=False,  # generated values' profiles, nothing from the configuration
    )
    return sample


def _again(
    ctx: Context,
    key: dict[str, Any],
    sample: Sample,
    repicked: set[tuple[str, str]],
    on_table: Callable[[str], None] | None,
) -> None:
    """The fan-out of each key rules re-pick in a second sample of the plan (another seed),
    drawn up to the last table holding one."""
    seed = sample_seed(sample.seed)
    if seed == int(key["seed"]):
        seed = (seed + 1) % MAX_SEED
    plan = ctx.plan(rows=key["rows"], seed=seed)
    left = {t for t, _ in repicked}
    for name, profile, _ in _profiles(ctx, plan, seed, on_table):
        for table, column in repicked:
            if table == name:
                sample.columns[name][column].again = profile[column].fanout
        left.discard(name)
        if not left:
            break


def _to_dict(sample: Sample) -> dict[str, Any]:
    return {
        "seed": sample.seed,
        "rows": sample.rows,
        "columns": {
            t: {c: asdict(p) for c, p in cols.items()} for t, cols in sample.columns.items()
        },
    }


def _from_dict(data: dict[str, Any]) -> Sample:
    return Sample(
        int(data.get("seed") or 0),
        {str(k): int(v) for k, v in (data.get("rows") or {}).items()},
        {
            t: {c: ColumnSample.from_dict(p) for c, p in cols.items()}
            for t, cols in (data.get("columns") or {}).items()
        },
    )


def _profiles(
    ctx: Context, plan: Plan, seed: int, on_table: Callable[[str], None] | None
) -> Iterator[tuple[str, dict[str, ColumnSample], set[str]]]:
    """Generate the plan in memory, table by table, as the loader does (its rule order, its
    totals held in memory); yield each table's profiles and the keys rules re-pick there."""
    schema = plan.schema or ctx.schema()
    keys = KeyStore()
    referenced = referenced_columns(schema)
    replay: dict[str, TableGenerator] = {}
    oracle = CheckOracle(lambda: _oracle_connection(ctx))
    rows_of = {t.name: t.rows + t.file_rows for t in plan.tables}
    deferred = {(d.table, c) for d in plan.deferred for c in d.fk.columns}
    try:
        for tp in plan.tables:
            if on_table is not None:
                on_table(tp.name)
            gen = replay.pop(tp.name, None) or TableGenerator(
                schema, plan, tp, ctx.config, seed, keys, referenced, oracle=oracle
            )
            profiles: dict[str, _Profile] = {c: _Profile(gen, c, rows_of) for c in tp.columns}
            repicked: set[str] = set()
            if tp.rows:
                for _, batch in totals_memory.batches(gen, False, 20_000, lambda: False, replay):
                    for column, profile in profiles.items():
                        profile.add(batch[column])
                repicked = {
                    c for rule in LINK_RULES if rule.repicks for c in rule.repicks(gen.view)
                }
            gen.finish()
            if tp.file_rows and not tp.rows:
                _file_keys(ctx, gen, keys, referenced.get(tp.name, set()))
            after = {r.column: "a total of its children (sum_of / count_of)" for r in gen.rollups}
            after.update(
                {
                    c: "a key closing a cycle, set after the load"
                    for t, c in deferred
                    if t == tp.name
                }
            )
            yield tp.name, {c: p.result(after.get(c)) for c, p in profiles.items()}, repicked
    finally:
        oracle.close()


def _oracle_connection(ctx: Context) -> Any:
    """The CHECK oracle's session, as the loader's own: the schema's owner role, the file's
    search path (its CHECKs call the file's functions, which the read-only role may not)."""
    return ctx.db.owner(autocommit=True)


def _file_keys(ctx: Context, gen: TableGenerator, keys: KeyStore, cols: set[str]) -> None:
    """A table filled by the rows schema.sql carries: its keys as the sandbox holds them."""
    if not cols:
        return
    schema, _, name = gen.tp.name.partition(".")
    ordered = sorted(cols)
    with ctx.db.reading(f"reading the keys of {gen.tp.name}") as conn:
        rows = conn.execute(
            sql.SQL("SELECT {} FROM {}").format(
                sql.SQL(", ").join(sql.SQL("{}::text").format(sql.Identifier(c)) for c in ordered),
                sql.Identifier(schema, name),
            )
        ).fetchall()
    keys.put(
        gen.tp.name,
        key_columns(gen.view.specs, {c: [r[i] for r in rows] for i, c in enumerate(ordered)}),
    )


class _Profile:
    """Accumulates one column over the batches."""

    def __init__(self, gen: TableGenerator, column: str, rows_of: dict[str, int]) -> None:
        spec = gen.view.specs.get(column)
        self.kind = spec.kind if spec is not None else "text"
        array = spec is not None and bool(spec.info.array_dims)
        self.rows = self.nulls = 0
        # arrays are not judged value by value (their text differs from the server's)
        self.counts: dict[str, int] | None = None if array else {}
        # a category has few values for its rows (a fifth at most), and never many
        self.distinct_cap = min(DISTINCT_CAP, max(20, gen.tp.rows // 5))
        self.numbers: list[np.ndarray] = []
        self.kept_numbers = 0
        fk = next((f for f in gen.view.table.foreign_keys if f.columns == [column]), None)
        self.parent_rows = rows_of.get(fk.ref_qualified) if fk is not None else None
        self.fk_values: dict[Any, int] | None = {} if self.parent_rows is not None else None

    def add(self, col: Col) -> None:
        present = ~col.nulls
        values = col.values[present]
        self.rows += len(col.values)
        self.nulls += int(col.nulls.sum())
        if self.counts is not None:
            uniq, counts = np.unique(_texts(values, self.kind), return_counts=True)
            for value, count in zip(uniq.tolist(), counts.tolist(), strict=True):
                self.counts[value] = self.counts.get(value, 0) + int(count)
            if len(self.counts) > self.distinct_cap:
                self.counts = None  # names, emails: never judged value by value
        if self.kind in _NUMERIC or self.kind in _TIMES:
            numbers = _numbers(values, self.kind)
            if self.kept_numbers < 50 * NUMBERS_CAP:  # enough to subsample from
                self.numbers.append(numbers)
                self.kept_numbers += len(numbers)
        if self.fk_values is not None:
            uniq, counts = np.unique(values, return_counts=True)
            for value, count in zip(uniq.tolist(), counts.tolist(), strict=True):
                self.fk_values[value] = self.fk_values.get(value, 0) + int(count)

    def result(self, after_load: str | None) -> ColumnSample:
        if after_load is not None:
            return ColumnSample(self.rows, after_load=after_load)
        numbers = None
        if self.numbers:
            every = np.concatenate(self.numbers)
            if len(every) > NUMBERS_CAP:
                pick = np.random.default_rng(len(every)).choice(len(every), NUMBERS_CAP, False)
                every = every[pick]
            numbers = [round(float(v), 6) for v in np.sort(every)]
        return ColumnSample(
            self.rows, self.nulls, self.counts, numbers, self._fanout(), self.parent_rows
        )

    def _fanout(self) -> dict[int, int] | None:
        """Parents by their number of children (those with none included)."""
        if self.fk_values is None or not self.parent_rows:
            return None
        fanout: dict[int, int] = {}
        for children in self.fk_values.values():
            fanout[children] = fanout.get(children, 0) + 1
        none = self.parent_rows - len(self.fk_values)
        if none > 0:
            fanout[0] = none
        return fanout


def _texts(values: np.ndarray, kind: str) -> np.ndarray:
    """Values as the sandbox's `::text` writes them (the review's categories)."""
    if kind == "bool":
        return np.where(values.astype(bool), "true", "false")
    if kind == "int":
        return values.astype(np.int64).astype(str)
    if kind == "date":
        return values.astype("datetime64[D]").astype(str)
    return np.array([v if isinstance(v, str) else str(v) for v in values.tolist()], dtype=object)


def _numbers(values: np.ndarray, kind: str) -> np.ndarray:
    if kind in _TIMES:
        return values.astype("datetime64[s]").astype(np.int64).astype(np.float64)
    return values.astype(np.float64)


def sample_side(profile: ColumnSample, kind: str, actual: dict[str, Any]) -> dict[str, Any] | None:
    """The sample's counts in the shape of the review's actual side: category values, the
    actual side's bins (the same edges, the same clamping as distribution_sql.histogram), or
    children per parent. None when the sample does not hold the column in that shape."""
    if profile.after_load is not None:
        return None
    side: dict[str, Any] = {"rows": profile.rows, "nulls": profile.nulls}
    if kind == "fk":
        if profile.fanout is None:
            return None
        side["histogram"] = {int(k): int(v) for k, v in profile.fanout.items()}
        if profile.again is not None:
            side["again"] = {int(k): int(v) for k, v in profile.again.items()}
        return side
    if kind == "category":
        if profile.counts is None:
            return None
        side["values"] = dict(profile.counts)
        return side
    edges = actual.get("edges") or []
    if profile.numbers is None or not edges:
        return None
    numbers = np.asarray(profile.numbers, dtype=np.float64)
    if actual.get("log"):  # binned on the logarithm (distribution_sql.histogram)
        numbers = np.log(np.where(numbers > 0, numbers, np.nan))
        numbers = np.nan_to_num(numbers, nan=-np.inf)
    first, width = float(edges[0][0]), float(edges[0][1]) - float(edges[0][0])
    index = np.clip(np.floor((numbers - first) / (width or 1.0)), 0, len(edges) - 1)
    side["bins"] = np.bincount(index.astype(np.int64), minlength=len(edges)).tolist()
    return side
