"""What the realism suite's files share (test_realism_suite.py: the rule files, psql loads and
witness rows; test_realism_generated_*.py: the domains generated at 1,000 rows per table and
their rules measured, a third of the domains each, so that under `--dist loadfile` no one file
holds every generate): the domains, the run's pinned clock, the meeting-bar list, and the
module-scoped measurement."""

from __future__ import annotations

import tomllib
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.conftest import SHARED_SCHEMAS, Cluster, shared_schema
from tests.realism.measure import BAR, ROWS, Share, generate_domain, measure
from tests.realism.rules import load_domains

MEETING_BAR = Path(__file__).resolve().parent / "meeting_bar.toml"
# the run's clock of the generated domains: a working day's morning (09:00 UTC: 10:00 in
# Paris, 05:00 in New York), the instant every rule's SQL reads as now()
NOW = "2026-03-10T09:00:00+00:00"
ALL = load_domains()
OWN = [d for d in ALL if d.own]
BY_NAME = {d.name: d for d in ALL}
#: the files the generated domains are spread over (test_realism_generated_<part>.py)
PARTS = 3


def meeting_bar() -> dict[str, list[str]]:
    data = tomllib.loads(MEETING_BAR.read_text())
    return {name: list(ids) for name, ids in data.items()}


def part(n: int) -> list[str]:
    """The names of the domains test_realism_generated_<n>.py generates (every PARTS-th)."""
    return [d.name for d in ALL[n - 1 :: PARTS]]


Measured = Callable[[str], list[Share]]


def measured_domains(
    pg_cluster: Cluster, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Measured]:
    """Each domain generated once at 1,000 rows per table on the session's cluster, the
    run's clock pinned to NOW, and every rule measured on it at NOW (a domain on a ../shared
    schema skips when that folder is absent): the body of each file's module fixture."""
    cache: dict[str, list[Share]] = {}

    def get(name: str) -> list[Share]:
        domain = BY_NAME[name]
        if domain.shared_schema:
            shared_schema(domain.shared_schema)  # skips, saying so, when ../shared is absent
        if name not in cache:
            db = pg_cluster.create_database(f"realism_{name}_{uuid.uuid4().hex[:6]}")
            try:
                generate_domain(
                    domain, SHARED_SCHEMAS, tmp_path_factory.mktemp(name),
                    pg_cluster.conninfo(db), now=NOW,
                )  # fmt: skip
                cache[name] = measure(pg_cluster.conninfo(db), domain, now=NOW)
            finally:
                pg_cluster.drop_database(db)
        return cache[name]

    yield get


def generates_and_every_rule_judges_some_rows(name: str, measured: Measured) -> None:
    shares = measured(name)
    assert [s.rule.id for s in shares] == [r.id for r in BY_NAME[name].rules]
    broken = {s.rule.id: s.error for s in shares if s.error}
    assert not broken, broken
    idle = [s.rule.id for s in shares if s.applies == 0]
    assert not idle, f"{name}: rules judging no row at {ROWS:,} rows per table: {idle}"


def rules_meeting_the_bar_hold_on_98_percent(name: str, measured: Measured) -> None:
    """The asserted set: rules the generator already meets stay met. When generator work makes
    another rule hold, add it to meeting_bar.toml."""
    wanted = set(meeting_bar().get(name, []))
    shares = {s.rule.id: s for s in measured(name)}
    below = {
        rid: f"{shares[rid].holds}/{shares[rid].applies} = {shares[rid].share:.1%}"
        for rid in sorted(wanted)
        if not shares[rid].meets_bar
    }
    assert not below, f"{name}: below the {BAR:.0%} bar: {below}"
