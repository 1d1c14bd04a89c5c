"""vocab/severity.py: a scale of severity ranks its labels by their words; a judged verdict's
failures are its labels read as failed, named as a grade or a pass word denied, and they share
JUDGED_FAILED of the rows (vocab/outcomes.shares); a machine's attempt keeps its rare ones."""

from __future__ import annotations

import pytest

from workbench.generate.vocab import outcomes, severity


def test_a_scale_of_severity_ranks_its_labels() -> None:
    assert severity.scale(["low", "medium", "high", "critical"]) == {
        "low": 0, "medium": 1, "high": 2, "critical": 3,
    }  # fmt: skip
    assert severity.scale(["minor", "major", "dangerous"]) == {
        "minor": 0,
        "major": 2,
        "dangerous": 3,
    }
    assert severity.scale(["red", "green"]) is None


@pytest.mark.parametrize(
    ("labels", "failed"),
    [
        (["pass", "fail", "dangerous"], ["fail", "dangerous"]),
        (["satisfactory", "unsatisfactory", "unsafe"], ["unsatisfactory", "unsafe"]),
        (["compliant", "non_compliant"], ["non_compliant"]),
    ],
)
def test_a_judged_verdict_fails_as_an_ordinary_minority(
    labels: list[str], failed: list[str]
) -> None:
    read = {label: outcomes.meaning(label) for label in labels}
    assert severity.failures(labels, read) == failed
    shares = dict(zip(labels, outcomes.shares(labels, True) or [], strict=True))
    assert sum(shares[label] for label in failed) == pytest.approx(severity.JUDGED_FAILED)


@pytest.mark.parametrize(
    "labels", [["succeeded", "failed", "refunded"], ["pass", "fail", "aborted"]]
)
def test_a_machines_run_keeps_its_rare_failures(labels: list[str]) -> None:
    """A payment attempt, an autoclave's cycle (a run that may be aborted): no judgement."""
    assert not severity.judged(labels) or labels[0] == "succeeded"
    shares = outcomes.shares(labels, True) or []
    assert shares[1] + shares[2] <= outcomes.VERDICT_FAILED + 1e-9
