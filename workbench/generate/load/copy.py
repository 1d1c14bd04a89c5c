"""Loading: stream each table's batches through COPY, one transaction per table.

The engine runs: apply pre-data → `load_data` → apply post-data (indexes, constraints) →
`advance_sequences`. A table is committed when it is complete, so an interrupted run resumes
from the first incomplete table: tables in `skip_tables` are assumed complete (they are
regenerated in memory only when their keys are needed by a later table), and every loaded
table is emptied first, so a half-loaded table from a killed run starts over.

Text COPY is used: `format.copy_bytes` builds a batch's text with numpy in one buffer, which
measured faster here than building binary rows in Python. FKs a table declares inline (so in
pre-data) are dropped for its COPY and re-added before its commit, as the load would otherwise
check them row by row.
"""

from __future__ import annotations

import contextlib
import queue
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import psycopg
from psycopg import pq, sql

from workbench.config.file import Config
from workbench.errors import Cancelled, DatabaseError, GenerationError, WorkbenchError
from workbench.events import (
    CancelToken,
    EventSink,
    RowsWritten,
    TableDone,
    TableStarted,
    Warning,
    ignore,
)
from workbench.generate.base.batch import Col
from workbench.generate.base.format import copy_bytes
from workbench.generate.constraints.oracle import CheckOracle
from workbench.generate.generators.value_spec import POOL_CLOCK
from workbench.generate.links import key_columns
from workbench.generate.load import totals_memory
from workbench.generate.load.age_load import apply_age_limits, apply_ages, apply_implied_ages
from workbench.generate.load.bill_load import apply_bill_payments
from workbench.generate.load.carry_load import carry_children
from workbench.generate.load.certified_load import apply_certified
from workbench.generate.load.credentials_load import apply_credentials
from workbench.generate.load.detach import (
    ReattachFailed,
    detach_fks,
    pause_triggers,
    qualified_ident,
    reattach_fks,
    resume_triggers,
)
from workbench.generate.load.last_try_load import apply_last_tries
from workbench.generate.load.late_fee_load import apply_late_fees
from workbench.generate.load.lent_load import apply_lent
from workbench.generate.load.payouts_load import apply_payouts
from workbench.generate.load.report import LoadReport, TableLoad
from workbench.generate.load.running_load import apply_running
from workbench.generate.load.settle_load import apply_settlements
from workbench.generate.load.totals_load import apply_totals
from workbench.generate.load.worked_load import apply_worked
from workbench.generate.plan.tables import Plan
from workbench.generate.rows.assembler import TableGenerator, referenced_columns
from workbench.generate.view import KeyStore
from workbench.schema.model import Schema


class _Warnings:
    def __init__(self, on_event: EventSink, report: LoadReport) -> None:
        self.seen: set[str] = set()
        self.on_event = on_event
        self.report = report

    def add(self, messages: list[str]) -> None:
        for message in messages:
            if message not in self.seen:
                self.seen.add(message)
                self.report.warnings.append(message)
                self.on_event(Warning(message))


def load_data(
    conn: Any,
    schema: Schema,
    plan: Plan,
    config: Config,
    *,
    seed: int,
    on_event: EventSink = ignore,
    cancel: CancelToken | None = None,
    skip_tables: frozenset[str] | set[str] = frozenset(),
    oracle: CheckOracle | None = None,
) -> LoadReport:
    """Generate and COPY every planned table; returns per-table rows and timings.

    A producer thread generates and formats the batches (the next table's too) while this
    thread sends them: psycopg releases the GIL while the server takes the data, so generation
    and the server's work overlap. The producer runs tables in plan order, as before, so the
    rows are the same.

    `oracle` judges the CHECKs the evaluator cannot compute; without one, a connection to the
    same database is opened when such a CHECK first needs it."""
    if not conn.autocommit:
        conn.commit()  # our per-table transactions must be real ones, not savepoints
    schema = plan.schema or schema
    report = LoadReport()
    warn = _Warnings(on_event, report)
    warn.add(plan.warnings)
    generators: dict[str, TableGenerator] = {}
    started = time.perf_counter()
    group_tables: dict[str, list[str]] = {}
    for tp in plan.tables:
        if tp.txn_group:
            group_tables.setdefault(tp.txn_group, []).append(tp.name)
    open_group: contextlib.ExitStack | None = None
    xid: str | None = None  # the open transaction's id
    # FKs of the open transaction's tables, dropped for the COPY and re-added before commit
    detached: list[tuple[str, str, str]] = []
    paused: list[tuple[str, str, str]] = []  # triggers of those tables, off for the COPY
    own_oracle = oracle is None
    if oracle is None:
        oracle = CheckOracle(_second_connection(conn))
    preloaded = _file_keys(conn, schema, plan)
    producer = _Producer(
        schema, plan, config, seed, frozenset(skip_tables), cancel, oracle, preloaded
    )
    # Each table's commit is flushed before TableDone is reported: progress.json records the
    # table as complete right after, and a record must never claim rows a crash could lose.
    # One WAL flush per table (the COPY's WAL is mostly written by then) costs little.
    _set_session(conn, "SET synchronous_commit = on")
    try:
        for tp in plan.tables:
            gen = producer.next_table()
            generators[tp.name] = gen
            if tp.name in skip_tables or (tp.file_rows and not tp.rows):
                # complete already: loaded by an earlier run, or rows of schema.sql itself
                producer.wait_table_end()
                report.tables.append(TableLoad(tp.name, tp.rows, 0.0, skipped=True))
                continue
            warn.add(gen.warnings)
            on_event(TableStarted(tp.name, tp.rows))
            t0 = time.perf_counter()
            sent = 0
            if open_group is None:
                open_group = contextlib.ExitStack()
                open_group.enter_context(conn.transaction())
                conn.execute("SET CONSTRAINTS ALL DEFERRED")
                xid = conn.execute("SELECT pg_catalog.pg_current_xact_id()::text").fetchone()[0]
            try:
                _empty(conn, schema, tp.name)
                detached.extend(detach_fks(conn, tp.name))
                paused.extend(pause_triggers(conn, tp.name))
                written = 0
                if tp.rows:
                    cols = sql.SQL(", ").join(sql.Identifier(c) for c in tp.columns)
                    stmt = sql.SQL("COPY {} ({}) FROM STDIN").format(qualified_ident(tp.name), cols)
                    with conn.cursor() as cur, cur.copy(stmt) as copy:
                        for rows, data in producer.batches():
                            copy.write(data)
                            sent += len(data)
                            written += rows
                            elapsed = time.perf_counter() - t0
                            rate = written / elapsed if elapsed > 0 else 0.0
                            on_event(RowsWritten(tp.name, written, tp.rows, rate))
                else:
                    producer.wait_table_end()
                for d in plan.deferred:
                    if d.after == tp.name and d.mode == "update":
                        detached.extend(detach_fks(conn, d.table))
                        paused.extend(pause_triggers(conn, d.table))
                        _run_deferred_update(conn, generators[d.table], d)
                group = tp.txn_group
                if group is None or tp.name == group_tables[group][-1]:
                    reattach_fks(conn, detached)
                    resume_triggers(conn, paused)
                    detached.clear()
                    paused.clear()
                    open_group.close()
                    open_group = None
            except BaseException as err:
                detached.clear()  # the rollback restores them
                paused.clear()
                if open_group is not None:
                    open_group.__exit__(type(err), err, err.__traceback__)
                    open_group = None
                if isinstance(err, psycopg.errors.QueryCanceled) and cancel and cancel.cancelled:
                    # The cancel token stopped the statement on the server: a cancel, not a
                    # failure (the table's transaction is rolled back; a rerun resumes).
                    _check_cancel(cancel)
                if isinstance(err, ReattachFailed):
                    raise DatabaseError(str(err)) from err
                if isinstance(err, Exception) and err.__class__.__module__.startswith("psycopg"):
                    raise DatabaseError(f"loading {tp.name}: {err}") from err
                raise
            warn.add(gen.warnings)
            seconds = time.perf_counter() - t0
            account = gen.judge.account
            dropped = account.to_dict() if account.total_dropped else None
            if dropped:
                warn.add([account.summary()])
            report.tables.append(
                TableLoad(
                    tp.name,
                    account.kept,
                    seconds,
                    sent,
                    False,
                    producer.setup,
                    dropped,
                    account.left_out,
                )
            )
            on_event(TableDone(tp.name, account.kept, seconds, xid))
        _check_cancel(cancel)
        apply_last_tries(conn, plan, generators, warn.add)  # the tries' times final
        apply_totals(conn, plan, generators, warn.add)  # idempotent: resumed runs too
        apply_settlements(conn, plan, generators, warn.add)  # the lines' totals final
        apply_bill_payments(conn, plan, generators, warn.add)  # the bills' totals final
        apply_payouts(conn, plan, generators, warn.add)  # the decided amounts final
        apply_running(conn, plan, generators, warn.add)  # after the totals: amounts final
        apply_ages(conn, plan, generators, warn.add)  # the days other tables hold, all loaded
        apply_age_limits(conn, plan, generators, warn.add)  # the events' sites, all loaded
        apply_implied_ages(conn, plan, generators, warn.add)  # on the final birth dates
        apply_lent(conn, plan, generators, warn.add)  # the records' out and back times final
        apply_late_fees(conn, plan, generators, warn.add)  # the records' return times final
        apply_worked(conn, plan, generators, warn.add)  # the sessions' statuses final
        apply_certified(conn, plan, generators, warn.add)  # the uses' times final
        apply_credentials(conn, plan, generators, warn.add)  # the assignments' days final
        carry_children(conn, plan, generators, warn.add)  # after the passes that move keys
    finally:
        producer.close()
        if own_oracle:
            oracle.close()
        if not conn.closed and conn.info.transaction_status == pq.TransactionStatus.IDLE:
            _set_session(conn, "RESET synchronous_commit")
    report.seconds = time.perf_counter() - started
    return report


def _second_connection(conn: Any) -> Any:
    """A factory of other connections to the loader's database, as the same login role and with
    the same search_path (the loader's own is busy with COPY): for the CHECK oracle. What it needs
    is read here, in the loader's thread."""
    params = conn.info.get_parameters()
    password = conn.pgconn.password
    kwargs: dict[str, Any] = {
        "host": conn.info.host,
        "port": conn.info.port,
        "dbname": conn.info.dbname,
        "user": conn.info.user,
        "autocommit": True,
    }
    # "" when the login needed none: then libpq reads only the passfile copied below (never
    # PGPASSWORD, nor ~/.pgpass when the first login was lent none: trust/dsn.py)
    kwargs["password"] = password.decode() if isinstance(password, bytes) else password or ""
    for key in ("sslmode", "passfile", "sslrootcert", "sslcert", "sslkey", "require_auth"):
        if params.get(key):
            kwargs[key] = params[key]
    path = conn.execute("SHOW search_path").fetchone()[0]
    if not conn.autocommit:
        conn.commit()

    def connect() -> Any:
        # The loader's own login role (the sandbox's owner role in a generate), never a
        # session switched to another role.
        other = psycopg.connect(**kwargs)
        other.execute("SELECT pg_catalog.set_config('search_path', %s, false)", (path,))
        return other

    return connect


def _set_session(conn: Any, statement: str) -> None:
    conn.execute(statement)
    if not conn.autocommit:
        conn.commit()  # a SET outside autocommit opened a transaction; keep the SET, end that


# Batches formatted ahead of the COPY: enough to cover a stall, few enough to bound memory.
_QUEUE_BATCHES = 3
_POLL = 0.1  # seconds between checks of the cancel token and the stop flag while waiting


class _Producer:
    """Generates the plan's tables in order in a thread, each as ("table", generator), then
    ("rows", n, COPY bytes) per batch, then ("end", pool seconds) once the table's keys are
    published. An exception in the thread is re-raised in the consumer."""

    def __init__(
        self,
        schema: Schema,
        plan: Plan,
        config: Config,
        seed: int,
        skip_tables: frozenset[str],
        cancel: CancelToken | None,
        oracle: CheckOracle | None = None,
        preloaded: dict[str, dict[str, list[str | None]]] | None = None,
    ) -> None:
        self.schema, self.plan, self.config, self.seed = schema, plan, config, seed
        self.oracle = oracle
        self.preloaded = preloaded or {}
        self.replay: dict[str, TableGenerator] = {}  # totals_memory.batches fills it
        self.skip_tables = skip_tables
        self.cancel = cancel
        self.queue: queue.Queue[tuple[Any, ...]] = queue.Queue(_QUEUE_BATCHES)
        self.stop = threading.Event()
        self.setup = 0.0  # pool-building seconds of the table last ended
        self.thread = threading.Thread(target=self._run, name="workbench-generate", daemon=True)
        self.thread.start()

    # --- producer side ---

    def _put(self, item: tuple[Any, ...]) -> bool:
        while not self.stop.is_set():
            try:
                self.queue.put(item, timeout=_POLL)
                return True
            except queue.Full:
                continue
        return False

    def _stopped(self) -> bool:
        return self.stop.is_set() or (self.cancel is not None and self.cancel.cancelled)

    def _run(self) -> None:
        current: str | None = None  # the table being generated, for an unexpected error
        try:
            keys = KeyStore()
            referenced = referenced_columns(self.schema)
            batch_rows = self.config.generate.batch_rows
            for tp in self.plan.tables:
                current = tp.name
                gen = self.replay.pop(tp.name, None) or TableGenerator(
                    self.schema,
                    self.plan,
                    tp,
                    self.config,
                    self.seed,
                    keys,
                    referenced,
                    oracle=self.oracle,
                )
                if not self._put(("table", gen)):
                    return
                pools_before = POOL_CLOCK.seconds
                skipped = tp.name in self.skip_tables
                # a table loaded by an earlier run is regenerated only for its keys
                needed = (
                    not skipped or gen.keep or any(d.table == tp.name for d in self.plan.deferred)
                )
                if tp.rows and needed:
                    infos = [(c, gen.view.specs[c].info) for c in tp.columns]
                    held = totals_memory.batches(
                        gen, skipped, batch_rows, self._stopped, self.replay
                    )
                    for _, batch in held:
                        if self._stopped():
                            return
                        if skipped:
                            continue
                        data = copy_bytes([(batch[c], info) for c, info in infos])
                        rows = len(batch[tp.columns[0]].values) if tp.columns else 0
                        if not self._put(("rows", rows, data)):
                            return
                gen.finish()
                if tp.name in self.preloaded:
                    # children pick their parents among the rows schema.sql loaded
                    keys.put(tp.name, key_columns(gen.view.specs, self.preloaded[tp.name]))
                if not self._put(("end", POOL_CLOCK.seconds - pools_before)):
                    return
        except BaseException as err:  # handed to the consumer, which raises it
            # a bug: say where it met the schema
            if current is not None and not isinstance(err, WorkbenchError | KeyboardInterrupt):
                table = self.schema.tables.get(current)
                where = f" ({table.source})" if table is not None and table.source else ""
                err.add_note(f"while generating the rows of {current}{where}")
            self._put(("error", err))

    # --- consumer side ---

    def _get(self) -> tuple[Any, ...]:
        while True:
            _check_cancel(self.cancel)
            try:
                item = self.queue.get(timeout=_POLL)
            except queue.Empty:
                if not self.thread.is_alive() and self.queue.empty():
                    # The producer also stops on a cancel that came in after our check above.
                    _check_cancel(self.cancel)
                    raise GenerationError("the generation thread stopped unexpectedly") from None
                continue
            if item[0] == "error":
                raise item[1]
            return item

    def next_table(self) -> TableGenerator:
        item = self._get()
        assert item[0] == "table", item[0]
        table: TableGenerator = item[1]
        return table

    def batches(self) -> Iterator[tuple[int, bytes]]:
        """The current table's (rows, COPY bytes) batches, until its end."""
        while True:
            item = self._get()
            if item[0] == "end":
                self.setup = item[1]
                return
            yield item[1], item[2]

    def wait_table_end(self) -> None:
        for _ in self.batches():
            pass

    def close(self) -> None:
        self.stop.set()
        while self.thread.is_alive():
            with contextlib.suppress(queue.Empty):
                self.queue.get(timeout=_POLL)
        self.thread.join()


def _file_keys(conn: Any, schema: Schema, plan: Plan) -> dict[str, dict[str, list[str | None]]]:
    """The referenced key columns of the tables whose rows came from schema.sql, as text."""
    referenced = referenced_columns(schema)
    out: dict[str, dict[str, list[str | None]]] = {}
    for tp in plan.tables:
        cols = sorted(referenced.get(tp.name, set()))
        if not tp.file_rows or tp.rows or not cols:
            continue
        rows = conn.execute(
            sql.SQL("SELECT {} FROM {}").format(
                sql.SQL(", ").join(sql.SQL("{}::text").format(sql.Identifier(c)) for c in cols),
                qualified_ident(tp.name),
            )
        ).fetchall()
        out[tp.name] = {c: [r[i] for r in rows] for i, c in enumerate(cols)}
    if not conn.autocommit:
        conn.commit()
    return out


def _check_cancel(cancel: CancelToken | None) -> None:
    if cancel is not None and cancel.cancelled:
        raise Cancelled("generation cancelled; completed tables are kept and a rerun resumes")


def _empty(conn: Any, schema: Schema, name: str) -> None:
    """Empty a table a killed run may have half-filled (cheap check first)."""
    ident = qualified_ident(name)
    row = conn.execute(sql.SQL("SELECT EXISTS (SELECT 1 FROM {})").format(ident)).fetchone()
    if row and row[0]:
        table = schema.tables.get(name)
        only = sql.SQL("") if table is not None and table.partition_by else sql.SQL("ONLY ")
        conn.execute(sql.SQL("TRUNCATE {}{} CASCADE").format(only, ident))


def _run_deferred_update(conn: Any, gen: TableGenerator, d: Any) -> None:
    """Fill a cycle-closing nullable FK: COPY (key, fk) pairs into a temp table, then UPDATE."""
    pk, pk_cols, fk_cols = gen.deferred_values(d)
    mask = ~next(iter(fk_cols.values())).nulls
    if not mask.any():
        return
    table = qualified_ident(gen.tp.name)
    cols = pk + list(fk_cols)
    conn.execute("DROP TABLE IF EXISTS pg_temp._wb_fix")
    conn.execute(
        sql.SQL("CREATE TEMP TABLE _wb_fix AS SELECT {} FROM {} LIMIT 0").format(
            sql.SQL(", ").join(sql.Identifier(c) for c in cols), table
        )
    )

    columns = [
        (Col(col.values[mask], col.nulls[mask], col.kind), gen.view.specs[c].info)
        for c, col in [*((c, pk_cols[c]) for c in pk), *fk_cols.items()]
    ]
    with conn.cursor() as cur, cur.copy("COPY _wb_fix FROM STDIN") as copy:
        copy.write(copy_bytes(columns))
    sets = sql.SQL(", ").join(
        sql.SQL("{} = f.{}").format(sql.Identifier(c), sql.Identifier(c)) for c in fk_cols
    )
    match = sql.SQL(" AND ").join(
        sql.SQL("t.{} = f.{}").format(sql.Identifier(c), sql.Identifier(c)) for c in pk
    )
    conn.execute(
        sql.SQL("UPDATE {} AS t SET {} FROM _wb_fix f WHERE {}").format(table, sets, match)
    )
    conn.execute("DROP TABLE pg_temp._wb_fix")


_NEXTVAL = re.compile(r"nextval\('((?:[^']|'')+)'")


def advance_sequences(conn: Any, schema: Schema | None = None) -> dict[str, int]:
    """Set every sequence used by a serial, nextval default or identity column past the
    largest value loaded, so the application's own INSERTs with defaults succeed.
    Reads the catalog (not the model) so that every sequence the server knows is covered."""
    rows = conn.execute(
        """
        SELECT n.nspname, c.relname, a.attname, a.attidentity,
               pg_get_expr(d.adbin, d.adrelid)
        FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
          AND NOT c.relispartition
          AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND a.atttypid IN ('int2'::regtype, 'int4'::regtype, 'int8'::regtype,
                             'numeric'::regtype)
          AND (a.attidentity <> '' OR pg_get_expr(d.adbin, d.adrelid) LIKE '%nextval(%')
        """
    ).fetchall()
    best: dict[str, int] = {}
    for nsp, rel, att, identity, default in rows:
        seq: str | None = None
        if identity:
            seq = conn.execute(
                "SELECT pg_get_serial_sequence(%s, %s)",
                (sql.Identifier(nsp, rel).as_string(conn), att),
            ).fetchone()[0]
        elif default:
            m = _NEXTVAL.search(default)
            if m:
                seq = conn.execute(
                    "SELECT %s::regclass::text", (m.group(1).replace("''", "'"),)
                ).fetchone()[0]
        if not seq:
            continue
        top = conn.execute(
            sql.SQL("SELECT max({})::bigint FROM {}").format(
                sql.Identifier(att), sql.Identifier(nsp, rel)
            )
        ).fetchone()[0]
        if top is not None:
            best[seq] = max(best.get(seq, top), top)
    for seq, top in best.items():
        conn.execute(
            """
            SELECT setval(%s::regclass, GREATEST(%s, s.seqmin), true)
            FROM pg_sequence s WHERE s.seqrelid = %s::regclass AND %s <= s.seqmax
            """,
            (seq, top, seq, top),
        )
    if not conn.autocommit:
        conn.commit()
    return best
