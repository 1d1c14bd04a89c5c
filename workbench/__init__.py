"""sandbox-workbench: a PostgreSQL sandbox you can break.

`from workbench import Engine` gives the Python API; the engine never imports Textual."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from workbench.engine import Engine

    __version__: str


def __getattr__(name: str) -> Any:
    # Lazy, so `import workbench` stays cheap for the CLI's fast paths: the engine, and the
    # version (importlib.metadata reads the installed distribution, ~0.08 s of every command).
    if name == "Engine":
        from workbench.engine import Engine

        return Engine
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:  # the installed distribution's own version (pyproject.toml), never a second copy
            return version("sandbox-workbench")
        except PackageNotFoundError:  # a source tree that was never installed
            return "0+unknown"
    raise AttributeError(name)


__all__ = ["Engine", "__version__"]
