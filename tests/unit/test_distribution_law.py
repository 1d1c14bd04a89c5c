"""The laws a distribution review compares against, and its sampling-error test (no server)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from workbench.distribution.display import build_review
from workbench.distribution.law import (
    chi2_sf,
    children_law,
    default_fanout_law,
    fit_check,
    homogeneity_check,
    share_z,
    uniform_bin_shares,
    widened,
)
from workbench.distribution.result import Distribution
from workbench.distribution.sql import bin_edges


@pytest.mark.parametrize(
    ("x", "df", "p"),
    # textbook critical values: P(X ≥ x) for chi-square with df degrees of freedom
    [(3.841458820694124, 1, 0.05), (11.070497693516351, 5, 0.05), (23.209251158954356, 10, 0.01),
     (0.0, 3, 1.0), (2.0, 2, math.exp(-1.0)), (124.34211340400407, 100, 0.05)],
)  # fmt: skip
def test_chi2_survival_matches_known_values(x: float, df: int, p: float) -> None:
    assert chi2_sf(x, df) == pytest.approx(p, rel=1e-9, abs=1e-12)


def test_children_laws_are_the_spec_not_a_sample() -> None:
    zipf = children_law("zipf", count=None, low=1, high=12, skew=1.6)
    assert list(zipf) == list(range(1, 13)) and sum(zipf.values()) == pytest.approx(1.0)
    # weight (k - min + 1) ** -skew: the share of parents with 2 children vs 1
    assert zipf[2] / zipf[1] == pytest.approx(2**-1.6)
    uniform = children_law("uniform", count=None, low=0, high=4, skew=1.2)
    assert uniform == {k: pytest.approx(0.2) for k in range(5)}
    assert children_law("fixed", count=3, low=0, high=10, skew=1.2) == {3: 1.0}


def test_fit_check_accepts_samples_of_the_law_and_rejects_others() -> None:
    law = children_law("zipf", count=None, low=1, high=12, skew=1.6)
    probs = np.array(list(law.values()))
    rng = np.random.default_rng(7)
    within = 0
    for _ in range(50):
        counts = rng.multinomial(5000, probs)
        check = fit_check(counts.tolist(), probs.tolist())
        assert check is not None and check.df >= 5 and check.n == 5000
        within += check.within
    assert within >= 48  # at p ≥ 0.001, a fair sample is flagged about once in a thousand
    # a loader that spreads children evenly (2–3 per parent) is far outside sampling error
    even = [0, 2300, 2700] + [0] * 9
    check = fit_check(even, probs.tolist())
    assert check is not None and not check.within and check.p_value < 1e-12
    assert "beyond sampling error" in check.sentence()
    assert fit_check([0, 0], [0.5, 0.5]) is None  # no rows: nothing to test


@pytest.mark.parametrize(("children", "parents"), [(7627, 3000), (1000, 1000), (40000, 900)])
def test_default_fanout_law_is_the_generators(children: int, parents: int) -> None:
    from workbench.generate.base.hashing import skewed_index

    law = default_fanout_law(children, parents)
    assert sum(law.values()) == pytest.approx(1.0, abs=1e-9)
    assert sum(k * p for k, p in law.items()) == pytest.approx(children / parents, rel=1e-3)
    verdicts = []
    for seed in range(5):
        picks = skewed_index(np.random.default_rng(seed), parents, children, salt=99)
        hist = np.bincount(np.bincount(picks, minlength=parents))
        ks = sorted(set(law) | set(range(hist.size)))
        counts = [int(hist[k]) if k < hist.size else 0 for k in ks]
        check = fit_check(counts, [law.get(k, 0.0) for k in ks])
        assert check is not None
        verdicts.append(check.within)
    assert sum(verdicts) >= 4
    # a uniform pick (no busy parents) is not this law
    flat = np.bincount(np.bincount(np.random.default_rng(1).integers(0, parents, children)))
    ks = sorted(set(law) | set(range(flat.size)))
    counts = [int(flat[k]) if k < flat.size else 0 for k in ks]
    check = fit_check(counts, [law.get(k, 0.0) for k in ks])
    assert check is not None and not check.within


def test_sparse_bins_are_merged_before_the_test() -> None:
    # expected counts 90, 9, 0.5, 0.5: the last two join the one before them
    check = fit_check([90, 9, 1, 0], [0.9, 0.09, 0.005, 0.005])
    assert check is not None and check.df == 1


def test_a_check_is_widened_by_the_spread_two_samples_show() -> None:
    """Two samples of the generator as far apart as the data is from one: within; samples
    within sampling error of each other leave the check as it was (never narrowed)."""
    data, first = [50, 55, 45], [90, 30, 30]
    check = homogeneity_check(data, first)
    assert check is not None and not check.within
    apart = widened(check, {0: 90, 1: 30, 2: 30}, {"0": 50, "1": 55, "2": 45})
    assert apart.within and apart.spread > 1 and apart.statistic == check.statistic
    assert "over the generator's own spread" in apart.sentence()
    close = widened(check, {0: 90, 1: 30, 2: 30}, {0: 88, 1: 32, 2: 30})
    assert close == check and close.spread == 1.0


def test_share_z_is_in_standard_errors() -> None:
    assert share_z(0.55, 0.5, 10000) == pytest.approx(10.0)
    assert share_z(0.5, 0.5, 100) == 0.0


def test_integer_bins_cover_whole_numbers_and_the_uniform_law() -> None:
    edges = bin_edges(1, 100, 20, True)
    assert edges[0] == (1, 6) and edges[-1] == (96, 101) and len(edges) == 20
    shares = uniform_bin_shares(1, 100, edges, integer=True)
    assert shares == [pytest.approx(0.05)] * 20
    # a range narrower than the bins: one bin per value
    assert bin_edges(3, 5, 20, True) == [(3, 4), (4, 5), (5, 6)]
    floats = bin_edges(0.0, 1.0, 4, False)
    assert uniform_bin_shares(0.0, 1.0, floats, integer=False) == [pytest.approx(0.25)] * 4


def _numeric(bins: list[dict], planned: dict, integer: bool) -> Distribution:
    return Distribution(
        table="public.t", column="c", kind="numeric", generator="int", declared=True,
        rows=sum(b["count"] for b in bins), generated=True, status="generated", planned=planned,
        actual={"bins": bins, "integer": integer,
                "edges": [[b["low"], b["high"] + (1 if integer else 0)] for b in bins]},
    )  # fmt: skip


def test_number_bins_show_both_edges_rounded() -> None:
    ints = _numeric(
        [{"low": 1, "high": 500, "count": 40}, {"low": 501, "high": 1000, "count": 60}],
        {"range": [1, 1000], "law": "uniform"},
        True,
    )
    rows = build_review(ints)["rows"]
    assert [r["label"] for r in rows] == ["1–500", "501–1,000"]
    assert [r["planned"] for r in rows] == [0.5, 0.5]
    floats = _numeric(
        [{"low": 0.123456, "high": 0.623456, "count": 5}, {"low": 0.623456, "high": 1.123456,
                                                            "count": 5}],
        {},
        False,
    )  # fmt: skip
    review = build_review(floats)
    assert [r["label"] for r in review["rows"]] == ["0.123 – 0.623", "0.623 – 1.123"]
    assert all(r["planned"] is None for r in review["rows"]) and review["check"] is None


def test_unique_column_shows_examples_distinct_count_and_other() -> None:
    values = [f"user{i}@example.test" for i in range(20)]
    dist = Distribution(
        table="public.users", column="email", kind="category", generator="email",
        declared=False, rows=1000, generated=True, status="generated",
        actual={"values": values, "counts": [1] * 20, "other": 980, "distinct": 1000},
    )  # fmt: skip
    review = build_review(dist)
    rows = review["rows"]
    assert len(rows) == 6 and rows[-1]["role"] == "other"
    assert rows[-1]["label"] == "other (995 more values)" and rows[-1]["actual"] == 0.995
    assert review["summary"] == "1,000 distinct values in 1,000 non-null rows: every value unique"
    assert review["planned_source"] is None and all(r["planned"] is None for r in rows)
