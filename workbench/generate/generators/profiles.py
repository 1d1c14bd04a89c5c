"""Values of everyday person and vehicle records: house numbers, VAT numbers, VINs, number
plates, blood types, profile bios and headlines (a person's professional one, or a news one).

Identifying values are fictional by construction, each by a rule stated where it is made:
VAT numbers carry a deliberately wrong check digit, number plates use a region letter the
current British scheme never issues, VINs use a manufacturer code the project reserves."""

from __future__ import annotations

import numpy as np

from workbench.generate.vocab import words as vocab
from workbench.generate.vocab.catalogues import CATALOGUES

_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"  # VIN and plate letters: no I, O or Q
_DIGITS = "0123456789"
_BLOOD = list(CATALOGUES["blood_type"].shares)  # the groups and their shares: one place
_BLOOD_WEIGHTS = list(CATALOGUES["blood_type"].shares.values())
_ROLES = [
    "data engineer", "product designer", "software developer", "nurse", "teacher",
    "accountant", "marketing manager", "civil engineer", "photographer", "project manager",
    "UX researcher", "sales lead", "physiotherapist", "architect", "chef", "copywriter",
]  # fmt: skip
_SENIORITY = ["Senior", "Lead", "Junior", "Principal", "Freelance", "Staff", "Head of"]
_HOBBIES = [
    "hiking", "baking bread", "cycling", "reading crime novels", "gardening", "running",
    "playing the piano", "photography", "cooking for friends", "climbing", "travelling",
    "board games", "swimming", "birdwatching", "learning languages", "pottery",
]  # fmt: skip
_BIO_OPENINGS = [
    "I'm a {role} with {years} years of experience.",
    "I work as a {role} and have done so for {years} years.",
    "{Role} by day, and I'm curious about everything.",
    "I've been a {role} for {years} years and still enjoy it.",
]
_BIO_CLOSINGS = [
    "Outside work I love {hobby} and {hobby2}.",
    "In my spare time you'll find me {hobby}.",
    "I spend my weekends {hobby} and {hobby2}.",
    "Happy to chat about {hobby} any time.",
]
_NEWS = [
    "{Place} council approves plans for new {thing}",
    "Residents of {Place} vote on future of local {thing}",
    "New {thing} opens in {Place} after two years of work",
    "{Place} {thing} to close for repairs this summer",
    "Funding confirmed for {Place} {thing}",
    "Record numbers visit {Place} {thing} over the holiday",
    "Plans for {Place} {thing} delayed until next year",
]
_NEWS_PLACES = [
    "Northfield", "Ashford Vale", "Riverton", "Eastbrook", "Millbrook", "Westhaven",
    "Kingsbridge", "Oakhurst", "Lakeside", "Stonebridge", "Fairview", "Harbourside",
]  # fmt: skip
_NEWS_THINGS = [
    "library", "cycle path", "swimming pool", "market hall", "bus station", "school",
    "community garden", "bridge", "museum", "sports centre", "harbour wall", "clinic",
]  # fmt: skip
# VIN transliteration (ISO 3779 check digit) and position weights
_VIN_VALUE = {**{str(d): d for d in range(10)}, **dict(zip("ABCDEFGH", range(1, 9), strict=True))}
_VIN_VALUE.update(dict(zip("JKLMNPR", (1, 2, 3, 4, 5, 7, 9), strict=True)))
_VIN_VALUE.update(dict(zip("STUVWXYZ", range(2, 10), strict=True)))
_VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
KINDS = {
    "house_number", "vat_number", "vin", "licence_plate", "blood_type", "bio",
    "profile_headline", "news_headline",
}  # fmt: skip


def _pick(values: list[str], rng: np.random.Generator, n: int) -> list[str]:
    return [values[i] for i in rng.integers(0, len(values), n)]


def _random(alphabet: str, rng: np.random.Generator, n: int, width: int) -> list[str]:
    codes = rng.integers(0, len(alphabet), (n, width))
    return ["".join(alphabet[c] for c in row) for row in codes]


def house_numbers(rng: np.random.Generator, n: int) -> list[str]:
    """Mostly small numbers (a street rarely runs past a few hundred), a few with a letter."""
    nums = np.clip(np.ceil(rng.lognormal(3.0, 0.9, n)), 1, 999).astype(int)
    letters = np.where(rng.random(n) < 0.08, rng.integers(0, 4, n), -1)
    return [f"{k}{'ABCD'[x] if x >= 0 else ''}" for k, x in zip(nums, letters, strict=True)]


def _de_check(digits: str) -> int:
    """ISO 7064 MOD 11,10: the check digit of a German VAT number."""
    product = 10
    for ch in digits:
        total = (int(ch) + product) % 10 or 10
        product = (2 * total) % 11
    return (11 - product) % 10


def vat_numbers(rng: np.random.Generator, n: int) -> list[str]:
    """German (DE + 9 digits) and Dutch (NL + 9 digits + B01) shapes, each with a check
    digit that fails its country's test, so no issued number can come out."""
    out = []
    for body, dutch in zip(_random(_DIGITS, rng, n, 8), rng.random(n) < 0.4, strict=True):
        body = str(int(body[0]) % 9 + 1) + body[1:]
        if dutch:
            total = sum(int(d) * w for d, w in zip(body, range(9, 1, -1), strict=True))
            good = total % 11  # the 11-test wants sum - last digit ≡ 0 (mod 11)
            out.append(f"NL{body}{(good + 1) % 10}B01")
        else:
            out.append(f"DE{body}{(_de_check(body) + 1) % 10}")
    return out


# a VIN's 10th character, the model year's code: 1980 'A' on, no I, O, Q, U, Z nor 0, and
# again from 'A' every 30 years (2010 'A', 2031 '1')
VIN_YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789"
VIN_FIRST_YEAR = 1980


def vin_check(vin: str) -> str:
    """The VIN with its 9th character the ISO 3779 check digit of the other sixteen (the
    VIN as it is where a character is not a VIN's)."""
    if len(vin) != 17 or any(c not in _VIN_VALUE for c in vin):
        return vin
    total = sum(_VIN_VALUE[c] * w for c, w in zip(vin, _VIN_WEIGHTS, strict=True))
    return vin[:8] + ("X" if total % 11 == 10 else str(total % 11)) + vin[9:]


def vin_of_year(vin: str, year: int) -> str:
    """The VIN with its 10th character the code of the model year, its check digit again."""
    if len(vin) != 17 or year < VIN_FIRST_YEAR:
        return vin
    code = VIN_YEAR_CODES[(year - VIN_FIRST_YEAR) % len(VIN_YEAR_CODES)]
    return vin_check(vin[:9] + code + vin[10:])


def vins(rng: np.random.Generator, idx: np.ndarray) -> list[str]:
    """17 characters without I, O or Q and a valid check digit in position 9. The
    manufacturer code "9ZZ" is the project's fictional one (see docs/data.md)."""
    out = []
    middle = _random(_LETTERS + _DIGITS, rng, idx.size, 5)
    years = _random(VIN_YEAR_CODES, rng, idx.size, 1)
    plants = _random(_LETTERS, rng, idx.size, 1)
    for mid, year, plant, serial in zip(middle, years, plants, idx.tolist(), strict=True):
        out.append(vin_check(f"9ZZ{mid}0{year}{plant}{serial % 1_000_000:06d}"))
    return out


def plates(rng: np.random.Generator, n: int) -> list[str]:
    """British shape "ZB19 KXT": the current scheme never issues Z as the region letter."""
    second = _random(_LETTERS.replace("Z", ""), rng, n, 1)
    age = rng.choice([f"{y:02d}" for y in (*range(10, 26), *range(60, 75))], n)
    tail = _random(_LETTERS, rng, n, 3)
    return [f"Z{s}{a} {t}" for s, a, t in zip(second, age, tail, strict=True)]


def _bios(rng: np.random.Generator, n: int) -> list[str]:
    out = []
    for _ in range(n):
        role = _ROLES[int(rng.integers(len(_ROLES)))]
        hobby, hobby2 = (_HOBBIES[i] for i in rng.choice(len(_HOBBIES), 2, replace=False))
        first = _BIO_OPENINGS[int(rng.integers(len(_BIO_OPENINGS)))]
        last = _BIO_CLOSINGS[int(rng.integers(len(_BIO_CLOSINGS)))]
        years = int(rng.integers(2, 25))
        words = {"role": role, "Role": role[0].upper() + role[1:], "years": years}
        out.append(f"{first.format(**words)} {last.format(hobby=hobby, hobby2=hobby2)}")
    return out


def _headlines(rng: np.random.Generator, n: int) -> list[str]:
    roles, levels = _pick(_ROLES, rng, n), _pick(_SENIORITY, rng, n)
    firms = _pick(vocab.COMPANY_STEMS, rng, n)
    out = []
    for role, level, firm in zip(roles, levels, firms, strict=True):
        phrase = f"{level} {role}" if level != "Head of" else f"Head of {role}s"
        out.append(f"{phrase[0].upper()}{phrase[1:]} at {firm}")
    return out


def _news(rng: np.random.Generator, n: int) -> list[str]:
    templates, places, things = (
        _pick(_NEWS, rng, n),
        _pick(_NEWS_PLACES, rng, n),
        _pick(_NEWS_THINGS, rng, n),
    )
    return [t.format(Place=p, thing=k) for t, p, k in zip(templates, places, things, strict=True)]


def make(gen: str, rng: np.random.Generator, idx: np.ndarray) -> list[str] | None:
    """Values of one of this module's generators for the batch, or None."""
    n = idx.size
    if gen == "house_number":
        return house_numbers(rng, n)
    if gen == "vat_number":
        return vat_numbers(rng, n)
    if gen == "vin":
        return vins(rng, idx)
    if gen == "licence_plate":
        return plates(rng, n)
    if gen == "blood_type":
        return [_BLOOD[i] for i in rng.choice(len(_BLOOD), n, p=_BLOOD_WEIGHTS)]
    if gen == "bio":
        return _bios(rng, n)
    if gen == "profile_headline":
        return _headlines(rng, n)
    if gen == "news_headline":
        return _news(rng, n)
    return None
