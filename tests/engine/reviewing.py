"""Every column of a generated sandbox put through the distribution review: what
test_review_truth.py and test_corpus.py assert about it (no red verdict)."""

from __future__ import annotations

from workbench.distribution.review import ReviewSession
from workbench.engine import Engine


def review_reds(engine: Engine) -> tuple[list[str], int]:
    """Every column of the schema reviewed: (the red ones with their verdict, verdicts, or
    -1 when none and row-level security hides tables from the read-only role)."""
    reds, verdicts, hidden = [], 0, set()
    with ReviewSession(engine.context) as session:
        for table in engine.schema().tables.values():
            for column in table.columns:
                dist = session.review(table.qualified, column.name)
                review = dist.review
                if any("row-level security" in note for note in dist.notes):
                    hidden.add(table.qualified)
                if review.get("check") is None:
                    continue
                verdicts += 1
                if not review["check"]["within"]:
                    reds.append(f"{table.qualified}.{column.name}: {review['check_text']}")
    return reds, -1 if hidden and not verdicts else verdicts
