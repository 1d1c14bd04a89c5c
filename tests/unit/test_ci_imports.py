"""The Python that .ci/ scripts run imports names that exist: a module moved or a name renamed
in workbench/ must not break CI at its last steps (wheel-only imported `schema_needs` from a
module it had left)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

CI = Path(__file__).resolve().parents[2] / ".ci"
_IMPORT = re.compile(r"from (workbench(?:\.\w+)*) import ([\w, ]+)")


def _imports() -> list[tuple[str, str, str]]:
    found = []
    for script in sorted(CI.iterdir()):
        if script.is_file():
            for module, names in _IMPORT.findall(script.read_text(errors="replace")):
                for name in names.split(","):
                    found.append((script.name, module, name.strip()))
    return found


@pytest.mark.parametrize(("script", "module", "name"), _imports())
def test_ci_scripts_import_what_exists(script: str, module: str, name: str) -> None:
    assert hasattr(importlib.import_module(module), name), f".ci/{script}: {module}.{name}"


def test_the_ci_scripts_import_something() -> None:
    assert len(_imports()) >= 5
