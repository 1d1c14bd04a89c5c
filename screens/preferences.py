"""The TUI's remembered choices (the theme), kept per project in .workbench/tui.json and
written atomically. A missing or damaged file just means the defaults."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from workbench.files.state import atomic_write_json, read_json

PREFERENCES_FILE = "tui.json"


def preferences_path(state_dir: Path) -> Path:
    return state_dir / PREFERENCES_FILE


def load_preferences(state_dir: Path) -> dict[str, Any]:
    data = read_json(preferences_path(state_dir))
    return data if isinstance(data, dict) else {}


def remember(state_dir: Path, key: str, value: Any) -> None:
    """Store one choice (the other ones are kept); unchanged values are not rewritten."""
    data = load_preferences(state_dir)
    if data.get(key) != value:
        data[key] = value
        atomic_write_json(preferences_path(state_dir), data)
