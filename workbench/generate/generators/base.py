"""What a generator declaration says (`Generator`) and the column kinds declarations name."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from workbench.generate.generators.value_spec import ColumnSpec

# Column kinds (TypeInfo.kind), as declarations name them.
TEXT = frozenset({"text"})
INT = frozenset({"int"})
DECIMAL = frozenset({"decimal", "float", "money"})  # exact and approximate fractions
REAL = frozenset({"float"})
NUMBER = INT | DECIMAL
WHEN = frozenset({"timestamp", "timestamptz", "date"})
UUID = frozenset({"uuid"})
INET = frozenset({"inet", "cidr"})
MAC = frozenset({"macaddr", "macaddr8"})
BOOL = frozenset({"bool"})
JSON = frozenset({"json"})

# Makes the values of a batch: the column's spec, the batch's random stream, its row numbers.
Maker = Callable[["ColumnSpec", np.random.Generator, np.ndarray], np.ndarray]
# Makes the numbers of a batch and says the bounds they were drawn in (for rounding).
Ranged = Callable[["ColumnSpec", np.random.Generator, np.ndarray], tuple[np.ndarray, float, float]]


@dataclass(frozen=True)
class NamePattern:
    """A regular expression over a column's normalised name, for names no list can hold
    (`*_url`, `num_*`); `rank` orders the patterns of all generators (the first match wins)."""

    regex: str
    rank: int


@dataclass(frozen=True)
class NaturalRange:
    """The range a quantity's values fall in, narrowed by the column's type and CHECKs, and
    the shape they take inside it (uniform, high, small, middle, steps, rates, shelf prices).
    `percent`: a column too narrow for the range's top holds a fraction of it."""

    lo: float
    hi: float
    shape: str = "uniform"
    percent: bool = False


@dataclass(frozen=True)
class Generator:
    """One generator, as everything that chooses, checks, makes or reports values reads it."""

    name: str
    # the column kinds it fits (None: any kind, not checked)
    kinds: frozenset[str] | None = None
    # whole-word suffixes of a column's name that ask for it (`postal_code` for
    # `billing_postal_code`), and patterns for the names no list holds
    synonyms: tuple[str, ...] = ()
    patterns: tuple[NamePattern, ...] = ()
    # the kinds a column must have for its name to ask for it (None: `kinds`)
    named_kinds: frozenset[str] | None = None
    personal: bool = False  # its values are about a person (statistics must not carry them)
    width: int | None = None  # characters a value takes (the estimate's cost); None: 20
    # the shortest text column its values fit in: a shorter one is not given it by its name
    # (None: 8, room for a few words)
    fits_in: int | None = None
    text: Maker | None = None  # a text column's values (None: the plain text maker)
    integers: Maker | None = None  # an integer column's values, when not numbered
    decimals: Ranged | None = None  # a fraction column's values, when not numbered
    over_unique: bool = False  # `decimals` even for a unique column (coordinates)
    natural: NaturalRange | None = None  # a quantity's natural range (any number column)
    pool: str | None = None  # the value pool its text draws from (pools.py)
    # other ways to write a value (name, rewrite), tried in order when the column's CHECK
    # pattern rejects the usual one: a calling code `49` where the CHECK takes digits only,
    # not `+49` (kinds/semantics.py picks one; the spec's `form` param names it)
    forms: tuple[tuple[str, Callable[[str], str]], ...] = ()
    generic: bool = False  # fills any column from what sandbox.toml gives it
    family: str = ""  # set by the registry: the module that declares it

    @property
    def recognised_kinds(self) -> frozenset[str]:
        """The column kinds whose names recognition matches against this generator."""
        return self.named_kinds or self.kinds or frozenset()
