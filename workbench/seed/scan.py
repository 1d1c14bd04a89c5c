"""After masking, before anything is kept: every text value of the seed scanned for what still
looks like personal data.

Detectors: emails outside the reserved domains, phone numbers outside the fictional shapes,
card numbers with a valid Luhn digit outside the test ranges, IBANs with valid check digits
(but the fictional ones), national id shapes (US SSN, UK NINO), and, in a kept column of a
table that has personal columns, a first name followed by a last name from the generator's
vocabularies (in either case, and as "Surname, Given" too). A kept column is read by every
detector; a masked column by the detectors of the shapes its masker writes (an email column for
emails…), which checks that what was written is fictional. Each detector is one regular
expression over a column's distinct values joined, so the scan costs a few passes of the C
regex engine per column. A detector's judge says of each match: personal (a hit), fictional
(that shape, cleared: left out of what the next detectors read), or not that shape at all (left
for the next: "0044 20 7123 4567" is no card, but a phone).

A hit names the table, the column and a masked excerpt (its first character, then • for every
letter and digit): the value itself is never shown."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np
from faker.providers.lorem.en_US import Provider as LoremWords

from workbench.errors import WorkbenchError
from workbench.generate.generators.pools import pool
from workbench.schema.model import Schema
from workbench.schema.typeinfo import resolve_type
from workbench.seed.copytext import NULL, SeedTable
from workbench.seed.fiction import (
    TEST_CARD_PREFIXES,
    card_is_fictional,
    email_is_fictional,
    iban_is_fictional,
    iban_length_registered,
    iban_valid,
    luhn_valid,
    phone_is_fictional,
)
from workbench.seed.policy import SeedPolicy
from workbench.seed.textarrays import code_matrix

_TEXT_KINDS = frozenset({"text", "json", "xml", "unknown"})

# Each pattern starts with a literal or a character class, so the regex engine skips ahead
# to candidates; boundaries and exclusions are judged in Python on the few matches.
_EMAIL = re.compile(r"@([A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,})")
_LOCAL = re.compile(r"[A-Za-z0-9._%+\-']+$")
_PHONE = re.compile(
    r"\+\d[\d \t().\-/]{5,22}\d"  # international, after +
    r"|\b00[1-9][\d \t().\-/]{5,22}\d"  # international, after 00
    r"|(?:\(\d{3}\)|\b\d{3})[ .\-]\d{3}[ .\-]\d{4}\b"  # North American
    # national form: a trunk 0 and an area code (in brackets or not), then groups of digits
    r"|(?:\(0\d{1,5}\)|\b0\d{1,5})(?:[ \t.\-/]?\d{2,}){1,5}"
)
_CARD = re.compile(r"\d(?:[ \-]?\d){12,18}")
_IBAN = re.compile(r"\b[A-Za-z]{2}\d{2}(?: ?[A-Za-z0-9]){11,30}")
_SSN = re.compile(r"\d{3}-\d{2}-\d{4}")
_NINO = re.compile(r"[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D]")
_LETTERS = re.compile(r"[a-z]+")
_NINO_NEVER = ("BG", "GB", "KN", "NK", "NT", "TN", "ZZ")


class PersonalDataFound(WorkbenchError):
    """The masked seed still holds what looks like personal data (the CLI's exit 4)."""

    exit_code = 4
    title = "personal data in the masked seed"


@dataclass(frozen=True)
class ScanHit:
    table: str
    column: str
    what: str
    excerpt: str

    def to_dict(self) -> dict[str, str]:
        return dict(self.__dict__)

    def describe(self) -> str:
        return f"{self.table}.{self.column}: {self.what} ({self.excerpt})"


def excerpt(found: str) -> str:
    """The first character, then • for each letter or digit (punctuation kept)."""
    head, rest = found[:1], found[1:40]
    return head + re.sub(r"\w", "•", rest) + ("…" if len(found) > 40 else "")


_WORD = re.compile(r"\w")
_DIGIT_OR_DASH = re.compile(r"[\d\-]")
_NON_DIGIT = re.compile(r"\D")
_WORD_OR_DASH = re.compile(r"[\w\-]")


def _alone(text: str, match: re.Match[str], inside: re.Pattern[str]) -> bool:
    """The match is not part of a longer run of `inside` characters (alphanumerics,
    digits…) on either side."""
    start, end = match.span()
    before = text[start - 1] if start else "\n"
    after = text[end] if end < len(text) else "\n"
    return not (inside.match(before) or inside.match(after))


# A judge says of a match: True, personal (a hit); False, that shape but fictional (cleared,
# and left out of what the next detectors read); None, not that shape (left for the next).
Judge = Callable[[str, re.Match[str]], bool | None]
Finder = Callable[[str], Iterable[re.Match[str]]]


def _email(text: str, match: re.Match[str]) -> bool | None:
    return not email_is_fictional(match.group(0))


def _email_shown(text: str, match: re.Match[str]) -> str:
    local = _LOCAL.search(text, max(0, match.start() - 64), match.start())
    return (local.group(0) if local else "") + match.group(0)


# A national number that starts with a date (01.02.2024 10…) is the date and a count.
_DATE_START = re.compile(r"\(?0\d([./\-])[01]\d\1(?:19|20)\d\d\b")


def _phone(text: str, match: re.Match[str]) -> bool | None:
    found = match.group(0)
    # not after +: digits inside a word (a hash, a uuid), or one run of a card's length
    if found[0] != "+" and (
        not _alone(text, match, _WORD_OR_DASH) or (found.isdigit() and len(found) >= 13)
    ):
        return None
    if not found.startswith(("+", "00")):
        # in national form: 9 to 12 digits (fewer is a date or a count), not a date
        digits = len(_NON_DIGIT.sub("", found))
        if not 9 <= digits <= 12 or _DATE_START.match(found):
            return None
    fictional = phone_is_fictional(found)
    return None if fictional is None else not fictional


def _card(text: str, match: re.Match[str]) -> bool | None:
    digits = match.group(0).replace(" ", "").replace("-", "")
    if card_is_fictional(digits):
        return False
    brand = digits[:1] in "3456" or "2221" <= digits[:4] <= "2720"
    # digits glued to letters are a hash or a code, not a card
    return True if brand and luhn_valid(digits) and _alone(text, match, _WORD_OR_DASH) else None


def _iban(text: str, match: re.Match[str]) -> bool | None:
    found = match.group(0)
    compact = found.replace(" ", "").upper()
    if iban_is_fictional(compact):
        return False
    if not iban_valid(compact) or not _alone(text, match, _WORD):
        return None
    # Written in capitals, the shape and the check digits are enough; in lower case (words
    # are, and 1 in 97 strings passes the check) the length must be the country's too.
    if not found.isupper() and not iban_length_registered(compact):
        return None
    return True


def _ssn(text: str, match: re.Match[str]) -> bool | None:
    area, group, serial = match.group(0).split("-")
    never = area in ("000", "666") or area[0] == "9" or group == "00" or serial == "0000"
    return None if never or not _alone(text, match, _WORD_OR_DASH) else True


def _nino(text: str, match: re.Match[str]) -> bool | None:
    never = match.group(0).startswith(_NINO_NEVER) or not _alone(text, match, _WORD)
    return None if never else True


@functools.cache
def _names() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The generator's first and last names, lower case, and the ordinary words (its lorem
    vocabulary: "mark", "green", "may"…) that a name in lower case must not be."""
    first, last = pool("first_name", 0).tolist(), pool("last_name", 0).tolist()
    return (
        frozenset(n.lower() for n in first),
        frozenset(n.lower() for n in last),
        frozenset(w.lower() for w in LoremWords.word_list),
    )


def _name_pairs(text: str) -> Iterable[re.Match[str]]:
    """ "Given Family" and "Family, Given" in any case, where both are in the vocabularies:
    one pattern made of only the names the text holds (most texts hold few or none)."""
    first, last, _ordinary = _names()
    words = set(_LETTERS.findall(text.lower()))
    given, family = words & first, words & last
    if not given or not family:
        return ()
    g = "|".join(sorted(given, key=len, reverse=True))
    f = "|".join(sorted(family, key=len, reverse=True))
    return re.finditer(rf"\b(?:({g}) ({f})|({f}), ?({g}))\b", text, re.IGNORECASE)


def _capitalised(word: str) -> bool:
    return word[:1].isupper() and (word[1:].islower() or word.isupper())


def _name(text: str, match: re.Match[str]) -> bool | None:
    pair = [w for w in match.groups() if w is not None]
    if all(_capitalised(w) for w in pair):
        return True
    # in lower case, a pair of ordinary words ("mark green") is not taken for a name
    return None if any(w.lower() in _names()[2] for w in pair) else True


# name -> (what a hit is, where its candidates are found, judge)
DETECTORS: dict[str, tuple[str, Finder, Judge]] = {
    "email": ("an email outside the reserved domains", _EMAIL.finditer, _email),
    "iban": ("an IBAN", _IBAN.finditer, _iban),
    "card": ("a card number outside the test ranges", _CARD.finditer, _card),
    "phone": ("a phone number outside the fictional ranges", _PHONE.finditer, _phone),
    "ssn": ("a US social security number", _SSN.finditer, _ssn),
    "nino": ("a UK national insurance number", _NINO.finditer, _nino),
    "name": ("a person's name (first and last)", _name_pairs, _name),
}
# What a masked column is checked for: the shapes its masker writes (each must come out
# fictional); a kept column is checked for all of them.
SHAPES_OF_KINDS = {
    "email": ("email",),
    "phone": ("phone",),
    "card": ("card",),
    "iban": ("iban",),
    "text": ("email", "iban", "card", "phone", "ssn", "nino"),
    "chars": ("card", "iban", "ssn", "nino"),
}
_ALL = ("email", "iban", "card", "phone", "ssn", "nino")


def scan_column(values: list[str], detectors: tuple[str, ...] = _ALL) -> tuple[str, str] | None:
    """The first personal-looking value among a column's COPY text values: (what, masked
    excerpt). Each distinct value is read once."""
    distinct = dict.fromkeys(values)
    distinct.pop(NULL, None)
    if not distinct:
        return None
    kept = list(distinct)
    if "card" in detectors or "iban" in detectors:
        # A value that is wholly a test card or a fictional IBAN (what the maskers write) is
        # one match every detector clears: left out at once instead of a match judged in
        # Python per value.
        fictional = _wholly_fictional(kept)
        kept = [v for v, f in zip(kept, fictional.tolist(), strict=True) if not f]
    text = "\n" + "\n".join(kept) + "\n"
    for name in detectors:
        what, find, judge = DETECTORS[name]
        if name == "email":  # reserved domains (what the maskers write) cleared in one pass
            text = _RESERVED_AT.sub(" ", text)
        # where the fictional ones start and end (ints, not tuples: no work for the
        # garbage collector in a process that holds a whole seed)
        starts: list[int] = []
        ends: list[int] = []
        for match in find(text):
            personal = judge(text, match)
            if personal:
                shown = _email_shown(text, match) if name == "email" else match.group(0)
                return what, excerpt(shown)
            if personal is False:
                starts.append(match.start())
                ends.append(match.end())
        if starts:  # a fictional one is not read by the next detectors (an IBAN's digits)
            text = _without(text, starts, ends)
    return None


def _without(text: str, starts: list[int], ends: list[int]) -> str:
    """`text` with each span replaced by one space."""
    pieces = [text[: starts[0]]]
    for end, start in zip(ends, [*starts[1:], len(text)], strict=True):
        pieces += [" ", text[end:start]]
    return "".join(pieces)


# An email's @domain on a reserved domain, where the email detector's match would end (what
# follows cannot continue a domain): cleared as the detector's judge would clear it.
_RESERVED_AT = re.compile(
    r"@(?:[A-Za-z0-9\-]+\.)*(?:example\.(?:com|org|net)|[A-Za-z0-9\-]+\.(?:test|example|invalid"
    r"|localhost))(?![A-Za-z0-9\-.])",
    re.IGNORECASE,
)
_CARD_WHOLE = re.compile(r"[ \-]*\d(?:[ \-]?\d){12,18}[ \-]*")
_IBAN_WHOLE = re.compile(r"DE\d{2} ?0(?: ?\d){17}")


_TEST_PREFIXES = np.array(sorted({int(p) for p in TEST_CARD_PREFIXES}), dtype=np.int64)
_POWERS = 10 ** np.arange(5, -1, -1, dtype=np.int64)


def _wholly_fictional(values: list[str]) -> np.ndarray:
    """Per value: it is a test card number or a fictional IBAN and nothing else, so the card
    or IBAN detector would match it whole and clear it (and no other detector sees it after).
    Read on a matrix of code points; a value with spaces or dashes is judged one by one."""
    if not values:
        return np.zeros(0, dtype=bool)
    points, lengths = code_matrix(values, min_width=6)
    codes = points.astype(np.int64)
    digit = (codes >= 48) & (codes <= 57)
    all_digits = digit.sum(axis=1) == lengths
    prefix = ((codes[:, :6] - 48) * _POWERS).sum(axis=1)
    card = all_digits & (lengths >= 13) & (lengths <= 19) & np.isin(prefix, _TEST_PREFIXES)
    iban = (
        (lengths == 22)
        & (codes[:, 0] == ord("D"))
        & (codes[:, 1] == ord("E"))
        & (digit[:, 2:22].sum(axis=1) == 20)
        & (codes[:, 4] == ord("0"))
    )
    out = card | iban
    for i in np.flatnonzero(~out & ((codes == 32) | (codes == 45)).any(axis=1)).tolist():
        value = values[i]
        if _CARD_WHOLE.fullmatch(value):
            out[i] = card_is_fictional(value.replace(" ", "").replace("-", ""))
        else:
            out[i] = bool(_IBAN_WHOLE.fullmatch(value))
    return out


def scan_seed(tables: list[SeedTable], policy: SeedPolicy, schema: Schema) -> list[ScanHit]:
    """The first hit of every column that has one (text columns kept or masked)."""
    hits: list[ScanHit] = []
    for st in tables:
        rules = policy.tables.get(st.name, {})
        model = schema.tables[st.name]
        personal = any(r.action == "mask" for r in rules.values())
        for column, values in zip(st.columns, st.values, strict=True):
            rule = rules.get(column)
            col = model.column(column)
            if rule is None or col is None or rule.action in ("null", "fake"):
                continue
            if resolve_type(schema, col.type).kind not in _TEXT_KINDS:
                continue
            if rule.action == "keep":
                detectors = _ALL + (("name",) if personal else ())
            else:
                detectors = SHAPES_OF_KINDS.get(rule.kind, ())
            found = scan_column(values, detectors) if detectors else None
            if found is not None:
                hits.append(ScanHit(st.name, column, *found))
    return hits


def refuse_hits(hits: list[ScanHit]) -> None:
    if not hits:
        return
    shown = "; ".join(h.describe() for h in hits[:5])
    more = f" and {len(hits) - 5} more column(s)" if len(hits) > 5 else ""
    raise PersonalDataFound(
        f"after masking, {len(hits)} column(s) still hold what looks like personal data: "
        f'{shown}{more}. Nothing was written. Give these columns `seed = "mask"` (or '
        '"null") in sandbox.toml, or remove the values from the export.'
    )
