"""Counts of what a store of content holds, read in snapshots of it: a translation memory's
segments and words, a glossary's terms, an archive's documents, a repository's commits, a
mailbox's messages. Such a store keeps what it was given: a later snapshot of it counts at
least as many as an earlier one (rules/counter.py draws each count on a register's curve).

A count column is a counted noun and a count word (`segment_count`, `num_words`,
`total_entries`, `words_total`, `document_count`); it is a running total when the noun is
content a store accrues (CONTENT) and its table is named as snapshots of a thing
(SNAPSHOT_TABLES). A count of what a thing has at the moment (a stock's items,
a car park's occupied bays, a queue's waiting calls, a team's members) is no such total: its
nouns are not content, and it rises and falls."""

from __future__ import annotations

import re

from workbench.generate.base.names import normalise, singular_forms

# tables of snapshots: rows each of one instant of a thing, read again later
SNAPSHOT_TABLES = re.compile(r"(snapshot|snap_shot|census)")
# content a store keeps once it is given: written units, records, versions of work
CONTENT = frozenset({"segment", "word", "term", "entry", "string", "sentence", "token",
                     "character", "char", "document", "doc", "file", "page", "record",
                     "article", "post", "message", "commit", "revision", "translation",
                     "unit_translated", "concept", "lemma", "headword", "citation",
                     "photo", "image", "recording", "episode"})  # fmt: skip
# the words that make a name a count
COUNT_WORDS = frozenset({"count", "cnt", "num", "total", "n"})
# words of a count that is no running total (what changed, what is left, a share)
_NOT_TOTAL = frozenset({"new", "added", "removed", "deleted", "delta", "diff", "change",
                        "daily", "weekly", "monthly", "avg", "average", "pct", "percent",
                        "share", "rate", "ratio", "remaining", "pending", "open", "active",
                        "failed", "rejected", "untranslated", "per"})  # fmt: skip


def content_count(table: str, column: str) -> bool:
    """Whether `column` of `table` counts content a store accrues, in a table of snapshots
    (`tm_snapshots.segment_count`, `archive_snapshots.document_count`)."""
    if not SNAPSHOT_TABLES.search(normalise(table.rsplit(".", 1)[-1])):
        return False
    words = normalise(column).split("_")
    if not set(words) & COUNT_WORDS or set(words) & _NOT_TOTAL:
        return False
    nouns = [w for w in words if w not in COUNT_WORDS | {"of"}]
    return len(nouns) == 1 and bool(singular_forms(nouns[0]) & CONTENT)
