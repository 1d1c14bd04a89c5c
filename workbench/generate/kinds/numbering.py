"""Names that number a parent's rows: `line_no`, `position`, `seq`, and the table's own thing
numbered (`leg_no` of trip_legs, `term_no` of terms). Read by the unique plan (which numbers
such a key 1, 2, 3… per parent) and by the rules that lay such rows out in order."""

from __future__ import annotations

from workbench.generate.base.names import normalise, singular_forms

_LINE_WORDS = frozenset(
    {"line", "line_no", "line_nr", "line_num", "line_number", "lineno", "line_index",
     "position", "pos", "seq", "seq_no", "seq_num", "seqno", "sequence", "sequence_no",
     "sequence_number", "ordinal", "ordinal_position", "item_no", "item_number", "item_seq",
     "line_seq", "sort_order", "sort_index", "order_index", "idx", "index", "step", "step_no",
     "step_number", "rank", "nr", "no", "num", "number", "part_no", "page_no", "page_number"}
)  # fmt: skip


# alone they number rows; after another word (`stop_number`, `page_index`) they may not
_BARE_ONLY = frozenset({"no", "nr", "num", "number", "idx", "index", "rank", "step"})
# things that come one after another by nature, numbered so in any table: the 3rd instalment
# of a lease's rent, a loan's 12th payment, a contract's 2nd billing period, a document's
# 4th revision, a customer's 3rd renewal of a contract, a log's 5th entry, a parcel's 2nd
# scan (a `stop_number` names a stop, not a place in a series)
_SERIAL = frozenset({"installment", "instalment", "period", "billing_period", "cycle",
                     "billing_cycle", "round", "stage", "phase", "term", "episode", "attempt",
                     "revision", "version", "iteration", "payment", "repayment", "sitting",
                     "tranche", "milestone", "renewal", "slot", "entry", "event", "scan",
                     "transition", "message", "update", "change"})  # fmt: skip


def is_line_number(column: str, table: str = "") -> bool:
    """`line_no`, `lineNumber`, `position`, `item_seq`, `stop_sequence`…: a name that numbers
    rows within something; also the table's own thing numbered (`leg_no` of trip_legs,
    `instalment_number` of instalments, `term_no` of terms), and a thing that comes in series
    wherever it is numbered (`installment_no` of rent invoices, `payment_number`)."""

    norm = normalise(column)
    if norm in _LINE_WORDS or norm in _SERIAL_STEPS:  # `stage` 1, 2 of an appeal
        return True
    words = norm.split("_")
    tails = ("_".join(words[i:]) for i in range(1, len(words)))
    if any(t in _LINE_WORDS and t not in _BARE_ONLY for t in tails):
        return True
    if len(words) < 2 or words[-1] not in _BARE_ONLY:
        return False
    head = "_".join(words[:-1])
    noun = normalise(table.rsplit(".", 1)[-1]).split("_")[-1] if table else ""
    return head in _SERIAL or head in singular_forms(noun)


# what numbers one of a parent's several like parts: engine 2 of a vessel, pump 3 of a station
_PART_TAILS = frozenset({"no", "nr", "num", "number", "idx", "index"})
# a part numbered by its own name (a logger's channel 4)
_PART_NOUNS = frozenset({"channel"})
# numbers that identify a thing or a document among many, not a part among a few
_NOT_PARTS = frozenset({"serial", "account", "invoice", "order", "phone", "reference",
                        "ref", "ticket", "document", "registration", "tax", "card", "batch",
                        "lot"})  # fmt: skip


def is_part_number(column: str, table: str = "") -> bool:
    """`engine_no`, `pump_idx`, `axle_number`, `channel`: a number naming which of its
    parent's few like parts a row is about (a vessel's engines, a logger's channels), each its
    own series of rows; not a name that numbers the rows themselves (`line_no`, `reading_no`
    of readings: `is_line_number`) nor one identifying a thing among many (`serial_no`)."""
    if is_line_number(column, table):
        return False
    words = normalise(column).split("_")
    if words[0] in _PART_NOUNS and (len(words) == 1 or words[1:] in (["no"], ["number"])):
        return True
    return (len(words) == 2 and words[1] in _PART_TAILS
            and words[0] not in _PART_TAILS | _NOT_PARTS)  # fmt: skip


def is_serial_number(column: str) -> bool:
    """`stage`, `round`, `attempt_no`, `review_round_no`: a number of which try a row is of
    something that comes in series (a parent's appeal stages, a claim's review rounds), alone
    or before a number word (not `days_since_sitting`)."""
    words = normalise(column).split("_")
    if words[-1] in _BARE_ONLY and len(words) > 1:
        return words[-2] in _SERIAL_STEPS  # `round_no`, `review_round_no`
    return words == [words[-1]] and words[-1] in _SERIAL_STEPS  # not `days_since_sitting`


# what a row's try in a series is numbered by, alone (`stage`, `round`)
_SERIAL_STEPS = frozenset({"stage", "round", "attempt", "phase", "iteration", "sitting"})
