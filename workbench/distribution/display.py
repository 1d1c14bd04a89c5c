"""What a distribution review shows, decided once for both front ends (`workbench dist` and
the TUI's `d` screen): the rows (label, planned share, actual share and count, how many
standard errors apart), the title naming what the shares are shares of, where the planned
side comes from, and whether the difference is sampling error (distribution_law.fit_check).

`build_review(dist)` returns a plain dict, stored as `Distribution.review`:

    {"title", "axis", "unit": "rows" | "parents", "n", "planned_source": str | None,
     "rows": [{"label", "planned", "actual", "count", "z", "role"}],
     "check": FitCheck dict | None, "check_text": str | None, "summary": str | None}

`role` is "value" for a bin or value, "unplanned" for a value the plan does not list, "other"
for the values not listed one by one."""

from __future__ import annotations

import math
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from workbench.distribution.law import (
    FitCheck,
    fit_check,
    homogeneity_check,
    share_z,
    two_sample_z,
    uniform_bin_shares,
    widened,
)
from workbench.distribution.sql import bin_edges

if TYPE_CHECKING:
    from workbench.distribution.result import Distribution


def build_review(dist: Distribution, *, bins: int = 20) -> dict[str, Any]:
    ref = f"{dist.table}.{dist.column}"
    sample = dist.sample
    if dist.kind == "fk":
        review = _fk_review(dist, bins, sample)
        parent = (dist.children or {}).get("parent")
        review["title"] = f"{ref}: share of parents ({parent}) by children per parent"
    elif dist.kind in ("numeric", "date"):
        review = _bins_review(dist, bins)
        review["title"] = f"{ref}: share of non-null rows by value range"
    else:
        review = _category_review(dist)
        review["title"] = f"{ref}: share of non-null rows by value"
    counts = [r["count"] or 0 for r in review["rows"]]
    check = None
    review["declared_source"] = review["planned_source"]
    review["declared_text"] = None
    # A verdict where the plan has a law: declared or default values and weights, a range,
    # a foreign key's fan-out. Values from pools (names, cities) and shapes of their own are
    # drawn from seed-dependent vocabularies: shown, not judged.
    judged = bool(review["declared_source"] or dist.planned.get("range") or dist.kind == "fk")
    # Numbers and times show the sample's law over their histogram even when not judged.
    drawn = judged or dist.kind in ("numeric", "date")
    if sample is not None and dist.generated and review["rows"] and drawn:
        check = _against_sample(dist, review, sample, counts)
        if not judged:
            check = None
            review["unjudged"] = "the line: the generator's sample (shown, not judged)"
    review["check"] = check.to_dict() if check else None
    review["check_text"] = check.sentence() if check else None
    if dist.status == "stale":
        review["check_text"] = "no verdict: the data predates the change; regenerate to compare"
    elif check is None and dist.generated and dist.sample_note and review["declared_source"]:
        review["check_text"] = f"no verdict: {dist.sample_note}"
    if not dist.generated:
        for row in review["rows"]:
            row["actual"] = row["count"] = row["z"] = None
    return review


def _against_sample(
    dist: Distribution, review: dict[str, Any], sample: dict[str, Any], counts: list[int]
) -> FitCheck | None:
    """The planned side becomes the sample's shares, the verdict a test of homogeneity of
    the sandbox and the sample; the declared law, when there is one, is tested against the
    sample (the generator's rules may reshape it)."""
    rows = review["rows"]
    got = _sample_counts(dist, rows, sample)
    if got is None:
        return None
    m, n = sum(got), sum(counts)
    if m <= 0:
        return None
    declared = [r["planned"] for r in rows]
    for row, count in zip(rows, got, strict=True):
        row["declared"] = row["planned"]
        share = count / m
        row["planned"] = round(share, 6)
        z = two_sample_z(row["actual"], share, n, m) if row["actual"] is not None else None
        row["z"] = None if z is None or math.isinf(z) else round(z, 2)
    review["planned_source"] = sample["label"]
    review["sample_n"] = m
    review["declared_text"] = review.pop("declared_check_text", None)
    if all(p is not None for p in declared) and review["declared_source"]:
        spec = fit_check(got, [float(p) for p in declared])
        if spec is not None:
            review["declared_text"] = (
                f"{review['declared_source']}: the sample follows it"
                if spec.within
                else f"{review['declared_source']}: the generator's rules reshape it, so "
                f"the sample differs from it ({spec.figures()}); the verdict compares the "
                "data with the sample"
            )
    check = homogeneity_check(counts, got)
    if check is not None and sample.get("again") is not None:
        # a key rules re-pick: judged over the spread of two samples (sample.py)
        check = widened(check, sample["histogram"], sample["again"])
    return check


def _sample_counts(
    dist: Distribution, rows: list[dict[str, Any]], sample: dict[str, Any]
) -> list[int] | None:
    """The sample's count for each review row, or None when the shapes do not match."""
    if dist.kind == "fk":
        return [int(r.get("sample_count") or 0) for r in rows]
    if dist.kind in ("numeric", "date"):
        got = sample.get("bins")
        return [int(c) for c in got] if got is not None and len(got) == len(rows) else None
    values = sample.get("values")
    if values is None:
        return None
    out, listed = [], 0
    for row in rows:
        if row["role"] == "other":
            out.append(0)
        else:
            out.append(int(values.get(row["label"], 0)))
            listed += out[-1]
    rest = sum(values.values()) - listed
    for i, row in enumerate(rows):
        if row["role"] == "other":
            out[i] = max(rest, 0)
            rest = 0
    return out


def _row(
    label: str, planned: float | None, count: int | None, n: int, role: str = "value"
) -> dict[str, Any]:
    actual = count / n if count is not None and n else None
    z = share_z(actual, planned, n) if actual is not None and planned is not None else None
    return {
        "label": label,
        "planned": None if planned is None else round(planned, 6),
        "actual": None if actual is None else round(actual, 6),
        "count": count,
        "z": None if z is None or math.isinf(z) else round(z, 2),
        "role": role,
    }


def _category_review(dist: Distribution) -> dict[str, Any]:
    actual, planned = dist.actual, dist.planned
    got = dict(zip(actual.get("values") or [], actual.get("counts") or [], strict=False))
    n = sum(got.values()) + int(actual.get("other") or 0)
    pvalues = [str(v) for v in planned.get("values") or []]
    weights = [float(w) for w in planned.get("weights") or []]
    rows = [_row(v, w, got.get(v, 0), n) for v, w in zip(pvalues, weights, strict=False)]
    has_plan = bool(pvalues)
    other = int(actual.get("other") or 0)
    distinct = actual.get("distinct")
    unplanned = [(v, c) for v, c in got.items() if v not in pvalues]
    if not has_plan and distinct is not None and _mostly_distinct(distinct, got):
        # emails, names, SKUs: a bar per value says nothing; a few examples and the rest
        other += sum(c for _, c in unplanned[_EXAMPLES:])
        unplanned = unplanned[:_EXAMPLES]
    for value, count in unplanned:
        rows.append(_row(value, 0.0 if has_plan else None, count, n, "unplanned"))
    listed = sum(1 for v in pvalues if got.get(v)) + len(unplanned)
    rest = 1.0 - sum(weights) if has_plan else None
    if other or (rest is not None and rest > 1e-6):
        more = f"{distinct - listed:,} more values" if distinct is not None else "the rest"
        label = f"other ({more})" if dist.generated else "other values"
        rows.append(_row(label, None if rest is None else max(rest, 0.0), other, n, "other"))
    source = None
    if has_plan:
        source = {
            "weights": "the weights in sandbox.toml",
            "default weights": "the generator's default weights for the listed values",
            "statistics": "the production statistics' common values",
        }.get(planned.get("source", ""), "the planned weights")
    summary = None
    if dist.generated and distinct is not None:
        summary = f"{distinct:,} distinct values in {n:,} non-null rows"
        if n and distinct == n:
            summary += ": every value unique"
    return {"axis": "value", "unit": "rows", "n": n, "planned_source": source,
            "rows": rows, "summary": summary}  # fmt: skip


_EXAMPLES = 5


def _mostly_distinct(distinct: int, got: dict[str, int]) -> bool:
    return distinct > 2 * max(len(got), 1) and max(got.values(), default=0) <= 2


def _bins_review(dist: Distribution, bins: int) -> dict[str, Any]:
    actual, planned = dist.actual, dist.planned
    rng, law = planned.get("range"), planned.get("law")
    integer = bool(actual.get("integer", planned.get("integer")))
    bounds = planned_bounds(dist)
    edges = [tuple(e) for e in actual.get("edges") or []]
    abins = actual.get("bins") or []
    if not edges and law and bounds is not None:  # not generated: the plan's bins alone
        edges = bin_edges(bounds[0], bounds[1], bins, integer)
        abins = [{"low": a, "high": b - 1 if integer else b, "count": None} for a, b in edges]
    shares: list[float | None] = [None] * len(edges)
    if law == "uniform" and bounds is not None and edges:
        shares = list(uniform_bin_shares(bounds[0], bounds[1], edges, integer=integer))
    n = sum(b["count"] or 0 for b in abins)
    rows = [
        _row(_bin_label(b["low"], b["high"], integer, dist.kind == "date"), p, b["count"], n)
        for b, p in zip(abins, shares, strict=False)
    ]
    source = None
    if rng:
        source = (
            f"uniform on {rng[0]} … {rng[1]} (the range in sandbox.toml)"
            if law == "uniform"
            else None
        )
    summary = None
    if rng and law != "uniform":
        summary = (
            f"planned range {rng[0]} … {rng[1]}; generator {dist.generator} shapes the values "
            "inside it, so only the range is planned"
        )
    return {"axis": "value range", "unit": "rows", "n": n, "planned_source": source,
            "rows": rows, "summary": summary}  # fmt: skip


def planned_bounds(dist: Distribution) -> tuple[float, float] | None:
    """The planned range as numbers (epoch seconds for dates), to bin both sides alike."""
    rng = dist.planned.get("range")
    if not rng:
        return None
    try:
        if dist.kind == "date":

            def epoch(text: Any) -> float:
                when = datetime.fromisoformat(str(text))
                return (when if when.tzinfo else when.replace(tzinfo=UTC)).timestamp()

            return epoch(rng[0]), epoch(rng[1])
        return float(rng[0]), float(rng[1])
    except (TypeError, ValueError):
        return None


def _bin_label(low: Any, high: Any, integer: bool, date: bool) -> str:
    """Both ends of a bin, rounded to what tells bins apart: whole numbers for integers
    (inclusive ends), dates for date bins, else enough significant digits for the width."""
    if integer:
        return f"{low:,}" if low == high else f"{low:,}–{high:,}"
    if date:
        a, b = str(low), str(high)
        if a[:10] != b[:10]:
            return f"{a[:10]} – {b[:10]}"
        return f"{a[:16].replace('T', ' ')} – {b[11:16]}"
    lo, hi = float(low), float(high)
    width = abs(hi - lo) or abs(lo) or 1.0
    decimals = max(0, min(6, 2 - math.floor(math.log10(width))))
    return f"{lo:,.{decimals}f} – {hi:,.{decimals}f}"


def _fk_review(dist: Distribution, bins: int, sample: dict[str, Any] | None) -> dict[str, Any]:
    """Children per parent; with a sample, its law (the share of its parents having k
    children) is the planned one, and the declared law is tested against the sample."""
    children = dist.children or {}
    declared = {int(h["children"]): float(h["share"]) for h in children.get("law") or []}
    hist = {int(h["children"]): int(h["parents"]) for h in children.get("histogram") or []}
    n = sum(hist.values())
    drawn = (sample or {}).get("histogram") if dist.generated else None
    m = sum(drawn.values()) if drawn else 0
    law = {k: v / m for k, v in drawn.items()} if drawn and m else declared
    if law and max(law) - min(law) < 2 * bins:
        rows = _law_rows(law, hist, n, bins)
    else:
        rows = _binned_rows(hist, law, n, bins)
    declared_check = None
    if drawn and m:
        for row in rows:
            row["sample_count"] = round((row["planned"] or 0.0) * m)
            row["planned"] = None  # the declared law's per-row shares are not these rows'
        if declared:
            ks = sorted(set(drawn) | set(declared))
            declared_check = fit_check(
                [drawn.get(k, 0) for k in ks], [declared.get(k, 0.0) for k in ks]
            )
    law = declared
    spec = children.get("planned")
    source = None
    if children.get("default_law") and law:
        source = "the default fan-out (70 % toward a few busy parents, 30 % uniform)"
    if spec and law:
        kind = spec.get("distribution")
        if kind == "fixed":
            source = f"fixed, {spec.get('count')} children per parent (sandbox.toml)"
        elif kind == "uniform":
            source = f"uniform law, {spec['min']}–{spec['max']} children (sandbox.toml)"
        else:
            source = (
                f"Zipf law, skew {spec.get('skew')}, {spec['min']}–{spec['max']} children "
                "(sandbox.toml)"
            )
    summary = None
    if children.get("parents") is not None:
        summary = (
            f"{children['parents']:,} parents, mean {children.get('mean')}, "
            f"max {children.get('max')} children"
        )
    if children.get("plan_note"):
        summary = "; ".join(filter(None, [summary, children["plan_note"]]))
    review = {"axis": "children per parent", "unit": "parents", "n": n,
              "planned_source": source, "rows": rows, "summary": summary}  # fmt: skip
    if declared_check is not None and source:
        review["declared_check_text"] = (
            f"{source}: the sample follows it"
            if declared_check.within
            else f"{source}: the generator's rules reshape it, so the sample differs from "
            f"it ({declared_check.figures()}); the verdict compares the data with the sample"
        )
    return review


def _law_rows(law: dict[int, float], hist: dict[int, int], n: int, bins: int) -> list[dict]:
    """One row per number of children the law allows; counts the law rules out (fewer than
    its minimum, more than its maximum) one row each when few, else one row per side."""
    low, high = min(law), max(law)
    rows = [_row(str(k), law[k], hist.get(k, 0), n) for k in sorted(law)]
    for side, ks in (
        ("below", [k for k in hist if k < low]),
        ("above", [k for k in hist if k > high]),
    ):
        if not ks:
            continue
        if len(ks) <= bins // 4:
            extra = [_row(str(k), 0.0, hist[k], n, "unplanned") for k in sorted(ks)]
        else:
            label = f"< {low}" if side == "below" else f"> {high}"
            extra = [_row(label, 0.0, sum(hist[k] for k in ks), n, "unplanned")]
        rows = extra + rows if side == "below" else rows + extra
    return rows


def _binned_rows(hist: dict[int, int], law: dict[int, float], n: int, bins: int) -> list[dict]:
    """One row per number of children, or, when they are many, one per count up to bins/2
    and then ranges doubling in width (fan-outs are skewed: the detail is at the low end);
    planned from `law` when there is one, its far tail in the last row."""
    if not hist and not law:
        return []
    top = max([*hist, *_bulk(law)])
    spans = _spans(top, bins)
    rows = []
    for i, (start, end) in enumerate(spans):
        last = i == len(spans) - 1

        def within(k: int, start: int = start, end: int = end, last: bool = last) -> bool:
            return k >= start and (last or k <= end)

        planned = sum(v for k, v in law.items() if within(k)) if law else None
        count = sum(v for k, v in hist.items() if within(k))
        if count or (planned is not None and planned > 1e-6):
            label = str(start) if start == end else f"{start}–{end}"
            if last and max([*hist, *law]) > end:
                label = f"≥ {start}"
            rows.append(_row(label, planned, count, n))
    return rows


def _spans(top: int, bins: int) -> list[tuple[int, int]]:
    if top < 2 * bins:
        return [(k, k) for k in range(top + 1)]
    single = max(2, bins // 2)
    spans = [(k, k) for k in range(single)]
    start = single
    while start <= top:
        spans.append((start, 2 * start - 1))
        start *= 2
    return spans


def _bulk(law: dict[int, float]) -> list[int]:
    """The children counts holding all but 1e-4 of the law: the span worth charting."""
    total = 0.0
    for k in sorted(law):
        total += law[k]
        if total >= 1 - 1e-4:
            return [k]
    return [max(law)] if law else []
