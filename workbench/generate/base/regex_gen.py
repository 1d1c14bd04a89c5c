"""Strings matching a (simple) regular expression, for CHECK (col ~ '…') columns.

Walks Python's parse of the pattern (close enough to PostgreSQL's for the shapes CHECKs use:
classes, \\d, repeats, groups, alternation, anchors). Values of unique columns carry the row
number, written in the alphabet of one of the pattern's repeats."""

from __future__ import annotations

import re
import re._constants as C  # type: ignore[import-not-found]  # private: typeshed has no stubs
import re._parser as P  # type: ignore[import-not-found]  # private: typeshed has no stubs
import string
from typing import Any

import numpy as np

from workbench.errors import GenerationError
from workbench.schema.pgtext import translate_regex

_CATEGORY = {
    C.CATEGORY_DIGIT: string.digits,
    C.CATEGORY_WORD: string.ascii_letters + string.digits + "_",
    C.CATEGORY_SPACE: " ",
    C.CATEGORY_NOT_DIGIT: string.ascii_letters,
    C.CATEGORY_NOT_WORD: "-.",
    C.CATEGORY_NOT_SPACE: string.ascii_letters,
}
_PRINTABLE = string.ascii_letters + string.digits
# The longest value a pattern may make the generator draw: a repeat count of a billion
# (`^a{1000000000}$`) would otherwise ask for terabytes of memory in the middle of a load.
MAX_MATCH_CHARS = 4096


class ValuesTooLong(GenerationError):
    """A pattern or length CHECK whose values need more characters than the generator draws."""

    exit_code = 2  # bad input: the file that gave the pattern is named
    title = "values too long"


def drawn_length(pattern: str) -> int:
    """The most characters a value drawn for `pattern` may have (each repeat at most five
    past its minimum, as drawn here), without drawing one; ValueError for a pattern only the
    server reads."""
    return _drawn(P.parse(translate_regex(pattern)))


def _drawn(parsed: Any) -> int:
    total = 0
    for op, av in parsed:
        if op in _REPEATS:
            lo, hi, sub = av
            top = lo + 5 if hi is C.MAXREPEAT else min(hi, lo + 5)
            total += top * _drawn(sub) if top else 0
        elif op is C.SUBPATTERN:
            total += _drawn(av[-1])
        elif op is C.BRANCH:
            total += max((_drawn(b) for b in av[1]), default=0)
        elif op not in (C.AT, C.ASSERT, C.ASSERT_NOT):
            total += 1
        if total > MAX_MATCH_CHARS:
            return total  # enough to refuse; a nested count could take ages to multiply out
    return total


def check_pattern_size(pattern: str, where: str) -> None:
    """Refuse (ValuesTooLong) a pattern whose values would pass MAX_MATCH_CHARS; `where`
    names the column and the file that gave the pattern."""
    try:
        size = drawn_length(pattern)
    except (ValueError, RecursionError, OverflowError):
        return  # only the server reads it: it judges the CHECK, the generator draws nothing
    if size > MAX_MATCH_CHARS:
        shown = pattern if len(pattern) <= 80 else pattern[:79] + "…"
        raise ValuesTooLong(
            f"{where}: the pattern {shown!r} asks for values of more than "
            f"{MAX_MATCH_CHARS:,} characters (its repeat counts), which the workbench does not "
            "generate (every row would hold that much). Lower its repeat counts."
        )


def _class_chars(items: Any) -> str:
    chars: list[str] = []
    negate = False
    for op, av in items:
        if op is C.NEGATE:
            negate = True
        elif op is C.LITERAL:
            chars.append(chr(av))
        elif op is C.RANGE:
            chars.extend(chr(c) for c in range(av[0], av[1] + 1))
        elif op is C.CATEGORY:
            chars.extend(_CATEGORY.get(av, _PRINTABLE))
    if negate:
        return "".join(c for c in _PRINTABLE if c not in chars) or "x"
    return "".join(chars) or "x"


def _emit(parsed: Any, rng: np.random.Generator, out: list[str], minimal: bool = False) -> None:
    """A random match; `minimal`: every repeat at its minimum and the first branch, so the
    text's length is fixed (the parts around a unique key)."""
    for op, av in parsed:
        if op is C.LITERAL:
            out.append(chr(av))
        elif op is C.ANY:
            out.append(_PRINTABLE[rng.integers(len(_PRINTABLE))])
        elif op is C.NOT_LITERAL:
            chars = _PRINTABLE.replace(chr(av), "")
            out.append(chars[rng.integers(len(chars))])
        elif op is C.IN:
            chars = _class_chars(av)
            out.append(chars[rng.integers(len(chars))])
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, "POSSESSIVE_REPEAT", None)):
            lo, hi, sub = av
            hi = min(hi, lo + 5) if hi is not C.MAXREPEAT else lo + 5
            count = lo if minimal else int(rng.integers(lo, hi + 1))
            for _ in range(count):
                _emit(sub, rng, out, minimal)
        elif op is C.SUBPATTERN:
            _emit(av[-1], rng, out, minimal)
        elif op is C.BRANCH:
            branches = av[1]
            _emit(branches[0 if minimal else rng.integers(len(branches))], rng, out, minimal)
        elif op is C.CATEGORY:
            chars = _CATEGORY.get(av, _PRINTABLE)
            out.append(chars[rng.integers(len(chars))])
        # AT (anchors), ASSERT and the rest emit nothing


_REPEATS = (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, "POSSESSIVE_REPEAT", None))


def _single_char(op: Any, av: Any) -> str | None:
    if op is C.LITERAL:
        return chr(av)
    if op is C.NOT_LITERAL:
        return _PRINTABLE.replace(chr(av), "")
    if op is C.IN:
        return _class_chars(av)
    if op is C.CATEGORY:
        return _CATEGORY.get(av, _PRINTABLE)
    if op is C.ANY:
        return _PRINTABLE
    return None


def _repeat_key(parsed: Any) -> tuple[int, str, int, int | None] | None:
    """A top-level repeat whose body has exactly one mandatory character (the rest optional),
    as (position, alphabet, min, max or None): written once per key digit, with the optional
    parts left out, it carries a row number in a pattern with groups (`x([_]?[a-z0-9])+`)."""
    for i, (op, av) in enumerate(parsed):
        if op not in _REPEATS:
            continue
        lo, hi, sub = av
        items = list(sub)
        while len(items) == 1 and items[0][0] is C.SUBPATTERN:
            items = list(items[0][1][-1])
        mandatory: list[str] = []
        for sop, sav in items:
            if sop in _REPEATS and sav[0] == 0:
                continue
            if sop is C.AT:
                continue
            chars = _single_char(sop, sav)
            if chars is None:
                mandatory = []
                break
            mandatory.append(chars)
        if len(mandatory) == 1 and len(set(mandatory[0])) >= 2:
            return i, mandatory[0], lo, None if hi is C.MAXREPEAT else hi
    return None


def _slow_unique(
    parsed: Any, n: int, rng: np.random.Generator, unique_idx: np.ndarray, fold_case: bool
) -> np.ndarray | None:
    """Distinct matches for a pattern with groups: the row number in a repeat, everything
    else at a fixed length."""
    found = _repeat_key(parsed)
    if found is None:
        return None
    pos, alphabet, lo, hi = found
    if fold_case:
        alphabet = _fold(alphabet)
    base = len(set(alphabet))
    top = int(unique_idx.max()) if unique_idx.size else 0
    width = max(1, int(np.ceil(np.log(top + 1) / np.log(base))) if top else 1, lo)
    if hi is not None and width > hi:
        return None
    keys = _encode(unique_idx, alphabet, width)
    before, after = list(parsed)[:pos], list(parsed)[pos + 1 :]
    out = np.empty(n, dtype=object)
    for i in range(n):
        head: list[str] = []
        tail: list[str] = []
        _emit(before, rng, head, minimal=True)
        _emit(after, rng, tail, minimal=True)
        out[i] = "".join(head) + "".join(keys[i].tolist()) + "".join(tail)
    return out


def pattern_slots(parsed: Any) -> list[tuple[str, int, int, int | None]] | None:
    """The pattern as a flat list of (alphabet, min, max drawn, max allowed or None when
    unbounded) slots, or None when it has groups or alternation (then the slow walker runs)."""
    out: list[tuple[str, int, int, int | None]] = []
    for op, av in parsed:
        if op is C.LITERAL:
            out.append((chr(av), 1, 1, 1))
        elif op is C.IN:
            out.append((_class_chars(av), 1, 1, 1))
        elif op is C.NOT_LITERAL:
            out.append((_PRINTABLE.replace(chr(av), ""), 1, 1, 1))
        elif op is C.CATEGORY:
            out.append((_CATEGORY.get(av, _PRINTABLE), 1, 1, 1))
        elif op is C.ANY:
            out.append((_PRINTABLE, 1, 1, 1))
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT):
            lo, hi, sub = av
            allowed = None if hi is C.MAXREPEAT else hi
            hi = min(hi, lo + 5) if hi is not C.MAXREPEAT else lo + 5
            inner = pattern_slots(sub)
            if inner is None or len(inner) != 1 or inner[0][1:3] != (1, 1):
                return None
            out.append((inner[0][0], lo, hi, allowed))
        elif op is C.AT:
            continue
        else:
            return None
    return out


def _fold(chars: str) -> str:
    """One character per case-insensitive class (for citext keys: 'a' and 'A' are equal)."""
    seen: set[str] = set()
    out = []
    for c in chars:
        if c.lower() not in seen:
            seen.add(c.lower())
            out.append(c)
    return "".join(out)


def _key_slot(
    slots: list[tuple[str, int, int, int | None]],
    top: int,
    length: int | None,
    max_length: int | None = None,
) -> tuple[int, int] | None:
    """The slot that can carry a row number (index, width), for unique columns: its alphabet
    written as digits in base len(alphabet), every other slot held at its minimum length so
    the key's position is fixed and distinct keys give distinct strings."""
    best: tuple[int, int] | None = None
    for i, (chars, lo, _, allowed) in enumerate(slots):
        base = len(set(chars))
        if base < 2:
            continue
        digits = max(1, int(np.ceil(np.log(max(top, 1) + 1) / np.log(base))))
        width = max(digits, lo)
        if length is not None:
            width = length - sum(s[1] for j, s in enumerate(slots) if j != i)
            if width < max(digits, lo):
                continue
        if allowed is not None and width > allowed:
            continue
        if max_length is not None and width + sum(s[1] for j, s in enumerate(slots) if j != i) > (
            max_length
        ):
            continue
        if best is None or width < best[1]:
            best = (i, width)
    return best


def _key_order(char: str) -> tuple[int, str]:
    return (0 if char.isdigit() else 1 if char.isalpha() else 2, char)


def _encode(idx: np.ndarray, alphabet: str, width: int) -> np.ndarray:
    # Digits, then letters, then punctuation: keys read like "A0017", not "--1".
    chars = np.array(sorted(set(alphabet), key=_key_order), dtype=object)
    base = len(chars)
    grid = np.empty((idx.size, width), dtype=object)
    rest = idx.astype(np.int64).copy()
    for col in range(width - 1, -1, -1):
        grid[:, col] = chars[rest % base]
        rest //= base
    return grid


def _cut_to(counts: list[np.ndarray], lows: list[int], max_length: int) -> None:
    """Shorten the drawn repeats, the last slots first, until each value fits `max_length`
    (a slot never below its minimum: a pattern longer than that at least stays a match)."""
    over = np.maximum(sum(counts) - max_length, 0)
    for i in range(len(counts) - 1, -1, -1):
        cut = np.minimum(over, counts[i] - lows[i])
        counts[i] -= cut
        over -= cut


def _fast(
    slots: list[tuple[str, int, int, int | None]],
    n: int,
    rng: np.random.Generator,
    length: int | None,
    unique_idx: np.ndarray | None = None,
    fold_case: bool = False,
    max_length: int | None = None,
) -> np.ndarray:
    if fold_case:
        slots = [(_fold(c), lo, hi, allowed) for c, lo, hi, allowed in slots]
    key = None
    if unique_idx is not None:
        key = _key_slot(slots, int(unique_idx.max()), length, max_length)
    parts: list[np.ndarray] = []
    counts: list[np.ndarray] = []
    lows: list[int] = []
    extra = None
    if length is not None and key is None:
        extra = length - sum(lo for _, lo, _, _ in slots)
        if extra < 0 or extra > sum(hi - lo for _, lo, hi, _ in slots):
            extra = None  # the length cannot be met; draw freely
    for i, (chars, lo, hi, _) in enumerate(slots):
        if key is not None:
            if i == key[0]:
                parts.append(_encode(unique_idx, chars, key[1]))  # type: ignore[arg-type]
                continue
            hi = lo  # fixed lengths keep the key's position, so keys stay distinct
        alphabet = np.array(list(chars), dtype=object)
        picks = alphabet[rng.integers(0, len(alphabet), (n, hi))]
        count = np.full(n, hi)
        if hi > lo:
            if extra is not None:
                # exact length (character(n) pads with blanks a pattern's $ would reject)
                take = min(hi - lo, extra)
                extra -= take
                count = np.full(n, lo + take)
            else:
                count = rng.integers(lo, hi + 1, n)
        parts.append(picks)
        counts.append(count)
        lows.append(lo)
    if key is None:
        if max_length is not None:
            _cut_to(counts, lows, max_length)
        for picks, count in zip(parts, counts, strict=True):
            picks[np.arange(picks.shape[1])[None, :] >= count[:, None]] = ""
    grid = np.concatenate(parts, axis=1) if parts else np.empty((n, 0), dtype=object)
    out = np.empty(n, dtype=object)
    out[:] = ["".join(row) for row in grid.tolist()]
    return out


def generate_matching(
    pattern: str,
    n: int,
    rng: np.random.Generator,
    length: int | None = None,
    unique_idx: np.ndarray | None = None,
    fold_case: bool = False,
    max_length: int | None = None,
) -> np.ndarray:
    r"""`n` strings matching `pattern`; with `unique_idx` (the rows' numbers) distinct by
    construction when the pattern has a repeat wide enough to carry them (distinct ignoring
    case too with `fold_case`, for citext). `length` asks for that exact length (character(n)),
    `max_length` for at most that many characters (varchar(n)), wherever the pattern allows.
    ValueError for a pattern Python's engine cannot mean the same way (`\p{…}`)."""
    # PostgreSQL's dialect first ([[:alnum:]], \y…); ValueError for what only the server knows
    check_pattern_size(pattern, "a column's CHECK")
    pattern = translate_regex(pattern)
    parsed = P.parse(pattern)
    regex = re.compile(pattern, re.DOTALL)
    slots = pattern_slots(parsed)
    if slots is not None:
        return _fast(slots, n, rng, length, unique_idx if n else None, fold_case, max_length)
    if unique_idx is not None and n:
        keyed = _slow_unique(parsed, n, rng, unique_idx, fold_case)
        if keyed is not None:
            fits = max_length is None or max(len(v) for v in keyed.tolist()) <= max_length
            if fits and all(regex.search(v) for v in keyed[:50].tolist()):
                return keyed
    out = np.empty(n, dtype=object)
    for i in range(n):
        out[i] = _one_match(parsed, regex, rng, max_length)
    return out


def _one_match(
    parsed: Any, regex: re.Pattern[str], rng: np.random.Generator, limit: int | None
) -> str:
    """A random match (a few tries), else the pattern's shortest form when it fits `limit`."""
    text = ""
    for _ in range(5):
        parts: list[str] = []
        _emit(parsed, rng, parts)
        text = "".join(parts)
        if regex.search(text) and (limit is None or len(text) <= limit):
            return text
    if limit is not None:
        parts = []
        _emit(parsed, rng, parts, minimal=True)
        if len("".join(parts)) <= limit:
            return "".join(parts)
    return text
