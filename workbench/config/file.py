"""sandbox.toml: load with tomllib, validate with clear errors (edits: edit/toml.py).

Validation is table-driven: `_SECTIONS` declares every key the file may hold with its expected
type, so unknown keys (with a "did you mean"), wrong types and bad values are all reported the
same way, naming the file and the key path.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from workbench.config import values as accepts
from workbench.errors import ConfigError
from workbench.programs import distrust, logical_cwd
from workbench.redact import redact, remember

DEFAULT_CONFIG_NAME = "sandbox.toml"
LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "::1"]
# "personal" lets the MCP tools show personal columns as stored (workbench/reads/withhold.py);
# "runs" lets them start and end runs of their own (workbench/fleet/runs.py). Neither is granted
# by default.
CAPABILITIES = ("read", "write", "reset", "migrate", "personal", "runs")
DEFAULT_CAPABILITIES = ("read", "write", "reset", "migrate")
# What a seed import does with a column's values (workbench/seed/policy.py), and with a table.
SEED_ACTIONS = ("keep", "mask", "fake", "null")
SEED_TABLE_ACTIONS = ("import", "drop")
DISTRIBUTIONS = ("fixed", "uniform", "zipf")
# sandbox.toml's deepest key is a few levels down (tables."S.T".columns.C.params.x = [..]).
MAX_NESTING = 16
# The most rows one table may be given (sandbox.toml, --rows, a statistics scale, children,
# the edit dialog): far beyond what a sandbox loads, and still arrays the generator allocates.
MAX_ROWS = 1_000_000_000
MAX_SEED = 2**63 - 1  # a seed is a bigint wherever it is stored or passed to PostgreSQL


@dataclass
class SandboxSection:
    name: str = "agent_sandbox"
    dsn: str = "embedded"
    dsn_env: str | None = None
    allowed_hosts: list[str] = field(default_factory=lambda: list(LOOPBACK_HOSTS))
    schema: str = "schema.sql"
    seed: int = 42
    capabilities: list[str] = field(default_factory=lambda: list(DEFAULT_CAPABILITIES))
    migrations: str | None = None
    lifetime: str = "7d"
    create_roles: bool = True
    statistics: str | None = None  # pg_dump --statistics output shaping the plan (workbench.stats)

    @property
    def embedded(self) -> bool:
        return self.dsn_env is None and self.dsn == "embedded"

    @property
    def lifetime_seconds(self) -> int:
        return accepts.duration_seconds(self.lifetime)


@dataclass
class GenerateSection:
    rows: int = 1000
    null_fraction: float = 0.1  # share of NULLs on nullable columns without an override
    root_share: float = 0.1  # share of roots in self-referencing hierarchies
    batch_rows: int = 20000
    # The most rows, all tables together, an agent's `generate` (MCP) may ask for.
    agent_max_rows: int = 5_000_000
    # rows per production row where statistics give a table's size; None: the biggest table
    # gets `rows`
    scale: float | None = None
    # the run's clock: histories end at it, open statuses lie around it (None: the minute the
    # run starts, UTC); pinned, the same seed gives the same rows on any day
    now: str | None = None


@dataclass
class RunsSection:
    """[runs]: the sandbox's runs (`workbench run start`), each a clone of its snapshot."""

    ttl: str = "2h"  # a run's lifetime unless --ttl says otherwise
    max_ttl: str = "7d"  # the longest --ttl may ask
    max: int = 32  # live runs at once (each a database and two roles on the server)

    @property
    def ttl_seconds(self) -> int:
        return accepts.duration_seconds(self.ttl)

    @property
    def max_ttl_seconds(self) -> int:
        return accepts.duration_seconds(self.max_ttl)


@dataclass
class ServerSection:
    port: int = 0  # 0: pick a free port on first start and keep it
    run_as: str | None = None  # unprivileged user for the server binaries when invoked as root
    bindir: str | None = None  # "wheel", "system" or a folder of server binaries (pg_binaries)
    # "libc": on a server without ICU, ICU collations become the nearest libc or builtin ones
    # (schema/icu_map.py); unset, schema.sql's ICU collations need a server with ICU
    icu: str | None = None


# What schema.sql may ask that the sandbox's owner role (never a superuser) cannot do, by
# `[schema] skip` name: such a statement is refused before anything is written, naming it and
# this key, unless its name is listed, and then it is left out (workbench/schema/privilege.py).
# And what it may ask that the server lacks: an extension no source of binaries has, refused
# in one paragraph unless MISSING_EXTENSIONS is listed (workbench/schema/left_out.py).
MISSING_EXTENSIONS = "missing-extensions"
# An extension that opens connections to other machines (dblink, postgres_fdw…): refused
# unless `[schema] network_extensions` allows it once trusted (workbench/schema/network.py).
NETWORK_EXTENSION = "network-extension"
SKIP_CATEGORIES = {
    "untrusted-language": "a function or language the server runs outside SQL's sandbox (C, "
    "internal, plpython3u, plperlu…)",
    "event-trigger": "an event trigger (it runs on every DDL statement of the database)",
    "server-settings": "ALTER SYSTEM, LOAD or ALTER EXTENSION (the server's settings or code)",
    "server-access": "COPY to or from a program or a server file, or a call of a function "
    "that reads or writes server files, signals sessions or manages replication",
    "privileged-role": "a role with SUPERUSER, CREATEDB, CREATEROLE, REPLICATION or "
    "BYPASSRLS, or a membership in a predefined role",
    "system-catalog": "a write into PostgreSQL's own catalogs (UPDATE pg_index …) or DISABLE/"
    "ENABLE TRIGGER ALL on a table with foreign keys (it switches their system triggers)",
    MISSING_EXTENSIONS: "an extension the server cannot create, with every statement that "
    "uses what it provides and what depends on those (their tables are not generated)",
    NETWORK_EXTENSION: "an extension that opens connections to other machines (dblink, "
    "postgres_fdw…) that [schema] network_extensions does not allow",
}


@dataclass
class SchemaSection:
    skip: list[str] = field(default_factory=list)  # names of SKIP_CATEGORIES
    statement_timeout: str = "10m"  # the longest one statement of schema.sql or a migration runs
    # network-capable extensions schema.sql may create (needs `workbench trust`)
    network_extensions: list[str] = field(default_factory=list)

    @property
    def statement_timeout_seconds(self) -> int:
        return accepts.duration_seconds(self.statement_timeout)


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
    # declared rules (generate/rules/lineage.py): "<table>.<column>" reached by foreign keys, a
    # column of the row or a parent that this time follows, an SQL expression of the row
    copy_from: str | None = None
    after: str | None = None
    derive: str | None = None
    # a parent's total or counter from its children (generate/kinds/totals.py): "<child>.<expr>",
    # "<child table>"
    sum_of: str | None = None
    count_of: str | None = None
    # a seed import's decision for the column's values (SEED_ACTIONS); unset: the
    # classification's (workbench/seed/policy.py)
    seed: str | None = None

    @property
    def declares_rule(self) -> bool:
        """A declared row rule or a parent's total: what a plan checks before any load
        (generate/rows/declared_check.py)."""
        return any((self.copy_from, self.after, self.derive, self.sum_of, self.count_of))


@dataclass
class TableSection:
    rows: int | None = None
    children: ChildrenSpec | None = None
    columns: dict[str, ColumnOverride] = field(default_factory=dict)
    seed: str | None = None  # "drop": a seed import leaves the table's rows out


@dataclass
class Config:
    path: Path
    sandbox: SandboxSection = field(default_factory=SandboxSection)
    generate: GenerateSection = field(default_factory=GenerateSection)
    server: ServerSection = field(default_factory=ServerSection)
    tables: dict[str, TableSection] = field(default_factory=dict)
    raw: dict[str, Any] = field(default_factory=dict)
    schema: SchemaSection = field(default_factory=SchemaSection)
    runs: RunsSection = field(default_factory=RunsSection)

    @property
    def root(self) -> Path:
        """The folder holding sandbox.toml; relative paths and .workbench/ live here."""
        return self.path.parent

    @property
    def state_dir(self) -> Path:
        return self.root / ".workbench"

    @property
    def schema_path(self) -> Path:
        try:
            return (self.root / self.sandbox.schema).resolve()
        except RuntimeError as err:  # a symlink loop: Path.resolve raises no OSError for it
            raise ConfigError(
                f"{self.path}: [sandbox] schema = {self.sandbox.schema!r} is a symlink loop "
                "(the link points back at itself); expected a schema.sql file."
            ) from err

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

    def declares_rules(self) -> bool:
        """Whether a column of any table declares a row rule or a parent's total."""
        return any(o.declares_rule for t in self.tables.values() for o in t.columns.values())


# --- validation -------------------------------------------------------------------------------

# Each key's checker returns the cleaned value or raises ValueError saying what was expected:
# the kinds of value any key may take are values.py's (`accepts`), these few are
# sandbox.toml's own lists.


def _capabilities(value: Any) -> list[str]:
    items = accepts.string_list(value)
    for item in items:
        if item not in CAPABILITIES:
            hint = accepts.did_you_mean(item, CAPABILITIES)
            raise ValueError(f"a list drawn from {', '.join(CAPABILITIES)} (not {item!r}{hint})")
    return items


def _skip_categories(value: Any) -> list[str]:
    names = ", ".join(f'"{n}"' for n in SKIP_CATEGORIES)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"a list drawn from {names}")
    for item in value:
        if item not in SKIP_CATEGORIES:
            hint = accepts.did_you_mean(item, SKIP_CATEGORIES)
            raise ValueError(f"a list drawn from {names} (not {item!r}{hint})")
    return list(dict.fromkeys(value))


def _distribution(value: Any) -> str:
    if value not in DISTRIBUTIONS:
        raise ValueError(f"one of {', '.join(DISTRIBUTIONS)}")
    return value


_SANDBOX_KEYS = {
    "name": accepts.identifier,
    "dsn": accepts.dsn,
    "dsn_env": accepts.env_name,
    "allowed_hosts": accepts.string_list,
    "schema": accepts.nonempty_string,
    "seed": accepts.integer(0, MAX_SEED),
    "capabilities": _capabilities,
    "migrations": accepts.nonempty_string,
    "lifetime": accepts.lifetime,
    "create_roles": accepts.boolean,
    "statistics": accepts.nonempty_string,
}
_GENERATE_KEYS = {
    "rows": accepts.integer(0, MAX_ROWS),
    "null_fraction": accepts.fraction,
    "root_share": accepts.fraction,
    "batch_rows": accepts.integer(100, 1_000_000),
    "agent_max_rows": accepts.integer(0, MAX_ROWS),
    "scale": accepts.scale,
    "now": accepts.instant,
}


_SERVER_KEYS = {
    "port": accepts.integer(0, 65535),
    "run_as": accepts.unprivileged_user,
    "bindir": accepts.bindir,
    "icu": accepts.icu,
}
_SCHEMA_KEYS = {
    "skip": _skip_categories,
    "statement_timeout": accepts.lifetime,
    "network_extensions": accepts.string_list,
}
_RUNS_KEYS = {
    "ttl": accepts.lifetime,
    "max_ttl": accepts.lifetime,
    "max": accepts.integer(1, 10_000),
}
_TABLE_KEYS = {
    "rows": accepts.integer(0, MAX_ROWS),
    "children": None,
    "columns": None,
    "seed": accepts.one_of(SEED_TABLE_ACTIONS),
}
_CHILDREN_KEYS = {
    "parent": accepts.nonempty_string,
    "distribution": _distribution,
    "count": accepts.integer(0, MAX_ROWS),
    "min": accepts.integer(0, MAX_ROWS),
    "max": accepts.integer(0, MAX_ROWS),
    "skew": accepts.skew,
}
_COLUMN_KEYS = {
    "generator": accepts.nonempty_string,
    "values": accepts.weighted_values,
    "range": accepts.value_range,
    "null_fraction": accepts.fraction,
    "unique": accepts.boolean,
    "params": None,  # checked by accepts.params below
    "copy_from": accepts.nonempty_string,
    "after": accepts.nonempty_string,
    "derive": accepts.nonempty_string,
    "sum_of": accepts.nonempty_string,
    "count_of": accepts.nonempty_string,
    "seed": accepts.one_of(SEED_ACTIONS),
}
_TOP_KEYS = ("sandbox", "generate", "server", "schema", "runs", "tables")
# Sections that shape no row: left out of config_hash (a changed run lifetime keeps the snapshot).
_UNHASHED = ("runs",)


# Keys whose value may be a connection string: an error names their type, never their value.
_SECRET_KEYS = frozenset({"sandbox.dsn"})


def _shown(key_path: str, value: Any) -> str:
    """How an error shows a bad value: never a DSN's, and always through the redaction."""
    if key_path in _SECRET_KEYS:
        kinds: dict[type, str] = {str: "a string", list: "a list", dict: "a table"}
        kind = kinds.get(type(value), "a value")
        return f"{kind} (not shown: it may hold a password)"
    shown = redact(accepts.spelled(value))
    return shown if len(shown) <= 120 else f"{shown[:120]}… ({len(shown):,} characters)"


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
                hint = accepts.did_you_mean(key, keys)
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
            hint = accepts.did_you_mean(key, _TOP_KEYS)
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
    schema = SchemaSection(**v.section(data.get("schema", {}), "schema", _SCHEMA_KEYS))
    runs = RunsSection(**v.section(data.get("runs", {}), "runs", _RUNS_KEYS))

    tables: dict[str, TableSection] = {}
    raw_tables = data.get("tables", {})
    if not isinstance(raw_tables, dict):
        raise v.fail("tables", 'a table of tables such as [tables."public.orders"]')
    for name, body in raw_tables.items():
        key_path = f'tables."{name}"'
        cleaned = v.section(body, key_path, _TABLE_KEYS)
        table = TableSection(rows=cleaned.get("rows"), seed=cleaned.get("seed"))
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
                    col["params"] = accepts.params(col["params"])
                except ValueError as err:
                    shown = _shown(f"{col_path}.params", col["params"])
                    raise v.fail(f"{col_path}.params", f"{err}, got {shown}") from None
            table.columns[col_name] = ColumnOverride(**col)
        tables[_table_key(name)] = table
    return Config(
        path=path,
        sandbox=sandbox,
        generate=generate,
        server=server,
        tables=tables,
        raw=data,
        schema=schema,
        runs=runs,
    )


def config_hash(config: Config) -> str:
    """A stable hash of what the file says (its parsed content, not its formatting), and of
    the optimizer statistics that shape the plan with it: a changed statistics file makes a
    new generation (no resume across it, no fast reset to a snapshot made before it)."""
    shaping = {k: v for k, v in config.raw.items() if k not in _UNHASHED}
    canonical = json.dumps(shaping, sort_keys=True, default=str)
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


def config_file(path: str | Path | None = None) -> Path:
    """The sandbox.toml `--config PATH` (or the current folder) names."""
    config_path = Path(path or DEFAULT_CONFIG_NAME).expanduser()
    if not config_path.is_absolute():
        config_path = logical_cwd() / config_path  # a link cd'd through stays in sight
    if config_path.is_dir():
        config_path = config_path / DEFAULT_CONFIG_NAME
    return config_path


def fallback_config(path: str | Path | None = None) -> Config:
    """Every default, at the place of a sandbox.toml that cannot be read: for what needs no
    more than its folder (`server stop` and `server status` read .workbench/server.json)."""
    return parse_config({}, config_file(path))


def load_config(path: str | Path | None = None) -> Config:
    """Load and validate sandbox.toml; every problem is a ConfigError naming file and key."""
    config_path = config_file(path)
    if not config_path.exists():
        raise ConfigError(
            f"{config_path}: no such file. Run the workbench in a folder holding sandbox.toml, "
            "or pass --config PATH (see docs/config.md)."
        )
    too_deep = ConfigError(
        f"{config_path}: nests arrays or tables more than {MAX_NESTING} levels deep; "
        "sandbox.toml needs a few (see docs/config.md)."
    )
    try:
        data = tomllib.loads(config_path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f"{config_path}: not valid TOML: {err}.") from None
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(f"{config_path}: cannot be read: {err}.") from None
    except RecursionError:  # tomllib reads nested arrays recursively
        raise too_deep from None
    if nesting_depth(data) > MAX_NESTING:
        raise too_deep
    # The checkout is the repository's: no program is run from a folder inside it (D17).
    distrust(config_path.parent)
    return parse_config(data, config_path)


def nesting_depth(data: Any) -> int:
    """How deeply lists and tables nest in `data` (walked without recursion, so a hostile
    file cannot exhaust the stack of whatever reads it next)."""
    deepest = 0
    todo: list[tuple[Any, int]] = [(data, 0)]
    while todo:
        item, depth = todo.pop()
        deepest = max(deepest, depth)
        if depth > MAX_NESTING:
            break
        if isinstance(item, dict):
            todo.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            todo.extend((v, depth + 1) for v in item)
    return deepest
