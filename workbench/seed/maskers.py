"""Format-preserving maskers, one per kind of value, keyed and deterministic.

A masker receives distinct values (decoded text, no NULLs) and a `Keyed` hash; each output
depends on the value and the key alone, so the same value masks the same way in every table
that carries it, and joins and uniques still hold (distinct values collide only by a keyed
hash's chance, which `mask.py` checks for unique columns). Every output has the shape the
workbench writes for fiction (workbench/seed/fiction.py): emails on reserved domains, phone numbers
that ring no one, cards in the test ranges, IBANs of a bank code no bank has; names and
streets come from the generator's own vocabularies.

The registry `MASKERS` maps a kind to its masker; mask_kinds.py maps the classification's
generators to the kind that masks their values."""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Callable

import numpy as np

from workbench.generate.generators.pools import ascii_slug, pool
from workbench.generate.generators.realistic import luhn_digit
from workbench.seed.fiction import TRUNK_ZERO_CODES, calling_code, iban_valid, luhn_valid
from workbench.seed.textarrays import code_matrix, digit_rows, placed


class Keyed:
    """The keyed hash every masker draws from: BLAKE2b keyed with the sandbox's secret."""

    def __init__(self, key: bytes, purpose: str = "seed") -> None:
        self.key = hashlib.blake2b(purpose.encode(), key=key, digest_size=32).digest()
        # the keyed state, copied per value: the key block is hashed once, not per value
        self._keyed = hashlib.blake2b(key=self.key, digest_size=32)

    def _digest(self, value: str) -> bytes:
        state = self._keyed.copy()
        state.update(value.encode("utf-8", "surrogatepass"))
        return state.digest()

    def digests(self, values: list[str]) -> np.ndarray:
        """(n, 32) uint8: one 32-byte keyed digest per value."""
        raw = b"".join(map(self._digest, values))
        return np.frombuffer(raw, np.uint8).reshape(len(values), 32)

    def stream(self, values: list[str], width: int) -> np.ndarray:
        """(n, width) uint8 keyed bytes per value (longer than a digest: SHAKE over it)."""
        digests = self.digests(values)
        if width <= 32:
            return digests[:, :width]
        raw = b"".join(hashlib.shake_256(d.tobytes()).digest(width) for d in digests)
        return np.frombuffer(raw, np.uint8).reshape(len(values), width)


Masker = Callable[[list[str], Keyed], list[str]]


def _compact(text: str) -> str:
    """A card's or an IBAN's characters without the spaces and dashes that group them
    (str.replace: several times faster than str.translate here)."""
    return text.replace(" ", "").replace("-", "").replace("\t", "")


def _compacts(values: list[str]) -> list[str]:
    """`_compact` of every value; the values themselves when none has a separator (one C
    scan of them joined, the usual case of a column written without spaces)."""
    joined = "\n".join(values)
    if " " not in joined and "-" not in joined and "\t" not in joined:
        return values
    return [_compact(v) for v in values]


def _u32(d: np.ndarray, at: int) -> np.ndarray:
    return np.ascontiguousarray(d[:, at : at + 4]).view("<u4").ravel().astype(np.int64)


def _digits(d: np.ndarray, at: int, count: int) -> list[str]:
    """`count` keyed decimal digits per row, as strings."""
    text = (d[:, at : at + count] % 10 + 48).astype(np.uint8).tobytes().decode("ascii")
    return [text[i : i + count] for i in range(0, len(text), count)]


@functools.cache
def _vocab(kind: str) -> np.ndarray:
    if kind == "street":
        streets = sorted({re.sub(r"^\d+\s+", "", s) for s in pool("street_address", 0).tolist()})
        return np.array(streets, dtype=object)
    return np.asarray(pool(kind, 0), dtype=object)


def _pick(kind: str, d: np.ndarray, at: int) -> list[str]:
    words = _vocab(kind)
    return words[_u32(d, at) % len(words)].tolist()  # type: ignore[no-any-return]


@functools.cache
def _slugs(kind: str) -> np.ndarray:
    return np.array([ascii_slug(w, "") or "x" for w in _vocab(kind).tolist()], dtype=object)


def _pick_slug(kind: str, d: np.ndarray, at: int) -> list[str]:
    words = _slugs(kind)
    return words[_u32(d, at) % len(words)].tolist()  # type: ignore[no-any-return]


def _cased(like: str, out: str) -> str:
    if like.isupper() and not out.isupper():
        return out.upper()
    if like.islower() and not out.islower():
        return out.lower()
    return out


def _laid_out(template: str, digits: str) -> str:
    """`digits` in the places of the template's digits (its separators kept)."""
    if template.isdigit():
        return digits
    it = iter(digits)
    return "".join(next(it) if ch.isdigit() else ch for ch in template)


# --- generic: each character replaced by one of its class ---------------------------------------

_SSN = re.compile(r"^\d{3}-\d{2}-\d{4}$")
_NINO = re.compile(r"^[A-Z]{2}\s?\d{2}\s?\d{2}\s?\d{2}\s?[A-D]$")


def chars(values: list[str], keyed: Keyed) -> list[str]:
    """Digits to keyed digits, letters to keyed letters of the same case, the rest kept;
    national id shapes land where none is issued (SSN area 666, NINO prefix QQ)."""
    if not values:
        return []
    width = max(len(v) for v in values)
    text = np.array(values, dtype=f"<U{width}")
    codes = text.view(np.uint32).reshape(len(values), width).astype(np.int64)
    stream = keyed.stream(values, width).astype(np.int64)
    digit = (codes >= 48) & (codes <= 57)
    lower = (codes >= 97) & (codes <= 122)
    upper = (codes >= 65) & (codes <= 90)
    out = np.where(digit, 48 + stream % 10, codes)
    out = np.where(lower, 97 + stream % 26, out)
    out = np.where(upper, 65 + stream % 26, out)
    masked: list[str] = out.astype(np.uint32).view(f"<U{width}").ravel().tolist()
    # only values with 12 digits or more, or opening with two letters, can read as a card,
    # an account or a national id
    letter = upper | lower
    digits = digit.sum(axis=1)
    suspects = (digits >= 12) | (digits == 9) | (letter[:, 0] & letter[:, min(1, width - 1)])
    for i in np.flatnonzero(suspects).tolist():
        value = values[i]
        if _SSN.match(value):
            masked[i] = "666" + masked[i][3:]
        elif _NINO.match(value):
            masked[i] = "QQ" + masked[i][2:]
        else:
            masked[i] = _not_a_code(masked[i])
    return masked


def _not_a_code(text: str) -> str:
    """Keyed characters that happen to make a valid card or IBAN check digit get their
    last digit moved by one: a masked value is never a card or an account."""
    compact = _compact(text)
    card = compact.isdigit() and 12 <= len(compact) <= 19 and luhn_valid(compact)
    if not (card or iban_valid(compact.upper())):
        return text
    at = max(i for i, ch in enumerate(text) if ch.isdigit())
    return text[:at] + str((int(text[at]) + 1) % 10) + text[at + 1 :]


def _fallback(values: list[str], keyed: Keyed, out: list[str | None]) -> list[str]:
    """The values a shaped masker could not read (None) masked character by character."""
    rest = [i for i, o in enumerate(out) if o is None]
    if rest:
        for i, masked in zip(rest, chars([values[i] for i in rest], keyed), strict=True):
            out[i] = masked
    return out  # type: ignore[return-value]


# --- people -------------------------------------------------------------------------------------


def first_name(values: list[str], keyed: Keyed) -> list[str]:
    picks = _pick("first_name", keyed.digests(values), 0)
    return [_cased(v, p) for v, p in zip(values, picks, strict=True)]


def last_name(values: list[str], keyed: Keyed) -> list[str]:
    picks = _pick("last_name", keyed.digests(values), 4)
    return [_cased(v, p) for v, p in zip(values, picks, strict=True)]


def full_name(values: list[str], keyed: Keyed) -> list[str]:
    """As many parts as the name had: "First", "First Last", "First M. Last", "Last, First"."""
    d = keyed.digests(values)
    firsts, lasts = _pick("first_name", d, 0), _pick("last_name", d, 4)
    initials = [chr(65 + b % 26) for b in d[:, 8].tolist()]
    out = []
    for value, first, last, initial in zip(values, firsts, lasts, initials, strict=True):
        words = value.split()
        if "," in value:
            name = f"{last}, {first}"
        elif len(words) <= 1:
            name = first
        elif len(words) == 2:
            name = f"{first} {last}"
        else:
            name = f"{first} {initial}. {last}"
        out.append(_cased(value, name))
    return out


def username(values: list[str], keyed: Keyed) -> list[str]:
    d = keyed.digests(values)
    firsts, lasts = _pick_slug("first_name", d, 0), _pick_slug("last_name", d, 4)
    numbers = (_u32(d, 8) % 10**6).tolist()
    return [f"{f}.{last}{n}" for f, last, n in zip(firsts, lasts, numbers, strict=True)]


def email(values: list[str], keyed: Keyed) -> list[str]:
    """first.last1234567@word.example.com: the local part from the whole address, the domain
    from the domain alone (one company's addresses share a masked domain)."""
    d = keyed.digests(values)
    firsts, lasts = _pick_slug("first_name", d, 0), _pick_slug("last_name", d, 4)
    numbers = (_u32(d, 8) % 10**7).tolist()
    domains = [v.rpartition("@")[2].strip().lower() for v in values]
    distinct = list(dict.fromkeys(domains))
    dd = keyed.digests(distinct)
    words = _pick_slug("last_name", dd, 0)
    tlds = np.array(["com", "org", "net"])[dd[:, 4] % 3].tolist()
    masked_domain = {
        dom: f"{w}.example.{t}" for dom, w, t in zip(distinct, words, tlds, strict=True)
    }
    out: list[str | None] = []
    for value, first, last, n, dom in zip(values, firsts, lasts, numbers, domains, strict=True):
        if "@" not in value:
            out.append(None)
            continue
        out.append(f"{first}.{last}{n}@{masked_domain[dom]}")
    return _fallback(values, keyed, out)


# --- contacts and places ------------------------------------------------------------------------

_BRACKETED_TRUNK = re.compile(r"\(\s*0\s*\)\s*")


def _phone_digits(value: str, keyed_digits: str) -> str | None:
    """The masked number in the value's own layout (None: not a phone number)."""
    lead = value.lstrip()[:2]
    plus, zeros = lead[:1] == "+", lead == "00"
    text = _BRACKETED_TRUNK.sub("", value) if (plus or zeros) and "(" in value else value
    digits = "".join(filter(str.isdigit, text))
    if not 7 <= len(digits) <= 15:
        return None
    if plus or zeros:
        after = digits[2:] if zeros else digits
        code = calling_code(after)
        trunk = "00" if code in TRUNK_ZERO_CODES else "0"
        national = len(after) - len(code)
        if national <= len(trunk):
            return None
        new = digits[: len(digits) - len(after)] + code + (trunk + keyed_digits)[:national]
        return _laid_out(text, new)
    if (len(digits) == 10 and digits[0] in "23456789") or (
        len(digits) == 11 and digits[0] == "1" and digits[1] in "23456789"
    ):
        # North American: written with +1, its area code starting with 0 (none does)
        if len(digits) == 10:
            return "+1 " + _laid_out(text, "0" + keyed_digits[:9])
        at = text.index("1")
        return text[:at] + "+" + _laid_out(text[at:], "10" + keyed_digits[:9])
    head = "07700900" if len(digits) >= 11 else "019900"  # Ofcom's and ARCEP's ranges
    return _laid_out(text, (head + keyed_digits)[: len(digits)])


def phone(values: list[str], keyed: Keyed) -> list[str]:
    """The number's layout kept; written internationally after its calling code with the
    trunk 0 (no country's numbers start so), North American ones as +1 with an area code
    starting 0, other national ones inside Ofcom's and ARCEP's drama ranges."""
    d = keyed.digests(values)
    streams = _digits(d, 8, 16)
    out = [_phone_digits(v, s) for v, s in zip(values, streams, strict=True)]
    return _fallback(values, keyed, out)


def street(values: list[str], keyed: Keyed) -> list[str]:
    d = keyed.digests(values)
    names = _pick("street", d, 0)
    numbers = (1 + _u32(d, 4) % 9999).tolist()
    out = []
    for value, name, number in zip(values, names, numbers, strict=True):
        text = value.strip()
        if text[:1].isdigit() or not text[-1:].isdigit():
            out.append(f"{number} {name}")
        else:
            out.append(f"{name} {number}")
    return out


def line2(values: list[str], keyed: Keyed) -> list[str]:
    d = keyed.digests(values)
    units = np.array(["Apt.", "Suite", "Unit", "Flat"])[d[:, 0] % 4].tolist()
    numbers = (1 + _u32(d, 4) % 999).tolist()
    out: list[str | None] = [
        f"{u} {n}" if any(ch.isdigit() for ch in v) else None
        for v, u, n in zip(values, units, numbers, strict=True)
    ]
    return _fallback(values, keyed, out)


_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(.*)$", re.DOTALL)


def date(values: list[str], keyed: Keyed) -> list[str]:
    """The same year, another day of it (ages stay about right)."""
    d = keyed.digests(values)
    days = (_u32(d, 0) % 365).tolist()
    out: list[str | None] = []
    for value, day in zip(values, days, strict=True):
        found = _DATE.match(value)
        if found is None:
            out.append(None)
            continue
        year = np.datetime64(f"{found.group(1)}-01-01") + np.timedelta64(day, "D")
        out.append(f"{year}{found.group(4)}")
    return _fallback(values, keyed, out)


_IPV4 = re.compile(r"^\d{1,3}(?:\.\d{1,3}){3}(/\d{1,2})?$")
_DOC_NETS = ("192.0.2", "198.51.100", "203.0.113")


def ipv4(values: list[str], keyed: Keyed) -> list[str]:
    """An address of the documentation networks (RFC 5737)."""
    d = keyed.digests(values)
    out: list[str | None] = []
    for value, net, host in zip(values, d[:, 0].tolist(), d[:, 1].tolist(), strict=True):
        found = _IPV4.match(value.strip())
        suffix = (found.group(1) or "") if found else ""
        out.append(f"{_DOC_NETS[net % 3]}.{1 + host % 254}{suffix}" if found else None)
    return _fallback(values, keyed, out)


def ipv6(values: list[str], keyed: Keyed) -> list[str]:
    """An address of the documentation prefix 2001:db8::/32 (RFC 3849)."""
    d = keyed.digests(values)
    out = []
    for value, row in zip(values, d.tolist(), strict=True):
        groups = [f"{row[i] << 8 | row[i + 1]:x}" for i in range(0, 12, 2)]
        suffix = value[value.index("/") :] if "/" in value else ""
        out.append("2001:db8:" + ":".join(groups) + suffix)
    return out


def mac(values: list[str], keyed: Keyed) -> list[str]:
    """A locally administered address (02:…), in the value's separator and case."""
    d = keyed.digests(values)
    out = []
    for value, row in zip(values, d.tolist(), strict=True):
        sep = "-" if "-" in value else (":" if ":" in value else "")
        text = sep.join(["02", *(f"{b:02x}" for b in row[:5])])
        out.append(text.upper() if value.isupper() else text)
    return out


_COORDINATE = re.compile(r"^(-?\d+\.\d)(\d*)$")


def coordinate(values: list[str], keyed: Keyed) -> list[str]:
    """Kept to a tenth of a degree (about 11 km), the finer digits keyed."""
    streams = _digits(keyed.digests(values), 0, 16)
    out: list[str | None] = []
    for value, digits in zip(values, streams, strict=True):
        found = _COORDINATE.match(value.strip())
        out.append(found.group(1) + digits[: len(found.group(2))] if found else None)
    return _fallback(values, keyed, out)


# --- payment ------------------------------------------------------------------------------------

_IBAN_SHAPE = re.compile(r"[A-Z]{2}\d{2}[A-Z0-9]{8,30}")

_CARD_PREFIXES = {
    "4": ("424242", "411111", "400005"),
    "5": ("555555", "510510"),
    "2": ("222300",),
    "3": ("378282", "371449"),
    "6": ("601111",),
}


def _card_prefixes(first: int, length: int) -> tuple[str, ...]:
    if first == 3 and length == 14:
        return ("305693",)
    if first == 3 and length == 16:
        return ("356600",)
    return _CARD_PREFIXES.get(str(first), ("400000",))


def card(values: list[str], keyed: Keyed) -> list[str]:
    """A number of the brand's test range, as long as the value, with a valid Luhn digit, in
    the value's own layout. Computed on digit matrices, one per (first digit, length): no
    Python loop per value but for a value written with separators (laid out again)."""
    d = keyed.digests(values)
    compacts = _compacts(values)
    codes, lengths = code_matrix(compacts)
    is_digit = (codes >= 48) & (codes <= 57)
    readable = (lengths >= 12) & (lengths <= 19) & (is_digit.sum(axis=1) == lengths)
    stream = d[:, 8:27] % 10  # 19 keyed digits a value (uint8 matrices throughout)
    picks = d[:, 0].astype(np.int64)
    first = codes[:, 0].astype(np.int64) - 48
    out: list[str | None] = [None] * len(values)
    groups = np.unique(first[readable] * 100 + lengths[readable]).tolist()
    for f, length in (divmod(g, 100) for g in groups):
        rows = np.flatnonzero(readable & (first == f) & (lengths == length))
        prefixes = _card_prefixes(f, length)
        table = np.array([[ord(c) - 48 for c in p] for p in prefixes], dtype=np.uint8)
        head = table[picks[rows] % len(prefixes)]
        body = np.concatenate([head, stream[rows]], axis=1)[:, : length - 1]
        check = luhn_digit(body).astype(np.uint8)[:, None]
        numbers = digit_rows(np.concatenate([body, check], axis=1))
        if compacts is not values:  # some value is written with separators: laid out again
            numbers = [_laid_out(values[r], n) for r, n in zip(rows.tolist(), numbers, strict=True)]
        out = placed(rows, numbers, out)
    return _fallback(values, keyed, out)


_DE_CHECK_TAIL = (1, 3, 1, 4, 0, 0)  # "DE00" as digits, moved to the end


def iban(values: list[str], keyed: Keyed) -> list[str]:
    """A German IBAN whose bank code starts with 0 (no bank's does), valid check digits,
    grouped by four when the value was. The check digits of all values at once (mod 97 digit
    by digit on a matrix)."""
    d = keyed.digests(values)
    n = len(values)
    bban = np.concatenate([np.zeros((n, 1), np.uint8), d[:, 8:25] % 10], axis=1)  # 0 + 17 keyed
    rest = np.zeros(n, np.int64)
    for k in range(bban.shape[1]):
        rest = (rest * 10 + bban[:, k]) % 97
    for tail in _DE_CHECK_TAIL:
        rest = (rest * 10 + tail) % 97
    check = 98 - rest
    numbers = np.concatenate([(check // 10)[:, None], (check % 10)[:, None], bban], axis=1)
    texts = digit_rows(numbers, "DE")
    # the value read as an IBAN ([A-Z]{2}\d{2}[A-Z0-9]{8,30}, case aside), on its code points
    compacts = _compacts(values)
    codes, lengths = code_matrix(compacts)
    upper = np.where((codes >= 97) & (codes <= 122), codes - 32, codes)
    letter = (upper >= 65) & (upper <= 90)
    digit = (upper >= 48) & (upper <= 57)
    inside = np.arange(codes.shape[1]) < lengths[:, None]
    shaped = (lengths >= 12) & (lengths <= 34) & ((letter | digit) | ~inside).all(axis=1)
    if codes.shape[1] >= 4:
        shaped &= letter[:, 0] & letter[:, 1] & digit[:, 2] & digit[:, 3]
    else:
        shaped[:] = False
    out: list[str | None] = [None] * len(values)
    rows = np.flatnonzero(shaped).tolist()
    if compacts is not values:  # some value is written with separators: grouped by four
        for row in rows:
            if " " in values[row].strip():
                t = texts[row]
                texts[row] = f"{t[:4]} {t[4:8]} {t[8:12]} {t[12:16]} {t[16:20]} {t[20:]}"
    out = placed(np.array(rows, dtype=np.int64), [texts[r] for r in rows], out)
    return _fallback(values, keyed, out)


# --- free text: what the value looks like chooses ----------------------------------------------

# What free text may carry inside it: an email, an IBAN, or a run of digits laid out as a
# card or a phone number.
_EMAIL_SHAPE = r"[A-Za-z0-9._%+\-']+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}"
_EMBEDDED = re.compile(
    _EMAIL_SHAPE + r"|\b[A-Za-z]{2}\d{2}(?: ?[A-Za-z0-9]){11,30}\b"
    r"|(?:\+|\(|\b)\d[\d \t().\-/]{5,22}\d\b"
)


def _shape(found: str) -> str:
    """Which masker an embedded email, account, card or phone number takes."""
    compact = _compact(found)
    if "@" in found:
        return "email"
    if compact[:2].isalpha():
        return "iban" if iban_valid(compact.upper()) else "chars"
    if compact.isdigit() and 13 <= len(compact) <= 19 and luhn_valid(compact):
        return "card"
    digits = sum(ch.isdigit() for ch in found)
    if 7 <= digits <= 15 and not found.isdigit() and (found.startswith("+") or digits >= 9):
        return "phone"
    return "chars"


def text(values: list[str], keyed: Keyed) -> list[str]:
    """Free text: each character by its class, except what it carries of an email, an IBAN,
    a card or a phone number, masked as one of those (so it reads as one, is fictional, and
    masks as the same value does in a column classified as such)."""
    found: list[tuple[int, int, int, str]] = []  # (row, start, end, kind)
    for row, value in enumerate(values):
        for match in _EMBEDDED.finditer(value):
            kind = _shape(match.group(0))
            if kind != "chars":
                found.append((row, match.start(), match.end(), kind))
    return _spliced(values, chars(values, keyed), found, keyed)


_EMAIL_WITHIN = re.compile(_EMAIL_SHAPE)


def emails_within(values: list[str], keyed: Keyed) -> list[str]:
    """Each value as it is but for the emails it carries, masked as the email masker masks
    them (a value shown beside an email column masked with the same key then names the same
    person by the same pseudonym)."""
    found = [
        (row, m.start(), m.end(), "email")
        for row, value in enumerate(values)
        if "@" in value
        for m in _EMAIL_WITHIN.finditer(value)
    ]
    return _spliced(values, list(values), found, keyed)


def _spliced(
    values: list[str], out: list[str], found: list[tuple[int, int, int, str]], keyed: Keyed
) -> list[str]:
    """`out` with each (row, start, end, kind) of `values` put in masked by its kind's masker
    (`out`'s rows are as long as the values', character for character)."""
    if not found:
        return out
    masked: dict[tuple[str, str], str] = {}
    for kind in {k for *_, k in found}:
        pieces = list(dict.fromkeys(values[r][a:b] for r, a, b, k in found if k == kind))
        masked.update(zip(((kind, p) for p in pieces), MASKERS[kind](pieces, keyed), strict=True))
    spliced: dict[int, list[tuple[int, int, str]]] = {}
    for row, a, b, kind in found:
        spliced.setdefault(row, []).append((a, b, masked[(kind, values[row][a:b])]))
    for row, spans in spliced.items():
        text_, last, parts = out[row], 0, []
        for a, b, replacement in spans:
            parts += [text_[last:a], replacement]
            last = b
        out[row] = "".join([*parts, text_[last:]])
    return out


MASKERS: dict[str, Masker] = {
    "email": email,
    "phone": phone,
    "first_name": first_name,
    "last_name": last_name,
    "full_name": full_name,
    "username": username,
    "street": street,
    "line2": line2,
    "postal": chars,
    "date": date,
    "ipv4": ipv4,
    "ipv6": ipv6,
    "mac": mac,
    "coordinate": coordinate,
    "card": card,
    "iban": iban,
    "chars": chars,
    "text": text,
}
