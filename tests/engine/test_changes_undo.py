"""What a reset or a generate would lose (Engine.changes) and the one undo that brings the
replaced database back (Engine.undo), against the session's real cluster."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from tests.conftest import Cluster
from tests.unit.test_lifecycle_helpers import sandbox, table_hashes
from workbench.access.guard import undo_name_for
from workbench.lifecycle.undo import NothingToUndo


def _undo_copy(cluster: Cluster, name: str) -> tuple[str, bool] | None:
    with psycopg.connect(cluster.conninfo(), autocommit=True) as conn:
        row = conn.execute(
            "SELECT shobj_description(oid, 'pg_database'), datallowconn FROM pg_database "
            "WHERE datname = %s",
            (undo_name_for(name),),
        ).fetchone()
    return (row[0], row[1]) if row else None


def test_changes_see_inserts_updates_deletes_and_new_tables(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    with sandbox(tmp_path, pg_cluster, rows=100) as box:
        engine = box.engine()
        assert engine.changes().checked  # nothing built yet: nothing to lose
        engine.generate()
        fresh = engine.changes()
        assert fresh.checked and not fresh.any and fresh.built_by == "generate"
        with box.connect() as conn:
            conn.execute("UPDATE orders SET status = 'paid' WHERE id = 1")
            conn.execute(
                "DELETE FROM order_lines WHERE ctid IN (SELECT ctid FROM order_lines LIMIT 3)"
            )
            deleted = 3
            conn.execute("VACUUM FREEZE orders")  # a frozen row still shows its update
        found = {c.table: c for c in engine.changes().tables}
        assert set(found) == {"public.orders", "public.order_lines"}
        assert found["public.orders"].touched == 1
        assert found["public.orders"].rows_now == found["public.orders"].rows_before == 100
        assert found["public.order_lines"].rows_before - found["public.order_lines"].rows_now == (
            deleted
        )
        with box.connect() as conn:
            conn.execute("CREATE TABLE public.notes (id int)")
            conn.execute("INSERT INTO public.notes VALUES (1), (2)")
        changes = engine.changes()
        assert changes.schema_changed
        lines = "\n".join(changes.lines())
        assert "public.orders: 1 row(s) inserted or updated" in lines
        assert "public.notes: a new table" in lines
        assert "row(s) deleted" in lines


def test_reset_keeps_the_replaced_database_and_undo_swaps_it_back(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    with sandbox(tmp_path, pg_cluster, rows=100) as box:
        engine = box.engine()
        with pytest.raises(NothingToUndo):
            engine.undo()
        engine.generate()
        with box.connect() as conn:
            conn.execute("UPDATE customers SET first_name = 'Kept' WHERE id = 1")
            held = sum(
                conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]  # type: ignore[index]
                for (t,) in conn.execute(
                    "SELECT oid::regclass::text FROM pg_class WHERE relkind = 'r' "
                    "AND relnamespace = 'public'::regnamespace"
                ).fetchall()
            )
        changed = table_hashes(box.conninfo)

        engine.reset()
        assert not engine.changes().any  # the clone is the snapshot: nothing to lose
        info = engine.undo_info()
        assert info is not None and info.replaced_by == "reset" and info.rows == held > 0
        marker, allows = _undo_copy(pg_cluster, box.name) or ("", True)
        assert " undo " in marker and not allows  # marked as the copy, closed to sessions
        reset_state = table_hashes(box.conninfo)
        assert reset_state != changed

        result = engine.undo()
        assert result["restored"] == "reset" and result["kept_current"]
        assert table_hashes(box.conninfo) == changed  # the changed row is back
        with box.connect() as conn:
            first = conn.execute("SELECT first_name FROM customers WHERE id = 1").fetchone()
        assert first == ("Kept",)
        again = engine.changes()  # compared with its own build again: the change shows
        assert [c.table for c in again.tables] == ["public.customers"]

        engine.undo()  # and back: nothing is ever lost by an undo
        assert table_hashes(box.conninfo) == reset_state
        assert not engine.changes().any


def test_generate_keeps_the_replaced_database_too(tmp_path: Path, pg_cluster: Cluster) -> None:
    with sandbox(tmp_path, pg_cluster, rows=50) as box:
        engine = box.engine()
        engine.generate()
        assert engine.undo_info() is None  # an empty database was replaced: nothing kept
        with box.connect() as conn:
            conn.execute("DELETE FROM order_lines")
        before = table_hashes(box.conninfo)
        engine.generate(resume=False)
        info = engine.undo_info()
        assert info is not None and info.replaced_by == "generate"
        engine.undo()
        assert table_hashes(box.conninfo) == before
