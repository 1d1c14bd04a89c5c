"""Which column kinds a declared generator can fill. values.py picks the value maker by the
column's kind first (numbers, booleans, dates and times have their own), so a text generator
named on a number column (`generator = "phone"` on a smallint) would be ignored in silence:
config_check refuses it instead, naming the type and the generators that fit.

Only the kinds with their own makers are checked (numbers, booleans, dates and timestamps); a
generator's kinds are its declaration's (generators/); generic generators (choice, constant,
null, sequence…) fit any kind."""

from __future__ import annotations

from workbench.generate.generators import registry
from workbench.generate.kinds.semantics import GENERATORS

# Column kinds whose values a text generator can never give, by family: a generator fits a
# column of a family when one of its kinds is in that family.
FAMILIES: dict[str, frozenset[str]] = {
    "a number": frozenset({"int", "decimal", "float", "money"}),
    "true or false": frozenset({"bool"}),
    "a date or timestamp": frozenset({"date", "timestamp", "timestamptz"}),
}
# The kinds each generator fits, as the registry declares them (a generator not listed fits
# any column); generic generators (choice, constant, null…) take any kind.
GENERATOR_KINDS = {name: g.kinds for name, g in registry.REGISTRY.items() if g.kinds is not None}
GENERIC = frozenset(name for name, g in registry.REGISTRY.items() if g.generic)


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
