"""The sandbox's connection target, checked before any connection: the DSN read as libpq reads
it (plus the facts libpq hides: repeated keys, several hosts, passwords), then refused unless it
names one allow-listed host and the declared database, with nothing in the environment
redirecting it. access/guard.py makes and verifies the connections to the target checked here.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import parse_qsl, unquote, urlsplit

import psycopg
from psycopg import conninfo as pg_conninfo

from workbench.config.file import Config
from workbench.errors import ConfigError, GuardRefusal
from workbench.redact import dsn_problem, remember, remember_secret

# Databases the workbench never writes to, whatever sandbox.toml says.
SYSTEM_DATABASES = frozenset({"postgres", "template0", "template1"})
_ENV_REDIRECTS = ("PGHOST", "PGHOSTADDR", "PGSERVICE", "PGSERVICEFILE")
_URL_SCHEMES = ("postgresql://", "postgres://")
# A passfile path that is never a file (nothing can be made under /dev/null): libpq finds no
# password file, and says nothing, where it would read PGPASSFILE or ~/.pgpass.
NO_PASSFILE = "/dev/null/workbench-lends-no-passfile"
# The logins with a password of the workbench's own: SCRAM only (the password never crosses
# the wire), or none asked (a server that trusts the socket user). libpq >= 16.
OWN_AUTH = "scram-sha-256"
OWN_AUTH_EXTERNAL = "scram-sha-256,none"


@dataclass
class Target:
    """A checked connection target. `conninfo` may hold a password: never print it; print
    `display` instead."""

    conninfo: str
    dbname: str
    host: str
    port: str
    embedded: bool
    secrets: tuple[str, ...] = ()
    withheld: bool = False  # libpq is lent none of your own passwords (an untrusted DSN)

    @property
    def display(self) -> str:
        where = self.host if self.host.startswith("/") else f"{self.host}:{self.port}"
        kind = "embedded" if self.embedded else "external"
        return f"postgresql://{where}/{self.dbname} ({kind})"


def is_loopback(value: str) -> bool:
    try:
        return ipaddress.ip_address(value.split("%", 1)[0]).is_loopback
    except ValueError:
        return value == "localhost"


def is_socket(host: str) -> bool:
    return host.startswith("/") or host.startswith("@")


# libpq's sslmode values ("": none given)
SSL_MODES = frozenset({"", "disable", "allow", "prefer", "require", "verify-ca", "verify-full"})


def _keyword_counts(dsn: str) -> dict[str, int]:
    """Count the keywords of a key=value conninfo string (libpq silently keeps the last of a
    repeated key, which would hide a second host)."""
    counts: dict[str, int] = {}
    pattern = re.compile(r"\s*([A-Za-z_]+)\s*=\s*('(?:[^'\\]|\\.)*'|\S*)")
    pos = 0
    while pos < len(dsn):
        match = pattern.match(dsn, pos)
        if not match:
            break
        counts[match.group(1).lower()] = counts.get(match.group(1).lower(), 0) + 1
        pos = match.end()
    return counts


def _url_facts(dsn: str) -> tuple[int, dict[str, int], list[str]]:
    """Hosts in a URL's authority, counts of its query keys, and its password forms."""
    parts = urlsplit(dsn)
    netloc = parts.netloc.rsplit("@", 1)[-1]
    hosts = [h for h in netloc.split(",") if h] if netloc else []
    counts: dict[str, int] = {}
    for key, _ in parse_qsl(parts.query, keep_blank_values=True):
        counts[key.lower()] = counts.get(key.lower(), 0) + 1
    passwords: list[str] = []
    userinfo = parts.netloc.rsplit("@", 1)[0] if "@" in parts.netloc else ""
    if ":" in userinfo:
        raw = userinfo.split(":", 1)[1]
        passwords += [raw, unquote(raw)]
    return len(hosts), counts, passwords


def _parse(dsn: str, source: str) -> tuple[dict[str, str], dict[str, int], int, list[str]]:
    """libpq's own reading of the DSN, plus the facts libpq hides (repeated keys, hosts).

    A DSN libpq would misread (a password's unencoded `@` or `/` taken as host or database)
    or reject is refused with our own words: libpq's message would quote pieces of it."""
    remember(dsn)
    problem = dsn_problem(dsn)
    expected = "expected a libpq key=value string or a postgresql:// URL"
    if problem is not None:
        raise ConfigError(f"{source}: not a valid PostgreSQL connection string: {problem}.")
    secrets: list[str] = []
    is_url = dsn.startswith(_URL_SCHEMES)
    if is_url:
        try:
            url_hosts, counts, secrets = _url_facts(dsn)
        except ValueError:  # an unclosed IPv6 bracket: Python's own message would quote it
            raise ConfigError(
                f"{source}: not a valid PostgreSQL connection string: {expected} (an IPv6 host "
                "in closed brackets: postgresql://user@[::1]:5432/name)."
            ) from None
    else:
        url_hosts, counts = 0, _keyword_counts(dsn)
        match = re.search(r"password\s*=\s*('(?:[^'\\]|\\.)*'|\S+)", dsn)
        if match:
            secrets += [match.group(1), match.group(1).strip("'")]
    try:
        params = {k: str(v) for k, v in pg_conninfo.conninfo_to_dict(dsn).items()}
    except psycopg.ProgrammingError:
        raise ConfigError(
            f"{source}: not a valid PostgreSQL connection string: {expected} (values holding "
            "spaces in single quotes, URL passwords percent-encoded)."
        ) from None
    if params.get("password"):
        secrets.append(params["password"])
        remember_secret(params["password"])
    if params.get("sslmode", "") not in SSL_MODES:
        raise ConfigError(
            f"{source}: not a valid PostgreSQL connection string: sslmode must be one of "
            f"{', '.join(sorted(m for m in SSL_MODES if m))}."
        )
    if any(not part.isdigit() for part in params.get("port", "").split(",") if part):
        raise ConfigError(
            f"{source}: not a valid PostgreSQL connection string: its port is not a number."
        )
    return params, counts, url_hosts, secrets


def lend(params: dict[str, str], lent: bool) -> dict[str, str]:
    """The libpq parameters of an inline DSN: as given when your passwords are lent to it
    (trusted); otherwise with none of them: no password but its own (PGPASSWORD would fill
    an absent one) and no password file (PGPASSFILE, ~/.pgpass)."""
    if lent:
        return params
    return {**params, "password": params.get("password") or "", "passfile": NO_PASSFILE}


def own_login(params: dict[str, str], passfile: str, *, embedded: bool) -> dict[str, str]:
    """The libpq parameters of a login with a password of the workbench's own, kept in
    `passfile`: that file only (libpq prefers PGPASSWORD to any passfile), and SCRAM, so a
    listener squatting the port while the server is down never reads the password (the
    embedded cluster asks SCRAM of every login; another server may ask none)."""
    params = {k: v for k, v in params.items() if k != "password"}
    auth = params.get("require_auth") or (OWN_AUTH if embedded else OWN_AUTH_EXTERNAL)
    return {**params, "password": "", "passfile": passfile, "require_auth": auth}


def withheld_note(config: Config) -> str:
    """What a failed login to an untrusted inline DSN adds: why it got none of your passwords."""
    return (
        f". The DSN is {config.path}'s, which you have not trusted for it, so libpq was lent "
        "none of your own passwords (PGPASSWORD, PGPASSFILE, ~/.pgpass): any local user can "
        "listen on a loopback port or a socket folder and ask for them in clear. If that "
        f"server is yours, run `workbench trust` in {config.root.resolve()} to lend them to "
        "it (a changed DSN needs trusting again), or name the DSN with sandbox.dsn_env"
    )


def refuse_system_database(config: Config) -> None:
    """The guard's refusal that needs no server: sandbox.name is a system database's. Called
    before a command starts anything (attack28: a refused generate started the cluster)."""
    declared = config.sandbox.name
    if declared in SYSTEM_DATABASES:
        raise GuardRefusal(
            "system-database",
            f"sandbox.toml declares sandbox.name = {declared!r}, a system database of "
            "every PostgreSQL server; the workbench never writes to it. Choose a name of "
            "its own for the sandbox.",
        )


def check_target(
    config: Config,
    environ: Mapping[str, str],
    dsn: str,
    source: str,
    *,
    embedded: bool,
    lent: bool = True,
) -> Target:
    """The Target `dsn` (read from `source`) names, or GuardRefusal / ConfigError. The
    embedded cluster's logs in with the workbench's own password only (`own_login`); another
    DSN is lent your own passwords only when `lent` (`lend`)."""
    declared = config.sandbox.name
    refuse_system_database(config)
    allowed = set(config.sandbox.allowed_hosts)
    params, counts, url_hosts, secrets = _parse(dsn, source)
    _refuse_redirects(params, counts, url_hosts, source)
    host = _checked_host(params, environ, allowed, source)
    dbname = params.get("dbname", "")
    if dbname and dbname != declared:
        raise GuardRefusal(
            "declared-database",
            f"{source} names database {dbname!r}, but sandbox.toml declares "
            f"sandbox.name = {declared!r}; the workbench only touches the declared one.",
        )
    if embedded:
        params = own_login(params, params.get("passfile") or NO_PASSFILE, embedded=True)
    else:
        params = lend(params, lent)
    dsn = pg_conninfo.make_conninfo("", **{**params, "dbname": dbname or declared})
    dbname = dbname or declared
    return Target(
        conninfo=dsn,
        dbname=dbname,
        host=host,
        port=params.get("port", "") or environ.get("PGPORT", "5432"),
        embedded=embedded,
        secrets=tuple(s for s in secrets if s),
        withheld=not (embedded or lent),
    )


def _refuse_redirects(
    params: dict[str, str], counts: dict[str, int], url_hosts: int, source: str
) -> None:
    """A service file, a repeated host key or several hosts: exactly one host is allowed."""
    if "service" in params or counts.get("service"):
        raise GuardRefusal(
            "no-service",
            f"{source} uses service=, which reads host and database from a service file "
            "the workbench cannot vet; write the host and database in the DSN instead.",
        )
    for key in ("host", "hostaddr", "port"):
        if counts.get(key, 0) > 1:
            raise GuardRefusal(
                "one-host", f"{source} repeats the {key}= key; exactly one host is allowed."
            )
    if url_hosts > 1 or any("," in params.get(k, "") for k in ("host", "hostaddr")):
        raise GuardRefusal(
            "one-host", f"{source} names several hosts; exactly one host is allowed."
        )


def _checked_host(
    params: dict[str, str], environ: Mapping[str, str], allowed: set[str], source: str
) -> str:
    """The host the connection goes to, from the DSN or the environment, refused unless
    allow-listed (or a socket), with any hostaddr behind it loopback or allow-listed."""
    host = params.get("host", "")
    hostaddr = params.get("hostaddr", "")
    if not host and not hostaddr:
        for var in _ENV_REDIRECTS:
            value = environ.get(var)
            if not value:
                continue
            if var in ("PGSERVICE", "PGSERVICEFILE") or not (
                value in allowed or is_socket(value) or is_loopback(value)
            ):
                raise GuardRefusal(
                    "env-redirect",
                    f"{source} names no host, so libpq would follow {var} from the "
                    "environment, which points elsewhere; put the host in the DSN or "
                    f"unset {var}.",
                )
    host = host or environ.get("PGHOST", "") or "/var/run/postgresql"
    hostaddr = hostaddr or environ.get("PGHOSTADDR", "")
    if environ.get("PGSERVICE"):
        raise GuardRefusal(
            "env-redirect",
            "PGSERVICE is set in the environment; libpq would read connection settings "
            "from a service file. Unset it.",
        )
    if not is_socket(host) and host not in allowed:
        raise GuardRefusal(
            "host-allow-list",
            f"host {host!r} from {source} is not on the allow-list "
            f"({', '.join(sorted(allowed)) or 'empty'}; sandbox.toml key "
            "sandbox.allowed_hosts).",
        )
    if hostaddr and not (is_loopback(hostaddr) or hostaddr in allowed):
        raise GuardRefusal(
            "hostaddr-loopback",
            f"hostaddr {hostaddr!r} (from {source} or PGHOSTADDR) sends the connection "
            f"to a non-loopback address behind host {host!r}; it must be a loopback "
            "address or on the allow-list.",
        )
    return host


def resolve_all(hosts: set[str]) -> set[str]:
    """The addresses the allow-listed host names resolve to."""
    addresses = set(hosts)
    for host in hosts:
        if is_socket(host):
            continue
        try:
            for info in socket.getaddrinfo(host, None):
                addresses.add(str(info[4][0]).split("%", 1)[0])
        except OSError:
            continue
    return addresses
