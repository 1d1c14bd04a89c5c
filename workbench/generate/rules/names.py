"""A person's email, username and full name spelled from the row's first and last names (a
unique one stays unique: the row number ends it)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import Batch, Col
from workbench.generate.generators.pools import EMAIL_DOMAINS, ascii_slug
from workbench.generate.rules.base import (
    RowRule,
    Rule,
    free,
    row_rng,
)

if TYPE_CHECKING:
    from workbench.generate.view import TableView


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    first = [c for c, s in view.specs.items() if s.generator == "first_name"]
    last = [c for c, s in view.specs.items() if s.generator == "last_name"]
    full = [c for c, s in view.specs.items() if s.generator == "full_name"]
    if not ((first and last) or full):
        return []
    source = {"first": first[0], "last": last[0]} if first and last else {"full": full[0]}
    # a unique email or username stays unique: the row number ends it (see _apply_names)
    derived = [
        c
        for c, s in view.specs.items()
        if s.generator in ("email", "username")
        and c not in view.fk_cols
        and s.partition is None
        and not s.params.get("ordinal_ends")
    ]
    out = []
    for target in derived + ([c for c in full if free(view, c)] if first and last else []):
        cols = [*source.values(), target]
        out.append(Rule("names", cols, f"{target} from {' and '.join(source.values())}", source))
    return out


@functools.lru_cache(maxsize=65536)
def _slug_of(name: object) -> str:
    return ascii_slug(str(name), "")


@functools.lru_cache(maxsize=65536)
def _slug_dot_of(name: object) -> str:
    return _slug_of(name) + "."


@functools.lru_cache(maxsize=65536)
def _split_full(name: object) -> tuple[str, str]:
    first, _, last = str(name).partition(" ")
    return first, last


# ufuncs over object arrays: each distinct name is worked out once (the caches), every row
# is a C-level lookup and every concatenation a numpy `add`, never a Python loop over rows
_slugs = np.frompyfunc(_slug_of, 1, 1)


_slug_dots = np.frompyfunc(_slug_dot_of, 1, 1)


_halves = np.frompyfunc(_split_full, 1, 2)


_as_str = np.frompyfunc(str, 1, 1)


_lengths = np.frompyfunc(len, 1, 1)


_NUMBERS = np.array(["", *map(str, range(1, 100))], dtype=object)


_AT = np.array(["@" + d for d in EMAIL_DOMAINS], dtype=object)


_TAILS = np.array([n + a for n in _NUMBERS.tolist() for a in _AT.tolist()], dtype=object)


def _names_of(col: Col) -> np.ndarray:
    values = np.asarray(col.values)
    return values if values.dtype == object else _as_str(values)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    rng = row_rng(view, rule, idx)
    target = rule.columns[-1]
    if target not in batch:
        return
    if "full" in rule.data:
        first, last = _halves(_names_of(batch[rule.data["full"]]))
        missing = batch[rule.data["full"]].nulls
    else:
        first, last = (_names_of(batch[rule.data[k]]) for k in ("first", "last"))
        missing = batch[rule.data["first"]].nulls | batch[rule.data["last"]].nulls
    spec = view.specs[target]
    col = batch[target]
    if spec.generator == "full_name":
        made = _as_str(first) + " " + _as_str(last)
    elif spec.generator == "email":
        made = _slug_dots(first) + _slugs(last) + _email_tails(spec.unique, idx, rng)
    else:
        number = _as_str(idx + 1) if spec.unique else _maybe_number(rng, idx.size)
        joiner = np.where(rng.random(idx.size) < 0.5, ".", "_").astype(object)
        made = _slugs(first) + joiner + _slugs(last) + number
    length = _lengths(made).astype(np.int64)
    fits = ~missing & (length >= max(spec.min_len or 1, 1))
    if spec.max_len is not None:
        fits &= length <= spec.max_len
    col.values[fits] = made[fits]


def _number_codes(rng: np.random.Generator, n: int) -> np.ndarray:
    """0 (no number) or 1…99, each half the time."""
    numbers = rng.integers(1, 100, n)
    return np.where(rng.random(n) < 0.5, numbers, 0)


def _maybe_number(rng: np.random.Generator, n: int) -> np.ndarray:
    return np.asarray(_NUMBERS[_number_codes(rng, n)])


def _email_tails(unique: bool, idx: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """`7@example.org`: the number (the row's own when unique) and the domain of each row,
    one pick from every (number, domain) pair when not unique."""
    domains = len(EMAIL_DOMAINS)
    if unique:
        return np.asarray(_as_str(idx + 1) + _AT[rng.integers(0, domains, idx.size)])
    codes = _number_codes(rng, idx.size) * domains
    return np.asarray(_TAILS[codes + rng.integers(0, domains, idx.size)])


RULE = RowRule(
    "names",
    "email, username and full name from the row's first and last names",
    _plan,
    _apply,
    after=("tree",),
)
