"""CI cannot go green by accident: `.ci/run` stops when the install fails (even with an older
.venv beside it whose pytest would pass), and `.ci/check_skips` fails a run in which a test
skipped for a reason not on its list."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _checkout_copy(dest: Path) -> None:
    files = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO, capture_output=True, check=True,
    ).stdout.split(b"\0")  # fmt: skip
    for raw in files:
        if not raw:
            continue
        rel = raw.decode()
        src = REPO / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)


def test_ci_run_stops_when_the_install_fails(tmp_path: Path) -> None:
    repo = tmp_path / "checkout"
    _checkout_copy(repo)
    pyproject = repo / "pyproject.toml"
    text = pyproject.read_text()
    assert "dependencies = [\n" in text
    pyproject.write_text(
        text.replace(
            "dependencies = [\n",
            'dependencies = [\n    "sandbox-workbench-no-such-requirement==0.0.1",\n',
            1,
        )
    )
    # An older virtualenv whose pytest would "pass": the run must never reach it.
    subprocess.run([sys.executable, "-m", "venv", str(repo / ".venv")], check=True)
    marker = tmp_path / "pytest-ran"
    fake = repo / ".venv" / "bin" / "pytest"
    fake.write_text(f"#!/bin/sh\ntouch {marker}\nexit 0\n")
    fake.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTEST"))}
    proc = subprocess.run(
        ["bash", ".ci/run"], cwd=repo, env=env, capture_output=True, text=True, timeout=600
    )
    assert proc.returncode != 0, proc.stdout[-2000:]
    assert "sandbox-workbench-no-such-requirement" in proc.stdout + proc.stderr
    assert not marker.exists(), "the suite ran after a failed install"


def _junit_with_skips(tmp_path: Path, reasons: list[str]) -> Path:
    tests = tmp_path / "test_skips.py"
    body = "import pytest\n\n" + "".join(
        f"def test_{i}():\n    pytest.skip({reason!r})\n\n" for i, reason in enumerate(reasons)
    )
    tests.write_text(body)
    report = tmp_path / "report.xml"
    subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
         f"--junitxml={report}", "--rootdir", str(tmp_path), str(tests)],
        cwd=tmp_path, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return report


def _check_skips(*reports: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(REPO / ".ci" / "check_skips"), *map(str, reports)],
        capture_output=True, text=True,
    )  # fmt: skip


def test_check_skips_fails_on_an_unexpected_reason(tmp_path: Path) -> None:
    allowed = (
        "/x/shared/schemas/a.sql is absent (../shared/schemas is test data kept beside the repo)"
    )
    report = _junit_with_skips(tmp_path, [allowed, "no server with PostGIS: install failed"])
    proc = _check_skips(report)
    assert proc.returncode == 1, proc.stdout
    assert "UNEXPECTED  no server with PostGIS: install failed" in proc.stdout
    assert "test_skips::test_1" in proc.stdout
    assert "allowed " in proc.stdout


def test_check_skips_passes_only_allowed_reasons(tmp_path: Path) -> None:
    report = _junit_with_skips(
        tmp_path, ["README: **no**: needs PG 18", "pagila.sql needs PostgreSQL 18 or later"]
    )
    proc = _check_skips(report)
    assert proc.returncode == 0, proc.stdout
    assert "2 skipped test(s)" in proc.stdout
