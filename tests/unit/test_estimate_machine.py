"""The estimate follows the machine as it is now (workbench/generate/plan/machine.py) and keeps
the cost of dropping an older database apart from the phase that does it
(estimate_phases.drops): what a first run, which drops nothing, measured says nothing of a drop."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from workbench.errors import UsageError
from workbench.generate.plan import estimate_phases, machine
from workbench.generate.plan.estimate_phases import DROP, PHASES, RunShape, Work

WORK = Work(disk_bytes=50e6, data_seconds=10.0, tables=100)
FIRST = RunShape(pre_statements=300, post_statements=900, sequences=50, tables=100)
LATER = RunShape(
    pre_statements=300,
    post_statements=900,
    sequences=50,
    tables=100,
    snapshot="replace",
    database="replace",
)


def test_every_phase_follows_the_machine_factor() -> None:
    quiet = estimate_phases.phase_seconds(LATER, WORK, {}, machine=1.0)
    busy = estimate_phases.phase_seconds(LATER, WORK, {}, machine=2.5)
    assert list(busy) == list(PHASES)
    for phase in PHASES:
        assert busy[phase] == pytest.approx(2.5 * quiet[phase])


def test_a_run_on_a_busy_machine_calibrates_costs_per_unit_of_machine() -> None:
    # measured on a machine twice as slow as the reference, each phase at 1.5x its reference
    ref = estimate_phases.reference(FIRST, WORK)
    measured = {phase: 3.0 * ref[phase] for phase in PHASES if phase != "other"}
    total = sum(measured.values()) + 3.0 * ref["other"]
    speeds = estimate_phases.calibrate({}, FIRST, WORK, measured, total, first=True, machine=2.0)
    assert all(speeds[p] == pytest.approx(1.5) for p in PHASES)
    # the same machine, quiet again: half the seconds; as busy: the seconds measured
    for factor in (1.0, 2.0):
        again = estimate_phases.phase_seconds(FIRST, WORK, speeds, machine=factor)
        for phase in measured:
            assert again[phase] == pytest.approx(measured[phase] * factor / 2.0)


def test_a_drop_is_estimated_apart_and_learnt_from_the_run_that_drops() -> None:
    ref = estimate_phases.reference(FIRST, WORK)
    first = {phase: 2.0 * ref[phase] for phase in PHASES if phase != "other"}
    speeds = estimate_phases.calibrate(
        {}, FIRST, WORK, first, sum(first.values()) + 2.0 * ref["other"], first=True
    )
    assert DROP not in speeds  # nothing was dropped
    drops = estimate_phases.drops(LATER, WORK)
    assert set(drops) == {"schema", "snapshot"}
    later = estimate_phases.phase_seconds(LATER, WORK, speeds)
    # the clone at the speed measured, the drop at the reference's (speed 1), not at the clone's
    own = ref["snapshot"]
    assert later["snapshot"] == pytest.approx(2.0 * own + drops["snapshot"])

    # the later run's drop took 4x its reference: learnt as the drop's speed, the clone's kept
    measured = dict(first)
    for phase, drop in drops.items():
        measured[phase] = first[phase] + 4.0 * drop
    speeds = estimate_phases.calibrate(
        speeds, LATER, WORK, measured, sum(measured.values()) + 2.0 * ref["other"], first=False
    )
    assert speeds[DROP] == pytest.approx(4.0)
    assert speeds["snapshot"] == pytest.approx(2.0)
    after = estimate_phases.phase_seconds(LATER, WORK, speeds)
    for phase in measured:
        assert after[phase] == pytest.approx(measured[phase])


def test_the_factor_is_the_mean_of_recent_readings_kept_on_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(machine.FIXED_VARIABLE, raising=False)
    now = time.time()
    machine.record(tmp_path, 9.0, taken=now - machine.WINDOW - 60)  # too old: forgotten
    machine.record(tmp_path, 2.0, taken=now - 20)
    machine.record(tmp_path, 4.0, taken=now - 10)
    assert [f for _, f in machine.readings(tmp_path)] == [2.0, 4.0]
    # the latest is recent: no probe, the mean of the window
    assert machine.factor(tmp_path, max_age=30) == pytest.approx(3.0)
    # a run that started 15 s ago, shorter than the window: the window's readings and a
    # fresh one taken at its end
    ran = machine.during(now - 15, tmp_path)
    fresh = machine.readings(tmp_path)[-1][1]
    assert ran == pytest.approx((2.0 + 4.0 + fresh) / 3)
    assert 0.25 <= fresh <= 20.0


def test_a_real_probe_reads_the_machine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(machine.FIXED_VARIABLE, raising=False)
    reading = machine.measure(tmp_path)
    assert 0.25 <= reading <= 20.0
    assert machine.readings(tmp_path)[-1][1] == reading
    assert not list(tmp_path.glob(".probe-*"))  # its flushed file is gone


def test_a_fixed_factor_replaces_the_probe_and_a_bad_one_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(machine.FIXED_VARIABLE, "3")
    assert machine.factor(tmp_path) == 3.0 and machine.during(time.time(), tmp_path) == 3.0
    assert machine.readings(tmp_path) == []  # nothing probed
    monkeypatch.setenv(machine.FIXED_VARIABLE, "fast")
    with pytest.raises(UsageError, match=r"WORKBENCH_MACHINE_FACTOR.*'fast'"):
        machine.factor(tmp_path)


def test_without_a_state_folder_the_readings_stay_in_the_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(machine.FIXED_VARIABLE, raising=False)
    missing = tmp_path / "never-run" / ".workbench"
    first = machine.factor(missing, max_age=60)
    assert machine.readings(missing)[-1][1] == first
    assert machine.factor(missing, max_age=60) == pytest.approx(first)  # no second probe
    assert len(machine.readings(missing)) >= 1 and not missing.exists()


def test_a_folder_that_cannot_keep_readings_leaves_them_in_the_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(machine.FIXED_VARIABLE, raising=False)
    (tmp_path / machine.READINGS_FILE).mkdir()  # where the file would go: not writable as one
    machine.record(tmp_path, 2.5)
    assert machine.readings(tmp_path)[-1][1] == 2.5
    assert machine.factor(tmp_path, max_age=60) == pytest.approx(
        sum(f for _, f in machine.readings(tmp_path)) / len(machine.readings(tmp_path))
    )
