"""The distribution review tells the truth.

On an untouched generate of the shipped example and of every ../shared schema that loads
here, no column gets a red verdict: the planned side is the law the generator applies, an
independent sample of the same plan (workbench/distribution/sample.py), not the declared law alone.
A planted mismatch (a declared weight the data no longer follows) is red; data older than
sandbox.toml gets no verdict at all.

Cost: the shared schemas at 150 rows a table (a category or fan-out verdict is still
meaningful there: a planted shift of a few points is red at that size, see the last test),
each generated once, sampled once and reviewed column by column on one connection. The
shipped example is generated once: its review, then the mismatch planted in it."""

from __future__ import annotations

import shutil
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any

import psycopg
import pytest

from bench.corpus import corpus_files, readme_verdicts
from tests.conftest import REPO, SHARED_SCHEMAS, Cluster, ClusterFor
from tests.engine.reviewing import review_reds
from tests.unit.test_lifecycle_helpers import sandbox
from workbench.distribution.sample import SAMPLE_FILE, review_sample
from workbench.engine import Engine
from workbench.generate.base import clock
from workbench.postgres.sources import schema_needs
from workbench.schema.parse import parse_schema_file

ROWS = 150


def _cases() -> list:
    if not SHARED_SCHEMAS.exists():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"{SHARED_SCHEMAS} absent"))]
    out = []
    for path, verdict in corpus_files(SHARED_SCHEMAS):
        marks = [] if verdict.loads else [pytest.mark.skip(reason=f"README: {verdict.reason}")]
        out.append(pytest.param(path, marks=marks, id=path.stem))
    return out


@pytest.mark.parametrize("path", _cases())
def test_every_shared_schema_passes_its_own_review(
    path: Path, cluster_for: ClusterFor, tmp_path: Path
) -> None:
    parsed = parse_schema_file(path)
    cluster = cluster_for(schema_needs(parsed))
    verdict = readme_verdicts(SHARED_SCHEMAS).get(path.name)
    if verdict is not None and verdict.min_server:
        with psycopg.connect(cluster.conninfo()) as conn:
            if conn.info.server_version < verdict.min_server:
                pytest.skip(f"README: {verdict.reason}")
    name = f"rv_{uuid.uuid4().hex[:10]}"
    cluster.create_database(name)
    shutil.copy(path, tmp_path / path.name)
    (tmp_path / "sandbox.toml").write_text(
        f'[sandbox]\nname = "{name}"\ndsn = "{cluster.conninfo(name)}"\n'
        f'schema = "{path.name}"\n[generate]\nrows = {ROWS}\n'
    )
    try:
        engine = Engine(tmp_path / "sandbox.toml")
        engine.generate(keep_snapshot=False)
        reds, verdicts = review_reds(engine)
        assert reds == []
        assert verdicts != 0  # -1: graphile_starter, its tables behind row-level security
    finally:
        cluster.drop_database(name)


def _example_extra() -> str:
    """The shipped sandbox.toml's [generate] and [tables…] sections (its [sandbox] is the
    test project's own)."""
    text = (REPO / "sandbox.toml").read_text()
    return text[text.index("[generate]") :]


def test_the_shipped_example_passes_its_own_review_then_a_planted_mismatch_is_red(
    make_project, pg_cluster: Cluster
) -> None:
    """One generate of the shipped example: untouched, no column is red; then a planted
    mismatch is red, and data older than sandbox.toml gets no verdict."""
    path = make_project(None, extra=_example_extra())
    engine = Engine(path)
    engine.generate(keep_snapshot=False)
    reds, verdicts = review_reds(engine)
    assert reds == []
    assert verdicts >= 10  # the weights, the ranges and every foreign key's fan-out
    before = engine.distributions.of("public.orders", "status").review
    assert before["check"]["within"], before["check_text"]
    assert "independent sample of the generator" in before["planned_source"]
    assert "the sample follows it" in (before["declared_text"] or "")
    # The declared weights say 62 % delivered; move a tenth of the orders to another status.
    with engine.connect() as conn:
        conn.execute(
            "UPDATE orders SET status = 'refunded' WHERE status = 'delivered' AND id % 10 = 0"
        )
    after = engine.distributions.of("public.orders", "status").review
    assert after["check"] is not None and not after["check"]["within"], after["check_text"]
    refunded = next(r for r in after["rows"] if r["label"] == "refunded")
    assert refunded["z"] is not None and refunded["z"] > 3
    # sandbox.toml edited after the build: the data predates it, no verdict either way
    path.write_text(path.read_text().replace("delivered = 0.62", "delivered = 0.61"))
    stale = Engine(path).distributions.of("public.orders", "status")
    assert stale.status == "stale"
    assert stale.review["check"] is None
    assert "regenerate to compare" in stale.review["check_text"]


def _at(hour: int, minute: int) -> type[datetime]:
    """datetime whose now() is 2026-06-30 at hour:minute (the run's clock reads it)."""

    class At(datetime):
        @classmethod
        def now(cls, tz: Any = None) -> At:
            return cls(2026, 6, 30, hour, minute, tzinfo=tz)

    return At


def test_the_sample_is_drawn_on_the_builds_clock(
    tmp_path: Path, pg_cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A review an hour after the build samples the plan at the build's clock (the lease's):
    on the reviewer's own clock the sample's times would end an hour after the data's."""
    with sandbox(tmp_path, pg_cluster, rows=300, clock=None) as box:
        monkeypatch.setattr(clock, "datetime", _at(12, 25))
        box.engine().generate(keep_snapshot=False)
        built = review_sample(box.engine().context)
        assert built is not None
        (box.state / SAMPLE_FILE).unlink()
        monkeypatch.setattr(clock, "datetime", _at(13, 40))
        later = review_sample(box.engine().context)
        assert later is not None
        placed = later.column("public.orders", "placed_at")
        assert placed is not None and placed.numbers
        assert placed == built.column("public.orders", "placed_at")
