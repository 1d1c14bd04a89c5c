"""Custom settings schema.sql reads but never sets (`current_setting('app.tenant')` in a
default, a CHECK or a function): the load sessions set each to a value its cast accepts."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from workbench.schema.parse import SESSION_KINDS, ParsedFile

_CURRENT_SETTING = re.compile(
    r"current_setting\s*\(\s*'((?:[^']|'')+)'\s*(?:,\s*(?:false|'f(?:alse)?')\s*)?\)"
    r"(?:\s*\))*(?:\s*::\s*(?:pg_catalog\s*\.\s*)?\"?([a-z_ ]+?)\b)?",
    re.IGNORECASE,
)
_SET_NAME = re.compile(
    r"^\s*(?:SET\s+(?:SESSION\s+|LOCAL\s+)?\"?([\w.]+)|SELECT\s+(?:pg_catalog\s*\.\s*)?"
    r"set_config\s*\(\s*'([^']+)')",
    re.IGNORECASE,
)
# A value each type accepts, for a setting the schema reads but never sets.
_PLAUSIBLE = {
    "uuid": "00000000-0000-4000-8000-000000000001",
    "int": "1", "integer": "1", "int4": "1", "int8": "1", "bigint": "1", "smallint": "1",
    "int2": "1", "numeric": "1", "decimal": "1", "real": "1", "float8": "1", "double": "1",
    "bool": "off", "boolean": "off", "date": "2000-01-01", "timestamp": "2000-01-01 00:00:00",
    "timestamptz": "2000-01-01 00:00:00+00", "jsonb": "{}", "json": "{}", "regrole": "public",
}  # fmt: skip


@dataclass
class LoadSetting:
    name: str
    value: str
    source: str  # file:line of the first statement reading it


def load_settings(parsed: ParsedFile) -> list[LoadSetting]:
    """Custom settings (`app.current_tenant`) that schema.sql reads with current_setting()
    without a missing_ok, in a default, a generated column, a CHECK or a function, and never
    sets itself. Reading one the session lacks is an error, which would stop the load of a
    row that uses it; the load sessions set each to a value its cast accepts."""
    set_by_file: set[str] = set()
    wanted: dict[str, LoadSetting] = {}
    for st in parsed.statements:
        m = _SET_NAME.match(st.sql)
        if m and st.kind in SESSION_KINDS:
            set_by_file.add((m.group(1) or m.group(2)).lower())
        if "current_setting" not in st.sql.lower():
            continue
        for call in _CURRENT_SETTING.finditer(st.sql):
            name = call.group(1).replace("''", "'")
            if "." not in name or name.lower() in wanted:
                continue  # a built-in setting always exists
            cast = (call.group(2) or "").strip().lower().split(" ")[0]
            value = _PLAUSIBLE.get(cast, "0" if cast.startswith(("int", "num")) else "sandbox")
            wanted[name.lower()] = LoadSetting(name, value, str(st.source))
    return [v for k, v in wanted.items() if k not in set_by_file]


def set_load_settings(conn: Any, parsed: ParsedFile) -> list[LoadSetting]:
    """SET the settings of `load_settings` in this session (they end with it, or RESET)."""
    settings = load_settings(parsed)
    for s in settings:
        conn.execute("SELECT pg_catalog.set_config(%s, %s, false)", [s.name, s.value])
    return settings
