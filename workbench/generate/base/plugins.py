"""Plug-ins: what installed packages add to the registries, through entry points.

A package declares, in its own pyproject.toml, an entry point in one of the groups below whose
object is what the registry takes (a tuple of generator declarations, a rule). The registries
read them once, after their built-in entries, in the entry points' name order; with nothing
installed, nothing changes."""

from __future__ import annotations

import functools
from importlib.metadata import entry_points
from typing import Any

GENERATORS = "workbench.generators"  # a tuple of generators.base.Generator
RULES = "workbench.rules"  # one rules.base.RowRule or LinkRule


@functools.cache  # one scan of the installed distributions for every group (about 30 ms)
def _all() -> Any:  # EntryPoints (3.12) or SelectableGroups (3.11): both `select`
    return entry_points()


def installed(group: str) -> list[tuple[str, Any]]:
    """(entry point name, its loaded object) for every plug-in of the group, by name."""
    found = sorted(_all().select(group=group), key=lambda ep: (ep.name, ep.value))
    return [(ep.name, ep.load()) for ep in found]
