"""Vectorised value generators: one call fills a whole batch of one column.

A generator gets the batch's row numbers (`idx`, global within the table, so values that must
be unique are derived from them), a numpy Generator seeded for (seed, table, column, first
row) and the columns already generated (for created ≤ updated). It returns a `Col` of typed
values: int64, float64, bool, datetime64 or object arrays of str. Faker appears only through
`pools.pool`, built once per seed.

What a generator is given is value_spec.py; the types formatted straight to text are
typed.py.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import zlib

import numpy as np

from workbench.errors import GenerationError
from workbench.generate.base.batch import Batch, Col
from workbench.generate.base.format import to_text
from workbench.generate.base.names import normalise
from workbench.generate.base.sqltree import to_datetime
from workbench.generate.checks import ColumnHints
from workbench.generate.generators import entities, quota, realistic, registry, tags
from workbench.generate.generators.base import NaturalRange
from workbench.generate.generators.pools import kind_weights, zipf_ranks
from workbench.generate.generators.shaped import shaped_values
from workbench.generate.generators.text import fit, plain_text
from workbench.generate.generators.typed import gen_other
from workbench.generate.generators.unknown_numbers import unknown_numbers
from workbench.generate.generators.value_spec import (
    DAY_US,
    TS_HI,
    TS_LO,
    ColumnSpec,
    num_bounds,
    obj,
)
from workbench.generate.vocab import countries, grades, outcomes
from workbench.generate.vocab.headcount import headcount, is_role_column

# --- numbers ------------------------------------------------------------------------------


def natural_bounds(spec: ColumnSpec, natural: NaturalRange) -> tuple[float, float]:
    """The quantity's natural range narrowed by the column's CHECKs and type; a percentage in
    a column too narrow for its top (100 %, a 25 % tax) holds a fraction."""
    lo, hi = num_bounds(spec, natural.lo, natural.hi)
    if not spec.params.get("range") and lo < natural.lo <= hi:
        lo = natural.lo  # a CHECK (x >= 0) below the natural range narrows nothing
    if natural.percent and hi < natural.hi and spec.hints.hi is None:
        hi = min(hi, natural.hi / 100)
    return lo, hi


def gen_int(spec: ColumnSpec, rng, idx: np.ndarray) -> np.ndarray:
    n = idx.size
    gen = spec.generator
    if gen == "sequence" and "start" in spec.params and "ordinal_ends" not in spec.params:
        return (spec.params["start"] + idx * spec.params["increment"]).astype(np.int64)
    if spec.unique or gen == "sequence":
        lo, hi = num_bounds(spec, 1, 2**62)
        ends = spec.params.get("ordinal_ends")
        if ends is not None:
            # unique with the parent key: the row's position among its parent's children
            parent = np.searchsorted(ends, idx, side="right")
            starts = ends - spec.params["ordinal_counts"]
            return (int(lo) + idx - starts[parent]).astype(np.int64)
        return (int(lo) + idx).astype(np.int64)
    declared = registry.get(gen)
    if declared is not None and declared.natural is not None:
        lo, hi = natural_bounds(spec, declared.natural)
        lo, hi = int(np.ceil(lo)), int(np.floor(hi))
        shape = declared.natural.shape
        vals = np.floor(realistic.numbers(shape, rng, n, lo, hi + 0.999)).astype(np.int64)
        return np.clip(vals, lo, max(lo, hi))
    if declared is not None and declared.integers is not None:
        return declared.integers(spec, rng, idx)
    vals, lo, hi = unknown_numbers(spec, rng, n)  # a sane magnitude, not the type's range
    lo, hi = int(np.ceil(lo)), int(np.floor(hi))
    return np.clip(np.floor(vals + 0.5), lo, max(lo, hi)).astype(np.int64)


def gen_decimal(spec: ColumnSpec, rng, idx: np.ndarray) -> np.ndarray:
    n = idx.size
    scale = spec.info.scale if spec.info.scale is not None else 2
    declared = registry.get(spec.generator)
    own = declared.decimals if declared is not None else None
    if own is not None and declared is not None and declared.over_unique:
        vals, lo, hi = own(spec, rng, idx)
    elif spec.unique:
        lo, hi = num_bounds(spec, 1, 1e15)
        step = 10.0**-scale if spec.kind == "decimal" else 1.0
        return lo + idx * step
    elif declared is not None and declared.natural is not None:
        lo, hi = natural_bounds(spec, declared.natural)
        vals = realistic.numbers(declared.natural.shape, rng, n, lo, hi)
    elif own is not None:
        vals, lo, hi = own(spec, rng, idx)
    else:
        vals, lo, hi = unknown_numbers(spec, rng, n)  # a sane magnitude, not the type's range
    if spec.kind == "decimal" or spec.info.kind == "money":
        vals = np.round(vals, scale)
        vals = np.clip(
            vals, np.ceil(lo * 10**scale) / 10**scale, np.floor(hi * 10**scale) / 10**scale
        )
    return vals


# --- dates and times ----------------------------------------------------------------------


def time_bounds(spec: ColumnSpec, lo: np.datetime64, hi: np.datetime64):
    h = spec.hints
    if spec.params.get("range"):
        lo, hi = (to_datetime(str(v)) for v in spec.params["range"])
    elif spec.drawn_within is not None and spec.generator != "birth_date":
        lo, hi = spec.drawn_within
    if h.lo is not None:
        with contextlib.suppress(Exception):
            lo = max(lo, to_datetime(str(h.lo)) if not isinstance(h.lo, np.datetime64) else h.lo)
    if h.hi is not None:
        with contextlib.suppress(Exception):
            hi = min(hi, to_datetime(str(h.hi)) if not isinstance(h.hi, np.datetime64) else h.hi)
    if hi < lo:
        hi = lo + np.timedelta64(365, "D")
    return lo.astype("datetime64[us]"), hi.astype("datetime64[us]")


def _partition_times(spec: ColumnSpec, rng, n: int) -> np.ndarray | None:
    part = spec.partition
    if part is None or not part.ranges or part.has_default:
        return None
    lows, highs = [], []
    for lo, hi in part.ranges:
        lo_t = to_datetime(lo) if lo else TS_LO - np.timedelta64(3650, "D")
        hi_t = to_datetime(hi) if hi else TS_HI + np.timedelta64(3650, "D")
        # bounds carry their own UTC offsets; keep a day's margin either side so the session
        # time zone can never push a value across the edge
        lows.append(lo_t + np.timedelta64(1, "D"))
        highs.append(hi_t - np.timedelta64(1, "D"))
    lows_a = np.array(lows, dtype="datetime64[us]")
    highs_a = np.array(highs, dtype="datetime64[us]")
    which = rng.integers(0, len(lows), n)
    span = np.maximum((highs_a - lows_a).astype(np.int64), 1)[which]
    return lows_a[which] + (rng.random(n) * span).astype(np.int64).astype("timedelta64[us]")


def gen_timestamp(spec: ColumnSpec, rng, idx: np.ndarray, batch: Batch) -> np.ndarray:
    n = idx.size
    part = _partition_times(spec, rng, n)
    if part is not None:
        vals = part
    else:
        gen = spec.generator
        lo, hi = spec.window
        if gen == "birth_date":  # people of 20 to 75 at the run's now
            year = np.timedelta64(365 * DAY_US + DAY_US // 4, "us")
            lo, hi = hi - 75 * year, hi - 20 * year
        lo, hi = time_bounds(spec, lo, hi)
        span = max(int((hi - lo).astype(np.int64)), 1)
        if spec.unique and not spec.params.get("keyed_time"):
            # one second apart, or one day apart for a date (seconds would all share a day);
            # a time unique with its parents' keys, the whole key checked, is drawn as any
            step = DAY_US if spec.kind == "date" or spec.params.get("unique_days") else 1_000_000
            vals = lo + (idx * step).astype("timedelta64[us]")
        else:
            vals = lo + (rng.random(n) * span).astype(np.int64).astype("timedelta64[us]")
        if spec.after and spec.after in batch:
            base = batch[spec.after].values.astype("datetime64[us]")
            if gen == "deleted_at":
                offset = rng.exponential(90 * DAY_US, n)
            else:
                offset = rng.exponential(20 * DAY_US, n) * (rng.random(n) < 0.7)
            vals = base + offset.astype(np.int64).astype("timedelta64[us]")
            vals = np.minimum(vals, np.maximum(hi, base))
    if spec.kind == "date":
        return vals.astype("datetime64[D]")
    return vals.astype("datetime64[s]").astype("datetime64[us]")


# --- text ---------------------------------------------------------------------------------


def gen_text(spec: ColumnSpec, rng, idx: np.ndarray) -> np.ndarray:
    """A text column's values: a table's own vocabulary first (synopses, tags, the distinct
    names of a table's things), else the generator's own maker (registry), else plain text;
    written in the form the spec names (Generator.forms), if any."""
    named = _named_text(spec, rng, idx)
    if named is not None:
        values = fit(named, spec, idx, spec.generator)
    else:
        declared = registry.get(spec.generator)
        make = declared.text if declared is not None and declared.text is not None else plain_text
        values = make(spec, rng, idx)
    rewrite = registry.written(spec.generator, spec.params.get("form"))
    if rewrite is None:
        return values
    return fit(obj([rewrite(str(v)) for v in values.tolist()]), spec, idx, spec.generator)


def _named_text(spec: ColumnSpec, rng, idx: np.ndarray) -> np.ndarray | None:
    """Synopses, single tags of the table's vocabulary, and the names of a table's things
    (distinct while the vocabulary lasts: entities.py); None for other generators."""
    gen = spec.generator
    if gen in entities.SYNOPSIS_MEDIA:
        return entities.synopses(gen, rng, idx.size)
    salt = zlib.crc32(spec.name.encode())
    if gen == "tag":
        words = obj(tags.vocabulary(spec.params, spec.max_len).tolist())
        if spec.unique:
            return entities.walk_unique(words, idx, salt)
        if spec.params.get("distinct"):
            return entities.walk(words, idx, salt)
        return words[zipf_ranks(rng, len(words), idx.size, 1.2)]
    if not spec.params.get("distinct") or spec.unique:
        return None
    values = entities.vocabulary(gen, spec.seed)
    if values is not None and countries.vocabulary(gen) is not None:
        # facts of the world in their order: a table of countries holds the leading ones
        return np.asarray(values[np.asarray(idx) % len(values)])
    return None if values is None else entities.walk(values, idx, salt)


# --- arrays -------------------------------------------------------------------------------


@functools.lru_cache(maxsize=65536)
def _quote_element(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


_quote_elements = np.frompyfunc(_quote_element, 1, 1)


def _array_literals(texts: list[str], counts: np.ndarray, quote: bool) -> np.ndarray:
    """`{a,b,c}` per row from the flat element texts and each row's element count: the k-th
    elements of all rows are added column by column (numpy adds, no loop over rows)."""
    items = np.empty(len(texts), dtype=object)
    items[:] = texts
    if quote and items.size:
        items = _quote_elements(items)
    starts = np.cumsum(counts) - counts
    out = np.full(counts.size, "{", dtype=object)
    for k in range(int(counts.max(initial=0))):
        rows = np.flatnonzero(counts > k)
        piece = items[starts[rows] + k]
        out[rows] = out[rows] + ("," + piece if k else piece)
    return np.asarray(out + "}")


def gen_array(spec: ColumnSpec, rng, idx: np.ndarray, batch: Batch) -> np.ndarray:
    """Arrays of 0–3 elements of the base type, as PostgreSQL array literals."""

    n = idx.size
    base_info = dataclasses.replace(spec.info, array_dims=0)
    elem_spec = ColumnSpec(
        column=spec.column,
        info=base_info,
        generator=spec.generator,
        params=spec.params,
        hints=ColumnHints(),
        nullable=False,
        null_fraction=0.0,
        seed=spec.seed,
        max_len=spec.max_len,
    )
    if elem_spec.generator in ("text", "null"):
        elem_spec.generator = "word" if base_info.kind == "text" else elem_spec.generator
    if base_info.kind == "enum":
        elem_spec.generator = "choice"
        elem_spec.params = {"values": base_info.labels}
    counts = rng.integers(0, 4, n)
    total = int(counts.sum())
    flat_idx = np.arange(total, dtype=np.int64)
    col = generate_values(elem_spec, rng, flat_idx, batch)
    texts = to_text(Col(col, np.zeros(total, bool), elem_spec.kind), elem_spec.info)
    return _array_literals(texts, counts, elem_spec.kind in ("text", "other"))


# --- dispatch -----------------------------------------------------------------------------


def _kinds(spec: ColumnSpec, labels: list[str]) -> np.ndarray:
    """Labels of no lifecycle by what they mean (pools.kind_weights), the one a DEFAULT puts
    on its share of the rows (draw_prior) left to it; a workforce's roles by headcount."""
    prior = spec.prior if _takes_prior(spec) else None
    roles = headcount(labels) if is_role_column(spec.name) and prior is None else None
    if roles is not None:  # a workforce's roles: few heads, many hands (vocab/headcount.py)
        return np.asarray(roles) / sum(roles)
    ladder = grades.ladder_shares(labels) if prior is None else None
    if ladder is not None:  # quality grades: mostly the top one (vocab/grades.py)
        return np.asarray(ladder)
    state = normalise(spec.name).split("_")[-1] in outcomes.STATUS_WORDS
    if prior is None or str(prior[0]) not in labels:
        return kind_weights(labels, state=state)
    return kind_weights(labels, str(prior[0]), float(prior[1]), state)


def _weights(spec: ColumnSpec) -> tuple[np.ndarray | None, list[float] | None, bool]:
    """(each value's share or None for even, a lifecycle's shares, whether the column is a
    verdict): the declared `weights`, else a lifecycle's labels by their meaning (most rows
    done, a few failed or still on their way: vocab/outcomes.py), other labels a Zipf-like
    skew."""
    values = list(spec.params.get("values") or [])
    weights = spec.params.get("weights")
    if weights is not None:
        p = np.asarray(weights, dtype=float)
        return p / p.sum(), None, False
    if len(values) <= 1:
        return None, None, False
    labels = [str(v) for v in values]
    verdict = outcomes.names_verdict(spec.name, spec.info.name)
    shared = outcomes.shares(labels, verdict)
    return (np.asarray(shared) if shared else _kinds(spec, labels)), shared, verdict


def choice_weights(spec: ColumnSpec) -> np.ndarray | None:
    """The share of rows each of a choice's `values` gets (None: even)."""
    return _weights(spec)[0]


def _choice(spec: ColumnSpec, rng, n: int) -> np.ndarray:
    values = list(spec.params.get("values") or [])
    if not values:
        raise GenerationError(f"{spec.name}: generator 'choice' needs values")
    p, shared, verdict = _weights(spec)
    # a lifecycle's labels dealt by their shares (generators/quota.py): a rare label's share
    # of the table is not left to chance (a verdict's shares are kept at each site instead:
    # rules/site_shares.py)
    picks = rng.choice(len(values), n, p=p)
    if shared and not verdict:
        picks = quota.corrected(rng, picks, np.asarray(shared))
    kind = spec.kind
    if kind == "int":
        return np.asarray([int(v) for v in values], dtype=np.int64)[picks]
    if kind in ("float", "decimal"):
        return np.asarray([float(v) for v in values], dtype=np.float64)[picks]
    if kind == "bool":
        return np.asarray([v in (True, "true", "t", 1) for v in values], dtype=bool)[picks]
    if kind == "date":
        return np.asarray([to_datetime(str(v)) for v in values]).astype("datetime64[D]")[picks]
    if kind == "timestamp":
        return np.asarray([to_datetime(str(v)) for v in values]).astype("datetime64[us]")[picks]
    return obj([str(v) for v in values])[picks]


def generate_values(spec: ColumnSpec, rng, idx: np.ndarray, batch: Batch) -> np.ndarray:
    """Typed values for every row of the batch (nulls are applied by the caller)."""
    n = idx.size
    if spec.generator == "tags" and (spec.info.array_dims or "stats_shape" not in spec.params):
        form = "array" if spec.info.array_dims else "json" if spec.info.kind == "json" else "text"
        return tags.tag_lists(spec.params, form, rng, n, spec.max_len)
    if spec.info.array_dims and spec.generator != "constant":
        return gen_array(spec, rng, idx, batch)
    shape = spec.params.get("stats_shape")
    if shape is not None:  # shaped by optimizer statistics (workbench.stats)
        return shaped_values(spec, shape, rng, idx, generate_values)
    gen = spec.generator
    if gen == "choice" and spec.params.get("values"):
        return _choice(spec, rng, n)
    if gen == "constant":
        spec2 = dataclasses.replace(spec, params={"values": spec.params.get("values", [""])[:1]})
        return _choice(spec2, rng, n)
    if gen == "null":
        return placeholder(spec, n)
    part = spec.partition
    if part is not None and part.values and not part.has_default:
        spec2 = dataclasses.replace(spec, params={"values": part.values})
        return _choice(spec2, rng, n)
    kind = spec.kind
    if kind == "int":
        if part is not None and part.ranges and not part.has_default:
            lows = [int(lo) if lo else -(2**31) for lo, _ in part.ranges]
            highs = [int(hi) - 1 if hi else 2**31 - 1 for _, hi in part.ranges]
            which = rng.integers(0, len(lows), n)
            lo_a, hi_a = np.array(lows)[which], np.array(highs)[which]
            return (lo_a + (rng.random(n) * (hi_a - lo_a + 1)).astype(np.int64)).astype(np.int64)
        return gen_int(spec, rng, idx)
    if kind in ("decimal", "float"):
        return gen_decimal(spec, rng, idx)
    if kind == "bool":
        p = 0.5
        return rng.random(n) < p
    if kind in ("date", "timestamp"):
        return gen_timestamp(spec, rng, idx, batch)
    if kind == "text":
        return gen_text(spec, rng, idx)
    return gen_other(spec, rng, idx)


def draw_prior(spec: ColumnSpec, rng, values: np.ndarray, nulls: np.ndarray) -> None:
    """The column's declared DEFAULT on its share of the rows (kinds/defaults.py), in place:
    those rows are not NULL. Nothing on a column a key, partition or statistics decides."""
    if spec.prior is None or not _takes_prior(spec):
        return
    value, share = spec.prior
    rows = rng.random(values.size) < share
    values[rows] = value
    nulls[rows] = False


def _takes_prior(spec: ColumnSpec) -> bool:
    return not (spec.unique or spec.partition is not None or "stats_shape" in spec.params)


def placeholder(spec: ColumnSpec, n: int) -> np.ndarray:
    kind = spec.kind
    if kind == "int":
        return np.zeros(n, np.int64)
    if kind in ("float", "decimal"):
        return np.zeros(n, np.float64)
    if kind == "bool":
        return np.zeros(n, bool)
    if kind == "date":
        return np.full(n, spec.window[0].astype("datetime64[D]"))
    if kind == "timestamp":
        return np.full(n, spec.window[0])
    return obj([""] * n)
