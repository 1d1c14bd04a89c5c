"""The laws a distribution review compares the sandbox against, and the test that says whether
a difference is sampling error.

"Planned" is the specification's own distribution, never a sample of the generator: the
declared weights of a category column, the Zipf, uniform or fixed law of children per parent,
a uniform law over a declared range. A same-seed sample would equal the data by construction
and hide a loader that does not follow the plan.

The check is Pearson's chi-square goodness of fit against the planned shares (bins whose
expected count is under 5 are merged with their neighbour, as the test's approximation needs);
its p-value comes from the regularized upper incomplete gamma function, computed here so the
engine needs nothing beyond numpy.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

# Below this p-value a difference is called more than sampling error. Strict on purpose: a
# review looks at many columns, and one in a thousand fair columns is flagged by chance.
SIGNIFICANCE = 0.001
MIN_EXPECTED = 5.0


def children_law(
    distribution: str, *, count: int | None, low: int, high: int, skew: float
) -> dict[int, float]:
    """Share of parents with k children under a `children` spec (as generate/plan/tables.py draws
    it): fixed `count`; uniform on [low, high]; Zipf with exponent `skew` truncated to
    [low, high], weight (k - low + 1) ** -skew."""
    if distribution == "fixed":
        return {int(count or 0): 1.0}
    if high < low:
        return {}
    ks = range(low, high + 1)
    if distribution == "uniform":
        return {k: 1.0 / len(ks) for k in ks}
    weights = [(k - low + 1) ** -skew for k in ks]
    total = sum(weights)
    return {k: w / total for k, w in zip(ks, weights, strict=True)}


def default_fanout_law(children: int, parents: int) -> dict[int, float]:
    """The law below, computed once per pair of sizes (a review meets the same ones often)."""
    return dict(_default_fanout_law(int(children), int(parents)))


@functools.lru_cache(maxsize=256)
def _default_fanout_law(children: int, parents: int) -> tuple[tuple[int, float], ...]:
    """Share of parents with k children when `children` rows each pick their parent as
    generate/rows_fks.skewed_index does: with probability 0.7 the parent at floor(S·u³) (a
    few hot parents), else a uniform one. Parent i is picked with probability
    p_i = 0.7·(((i+1)/S)^⅓ − (i/S)^⅓) + 0.3/S, so it gets Binomial(n, p_i) children; the law
    is the mean of those binomials over the S parents. Parents are grouped by nearly equal p
    (geometric groups: exact for the hot ones), a few thousand binomials in all."""
    import numpy as np

    n, size = int(children), int(parents)
    if size <= 0:
        return ()
    if size == 1 or n == 0:
        return ((n, 1.0),)
    cuts = np.unique(np.floor(np.geomspace(1, size + 1, 4000)).astype(np.int64)) - 1
    cuts = np.unique(np.append(cuts, size))
    lo, hi = cuts[:-1], cuts[1:]  # groups [lo, hi) of parent positions
    heavy = (hi / size) ** (1 / 3) - (lo / size) ** (1 / 3)  # the group's share of hot picks
    members = (hi - lo).astype(np.float64)
    p = np.clip(0.7 * heavy / members + 0.3 / size, 1e-300, 1.0 - 1e-12)
    top = float(p.max()) * n
    k_max = int(min(n, math.ceil(top + 10 * math.sqrt(top) + 10)))
    if k_max * p.size > 4e7:  # a second or more of arithmetic: too wide to chart usefully
        return ()
    k = np.arange(k_max + 1, dtype=np.float64)
    # log C(n, k) as running sums, so no lgamma of n itself is needed
    log_comb = np.concatenate([[0.0], np.cumsum(np.log(n - k[:-1]) - np.log(k[1:]))])
    law = np.zeros(k_max + 1)
    for start in range(0, p.size, 256):  # bounded memory: 256 groups at a time
        pg = p[start : start + 256, None]
        log_pmf = log_comb + k * np.log(pg) + (n - k) * np.log1p(-pg)
        law += (np.exp(log_pmf) * members[start : start + 256, None]).sum(axis=0)
    law /= size
    law[-1] += max(0.0, 1.0 - float(law.sum()))  # the far tail, negligible, kept in the sum
    return tuple((int(i), float(v)) for i, v in enumerate(law) if v > 1e-12)


def uniform_bin_shares(
    low: float, high: float, edges: Sequence[tuple[float, float]], *, integer: bool
) -> list[float]:
    """Shares of a uniform law on [low, high] falling in each bin [a, b) (the last bin closed).
    With `integer`, the law is on the integers low..high and bins hold whole numbers."""
    if integer:
        lo, hi = math.ceil(low), math.floor(high)
        total = hi - lo + 1
        if total <= 0:
            return [0.0] * len(edges)
        out = []
        for i, (a, b) in enumerate(edges):
            last = i == len(edges) - 1
            first_in = max(lo, math.ceil(a))
            last_in = min(hi, math.floor(b) if last else math.ceil(b) - 1)
            out.append(max(0, last_in - first_in + 1) / total)
        return out
    span = high - low
    if span <= 0:
        return [1.0 if a <= low <= b else 0.0 for a, b in edges]
    return [max(0.0, min(b, high) - max(a, low)) / span for a, b in edges]


@dataclass
class FitCheck:
    """Chi-square goodness of fit of observed counts to planned shares."""

    statistic: float
    df: int
    p_value: float
    n: int
    within: bool  # True: the difference is within sampling error
    spread: float = 1.0  # the statistic is divided by this (`widened`)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def sentence(self) -> str:
        verdict = (
            "within sampling error"
            if self.within
            else "beyond sampling error: the data does not follow the plan"
        )
        return f"{self.figures()}: {verdict}"

    def figures(self) -> str:
        """The test's figures with no verdict; counts where the law expects none are said so
        (an infinite χ² is no figure a person can use)."""
        if math.isinf(self.statistic):
            return f"some counts fall where it expects none, n = {self.n:,}"
        over = (
            f" over the generator's own spread ({self.spread:.1f} times sampling error)"
            if self.spread > 1.0
            else ""
        )
        return (
            f"χ² {self.statistic:.1f} ({self.df} df){over}, p {_p_text(self.p_value)}, "
            f"n = {self.n:,}"
        )


def _p_text(p: float) -> str:
    if p < 1e-4:
        return "< 0.0001"
    return f"= {p:.2f}" if p >= 0.01 else f"= {p:.4f}"


def fit_check(counts: Sequence[int], planned: Sequence[float]) -> FitCheck | None:
    """The chi-square test of `counts` against `planned` shares (same bins). None when there is
    nothing to test: no rows, or a single bin once sparse bins are merged. Observed counts in a
    bin the plan gives no share to make the statistic infinite (p = 0), as they should."""
    n = int(sum(counts))
    if n <= 0 or len(counts) != len(planned):
        return None
    total = float(sum(planned)) or 1.0
    expected = [n * p / total for p in planned]
    if any(o > 0 and e == 0 for o, e in zip(counts, expected, strict=True)):
        # values the plan rules out: no merging may hide them
        return FitCheck(math.inf, max(1, sum(1 for e in expected if e > 0) - 1), 0.0, n, False)
    merged_o: list[float] = []
    merged_e: list[float] = []
    acc_o = acc_e = 0.0
    for o, e in zip((float(c) for c in counts), expected, strict=True):
        acc_o += o
        acc_e += e
        if acc_e >= MIN_EXPECTED:
            merged_o.append(acc_o)
            merged_e.append(acc_e)
            acc_o = acc_e = 0.0
    if acc_o or acc_e:  # the sparse tail joins the last full bin
        if merged_e:
            merged_o[-1] += acc_o
            merged_e[-1] += acc_e
        else:
            merged_o.append(acc_o)
            merged_e.append(acc_e)
    if len(merged_e) < 2:
        return None
    statistic = 0.0
    for o, e in zip(merged_o, merged_e, strict=True):
        statistic += (o - e) ** 2 / e
    df = len(merged_e) - 1
    p = chi2_sf(statistic, df)
    return FitCheck(round(statistic, 3), df, p, n, p >= SIGNIFICANCE)


def homogeneity_check(counts: Sequence[int], sample: Sequence[int]) -> FitCheck | None:
    """Whether two sets of counts over the same bins (the sandbox and an independent sample
    of its generator) come from one law: Pearson's chi-square test of homogeneity, adjacent
    bins merged until each side expects at least 5. None when there is nothing to test."""
    n_a, n_b = int(sum(counts)), int(sum(sample))
    if n_a <= 0 or n_b <= 0 or len(counts) != len(sample):
        return None
    share_a = n_a / (n_a + n_b)
    merged: list[tuple[float, float]] = []
    acc_a = acc_b = 0.0
    for a, b in zip(counts, sample, strict=True):
        acc_a += a
        acc_b += b
        pooled = acc_a + acc_b
        if pooled * min(share_a, 1 - share_a) >= MIN_EXPECTED:
            merged.append((acc_a, acc_b))
            acc_a = acc_b = 0.0
    if acc_a or acc_b:
        if merged:
            last_a, last_b = merged[-1]
            merged[-1] = (last_a + acc_a, last_b + acc_b)
        else:
            merged.append((acc_a, acc_b))
    if len(merged) < 2:
        return None
    statistic = 0.0
    for got_a, got_b in merged:
        pooled = got_a + got_b
        expect_a, expect_b = pooled * share_a, pooled * (1 - share_a)
        statistic += (got_a - expect_a) ** 2 / expect_a + (got_b - expect_b) ** 2 / expect_b
    df = len(merged) - 1
    p = chi2_sf(statistic, df)
    return FitCheck(round(statistic, 3), df, p, n_a, p >= SIGNIFICANCE)


def widened(check: FitCheck, first: Mapping[Any, Any], second: Mapping[Any, Any]) -> FitCheck:
    """`check` judged against the spread two independent samples of the generator show
    between themselves (children per parent → parents of each): their χ² over its degrees of
    freedom, at least 1, divides the statistic (a first-order Rao–Scott correction, its
    design effect measured on the generator). A fan-out that follows other tables' shapes
    varies from sample to sample more than independent picks would; a data set off the plan
    still differs from the sample by more than the two samples differ."""
    a = {int(k): int(v) for k, v in first.items()}  # keys read back from JSON are text
    b = {int(k): int(v) for k, v in second.items()}
    ks = sorted(set(a) | set(b))
    between = homogeneity_check([a.get(k, 0) for k in ks], [b.get(k, 0) for k in ks])
    if between is None or math.isinf(check.statistic):
        return check
    spread = max(1.0, between.statistic / between.df)
    if spread <= 1.0:
        return check
    p = chi2_sf(check.statistic / spread, check.df)
    return FitCheck(check.statistic, check.df, p, check.n, p >= SIGNIFICANCE, round(spread, 3))


def two_sample_z(actual: float, planned: float, n: int, m: int) -> float | None:
    """How many standard errors apart two shares are, each from its own sample (n and m)."""
    if n <= 0 or m <= 0:
        return None
    pooled = (actual * n + planned * m) / (n + m)
    var = pooled * (1.0 - pooled) * (1.0 / n + 1.0 / m)
    if var <= 0:
        return 0.0 if actual == planned else math.inf
    return (actual - planned) / math.sqrt(var)


def share_z(actual: float, planned: float, n: int) -> float | None:
    """How many standard errors a share lies from its planned value (binomial error)."""
    if n <= 0:
        return None
    var = planned * (1.0 - planned) / n
    if var <= 0:
        return 0.0 if actual == planned else math.inf
    return (actual - planned) / math.sqrt(var)


def chi2_sf(x: float, df: int) -> float:
    """P(X ≥ x) for X chi-square with `df` degrees of freedom."""
    if math.isinf(x):
        return 0.0
    if x <= 0:
        return 1.0
    return _gamma_q(df / 2.0, x / 2.0)


def _gamma_q(a: float, x: float) -> float:
    """Regularized upper incomplete gamma Q(a, x): the series of P below a + 1, the
    continued fraction of Q above (each converges fast on its side)."""
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1.0:
        term = total = 1.0 / a
        k = a
        for _ in range(1000):
            k += 1.0
            term *= x / k
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    # modified Lentz evaluation of the continued fraction for Q
    tiny = 1e-300
    b = x + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)
