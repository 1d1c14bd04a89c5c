"""A package's published names resolved on first use (PEP 562's module `__getattr__`).

Python runs a package's `__init__` before any of its modules: a package that re-exports its
main entry points there makes every caller of one small module (a vocabulary, a name helper)
import all of them. Instead the package lists each published name with the module defining it,
and `__getattr__ = exports(__name__, SURFACE)` imports that module when the name is first read."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def exports(package: str, surface: Mapping[str, str]) -> Callable[[str], Any]:
    """The module `__getattr__` of `package`: each name of `surface` from its module."""

    def resolve(name: str) -> Any:
        module = surface.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(module), name)

    return resolve
