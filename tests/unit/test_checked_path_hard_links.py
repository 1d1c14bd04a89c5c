"""A file named for the workbench to read that is another name of a file in `.workbench/`
(a hard link: nothing to follow, the same file) is refused like a link into it (attack round
5, T15: `ln .workbench/pgpass proposed/v8.sql` showed the superuser's password in the TUI)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from workbench.config.file import load_config
from workbench.trust.checkout import PathRefusal, checked_path


def _project(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "schema.sql").write_text("CREATE TABLE t (id int PRIMARY KEY);\n")
    (root / "sandbox.toml").write_text(
        '[sandbox]\nname = "hl"\ndsn = "embedded"\nschema = "schema.sql"\n'
    )
    return root / "sandbox.toml"


def test_a_hard_link_of_a_state_file_is_refused_and_an_ordinary_file_read(
    tmp_path: Path,
) -> None:
    config = load_config(_project(tmp_path / "p"))
    config.state_dir.mkdir(parents=True)
    secret = config.state_dir / "pgpass"
    secret.write_text("*:*:*:workbench:not-for-reports\n")
    proposed = tmp_path / "p" / "proposed"
    proposed.mkdir()
    os.link(secret, proposed / "v8.sql")
    with pytest.raises(PathRefusal, match="hard link"):
        checked_path(config, proposed / "v8.sql")
    plain = proposed / "v9.sql"
    plain.write_text("SELECT 1;\n")
    assert checked_path(config, plain) == plain.resolve()
    other = tmp_path / "elsewhere.sql"  # two names, neither in .workbench/: refused too
    other.write_text("SELECT 2;\n")  # (attack round 6: a hard link leads anywhere)
    os.link(other, proposed / "v10.sql")
    with pytest.raises(PathRefusal, match="hard link"):
        checked_path(config, proposed / "v10.sql")


def test_a_pipe_is_refused_instead_of_waited_on(tmp_path: Path) -> None:
    config = load_config(_project(tmp_path / "p"))
    fifo = tmp_path / "p" / "proposed.sql"
    os.mkfifo(fifo)
    with pytest.raises(PathRefusal, match="not a regular file"):
        checked_path(config, fifo)
