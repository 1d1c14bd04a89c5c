"""Wheels made again from the distributions installed in the running environment: a folder pip
installs from with `--no-index --find-links`, so a test that installs the project into a fresh
virtual environment (the README's Quick start as an ordinary user) fetches nothing from the
network and unpacks no compressed archive, and installs the very releases the suite runs on.

A distribution's wheel is what its RECORD lists (the files installed, less byte code and what
the installer added: INSTALLER, REQUESTED, direct_url.json), with a new RECORD; a file installed
beside site-packages (a binary in bin/, such as ruff's or squawk's) goes back to the wheel's
`.data/scripts` unless an entry point makes it (pip writes those again). Stored, not deflated:
the folder is read once, on the same machine. Editable installs and distributions without a
RECORD are left out.

    python -m tests.wheelhouse BASE   # pyproject.toml's dependencies and build backend (that one
                                      # fetched with `pip download`), in BASE/wb-wheels-<digest>
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import tomllib
import zipfile
from collections.abc import Sequence
from importlib.metadata import Distribution
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

# The installer's own files of a dist-info folder.
_INSTALLER_FILES = {"INSTALLER", "REQUESTED", "direct_url.json", "RECORD"}


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return f"sha256={digest.decode()}"


def _tags(wheel_text: str) -> str:
    """The compressed tag set of a WHEEL file's `Tag:` lines (`cp311-cp311-a.b`)."""
    tags = [
        line.split(":", 1)[1].strip() for line in wheel_text.splitlines() if line.startswith("Tag:")
    ]
    parts = [sorted({tag.split("-")[i] for tag in tags}) for i in range(3)]
    return "-".join(".".join(p) for p in parts)


def _scripts(dist: Distribution) -> set[str]:
    return {ep.name for ep in dist.entry_points if ep.group in ("console_scripts", "gui_scripts")}


def _editable(info: Path) -> bool:
    direct = info / "direct_url.json"
    if not direct.exists():
        return False
    return bool(json.loads(direct.read_text()).get("dir_info", {}).get("editable"))


def repack(info: Path, dest: Path) -> Path | None:
    """The wheel of the distribution whose `.dist-info` folder is `info` (in site-packages),
    made in `dest`; None for one that cannot be made again (editable, no RECORD or WHEEL)."""
    site, record, wheel = info.parent, info / "RECORD", info / "WHEEL"
    if not record.exists() or not wheel.exists() or _editable(info):
        return None
    stem = info.name.removesuffix(".dist-info")  # name-version, as the installer spelled it
    scripts = _scripts(Distribution.at(info))
    bindir = Path(sysconfig.get_path("scripts")).resolve()
    entries: list[tuple[str, Path]] = []
    with record.open(newline="") as handle:
        for row in csv.reader(handle):
            name = row[0] if row else ""
            if not name or name.endswith(".pyc") or "__pycache__/" in name:
                continue
            if name.startswith(f"{info.name}/") and name.split("/", 1)[1] in _INSTALLER_FILES:
                continue
            source = (site / name).resolve()
            if not source.is_file():
                continue
            if name.startswith("../"):
                if source.parent != bindir or source.name in scripts:
                    continue  # an entry point's script (pip writes it again) or a stray file
                name = f"{stem}.data/scripts/{source.name}"
            entries.append((name, source))
    out = dest / f"{stem}-{_tags(wheel.read_text())}.whl"
    lines = io.StringIO()
    writer = csv.writer(lines, lineterminator="\n")
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as archive:
        for name, source in entries:
            data = source.read_bytes()
            member = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            mode = 0o755 if source.stat().st_mode & 0o111 else 0o644
            member.external_attr = (0o100000 | mode) << 16
            archive.writestr(member, data)
            writer.writerow((name, _record_hash(data), len(data)))
        writer.writerow((f"{info.name}/RECORD", "", ""))
        archive.writestr(f"{info.name}/RECORD", lines.getvalue())
    return out


class Missing(LookupError):
    """A requirement no installed distribution gives (the folder would not install)."""


def needed(site: Path, requirements: Sequence[str]) -> dict[str, Path]:
    """The dist-info folders of the installed distributions `requirements` need, transitively
    (markers read for this interpreter, the extras asked for followed), by normalised name."""
    infos = {canonicalize_name(i.name.split("-", 1)[0]): i for i in site.glob("*.dist-info")}
    wanted: dict[str, Path] = {}
    todo = [Requirement(r) for r in requirements]
    seen: set[tuple[str, frozenset[str]]] = set()
    while todo:
        req = todo.pop()
        name, extras = canonicalize_name(req.name), frozenset(req.extras)
        if (name, extras) in seen:
            continue
        seen.add((name, extras))
        if name not in infos:
            raise Missing(f"{req} is not installed here")
        wanted[name] = infos[name]
        for line in Distribution.at(infos[name]).requires or []:
            sub = Requirement(line)
            envs = [{"extra": e} for e in extras] or [{"extra": ""}]
            if sub.marker is None or any(sub.marker.evaluate(env) for env in envs):
                todo.append(sub)
    return wanted


def build(dest: Path, requirements: Sequence[str], fetch: Sequence[str] = ()) -> list[Path]:
    """A wheel in `dest` for every distribution `requirements` need, as installed in the
    running environment (`Missing` when one is not), and `fetch` (requirements to download
    with pip: the build backend at the version pyproject.toml asks)."""
    dest.mkdir(parents=True, exist_ok=True)
    site = Path(sysconfig.get_path("purelib")).resolve()
    made = [w for i in needed(site, requirements).values() if (w := repack(i, dest)) is not None]
    if fetch:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
             "-d", str(dest), *fetch],
            check=True,
        )  # fmt: skip
    return made


def kept(base: Path, pyproject: Path) -> Path:
    """The folder the project of `pyproject` installs from (its dependencies and its build
    backend), kept in `base` and made once per set of installed releases: named by a digest of
    the dist-info folders it needs (their names carry the versions), the backend's requirements
    and the interpreter's tags. One that is complete (its `complete` file written last), owned
    by this user and writable by no other is used as it is; another set's is removed. `Missing`
    or `CalledProcessError` when it cannot be made."""
    meta = tomllib.loads(pyproject.read_text())
    deps, backend = meta["project"]["dependencies"], meta["build-system"]["requires"]
    site = Path(sysconfig.get_path("purelib")).resolve()
    infos = sorted(i.name for i in needed(site, deps).values())
    tags = [sys.implementation.cache_tag or "", sysconfig.get_platform()]
    key = hashlib.sha256("\n".join([*infos, *backend, *tags]).encode()).hexdigest()[:16]
    folder = base / f"wb-wheels-{key}"
    if (folder / "complete").exists() and _ours(folder):
        return folder
    for old in base.glob("wb-wheels-*"):
        if old.is_dir() and old.stat().st_uid == os.geteuid():
            shutil.rmtree(old, ignore_errors=True)
    making = Path(tempfile.mkdtemp(prefix=f"wb-making-{key}-", dir=base))
    try:
        build(making, deps, backend)
        for made in making.iterdir():
            made.chmod(0o644)
        (making / "complete").write_text("")
        making.chmod(0o755)
        making.rename(folder)
    finally:
        shutil.rmtree(making, ignore_errors=True)
    return folder


def _ours(folder: Path) -> bool:
    """`folder` and what it holds are this user's and writable by no other."""
    for path in (folder, *folder.iterdir()):
        info = path.lstat()
        if info.st_uid != os.geteuid() or info.st_mode & 0o022 or path.is_symlink():
            return False
    return True


if __name__ == "__main__":
    made = kept(Path(sys.argv[1]), Path(__file__).resolve().parents[1] / "pyproject.toml")
    print(f"the wheels are in {made}")
