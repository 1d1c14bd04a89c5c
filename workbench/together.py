"""Several statements in one round trip to the server, all or none.

The workbench's set-up statements (a role's ALTERs, a schema's GRANTs) come in small groups
that need no answer between them; sent one by one, each costs a round trip, which on a busy
machine is what a short command pays most for. `run_together` sends a group as one query
string: the server runs a string of several statements as one transaction (or, inside a
transaction already open, in a savepoint of it), so a failure leaves none of them applied and
raises the server's error as the one statement that failed would have."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import psycopg
from psycopg import sql


def run_together(conn: psycopg.Connection[Any], statements: Sequence[sql.Composable]) -> None:
    """Run `statements` (without parameters: values are composed as literals) in one round
    trip, all or none."""
    if not statements:
        return
    query = sql.SQL("; ").join(statements)
    if conn.autocommit and conn.info.transaction_status == psycopg.pq.TransactionStatus.IDLE:
        # the simple query protocol (no parameters): one implicit transaction, never prepared
        conn.execute(query, prepare=False)
        return
    with conn.transaction():
        conn.execute(query, prepare=False)
