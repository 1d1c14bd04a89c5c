"""The text makers declarations name: values picked from a pool, emails, slugs, SKUs and URLs,
statuses, strings matching a pattern, codes in their real shapes (realistic.py), and the plain
text any other text column gets. Each returns the batch's values fitted to the column's length
bounds (a unique value that does not fit becomes a base-36 key of its row number)."""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np

from workbench.errors import GenerationError
from workbench.generate.base.laps import numbered
from workbench.generate.base.regex_gen import generate_matching
from workbench.generate.generators.pools import (
    EMAIL_DOMAINS,
    market_picks,
    zipf_ranks,
    zipf_weights,
)
from workbench.generate.generators.realistic import text_values
from workbench.generate.generators.typed import gen_other, uuids
from workbench.generate.generators.value_spec import ColumnSpec, obj, pool
from workbench.generate.vocab import countries, lists
from workbench.generate.vocab.labels import count_range, label_tokens


def base36(idx: np.ndarray, width: int) -> np.ndarray:
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
    return obj(out)


def pick(values: np.ndarray, rng: np.random.Generator, n: int, skewed: bool) -> np.ndarray:
    if skewed and len(values) > 1:
        # Zipf-like: a few values are common, like real categorical data
        return np.asarray(values[zipf_ranks(rng, len(values), n, 1.6)])
    return np.asarray(values[rng.integers(0, len(values), n)])


_ROW_TEXT = np.frompyfunc(str, 1, 1)


_AT_DOMAINS = np.array(["@" + d for d in EMAIL_DOMAINS], dtype=object)


_EMAIL_TAILS = np.array([f"{k}{a}" for k in range(1, 100) for a in _AT_DOMAINS], dtype=object)


def _special_text(
    gen: str, spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray
) -> np.ndarray:
    n = idx.size
    seed = spec.seed
    if gen == "slug":
        base = pool("url_path", seed)[rng.integers(0, len(pool("url_path", seed)), n)]
        if spec.unique:
            return obj([f"{b}-{i}" for b, i in zip(base.tolist(), idx.tolist(), strict=False)])
        return np.asarray(base)
    if gen == "sku":
        letters = np.array(list("ABCDEFGHJKLMNPQRSTUVWXYZ"), dtype=object)
        a = letters[rng.integers(0, len(letters), (n, 3))]
        nums = idx if spec.unique else rng.integers(0, 10**6, n)
        return obj(
            [f"{''.join(x)}-{k:06d}" for x, k in zip(a.tolist(), nums.tolist(), strict=False)]
        )
    if gen == "url":
        paths = pool("url_path", seed)[rng.integers(0, len(pool("url_path", seed)), n)]
        doms = np.array(EMAIL_DOMAINS[:3], dtype=object)[rng.integers(0, 3, n)]
        if spec.unique:
            return obj(
                [f"https://{d}/{p}-{i}" for d, p, i in zip(doms, paths, idx.tolist(), strict=False)]
            )
        return obj(
            [f"https://www.{d}/{p}" for d, p in zip(doms.tolist(), paths.tolist(), strict=False)]
        )
    raise GenerationError(f"unknown generator {gen!r} for {spec.name}")


def fit(values: np.ndarray, spec: ColumnSpec, idx: np.ndarray, prefix: str) -> np.ndarray:
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
                keys = base36(idx, width).tolist()
                out = [
                    k[-max_len:] if len(v) > max_len else v for v, k in zip(out, keys, strict=False)
                ]
            else:
                out = [v[:max_len].rstrip() or v[:max_len] for v in out]
    if min_len:
        out = [v if len(v) >= min_len else v + "x" * (min_len - len(v)) for v in out]
    return obj(out)


def regex_text(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    """Strings matching `params.pattern` (a CHECK's or a declared one)."""
    max_len = spec.max_len
    exact = max_len if spec.info.fixed_char else None
    unique_idx = idx if spec.unique else None
    fold = spec.info.name.endswith("citext")
    return generate_matching(
        spec.params["pattern"], idx.size, rng, exact, unique_idx, fold, max_len
    )


def email_text(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    n = idx.size
    local = pool("email_local", spec.seed)
    picks = local[rng.integers(0, len(local), n)]
    domains = len(EMAIL_DOMAINS)
    dom = rng.integers(0, domains, n)
    if spec.unique:
        vals = picks + _ROW_TEXT(idx) + _AT_DOMAINS[dom]
    else:  # "7@example.org": one pick among the (number, domain) pairs
        vals = picks + _EMAIL_TAILS[(rng.integers(1, 100, n) - 1) * domains + dom]
    return fit(obj(vals), spec, idx, "user")


def special_text(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    """Slugs, SKUs and URLs (the row number in them when unique)."""
    return fit(_special_text(spec.generator, spec, rng, idx), spec, idx, spec.generator)


def realistic(then: Callable[..., np.ndarray] | None = None) -> Callable[..., np.ndarray]:
    """A maker of codes, hashes, names of things and the like in their real shapes
    (realistic.py); where those give nothing for the column, `then` (else plain text)."""

    def make(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
        limit = min(spec.max_len or 10**6, spec.params.get("length") or 10**6)
        made = text_values(spec.generator, rng, idx, spec.unique, None if limit == 10**6 else limit)
        if made is None:
            return (then or plain_text)(spec, rng, idx)
        return fit(made, spec, idx, spec.generator)

    return make


def uuid_text(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    return uuids(rng, idx.size)


def typed_text(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    """A MAC address in a text column, as the macaddr type writes one."""
    return gen_other(spec, rng, idx)


def address_text(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    """An IP address in a text column, as inet writes one."""
    return fit(gen_other(spec, rng, idx), spec, idx, "ip")


def status_text(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    values = pool("status", spec.seed)
    w = zipf_weights(len(values))
    return fit(values[rng.choice(len(values), idx.size, p=w)], spec, idx, "status")


@functools.lru_cache(maxsize=64)
def distinct_pool(kind: str, seed: int) -> np.ndarray:
    """The pool's values, each once, in the pool's order (every fact for a vocabulary of
    facts: all currencies, where a free pick draws the common ones)."""
    facts = countries.vocabulary(kind)
    return obj(list(facts) if facts is not None else list(dict.fromkeys(pool(kind, seed).tolist())))


def _walk(values: np.ndarray, spec: ColumnSpec, idx: np.ndarray) -> np.ndarray:
    """A unique column's values: `values` walked in their order, the row number added from
    the second lap on."""
    size = max(len(values), 1)
    picks = values[np.asarray(idx) % size].astype(object)
    lap = np.asarray(idx) // size
    picks = numbered(picks, lap)
    return fit(obj(picks.tolist()), spec, idx, spec.generator)


def pooled(kind: str, skewed: bool = False) -> Callable[..., np.ndarray]:
    """A maker picking from the `kind` pool (Zipf-like when `skewed`: a few values common, as
    real categories are). A unique column walks the pool in its order (a table of countries
    holds the leading markets first)."""

    def make(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
        market = spec.params.get("market")
        allowed = spec.params.get("values")
        if allowed:  # the facts a CHECK lists (kinds/semantics.py): drawn among them only
            listed = [str(v) for v in allowed]
            head = [v for v in market or () if v in listed]
            values = obj(list(dict.fromkeys([*head, *listed])))
            if spec.unique:
                return _walk(values, spec, idx)
            members = min(spec.params.get("market_members", 1), len(head)) or 1
            picks = market_picks(rng, members, len(values), idx.size)
            return fit(values[picks], spec, idx, spec.generator)
        # the run's home market first (plan/market.py): a table of currencies walks the
        # market's first; a free currency is the row's country's or its DEFAULT (rules)
        if market is not None and (spec.unique or kind != "currency"):
            if spec.unique:
                return _walk(obj(list(market)), spec, idx)
            # a free pick: the market's values, then the pool's
            members = spec.params.get("market_members", 1)
            head = list(market)[:members]
            values = obj(list(dict.fromkeys([*head, *pool(kind, spec.seed).tolist()])))
            region = set(spec.params.get("region", ()))
            if region:  # the business's own place: in the market's region only
                values = obj([v for v in values.tolist() if countries.alpha2(v) in region])
            picks = market_picks(rng, members, len(values), idx.size)
            return fit(values[picks], spec, idx, spec.generator)
        if spec.unique:
            return _walk(distinct_pool(kind, spec.seed), spec, idx)
        return fit(pick(pool(kind, spec.seed), rng, idx.size, skewed), spec, idx, spec.generator)

    return make


def listed(name: str, skewed: bool = False) -> Callable[..., np.ndarray]:
    """A maker picking from the word list data/NAME.txt of vocab/ (vocab/lists.py), as
    `pooled` picks from a pool: a generator of facts is its declaration and that file."""

    def make(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
        values = obj(list(lists.words(name)))
        if spec.unique:
            return _walk(values, spec, idx)
        return fit(pick(values, rng, idx.size, skewed), spec, idx, spec.generator)

    return make


def plain_text(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    """Any other text column: words, short codes of letters, or sentences by its length."""
    n = idx.size
    max_len = spec.max_len
    seed = spec.seed
    if spec.unique:
        words = pool("word", seed)[rng.integers(0, len(pool("word", seed)), n)]
        vals = obj([f"{w}-{i}" for w, i in zip(words.tolist(), idx.tolist(), strict=False)])
        return fit(vals, spec, idx, "x")
    named = _by_name(spec, rng, n)
    if named is not None:
        return named
    if max_len is not None and max_len <= 3:
        alphabet = np.array(list("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), dtype=object)
        length = max(spec.min_len or max_len, 1) if spec.info.fixed_char else max_len
        chars = alphabet[rng.integers(0, 26, (n, length))]
        return obj(["".join(r) for r in chars.tolist()])
    src = pool("word", seed) if (max_len or 100) < 40 else pool("sentence", seed)
    return fit(pick(src, rng, n, False), spec, idx, "x")


def _by_name(spec: ColumnSpec, rng: np.random.Generator, n: int) -> np.ndarray | None:
    """A label column's few tokens (`kind`, `role`, `channel`: one common, the rest rarer,
    within the column's width), or a text column counting by its unit (`estimated_minutes`:
    digits); None for any other name (vocab/labels.py)."""
    tokens = label_tokens(spec.name)
    if tokens is not None:
        fitting = [t for t in tokens if spec.max_len is None or len(t) <= spec.max_len]
        if len(fitting) >= 2:
            return np.asarray(obj(fitting)[zipf_ranks(rng, len(fitting), n, 1.3)])
    bounds = count_range(spec.name)
    if bounds is not None:
        lo, hi = bounds
        values = np.exp(rng.uniform(np.log(max(lo, 1)), np.log(hi + 1), n)).astype(np.int64)
        values = np.clip(values - (1 if lo == 0 else 0), lo, hi)
        digits = obj([str(v) for v in values.tolist()])
        if spec.max_len is None or all(len(d) <= spec.max_len for d in digits.tolist()):
            return digits
    return None
