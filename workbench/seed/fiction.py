"""What a fictional contact or payment value looks like: the shapes the workbench writes and
the checks that tell them from someone's real one.

`doctor` judges a sandbox's email and phone columns with these; a seed import
(workbench/seed/) writes masked values only in these shapes and scans for anything else.

- emails: on the domains reserved for documentation and tests (RFC 2606 / 6761);
- phones: the ranges reserved for fiction (NANP 555-01xx, Ofcom's drama numbers, ARCEP's and
  ACMA's fiction ranges), a national number of the country's length in a block its numbering
  plan leaves unallocated (vocab/data/phone_free.tsv) or, written after `+` and a calling
  code, a national number that starts with the trunk 0 (no country's subscriber numbers do;
  the few whose numbers do start with 0 take `00`, which none of them starts with);
- card numbers: the issuers' published test ranges;
- IBANs: German ones whose bank code starts with 0, which no German bank code does.
"""

from __future__ import annotations

import functools
import re

from workbench.generate.generators.ibans import IBAN_LENGTHS
from workbench.generate.vocab import countries

# Reserved for documentation and tests (RFC 2606 / 6761): the only domains a synthetic email
# may use.
RESERVED_EMAIL = re.compile(
    r"@(?:[a-z0-9-]+\.)*(?:example\.(?:com|org|net)|[a-z0-9-]+\.(?:test|example|invalid|localhost)"
    r"|test|example|invalid|localhost)$",
    re.IGNORECASE,
)
# Fictional telephone ranges, as digits in national form: NANP 555-01xx, Ofcom's drama
# numbers, ARCEP's fiction ranges, ACMA's fiction ranges, and the generator's calling code +
# trunk 0 + 555 01xx (never dialable: see workbench/generate/generators/phones.py).
_FICTIONAL_PHONE = re.compile(
    r"^(?:1?(?:\d{3})?55501\d\d|\d{1,3}055501\d\d"
    r"|0(?:207946|1614960|7700900|1632960|11[3-8]4960|1214960|1314960|1414960|1514960"
    r"|1914980|2896496|2920180)\d*"
    r"|0(?:19900|26191|35301|46571|53649|63998)\d*"
    r"|0(?:491570|491571|491572|[2378]5550|[2378]7010)\d*)$"
)
# Calling codes of two digits (E.164 codes are prefix-free: 1 and 7 stand alone, these take
# two digits, every other code three).
_TWO_DIGIT_CODES = frozenset(
    {
        "20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45",
        "46", "47", "48", "49", "51", "52", "53", "54", "55", "56", "57", "58", "60", "61",
        "62", "63", "64", "65", "66", "81", "82", "84", "86", "90", "91", "92", "93", "94",
        "95", "98",
    }
)  # fmt: skip
# Countries whose subscriber numbers themselves start with 0 (Italy's landlines, San
# Marino, the Vatican, Côte d'Ivoire, Gabon, the Republic of the Congo): after their code a
# fictional number starts with 00 instead, which none of their numbers does.
TRUNK_ZERO_CODES = frozenset({"39", "378", "379", "225", "241", "242"})
# "+44 (0)20 …": the trunk prefix written in brackets belongs to no number.
_BRACKETED_TRUNK = re.compile(r"\(\s*0\s*\)")

TEST_CARD_PREFIXES = (
    "411111", "424242", "400005", "400000", "555555", "510510", "222300",
    "378282", "371449", "601111", "356600", "305693",
)  # fmt: skip
FICTIONAL_IBAN = re.compile(r"^DE\d{2}0\d{17}$")
_IBAN_LETTERS = str.maketrans({chr(65 + i): str(10 + i) for i in range(26)})


def email_is_fictional(value: str) -> bool:
    return bool(RESERVED_EMAIL.search(value.strip()))


_NON_DIGIT = re.compile(r"\D")  # compiled once: called per value by the seed's scan
_IBAN_FORM = re.compile(r"[A-Z]{2}\d{2}[A-Z0-9]{11,30}")


def calling_code(digits: str) -> str:
    """The calling code at the start of an international number's digits."""
    if digits[:1] in ("1", "7"):
        return digits[:1]
    if digits[:2] in _TWO_DIGIT_CODES:
        return digits[:2]
    return digits[:3]


def international(value: str) -> str | None:
    """The digits after the international prefix (`+` or `00`), or None for a number written
    in national form; a bracketed trunk prefix "(0)" is left out."""
    text = _BRACKETED_TRUNK.sub("", value.strip())
    if text.startswith("+"):
        return _NON_DIGIT.sub("", text)
    if text.startswith("00"):
        return _NON_DIGIT.sub("", text)[2:]
    return None


@functools.cache
def _free_blocks() -> dict[str, list[tuple[str, int]]]:
    """calling code -> (prefix, national length) of the unallocated blocks the generator
    writes numbers in (vocab/countries.free_phone_blocks)."""
    out: dict[str, list[tuple[str, int]]] = {}
    for code, prefix, length in countries.free_phone_blocks().values():
        out.setdefault(code, []).append((prefix, max(length, 7)))
    return out


def free_block_pattern() -> str:
    """The same blocks as one regular expression over a number's digits (code included)."""
    alternatives = sorted(
        {f"{code}{prefix}[0-9]{{{length - len(prefix)}}}"
         for code, blocks in _free_blocks().items() for prefix, length in blocks}
    )  # fmt: skip
    return "^(" + "|".join(alternatives) + ")$"


def _in_free_block(code: str, national: str) -> bool:
    return any(
        national.startswith(prefix) and len(national) == length
        for prefix, length in _free_blocks().get(code, ())
    )


def phone_is_fictional(value: str) -> bool | None:
    """True/False for something that looks like a phone number; None when it does not."""
    digits = _NON_DIGIT.sub("", value)
    if len(digits) < 7:
        return None
    after = international(value)
    if after is not None:
        code = calling_code(after)
        national = after[len(code) :]
        trunk = "00" if code in TRUNK_ZERO_CODES else "0"
        if national.startswith(trunk) and len(national) > len(trunk):
            return True
        if _in_free_block(code, national):
            return True
        digits = after
        for code in ("44", "33", "61"):
            if digits.startswith(code):
                digits = "0" + digits[len(code) :]
                break
    return bool(_FICTIONAL_PHONE.match(digits))


def luhn_valid(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def card_is_fictional(digits: str) -> bool:
    return digits.startswith(TEST_CARD_PREFIXES)


def iban_valid(compact: str) -> bool:
    """The ISO 13616 check: the IBAN's digits (letters as 10–35), country and check digits
    moved to the end, are 1 modulo 97."""
    if not _IBAN_FORM.fullmatch(compact):
        return False
    return int((compact[4:] + compact[:4]).translate(_IBAN_LETTERS)) % 97 == 1


def iban_length_registered(compact: str) -> bool:
    """The IBAN (upper case, no spaces) has the length its country's IBANs have."""
    return IBAN_LENGTHS.get(compact[:2]) == len(compact)


def iban_is_fictional(compact: str) -> bool:
    return bool(FICTIONAL_IBAN.match(compact))
