"""Which column kinds a declared generator can fill. values.py picks the value maker by the
column's kind first (numbers, booleans, dates and times have their own), so a text generator
named on a number column (`generator = "phone"` on a smallint) would be ignored in silence:
config_check refuses it instead, naming the type and the generators that fit.

Only the kinds with their own makers are checked (numbers, booleans, dates and timestamps); a
generator's kinds come from the recognised-name table (recognise.PATTERNS) widened by the
base generators below; generic generators (choice, constant, null, sequence…) fit any kind."""

from __future__ import annotations

from workbench.generate import recognise
from workbench.generate.semantics import GENERATORS

# Column kinds whose values a text generator can never give, by family: a generator fits a
# column of a family when one of its kinds is in that family.
FAMILIES: dict[str, frozenset[str]] = {
    "a number": frozenset({"int", "decimal", "float", "money"}),
    "true or false": frozenset({"bool"}),
    "a date or timestamp": frozenset({"date", "timestamp", "timestamptz"}),
}
_NUMBER = FAMILIES["a number"]
_WHEN = FAMILIES["a date or timestamp"]
# Generators the recognised-name table does not list (or lists for text only).
_BASE: dict[str, frozenset[str]] = {
    "int": _NUMBER,
    "decimal": _NUMBER,
    "float": _NUMBER,
    "money": _NUMBER,
    "bool": frozenset({"bool"}),
    "timestamp": _WHEN,
    "date": _WHEN,
    "time": frozenset({"time", "timetz"}),
    "interval": frozenset({"interval"}),
    "uuid": frozenset({"uuid", "text"}),
    "json": frozenset({"json"}),
    "bytea": frozenset({"bytea"}),
    "tsvector": frozenset({"tsvector"}),
    "point": frozenset({"point"}),
    "bit": frozenset({"bit"}),
    "xml": frozenset({"xml"}),
    "range": frozenset({"int4range", "int8range", "numrange", "daterange", "tsrange", "tstzrange"}),
    "ltree": frozenset({"ltree"}),
    "hstore": frozenset({"hstore"}),
    "cube": frozenset({"cube"}),
    "geometry": frozenset({"geometry"}),
    "vector": frozenset({"vector"}),
    "sparsevec": frozenset({"sparsevec"}),
    "sentence": frozenset({"text"}),
    "word": frozenset({"text"}),
    "text": frozenset({"text"}),
    "regex": frozenset({"text"}),
    "email": frozenset({"text"}),
    "phone": frozenset({"text"}),
}
# Generators that fill any column (their values come from sandbox.toml or the column).
GENERIC = frozenset({"choice", "constant", "null", "sequence", "foreign_key"})


def _kinds() -> dict[str, frozenset[str]]:
    out: dict[str, frozenset[str]] = {}
    for pattern in recognise.PATTERNS:
        out[pattern.generator] = out.get(pattern.generator, frozenset()) | pattern.kinds
    for generator, kinds in _BASE.items():
        out[generator] = out.get(generator, frozenset()) | kinds
    return out


GENERATOR_KINDS = _kinds()


def family_of(kind: str) -> str | None:
    """The checked family a column kind belongs to (None: not checked)."""
    return next((name for name, kinds in FAMILIES.items() if kind in kinds), None)


def fits(generator: str, kind: str) -> bool:
    """Whether `generator` can fill a column of `kind` (unknown and generic ones: yes)."""
    family = family_of(kind)
    if family is None or generator in GENERIC or generator not in GENERATOR_KINDS:
        return True
    return bool(GENERATOR_KINDS[generator] & FAMILIES[family])


def fitting(kind: str) -> list[str]:
    """The generators that fit a column of `kind`, in the order sandbox.toml documents them."""
    return [g for g in GENERATORS if g in GENERATOR_KINDS and fits(g, kind) and g not in GENERIC]


def misfit_sentence(generator: str, kind: str, type_label: str) -> str | None:
    """Why `generator` cannot fill a column of this kind, or None when it can."""
    if fits(generator, kind):
        return None
    family = family_of(kind)
    made = sorted(GENERATOR_KINDS.get(generator, frozenset()))
    good = fitting(kind)
    shown = ", ".join(good[:16]) + (", …" if len(good) > 16 else "")
    return (
        f"the {generator} generator makes {'/'.join(made) or 'text'} values, but the column is "
        f"{type_label} ({family}): it would be ignored. Generators that fit: {shown} "
        f"(or choice and constant, with values)"
    )
