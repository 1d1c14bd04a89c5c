"""Telephone numbers that agree with a row's country, fictional by construction.

- NANP countries (+1): 555-0100…0199, the range reserved for fiction in every area code, after
  an area code of the country (`+1 212 555 0142`: ten digits, as a number dialled from abroad);
- United Kingdom (+44): Ofcom's drama numbers (London, Manchester, mobile);
- France (+33): ARCEP's fiction ranges; Australia (+61): ACMA's fiction ranges;
- every other country its plan records: a national number of the country's length (at least
  seven digits) in a block its numbering plan leaves unallocated (vocab/data/phone_free.tsv:
  `+34 101 234 567`, `+91 102 345 6789`), so the number has the form of a real one (calling
  code, no trunk 0, the right length) and rings nobody;
- the few countries without such a block: the calling code, then a 0 and 555 01xx. Written
  after `+` and the calling code, a national number never starts with the trunk 0 there, so
  the number cannot ring anyone (the countries whose numbers do start with 0 take 00).
`workbench doctor` accepts the same shapes. A country not listed keeps the number it was
drawn with."""

from __future__ import annotations

import re

import numpy as np

from workbench.generate.generators import places
from workbench.generate.vocab import countries
from workbench.generate.vocab import countries as world

# alpha-2 -> calling code, for the countries whose numbers the scheme above keeps fictional
CALLING_CODES = {
    "US": "1", "CA": "1", "GB": "44", "FR": "33", "AU": "61", "DE": "49", "ES": "34",
    "NL": "31", "BE": "32", "CH": "41", "AT": "43", "SE": "46", "NO": "47", "DK": "45",
    "FI": "358", "PL": "48", "PT": "351", "IE": "353", "IN": "91", "BR": "55", "JP": "81",
    "CN": "86", "KR": "82", "MX": "52", "NZ": "64", "ZA": "27", "SG": "65", "RU": "7",
    "GR": "30", "CZ": "420", "HU": "36", "RO": "40", "TR": "90", "AR": "54", "CL": "56",
}  # fmt: skip
_NAMES = {
    "United States of America": "US", "USA": "US", "UK": "GB", "Great Britain": "GB",
    "Switzerland": "CH", "Austria": "AT", "Belgium": "BE", "Norway": "NO", "Denmark": "DK",
    "Finland": "FI", "Portugal": "PT", "China": "CN", "South Korea": "KR", "Korea": "KR",
    "Mexico": "MX", "New Zealand": "NZ", "South Africa": "ZA", "Singapore": "SG",
    "Russia": "RU", "Russian Federation": "RU", "Greece": "GR", "Czech Republic": "CZ",
    "Czechia": "CZ", "Hungary": "HU", "Romania": "RO", "Turkey": "TR", "Argentina": "AR",
    "Chile": "CL",
}  # fmt: skip


def country_alpha2(values: np.ndarray) -> np.ndarray:
    """Each value (alpha-2, alpha-3 or English name) as an alpha-2 code, "" when unknown."""
    lookup = dict(_NAMES)
    for cc, (name, cc3, *_rest) in places.COUNTRIES.items():
        lookup[name], lookup[cc3], lookup[cc] = cc, cc, cc
    lookup.update({cc: cc for cc in CALLING_CODES})
    return np.array(
        [lookup.get(str(v).strip()) or countries.alpha2(v) for v in values.tolist()], dtype=object
    )


# a few area codes of each NANP country (the 555-01xx block is fictional in every one of them):
# a whole number is +1, the area code and the seven digits (`+1 212 555 0142`)
_AREA_CODES = {
    "US": ("212", "213", "312", "415", "617", "305", "206", "512", "303", "404", "702", "713"),
    "CA": ("416", "604", "514", "403", "613", "902", "780", "204"),
    "PR": ("787", "939"), "JM": ("876",), "DO": ("809", "829"), "BS": ("242",), "BB": ("246",),
    "TT": ("868",), "BM": ("441",), "KY": ("345",), "AG": ("268",), "LC": ("758",),
}  # fmt: skip


def _nanp(alpha2: np.ndarray, rng: np.random.Generator) -> list[str]:
    n = alpha2.size
    picks = zip(alpha2.tolist(), rng.integers(0, 100, n), rng.random(n), strict=True)
    out = []
    for cc, i, r in picks:
        areas = _AREA_CODES.get(cc, _AREA_CODES["US"])
        out.append(f"+1 {areas[int(r * len(areas))]} 555 01{i:02d}")
    return out


def _gb(n: int, rng: np.random.Generator) -> list[str]:
    heads = np.array(["+44 20 7946 0", "+44 161 496 0", "+44 7700 900"])
    return [
        f"{h}{k:03d}"
        for h, k in zip(heads[rng.integers(0, 3, n)], rng.integers(0, 1000, n), strict=True)
    ]


def _fr(n: int, rng: np.random.Generator) -> list[str]:
    heads = np.array(["1 99 00", "2 61 91", "3 53 01", "4 65 71", "5 36 49", "6 39 98"])
    picks = zip(heads[rng.integers(0, 6, n)], rng.integers(0, 10_000, n), strict=True)
    return [f"+33 {h} {k // 100:02d} {k % 100:02d}" for h, k in picks]


def _au(n: int, rng: np.random.Generator) -> list[str]:
    mobile = rng.random(n) < 0.5
    k = rng.integers(0, 1000, n)
    area = np.array(["2", "3", "7", "8"])[rng.integers(0, 4, n)]
    return [
        f"+61 491 57{k_ % 3} {k_:03d}" if m else f"+61 {a} 5550 {k_:04d}"
        for m, k_, a in zip(mobile, k, area, strict=True)
    ]


def _calling(country: world.Country | None) -> str:
    """A country's calling code without its plus ("" when unknown)."""
    return country.calling_code.lstrip("+") if country is not None else ""


def phones_for(countries: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A fictional number in each row's country ("" where the country is not listed)."""
    alpha2 = country_alpha2(countries)
    out = np.full(alpha2.size, "", dtype=object)
    special = {"44": _gb, "33": _fr, "61": _au}
    known = world.by_alpha2()
    codes = np.array(
        [CALLING_CODES.get(c) or _calling(known.get(c)) for c in alpha2.tolist()], dtype=object
    )
    free = world.free_phone_blocks()
    for code in sorted({c for c in codes.tolist() if c}):  # a fixed order: same rows per seed
        rows = np.flatnonzero(codes == code)
        if code == "1":
            out[rows] = _nanp(alpha2[rows], rng)
            continue
        if code in special:
            out[rows] = special[code](rows.size, rng)
            continue
        tails = rng.integers(0, 10**9, rows.size)
        out[rows] = [
            _unallocated(free[a], t) if a in free else f"+{code} 0555 01{t % 100:02d}"
            for a, t in zip(alpha2[rows].tolist(), tails.tolist(), strict=True)
        ]
    return out


def _unallocated(block: tuple[str, str, int], tail: int) -> str:
    """`+CC` and a national number in the country's free block, in groups of three (the
    first of two to four)."""
    code, prefix, length = block
    width = max(length, 7) - len(prefix)
    national = prefix + f"{tail % 10**width:0{width}d}"
    first = {0: 3, 1: 4, 2: 2}[len(national) % 3]
    groups = [national[:first]] + [national[i : i + 3] for i in range(first, len(national), 3)]
    return " ".join([f"+{code}", *groups])


_NON_DIGITS = re.compile(r"[^0-9]")  # one C pass per number: phones are rewritten row by row


def _parts(number: str) -> tuple[str, str]:
    """A number as written here (`+44 20 7946 0123`, `+1 212 555 0142`): its calling code and its
    national digits."""
    head, _, rest = number.lstrip("+").replace("-", " ").partition(" ")
    return head, _NON_DIGITS.sub("", rest)


def e164(number: str) -> str:
    """`+442079460123`: the plus, the calling code and the national number, nothing between."""
    code, national = _parts(number)
    return f"+{code}{national}" if code else number


def digits(number: str) -> str:
    """`442079460123`: the calling code and the national number, without the plus."""
    return e164(number).lstrip("+")


def dialled_abroad(number: str) -> str:
    """`00442079460123`: as dialled from abroad, the international prefix for the plus."""
    return "00" + digits(number)


def national(number: str) -> str:
    """`020 7946 0123`: as dialled at home, the trunk 0 before the national number (none in the
    +1 plan)."""
    code, _national = _parts(number)
    rest = number.lstrip("+").removeprefix(code).lstrip(" -")
    return rest if code == "1" or rest.startswith("0") else "0" + rest


# the other ways a number is written (Generator.forms), tried in this order where a CHECK
# rejects the usual international form with spaces
FORMS = (("e164", e164), ("digits", digits), ("national", national), ("abroad", dialled_abroad))
