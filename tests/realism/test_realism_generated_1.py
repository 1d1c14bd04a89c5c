"""The realism suite's generated domains, part 1 of tests/realism/suite.py's PARTS: each
generated once at 1,000 rows per table with the run's clock pinned (suite.NOW), every rule's
query runs and judges some rows, and the rules listed in meeting_bar.toml hold on at least 98 %
of the rows they judge."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.conftest import Cluster
from tests.realism import suite


@pytest.fixture(scope="module")
def measured(
    pg_cluster: Cluster, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[suite.Measured]:
    yield from suite.measured_domains(pg_cluster, tmp_path_factory)


@pytest.mark.parametrize("name", suite.part(1))
def test_generates_and_every_rule_judges_some_rows(name: str, measured: suite.Measured) -> None:
    suite.generates_and_every_rule_judges_some_rows(name, measured)


@pytest.mark.parametrize("name", suite.part(1))
def test_rules_meeting_the_bar_hold_on_98_percent(name: str, measured: suite.Measured) -> None:
    suite.rules_meeting_the_bar_hold_on_98_percent(name, measured)
