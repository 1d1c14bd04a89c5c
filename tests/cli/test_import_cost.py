"""A command imports what it uses: a fast reset, status, undo and every refusal of bad input
(sandbox.toml, a flag, the schema's path) never import the generator (workbench.generate), and
a bad sandbox.toml is refused before the engine is imported. Agents call these in loops and
the suite makes hundreds of such calls: the generator is about half of a command's imports.

Each command runs as the user runs it, in a child process, with `python -X importtime`: the
modules it imported are read from that list (stderr), so an import chain put back anywhere
(a module-level import, a package's __init__) fails here, naming the modules."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import MakeProject, cli_env

GENERATOR = "workbench.generate"


def _imported(config: Path, *args: str) -> tuple[int, str, set[str]]:
    """Run `workbench ARGS --config CONFIG`: its exit code, what it said, the modules imported."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "workbench.cli", *args, "--config", str(config)],
        cwd=config.parent,
        env=cli_env(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
    )
    modules, said = set(), []
    for line in result.stderr.splitlines():
        if line.startswith("import time:"):
            modules.add(line.rpartition("|")[2].strip())
        else:
            said.append(line)
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, result.stdout + "\n".join(said), modules


def _of(modules: set[str], package: str) -> list[str]:
    return sorted(m for m in modules if m == package or m.startswith(package + "."))


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('[sandbox\nname = "x"\n', "not valid TOML"),
        ('[sandbox]\nname = "x"\nbogus = 1\n', "unknown key sandbox.bogus"),
    ],
)
def test_a_bad_sandbox_toml_is_refused_before_the_engine_is_imported(
    tmp_path: Path, text: str, said: str
) -> None:
    config = tmp_path / "sandbox.toml"
    config.write_text(text)
    for args in (("status",), ("reset", "--yes"), ("generate", "--yes"), ("estimate",)):
        code, out, modules = _imported(config, *args)
        assert code == 2 and said in out, (args, out)
        assert not _of(modules, "workbench.engine"), args
        assert not _of(modules, GENERATOR), (args, _of(modules, GENERATOR)[:5])


def test_bad_flags_and_a_bad_schema_file_import_no_generator(
    make_project: MakeProject,
) -> None:
    config = make_project(extra="\n[generate]\nrows = 20\n")
    for args in (
        ("reset", "--yes", "--bogus"),
        ("generate", "--yes", "--rows", "-1"),
        ("reset", "--yes", "--rows", "-1"),
        ("estimate", "--rows", "many"),
    ):
        code, out, modules = _imported(config, *args)
        assert code == 2 and "bad usage" in out, (args, out)
        assert not _of(modules, GENERATOR), (args, _of(modules, GENERATOR)[:5])
    schema = config.parent / "schema.sql"
    for text, said in (
        ("-- only a comment\n", "holds no SQL statement"),
        (None, "expected a schema file"),
    ):
        if text is None:
            schema.unlink()
        else:
            schema.write_text(text)
        for args in (
            ("reset", "--yes"),
            ("reset", "--yes", "--full"),
            ("generate", "--yes"),
            ("generate", "--csv", "out"),
            ("estimate",),
            ("classify",),
            ("check",),
        ):
            code, out, modules = _imported(config, *args)
            assert code == 2 and said in out, (args, out)
            assert not _of(modules, GENERATOR), (args, _of(modules, GENERATOR)[:5])


def test_status_a_fast_reset_and_undo_import_no_generator(make_project: MakeProject) -> None:
    config = make_project(extra="\n[generate]\nrows = 20\n")
    code, out, modules = _imported(config, "generate", "--yes")
    assert code == 0, out
    assert _of(modules, GENERATOR)  # the reader itself: a generate does import it
    for args in (("status",), ("reset", "--yes"), ("undo", "--yes"), ("lease",)):
        code, out, modules = _imported(config, *args)
        assert code == 0, (args, out)
        assert not _of(modules, GENERATOR), (args, _of(modules, GENERATOR)[:5])
    code, out, _ = _imported(config, "reset", "--yes", "--json")
    assert code == 0 and '"path": "fast"' in out, out


def test_importing_doctor_imports_no_generator() -> None:
    """doctor's checks of files, server, roles, drift and snapshot need no generator; the
    checks of the data against the plan import it when they run."""
    probe = (
        "import sys, workbench.doctor.run, workbench.lifecycle.reset; "
        f"print(sorted(m for m in sys.modules if m.startswith({GENERATOR!r})))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], env=cli_env(), capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]", result.stdout
