"""A rule's SQL read at the run's pinned clock (tests/realism/clock.py): every reader of the
clock in code becomes the instant, typed as it was; strings, quoted names and comments are
left alone; a reader that cannot be pinned is refused, naming it."""

from __future__ import annotations

from datetime import UTC, date, datetime, time

import psycopg
import pytest

from tests.realism.clock import ClockError, at_instant

NOW = "2026-03-10T09:00:00+00:00"
AT = "(TIMESTAMPTZ '2026-03-10 09:00:00+00:00')"


@pytest.mark.parametrize(
    ("sql", "pinned"),
    [
        ("now()", AT),
        ("NOW ( ) - interval '1 day'", f"{AT} - interval '1 day'"),
        ("pg_catalog.now()", AT),
        ("current_timestamp(0)", AT),
        ("transaction_timestamp()", AT),
        ("current_date", f"({AT}::date)"),
        ("localtimestamp", f"({AT}::timestamp)"),
        ("LOCALTIME(2)", f"({AT}::time)"),
        ("current_time", f"({AT}::timetz)"),
        ("age(date_of_birth)", f"age(({AT}::date), date_of_birth)"),
        ("age(f(a, b))", f"age(({AT}::date), f(a, b))"),
        ("age(a, b)", "age(a, b)"),  # two arguments: no clock
        ("x.now(), my_now(), current_date_x", "x.now(), my_now(), current_date_x"),
        ("'now() is ''current_date''' -- now()", "'now() is ''current_date''' -- now()"),
        ("/* now() /* nested */ current_date */ 1", "/* now() /* nested */ current_date */ 1"),
        ('"now"', '"now"'),
        ("$$ now() $$, $q$ current_date $q$", "$$ now() $$, $q$ current_date $q$"),
        ("E'it\\'s now()' || now()", f"E'it\\'s now()' || {AT}"),
    ],
)
def test_each_reader_of_the_clock_reads_the_instant(sql: str, pinned: str) -> None:
    assert at_instant(f"SELECT {sql}", NOW) == f"SELECT {pinned}"


@pytest.mark.parametrize(
    "sql", ["SELECT 'now'::timestamptz", "SELECT date 'Today'", "SELECT timeofday()"]
)
def test_a_reader_it_cannot_pin_is_refused(sql: str) -> None:
    with pytest.raises(ClockError):
        at_instant(sql, NOW)


def test_an_instant_without_its_offset_is_refused() -> None:
    with pytest.raises(ClockError, match="offset"):
        at_instant("SELECT now()", "2026-03-10T09:00:00")


def test_postgresql_reads_the_pinned_instant(fresh_db: str) -> None:
    """As PostgreSQL evaluates them, in the session's time zone as the readers are."""
    sql = at_instant(
        "SELECT now(), current_date, localtimestamp, localtime,"
        " age(date '2000-03-11') = age(date '2026-03-10', date '2000-03-11')",
        NOW,
    )
    with psycopg.connect(fresh_db) as conn:
        conn.execute("SET TimeZone = 'UTC'")
        utc = conn.execute(sql).fetchone()
        conn.execute("SET TimeZone = 'Asia/Tokyo'")
        tokyo = conn.execute(sql).fetchone()
    assert utc == (
        datetime(2026, 3, 10, 9, tzinfo=UTC),
        date(2026, 3, 10),
        datetime(2026, 3, 10, 9),
        time(9),
        True,
    )
    assert tokyo is not None and tokyo[1:] == (
        date(2026, 3, 10),
        datetime(2026, 3, 10, 18),
        time(18),
        True,
    )
