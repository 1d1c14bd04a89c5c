"""`stats scrub` writes only regular files: a device/FIFO or folder as the output is refused
(never replaced by a regular file), a symlink (output or `--in-place`) is refused, never
written through, a read-only target is a clear error, and a killed run's temporary files are
cleared."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.tui.test_stats_review import _call
from workbench.config.file import load_config
from workbench.errors import ConfigError
from workbench.generate.plan.personal import personal_columns
from workbench.schema.parse import parse_schema_text
from workbench.stats.scrub import scrub_file

SCHEMA = "CREATE TABLE customers (id integer PRIMARY KEY, email text);\n"
STATS = _call(
    "pg_restore_attribute_stats",
    "customers",
    "\t'attname', 'email',\n\t'null_frac', '0.2'::real,\n"
    "\t'most_common_vals', '{leaked.person@realmail.com}'::text,\n"
    "\t'most_common_freqs', '{0.3}'::real[]",
)


def _project(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "schema.sql").write_text(SCHEMA)
    (root / "stats.sql").write_text(STATS)
    (root / "sandbox.toml").write_text('[sandbox]\nname = "t"\nstatistics = "stats.sql"\n')
    return root / "sandbox.toml"


def _scrub(config: Path, source: Path, **kw: object):
    cfg = load_config(config)
    schema = parse_schema_text(SCHEMA).schema
    return scrub_file(set(personal_columns(schema, cfg)), source, **kw)  # type: ignore[arg-type]


def test_fifo_and_folder_outputs_are_refused(tmp_path: Path) -> None:
    config = _project(tmp_path)
    fifo = tmp_path / "null"
    os.mkfifo(fifo)
    result = run_cli("stats", "scrub", "-o", str(fifo), "--config", str(config), cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert str(fifo) in result.stderr and "not a regular file" in result.stderr
    assert "Traceback" not in result.stderr and "unexpected" not in result.stderr
    assert fifo.is_fifo()  # still the FIFO, not replaced
    folder = tmp_path / "out"
    folder.mkdir()
    with pytest.raises(ConfigError, match="is a folder"):
        _scrub(config, tmp_path / "stats.sql", output=folder)
    assert folder.is_dir()


def test_in_place_on_a_symlink_is_refused_and_the_real_file_is_scrubbed(tmp_path: Path) -> None:
    config = _project(tmp_path)
    real = tmp_path / "real.sql"
    (tmp_path / "stats.sql").rename(real)
    (tmp_path / "stats.sql").symlink_to(real)
    with pytest.raises(ConfigError, match="is a symlink"):
        _scrub(config, tmp_path / "stats.sql", in_place=True)
    assert "leaked.person" in real.read_text()  # nothing written through the link
    report = _scrub(config, real, in_place=True)
    assert "leaked.person" not in real.read_text() and report.output == real
    assert (tmp_path / "stats.sql").is_symlink() and report.scrubbed


def test_a_committed_output_symlink_is_never_written_through(tmp_path: Path) -> None:
    """attack3 D: a checkout carries `stats.scrubbed.sql -> ~/.bashrc`; `stats scrub` (its
    default output) overwrote the link's target with the repository's text."""
    config = _project(tmp_path / "repo")
    victim = tmp_path / "bashrc"
    victim.write_text("alias ll='ls -l'\n")
    (tmp_path / "repo" / "stats.scrubbed.sql").symlink_to(victim)
    result = run_cli("stats", "scrub", "--config", str(config), cwd=tmp_path / "repo")
    assert result.returncode == 2, result.stdout + result.stderr
    assert "is a symlink" in result.stderr and "Traceback" not in result.stderr
    assert victim.read_text() == "alias ll='ls -l'\n"
    assert (tmp_path / "repo" / "stats.scrubbed.sql").is_symlink()


def test_read_only_target_and_stale_temporaries(tmp_path: Path) -> None:
    config = _project(tmp_path)
    out = tmp_path / "locked.sql"
    out.write_text("keep")
    out.chmod(0o444)
    result = run_cli("stats", "scrub", "-o", str(out), "--config", str(config), cwd=tmp_path)
    assert result.returncode == 2 and "read-only" in result.stderr and str(out) in result.stderr
    assert "PermissionError" not in result.stderr and out.read_text() == "keep"
    stale = tmp_path / ".stats.scrubbed.sql.abc123.tmp"
    stale.write_text("half")
    # Left by an earlier process: older than this one's start (a temporary is removed only
    # then), however long the test process has been running: an hour ago was not, in a
    # pytest worker that had run for over an hour under load.
    old = 946684800  # 2000-01-01
    os.utime(stale, (old, old))
    other = tmp_path / ".other.sql.abc123.tmp"  # another file's temporary: left alone
    other.write_text("x")
    os.utime(other, (old, old))
    report = _scrub(config, tmp_path / "stats.sql")
    assert report.output == tmp_path / "stats.scrubbed.sql" and not stale.exists()
    assert other.exists()


def test_one_summary_line_per_column(tmp_path: Path) -> None:
    config = _project(tmp_path)
    inherited = STATS.replace(
        "'attname', 'email',", "'attname', 'email',\n\t'inherited', 't'::boolean,"
    )
    (tmp_path / "stats.sql").write_text(STATS + inherited)
    report = _scrub(config, tmp_path / "stats.sql")
    assert report.scrubbed == ["public.customers.email (most_common_vals)"]
    assert "leaked.person" not in report.output.read_text()
