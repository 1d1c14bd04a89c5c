"""Finite domains: the values a key column can take when they are few (booleans, enums, IN
lists, bounded integers, char(1), small regular expressions, dates in a range…), and which
free column best carries the row number."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from workbench.generate.generators.value_spec import ColumnSpec

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from workbench.generate.base.regex_gen import pattern_slots
from workbench.generate.base.sqltree import to_datetime
from workbench.generate.checks import (
    ColumnHints,
)
from workbench.generate.generators import codes
from workbench.generate.generators.typed import UNIQUE_OTHER
from workbench.generate.kinds.years import year_labels
from workbench.generate.vocab import acriss, catalogues, countries
from workbench.schema.pgtext import translate_regex
from workbench.schema.typeinfo import TypeInfo

# A column whose domain has at most this many values is enumerated, not numbered.
FINITE_LIMIT = 1 << 20


# Product of domains beyond which a key is never the limit (and digits would overflow int64).
BIG = 1 << 62


_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"


_FREE_OTHER = {"uuid", "inet", "cidr", "bytea", "macaddr", "macaddr8"}


_FREE_RANK = {"int": 0, "other": 2, "text": 1, "decimal": 3, "float": 3, "timestamp": 4, "date": 5}


@dataclass
class Domain:
    """The values a column can take when there are few: explicit values, an integer range, or
    fixed-width base-36 strings (char(2) and the like)."""

    size: int
    kind: str  # the batch kind (see checks.Col)
    values: list[Any] | None = None
    lo: int = 0
    width: int = 0
    alphabets: list[str] | None = None  # one per character: a mixed-radix string
    bits: int = 0  # bit(n): the digit written in binary
    # the values are in the order a table of them is filled (facts of the world: the leading
    # countries, the common currencies first): a key over this domain alone walks them in
    # that order instead of spreading the row numbers over them
    ordered: bool = False

    def is_integers(self) -> bool:
        """lo, lo + 1, lo + 2…: digit d is the value lo + d."""
        return self.values is None and not (self.bits or self.alphabets or self.width)

    def at(self, digits: np.ndarray) -> np.ndarray:
        if self.values is not None:
            return _typed(self.values, self.kind)[digits]
        if self.bits:
            out = np.empty(digits.size, dtype=object)
            out[:] = [format(int(d), f"0{self.bits}b") for d in digits.tolist()]
            return out
        if self.alphabets is not None:
            out = np.empty(digits.size, dtype=object)
            texts = []
            for d in digits.tolist():
                chars = []
                for alphabet in reversed(self.alphabets):
                    d, r = divmod(d, len(alphabet))
                    chars.append(alphabet[r])
                texts.append("".join(reversed(chars)))
            out[:] = texts
            return out
        if self.width:
            out = np.empty(digits.size, dtype=object)
            out[:] = [base36(int(d), self.width) for d in digits.tolist()]
            return out
        return (self.lo + digits).astype(np.int64)


def base36(v: int, width: int) -> str:
    s = ""
    for _ in range(width):
        v, r = divmod(v, 36)
        s = _BASE36[r] + s
    return s


def _typed(values: list[Any], kind: str) -> np.ndarray:

    if kind == "int":
        return np.asarray([int(v) for v in values], dtype=np.int64)
    if kind in ("float", "decimal"):
        return np.asarray([float(v) for v in values], dtype=np.float64)
    if kind == "bool":
        return np.asarray([v in (True, "true", "t", 1) for v in values], dtype=bool)
    if kind == "date":
        return np.asarray([to_datetime(str(v)) for v in values]).astype("datetime64[D]")
    if kind == "timestamp":
        return np.asarray([to_datetime(str(v)) for v in values]).astype("datetime64[us]")
    out = np.empty(len(values), dtype=object)
    out[:] = [v if isinstance(v, str) else str(v) for v in values]
    return out


def batch_kind(info: TypeInfo) -> str:
    if info.array_dims:
        return "other"
    k = info.kind
    if k == "int":
        return "int"
    if k in ("decimal", "money"):
        return "decimal"
    if k in ("float", "bool", "date"):
        return k
    if k in ("timestamp", "timestamptz"):
        return "timestamp"
    if k in ("text", "enum"):
        return "text"
    return "other"


def finite_domain(
    info: TypeInfo,
    hints: ColumnHints,
    generator: str,
    params: dict[str, Any],
    max_len: int | None = None,
    column: str | None = None,
) -> Domain | None:
    """The column's domain when it is small enough to enumerate; None when unbounded
    (`column`: the column's name, which a code's shape reads)."""
    if info.array_dims:
        return None
    kind = batch_kind(info)
    excluded = hints.excluded
    if generator == "constant":
        return Domain(1, kind, values=list(params.get("values") or [""])[:1])
    if generator == "choice" and params.get("values"):
        values = list(dict.fromkeys(params["values"]))
        return Domain(len(values), kind, values=values)
    if hints.allowed is not None:
        values = [v for v in dict.fromkeys(hints.allowed) if v not in excluded]
        if info.kind == "enum":
            values = [v for v in values if v in info.labels]
        return Domain(len(values), kind, values=values)
    if info.kind == "bool":
        values = [v for v in (False, True) if v not in excluded]
        return Domain(len(values), kind, values=values)
    if info.kind == "enum":
        values = [v for v in info.labels if v not in excluded]
        return Domain(len(values), kind, values=values)
    if info.kind == "int":
        lo, hi = info.int_limits
        lo = max(lo, 1)  # keys count from 1, as the generators do
        if isinstance(hints.lo, (int, float)) and not isinstance(hints.lo, bool):
            lo = max(lo, math.ceil(hints.lo) + (0 if hints.lo_incl or hints.lo % 1 else 1))
            if hints.lo < 1:
                lo = math.ceil(hints.lo) + (0 if hints.lo_incl or hints.lo % 1 else 1)
        if isinstance(hints.hi, (int, float)) and not isinstance(hints.hi, bool):
            hi = min(hi, math.floor(hints.hi) - (0 if hints.hi_incl or hints.hi % 1 else 1))
        size = max(hi - lo + 1, 0)
        if size <= FINITE_LIMIT:
            return Domain(size, kind, lo=lo)
        return None
    if info.kind in ("bit", "varbit") and info.length and info.length <= 20:
        return Domain(2**info.length, kind, bits=info.length)
    facts = (
        params.get("market") or countries.vocabulary(generator) or _listed(generator)
        if info.kind == "text"
        else None
    )
    if facts is not None:
        # meaning first, the CHECK and the length as filters: a unique country code is one of
        # the real ones (a table of countries holds no more rows than there are)
        values = vocabulary_domain(facts, hints.regex, max_len or info.length)
        if values:
            return Domain(len(values), kind, values=values, ordered=True)
    years = year_labels(hints.regex, column) if hints.regex and column is not None else None
    if info.kind == "text" and years is not None:  # "2025/26": the years of the history
        return Domain(len(years), kind, values=years)
    if info.kind == "text" and hints.regex:
        return regex_domain(hints.regex, kind)
    if info.kind == "text" and generator == "shaped_code" and column is not None:
        length = max_len if max_len is not None else info.length
        if length is not None and length <= 3:  # a short code: its shape's values, no others
            chars = codes.alphabets(column, length, info.fixed_char)
            return Domain(math.prod(len(a) for a in chars), kind, alphabets=chars)
    if info.kind == "text" and column is not None and _coded(generator, column):
        length = max_len if max_len is not None else info.length
        if length is not None and length <= 3:  # an airport's IATA code, an airline's: capitals
            letters = codes.LETTERS if length == 3 else codes.LETTERS + codes.DIGITS
            chars = [letters] * length
            return Domain(math.prod(len(a) for a in chars), kind, alphabets=chars)
    if info.kind == "text":
        length = max_len if max_len is not None else info.length
        if info.fixed_char and length is None:
            length = 1
        if length is not None and length <= 3:
            low = hints.min_len or 0
            if low > length:
                return Domain(0, kind, width=length)
            return Domain(36**length, kind, width=length)
    return None


# a short key named as a code (an airport's `iata_code`, an airline's `iata_designator`), or
# one whose generator lists real codes it has too few of for the rows: capitals, not base 36
_CODE_WORDS = frozenset({"code", "designator", "iata", "icao", "abbreviation", "abbr"})
_LISTED_CODES = frozenset({"airport_code"})


def _listed(generator: str) -> tuple[str, ...] | None:
    """The codes of a standard a generator draws from (a car hire class's ACRISS codes, the
    blood groups: vocab/catalogues.py): a unique column takes them in their order, the CHECK
    and the length as filters."""
    return acriss.vocabulary() if generator == "acriss_code" else catalogues.codes(generator)


def _coded(generator: str, column: str) -> bool:
    return generator in _LISTED_CODES or column.lower().rsplit("_", 1)[-1] in _CODE_WORDS


def vocabulary_domain(values: Sequence[str], regex: str | None, length: int | None) -> list[str]:
    """The vocabulary's values a column accepts (its CHECK pattern, its length), in order."""
    try:
        pattern = re.compile(translate_regex(regex)) if regex else None
    except (ValueError, re.error):
        pattern = None
    return [
        v
        for v in values
        if (length is None or len(v) <= length) and (pattern is None or pattern.search(v))
    ]


def regex_domain(pattern: str, kind: str = "text") -> Domain | None:
    """The strings a fully anchored pattern of bounded repeats allows (`^[a-c]$`: 3,
    `^[A-Z]{2}[0-9]$`: 6,760), when few enough to enumerate; each repeat is taken at its
    longest, so the count is a lower bound of the language and every value matches."""
    import re._constants as C
    import re._parser as P

    try:  # PostgreSQL's dialect ([[:alnum:]]…) read as Python's
        parsed = list(P.parse(translate_regex(pattern)))
    except Exception:
        return None
    begin = (C.AT_BEGINNING, C.AT_BEGINNING_STRING)
    end = (C.AT_END, C.AT_END_STRING)
    if len(parsed) < 2 or parsed[0] != (C.AT, parsed[0][1]) or parsed[0][1] not in begin:
        return None
    if parsed[-1][0] is not C.AT or parsed[-1][1] not in end:
        return None
    slots = pattern_slots(parsed[1:-1])
    if slots is None or any(allowed is None for _, _, _, allowed in slots):
        return None
    alphabets: list[str] = []
    for chars, _, _, allowed in slots:
        alphabets += ["".join(dict.fromkeys(chars))] * int(allowed or 0)
    size = math.prod(len(a) for a in alphabets)
    if size > FINITE_LIMIT:
        return None
    return Domain(size, kind, alphabets=alphabets)


def spec_domain(spec: ColumnSpec) -> Domain | None:
    return finite_domain(
        spec.info, spec.hints, spec.generator, spec.params, spec.max_len, spec.name
    )


def is_free(spec: ColumnSpec) -> bool:
    """The column can carry the row number (its generator has a unique mode)."""

    if spec.partition is not None or spec.info.array_dims:
        return False
    if spec.generator in ("null", "constant") or spec.kind not in _FREE_RANK:
        return False
    if spec.generator == "choice" and spec.params.get("values"):
        return False
    if spec.info.kind in ("bool", "enum"):
        return False
    if spec.kind == "other" and spec.info.kind not in _FREE_OTHER | UNIQUE_OTHER:
        return spec.info.kind.endswith("range")
    if spec.generator == "sequence":
        return True  # a smallserial counts 1, 2, 3… as its sequence would (the plan caps it)
    return spec_domain(spec) is None


def free_rank(spec: ColumnSpec) -> tuple[int, int]:
    """Which free column of a key to number: integers first, then texts, uuids…; the
    structured types (json, xml, time…) last, as their numbered values look least natural."""
    plain = spec.kind != "other" or spec.info.kind in _FREE_OTHER
    return (0 if plain else 1, _FREE_RANK[spec.kind])
