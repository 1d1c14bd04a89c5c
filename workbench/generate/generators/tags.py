"""Tags of a row: a few distinct tags from one vocabulary that fits the table (a product's
tags are not a bug tracker's), as a text[]/varchar[] array, a JSON array or comma-separated
text, within the element length, the column's length and the CHECKs on the list's size.

Drawn for a whole batch at once: each row ranks the vocabulary by a weighted random key
(popular tags first more often) and keeps its first k, so no row repeats a tag; the strings
are assembled column by column with `np.char`, never row by row."""

from __future__ import annotations

import json
import re
from typing import Any

import numpy as np
from sqlglot import exp

from workbench.generate.base.names import normalise
from workbench.generate.base.sqltree import Unsupported, columns_of, conjuncts, literal, unparen
from workbench.generate.checks.hints import checks_for
from workbench.generate.vocab.works import TAGS_BY_TABLE
from workbench.schema.model import Column, Schema, Table

# How many tags a row has when nothing bounds it: a few rows none, most two or three.
_COUNT_WEIGHTS = np.array([0.08, 0.22, 0.32, 0.24, 0.14])


def topic(table: str) -> int:
    """The index of the tag vocabulary (TAGS_BY_TABLE) the table's name asks for."""
    subject = normalise(table)
    for i, (pattern, _) in enumerate(TAGS_BY_TABLE):
        if pattern and re.search(pattern, subject):
            return i
    return len(TAGS_BY_TABLE) - 1


def plan_params(schema: Schema, table: Table, column: Column) -> dict[str, Any]:
    """The vocabulary and the list-size bounds the column's CHECKs set: cardinality(c),
    array_length(c, 1), jsonb_array_length(c) against constants, and c <@ ARRAY[…]."""

    params: dict[str, Any] = {"topic": topic(table.name)}
    lo, hi = 0, 10**6
    for _, tree in checks_for(schema, table):
        for part in conjuncts(tree):
            node = unparen(part)
            if columns_of(node) != {column.name}:
                continue
            try:  # a conjunct this reading does not know is the server's to judge
                if isinstance(node, exp.ArrayContainedBy) and isinstance(
                    node.expression, exp.Array
                ):
                    words = [literal(e) for e in node.expression.expressions]
                    params["vocabulary"] = [w for w in words if isinstance(w, str)]
                    continue
                bounds = _size_bounds(node, literal)
            except Unsupported:
                continue
            for op, bound in bounds:
                if op in ("ge", "eq"):
                    lo = max(lo, bound)
                if op in ("le", "eq"):
                    hi = min(hi, bound)
    if lo > 0 or hi < 10**6:
        params["count"] = [lo, hi]
    return params


def _is_size(node: Any) -> bool:
    if isinstance(node, exp.ArraySize):
        return True
    name = node.name.lower() if isinstance(node, exp.Anonymous) else ""
    return name in ("cardinality", "array_length", "jsonb_array_length", "json_array_length")


def _size_bounds(node: Any, literal: Any) -> list[tuple[str, int]]:
    """(ge|le|eq, n) bounds a conjunct puts on the list's size."""
    if isinstance(node, exp.Between) and _is_size(node.this):
        low, high = literal(node.args["low"]), literal(node.args["high"])
        return [("ge", int(low)), ("le", int(high))] if isinstance(low, int) else []
    ops = {exp.GT: "gt", exp.GTE: "ge", exp.LT: "lt", exp.LTE: "le", exp.EQ: "eq"}
    flip = {"gt": "lt", "ge": "le", "lt": "gt", "le": "ge", "eq": "eq"}
    op = ops.get(type(node))
    if op is None:
        return []
    left, right = node.this, node.expression
    if not _is_size(left):
        left, right, op = right, left, flip[op]
    if not _is_size(left):
        return []
    value = literal(right)
    if not isinstance(value, int):
        return []
    if op == "gt":
        return [("ge", value + 1)]
    if op == "lt":
        return [("le", value - 1)]
    return [(op, value)]


def vocabulary(params: dict[str, Any], max_len: int | None) -> np.ndarray:
    words = params.get("vocabulary") or TAGS_BY_TABLE[int(params.get("topic", -1))][1]
    fitting = [w for w in dict.fromkeys(words) if max_len is None or len(w) <= max_len]
    return np.array(fitting or [w[:max_len] for w in words][:1], dtype=str)


def _counts(
    params: dict[str, Any], rng: np.random.Generator, n: int, size: int, least: int
) -> np.ndarray:
    lo, hi = params.get("count") or (least, 4)
    lo, hi = max(int(lo), least), min(int(hi), size)
    if hi < lo:
        lo = hi = max(min(lo, size), 0)
    drawn = rng.choice(len(_COUNT_WEIGHTS), n, p=_COUNT_WEIGHTS)
    return np.clip(drawn, lo, hi)


def _ranked(rng: np.random.Generator, n: int, size: int, width: int) -> np.ndarray:
    """(n, width) distinct vocabulary positions per row, popular (early) tags more often:
    weighted draws, a row's repeats drawn again (a few passes over the few rows that have
    one); a short vocabulary is shuffled per row instead."""
    weights = 1.0 / np.arange(1, size + 1) ** 0.5
    weights /= weights.sum()
    if width * 3 > size:
        keys = rng.random((n, size)) ** (1.0 / weights)
        return np.argsort(-keys, axis=1)[:, :width]
    picks = rng.choice(size, (n, width), p=weights)
    for _ in range(32):
        repeats = np.zeros((n, width), bool)
        for j in range(1, width):
            repeats[:, j] = (picks[:, :j] == picks[:, j : j + 1]).any(axis=1)
        if not repeats.any():
            return picks
        picks[repeats] = rng.choice(size, int(repeats.sum()), p=weights)
    rows = np.flatnonzero(repeats.any(axis=1))  # still repeating: the first `width` tags
    picks[rows] = np.arange(width)
    return picks


def tag_lists(
    params: dict[str, Any],
    kind: str,
    rng: np.random.Generator,
    n: int,
    max_len: int | None,
) -> np.ndarray:
    """A list of distinct tags per row, written for the column's `kind`: "array" (a
    PostgreSQL array literal), "json" (a JSON array) or "text" (comma-separated, within
    max_len, at least one tag)."""
    words = vocabulary(params, None if kind == "json" else max_len)
    least = 1 if kind == "text" else 0
    counts = _counts(params, rng, n, words.size, least)
    width = int(counts.max(initial=0))
    picks = _ranked(rng, n, words.size, max(width, 1))
    if kind == "array":
        quoted = [f'"{w}"' for w in words.tolist()]
        return _assemble(quoted, picks, counts, width, "{", ",", "}")
    if kind == "json":
        return _assemble(
            [json.dumps(w) for w in words.tolist()], picks, counts, width, "[", ", ", "]"
        )
    if max_len is not None:
        counts = _fitting(words[picks], counts, width, max_len)
    return _assemble(words.tolist(), picks, counts, width, "", ",", "")


def _fitting(parts: np.ndarray, counts: np.ndarray, width: int, max_len: int) -> np.ndarray:
    """The most tags of each row whose comma-joined text fits max_len (at least one)."""
    if width == 0:
        return counts
    lengths = np.cumsum(np.char.str_len(parts[:, :width]) + 1, axis=1) - 1
    fit = (lengths <= max_len).sum(axis=1)
    return np.asarray(np.maximum(np.minimum(counts, fit), 1))


def _assemble(
    words: list[str],
    picks: np.ndarray,
    counts: np.ndarray,
    width: int,
    head: str,
    sep: str,
    tail: str,
) -> np.ndarray:
    """Each row's first `counts` picked words joined by `sep` inside head…tail: one
    array-wide concatenation per position, the separator already in the pieces after the
    first, and an empty piece where a row has fewer tags."""
    first = np.array([*words, ""], dtype=object)
    later = np.array([*(sep + w for w in words), ""], dtype=object)
    out = np.full(counts.size, head, dtype=object)
    for j in range(width):
        chosen = np.where(counts > j, picks[:, j], len(words))
        out += (first if j == 0 else later)[chosen]
    out += tail
    return out
