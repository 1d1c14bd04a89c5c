"""`[sandbox] statistics` naming a folder, a device, a FIFO, an oversized file or a file
with no statistics call: a one-paragraph error naming the key, exit 2; /dev/zero is never
read (outside the checkout, it is looked at only once the checkout is trusted)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import run_cli
from workbench.stats import load


def _project(root: Path, statistics: str) -> Path:
    (root / "schema.sql").write_text("CREATE TABLE t (id integer PRIMARY KEY);\n")
    (root / "sandbox.toml").write_text(f'[sandbox]\nname = "t"\nstatistics = "{statistics}"\n')
    return root / "sandbox.toml"


def _estimate(config: Path) -> tuple[int, str]:
    result = run_cli("estimate", "--config", str(config), cwd=config.parent, timeout=60)
    return result.returncode, result.stderr


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("folder", "is a folder"),
        ("/dev/zero", "not a regular file"),
        ("fifo", "not a regular file"),
        ("empty.sql", "holds no pg_restore_relation_stats/pg_restore_attribute_stats call"),
        ("other.sql", "holds no pg_restore_relation_stats/pg_restore_attribute_stats call"),
    ],
)
def test_statistics_key_refuses_what_holds_no_statistics(
    tmp_path: Path, target: str, expected: str
) -> None:
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "empty.sql").write_text("")
    (tmp_path / "other.sql").write_text("root:$6$abc:19000:0:99999:7:::\n")
    config = _project(tmp_path, target)
    if Path(target).is_absolute():
        # A file outside the checkout is looked at only once its user trusted the checkout
        # (trust.py: untrusted, it is refused with exit 3 before anything reads it).
        code, err = _estimate(config)
        assert code == 3 and "[trust]" in err and "sandbox.statistics" in err, err
        trusted = run_cli("trust", "--config", str(config), cwd=tmp_path)
        assert trusted.returncode == 0, trusted.stderr
    code, err = _estimate(config)
    assert code == 2, err
    assert "sandbox.statistics" in err and expected in err and "Traceback" not in err


def test_oversized_statistics_file_is_refused(tmp_path: Path, monkeypatch) -> None:
    big = tmp_path / "big.sql"
    big.write_text("-- " + "x" * 2000 + "\n")
    monkeypatch.setattr(load, "MAX_BYTES", 1000)
    with pytest.raises(load.ConfigError, match=r"more than the .* MB a statistics file can be"):
        load.read_statistics_file(big, "sandbox.toml: key sandbox.statistics")
