"""Vectorised value generators: one call fills a whole batch of one column.

A generator gets the batch's row numbers (`idx`, global within the table, so values that must
be unique are derived from them), a numpy Generator seeded for (seed, table, column, first
row) and the columns already generated (for created ≤ updated). It returns a `Col` of typed
values: int64, float64, bool, datetime64 or object arrays of str. Faker appears only through
`pools.pool`, built once per seed.

What a generator is given is value_spec.py; the types formatted straight to text are
values_other.py.
"""

from __future__ import annotations

import contextlib
import functools
import zlib

import numpy as np

from workbench.errors import GenerationError
from workbench.generate import entities, realistic, tags
from workbench.generate.checks import Batch, Col, ColumnHints, to_datetime
from workbench.generate.pools import EMAIL_DOMAINS, zipf_ranks, zipf_weights
from workbench.generate.regex_gen import generate_matching
from workbench.generate.types import TypeInfo
from workbench.generate.value_spec import (
    _DAY_US,
    POOL_CLOCK,
    TS_HI,
    TS_LO,
    ColumnSpec,
    PoolClock,
    _obj,
    pool,
)
from workbench.generate.values_other import (
    UNIQUE_OTHER,
    _uuid,
    gen_other,
)

# Found here by the rest of the engine (load, estimate, rows, unique), as before the split.
__all__ = [
    "POOL_CLOCK",
    "TS_HI",
    "TS_LO",
    "UNIQUE_OTHER",
    "ColumnSpec",
    "PoolClock",
    "_num_bounds",
    "_placeholder",
    "_time_bounds",
    "gen_other",
    "generate_values",
    "pool",
]


def _base36(idx: np.ndarray, width: int) -> np.ndarray:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = []
    for v in idx.tolist():
        s = ""
        while True:
            v, r = divmod(v, 36)
            s = digits[r] + s
            if not v:
                break
        out.append(s.rjust(width, "0"))
    return _obj(out)


# --- numbers ------------------------------------------------------------------------------


def _num_bounds(spec: ColumnSpec, default_lo: float, default_hi: float) -> tuple[float, float]:
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


def _natural_bounds(spec: ColumnSpec) -> tuple[float, float]:
    """The quantity's natural range narrowed by the column's CHECKs and type; a percentage in
    a column too narrow for 100 is a fraction."""
    lo, hi = _num_bounds(spec, *realistic.NUMERIC_RANGES[spec.generator])
    if spec.generator == "percentage" and hi < 100 and spec.hints.hi is None:
        hi = min(hi, 1.0)
    if spec.generator == "tax_rate" and hi < 25 and spec.hints.hi is None:
        hi = min(hi, 0.25)  # a column too narrow for 25 (%) holds a fraction
    if spec.generator == "discount_percent" and hi < 50 and spec.hints.hi is None:
        hi = min(hi, 0.5)
    return lo, hi


def gen_int(spec: ColumnSpec, rng, idx: np.ndarray) -> np.ndarray:
    n = idx.size
    gen = spec.generator
    if gen == "sequence" and "start" in spec.params and "ordinal_ends" not in spec.params:
        return (spec.params["start"] + idx * spec.params["increment"]).astype(np.int64)
    if spec.unique or gen == "sequence":
        lo, hi = _num_bounds(spec, 1, 2**62)
        ends = spec.params.get("ordinal_ends")
        if ends is not None:
            # unique with the parent key: the row's position among its parent's children
            parent = np.searchsorted(ends, idx, side="right")
            starts = ends - spec.params["ordinal_counts"]
            return (int(lo) + idx - starts[parent]).astype(np.int64)
        return (int(lo) + idx).astype(np.int64)
    if gen in realistic.NUMERIC_RANGES:
        lo, hi = _natural_bounds(spec)
        lo, hi = int(np.ceil(lo)), int(np.floor(hi))
        vals = np.floor(realistic.numbers(gen, rng, n, lo, hi + 0.999)).astype(np.int64)
        return np.clip(vals, lo, max(lo, hi))
    if gen == "quantity":
        lo, hi = _num_bounds(spec, 1, 20)
        lo, hi = int(np.ceil(lo)), int(np.floor(hi))
        lo = 1 if lo < 1 <= hi else lo  # a CHECK (quantity >= 0) still wants stock in stock
        vals = lo + zipf_ranks(rng, hi - lo + 1, n, 1.8)
        return vals.astype(np.int64)
    small = spec.info.name == "smallint"
    lo, hi = _num_bounds(spec, 0, 1000 if small else 100_000)
    lo, hi = int(np.ceil(lo)), int(np.floor(hi))
    if hi - lo >= 2**62:
        hi = lo + 2**62
    return rng.integers(lo, hi + 1, n, dtype=np.int64)


def gen_decimal(spec: ColumnSpec, rng, idx: np.ndarray) -> np.ndarray:
    n = idx.size
    scale = spec.info.scale if spec.info.scale is not None else 2
    if spec.generator == "latitude":
        lo, hi = _num_bounds(spec, -90, 90)
        vals = rng.uniform(lo, hi, n)
    elif spec.generator == "longitude":
        lo, hi = _num_bounds(spec, -180, 180)
        vals = rng.uniform(lo, hi, n)
    elif spec.unique:
        lo, hi = _num_bounds(spec, 1, 1e15)
        step = 10.0**-scale if spec.kind == "decimal" else 1.0
        return lo + idx * step
    elif spec.generator in realistic.NUMERIC_RANGES:
        lo, hi = _natural_bounds(spec)
        vals = realistic.numbers(spec.generator, rng, n, lo, hi)
    elif spec.generator in ("price",):
        lo, hi = _num_bounds(spec, 0.5, 5000)
        vals = np.clip(rng.lognormal(3.2, 1.0, n), lo, hi)
    else:
        lo, hi = _num_bounds(spec, 0, 1000)
        vals = rng.uniform(lo, hi, n)
    if spec.kind == "decimal" or spec.info.kind == "money":
        vals = np.round(vals, scale)
        vals = np.clip(
            vals, np.ceil(lo * 10**scale) / 10**scale, np.floor(hi * 10**scale) / 10**scale
        )
    return vals


# --- dates and times ----------------------------------------------------------------------


def _time_bounds(spec: ColumnSpec, lo: np.datetime64, hi: np.datetime64):
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
        lo, hi = TS_LO, TS_HI
        if gen == "birth_date":
            lo, hi = np.datetime64("1950-01-01", "us"), np.datetime64("2005-12-31", "us")
        lo, hi = _time_bounds(spec, lo, hi)
        span = max(int((hi - lo).astype(np.int64)), 1)
        if spec.unique:
            # one second apart, or one day apart for a date (seconds would all share a day)
            step = _DAY_US if spec.kind == "date" or spec.params.get("unique_days") else 1_000_000
            vals = lo + (idx * step).astype("timedelta64[us]")
        else:
            vals = lo + (rng.random(n) * span).astype(np.int64).astype("timedelta64[us]")
        if spec.after and spec.after in batch:
            base = batch[spec.after].values.astype("datetime64[us]")
            if gen == "deleted_at":
                offset = rng.exponential(90 * _DAY_US, n)
            else:
                offset = rng.exponential(20 * _DAY_US, n) * (rng.random(n) < 0.7)
            vals = base + offset.astype(np.int64).astype("timedelta64[us]")
            vals = np.minimum(vals, np.maximum(hi, base))
    if spec.kind == "date":
        return vals.astype("datetime64[D]")
    return vals.astype("datetime64[s]").astype("datetime64[us]")


# --- text ---------------------------------------------------------------------------------

_POOL_GENERATORS = {
    "first_name": "first_name",
    "last_name": "last_name",
    "full_name": "full_name",
    "username": "username",
    "street_address": "street_address",
    "address_line2": "address_line2",
    "city": "city",
    "region": "region",
    "region_code": "region_code",
    "country": "country",
    "country_code": "country_code",
    "country_code3": "country_code3",
    "postal_code": "postal_code",
    "job_title": "job_title",
    "description": "sentence",
    "body": "paragraph",
    "sentence": "sentence",
    "word": "word",
    "user_agent": "user_agent",
    "currency": "currency",
    "locale": "locale",
    "timezone": "timezone",
    "colour": "colour",
    "phone": "phone",
}
_SKEWED = {
    "country",
    "country_code",
    "country_code3",
    "currency",
    "locale",
    "timezone",
    "city",
    "region",
    "region_code",
    "colour",
    "status",
}


def _pick(values: np.ndarray, rng, n: int, skewed: bool) -> np.ndarray:
    if skewed and len(values) > 1:
        # Zipf-like: a few values are common, like real categorical data
        return values[zipf_ranks(rng, len(values), n, 1.6)]
    return values[rng.integers(0, len(values), n)]


_ROW_TEXT = np.frompyfunc(str, 1, 1)
_AT_DOMAINS = np.array(["@" + d for d in EMAIL_DOMAINS], dtype=object)
_EMAIL_TAILS = np.array([f"{k}{a}" for k in range(1, 100) for a in _AT_DOMAINS], dtype=object)


def gen_text(spec: ColumnSpec, rng, idx: np.ndarray) -> np.ndarray:
    n = idx.size
    gen = spec.generator
    seed = spec.seed
    max_len = spec.max_len
    if gen == "regex":
        exact = max_len if spec.info.fixed_char else None
        unique_idx = idx if spec.unique else None
        fold = spec.info.name.endswith("citext")
        pattern = spec.params["pattern"]
        return generate_matching(pattern, n, rng, exact, unique_idx, fold, max_len)
    if gen == "email":
        local = pool("email_local", seed)
        picks = local[rng.integers(0, len(local), n)]
        domains = len(EMAIL_DOMAINS)
        dom = rng.integers(0, domains, n)
        if spec.unique:
            vals = picks + _ROW_TEXT(idx) + _AT_DOMAINS[dom]
        else:  # "7@example.org": one pick among the (number, domain) pairs
            vals = picks + _EMAIL_TAILS[(rng.integers(1, 100, n) - 1) * domains + dom]
        return _fit(_obj(vals), spec, idx, "user")
    if gen == "slug" or gen == "sku" or gen == "url":
        return _fit(_special_text(gen, spec, rng, idx), spec, idx, gen)
    named = _named_text(spec, rng, idx)
    if named is not None:
        return _fit(named, spec, idx, gen)
    limit = min(max_len or 10**6, spec.params.get("length") or 10**6)
    made = realistic.text_values(gen, rng, idx, spec.unique, None if limit == 10**6 else limit)
    if made is not None:
        return _fit(made, spec, idx, gen)
    if gen == "uuid":
        return _uuid(rng, n)
    if gen == "mac":
        return gen_other(spec, rng, idx)
    if gen == "status":
        values = pool("status", seed)
        w = zipf_weights(len(values))
        return _fit(values[rng.choice(len(values), n, p=w)], spec, idx, "status")
    if gen in ("ip", "ipv6"):
        return _fit(gen_other(spec, rng, idx), spec, idx, "ip")
    kind = _POOL_GENERATORS.get(gen)
    if kind is not None:
        values = _pick(pool(kind, seed), rng, n, gen in _SKEWED)
        if spec.unique:
            values = _obj([f"{v} {i}" for v, i in zip(values.tolist(), idx.tolist(), strict=False)])
        return _fit(values, spec, idx, gen)
    if gen == "text" or gen not in _POOL_GENERATORS:
        if spec.unique:
            words = pool("word", seed)[rng.integers(0, len(pool("word", seed)), n)]
            vals = _obj([f"{w}-{i}" for w, i in zip(words.tolist(), idx.tolist(), strict=False)])
            return _fit(vals, spec, idx, "x")
        if max_len is not None and max_len <= 3:
            alphabet = np.array(list("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), dtype=object)
            length = max(spec.min_len or max_len, 1) if spec.info.fixed_char else max_len
            chars = alphabet[rng.integers(0, 26, (n, length))]
            return _obj(["".join(r) for r in chars.tolist()])
        src = pool("word", seed) if (max_len or 100) < 40 else pool("sentence", seed)
        return _fit(_pick(src, rng, n, False), spec, idx, "x")
    raise GenerationError(f"unknown generator {gen!r} for {spec.name}")


def _named_text(spec: ColumnSpec, rng, idx: np.ndarray) -> np.ndarray | None:
    """Synopses, single tags of the table's vocabulary, and the names of a table's things
    (distinct while the vocabulary lasts: entities.py); None for other generators."""
    gen = spec.generator
    if gen in entities.SYNOPSIS_MEDIA:
        return entities.synopses(gen, rng, idx.size)
    salt = zlib.crc32(spec.name.encode())
    if gen == "tag":
        words = _obj(tags.vocabulary(spec.params, spec.max_len).tolist())
        if spec.unique:
            return entities.walk_unique(words, idx, salt)
        if spec.params.get("distinct"):
            return entities.walk(words, idx, salt)
        return words[zipf_ranks(rng, len(words), idx.size, 1.2)]
    if not spec.params.get("distinct") or spec.unique:
        return None
    values = entities.vocabulary(gen, spec.seed)
    return None if values is None else entities.walk(values, idx, salt)


def _special_text(gen: str, spec: ColumnSpec, rng, idx: np.ndarray) -> np.ndarray:
    n = idx.size
    seed = spec.seed
    if gen == "slug":
        base = pool("url_path", seed)[rng.integers(0, len(pool("url_path", seed)), n)]
        if spec.unique:
            return _obj([f"{b}-{i}" for b, i in zip(base.tolist(), idx.tolist(), strict=False)])
        return base
    if gen == "sku":
        letters = np.array(list("ABCDEFGHJKLMNPQRSTUVWXYZ"), dtype=object)
        a = letters[rng.integers(0, len(letters), (n, 3))]
        nums = idx if spec.unique else rng.integers(0, 10**6, n)
        return _obj(
            [f"{''.join(x)}-{k:06d}" for x, k in zip(a.tolist(), nums.tolist(), strict=False)]
        )
    if gen == "url":
        paths = pool("url_path", seed)[rng.integers(0, len(pool("url_path", seed)), n)]
        doms = np.array(EMAIL_DOMAINS[:3], dtype=object)[rng.integers(0, 3, n)]
        if spec.unique:
            return _obj(
                [f"https://{d}/{p}-{i}" for d, p, i in zip(doms, paths, idx.tolist(), strict=False)]
            )
        return _obj(
            [f"https://www.{d}/{p}" for d, p in zip(doms.tolist(), paths.tolist(), strict=False)]
        )
    raise GenerationError(f"unknown generator {gen!r} for {spec.name}")


def _fit(values: np.ndarray, spec: ColumnSpec, idx: np.ndarray, prefix: str) -> np.ndarray:
    """Apply length bounds; when a unique value does not fit, fall back to a base-36 key."""
    max_len, min_len = spec.max_len, spec.min_len
    if max_len is None and not min_len:
        return values
    out = values.tolist()
    if max_len is not None:
        too_long = [i for i, v in enumerate(out) if len(v) > max_len]
        if too_long:
            if spec.unique:
                width = max(1, min(max_len, 13))
                keys = _base36(idx, width).tolist()
                out = [
                    k[-max_len:] if len(v) > max_len else v for v, k in zip(out, keys, strict=False)
                ]
            else:
                out = [v[:max_len].rstrip() or v[:max_len] for v in out]
    if min_len:
        out = [v if len(v) >= min_len else v + "x" * (min_len - len(v)) for v in out]
    return _obj(out)


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
    from workbench.generate.format import to_text

    n = idx.size
    base_info = TypeInfo(**{**spec.info.__dict__, "array_dims": 0})
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


def _choice(spec: ColumnSpec, rng, n: int) -> np.ndarray:
    values = list(spec.params.get("values") or [])
    if not values:
        raise GenerationError(f"{spec.name}: generator 'choice' needs values")
    weights = spec.params.get("weights")
    if weights is not None:
        p = np.asarray(weights, dtype=float)
        p = p / p.sum()
    else:
        p = zipf_weights(len(values)) if len(values) > 1 else None
    picks = rng.choice(len(values), n, p=p)
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
    return _obj([str(v) for v in values])[picks]


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
        from workbench.stats.draw import shaped_values

        return shaped_values(spec, shape, rng, idx)
    gen = spec.generator
    if gen == "choice" and spec.params.get("values"):
        return _choice(spec, rng, n)
    if gen == "constant":
        spec2 = ColumnSpec(
            **{**spec.__dict__, "params": {"values": spec.params.get("values", [""])[:1]}}
        )
        return _choice(spec2, rng, n)
    if gen == "null":
        return _placeholder(spec, n)
    part = spec.partition
    if part is not None and part.values and not part.has_default:
        spec2 = ColumnSpec(**{**spec.__dict__, "params": {"values": part.values}})
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


def _placeholder(spec: ColumnSpec, n: int) -> np.ndarray:
    kind = spec.kind
    if kind == "int":
        return np.zeros(n, np.int64)
    if kind in ("float", "decimal"):
        return np.zeros(n, np.float64)
    if kind == "bool":
        return np.zeros(n, bool)
    if kind == "date":
        return np.full(n, TS_LO.astype("datetime64[D]"))
    if kind == "timestamp":
        return np.full(n, TS_LO)
    return _obj([""] * n)
