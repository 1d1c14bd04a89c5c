"""Which files hold a project's statistics: schema.sql itself and `[sandbox] statistics`.

Read once per file version (cached by path, size and modification time); a project without
statistics costs one substring test of schema.sql."""

from __future__ import annotations

import os
import stat as stat_mode
from pathlib import Path

from workbench.config.file import Config
from workbench.errors import ConfigError
from workbench.stats.calls import Statistics
from workbench.stats.parse import parse_statistics

_CACHE: dict[Path, tuple[tuple[int, int], Statistics]] = {}
MAX_BYTES = 256 * 1024 * 1024  # a statistics dump of a very large schema is a few MB


def check_statistics_file(path: Path, info: os.stat_result, where: str) -> None:
    """A regular file of sane size: a folder, a device (/dev/zero) or a FIFO is never read."""
    expected = "expected a SQL file of pg_restore_*_stats calls (pg_dump --statistics-only)"
    if stat_mode.S_ISDIR(info.st_mode):
        raise ConfigError(f"{where}{path} is a folder; {expected}.")
    if not stat_mode.S_ISREG(info.st_mode):
        raise ConfigError(
            f"{where}{path} is not a regular file (a device, FIFO or socket); {expected}."
        )
    if info.st_size > MAX_BYTES:
        raise ConfigError(
            f"{where}{path} is {info.st_size // (1024 * 1024)} MB, more than the "
            f"{MAX_BYTES // (1024 * 1024)} MB a statistics file can be; {expected}."
        )


def read_statistics_file(path: Path, key: str | None = None) -> Statistics:
    """One file's statistics calls; a missing or unreadable file is a ConfigError."""
    where = f"{key}: " if key else ""
    try:
        stat = path.stat()
        check_statistics_file(path, stat, where)
        stamp = (stat.st_mtime_ns, stat.st_size)
        cached = _CACHE.get(path)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        where = f"{key}: expected a statistics file, and " if key else ""
        raise ConfigError(f"{where}{path} does not exist.") from None
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(f"{where}{path}: cannot be read as UTF-8 text: {err}.") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    stats = parse_statistics(text, str(path))
    if key and not stats.calls:
        raise ConfigError(
            f"{where}{path} holds no pg_restore_relation_stats/pg_restore_attribute_stats call; "
            "expected the file pg_dump --statistics-only (PostgreSQL 18+) or the script of "
            "`workbench stats query` writes."
        )
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
