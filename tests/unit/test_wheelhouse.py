"""tests/wheelhouse.py, the wheels the Quick start test installs from: each is what its
distribution's RECORD lists, with a RECORD of its own whose hashes hold and none of the
installer's files; the folder holds what the requirements need, extras and markers read."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import sysconfig
import zipfile
from pathlib import Path

import pytest

from tests import wheelhouse

SITE = Path(sysconfig.get_path("purelib")).resolve()


def test_a_repacked_wheel_is_its_distribution_with_a_true_record(tmp_path: Path) -> None:
    info = next(SITE.glob("tomli_w-*.dist-info"))
    made = wheelhouse.repack(info, tmp_path)
    assert made is not None and made.name.endswith("-py3-none-any.whl"), made
    with zipfile.ZipFile(made) as archive:
        names = set(archive.namelist())
        assert f"{info.name}/METADATA" in names and f"{info.name}/WHEEL" in names
        assert "tomli_w/__init__.py" in names
        assert not {n for n in names if n.endswith((".pyc", "/INSTALLER", "/REQUESTED"))}
        rows = list(csv.reader(io.StringIO(archive.read(f"{info.name}/RECORD").decode())))
        assert {r[0] for r in rows} == names
        for name, digest, size in rows:
            if name.endswith("/RECORD"):
                continue
            data = archive.read(name)
            raw = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert digest == f"sha256={raw.decode()}" and int(size) == len(data), name


def test_the_folder_holds_what_the_requirements_need() -> None:
    needed = wheelhouse.needed(SITE, ["psycopg[binary]>=3.2", "textual"])
    assert {"psycopg", "psycopg-binary", "textual", "rich"} <= set(needed), sorted(needed)
    assert "pytest" not in needed  # nothing the requirements do not reach
    with pytest.raises(wheelhouse.Missing):
        wheelhouse.needed(SITE, ["no-such-distribution-here"])
