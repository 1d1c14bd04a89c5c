"""Applying schema.sql to the sandbox, one phase at a time.

Statements run in file order on an autocommit connection, each on its own, so a failure names
exactly one statement (file:line and the server's message) and nothing half-applied hides
behind a rolled-back transaction. Phases follow pg_restore: "pre" (types, sequences, tables…),
then the data is loaded, then "post" (indexes, constraints, triggers, policies), then "data"
(the file's own row fix-ups, which the workbench normally leaves out). Session settings (SET,
set_config) are replayed in every phase at their place in the file, so a `SET search_path`
at the top still governs the post-data statements. "skip" statements are never executed.

Who runs what: the file's statements run on the connection handed in — in the engine the
sandbox owner role's own login, which is no superuser, so nothing in the file (a `SET role`,
`set_config('role', …)`, a function a CHECK calls) can become one. The administrator's
connection (`admin`) does only fixed steps the workbench builds from the parse tree, each sent
alone over the extended protocol: the file's extensions (before any statement of the file
runs), the roles it names (NOLOGIN, no attribute), the owner role's `public` schema and
memberships, comments on extensions, and ownership changes between the sandbox's own roles on
the sandbox's own objects. What needs a superuser beyond that is refused before anything is
written, or left out where `[schema] skip` says so (privilege.py).
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

from workbench.config.file import MISSING_EXTENSIONS
from workbench.errors import RowsRefused, SchemaApplyError
from workbench.schema import network, privilege
from workbench.schema.file_roles import (
    create_missing_roles,
    foreign_roles_note,
    harmless_roles,
)
from workbench.schema.load_settings import set_load_settings
from workbench.schema.parse import PHASES, SESSION_KINDS, ParsedFile, Statement
from workbench.standins import COMMENT_PREFIX as STANDIN_COMMENT_PREFIX

# The search path schema.sql (and a migration, a default, a trigger) is written for: the usual
# one, where the workbench's own sessions use pg_catalog alone.
FILE_SEARCH_PATH = 'SET search_path = "$user", public'

# Objects of this database (and shared ones) owned by the given roles: pg_shdepend records an
# owner for every object whose owner is not the bootstrap superuser.
_OWNED_BY = """
    SELECT classid, objid FROM pg_catalog.pg_shdepend
    WHERE deptype = 'o'
      AND dbid IN (0, (SELECT oid FROM pg_catalog.pg_database
                       WHERE datname = pg_catalog.current_database()))
      AND refobjid IN (SELECT oid FROM pg_catalog.pg_roles WHERE rolname = ANY(%s))
"""


@dataclass
class ApplyReport:
    phase: str
    executed: list[Statement] = field(default_factory=list)
    skipped: list[Statement] = field(default_factory=list)  # "skip" statements (pre report)
    roles_created: list[str] = field(default_factory=list)
    not_owned: list[Statement] = field(default_factory=list)  # OWNER TO a superuser: skipped
    # Settings this server does not know (a dump from a newer server): skipped, with a notice.
    notices: list[str] = field(default_factory=list)
    run_as: str | None = None  # the role the file's statements ran as
    seconds: float = 0.0


def send_alone(conn: Any, statement: sql.Composable | str) -> None:
    """One statement the workbench built, sent over the extended protocol: the server
    refuses a second statement there, whatever the text holds."""
    with conn.cursor() as cur:
        cur.execute(statement, binary=True)


def _who(conn: Any) -> tuple[str, bool]:
    row = conn.execute(
        "SELECT current_user, rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user"
    ).fetchone()
    return str(row[0]), bool(row[1])


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


@dataclass
class _Run:
    """What the statements of one phase run with."""

    conn: Any  # the file's statements
    admin: Any  # the fixed steps (the same connection when none is given)
    report: ApplyReport
    in_tx: bool
    superusers: set[str]
    sandbox_roles: set[str]  # the owner role and the file's harmless roles
    left_out: set[int]  # ids of statements `[schema] skip` leaves out
    premade: set[str] = field(default_factory=set)  # schemas made for the extensions
    timeout_s: int | None = None  # the longest one statement of the file may run
    network: Collection[str] = ()  # the network extensions `[schema]` allows
    config_path: str = "sandbox.toml"
    adopt_roles: bool = False  # the embedded cluster: see create_missing_roles
    network_to_owner: bool = True  # an allowed network extension's functions: the owner's
    block: bool = False  # inside one of the file's BEGIN … COMMIT blocks (pre-data)

    def open_block(self) -> None:
        """The file's BEGIN: what follows, up to its COMMIT, runs in one transaction, as
        psql runs it (a TEMP table ON COMMIT DROP lives until then), each statement in a
        savepoint so that a failure still names one statement."""
        if not self.block and not self.in_tx:
            self.conn.autocommit = False
            self.conn.execute("SELECT 1")  # opens it: each statement is then a savepoint
            self.block = self.in_tx = True

    def close_block(self) -> None:
        """The file's COMMIT (or a fixed step of the administrator's, which must see what
        the block made): the block's work is committed."""
        if self.block:
            self.conn.commit()
            self.conn.autocommit = True
            self.block = self.in_tx = False

    def bound(self) -> None:
        """The session's statement timeout, again after the file's own SET of it."""
        if self.timeout_s is not None:
            self.conn.execute(
                "SELECT pg_catalog.set_config('statement_timeout', %s, false)",
                [f"{self.timeout_s}s"],
            )

    @property
    def separate(self) -> bool:
        return self.admin is not self.conn


def apply_statements(
    conn: Any,
    parsed: ParsedFile,
    phase: str,
    *,
    admin: Any = None,
    create_roles: bool = True,
    only_tables: Collection[str] | None = None,
    file_rows: Collection[str] | None = None,
    skip: Collection[str] = (),
    config_path: str = "sandbox.toml",
    timeout_s: int | None = None,
    network_extensions: Collection[str] = (),
    adopt_roles: bool = False,
    network_to_owner: bool = True,
) -> ApplyReport:
    """Run the statements of one phase ("pre", "post" or "data") in file order on `conn`;
    the fixed steps (see the module docstring) on `admin` (`conn` itself when None).
    `file_rows` (pre phase): the tables that keep the rows the file carries; the file's data
    statements then run at their place in the file, as psql runs them (see `runs_in_place`).
    `only_tables` (data phase): run just the rows the file carries for these tables
    (INSERT and COPY … FROM stdin, see `Statement.table`). `skip`: the categories of
    `[schema] skip` (statements that need a superuser are refused unless named there).
    `timeout_s`: the longest one statement may run (`[schema] statement_timeout`); the file's
    own `SET statement_timeout` does not lift it. `network_extensions`: those of
    network.NETWORK_EXTENSIONS the file may create (`[schema] network_extensions`), whose
    functions the file's role may call unless `network_to_owner` is False (a rehearsal)."""
    if phase not in PHASES or phase == "skip":
        raise ValueError(f"phase must be one of pre, post, data; got {phase!r}")
    started = time.perf_counter()
    report = ApplyReport(phase)
    admin = conn if admin is None else admin
    was_autocommit = conn.autocommit
    # An idle connection runs in autocommit; one already inside a transaction keeps it and
    # runs each statement in a savepoint, so a failure still names exactly one statement.
    in_tx = not was_autocommit and conn.info.transaction_status != pq.TransactionStatus.IDLE
    if not in_tx:
        conn.autocommit = True
    run: _Run | None = None
    try:
        left_out = check_privileges(admin, parsed, skip, config_path, network_extensions)
        owner, _ = _who(conn)
        run = _Run(
            conn,
            admin,
            report,
            in_tx,
            _superuser_roles(admin),
            {owner, *harmless_roles(admin, parsed)},
            {id(s) for s in left_out},
            timeout_s=timeout_s,
            network=network_extensions,
            config_path=config_path,
            adopt_roles=adopt_roles,
            network_to_owner=network_to_owner,
        )
        if phase == "pre":
            _prepare_pre(run, parsed, create_roles=create_roles)
            harmless = harmless_roles(admin, parsed)
            run.sandbox_roles = {owner, *harmless}
            note = foreign_roles_note(admin, parsed, harmless)
            if note:
                report.notices.append(note)
        report.run_as = owner
        conn.execute(FILE_SEARCH_PATH)  # the file's own SETs follow, in file order
        run.bound()
        for setting in set_load_settings(conn, parsed):
            if phase == "pre":
                report.notices.append(
                    f"{setting.source}: reads the setting {setting.name}, which schema.sql "
                    f"never sets; the load sets it to {setting.value!r}"
                )
        in_place = frozenset(file_rows) if file_rows is not None and phase == "pre" else None
        for st in parsed.statements:
            if phase == "pre" and not in_tx and st.phase == "skip":
                if st.kind in ("BEGIN", "START"):
                    run.open_block()
                elif st.kind in ("COMMIT", "END"):
                    run.close_block()
            runs = st.phase == phase or (st.kind in SESSION_KINDS and st.phase == "pre")
            if only_tables is not None and st.phase == phase:
                runs = st.table is not None and st.table in only_tables
            if in_place is not None and st.phase == "data":
                runs = runs_in_place(st, in_place)
            if not runs:
                continue
            if id(st) in run.left_out:
                if phase == "pre" or st.phase == phase:
                    report.skipped.append(st)
                continue
            if _run_one(run, st) and st.phase in (phase, "data"):
                report.executed.append(st)
            if st.kind in SESSION_KINDS and re.search(r"statement_timeout|\ball\b", st.sql, re.I):
                run.bound()
        if phase == "pre":
            _label_standins(admin)
    finally:
        if run is not None and run.block and not conn.closed:
            with contextlib.suppress(psycopg.Error):
                run.close_block()  # a block the file never closed ends with it
            if run.block:
                conn.rollback()
                run.block = False
        if not conn.closed:
            # The file's SETs must not leak into the caller's session.
            with contextlib.suppress(psycopg.Error):
                conn.execute("RESET ALL")
            if not in_tx:
                conn.autocommit = was_autocommit
    report.seconds = time.perf_counter() - started
    return report


def runs_in_place(st: Statement, file_rows: Collection[str]) -> bool:
    """Whether a data statement of the file runs at its place: rows for a table that keeps
    the file's rows (any INSERT, COPY … FROM stdin), a statement writing only into such
    tables (an UPDATE of seed rows), and the opaque ones (DO, CALL, a SELECT of a function,
    setval), which psql would run there too. One writing into a table whose rows are
    generated instead is left out: it would act on rows the sandbox does not keep."""
    if st.table is not None:
        return st.table in file_rows
    return all(table in file_rows for table in st.writes)


def check_privileges(
    admin: Any,
    parsed: ParsedFile,
    skip: Collection[str],
    config_path: str,
    network_extensions: Collection[str] = (),
) -> list[Statement]:
    """Refuse the first statement that needs a superuser and that `[schema] skip` does not
    name (SchemaApplyError, before anything is written); returns those it leaves out."""
    untrusted = [
        r[0]
        for r in admin.execute("SELECT lanname FROM pg_catalog.pg_language WHERE NOT lanpltrusted")
    ]
    found = privilege.needs(parsed, untrusted, network_extensions)
    return privilege.refuse_or_skip(parsed, found, skip, config_path)


def _prepare_pre(run: _Run, parsed: ParsedFile, *, create_roles: bool) -> None:
    """Before the first statement of the file: the extensions it needs are there (made by
    the administrator in the still empty database, so nothing of the file can be in their
    way), the roles it names exist (NOLOGIN), and the owner role has `public` and is a
    member of the file's harmless roles."""
    admin, report = run.admin, run.report
    missing = missing_extensions(admin, parsed)
    if missing:
        where = _extension_lines(parsed, missing)
        raise SchemaApplyError(
            f"{parsed.filename} needs PostgreSQL extensions this server does not "
            f"have: {', '.join(missing)} ({where}). Install the server packages that "
            "provide them, or remove them from the schema, or leave out what needs them: "
            f'[schema] skip = ["{MISSING_EXTENSIONS}"] in sandbox.toml leaves out the CREATE '
            "EXTENSION and every statement that uses what it provides or depends on those, "
            "and generate names the tables it then skips.",
            title="missing extensions",
        )
    if create_roles:
        report.roles_created = create_missing_roles(admin, parsed, adopt=run.adopt_roles)
    report.skipped = [s for s in parsed.statements if s.phase == "skip"]
    owner = _who(run.conn)[0] if run.separate else None
    for ext in privilege.extensions(parsed.statements):
        if id(ext.statement) not in run.left_out:
            _create_extension(run, ext, owner)
    if owner is not None:
        _hand_over(admin, owner, parsed)


def _create_extension(run: _Run, ext: privilege.Extension, owner: str | None) -> None:
    admin = run.admin
    try:
        with admin.transaction():
            if (
                ext.schema
                and not admin.execute(
                    "SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = %s", [ext.schema]
                ).fetchone()
            ):
                create = sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(ext.schema))
                if owner is not None:
                    create += sql.SQL(" AUTHORIZATION {}").format(sql.Identifier(owner))
                send_alone(admin, create)
                run.premade.add(ext.schema)
            # Without a schema of its own, an extension goes where the file's session would
            # put it (public), never in the administrator's pg_catalog.
            admin.execute("SELECT pg_catalog.set_config('search_path', 'public', true)")
            send_alone(admin, ext.create())
            to = owner if run.network_to_owner else None
            network.close(admin, to, run.network, ext.source, run.config_path)
    except psycopg.Error as err:
        raise SchemaApplyError(
            f"{ext.source}: CREATE EXTENSION failed: {_server_message(err)}"
        ) from err


# The stand-in extensions the database holds whose comment no longer starts with the label
# their control file gives (schema.sql's own COMMENT ON EXTENSION replaced it).
_RELABEL = """
SELECT e.extname, a.comment, pg_catalog.obj_description(e.oid, 'pg_extension')
FROM pg_catalog.pg_extension e
JOIN pg_catalog.pg_available_extensions a ON a.name = e.extname
WHERE a.comment LIKE %(label)s
  AND coalesce(pg_catalog.obj_description(e.oid, 'pg_extension'), '') NOT LIKE %(label)s
"""


def _label_standins(admin: Any) -> None:
    """A stand-in keeps its label first in its comment (what `\\dx` shows), with
    schema.sql's own comment after it: whoever reads it must see it is not the real one."""
    label = STANDIN_COMMENT_PREFIX + "%"  # no LIKE wildcard in it
    for name, standin, theirs in admin.execute(_RELABEL, {"label": label}).fetchall():
        comment = f"{standin}; schema.sql's comment: {theirs}" if theirs else standin
        with admin.transaction():
            send_alone(
                admin,
                sql.SQL("COMMENT ON EXTENSION {} IS {}").format(
                    sql.Identifier(name), sql.Literal(comment)
                ),
            )


def _hand_over(admin: Any, owner: str, parsed: ParsedFile) -> None:
    """The owner role owns `public` (pg_database_owner's, the administrator's, by default)
    and may act as the file's harmless roles, so `OWNER TO` them and their objects work."""
    ident = sql.Identifier(owner)
    row = admin.execute(
        "SELECT pg_catalog.pg_get_userbyid(nspowner) FROM pg_catalog.pg_namespace "
        "WHERE nspname = 'public'"
    ).fetchone()
    if row is not None and row[0] != owner:
        try:
            with admin.transaction():
                send_alone(admin, sql.SQL("ALTER SCHEMA public OWNER TO {}").format(ident))
        except psycopg.errors.InsufficientPrivilege:
            send_alone(admin, sql.SQL("GRANT USAGE, CREATE ON SCHEMA public TO {}").format(ident))
    for role in harmless_roles(admin, parsed):
        with contextlib.suppress(psycopg.errors.InsufficientPrivilege), admin.transaction():
            send_alone(admin, sql.SQL("GRANT {} TO {}").format(sql.Identifier(role), ident))


def _run_one(run: _Run, st: Statement) -> bool:
    """Run one statement of the file; False when it is left out because it would hand an
    object to a role that is not the sandbox's (a superuser: pg_dump's `OWNER TO postgres`)."""
    if st.phase == "pre" and privilege.extensions([st]):
        return True  # made by the administrator before the file ran
    if run.separate and st.kind == "COMMENT ON EXTENSION":
        run.close_block()
        comment = privilege.extension_comment(st)
        if comment is not None:
            _fixed(run, st, comment)
            return True
    if (
        run.premade
        and st.kind == "CREATE SCHEMA"
        and privilege.plain_create_schema(st) in run.premade
    ):
        return True
    change = privilege.owner_change(st)
    if change is not None:
        if change.role in run.superusers or change.role not in run.sandbox_roles:
            # Like pg_restore --no-owner: the object stays with the sandbox's owner role.
            run.report.not_owned.append(st)
            return False
        if run.separate:
            run.close_block()
            _transfer(run, st, change)
            return True
    notice = _execute(
        run.conn,
        st,
        savepoint=run.in_tx,
        timeout_s=run.timeout_s,
        after_data=run.report.phase != "pre",
    )
    if notice and notice not in run.report.notices:
        run.report.notices.append(notice)
    return True


def _fixed(run: _Run, st: Statement, statement: sql.Composable) -> None:
    try:
        with run.admin.transaction():
            send_alone(run.admin, statement)
    except psycopg.Error as err:
        raise SchemaApplyError(f"{st.source}: {st.kind} failed: {_server_message(err)}") from err


def _transfer(run: _Run, st: Statement, change: privilege.OwnerChange) -> None:
    """`ALTER … OWNER TO <a harmless role of the file>`, done by the administrator (the new
    owner needs rights on the schema that the owner role cannot give), rebuilt from the
    statement's tree, and kept only when every object it moved belonged to the sandbox's own
    roles before: an object of the server's (a pg_catalog function), of the administrator or
    of anyone else is refused and the change rolled back."""
    admin, conn = run.admin, run.conn
    owner = _who(conn)[0]
    try:
        # First the proof, with no privilege: the owner role may give the object to itself
        # only when it (or a role it acts as) owns it. Undone at once.
        with conn.transaction(force_rollback=True):
            send_alone(conn, change.to(owner))
    except psycopg.Error:
        raise _refusal(st) from None
    path = conn.execute("SHOW search_path").fetchone()[0]
    roles = sorted(run.sandbox_roles)
    try:
        with admin.transaction():
            admin.execute("SELECT pg_catalog.set_config('search_path', %s, true)", [path])
            sandbox_owned = set(admin.execute(_OWNED_BY, [roles]).fetchall())
            before = set(admin.execute(_OWNED_BY, [[change.role]]).fetchall())
            send_alone(admin, change.rebuilt)
            moved = set(admin.execute(_OWNED_BY, [[change.role]]).fetchall()) - before
            if not moved <= sandbox_owned:
                raise _NotTheSandboxs
    except _NotTheSandboxs:
        raise _refusal(st) from None
    except psycopg.Error as err:
        raise SchemaApplyError(f"{st.source}: {st.kind} failed: {_server_message(err)}") from err


class _NotTheSandboxs(Exception):
    pass


def _refusal(st: Statement) -> SchemaApplyError:
    return SchemaApplyError(
        f"{st.source}: {_first(st)} changes the owner of an object that schema.sql did not "
        "make (one of the server's, or of another role); the workbench hands over only the "
        "sandbox's own objects, so nothing of it was done and nothing after it ran. Remove "
        f"the statement from {st.source.file}.",
        title="not the sandbox's object",
    )


def _superuser_roles(conn: Any) -> set[str]:
    return {r[0] for r in conn.execute("SELECT rolname FROM pg_catalog.pg_roles WHERE rolsuper")}


def _execute(
    conn: Any,
    st: Statement,
    *,
    savepoint: bool,
    timeout_s: int | None = None,
    after_data: bool = False,
) -> str | None:
    """Run one statement; returns a notice when a harmless statement was skipped. After the
    data (`after_data`), a statement that refuses the rows (a value it cannot compute, a key
    they repeat, a constraint they break) is the rows' fault, said so (`RowsRefused`)."""
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
        if isinstance(e, psycopg.errors.QueryCanceled) and "timeout" in message:
            message += f" ({timeout_hint(timeout_s)})"
        if after_data and _about_rows(e.sqlstate or ""):
            raise rows_refused(e, st, message) from e
        where = st.place(e.diag.statement_position)
        raise SchemaApplyError(f"{where}: {st.kind} failed: {message}\n  {_first(st)}") from e


def _about_rows(sqlstate: str) -> bool:
    """Data exceptions (class 22) and integrity violations (class 23) are about values, except
    invalid_parameter_value (22023): a storage parameter out of range (`fillfactor = 5`) fails
    on an empty table too, so it is the statement's fault, not the rows'."""
    return sqlstate[:2] in ("22", "23") and sqlstate != "22023"


def rows_refused(err: psycopg.Error, st: Statement, message: str) -> RowsRefused:
    """The error for a statement after the data that the generated rows break (data
    exceptions, class 22, and integrity violations, class 23, are about rows, not text)."""
    diag = err.diag
    table = (
        f"{diag.schema_name}.{diag.table_name}"
        if diag.table_name and diag.schema_name
        else (diag.table_name or st.table or _target(st) or "a table")
    )
    constraint = f"constraint {diag.constraint_name}" if diag.constraint_name else st.kind
    return RowsRefused(
        f"{table}: the generated rows break {constraint} ({st.source}: {_first(st)}): "
        f"{message}. schema.sql itself is fine (it loads empty); the rows the workbench wrote "
        "are at fault. Please report it; `workbench generate --seed N` with another seed may "
        "avoid it meanwhile."
    )


def timeout_hint(timeout_s: int | None) -> str:
    """What a statement stopped by the workbench's statement timeout is told."""
    limit = f"{timeout_s} s" if timeout_s is not None else "its limit"
    return (
        f"it ran longer than {limit}, the longest one statement of a file may run; "
        '[schema] statement_timeout in sandbox.toml (e.g. "30m") sets that limit'
    )


_TARGET = re.compile(
    r"^\s*(?:CREATE\s+(?:UNIQUE\s+)?INDEX\b.*?\bON\s+(?:ONLY\s+)?"
    r"|ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?)([^\s(]+)",
    re.I | re.S,
)


def _target(st: Statement) -> str | None:
    """The table an index or ALTER TABLE statement works on, as written."""
    match = _TARGET.match(st.sql)
    return match.group(1) if match else None


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
