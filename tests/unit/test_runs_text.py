"""What `workbench run …` and `metrics` print, read as a newcomer reads it: one age format,
counts that cannot be read two ways, a reset that says when it moved to a newer snapshot;
and a `run start` that says "no snapshot" without making a server first."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import MakeProject
from workbench.cli.text import metrics_text, run_started_text, runs_text
from workbench.engine import Engine
from workbench.fleet.clones import NoSnapshot
from workbench.reads.metrics import project_metrics
from workbench.server.cluster import EmbeddedServer


def _run(run_id: str, age: float) -> dict[str, object]:
    return {"run_id": run_id, "state": "ready", "age_seconds": age, "expires": "-"}


def test_run_ages_have_one_format_at_every_size() -> None:
    text = runs_text([_run("a", 5.4), _run("b", 119.8), _run("c", 121.2), _run("d", 7322)])
    ages = re.findall(r"\b(\d+ (?:s|min \d+ s|h \d+ min))\b", text)
    assert ages == ["5 s", "1 min 59 s", "2 min 1 s", "2 h 2 min"], text
    assert "119.8" not in text


def test_a_run_in_trouble_is_listed_with_what_repairs_it() -> None:
    run = {**_run("a", 3), "state": "reset interrupted", "repair": "`workbench run gc` fixes"}
    assert "run a: reset interrupted: `workbench run gc` fixes" in runs_text([run])


def test_metrics_count_started_and_failed_starts_apart(tmp_path: Path) -> None:
    text = metrics_text(project_metrics(tmp_path, None))
    assert "0 started, 0 failed to start" in text, text


def test_a_reset_onto_a_newer_snapshot_says_so() -> None:
    result = {
        "run_id": "r1",
        "snapshot_id": "new123",
        "previous_snapshot_id": "old456",
        "snapshot_changed": True,
        "reset_seconds": 0.3,
        "expires": "2026-01-01T00:00:00+00:00",
        "ttl": "1h",
        "database_url": "postgresql://x@/db",
    }
    text = run_started_text(result, reset=True)
    assert "moved to a newer snapshot: new123 (it held old456" in text, text
    same = run_started_text({**result, "snapshot_changed": False}, reset=True)
    assert "newer snapshot" not in same


def test_run_start_without_a_snapshot_makes_no_server(make_project: MakeProject) -> None:
    config = make_project(embedded=True, extra='capabilities = ["read", "write", "runs"]\n')
    with pytest.raises(NoSnapshot, match="no snapshot"):
        Engine(config).run_start()
    assert not EmbeddedServer(Engine(config).config).initialized
