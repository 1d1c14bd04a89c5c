"""What a machine or a clerk read of a thing another table holds (`plate_text` of a number
plate camera, `scanned_barcode` of a till, `ocr_serial` of a meter reader): a copy of that
value, wrong on a few rows (a camera reads 0 for O, 8 for B), and the confidence the reader
gave its read, high on most rows (rules/misread.py).

A read's column names the thing read and a word of reading (READ_WORDS); the thing read is a
column of a table the row reaches by its keys of the same name (`scanned_barcode`: `barcode`)
or one word of a family of names for it (SAME_THING: a vehicle's `registration` is its plate)."""

from __future__ import annotations

from workbench.generate.base.names import normalise

# words that say a column holds what was read, not the thing itself
READ_WORDS = frozenset({"text", "read", "reading", "ocr", "scanned", "scan", "observed",
                        "detected", "captured", "recognised", "recognized", "seen", "raw",
                        "entered", "typed", "keyed", "as_read", "decoded"})  # fmt: skip
# families of names for one thing (a vehicle's number plate, its registration mark)
SAME_THING = (
    frozenset({"plate", "plates", "registration", "reg", "rego", "vrm", "vrn", "number_plate",
               "licence_plate", "license_plate", "plate_number", "reg_number",
               "registration_number", "registration_mark", "plate_no", "tag_number"}),
)  # fmt: skip
# the share of reads that got the thing wrong (an ANPR camera misreads a few plates in 100)
MISREAD_SHARE = 0.02
# words of a reader's confidence in its read (a score from 0 to 1, or to 100)
CONFIDENCE_WORDS = frozenset({"confidence", "certainty"})
# a good read's confidence falls short of 1 by about this much (exponentially): some 0.7 %
# of good reads fall below 0.8; a misread's lies in MISREAD_CONFIDENCE
GOOD_SHORTFALL = 0.04
MISREAD_CONFIDENCE = (0.45, 0.85)
# characters a reader mistakes for one another
CONFUSED = {"0": "O", "O": "0", "1": "I", "I": "1", "8": "B", "B": "8", "5": "S", "S": "5",
            "2": "Z", "Z": "2", "6": "G", "G": "6", "D": "0", "M": "N", "N": "M", "U": "V",
            "V": "U", "E": "F", "F": "E", "7": "T", "T": "7", "Q": "O", "H": "N"}  # fmt: skip


def thing_read(name: str) -> str | None:
    """The thing a column's name says was read (`plate` of `plate_text`, `barcode` of
    `scanned_barcode`), else None: its words less the READ_WORDS, where it has one."""
    words = normalise(name).split("_")
    rest = [w for w in words if w not in READ_WORDS]
    if len(rest) == len(words) or not rest:
        return None
    return "_".join(rest)


def names_thing(column: str, thing: str) -> bool:
    """Whether a column's name is the thing read: the same name, or one family's (SAME_THING;
    its last words, `vehicle_registration`, count)."""
    norm = normalise(column)
    if norm == thing:
        return True
    words = norm.split("_")
    tails = {"_".join(words[-n:]) for n in (1, 2)}
    return any(thing in family and tails & family for family in SAME_THING)


def confidence(name: str) -> bool:
    """Whether a column's name says it holds a reader's confidence (`confidence`,
    `match_confidence`, `confidence_score`)."""
    return bool(set(normalise(name).split("_")) & CONFIDENCE_WORDS)
