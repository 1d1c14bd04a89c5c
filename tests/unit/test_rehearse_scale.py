"""Projecting measurements to production's size (no database: the fits are functions of the
measured figures; the timing check itself is bench/bench_rehearse.py's, not a test's)."""

from __future__ import annotations

import math

import pytest

from workbench.rehearse.findings import RuleContext, at_scale
from workbench.rehearse.measure import LockSeen
from workbench.rehearse.results import IndexBuilt, StatementResult
from workbench.rehearse.scale import LINEAR, NLOGN, fit, project


def _st(index: int, seconds: float, *, transaction: int = 1, index_built: bool = False):
    st = StatementResult("m.sql", index, index, "", False, False, transaction=transaction)
    st.seconds = seconds
    st.wal_bytes = int(seconds * 1e6)
    st.locks = [LockSeen("public.t", "AccessExclusiveLock", taken=index == 1)]
    if index_built:
        st.indexes = [IndexBuilt("public.t_idx", "public.t", "ShareLock")]
    return st


def test_a_linear_fit_recovers_a_linear_cost_and_projects_it() -> None:
    found = fit([1000, 2000, 4000], [0.012, 0.022, 0.042], LINEAR)
    assert found.a == pytest.approx(0.002) and found.b == pytest.approx(1e-5)
    assert found.predict(1_000_000) == pytest.approx(10.002)
    assert found.describe() == "linear: 0.002 s + 1e-05 s × n"


def test_coefficients_stay_non_negative() -> None:
    shrinking = fit([1000, 2000, 4000], [0.03, 0.02, 0.01], LINEAR)
    assert shrinking.b == 0 and shrinking.a == pytest.approx(0.02)  # noise: flat
    through_zero = fit([1000, 2000, 4000], [0.0005, 0.0019, 0.0041], LINEAR)
    assert through_zero.a >= 0 and through_zero.b > 0


def test_index_builds_follow_n_log_n_and_locks_hold_to_the_commit() -> None:
    def cost(n: float) -> float:
        return 1e-7 * n * math.log2(n)

    runs = []
    for n in (10_000, 20_000, 40_000):
        statements = [
            _st(1, 0.001),  # takes the lock: brief itself
            _st(2, cost(n), index_built=True),
            _st(3, 0.5, transaction=2),  # another transaction: not in the hold
        ]
        runs.append((statements, {"public.t": n}))
    projection = project(runs, {"public.t": 5_000_000.0})
    build = projection.projected[("m.sql", 2)]
    assert build.model.startswith(NLOGN)
    assert build.seconds == pytest.approx(cost(5_000_000), rel=1e-6)
    first = projection.projected[("m.sql", 1)]
    assert first.held == {"public.t": pytest.approx(0.001 + cost(5_000_000), rel=1e-3)}
    assert projection.projected[("m.sql", 3)].held == {}  # took no lock of its own


def test_a_statement_that_failed_at_one_size_is_not_projected() -> None:
    runs = [([_st(1, 0.01)], {"public.t": 10}), ([_st(1, 0.02)], {"public.t": 20})]
    runs[0][0][0].error = "boom"
    assert project(runs, {"public.t": 100.0}).projected == {}


def test_a_statement_is_projected_at_the_rows_of_the_tables_it_works_on() -> None:
    """In one transaction the second statement still holds the first one's lock on the
    big table: its work, and its label, are the rows of the table it changed alone."""

    def pair(n: float) -> list[StatementResult]:
        first = StatementResult("m.sql", 1, 1, "", False, False)
        first.seconds, first.locks = 1e-6 * n, [LockSeen("public.orders", "AccessExclusiveLock")]
        first.rows.read = {"public.orders": int(n)}
        second = StatementResult("m.sql", 2, 2, "", False, False)
        second.seconds = 1e-7 * n
        second.locks = [
            LockSeen("public.customers", "AccessExclusiveLock"),
            LockSeen("public.orders", "AccessExclusiveLock", taken=False),
        ]
        second.rows.read = {"public.customers": int(n / 10)}
        return [first, second]

    runs = [
        (pair(n), {"public.orders": int(n), "public.customers": int(n / 10)})
        for n in (1e3, 2e3, 4e3)
    ]
    production = {"public.orders": 20e6, "public.customers": 2e6}
    projected = project(runs, production).projected
    assert projected[("m.sql", 2)].rows == 2e6
    assert projected[("m.sql", 2)].tables == ["public.customers"]
    assert projected[("m.sql", 1)].rows == 20e6
    label = at_scale(RuleContext(projected=projected), runs[-1][0][1])
    assert "production's 2,000,000 rows of public.customers" in label, label
