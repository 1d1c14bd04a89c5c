"""Which files hold a project's statistics: schema.sql itself and `[sandbox] statistics`.

Read once per file version (cached by path, size and modification time); a project without
statistics costs one substring test of schema.sql."""

from __future__ import annotations

from pathlib import Path

from workbench.config import Config
from workbench.errors import ConfigError
from workbench.stats.parse import Statistics, parse_statistics

_CACHE: dict[Path, tuple[tuple[int, int], Statistics]] = {}


def read_statistics_file(path: Path, key: str | None = None) -> Statistics:
    """One file's statistics calls; a missing or unreadable file is a ConfigError."""
    try:
        stat = path.stat()
        stamp = (stat.st_mtime_ns, stat.st_size)
        cached = _CACHE.get(path)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        where = f"{key}: expected a statistics file, and " if key else ""
        raise ConfigError(f"{where}{path} does not exist.") from None
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(f"{path}: cannot be read as UTF-8 text: {err}.") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    stats = parse_statistics(text, str(path))
    _CACHE[path] = (stamp, stats)
    return stats


def load_statistics(config: Config) -> Statistics | None:
    """The statistics shaping this project's plan, or None when there are none. The file
    named by `[sandbox] statistics` wins over calls in schema.sql for the same column."""
    found = Statistics()
    schema = config.schema_path
    if schema.is_file():
        found.merge(read_statistics_file(schema))
    path = config.statistics_path
    if path is not None:
        found.merge(read_statistics_file(path, f"{config.path}: key sandbox.statistics"))
    if not found.relations and not found.columns:
        return None
    return found
