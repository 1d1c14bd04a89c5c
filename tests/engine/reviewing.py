"""Every column of a generated sandbox put through the distribution review: what
test_review_truth.py and test_corpus.py assert about it (no red verdict)."""

from __future__ import annotations

from workbench.distribution.law import SIGNIFICANCE
from workbench.distribution.review import ReviewSession
from workbench.engine import Engine


def review_reds(engine: Engine, *, family: bool = False) -> tuple[list[str], int]:
    """Every column of the schema reviewed: (the red ones with their verdict, verdicts, or
    -1 when none and row-level security hides tables from the read-only role).

    Red is the review's own verdict (p below SIGNIFICANCE for the column); with `family`,
    the schema's columns are one family of tests (Bonferroni): red when p is below
    SIGNIFICANCE over the number of verdicts, so a schema of hundreds of columns does not
    turn one in a thousand red by chance alone (values the plan rules out, p = 0, stay red)."""
    outside: list[tuple[str, float, str]] = []  # the columns the review says are red
    verdicts, hidden = 0, set()
    with ReviewSession(engine.context) as session:
        for table in engine.schema().tables.values():
            for column in table.columns:
                dist = session.review(table.qualified, column.name)
                review = dist.review
                if any("row-level security" in note for note in dist.notes):
                    hidden.add(table.qualified)
                check = review.get("check")
                if check is None:
                    continue
                verdicts += 1
                if not check["within"]:
                    name = f"{table.qualified}.{column.name}"
                    outside.append((name, float(check["p_value"]), review["check_text"]))
    threshold = SIGNIFICANCE / max(verdicts, 1)
    reds = [f"{name}: {text}" for name, p, text in outside if not family or p < threshold]
    return reds, -1 if hidden and not verdicts else verdicts
