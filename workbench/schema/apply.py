"""Applying schema.sql to the sandbox, one phase at a time.

Statements run in file order on an autocommit connection, each on its own, so a failure names
exactly one statement (file:line and the server's message) and nothing half-applied hides
behind a rolled-back transaction. Phases follow pg_restore: "pre" (types, sequences, tables…),
then the data is loaded, then "post" (indexes, constraints, triggers, policies), then "data"
(the file's own row fix-ups, which the workbench normally leaves out). Session settings (SET,
set_config) are replayed in every phase at their place in the file, so a `SET search_path`
at the top still governs the post-data statements. "skip" statements are never executed.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

import psycopg
from psycopg import pq, sql

from workbench.errors import SchemaApplyError
from workbench.schema.parse import PHASES, SESSION_KINDS, ParsedFile, Statement

# The file's statements run as this role, not as the superuser the workbench connects as: it
# owns the sandbox database and the roles the file references (all created NOLOGIN by the
# workbench), so it can build every object but cannot reach outside the database.
OWNER_ROLE = "workbench_owner"
# Extensions often need a superuser to install; only these statements keep the connection's role.
_SUPERUSER_KINDS = frozenset({"CREATE EXTENSION", "ALTER EXTENSION", "COMMENT ON EXTENSION"})
# Only a statement that is nothing but `ALTER <kind> <name> OWNER TO <role>` runs with the
# connection's own role: a name (dotted, quoted, with a function's argument types) and nothing
# else, so no expression, subcommand or query can ride along (a comment or a second ALTER
# TABLE action that mentions OWNER TO is not one).
_IDENT = r'(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)'
_OWNER_TO = re.compile(
    r"\s*ALTER\s+(?:TABLE|SEQUENCE|VIEW|MATERIALIZED\s+VIEW|FOREIGN\s+TABLE|TYPE|DOMAIN|"
    r"FUNCTION|PROCEDURE|AGGREGATE|ROUTINE|SCHEMA|COLLATION|CONVERSION|OPERATOR(?:\s+CLASS|"
    r"\s+FAMILY)?|TEXT\s+SEARCH\s+(?:CONFIGURATION|DICTIONARY)|PUBLICATION|STATISTICS)\s+"
    r"(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?"
    rf"{_IDENT}(?:\s*\.\s*{_IDENT})*"
    r"(?:\s*\((?:[^()';]|\([^()';]*\))*\))?"
    r"(?:\s+USING\s+[A-Za-z_][\w$]*)?"
    rf"\s+OWNER\s+TO\s+({_IDENT})\s*;?\s*",
    re.IGNORECASE,
)

# The search path schema.sql (and a migration, a default, a trigger) is written for: the usual
# one, where the workbench's own sessions use pg_catalog alone.
FILE_SEARCH_PATH = 'SET search_path = "$user", public'


@dataclass
class ApplyReport:
    phase: str
    executed: list[Statement] = field(default_factory=list)
    skipped: list[Statement] = field(default_factory=list)  # "skip" statements (pre report)
    roles_created: list[str] = field(default_factory=list)
    not_owned: list[Statement] = field(default_factory=list)  # OWNER TO a superuser: skipped
    # Settings this server does not know (a dump from a newer server): skipped, with a notice.
    notices: list[str] = field(default_factory=list)
    run_as: str | None = None  # the role the statements ran as (None: the connection's own)
    seconds: float = 0.0


def _is_superuser(conn: Any) -> bool:
    row = conn.execute("SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user")
    found = row.fetchone()
    return bool(found and found[0])


def use_owner_role(conn: Any) -> str | None:
    """Switch a superuser connection to OWNER_ROLE (which must exist); a connection that is not
    a superuser keeps its own, already limited, privileges. Returns the role switched to."""
    if not _is_superuser(conn):
        return None
    conn.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(OWNER_ROLE)))
    return OWNER_ROLE


def prepare_owner_role(conn: Any, parsed: ParsedFile) -> str | None:
    """Create OWNER_ROLE where missing, hand it the sandbox database, and make it a member of
    the file's non-superuser roles so `OWNER TO` them works. A no-op without superuser."""
    if not _is_superuser(conn):
        return None
    with contextlib.suppress(psycopg.errors.DuplicateObject):
        conn.execute(
            sql.SQL("CREATE ROLE {} NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE").format(
                sql.Identifier(OWNER_ROLE)
            )
        )
    dbname = conn.execute("SELECT current_database()").fetchone()[0]
    conn.execute(
        sql.SQL("ALTER DATABASE {} OWNER TO {}").format(
            sql.Identifier(dbname), sql.Identifier(OWNER_ROLE)
        )
    )
    rows = conn.execute(
        "SELECT rolname FROM pg_catalog.pg_roles WHERE rolname = ANY(%s) AND NOT rolsuper "
        "AND rolname <> %s AND rolname NOT LIKE 'pg\\_%%'",
        [parsed.schema.roles, OWNER_ROLE],
    ).fetchall()
    for (role,) in rows:
        conn.execute(
            sql.SQL("GRANT {} TO {}").format(sql.Identifier(role), sql.Identifier(OWNER_ROLE))
        )
    return OWNER_ROLE


def _owner_target(st: Statement) -> str | None:
    """The role of a plain `ALTER … OWNER TO role` statement, else None."""
    match = _OWNER_TO.fullmatch(st.sql)
    if not match:
        return None
    name = match.group(1)
    return name[1:-1].replace('""', '"') if name.startswith('"') else name.lower()


def _server_message(err: psycopg.Error) -> str:
    diag = getattr(err, "diag", None)
    msg = (diag.message_primary if diag is not None else None) or str(err).strip()
    detail = diag.message_detail if diag is not None else None
    return f"{msg} ({detail})" if detail else msg


def missing_extensions(conn: Any, parsed: ParsedFile) -> list[str]:
    """Extensions the file creates that this server cannot provide."""
    need = parsed.schema.extensions
    if not need:
        return []
    rows = conn.execute(
        "SELECT name FROM pg_catalog.pg_available_extensions WHERE name = ANY(%s)", [need]
    ).fetchall()
    have = {r[0] for r in rows}
    return [e for e in need if e not in have]


_CURRENT_SETTING = re.compile(
    r"current_setting\s*\(\s*'((?:[^']|'')+)'\s*(?:,\s*(?:false|'f(?:alse)?')\s*)?\)"
    r"(?:\s*\))*(?:\s*::\s*(?:pg_catalog\s*\.\s*)?\"?([a-z_ ]+?)\b)?",
    re.IGNORECASE,
)
_SET_NAME = re.compile(
    r"^\s*(?:SET\s+(?:SESSION\s+|LOCAL\s+)?\"?([\w.]+)|SELECT\s+(?:pg_catalog\s*\.\s*)?"
    r"set_config\s*\(\s*'([^']+)')",
    re.IGNORECASE,
)
# A value each type accepts, for a setting the schema reads but never sets.
_PLAUSIBLE = {
    "uuid": "00000000-0000-4000-8000-000000000001",
    "int": "1", "integer": "1", "int4": "1", "int8": "1", "bigint": "1", "smallint": "1",
    "int2": "1", "numeric": "1", "decimal": "1", "real": "1", "float8": "1", "double": "1",
    "bool": "off", "boolean": "off", "date": "2000-01-01", "timestamp": "2000-01-01 00:00:00",
    "timestamptz": "2000-01-01 00:00:00+00", "jsonb": "{}", "json": "{}", "regrole": "public",
}  # fmt: skip


@dataclass
class LoadSetting:
    name: str
    value: str
    source: str  # file:line of the first statement reading it


def load_settings(parsed: ParsedFile) -> list[LoadSetting]:
    """Custom settings (`app.current_tenant`) that schema.sql reads with current_setting()
    without a missing_ok, in a default, a generated column, a CHECK or a function, and never
    sets itself. Reading one the session lacks is an error, which would stop the load of a
    row that uses it; the load sessions set each to a value its cast accepts."""
    set_by_file: set[str] = set()
    wanted: dict[str, LoadSetting] = {}
    for st in parsed.statements:
        m = _SET_NAME.match(st.sql)
        if m and st.kind in SESSION_KINDS:
            set_by_file.add((m.group(1) or m.group(2)).lower())
        if "current_setting" not in st.sql.lower():
            continue
        for call in _CURRENT_SETTING.finditer(st.sql):
            name = call.group(1).replace("''", "'")
            if "." not in name or name.lower() in wanted:
                continue  # a built-in setting always exists
            cast = (call.group(2) or "").strip().lower().split(" ")[0]
            value = _PLAUSIBLE.get(cast, "0" if cast.startswith(("int", "num")) else "sandbox")
            wanted[name.lower()] = LoadSetting(name, value, str(st.source))
    return [v for k, v in wanted.items() if k not in set_by_file]


def set_load_settings(conn: Any, parsed: ParsedFile) -> list[LoadSetting]:
    """SET the settings of `load_settings` in this session (they end with it, or RESET)."""
    settings = load_settings(parsed)
    for s in settings:
        conn.execute("SELECT pg_catalog.set_config(%s, %s, false)", [s.name, s.value])
    return settings


def load_file_rows(conn: Any, parsed: ParsedFile, tables: Collection[str]) -> ApplyReport:
    """Load the rows schema.sql carries for `tables`, as written (the data section)."""
    return apply_statements(conn, parsed, "data", only_tables=frozenset(tables))


def create_missing_roles(conn: Any, parsed: ParsedFile) -> list[str]:
    """Create the roles the file references, NOLOGIN, where the cluster lacks them."""
    roles = parsed.schema.roles
    if not roles:
        return []
    rows = conn.execute(
        "SELECT rolname FROM pg_catalog.pg_roles WHERE rolname = ANY(%s)", [roles]
    ).fetchall()
    have = {r[0] for r in rows}
    made = []
    for role in roles:
        if role in have:
            continue
        try:
            conn.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(sql.Identifier(role)))
        except psycopg.errors.DuplicateObject:
            continue  # created meanwhile by a concurrent apply on the same cluster
        made.append(role)
    return made


def apply_statements(
    conn: Any,
    parsed: ParsedFile,
    phase: str,
    *,
    create_roles: bool = True,
    only_tables: Collection[str] | None = None,
) -> ApplyReport:
    """Run the statements of one phase ("pre", "post" or "data") in file order.
    `only_tables` (data phase): run just the rows the file carries for these tables
    (INSERT … VALUES and COPY … FROM stdin, see `Statement.table`)."""
    if phase not in PHASES or phase == "skip":
        raise ValueError(f"phase must be one of pre, post, data; got {phase!r}")
    started = time.perf_counter()
    report = ApplyReport(phase)
    was_autocommit = conn.autocommit
    # An idle connection runs in autocommit; one already inside a transaction keeps it and
    # runs each statement in a savepoint, so a failure still names exactly one statement.
    in_tx = not was_autocommit and conn.info.transaction_status != pq.TransactionStatus.IDLE
    if not in_tx:
        conn.autocommit = True
    try:
        if phase == "pre":
            _prepare_pre(conn, parsed, report, create_roles=create_roles)
        superusers = _superuser_roles(conn)
        report.run_as = use_owner_role(conn)
        conn.execute(FILE_SEARCH_PATH)  # the file's own SETs follow, in file order
        for setting in set_load_settings(conn, parsed):
            if phase == "pre":
                report.notices.append(
                    f"{setting.source}: reads the setting {setting.name}, which schema.sql "
                    f"never sets; the load sets it to {setting.value!r}"
                )
        for st in parsed.statements:
            runs = st.phase == phase or (st.kind in SESSION_KINDS and st.phase == "pre")
            if only_tables is not None and st.phase == phase:
                runs = st.table is not None and st.table in only_tables
            if not runs:
                continue
            if _run_one(conn, st, report, superusers, in_tx=in_tx) and st.phase == phase:
                report.executed.append(st)
    finally:
        if not conn.closed:
            # The file's SETs and the role switch must not leak into the caller's session.
            with contextlib.suppress(psycopg.Error):
                conn.execute("RESET ROLE")
                conn.execute("RESET ALL")
            if not in_tx:
                conn.autocommit = was_autocommit
    report.seconds = time.perf_counter() - started
    return report


def _prepare_pre(conn: Any, parsed: ParsedFile, report: ApplyReport, *, create_roles: bool) -> None:
    """Before the pre-data statements: the extensions the file needs are there, the roles it
    names exist (NOLOGIN), and the sandbox's owner role is ready."""
    missing = missing_extensions(conn, parsed)
    if missing:
        where = _extension_lines(parsed, missing)
        raise SchemaApplyError(
            f"{parsed.filename} needs PostgreSQL extensions this server does not "
            f"have: {', '.join(missing)} ({where}). Install the server packages that "
            "provide them, or remove them from the schema.",
            title="missing extensions",
        )
    if create_roles:
        report.roles_created = create_missing_roles(conn, parsed)
    report.skipped = [s for s in parsed.statements if s.phase == "skip"]
    prepare_owner_role(conn, parsed)


def _run_one(
    conn: Any, st: Statement, report: ApplyReport, superusers: set[str], *, in_tx: bool
) -> bool:
    """Run one statement as the owner role (as the administrator where it must); False when
    it is left out because it would hand an object to a superuser."""
    owner = _owner_target(st)
    if report.run_as and owner in superusers:
        # Handing an object to a superuser could let its code run as one later; like
        # pg_restore --no-owner, the object stays with the sandbox's owner role.
        report.not_owned.append(st)
        return False
    # OWNER TO a (NOLOGIN, non-superuser) role of the file only relabels an object of
    # this database, but needs rights on its schema that the owner role may lack.
    elevated = report.run_as is not None and (st.kind in _SUPERUSER_KINDS or owner is not None)
    if elevated:
        conn.execute("RESET ROLE")
    try:
        notice = _execute(conn, st, savepoint=in_tx)
        if notice and notice not in report.notices:
            report.notices.append(notice)
    finally:
        if elevated:
            use_owner_role(conn)
    return True


def _superuser_roles(conn: Any) -> set[str]:
    return {r[0] for r in conn.execute("SELECT rolname FROM pg_catalog.pg_roles WHERE rolsuper")}


def _execute(conn: Any, st: Statement, *, savepoint: bool) -> str | None:
    """Run one statement; returns a notice when a harmless statement was skipped."""
    try:
        with contextlib.ExitStack() as stack:
            if savepoint:
                stack.enter_context(conn.transaction())
            cur = stack.enter_context(conn.cursor())
            if st.kind == "COPY FROM stdin":
                with cur.copy(st.sql) as copy:
                    if st.copy_data:
                        copy.write(st.copy_data)
            else:
                cur.execute(st.sql)
        return None
    except psycopg.Error as e:
        message = _server_message(e)
        if (
            isinstance(e, psycopg.errors.UndefinedObject)
            and st.kind in SESSION_KINDS
            and "configuration parameter" in message
        ):
            # A setting of a newer server (PG 17's transaction_timeout in a PG 17 pg_dump's
            # header): pg_restore users expect it to be passed over, and so it is.
            return f"{st.source}: skipped {st.kind}: {message} on this server"
        raise SchemaApplyError(f"{st.source}: {st.kind} failed: {message}\n  {_first(st)}") from e


def _first(st: Statement) -> str:
    return " ".join(st.sql.split())[:120]


def _extension_lines(parsed: ParsedFile, names: list[str]) -> str:
    out = []
    for st in parsed.statements:
        if st.kind == "CREATE EXTENSION":
            low = st.sql.lower()
            for n in names:
                if n.lower() in low:
                    out.append(str(st.source))
                    break
    return ", ".join(out) or parsed.filename
