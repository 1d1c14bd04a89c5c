"""The distribution review against a real sandbox: planned is the specification's law, the
data differs from it by sampling error only when the loader follows the plan, and by more
when it does not; `workbench dist` shows the same review as the engine (and the TUI)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli
from workbench.distribution.law import children_law
from workbench.engine import Engine
from workbench.errors import Cancelled
from workbench.events import CancelToken, TableDone

SCHEMA = """
CREATE TABLE customers (id bigserial PRIMARY KEY, name text NOT NULL);
CREATE TABLE orders (
    id bigserial PRIMARY KEY,
    customer_id bigint NOT NULL REFERENCES customers (id),
    status text NOT NULL,
    weight_grams integer NOT NULL,
    email text NOT NULL UNIQUE
);
CREATE TABLE lines (
    id bigserial PRIMARY KEY,
    order_id bigint NOT NULL REFERENCES orders (id),
    note text
);
"""
WEIGHTS = "values = { delivered = 0.6, shipped = 0.25, pending = 0.1, lost = 0.05 }"
TOML = f"""
seed = 11

[tables."public.customers"]
rows = 800

[tables."public.orders"]
rows = 4000

[tables."public.orders".columns.status]
{WEIGHTS}

[tables."public.orders".columns.weight_grams]
# the plain integer generator draws uniformly; the recognised weight_grams one shapes values
generator = "int"
range = [1, 1000]

[tables."public.lines"]
children = {{ parent = "public.orders", distribution = "zipf", min = 1, max = 8, skew = 1.6 }}
"""


@pytest.fixture
def project(make_project):  # type: ignore[no-untyped-def]
    path = make_project(SCHEMA, extra=TOML)
    Engine(path).generate(keep_snapshot=False)
    return path


def test_zipf_children_match_their_law_within_sampling_error(project) -> None:
    engine = Engine(project)
    dist = engine.distributions.of("lines", "order_id").to_dict()
    review = dist["review"]
    law = children_law("zipf", count=None, low=1, high=8, skew=1.6)
    # planned is the law the generator applies: an independent sample of the same plan; the
    # declared law is tested against that sample (here it applies as declared)
    assert review["planned_source"].startswith("an independent sample of the generator")
    assert review["declared_source"].startswith("Zipf law, skew 1.6, 1–8 children")
    assert review["declared_text"].endswith("the sample follows it")
    assert [r["label"] for r in review["rows"]] == [str(k) for k in law]
    for row, share in zip(review["rows"], law.values(), strict=True):
        assert row["planned"] == pytest.approx(share, abs=0.03)
    assert any(r["actual"] != r["planned"] for r in review["rows"])
    assert review["unit"] == "parents" and review["n"] == 4000
    assert review["title"] == (
        "public.lines.order_id: share of parents (public.orders) by children per parent"
    )
    check = review["check"]
    assert check["within"] and check["df"] >= 4 and check["n"] == 4000
    assert "within sampling error" in review["check_text"]

    # a loader that ignored the law: every third line moved onto the first order
    with engine.connect() as conn:
        conn.execute("UPDATE lines SET order_id = (SELECT min(id) FROM orders) WHERE id % 3 = 0")
    broken = engine.distributions.of("lines", "order_id").to_dict()["review"]
    assert not broken["check"]["within"] and broken["check"]["p_value"] < 1e-6
    assert "beyond sampling error" in broken["check_text"]


def test_a_plain_foreign_key_is_held_to_the_default_fan_out(project) -> None:
    review = Engine(project).distributions.of("orders", "customer_id").to_dict()["review"]
    assert review["declared_source"].startswith("the default fan-out")
    assert review["declared_text"].endswith("the sample follows it"), review["declared_text"]
    assert review["n"] == 800 and review["check"]["within"], review["check_text"]
    # skewed: a few busy customers, so the rows past ten children are ranges
    labels = [r["label"] for r in review["rows"]]
    assert labels[:3] == ["0", "1", "2"] and "10–19" in labels
    assert sum(r["planned"] for r in review["rows"]) == pytest.approx(1.0, abs=1e-3)


def test_weights_and_range_are_the_planned_side(project) -> None:
    engine = Engine(project)
    status = engine.distributions.of("orders", "status").to_dict()["review"]
    declared = {r["label"]: r["declared"] for r in status["rows"]}
    assert declared == {"delivered": 0.6, "shipped": 0.25, "pending": 0.1, "lost": 0.05}
    for row in status["rows"]:  # the sample draws them as declared
        assert row["planned"] == pytest.approx(row["declared"], abs=0.03)
    assert status["declared_source"] == "the weights in sandbox.toml"
    assert status["declared_text"] == "the weights in sandbox.toml: the sample follows it"
    assert status["check"]["within"] and status["check"]["n"] == 4000
    weight = engine.distributions.of("orders", "weight_grams", bins=10).to_dict()["review"]
    assert [r["label"] for r in weight["rows"]][:2] == ["1–100", "101–200"]
    assert [r["declared"] for r in weight["rows"]] == [pytest.approx(0.1)] * 10
    assert [r["planned"] for r in weight["rows"]] == [pytest.approx(0.1, abs=0.03)] * 10
    assert weight["check"]["within"], weight["check_text"]
    email = engine.distributions.of("orders", "email").to_dict()["review"]
    assert email["summary"].endswith("every value unique")
    assert email["rows"][-1]["label"] == "other (3,995 more values)"
    assert email["planned_source"] is None and email["check"] is None


def test_cli_dist_shows_the_engine_review(project) -> None:
    root = project.parent
    engine_review = Engine(project).distributions.of("public.lines", "order_id").to_dict()["review"]
    result = run_cli("dist", "lines.order_id", "--json", cwd=root)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["review"] == engine_review
    text = run_cli("dist", "lines.order_id", cwd=root).stdout
    assert engine_review["title"] in text and engine_review["check_text"] in text
    assert "planned: an independent sample of the generator" in text
    assert "Zipf law, skew 1.6, 1–8 children (sandbox.toml): the sample follows it" in text
    first = engine_review["rows"][0]
    assert f"{100 * first['planned']:.1f} %" in text and f"{100 * first['actual']:.1f} %" in text


def test_edited_weights_say_the_data_predates_the_change(project) -> None:
    project.write_text(project.read_text().replace("lost = 0.05", "lost = 0.5"))
    dist = Engine(project).distributions.of("orders", "status").to_dict()
    assert dist["status"] == "stale" and dist["generated"]
    assert any("predates" in note for note in dist["notes"])
    # the plan shown is the edited one, and there is no verdict: regenerate to compare
    planned = {r["label"]: r["planned"] for r in dist["review"]["rows"]}
    assert planned["lost"] == pytest.approx(0.5 / 1.45, abs=1e-6)
    assert dist["review"]["check"] is None
    assert "regenerate to compare" in dist["review"]["check_text"]


def test_cancelled_run_shows_not_generated(make_project) -> None:
    path = make_project(SCHEMA, extra=TOML.replace("rows = 4000", "rows = 200000"))
    engine = Engine(path)
    token = CancelToken()

    def cancel_after_orders(event: object) -> None:
        if isinstance(event, TableDone) and event.table == "public.orders":
            token.cancel()

    with pytest.raises(Cancelled):
        engine.generate(cancel=token, on_event=cancel_after_orders, keep_snapshot=False)
    dist = engine.distributions.of("lines", "order_id").to_dict()
    assert dist["status"] == "not generated" and not dist["generated"]
    assert any("stopped" in note for note in dist["notes"])
    review = dist["review"]
    assert review["check"] is None
    assert all(r["actual"] is None and r["planned"] is not None for r in review["rows"])
