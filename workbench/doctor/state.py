"""`workbench doctor`'s checks of the sandbox's state: drift, snapshot, lease, FK indexes,
sequences, row counts, unclassified columns, personal data, leaked sandboxes. Each runs on its
own: one failing never hides the others."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import psycopg

from workbench.access.databases import building_name, replaced_name
from workbench.access.run_lease import list_run_leases
from workbench.doctor.check import FAIL, PASS, WARN, Doctor
from workbench.errors import GuardRefusal, WorkbenchError
from workbench.fleet.clones import admin_session
from workbench.fleet.gc import run_troubles
from workbench.lifecycle.undo import settle_swap
from workbench.records.evidence import (
    incomplete,
    process_alive,
    read_records,
    stopped_build,
    summarise,
)
from workbench.rehearse.clone import unmarked_leftovers
from workbench.waits import bound_waits

if TYPE_CHECKING:
    from workbench.context import Context


# --- the sandbox's state: drift, snapshot, lease, data (lifecycle) ------------------------------

_SAMPLE = 200
# The checks that read the sandbox's data as the read-only role (`_data`).
_AS_READER = frozenset({"sequences", "row counts", "personal data"})
# The checks that read schema.sql (its model, its fingerprint).
_READ_SCHEMA = frozenset(
    {"schema drift", "snapshot", "row counts", "unclassified columns", "personal data"}
)


def lifecycle_checks(doc: Doctor, ctx: Context) -> None:
    """Checks of the sandbox's state, each on its own: one failing never hides the others."""
    from workbench.records.lease import read_lease

    lease = read_lease(ctx.config.state_dir)
    for name, fix, body in (
        ("last build", "run `workbench reset --yes` (or `workbench generate --yes`)",
         lambda: _last_build(ctx)),
        ("schema drift", "run `workbench reset --yes` to rebuild from schema.sql",
         lambda: _drift(ctx, lease)),
        ("snapshot", "run `workbench snapshot` (or `workbench reset --yes --full`)",
         lambda: _snapshot_freshness(ctx)),
        ("lease", "run `workbench reset --yes` for a fresh environment and lease",
         lambda: _lease_expiry(lease)),
        ("fk indexes", "add an index on the foreign-key columns to schema.sql",
         lambda: _fk_without_index(ctx)),
        ("sequences", "run `workbench reset --yes` (generation advances every sequence)",
         lambda: _sequences_behind(ctx)),
        ("row counts", "run `workbench reset --yes` to return to the generated state",
         lambda: _row_counts(ctx, lease)),
        ("unclassified columns",
         "declare a generator for them in sandbox.toml (`workbench classify --write`)",
         lambda: _unclassified(ctx)),
        ("personal data", "find where these values came from and remove them; every value the "
         "workbench writes is fictional", lambda: _personal_data(ctx)),
        ("leaked sandboxes", "`workbench run gc` reclaims this sandbox's runs and the clones "
         "of rehearsals whose process is gone; drop the others (`DROP DATABASE …`) if nothing "
         "uses them any more",
         lambda: _leaked(ctx)),
        ("runs", "`workbench run gc` finishes their reset (or `workbench run reset ID`)",
         lambda: _runs(ctx)),
    ):  # fmt: skip
        if doc.schema_unreadable and name in _READ_SCHEMA:
            doc.add(
                name,
                WARN,
                f"skipped: {ctx.config.schema_path.name} cannot be read (see schema file)",
            )
            continue
        if doc.reader_closed and name in _AS_READER:
            doc.add(name, WARN, "skipped: the read-only role may not connect yet (see roles)")
            continue
        try:
            doc.attempt(name, fix, body)
        except Exception as err:  # a check that cannot run is reported, never a traceback
            doc.add(name, WARN, f"could not run: {type(err).__name__}: {err}", fix)


def _read_only(ctx: Context):
    """The workbench's own session for catalog queries only: read-only, names resolve in
    pg_catalog alone (nothing an agent created is found by an unqualified name), and a lock
    is waited for a few seconds at most."""
    conn = ctx.guard.connect()
    conn.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")
    conn.execute("SELECT pg_catalog.set_config('search_path', 'pg_catalog', false)")
    bound_waits(conn)
    return conn


def _data(ctx: Context, check: str):
    """For reading the sandbox's tables: the read-only role, never the superuser (a table
    may have become a view over a function an agent planted); a lock it waits for ends the
    check with the blocking session named."""
    return ctx.db.reading(f"doctor's {check} check")


def _last_build(ctx: Context) -> tuple[str, str]:
    """Whether the newest generate or reset finished: a stopped one left the database half
    made, whatever its tables say."""
    if stopped_build(summarise(read_records(ctx.config.state_dir))) is not None:
        try:
            with ctx.guard.connect(maintenance=True) as maintenance:
                settle_swap(ctx, maintenance)  # a swap a kill rolled back left it whole
        except (psycopg.Error, WorkbenchError):
            pass  # told as it is: the next reset or generate settles it
    stopped = incomplete(summarise(read_records(ctx.config.state_dir)))
    if stopped is not None:
        return FAIL, stopped
    return PASS, "the newest generate or reset finished"


def _drift(ctx: Context, lease: Any) -> tuple[str, str]:
    from workbench.lifecycle.fingerprints import (
        database_fingerprint,
        expected_database,
        file_fingerprint,
    )

    expected = expected_database(ctx, file_fingerprint(ctx))
    with _read_only(ctx) as conn:
        actual = database_fingerprint(conn)
        if actual == expected:
            return PASS, f"the database matches schema.sql (fingerprint {actual[:12]})"
        if lease is not None and lease.migrations_hash and actual == lease.database_fingerprint:
            return PASS, (
                f"the database matches schema.sql plus the migrations (fingerprint {actual[:12]})"
            )
        from workbench.lifecycle.fingerprints import BEHAVIOUR_DIFFERS, schema_differences

        diffs = schema_differences(ctx, conn, limit=3) or [BEHAVIOUR_DIFFERS]
    return WARN, "the database's schema differs from schema.sql: " + "; ".join(diffs)


def _snapshot_freshness(ctx: Context) -> tuple[str, ...]:
    """The snapshot reset would clone, with the fix for the cause found."""
    from workbench.lifecycle.reset import plan_reset

    with ctx.guard.connect(maintenance=True) as maintenance:
        leftover = maintenance.execute(
            "SELECT datname FROM pg_catalog.pg_database WHERE datname IN (%s, %s) LIMIT 1",
            (building_name(ctx.config), replaced_name(ctx.config)),
        ).fetchone()
        try:
            plan = plan_reset(ctx, maintenance, rows=None, seed=None, full=False)
        except GuardRefusal as err:
            return (
                FAIL,
                str(err),
                (
                    "that database is not this sandbox's snapshot, and the workbench never drops "
                    "what is not its own: rename or drop it yourself, then run `workbench snapshot`"
                ),
            )
    # After a build that stopped, `workbench snapshot` refuses (it would keep the half-made
    # build): the fix is what brings a whole sandbox back.
    unfinished = incomplete(summarise(read_records(ctx.config.state_dir))) is not None
    if leftover:
        return (
            WARN,
            (
                f"database {leftover[0]} is what a killed generate, reset or snapshot left "
                "half made or replaced (marked as this sandbox's)"
            ),
            "run `workbench reset --yes`: it drops it and goes on"
            if unfinished
            else "run `workbench reset --yes` or `workbench snapshot`: either drops it and goes on",
        )
    if plan.fast:
        info = plan.snapshot
        assert info is not None
        return PASS, (
            f"{info.snapshot_id} ({info.source}, {info.created}) matches: reset takes the fast path"
        )
    reason = f"the next reset takes the full path: {plan.reason}"
    if unfinished:
        return WARN, reason, "run `workbench reset --yes --full` (or `workbench generate --yes`)"
    return WARN, reason


def _lease_expiry(lease: Any) -> tuple[str, str]:
    if lease is None:
        return WARN, "no lease yet: the sandbox has not been generated or reset"
    if lease.expired:
        return FAIL, f"lease {lease.sandbox_id} expired at {lease.expires}"
    return PASS, f"lease {lease.sandbox_id} valid until {lease.expires} (run {lease.run_id})"


_USER_NAMESPACES = (
    "n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' "
    "AND n.nspname NOT LIKE 'pg_temp%'"
)


def _fk_without_index(ctx: Context) -> tuple[str, str]:
    with _read_only(ctx) as conn:
        rows = conn.execute(
            f"""
            SELECT (SELECT format('%I.%I', rn.nspname, r.relname) FROM pg_class r
                    JOIN pg_namespace rn ON rn.oid = r.relnamespace WHERE r.oid = c.conrelid),
                   c.conname,
                   (SELECT string_agg(a.attname, ', ' ORDER BY k.ord)
                    FROM unnest(c.conkey) WITH ORDINALITY k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum)
            FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
            WHERE c.contype = 'f' AND {_USER_NAMESPACES}
              AND NOT EXISTS (
                SELECT 1 FROM pg_index i
                WHERE i.indrelid = c.conrelid AND i.indpred IS NULL
                  AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey)
            ORDER BY 1, 2
            """
        ).fetchall()
    if not rows:
        return PASS, "every foreign key's columns lead an index"
    listed = "; ".join(f"{t} ({cols})" for t, _, cols in rows[:5])
    more = f" and {len(rows) - 5} more" if len(rows) > 5 else ""
    return WARN, f"{len(rows)} foreign key(s) without an index on their columns: {listed}{more}"


def _sequences_behind(ctx: Context) -> tuple[str, str]:
    from psycopg import sql

    behind: list[str] = []
    with _data(ctx, "sequences") as conn:
        rows = conn.execute(
            f"""
            SELECT n.nspname, t.relname, a.attname, s.last_value, s.start_value, s.increment_by
            FROM pg_class seq
            JOIN pg_namespace sn ON sn.oid = seq.relnamespace
            JOIN pg_sequences s ON s.schemaname = sn.nspname AND s.sequencename = seq.relname
            JOIN pg_depend d ON d.objid = seq.oid AND d.classid = 'pg_class'::regclass
                 AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
            JOIN pg_class t ON t.oid = d.refobjid
            JOIN pg_namespace n ON n.oid = t.relnamespace
            JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
            WHERE seq.relkind = 'S' AND t.relkind IN ('r', 'p') AND {_USER_NAMESPACES}
              AND a.atttypid IN ('int2'::regtype, 'int4'::regtype, 'int8'::regtype)
            ORDER BY 1, 2, 3
            """
        ).fetchall()
        for schema, table, column, last, start, step in rows:
            top = conn.execute(
                sql.SQL("SELECT max({}) FROM {}.{}").format(
                    sql.Identifier(column), sql.Identifier(schema), sql.Identifier(table)
                )
            ).fetchone()
            if top is None or top[0] is None:
                continue
            following = start if last is None else last + step
            if (step > 0 and top[0] >= following) or (step < 0 and top[0] <= following):
                behind.append(f"{schema}.{table}.{column} (next {following}, max {top[0]})")
    if behind:
        return FAIL, (
            f"{len(behind)} sequence(s) behind their column's values, so INSERTs with default "
            f"keys will fail: {'; '.join(behind[:5])}"
        )
    return PASS, f"{len(rows)} sequence(s) ahead of their columns' values"


def _row_counts(ctx: Context, lease: Any) -> tuple[str, str]:
    from psycopg import sql

    if lease is None:
        return PASS, "not generated yet: no plan to compare with"
    seeded = (lease.seed_import or {}).get("tables")  # a seed's rows, as imported
    plan = ctx.plan(rows=lease.rows, seed=lease.seed, preloaded=seeded)
    off: list[str] = []
    hidden: list[str] = []
    with _data(ctx, "row counts") as conn:
        # The read-only role is under the schema file's row-level security, as any
        # application role: fewer rows there are the policies' doing, not a lost load.
        secured = {
            f"{schema}.{name}"
            for schema, name in conn.execute(
                "SELECT n.nspname, c.relname FROM pg_catalog.pg_class c "
                "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
                "WHERE c.relrowsecurity"
            ).fetchall()
        }
        for table in plan.tables:
            schema, _, name = table.name.rpartition(".")
            planned = table.rows + table.file_rows  # the rows schema.sql carries count too
            # Bounded: never counts past what the plan expects.
            row = conn.execute(
                sql.SQL("SELECT count(*) FROM (SELECT 1 FROM {}.{} LIMIT %s) t").format(
                    sql.Identifier(schema or "public"), sql.Identifier(name)
                ),
                (planned + 1,),
            ).fetchone()
            count = int(row[0]) if row else 0
            if count < planned and table.name in secured:
                hidden.append(table.name)
            elif count != planned:
                shown = f"more than {planned:,}" if count > planned else f"{count:,}"
                off.append(f"{table.name} has {shown}, planned {planned:,}")
    if off:
        return WARN, f"{len(off)} table(s) differ from the plan: {'; '.join(off[:5])}"
    note = (
        f" ({len(hidden)} under row-level security show the read-only role fewer: "
        f"{', '.join(hidden[:5])})"
        if hidden
        else ""
    )
    return PASS, f"{len(plan.tables)} table(s) hold the planned row counts{note}"


def _unclassified(ctx: Context) -> tuple[str, str]:
    from workbench.generate.plan.classify import classify

    schema = ctx.schema()
    # Foreign-key columns take their parents' values whatever their decision says.
    fk_columns = {
        (qualified, column)
        for qualified, table in schema.tables.items()
        for fk in table.foreign_keys
        for column in fk.columns
    }
    plain = [
        f"{table}.{column} ({decision.generator})"
        for table, column, decision in classify(schema, ctx.config)
        if not decision.declared
        and decision.reason.startswith("type ")
        and (table, column) not in fk_columns
    ]
    if plain:
        more = f" and {len(plain) - 5} more" if len(plain) > 5 else ""
        return WARN, (
            f"{len(plain)} column(s) filled by a plain type fallback, not by meaning: "
            f"{', '.join(plain[:5])}{more}"
        )
    return PASS, "every column has a generator chosen by meaning or declared"


# The same ranges, loosely, for the server to skip the obviously fictional values (digits only).
_PHONE_PREFILTER = (
    r"(55501\d\d$|(44|0)(207946|1614960|7700900|1632960|11[3-8]4960|1[2-5]14960|1914980"
    r"|2896496|2920180)|(33|0)(19900|26191|35301|46571|53649|63998)"
    r"|(61|0)(49157[012]|[2378]5550|[2378]7010))"
)
_SCAN_ROWS = 100_000


def contact_columns(ctx: Context) -> list[tuple[str, str, str]]:
    """(table, column, "email" | "phone") for each column that can hold a contact value and
    that the generator fills with one: a scalar text-like column whose decision (the very one
    `workbench generate` used) is the email or phone generator. A column only named after a
    contact (emailVerified timestamp, phone_confirmed boolean, email_count integer,
    email_template text) holds no address or number, so its values are never judged as one."""
    from workbench.generate.plan.classify import classify
    from workbench.schema.typeinfo import resolve_type

    schema = ctx.schema()
    out: list[tuple[str, str, str]] = []
    for table, column, decision in classify(schema, ctx.config):
        if decision.generator not in _CONTACT_GENERATORS:
            continue
        tbl = schema.table(table)
        col = tbl.column(column) if tbl is not None else None
        if col is None:
            continue
        info = resolve_type(schema, col.type)
        if info.kind == "text" and info.array_dims == 0:
            out.append((table, column, decision.generator))
    return out


_CONTACT_GENERATORS = frozenset({"email", "phone"})


def _personal_data(ctx: Context) -> tuple[str, str]:
    """Scan email- and phone-like columns (at most _SCAN_ROWS rows each) for values outside
    the reserved domains and fictional ranges: the server skips the fictional-looking ones,
    the few left (LIMIT) are checked here precisely. Like the other checks of the data
    against the plan, it imports what it judges with (seed/fiction: the generators' fictional
    ranges) when it runs: doctor's checks of files, server, roles, drift and snapshot never
    import the generator."""
    from psycopg import sql

    from workbench.seed.fiction import (
        RESERVED_EMAIL,
        email_is_fictional,
        free_block_pattern,
        phone_is_fictional,
    )

    targets = contact_columns(ctx)
    found: list[str] = []
    with _data(ctx, "personal data") as conn:
        for table, column, kind in targets[:50]:
            schema, _, name = table.rpartition(".")
            col = sql.Identifier(column)
            if kind == "email":  # only what looks like an address can be someone's
                skip = sql.SQL("position('@' in v) < 2 OR v ~* {}").format(
                    sql.Literal(RESERVED_EMAIL.pattern)
                )
            else:
                skip = sql.SQL("regexp_replace(v, '\\D', '', 'g') ~ {}").format(
                    sql.Literal(f"{_PHONE_PREFILTER}|{free_block_pattern()}")
                )
            query = sql.SQL(
                "SELECT v FROM (SELECT {}::text AS v FROM {}.{} WHERE {} IS NOT NULL LIMIT %s) s "
                "WHERE NOT ({}) LIMIT %s"
            ).format(col, sql.Identifier(schema or "public"), sql.Identifier(name), col, skip)
            try:
                values = conn.execute(query, (_SCAN_ROWS, _SAMPLE)).fetchall()
            except (psycopg.errors.LockNotAvailable, psycopg.errors.QueryCanceled):
                raise  # named as the check's failure, not skipped table after table
            except psycopg.Error:
                conn.rollback()
                continue  # the table is missing (drift): the drift check reports it
            for (value,) in values:
                real = (
                    not email_is_fictional(value)
                    if kind == "email"
                    else phone_is_fictional(value) is False
                )
                if real:
                    # Never echo the value itself: if it is real, it is personal data.
                    found.append(f"{table}.{column}")
                    break
    if found:
        return FAIL, (
            "values that look like real personal data (an email outside the reserved domains "
            f"or a phone number outside the fictional ranges) in {', '.join(found)}"
        )
    return PASS, f"contact values in {len(targets)} column(s) are fictional"


def _runs(ctx: Context) -> tuple[str, str]:
    """The live runs a reset left unfinished or unusable (`run list` says which)."""
    leases = list_run_leases(ctx.state_dir)
    if not leases:
        return PASS, "no runs"
    with admin_session(ctx) as maintenance:
        troubles = run_troubles(ctx, maintenance, leases)
    if troubles:
        return FAIL, "; ".join(f"run {run_id}: {what}" for run_id, what in troubles.items())
    return PASS, f"{len(leases)} run(s), none left half-reset"


def _leaked(ctx: Context) -> tuple[str, str]:
    from workbench.access.guard import MARKER_PREFIX, parse_marker
    from workbench.records.lease import LEASE_SETTING, expired, parse_lease_setting

    own = {
        ctx.config.sandbox.name,
        ctx.guard.snapshot_name(),
        ctx.guard.undo_name(),
        building_name(ctx.config),
        replaced_name(ctx.config),  # what a kill after a swap left, dropped by the next run
        # the runs whose lease is live (`workbench run gc` ends the others)
        *(
            ctx.guard.run_name(run.run_id)
            for run in list_run_leases(ctx.state_dir)
            if not run.expired()
        ),
    }
    with ctx.guard.connect(maintenance=True) as maintenance:
        rows = maintenance.execute(
            """
            SELECT d.datname, shobj_description(d.oid, 'pg_database'),
                   (SELECT substring(c FROM position('=' IN c) + 1)
                    FROM pg_db_role_setting s, unnest(s.setconfig) c
                    WHERE s.setdatabase = d.oid AND s.setrole = 0 AND c LIKE %s)
            FROM pg_database d
            WHERE shobj_description(d.oid, 'pg_database') LIKE %s
            ORDER BY 1
            """,
            (f"{LEASE_SETTING}=%", f"{MARKER_PREFIX}%"),
        ).fetchall()
        # a rehearsal clone a kill left before its marker (`workbench run gc` drops it)
        unmarked = unmarked_leftovers(ctx, maintenance)
    live: dict[str, bool] = {}
    for name, _comment, setting in rows:
        parsed = parse_lease_setting(setting) if setting else None
        live[name] = parsed is not None and not expired(parsed[1])
    leaked: list[str] = list(unmarked)
    held = ctx.guard.previous_name() if ctx.guard.previous_name() in live else None
    for name, comment, _setting in rows:
        if name in own or name == held:
            continue
        rehearsal = ctx.guard.rehearsal_of(comment)
        if rehearsal is not None and process_alive(rehearsal[1]):
            continue  # a rehearsal's clone while it runs (its process drops it at the end)
        if ctx.embedded or ctx.guard.run_of(comment) is not None:
            # the embedded cluster is this sandbox.toml's alone; a run of this sandbox is live
            # only while its lease is
            leaked.append(name)
            continue
        info = parse_marker(comment)
        if info is not None and info.snapshot is not None:
            if not live.get(info.name, False):
                leaked.append(name)
        elif not live.get(name, False):
            leaked.append(name)
    if leaked:
        # The embedded cluster is this sandbox.toml's alone, so a stray database there is a
        # leak for sure; on a shared server it may be someone's sandbox not generated yet.
        return (FAIL if ctx.embedded else WARN), (
            f"{len(leaked)} workbench database(s) on this server that no live lease owns: "
            f"{', '.join(leaked[:8])}"
        )
    if held is not None:
        return WARN, (
            f"{held} is the older undo copy a generate held aside while it applied "
            "schema.sql, left by a run stopped there: the next generate drops it"
        )
    return PASS, f"no leaked workbench databases ({len(rows)} marked on this server)"
