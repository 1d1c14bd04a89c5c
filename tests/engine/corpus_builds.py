"""The shared-schema corpus generated once per file and row count, for the tests that read it
(tests/engine/test_corpus.py, test_corpus_large.py): a build is `Engine.generate` of a ../shared
schema into a new database of a server that has the file's extensions, seed 3, no snapshot
kept, with the warnings it gave (or the error it raised) kept for every reader. The database
is dropped once its last reader has had it (or when the module ends)."""

from __future__ import annotations

import re
import shutil
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
import pytest
from psycopg import sql

from bench.corpus import corpus_files, readme_verdicts
from tests.conftest import SHARED_SCHEMAS, Cluster, ClusterFor
from workbench.engine import Engine
from workbench.events import Event
from workbench.events import Warning as WarningEvent
from workbench.postgres.sources import schema_needs
from workbench.schema import icu_map
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_file

SEED = 3
# Warnings the issue allows: a table capped at the distinct keys possible, naming the key; on
# a server without ICU or libxml (the wheel's), an ICU collation mapped to libc (the projects
# say `icu = "libc"`) and xml columns left NULL.
ALLOWED = re.compile(
    r": capped at \d+ rows? \(\d+ requested\): |^ICU collation |^xml columns left NULL: "
)
# (file, rows or None for both) → reason, for failures owned by other branches; see
# ../corpus-status.md beside the worktrees. The owners remove a mark when their fix lands.
XFAIL: dict[tuple[str, int | None], str] = {}


def corpus_params(rows: int, marks: tuple[Any, ...] = (), *, with_rows: bool = True) -> list:
    """One pytest.param per ../shared schema (path, and rows when `with_rows`), id
    "<stem>-<rows>" (or "<stem>"); those the folder's README says do not load are skipped,
    those XFAIL names are marked xfail(strict=True)."""
    if not SHARED_SCHEMAS.exists():
        skip = pytest.mark.skip(reason=f"{SHARED_SCHEMAS} absent")
        return [pytest.param(None, *([0] if with_rows else []), marks=skip)]
    out = []
    for path, verdict in corpus_files(SHARED_SCHEMAS):
        own = [*marks]
        if not verdict.loads:
            own.append(pytest.mark.skip(reason=f"README: {verdict.reason}"))
        reason = XFAIL.get((path.name, rows)) or XFAIL.get((path.name, None))
        if reason and verdict.loads:
            own.append(pytest.mark.xfail(strict=True, reason=reason))
        values = (path, rows) if with_rows else (path,)
        ident = f"{path.stem}-{rows}" if with_rows else path.stem
        out.append(pytest.param(*values, marks=own, id=ident))
    return out


@dataclass
class Build:
    """One generate of a shared schema: where it went, what it said, or what it raised."""

    path: Path
    rows: int
    cluster: Cluster
    name: str
    config: Path
    parsed: Any
    warnings: list[str] = field(default_factory=list)
    error: BaseException | None = None

    def conninfo(self) -> str:
        return self.cluster.conninfo(self.name)

    def engine(self) -> Engine:
        return Engine(str(self.config))

    def raise_error(self) -> None:
        """Raise what the generate raised (each reader fails as the generate did)."""
        if self.error is not None:
            raise self.error


class Builds:
    """Each (file, rows) generated once, for up to `readers` tests; see the module doc."""

    def __init__(self, cluster_for: ClusterFor, folder: Path, readers: int) -> None:
        self.cluster_for = cluster_for
        self.folder = folder
        self.readers = readers
        self.made: dict[tuple[str, int], Build] = {}
        self.uses: Counter[tuple[str, int]] = Counter()

    @contextmanager
    def use(self, path: Path, rows: int) -> Iterator[Build]:
        """The build of `path` at `rows` (made now if no reader made it yet), released after
        the block; a skip when this server cannot load the file (the README's minimum server
        version, an extension no source has)."""
        key = (path.name, rows)
        try:
            if key not in self.made:
                self.made[key] = self._generate(path, rows)
            self.uses[key] += 1
            yield self.made[key]
        finally:
            if key in self.made and self.uses[key] >= self.readers:
                self.drop(key)

    def drop(self, key: tuple[str, int]) -> None:
        build = self.made.pop(key)
        build.cluster.drop_database(build.name)

    def close(self) -> None:
        for key in list(self.made):
            self.drop(key)

    def _generate(self, path: Path, rows: int) -> Build:
        parsed = parse_schema_file(path)
        # a server with the file's extensions (PostGIS…), or a skip naming what is missing
        cluster = self.cluster_for(schema_needs(parsed))
        verdict = readme_verdicts(SHARED_SCHEMAS).get(path.name)
        if verdict is not None and verdict.min_server:
            with psycopg.connect(cluster.conninfo()) as conn:
                if conn.info.server_version < verdict.min_server:
                    pytest.skip(f"README: {verdict.reason}")
        # no database made beforehand: generate makes its own (one CREATE and DROP the fewer)
        name = f"sb_{uuid.uuid4().hex[:10]}"
        project = self.folder / f"{path.stem}-{rows}"
        project.mkdir()
        shutil.copy(path, project / path.name)
        (project / "sandbox.toml").write_text(
            f'[sandbox]\nname = "{name}"\ndsn = "{cluster.conninfo(name)}"\n'
            f'schema = "{path.name}"\n[server]\nicu = "libc"\n'
        )
        build = Build(path, rows, cluster, name, project / "sandbox.toml", parsed)

        def on_event(ev: Event) -> None:
            if isinstance(ev, WarningEvent):
                build.warnings.append(ev.message)

        try:
            build.engine().generate(rows=rows, seed=SEED, on_event=on_event, keep_snapshot=False)
        except Exception as err:  # every reader of the build fails with it
            build.error = err
        return build


def check_build(build: Build) -> None:
    """What test_corpus.py and test_corpus_large.py assert of a build: no error, no warning
    but the allowed ones, defaults that do not collide, the file's own rows as it writes them."""
    build.raise_error()
    assert [w for w in build.warnings if not ALLOWED.search(w)] == []
    with psycopg.connect(build.conninfo()) as conn:
        assert_defaults_do_not_collide(conn)
    file_tables = [t.qualified for t in build.parsed.schema.tables.values() if t.file_rows]
    if not file_tables:
        return
    # The same statements into an empty copy of the schema: the sandbox must hold exactly
    # those rows in those tables.
    scratch = build.cluster.create_database()
    try:
        with psycopg.connect(build.cluster.conninfo(scratch)) as conn:
            applied, _ = icu_map.prepare(conn, build.parsed, "libc")
            apply_statements(conn, applied, "pre", file_rows=file_tables)
            want = {t: table_rows(conn, t) for t in file_tables}
    finally:
        build.cluster.drop_database(scratch)
    with psycopg.connect(build.conninfo()) as conn:
        got = {t: table_rows(conn, t) for t in file_tables}
    assert got == want
    for t in file_tables:
        assert len(got[t]) == build.parsed.schema.tables[t].file_rows


def table_rows(conn: psycopg.Connection, table: str) -> list[str]:
    schema, _, rel = table.partition(".")
    query = sql.SQL("SELECT t::text FROM {} t ORDER BY 1").format(sql.Identifier(schema, rel))
    return [r[0] for r in conn.execute(query)]


def assert_defaults_do_not_collide(conn: psycopg.Connection) -> None:
    """For every column whose default is nextval() or that is an identity: the next value the
    default gives is above every value in the column (so an INSERT with defaults succeeds).
    Runs in a transaction that is rolled back."""
    cols = conn.execute(
        """
        SELECT n.nspname, c.relname, a.attname,
               CASE WHEN a.attidentity <> ''
                    THEN format('nextval(%L)',
                                pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname),
                                                       a.attname))
                    ELSE pg_get_expr(d.adbin, d.adrelid) END
        FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND a.attnum > 0
          AND NOT a.attisdropped
          AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND (a.attidentity <> '' OR pg_get_expr(d.adbin, d.adrelid) LIKE 'nextval(%')
        """
    ).fetchall()
    bad = []
    for nsp, rel, column, default in cols:
        table, col = sql.Identifier(nsp, rel), sql.Identifier(column)
        top = conn.execute(sql.SQL("SELECT max({}) FROM {}").format(col, table)).fetchone()[0]
        nxt = conn.execute(sql.SQL("SELECT " + default)).fetchone()[0]  # type: ignore[arg-type]
        if top is not None and nxt <= top:
            bad.append(f"{nsp}.{rel}.{column}: next default {nxt} <= max {top}")
    conn.rollback()
    assert bad == []
