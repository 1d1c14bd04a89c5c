"""What an operation needs, passed explicitly: the context every operation module takes.

`Engine` (the facade) builds one `Context` per sandbox.toml; an operation (build, reset,
doctor, explore, distribution…) receives it and never the engine. It holds:

- `config` and `guard` (the sandbox-only rule every connection goes through);
- `source`: schema.sql parsed into the model and the plan built from it (cached by the file's
  size and time, so a change of config keeps the parse);
- `db`: the embedded server and the connection factory (the administrator's own sessions,
  the application and read-only roles);
- per call: the event sink and the cancel token; per run: the sandbox's lock and the evidence
  run (`runs.operation()` returns a context bound to them, which nested steps receive).

A context is never changed in place: `for_call()` and `in_run()` return new ones.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from workbench.access.guard import Guard
from workbench.access.sessions import Connections
from workbench.config.file import MAX_ROWS, MAX_SEED, MISSING_EXTENSIONS, Config
from workbench.errors import (
    CapabilityRefusal,
    ConfigError,
    SchemaParseError,
    UsageError,
    WorkbenchError,
)
from workbench.events import CancelToken, EventSink, ignore
from workbench.files.held_passwords import remember_passfiles
from workbench.files.kinds import not_a_file
from workbench.files.state import SNAPSHOT_FILE, atomic_write_json, read_json
from workbench.postgres.sources import need_places
from workbench.records.lease import LEASE_FILE
from workbench.schema import left_out
from workbench.schema.parse.statements import NOT_SQL
from workbench.trust import checkout as trust
from workbench.trust.target import Target

if TYPE_CHECKING:
    from workbench.access.lock import SandboxLock
    from workbench.access.run_lease import RunLease
    from workbench.generate.plan.estimate import Estimate, Throughput
    from workbench.generate.plan.estimate_phases import RunShape
    from workbench.generate.plan.tables import Plan
    from workbench.records.evidence import EvidenceRun
    from workbench.schema.model import Schema
    from workbench.schema.parse import ParsedFile

GAPS_FILE = "server-gaps.json"  # what the server lacks of schema.sql (schema/left_out.py)


def check_rows(rows: Any, what: str = "rows") -> int | None:
    """Rows per table asked for by a front end (CLI, MCP, API): a whole number from 0 to
    MAX_ROWS, checked before anything is touched."""
    if rows is None:
        return None
    if isinstance(rows, bool) or not isinstance(rows, int):
        raise UsageError(f"{what} must be a whole number of rows per table, got {rows!r}.")
    if not 0 <= rows <= MAX_ROWS:
        raise UsageError(f"{what} must be between 0 and {MAX_ROWS:,} rows per table, got {rows:,}.")
    return rows


def check_seed(seed: Any) -> int | None:
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise UsageError(f"seed must be a whole number from 0 to 2**63 - 1, got {seed!r}.")
    return seed


def _refuse_unreadable(parsed: ParsedFile, path: Path) -> None:
    """A schema file that cannot mean what it says is bad input (exit 2), never "0 rows":
    one with no statement at all, or a quote, dollar quote or comment left open (the rest of
    the file would silently vanish into it)."""
    if not parsed.statements:
        raise SchemaParseError(
            f"{path}:1: holds no SQL statement (it is empty, or only comments or psql "
            "meta-commands): expected the schema's DDL, such as `pg_dump --schema-only` "
            "output or CREATE TABLE statements."
        )
    stray = [e for e in parsed.schema.errors if NOT_SQL in e.reason]
    if stray:
        more = f" ({len(stray) - 1} more statement(s) like it)" if len(stray) > 1 else ""
        raise SchemaParseError(
            f"{stray[0].reason}{more}. {path.name} is not SQL there: expected the schema's "
            "DDL, such as `pg_dump --schema-only` output or CREATE TABLE statements. Fix "
            "that line (or point [sandbox] schema at the right file), then run again."
        )
    for error in parsed.schema.errors:
        if "unterminated" in error.reason:
            raise SchemaParseError(
                f"{error.reason}: it is never closed, so the rest of the file would be "
                "read as part of it. Close it (a ' or \" quote, a $tag$ … $tag$ body, or a "
                "/* comment), then run again."
            )
    for key, table in parsed.schema.tables.items():
        # `"."`, `".."`, `"a.b"` as a schema: schema.table cannot be split back (a KeyError)
        if "." in table.schema or not table.schema or key != table.qualified:
            raise SchemaParseError(
                f"{path}: table {table.name!r} is in a schema whose name holds a dot (it "
                f"reads as {key!r}): the workbench names tables schema.table and cannot tell "
                "where such a schema's name ends. Rename the schema (no '.' in its name), "
                "then run again."
            )


class _ParseCache:
    """schema.sql parsed once per (path, size, time): shared by the sources of one engine
    across config changes; and read again without what needs a missing extension, once per
    server answer (schema/left_out.py)."""

    def __init__(self) -> None:
        self.stamp: tuple[str, int, int] | None = None
        self.parsed: ParsedFile | None = None
        self.reduced_key: Any = None
        self.reduced: ParsedFile | None = None


class SchemaSource:
    """schema.sql → model → plan → estimate, for one config (no database needed)."""

    def __init__(self, config: Config, cache: _ParseCache | None = None) -> None:
        self.config = config
        self._cache = cache or _ParseCache()

    def with_config(self, config: Config) -> SchemaSource:
        return SchemaSource(config, self._cache)

    @property
    def cache_dir(self) -> Path:
        """Where value pools are kept between processes (.workbench/cache)."""
        return self.config.state_dir / "cache"

    def parsed(self) -> ParsedFile:
        """schema.sql as this sandbox applies it: the file, less what needs an extension the
        server lacks when `[schema] skip` says to leave that out (the server's answer
        recorded by the last generate, `record_gaps`)."""
        raw = self.file()
        gaps = self.gaps()
        if gaps is None or not gaps.extensions:
            return raw
        key = (self._cache.stamp, gaps)
        if self._cache.reduced is None or self._cache.reduced_key != key:
            from workbench.schema.parse.entry import parse_schema_file

            keys = left_out.left_out_keys(raw, gaps)
            self._cache.reduced = parse_schema_file(self.config.schema_path, keys)
            self._cache.reduced_key = key
        return self._cache.reduced

    def gaps(self) -> left_out.Gaps | None:
        """What the server lacks of schema.sql, as recorded by the last generate for this
        file; None unless `[schema] skip` lists "missing-extensions"."""
        if MISSING_EXTENSIONS not in self.config.schema.skip:
            return None
        record = read_json(self.config.state_dir / GAPS_FILE)
        if not isinstance(record, dict) or record.get("stamp") != self._file_stamp():
            return None
        return left_out.Gaps.from_dict(record.get("gaps"))

    def record_gaps(self, gaps: left_out.Gaps) -> None:
        atomic_write_json(
            self.config.state_dir / GAPS_FILE, {"stamp": self._file_stamp(), "gaps": gaps.to_dict()}
        )

    def left_out_tables(self) -> list[str]:
        """The tables of schema.sql this sandbox leaves out (see `parsed`)."""
        return sorted(set(self.file().schema.tables) - set(self.parsed().schema.tables))

    def _file_stamp(self) -> list[Any]:
        path = self.config.schema_path
        try:
            st = path.stat()
        except OSError:
            return []
        return [str(path), st.st_size, st.st_mtime_ns]

    def file(self) -> ParsedFile:
        """schema.sql parsed into the model, as written (cached while the file is unchanged)."""
        path = self.config.schema_path
        what = not_a_file(path)
        if what is not None:
            raise ConfigError(
                f"{self.config.path}: key sandbox.schema: expected a schema file, and "
                f"{path} {what}."
            )
        st = path.stat()
        stamp = (str(path), st.st_mtime_ns, st.st_size)
        if self._cache.parsed is None or self._cache.stamp != stamp:
            # The parser (sqlglot, pglast) is imported by the first command that reads the
            # file: status, reset and the refusals of a bad sandbox.toml never do.
            from workbench.schema.parse.entry import parse_schema_file

            parsed = parse_schema_file(path)
            _refuse_unreadable(parsed, path)
            self._cache.stamp, self._cache.parsed = stamp, parsed
        assert self._cache.parsed is not None
        return self._cache.parsed

    def schema(self) -> Schema:
        return self.parsed().schema

    def needed_extensions(self) -> list[str]:
        """The extensions schema.sql creates (and ICU when it uses ICU collations), which
        choose the embedded server's binaries."""
        return list(self.need_places())

    def need_places(self) -> dict[str, list[str]]:
        """What schema.sql needs from the server (as `needed_extensions`), each with the
        file:line of the statements asking for it; remembered in .workbench by the file's size
        and time, so starting the server does not parse the file again. A file that cannot be
        read needs nothing (applying it will report the problem)."""
        path = self.config.schema_path
        try:
            st = path.stat()
        except OSError:
            return {}
        stamp = [str(path), st.st_size, st.st_mtime_ns, 3]
        cache_path = self.config.state_dir / "extensions.json"
        cached = read_json(cache_path)
        if isinstance(cached, dict) and cached.get("stamp") == stamp:
            places = cached.get("places")
            if isinstance(places, dict):
                return {str(k): [str(p) for p in v] for k, v in places.items()}
        try:
            places = need_places(self.file())
        except WorkbenchError:
            return {}
        atomic_write_json(cache_path, {"stamp": stamp, "places": places})
        return places

    def plan(
        self,
        *,
        rows: int | None = None,
        seed: int | None = None,
        preloaded: Mapping[str, int] | None = None,
        emptied: Collection[str] = (),
    ) -> Plan:
        """The generation plan. `emptied`: tables whose rows from schema.sql the file itself
        deleted by its end (lifecycle/emptied.py): generated as if the file carried none."""
        check_rows(rows)
        check_seed(seed)
        schema = self.schema()  # a bad schema.sql is refused before the generator is imported
        from workbench.generate.generators import pools
        from workbench.generate.plan.config_check import check_config_against_schema
        from workbench.generate.plan.pattern_sizes import check_pattern_sizes
        from workbench.generate.plan.tables import build_plan

        # The pools a plan's values come from are kept on disk beside this sandbox.
        pools.use_cache_dir(self.cache_dir)
        if emptied:
            tables = {
                k: replace(t, file_rows=0) if k in emptied else t for k, t in schema.tables.items()
            }
            schema = replace(schema, tables=tables)
        config = self.config
        left = set(self.left_out_tables()) if self.gaps() is not None else set()
        if left:  # sandbox.toml's sections for tables left out have nothing to apply to
            config = replace(
                config, tables={k: v for k, v in config.tables.items() if k not in left}
            )
        check_config_against_schema(config, schema)
        check_pattern_sizes(schema, config)  # before anything is dropped
        plan = build_plan(schema, config, rows=rows, seed=seed, preloaded=preloaded)
        if config.declares_rules():
            # Declared row rules refused here, before a generate drops anything. The check
            # builds each such table's row assembler (rules/, judge/…): the plan or estimate
            # of a config declaring none never imports it.
            from workbench.generate.rows.declared_check import check_declared_rules

            check_declared_rules(schema, plan, config)
        return plan

    def check_config(self) -> None:
        """sandbox.toml's tables and columns against schema.sql's (ConfigError naming the key);
        a bad schema.sql is refused first, before the generator is imported."""
        schema = self.schema()
        from workbench.generate.plan.config_check import check_config_against_schema

        check_config_against_schema(self.config, schema)

    def throughput(self) -> Throughput:
        from workbench.generate.plan.estimate import Throughput

        return Throughput.load(self.config.state_dir)

    def run_shape(self, *, keep_snapshot: bool = True) -> RunShape:
        """What a generate does besides writing rows (the estimate's other phases): the
        statements of schema.sql, and the snapshot it takes or replaces."""
        from workbench.generate.plan.estimate_phases import RunShape

        parsed = self.parsed()
        snapshot = None
        if keep_snapshot and self.config.migrations_path is None:
            replaces = (self.config.state_dir / SNAPSHOT_FILE).is_file()
            snapshot = "replace" if replaces else "new"
        built = (self.config.state_dir / LEASE_FILE).is_file()  # a run left its database
        return RunShape(
            pre_statements=len(parsed.in_phase("pre")),
            post_statements=len(parsed.in_phase("post")),
            sequences=len(parsed.schema.sequences),
            tables=len(parsed.schema.tables),
            snapshot=snapshot,
            database="replace" if built else "new",
        )

    def estimate(self, *, rows: int | None = None) -> Estimate:
        """Rows, bytes and seconds per table and per phase of the whole run, from schema,
        config, the machine's calibration and how busy it is now (machine.py; no database)."""
        schema = self.schema()  # a bad schema.sql is refused before the generator is imported
        from workbench.generate.plan import machine
        from workbench.generate.plan.estimate import estimate

        return estimate(
            schema,
            self.plan(rows=rows),
            self.throughput(),
            cache_dir=self.cache_dir,
            shape=self.run_shape(),
            machine=machine.factor(self.config.state_dir),
        )


@dataclass(frozen=True)
class Context:
    """What an operation needs (see the module docstring)."""

    config: Config
    guard: Guard
    source: SchemaSource
    db: Connections
    events: EventSink = ignore
    cancel: CancelToken | None = None
    lock: SandboxLock | None = None
    evidence: EvidenceRun | None = None
    lock_wait: float | None = None  # seconds to wait for another process's lock

    @classmethod
    def build(cls, config: Config, *, cli_dsn: str | None = None) -> Context:
        # Choices of a checkout that run or read outside it, only once trusted (trust/checkout.py).
        trust.check(config)
        remember_passfiles(config.state_dir)  # every password it holds, known to redact()
        guard = Guard(config, cli_dsn=cli_dsn)
        source = SchemaSource(config)
        return cls(config, guard, source, Connections(config, guard, source))

    def with_config(self, config: Config, *, cli_dsn: str | None = None) -> Context:
        """The same sandbox under a changed config: guard, connections and plan all follow
        it (the parse of schema.sql is kept while the file is unchanged)."""
        trust.check(config)
        guard = Guard(config, cli_dsn=cli_dsn)
        source = self.source.with_config(config)
        return replace(
            self, config=config, guard=guard, source=source, db=Connections(config, guard, source)
        )

    def for_call(self, events: EventSink = ignore, cancel: CancelToken | None = None) -> Context:
        return replace(self, events=events, cancel=cancel)

    def in_run(self, lock: SandboxLock, evidence: EvidenceRun) -> Context:
        return replace(self, lock=lock, evidence=evidence, db=self.db.under(lock))

    def for_run(self, lease: RunLease) -> Context:
        """The same sandbox seen from one of its runs (`workbench mcp --run ID`): what the run
        may do is its lease's capabilities, and agents' connections reach its database as its
        roles."""
        sandbox = replace(self.config.sandbox, capabilities=list(lease.capabilities))
        config = replace(self.config, sandbox=sandbox)
        return replace(
            self, config=config, db=Connections(config, self.guard, self.source, run=lease)
        )

    # --- shorthands for what every operation asks --------------------------------------------

    @property
    def embedded(self) -> bool:
        return self.config.sandbox.embedded

    @property
    def state_dir(self) -> Path:
        return self.config.state_dir

    def target(self) -> Target:
        return self.guard.target()

    def require(self, capability: str, action: str) -> None:
        if capability not in self.config.sandbox.capabilities:
            raise CapabilityRefusal(
                f"{action} needs the {capability!r} capability, and sandbox.toml grants only "
                f"{', '.join(self.config.sandbox.capabilities) or 'none'} "
                "(key sandbox.capabilities)."
            )

    def schema(self) -> Schema:
        return self.source.schema()

    def plan(
        self,
        *,
        rows: int | None = None,
        seed: int | None = None,
        preloaded: Mapping[str, int] | None = None,
        emptied: Collection[str] = (),
    ) -> Plan:
        return self.source.plan(rows=rows, seed=seed, preloaded=preloaded, emptied=emptied)
