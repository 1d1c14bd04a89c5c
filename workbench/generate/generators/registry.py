"""Every generator, by name: the family modules' declarations in one place.

`FAMILIES` states their order: the generators named after types first, then the families as
recognition tries them (a name two generators list goes to the first whose kinds fit), then
the installed plug-ins' (base/plugins.py). What
the rest of generation asks of generators it asks here: `get` (the declaration, for the value
dispatch), `names` (what sandbox.toml's `generator =` takes), `synonyms` and `name_patterns`
(recognition), `fits_in` (the shortest column a name gives it), `personal` (the
personal-data policy), `width` (the estimate)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from types import ModuleType

from workbench.generate.base import plugins
from workbench.generate.generators import (
    address,
    basic,
    commerce,
    content,
    credentials,
    demographics,
    files,
    finance,
    identity,
    misc,
    network,
    physical,
    quantities,
    schemes,
    times,
    transport,
    units,
    vehicles,
    works,
)
from workbench.generate.generators.base import Generator, NamePattern

# (family name, module): the order of recognition and of the names sandbox.toml documents.
FAMILIES: tuple[tuple[str, ModuleType], ...] = (
    ("basic", basic),
    ("identity", identity),
    ("address", address),
    ("network", network),
    ("finance", finance),
    ("commerce", commerce),
    ("content", content),
    ("files", files),
    ("credentials", credentials),
    ("demographics", demographics),
    ("vehicles", vehicles),
    ("transport", transport),
    ("schemes", schemes),
    ("physical", physical),
    ("quantities", quantities),
    ("time", times),
    ("misc", misc),
    ("works", works),
    ("units", units),
)


def _collect() -> dict[str, Generator]:
    """The built-in families' generators, then the installed plug-ins' (base/plugins.py: an
    entry point of the group `workbench.generators` naming a tuple of `Generator`s, its name
    the family's)."""
    families = [(family, tuple(module.GENERATORS)) for family, module in FAMILIES]
    families += [(name, tuple(found)) for name, found in plugins.installed(plugins.GENERATORS)]
    out: dict[str, Generator] = {}
    for family, declared_all in families:
        for declared in declared_all:
            if not isinstance(declared, Generator):
                raise TypeError(f"plug-in {family!r} declares {declared!r}, not a Generator")
            if declared.name in out:
                raise ValueError(f"generator {declared.name!r} is declared twice")
            out[declared.name] = dataclasses.replace(declared, family=family)
    return out


REGISTRY: dict[str, Generator] = _collect()
DEFAULT_WIDTH = 20  # characters a text value takes when its generator does not say


def get(name: str) -> Generator | None:
    return REGISTRY.get(name)


def names() -> list[str]:
    """The generator names sandbox.toml takes, in the order its documentation lists them."""
    return list(REGISTRY)


def synonyms() -> list[tuple[Generator, str]]:
    """(generator, synonym) for every whole-word name that asks for a generator, in order."""
    return [(g, synonym) for g in REGISTRY.values() for synonym in g.synonyms]


def name_patterns() -> list[tuple[Generator, NamePattern]]:
    """(generator, pattern) for the names no list holds, in the order they are tried."""
    found = [(g, p) for g in REGISTRY.values() for p in g.patterns]
    return sorted(found, key=lambda item: item[1].rank)


def personal() -> frozenset[str]:
    """The generators whose values are about a person."""
    return frozenset(name for name, g in REGISTRY.items() if g.personal)


def fits_in(name: str) -> int:
    """The shortest text column the generator's values fit in (8 when it does not say: room
    for a few words before a column's name is trusted over its type)."""
    found = REGISTRY.get(name)
    return found.fits_in if found is not None and found.fits_in is not None else 8


def width(name: str | None) -> int:
    """Characters a value of the generator takes (the estimate's measure of its cost)."""
    found = REGISTRY.get(name or "text")
    return found.width if found is not None and found.width is not None else DEFAULT_WIDTH


def natural(name: str) -> bool:
    """Whether the generator draws numbers from a natural range of its own."""
    found = REGISTRY.get(name)
    return found is not None and found.natural is not None


def forms(name: str) -> tuple[str, ...]:
    """The names of the other written forms the generator's values have (Generator.forms)."""
    found = REGISTRY.get(name)
    return tuple(form for form, _ in found.forms) if found is not None else ()


def written(name: str, form: str | None) -> Callable[[str], str] | None:
    """The rewrite of the generator's values into the named form (None: the usual form)."""
    found = REGISTRY.get(name)
    if found is None or form is None:
        return None
    return next((rewrite for named, rewrite in found.forms if named == form), None)
