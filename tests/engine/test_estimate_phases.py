"""The estimate covers the whole run, phase by phase, and a finished generate calibrates every
phase on this machine (workbench/generate/plan/estimate_phases.py): against the real sandbox, the
figures compared are the run's own evidence, so nothing depends on how fast the machine is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_cli
from workbench.engine import Engine
from workbench.generate.plan.estimate_phases import PHASES
from workbench.generate.plan.machine import FIXED_VARIABLE

WHOLE_RUN = ("schema", "data", "indexes and constraints", "sequences", "verify", "snapshot")


def _last_run(engine: Engine) -> tuple[dict[str, float], float]:
    """The phases and the total seconds of the last generate, as its evidence records them."""
    lines = (engine.config.state_dir / "evidence.jsonl").read_text().splitlines()
    records = [json.loads(line) for line in lines]
    end = max(i for i, r in enumerate(records) if r["record"] == "end")
    run_id = records[end]["run_id"]
    phases: dict[str, float] = {}
    for r in records:
        if r["run_id"] == run_id and r["record"] == "phase" and r["outcome"] == "ok":
            phases[r["phase"]] = phases.get(r["phase"], 0.0) + r["seconds"]
    return phases, records[end]["seconds"]


def test_the_estimate_is_the_whole_run_and_a_generate_calibrates_each_phase(
    make_project,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    engine = Engine(make_project(extra="[generate]\nrows = 200\n"))
    # On a machine twice as slow as the estimate's reference (generate/plan/machine.py's
    # factor, fixed here instead of probed), every phase takes twice as long.
    monkeypatch.setenv(FIXED_VARIABLE, "1")
    quiet = engine.estimate().to_dict()
    monkeypatch.setenv(FIXED_VARIABLE, "2")
    before = engine.estimate().to_dict()
    assert before["machine_factor"] == 2
    for phase, seconds in quiet["phases"].items():
        assert before["phases"][phase] == pytest.approx(2 * seconds, rel=0.01, abs=0.002)
    assert list(before["phases"]) == list(PHASES)  # every phase, in run order
    assert before["calibrated"] is False
    assert before["total"]["seconds"] == pytest.approx(sum(before["phases"].values()), abs=0.01)
    # the data is a part of the run, not all of it (the complaint: 5.5 s for a 56 s run)
    assert before["phases"]["data"] < before["total"]["seconds"] / 2
    assert before["phases"]["snapshot"] > 0

    engine.generate()
    measured, total = _last_run(engine)
    assert set(WHOLE_RUN) <= set(measured)
    after = engine.estimate().to_dict()
    assert after["calibrated"] is True
    # Same schema, same rows, machine as busy: each phase is estimated at what the run
    # measured ("other" is what no phase covered), but for the older sandbox database and
    # snapshot the next run drops first: a cost of its own, which this first run did not
    # measure (estimate_phases.drops).
    for phase in ("data", "indexes and constraints", "sequences", "verify"):
        assert after["phases"][phase] == pytest.approx(measured[phase], rel=0.02, abs=0.002)
    other = after["phases"]["other"]
    assert other == pytest.approx(total - sum(measured.values()), rel=0.1, abs=0.05)
    assert after["phases"]["schema"] > measured["schema"]
    assert after["phases"]["snapshot"] > measured["snapshot"]
    # the same machine, quiet again: half of it
    monkeypatch.setenv(FIXED_VARIABLE, "1")
    quiet_after = engine.estimate().to_dict()
    for phase, seconds in after["phases"].items():
        assert quiet_after["phases"][phase] == pytest.approx(seconds / 2, rel=0.01, abs=0.002)

    throughput = json.loads((engine.config.state_dir / "throughput.json").read_text())
    assert set(PHASES) <= set(throughput["phase_speed"])  # kept for the next process


def test_the_cli_says_what_the_total_is_made_of(project_cli) -> None:  # type: ignore[no-untyped-def]
    text = project_cli("estimate")
    assert "time of the whole run: schema " in text
    assert " · indexes " in text and " · snapshot " in text and "(not calibrated)" in text


@pytest.fixture
def project_cli(make_project):  # type: ignore[no-untyped-def]
    path: Path = make_project()

    def run(*args: str) -> str:
        result = run_cli(*args, "--config", str(path))
        assert result.returncode == 0, result.stderr
        return result.stdout

    return run
