"""sandbox-workbench: a PostgreSQL sandbox you can break.

`from workbench import Engine` gives the Python API; the engine never imports Textual."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

try:  # the installed distribution's own version (pyproject.toml), never a second copy
    __version__ = version("sandbox-workbench")
except PackageNotFoundError:  # a source tree that was never installed
    __version__ = "0+unknown"

if TYPE_CHECKING:
    from workbench.engine import Engine


def __getattr__(name: str) -> Any:
    # Lazy, so `import workbench` stays cheap for the CLI's fast paths.
    if name == "Engine":
        from workbench.engine import Engine

        return Engine
    raise AttributeError(name)


__all__ = ["Engine", "__version__"]
