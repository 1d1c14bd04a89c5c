"""sandbox.toml: load with tomllib, validate with clear errors (edits: config_edit.py).

Validation is table-driven: `_SECTIONS` declares every key the file may hold with its expected
type, so unknown keys (with a "did you mean"), wrong types and bad values are all reported the
same way, naming the file and the key path.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from workbench.errors import ConfigError
from workbench.redact import dsn_problem, redact, remember

DEFAULT_CONFIG_NAME = "sandbox.toml"
LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "::1"]
CAPABILITIES = ("read", "write", "reset", "migrate")
DISTRIBUTIONS = ("fixed", "uniform", "zipf")
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_$]{0,62}$")
_LIFETIME = re.compile(r"^\s*(\d+)\s*([smhdw])\s*$")
_LIFETIME_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
# The most rows one table may be given (sandbox.toml, --rows, a statistics scale, children,
# the edit dialog): far beyond what a sandbox loads, and still arrays the generator allocates.
MAX_ROWS = 1_000_000_000


@dataclass
class SandboxSection:
    name: str = "agent_sandbox"
    dsn: str = "embedded"
    dsn_env: str | None = None
    allowed_hosts: list[str] = field(default_factory=lambda: list(LOOPBACK_HOSTS))
    schema: str = "schema.sql"
    seed: int = 42
    capabilities: list[str] = field(default_factory=lambda: list(CAPABILITIES))
    migrations: str | None = None
    lifetime: str = "7d"
    create_roles: bool = True
    statistics: str | None = None  # pg_dump --statistics output shaping the plan (workbench.stats)

    @property
    def embedded(self) -> bool:
        return self.dsn_env is None and self.dsn == "embedded"

    @property
    def lifetime_seconds(self) -> int:
        match = _LIFETIME.match(self.lifetime)
        assert match is not None  # validated on load
        return int(match.group(1)) * _LIFETIME_SECONDS[match.group(2)]


@dataclass
class GenerateSection:
    rows: int = 1000
    null_fraction: float = 0.1  # share of NULLs on nullable columns without an override
    root_share: float = 0.1  # share of roots in self-referencing hierarchies
    batch_rows: int = 20000
    # rows per production row where statistics give a table's size; None: the biggest table
    # gets `rows`
    scale: float | None = None


@dataclass
class ServerSection:
    port: int = 0  # 0: pick a free port on first start and keep it
    run_as: str | None = None  # unprivileged user for the server binaries when invoked as root
    bindir: str | None = None  # "wheel", "system" or a folder of server binaries (pg_binaries)


@dataclass
class ChildrenSpec:
    """Rows of a table derived from its parent: children per parent row."""

    parent: str
    distribution: str = "uniform"
    count: int | None = None  # fixed
    min: int = 0
    max: int = 10
    skew: float = 1.2  # zipf exponent


@dataclass
class ColumnOverride:
    generator: str | None = None
    values: dict[str, float] | list[Any] | None = None
    range: list[Any] | None = None
    null_fraction: float | None = None
    unique: bool | None = None
    params: dict[str, Any] | None = None  # the generator's own parameters (e.g. pattern)
    # declared rules (generate/lineage.py): "<table>.<column>" reached by foreign keys, a
    # column of the row or a parent that this time follows, an SQL expression of the row
    copy_from: str | None = None
    after: str | None = None
    derive: str | None = None
    # a parent's total or counter from its children (generate/totals.py): "<child>.<expr>",
    # "<child table>"
    sum_of: str | None = None
    count_of: str | None = None


@dataclass
class TableSection:
    rows: int | None = None
    children: ChildrenSpec | None = None
    columns: dict[str, ColumnOverride] = field(default_factory=dict)


@dataclass
class Config:
    path: Path
    sandbox: SandboxSection = field(default_factory=SandboxSection)
    generate: GenerateSection = field(default_factory=GenerateSection)
    server: ServerSection = field(default_factory=ServerSection)
    tables: dict[str, TableSection] = field(default_factory=dict)
    raw: dict[str, Any] = field(default_factory=dict)

    @property
    def root(self) -> Path:
        """The folder holding sandbox.toml; relative paths and .workbench/ live here."""
        return self.path.parent

    @property
    def state_dir(self) -> Path:
        return self.root / ".workbench"

    @property
    def schema_path(self) -> Path:
        return (self.root / self.sandbox.schema).resolve()

    @property
    def statistics_path(self) -> Path | None:
        if self.sandbox.statistics is None:
            return None
        return (self.root / self.sandbox.statistics).resolve()

    @property
    def migrations_path(self) -> Path | None:
        if self.sandbox.migrations is None:
            return None
        return (self.root / self.sandbox.migrations).resolve()

    def table(self, qualified: str) -> TableSection:
        return self.tables.get(qualified) or TableSection()


# --- validation -------------------------------------------------------------------------------

# Each key: (expected description, checker returning the cleaned value or raising ValueError).


def _int(minimum: int | None = None, maximum: int | None = None):
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError("an integer")
        if minimum is not None and value < minimum:
            raise ValueError(f"an integer ≥ {minimum}")
        if maximum is not None and value > maximum:
            raise ValueError(f"an integer ≤ {maximum}")
        return value

    return check


def _fraction(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ValueError("a number between 0 and 1")
    return float(value)


def _scale(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 1000:
        raise ValueError("a number greater than 0 (sandbox rows per production row, e.g. 0.01)")
    return float(value)


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError("a string")
    return value


def _dsn(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(
            'a string: "embedded", a libpq key=value string or a postgresql:// URL (a list or '
            "a table is not read)"
        )
    if value != "embedded":
        problem = dsn_problem(value)
        if problem is not None:
            raise ValueError(f"a valid connection string ({problem})")
    return value


def _nonempty_str(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("a non-empty string")
    return value


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("true or false")
    return value


def _identifier(value: Any) -> str:
    if not isinstance(value, str) or not _IDENTIFIER.match(value):
        raise ValueError("a database name: letters, digits and _ , starting with a letter or _")
    return value


def _env_name(value: Any) -> str:
    if not isinstance(value, str) or not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", value):
        raise ValueError("the name of an environment variable, such as SANDBOX_DSN")
    return value


def _str_list(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ValueError("a list of non-empty strings")
    return list(value)


def _capabilities(value: Any) -> list[str]:
    items = _str_list(value)
    for item in items:
        if item not in CAPABILITIES:
            hint = _did_you_mean(item, CAPABILITIES)
            raise ValueError(f"a list drawn from {', '.join(CAPABILITIES)} (not {item!r}{hint})")
    return items


def _lifetime(value: Any) -> str:
    if not isinstance(value, str) or not _LIFETIME.match(value):
        raise ValueError('a duration such as "12h", "7d" or "2w"')
    return value


def _bindir(value: Any) -> str:
    words = ("wheel", "system")
    if not isinstance(value, str) or not value.strip():
        raise ValueError('"wheel", "system" or the folder holding initdb, pg_ctl and postgres')
    if "/" not in value and value not in words and (hint := _did_you_mean(value, words)):
        # A bare word one letter off a setting word is a typo, not a folder named so.
        raise ValueError(f'"wheel", "system" or a folder{hint}')
    return value


def _distribution(value: Any) -> str:
    if value not in DISTRIBUTIONS:
        raise ValueError(f"one of {', '.join(DISTRIBUTIONS)}")
    return value


def _skew(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 1:
        raise ValueError("a number greater than 1 (the Zipf exponent)")
    return float(value)


def _values(value: Any) -> dict[str, float] | list[Any]:
    if isinstance(value, list) and value:
        return list(value)
    if isinstance(value, dict) and value:
        for key, weight in value.items():
            number = not isinstance(weight, bool) and isinstance(weight, (int, float))
            if not number or not math.isfinite(weight) or weight < 0:
                raise ValueError(f"weights that are numbers ≥ 0 (not {key} = {weight!r})")
        if not 0 < sum(value.values()) < math.inf:
            raise ValueError("weights whose sum is greater than 0")
        return {str(k): float(w) for k, w in value.items()}
    raise ValueError("a non-empty list of values or a table of weights such as {a = 0.9, b = 0.1}")


def _range(value: Any) -> list[Any]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError("a list of two bounds, [low, high]")
    low, high = value
    numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
    if not numbers and (type(low) is not type(high) or isinstance(low, (dict, list, bool))):
        raise ValueError("two numbers, dates or times of the same type")
    if low > high:
        raise ValueError("[low, high] with low ≤ high")
    return list(value)


_SANDBOX_KEYS = {
    "name": _identifier,
    "dsn": _dsn,
    "dsn_env": _env_name,
    "allowed_hosts": _str_list,
    "schema": _nonempty_str,
    "seed": _int(0),
    "capabilities": _capabilities,
    "migrations": _nonempty_str,
    "lifetime": _lifetime,
    "create_roles": _bool,
    "statistics": _nonempty_str,
}
_GENERATE_KEYS = {
    "rows": _int(0, MAX_ROWS),
    "null_fraction": _fraction,
    "root_share": _fraction,
    "batch_rows": _int(100, 1_000_000),
    "scale": _scale,
}
_SERVER_KEYS = {"port": _int(0, 65535), "run_as": _nonempty_str, "bindir": _bindir}
_TABLE_KEYS = {"rows": _int(0, MAX_ROWS), "children": None, "columns": None}
_CHILDREN_KEYS = {
    "parent": _nonempty_str,
    "distribution": _distribution,
    "count": _int(0, MAX_ROWS),
    "min": _int(0, MAX_ROWS),
    "max": _int(0, MAX_ROWS),
    "skew": _skew,
}
_COLUMN_KEYS = {
    "generator": _nonempty_str,
    "values": _values,
    "range": _range,
    "null_fraction": _fraction,
    "unique": _bool,
    "params": None,  # checked by _params below
    "copy_from": _nonempty_str,
    "after": _nonempty_str,
    "derive": _nonempty_str,
    "sum_of": _nonempty_str,
    "count_of": _nonempty_str,
}
_TOP_KEYS = ("sandbox", "generate", "server", "tables")


def _params(value: Any) -> dict[str, Any]:
    """A generator's parameters: a table of strings, numbers, booleans or lists of them."""
    scalar = (str, int, float, bool)
    if not isinstance(value, dict) or not all(
        isinstance(v, scalar) or (isinstance(v, list) and all(isinstance(x, scalar) for x in v))
        for v in value.values()
    ):
        raise ValueError(
            'a table of generator parameters such as {pattern = "^[A-Z]{3}$"} (strings, '
            "numbers, booleans or lists of them)"
        )
    return dict(value)


def _did_you_mean(word: str, choices: Any) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


# Keys whose value may be a connection string: an error names their type, never their value.
_SECRET_KEYS = frozenset({"sandbox.dsn"})


def _shown(key_path: str, value: Any) -> str:
    """How an error shows a bad value: never a DSN's, and always through the redaction."""
    if key_path in _SECRET_KEYS:
        kinds: dict[type, str] = {str: "a string", list: "a list", dict: "a table"}
        kind = kinds.get(type(value), "a value")
        return f"{kind} (not shown: it may hold a password)"
    return redact(repr(value))


class _Validator:
    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, key_path: str, expected: str) -> ConfigError:
        return ConfigError(redact(f"{self.path}: key {key_path}: expected {expected}."))

    def section(self, data: Any, key_path: str, keys: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise self.fail(key_path, "a table ([section])")
        cleaned: dict[str, Any] = {}
        for key, value in data.items():
            if key not in keys:
                hint = _did_you_mean(key, keys)
                allowed = ", ".join(keys)
                raise ConfigError(
                    f"{self.path}: unknown key {key_path}.{key}{hint} "
                    f"(keys allowed in [{key_path}]: {allowed})."
                )
            check = keys[key]
            if check is None:
                cleaned[key] = value
                continue
            try:
                cleaned[key] = check(value)
            except ValueError as err:
                shown = _shown(f"{key_path}.{key}", value)
                raise self.fail(f"{key_path}.{key}", f"{err}, got {shown}") from None
        return cleaned


def _table_key(name: str) -> str:
    """Table keys are qualified "schema.table"; a bare name means the public schema."""
    return name if "." in name else f"public.{name}"


def parse_config(data: dict[str, Any], path: Path) -> Config:
    # Any value may hold a DSN (a misplaced one included): its password is known to the
    # redaction before any message can quote it.
    remember(data)
    v = _Validator(path)
    for key in data:
        if key not in _TOP_KEYS:
            hint = _did_you_mean(key, _TOP_KEYS)
            raise ConfigError(
                f"{path}: unknown section [{key}]{hint} (sections allowed: {', '.join(_TOP_KEYS)})."
            )
    raw_sandbox = data.get("sandbox", {})
    if isinstance(raw_sandbox, dict) and "dsn" in raw_sandbox and "dsn_env" in raw_sandbox:
        raise ConfigError(
            f"{path}: keys sandbox.dsn and sandbox.dsn_env are both set: expected one of them "
            '(dsn for an inline DSN or "embedded", dsn_env for the name of a variable holding it).'
        )
    sandbox = SandboxSection(**v.section(raw_sandbox, "sandbox", _SANDBOX_KEYS))
    generate = GenerateSection(**v.section(data.get("generate", {}), "generate", _GENERATE_KEYS))
    server = ServerSection(**v.section(data.get("server", {}), "server", _SERVER_KEYS))

    tables: dict[str, TableSection] = {}
    raw_tables = data.get("tables", {})
    if not isinstance(raw_tables, dict):
        raise v.fail("tables", 'a table of tables such as [tables."public.orders"]')
    for name, body in raw_tables.items():
        key_path = f'tables."{name}"'
        cleaned = v.section(body, key_path, _TABLE_KEYS)
        table = TableSection(rows=cleaned.get("rows"))
        if "children" in cleaned:
            child = v.section(cleaned["children"], f"{key_path}.children", _CHILDREN_KEYS)
            if "parent" not in child:
                raise v.fail(f"{key_path}.children.parent", "the parent table's name")
            spec = ChildrenSpec(**child)
            spec.parent = _table_key(spec.parent)
            if spec.distribution == "fixed" and spec.count is None:
                raise v.fail(f"{key_path}.children.count", "children per parent for 'fixed'")
            if spec.min > spec.max:
                raise v.fail(f"{key_path}.children", f"min ≤ max, got {spec.min} > {spec.max}")
            if table.rows is not None:
                raise v.fail(key_path, "either rows or children, not both")
            table.children = spec
        columns = cleaned.get("columns", {})
        if not isinstance(columns, dict):
            raise v.fail(f"{key_path}.columns", "a table of columns")
        for col_name, col_body in columns.items():
            col_path = f"{key_path}.columns.{col_name}"
            col = v.section(col_body, col_path, _COLUMN_KEYS)
            if "params" in col:
                try:
                    col["params"] = _params(col["params"])
                except ValueError as err:
                    shown = _shown(f"{col_path}.params", col["params"])
                    raise v.fail(f"{col_path}.params", f"{err}, got {shown}") from None
            table.columns[col_name] = ColumnOverride(**col)
        tables[_table_key(name)] = table
    return Config(
        path=path, sandbox=sandbox, generate=generate, server=server, tables=tables, raw=data
    )


def config_hash(config: Config) -> str:
    """A stable hash of what the file says (its parsed content, not its formatting), and of
    the optimizer statistics that shape the plan with it: a changed statistics file makes a
    new generation (no resume across it, no fast reset to a snapshot made before it)."""
    canonical = json.dumps(config.raw, sort_keys=True, default=str)
    digest = hashlib.sha256(canonical.encode())
    named = config.statistics_path
    for path in (named, config.schema_path):
        if path is None:
            continue
        try:
            data = path.read_bytes()
        except OSError:
            data = b"missing"
        if path == named or b"pg_restore_" in data:
            digest.update(hashlib.sha256(data).digest())
    return digest.hexdigest()[:16]


def load_config(path: str | Path | None = None) -> Config:
    """Load and validate sandbox.toml; every problem is a ConfigError naming file and key."""
    config_path = Path(path or DEFAULT_CONFIG_NAME).expanduser()
    config_path = config_path.absolute()
    if config_path.is_dir():
        config_path = config_path / DEFAULT_CONFIG_NAME
    if not config_path.exists():
        raise ConfigError(
            f"{config_path}: no such file. Run the workbench in a folder holding sandbox.toml, "
            "or pass --config PATH (see docs/config.md)."
        )
    try:
        data = tomllib.loads(config_path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f"{config_path}: not valid TOML: {err}.") from None
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(f"{config_path}: cannot be read: {err}.") from None
    return parse_config(data, config_path)
