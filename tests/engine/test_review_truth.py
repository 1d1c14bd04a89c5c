"""The distribution review tells the truth.

On an untouched generate of the shipped example, no column gets a red verdict: the planned side
is the law the generator applies, an independent sample of the same plan
(workbench/distribution/sample.py), not the declared law alone. A planted mismatch (a declared
weight the data no longer follows) is red, also when the columns are judged as one family
(Bonferroni, as test_corpus.py judges every ../shared schema on its 200-row build:
test_every_shared_schema_passes_its_own_review); data older than sandbox.toml gets no verdict
at all. The shipped example is generated once: its review, then the mismatch planted in it."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO, Cluster
from tests.engine.reviewing import review_reds
from tests.unit.test_lifecycle_helpers import sandbox
from workbench.distribution.law import SIGNIFICANCE
from workbench.distribution.sample import SAMPLE_FILE, review_sample
from workbench.engine import Engine
from workbench.generate.base import clock


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
    # and red when the example's columns are one family (the corpus's review, reviewing.py)
    assert after["check"]["p_value"] < SIGNIFICANCE / verdicts, after["check_text"]
    reds_now, _ = review_reds(engine, family=True)
    assert [r for r in reds_now if r.startswith("public.orders.status:")], reds_now
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
