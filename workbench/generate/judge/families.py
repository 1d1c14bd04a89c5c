"""Value families to ask the server about, when a constraint refuses most of a column's values.

A text column whose CHECK calls a function nobody here knows, or that an index casts to
integer, is filled by what recognition guessed from its name; when the server refuses most of
those, the judge tries these families on a sample, in order, and keeps the first the server
accepts: each is a generator of the registry with its parameters (a pattern), so the choice is
what sandbox.toml could say (`generator = "regex"`, `params = {pattern = …}`) and a message
can propose it as it is. The string constants the constraint itself names come first (a CHECK
comparing upper(kind) with 'A' or 'B' wants those)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from sqlglot import exp


@dataclass(frozen=True)
class Family:
    """A kind of value: what a message calls it, and the generator (with its parameters)
    that draws it."""

    name: str
    generator: str
    params: dict[str, Any] = field(default_factory=dict, hash=False)

    def inline(self) -> str:
        """The family as sandbox.toml's column keys say it, as one inline table."""
        if "range" in self.params:
            lo, hi = self.params["range"]
            return f"{{ generator = {_toml_str(self.generator)}, range = [{lo}, {hi}] }}"
        if self.generator == "regex":
            pattern = _toml_str(self.params["pattern"])
            return f'{{ generator = "regex", params = {{ pattern = {pattern} }} }}'
        if "values" in self.params:
            values = ", ".join(_toml_str(v) for v in self.params["values"])
            return f"{{ values = [{values}] }}"
        return f"{{ generator = {_toml_str(self.generator)} }}"


def snippet(table: str, column: str, keys: str) -> str:
    """One line of sandbox.toml setting a column's keys (an inline table), loadable as is."""
    return f"tables.{_toml_str(table)}.columns.{_toml_str(column)} = {keys}"


def _toml_str(value: Any) -> str:
    """A TOML basic string (its escapes are JSON's)."""
    return json.dumps(str(value), ensure_ascii=False)


def _regex(name: str, pattern: str) -> Family:
    return Family(name, "regex", {"pattern": pattern})


_DAY = r"20[0-2][0-9]-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])"

# Text families, most specific first: a value of one is rarely a value of a later one.
TEXT_FAMILIES = (
    _regex("integers as text", r"[1-9][0-9]{0,5}"),
    _regex("decimals as text", r"[1-9][0-9]{0,3}\.[0-9]{2}"),
    _regex("dates as text", _DAY),
    _regex("timestamps as text", _DAY + r" ([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]"),
    _regex("UUIDs", r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"),
    _regex("hexadecimal", r"[0-9a-f]{16}"),
    _regex("lower-case words without spaces", r"[a-z]{3,12}"),
    _regex("upper-case codes", r"[A-Z]{2,6}"),
    _regex("e-mail addresses", r"[a-z]{3,10}\.[a-z]{3,10}@[a-z]{4,10}\.(com|org|net)"),
    _regex("URLs", r"https://[a-z]{4,10}\.(com|org|net)/[a-z]{3,10}"),
    _regex("JSON objects", r'\{"[a-z]{3,8}": [1-9][0-9]{0,3}\}'),
)


def _range(name: str, generator: str, lo: int, hi: int) -> Family:
    return Family(name, generator, {"range": [lo, hi]})


# Number families: the ranges numbers of a kind usually take, small first.
NUMBER_RANGES = (
    ("digits 0 to 9", 0, 9),
    ("numbers 1 to 100", 1, 100),
    ("numbers 1 to 1,000", 1, 1000),
    ("0 or 1", 0, 1),
    ("numbers 1 to 1,000,000", 1, 1_000_000),
    ("negative numbers -100 to -1", -100, -1),
)

_PATTERNS = (exp.RegexpLike, exp.RegexpILike, exp.Like, exp.ILike, exp.SimilarTo)


def similar_to_regex(pattern: str, like: bool = False) -> str:
    """A SIMILAR TO pattern (or, `like`, a LIKE one) as the regular expression PostgreSQL
    matches it with: `_` any character, `%` any string, the whole value matched; `.`, `^`
    and `$` are themselves; SIMILAR TO keeps the rest (classes, repeats, alternation)."""
    out: list[str] = []
    i, in_class = 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\" and i + 1 < len(pattern):
            out.append(re.escape(pattern[i + 1]))
            i += 2
            continue
        if in_class:
            out.append(ch)
            in_class = ch != "]"
        elif ch == "_":
            out.append(".")
        elif ch == "%":
            out.append(".*")
        elif like or ch in ".^$":
            out.append(re.escape(ch))
        else:
            out.append(ch)
            in_class = ch == "["
        i += 1
    return "^(?:" + "".join(out) + ")$"


def own_patterns(tree: Any, column: str) -> list[Family]:
    """The patterns a constraint asks the column to match (`~`, SIMILAR TO, LIKE, not
    negated), each as a regex family: the first rungs of a text column's ladder."""
    found: list[Family] = []
    if tree is None:
        return found
    for node in tree.find_all(exp.RegexpLike, exp.SimilarTo, exp.Like):
        target = node.this
        while isinstance(target, exp.Cast | exp.Paren):
            target = target.this
        pattern = node.expression
        if not isinstance(target, exp.Column) or target.name != column:
            continue
        if not isinstance(pattern, exp.Literal) or not pattern.is_string:
            continue
        if isinstance(node.parent, exp.Not) or node.args.get("flag"):
            continue
        text = str(pattern.this)
        if isinstance(node, exp.RegexpLike):
            found.append(_regex("the constraint's own pattern", text))
        else:
            like = isinstance(node, exp.Like)
            found.append(_regex("the constraint's own pattern", similar_to_regex(text, like)))
    return found


def literals(tree: Any, numbers: bool = False) -> Family | None:
    """The constants a constraint compares with, as a choice (None when it names none): its
    strings (a pattern of `~`, LIKE, SIMILAR TO is not a value), or, for a number column, its
    numbers and their neighbours (`depth = 0`, `x > 5`)."""
    if tree is None:
        return None
    found: list[Any] = []
    for node in tree.find_all(exp.Literal):
        if numbers and not node.is_string:
            try:
                value = int(str(node.this))
            except ValueError:
                continue
            found += [value - 1, value, value + 1]
            continue
        if numbers or not node.is_string or not node.this:
            continue
        child, parent = node, node.parent
        while isinstance(parent, exp.Cast | exp.Paren):  # '\s'::text, as pg_dump writes it
            child, parent = parent, parent.parent
        if isinstance(parent, _PATTERNS) and child.arg_key == "expression":
            continue
        found.append(str(node.this))
    values = list(dict.fromkeys(found))
    if not values:
        return None
    return Family("the constraint's own constants", "choice", {"values": values})


_NUMBER_TYPES = exp.DataType.INTEGER_TYPES | {exp.DataType.Type.DECIMAL}


def cast_numbers(tree: Any, column: str) -> Family | None:
    """Numbers as text between the bounds a constraint compares the column with once cast to
    a number (`(code)::integer BETWEEN 1 AND 303`: '1' … '303'), at most 60 of them spread
    over the range; None when the constraint casts no such column or names no number."""
    if tree is None:
        return None
    casts = []
    for node in tree.find_all(exp.Cast):
        target = node.this
        while isinstance(target, exp.Paren):
            target = target.this
        if not isinstance(target, exp.Column) or target.name != column:
            continue
        if isinstance(node.to, exp.DataType) and node.to.this in _NUMBER_TYPES:
            casts.append(node)
    if not casts:
        return None
    numbers = []
    for node in tree.find_all(exp.Literal):
        if not node.is_string:
            try:
                numbers.append(int(str(node.this)))
            except ValueError:
                continue
    if not numbers:
        return None
    lo, hi = min(numbers), max(numbers)
    step = max(1, (hi - lo) // 59)
    values = [str(v) for v in range(lo, hi + 1, step)]
    return Family("numbers the constraint names, as text", "choice", {"values": values})


def ladder(kind: str, tree: Any, drawn: list[str], unique: bool, column: str = "") -> list[Family]:
    """The families to try for a column of this batch kind, in order: the constraint's own
    constants (not for a unique column); for text, the patterns it asks the column to match
    (`~`, SIMILAR TO, LIKE), then the families nearest what the
    column's generator drew (words for words, numbers for numbers), then the rest; for
    numbers, ranges from small to large (times and the rest are steered by their CHECK's
    bounds already)."""
    if kind in ("int", "decimal"):
        own = None if unique else literals(tree, numbers=True)
        generator = "int" if kind == "int" else "decimal"
        ranges = [_range(name, generator, lo, hi) for name, lo, hi in NUMBER_RANGES]
        return ([own] if own is not None else []) + ranges
    if kind != "text":
        return []
    own = None if unique else literals(tree)  # a few constants cannot fill a key
    families = list(TEXT_FAMILIES)
    if _mostly_letters(drawn):
        words = [f for f in families if f.name in _WORDS]
        families = words + [f for f in families if f not in words]
    cast = cast_numbers(tree, column)
    first = own_patterns(tree, column) + ([cast] if cast is not None else [])
    return first + ([own] if own is not None else []) + families


_WORDS = ("lower-case words without spaces", "upper-case codes")


def _mostly_letters(drawn: list[str]) -> bool:
    """Values that are mostly letters (names, words, sentences) rather than numbers or codes."""
    text = "".join(drawn)
    if not text:
        return False
    letters = sum(ch.isalpha() for ch in text)
    return letters >= 0.6 * len(text)
