"""Values for the recognised columns that need more than a pool pick: codes with valid check
digits (IBAN, card, ISBN, EAN, UPC, IMEI), hashes and tokens in their real shapes, file names
and MIME types, and numbers in their natural ranges.

Everything is computed for a whole batch with numpy (digits as integer matrices, strings
assembled with `np.char`); every identifying value is fictional by construction: IBANs of a
bank code no bank can have, cards in the test ranges, EAN/UPC in the in-store ranges, IMEIs of
the test reporting body, national ids in areas never issued, API keys marked as test keys."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from workbench.generate.base.hashing import affine
from workbench.generate.generators import names, profiles, trades
from workbench.generate.generators.pools import EMAIL_DOMAINS
from workbench.generate.vocab import acriss
from workbench.generate.vocab import words as vocab

# generator -> (low, high, integer?) of its natural range; CHECKs and types narrow these.
NUMERIC_RANGES: dict[str, tuple[float, float]] = {
    "age": (18, 90),
    "age_limit": (16, 25),
    "rating": (1, 5),
    "score": (0, 100),
    "percentage": (0, 100),
    "priority": (1, 5),
    "year": (1990, 2025),
    "month": (1, 12),
    "day_of_week": (0, 6),
    "hour": (0, 23),
    "duration": (1, 600),
    "position": (1, 100),
    "height_cm": (150, 200),
    "weight": (0.1, 40),
    "weight_grams": (5, 20_000),
    "body_weight": (45, 120),
    "salary": (25_000, 250_000),
    "monthly_salary": (2_000, 20_000),
    "port": (1024, 65535),
    "file_size": (1_000, 50_000_000),
    "version_number": (1, 20),
    "exchange_rate": (0.5, 1.8),
    "count": (0, 40),
    "flag": (0, 1),
    "small_code": (0, 6),
    "level_number": (1, 8),
    "sex_code": (0, 2),
    "minute": (0, 59),
    "discount_fraction": (0, 0.25),
    "tax_rate": (0, 25),
    "discount_percent": (0, 50),
    "size_number": (34, 46),
    "film_minutes": (46, 185),
    "episode_minutes": (20, 65),
    "track_seconds": (90, 420),
    "track_ms": (90_000, 420_000),
    "rental_days": (3, 7),
    "rental_rate": (0.99, 4.99),
    "replacement_cost": (9.99, 29.99),
}
# the rates most tax systems use, in percent of the natural range (a fraction scales them)
_TAX_RATES = np.array([0, 5, 7, 8, 10, 12, 15, 19, 20, 21, 25]) / 25
# the minimum ages laws and houses set (to drive, to rent, to drink, to sign), most 18 or 21
_AGE_LIMITS = np.array([16, 17, 18, 18, 18, 18, 21, 21, 21, 23, 25])
_HEX = "0123456789abcdef"
_ALNUM = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: codes people read aloud
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_BCRYPT = "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_URLSAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_TEST_CARD_PREFIXES = ["411111", "424242", "400005", "555555", "510510", "601111", "356600"]


def numbers(shape: str, rng: np.random.Generator, n: int, lo: float, hi: float) -> np.ndarray:
    """Floats in [lo, hi] of a quantity's shape (its NaturalRange): `high` ratings, `small`
    sizes and counts (log-normal), `middle` lengths of works, `centre` ages and heights, a
    `discount` of whole steps (`discount_percent` in 5s), `tax` rates of real tax systems,
    `shelf` prices ending in .99, `few` and `rare` events counted (Poisson), `log` quantities
    without a typical size (log-uniform), an `age_limit` among the minimum ages laws use, else
    uniform."""
    span = max(hi - lo, 0.0)
    if shape in ("discount", "discount_percent"):
        # most lines undiscounted, the rest in steps of 5 % (0.05 … up to the bound)
        unit = 5.0 if shape == "discount_percent" and hi > 1 else 0.05
        steps = max(int(np.floor(span / unit + 1e-9)), 1)
        picked = rng.integers(1, steps + 1, n) * unit
        return np.asarray(np.where(rng.random(n) < 0.6, lo, np.minimum(lo + picked, hi)))
    if shape == "tax":
        return np.asarray(lo + _TAX_RATES[rng.integers(0, _TAX_RATES.size, n)] * span)
    if shape == "age_limit":  # the ages laws use, those the bounds allow
        fits = _AGE_LIMITS[(lo <= _AGE_LIMITS) & (hi >= _AGE_LIMITS)]
        if fits.size:
            return np.asarray(fits[rng.integers(0, fits.size, n)].astype(np.float64))
    if shape == "shelf" and span >= 1:
        # shelf prices end in .99
        whole = np.floor(lo + rng.random(n) * span)
        return np.asarray(np.clip(whole + 0.99, lo, hi))
    if shape in ("few", "rare"):
        # events counted in one row (a side's goals, a player's red cards): Poisson around a
        # quarter of the range for `few` (a side's 1.5 goals of 0-6), a twentieth for `rare`
        mean = span / (4.0 if shape == "few" else 20.0)
        return np.asarray(np.clip(lo + rng.poisson(mean, n), lo, hi), dtype=np.float64)
    if shape == "log_middle" and lo > 0 and hi > lo:
        # a length of time with a typical size: log-normal around the range's geometric
        # middle, all but a few hundredths within it (data/units.tsv)
        middle, spread = (np.log(lo) + np.log(hi)) / 2, (np.log(hi) - np.log(lo)) / 7
        return np.asarray(np.clip(np.exp(rng.normal(middle, spread, n)), lo, hi))
    if shape == "log" and lo > 0 and hi > lo:
        # no typical size: as many values between 1 and 10 as between 100 and 1,000
        return np.asarray(np.exp(rng.uniform(np.log(lo), np.log(hi), n)))
    if shape == "high":
        u = rng.beta(4.0, 1.6, n)
    elif shape == "small":
        u = np.clip(rng.lognormal(-2.0, 1.0, n), 0, 1)
    elif shape == "middle":
        u = np.clip(rng.normal(0.4, 0.17, n), 0, 1)
    elif shape == "centre":
        u = np.clip(rng.normal(0.45, 0.18, n), 0, 1)
    else:
        u = rng.random(n)
    return lo + u * span


def _obj(values: np.ndarray | list[str]) -> np.ndarray:
    out = np.empty(len(values), dtype=object)
    out[:] = values.tolist() if isinstance(values, np.ndarray) else values
    return out


def _chars(alphabet: str, codes: np.ndarray) -> np.ndarray:
    """Rows of alphabet positions (n, width) as a str array."""
    # ASCII code points laid out as UCS-4 are already a str array: no per-value decoding
    table = np.frombuffer(alphabet.encode("ascii"), dtype=np.uint8).astype(np.uint32)
    raw = np.ascontiguousarray(table[codes])
    return raw.view(f"U{codes.shape[1]}").ravel()


def _random(alphabet: str, rng: np.random.Generator, n: int, width: int) -> np.ndarray:
    return _chars(alphabet, rng.integers(0, len(alphabet), (n, width)))


def _join(*parts: np.ndarray | str) -> np.ndarray:
    out: Any = parts[0]
    for part in parts[1:]:
        out = np.char.add(out, part)
    return np.asarray(out)


def _digits(values: np.ndarray, width: int) -> np.ndarray:
    """Each value's last `width` decimal digits, as an (n, width) int matrix."""
    powers = 10 ** np.arange(width - 1, -1, -1, dtype=np.int64)
    return (np.asarray(values, dtype=np.int64)[:, None] // powers) % 10


def _body(rng: np.random.Generator, idx: np.ndarray, unique: bool, width: int) -> np.ndarray:
    """`width` random digits per row; when unique, the last (up to) nine are the row number
    spread over their space, so no two rows share them."""

    digits = rng.integers(0, 10, (idx.size, width))
    if unique:
        low = min(width, 9)
        digits[:, width - low :] = _digits(affine(idx, 10**low, 2_654_435_761), low)
    return digits


def _digit_text(d: np.ndarray) -> np.ndarray:
    return _chars("0123456789", d)


def luhn_digit(body: np.ndarray) -> np.ndarray:
    rev = body[:, ::-1]
    doubled = rev[:, 0::2] * 2
    doubled = np.where(doubled > 9, doubled - 9, doubled)
    return np.asarray((10 - (doubled.sum(1) + rev[:, 1::2].sum(1)) % 10) % 10)


def ean_digit(body: np.ndarray) -> np.ndarray:
    weights = np.where(np.arange(body.shape[1])[::-1] % 2 == 0, 3, 1)
    return np.asarray((10 - (body * weights).sum(1) % 10) % 10)


def _with(body: np.ndarray, check: np.ndarray) -> np.ndarray:
    return np.concatenate([body, check[:, None]], axis=1)


def _prefixed(prefix: str, body: np.ndarray) -> np.ndarray:
    head = np.tile(np.array([int(c) for c in prefix]), (body.shape[0], 1))
    return np.concatenate([head, body], axis=1)


def iban(rng: np.random.Generator, idx: np.ndarray, unique: bool) -> np.ndarray:
    """German IBANs whose bank code starts with 0, which no German bank code does."""
    bban = _prefixed("0", _body(rng, idx, unique, 17))  # 8-digit bank code + 10-digit account
    digits = np.concatenate([bban, _prefixed("131400", bban[:, :0])], axis=1)  # + "DE00"
    rem = np.zeros(len(idx), dtype=np.int64)
    for col in range(digits.shape[1]):
        rem = (rem * 10 + digits[:, col]) % 97
    check = 98 - rem
    return _join("DE", _digit_text(_digits(check, 2)), _digit_text(bban))


def card_numbers(rng: np.random.Generator, idx: np.ndarray, unique: bool) -> np.ndarray:
    prefixes = np.array([[int(c) for c in p] for p in _TEST_CARD_PREFIXES])
    head = prefixes[rng.integers(0, len(prefixes), idx.size)]
    body = np.concatenate([head, _body(rng, idx, unique, 9)], axis=1)
    return _digit_text(_with(body, luhn_digit(body)))


def isbn13(rng: np.random.Generator, idx: np.ndarray, unique: bool, hyphens: bool) -> np.ndarray:
    body = _prefixed("9780", _body(rng, idx, unique, 8))
    full = _with(body, ean_digit(body))
    if not hyphens:
        return _digit_text(full)
    groups = [_digit_text(full[:, a:b]) for a, b in ((0, 3), (3, 4), (4, 8), (8, 12), (12, 13))]
    return _join(groups[0], "-", groups[1], "-", groups[2], "-", groups[3], "-", groups[4])


def isbn10(rng: np.random.Generator, idx: np.ndarray, unique: bool) -> np.ndarray:
    body = _prefixed("0", _body(rng, idx, unique, 8))
    check = (11 - (body * np.arange(10, 1, -1)).sum(1) % 11) % 11
    text = _digit_text(body)
    last = np.where(check == 10, "X", check.astype(str))
    return _join(text, last)


def ean(rng: np.random.Generator, idx: np.ndarray, unique: bool, length: int) -> np.ndarray:
    """EAN/UPC/GTIN with a leading 2: the in-store range, never a real product."""
    body = _prefixed("2", _body(rng, idx, unique, length - 2))
    return _digit_text(_with(body, ean_digit(body)))


def imei(rng: np.random.Generator, idx: np.ndarray, unique: bool) -> np.ndarray:
    body = _prefixed("00", _body(rng, idx, unique, 12))  # reporting body 00: test IMEIs
    return _digit_text(_with(body, luhn_digit(body)))


def _pick(values: list[str], rng: np.random.Generator, n: int) -> np.ndarray:
    arr = _obj(values)
    return arr[rng.integers(0, len(arr), n)]


def _files(rng: np.random.Generator, idx: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Stems, extensions and MIME types; the type is a hash of the row number, so the
    file name, extension and MIME type columns of one row name the same type."""
    n = idx.size
    mixed = (idx.astype(np.uint64) * np.uint64(2_654_435_761)) >> np.uint64(8)
    which = (mixed % np.uint64(len(vocab.FILE_TYPES))).astype(np.int64)
    ext = np.array([e for e, _ in vocab.FILE_TYPES])[which]
    mime = np.array([m for _, m in vocab.FILE_TYPES])[which]
    stem = _join(
        np.array(vocab.FILE_STEMS)[rng.integers(0, len(vocab.FILE_STEMS), n)],
        "-",
        np.array(vocab.FILE_QUALIFIERS)[rng.integers(0, len(vocab.FILE_QUALIFIERS), n)],
    )
    return stem, ext, mime


def _pack_sizes(rng: np.random.Generator, n: int) -> np.ndarray:
    """`24 - 12 oz bottles`, `10 boxes x 20 bags`, `500 g`: how a product is packed."""
    count = np.array(["6", "10", "12", "20", "24", "32", "40", "48"])[rng.integers(0, 8, n)]
    size = np.array(["12 oz", "200 ml", "500 g", "1 kg", "16 oz", "250 g", "1 l", "8 oz"])
    containers = np.array(["bottles", "jars", "cans", "bags", "boxes", "pkgs.", "tins"])
    sized = _join(count, " - ", size[rng.integers(0, 8, n)], " ", containers[rng.integers(0, 7, n)])
    boxed = _join(count, " boxes x ", np.array(["10", "20", "30"])[rng.integers(0, 3, n)], " bags")
    single = size[rng.integers(0, 8, n)]
    shape = rng.random(n)
    return _obj(np.where(shape < 0.7, sized, np.where(shape < 0.85, boxed, single)))


def _numbered(values: np.ndarray, idx: np.ndarray, sep: str = "-") -> np.ndarray:
    return _join(values, sep, idx.astype(str))


def _simple(gen: str, rng: np.random.Generator, n: int) -> np.ndarray | None:
    """Vocabulary picks and fixed-shape random codes."""
    picks: dict[str, list[str]] = {
        "honorific": vocab.HONORIFICS,
        "name_suffix": vocab.NAME_SUFFIXES,
        "nationality": vocab.NATIONALITIES,
        "marital_status": vocab.MARITAL,
        "continent": vocab.CONTINENTS,
        "language_name": vocab.LANGUAGE_NAMES,
        "language_code": vocab.LANGUAGES,
        "card_brand": vocab.CARD_BRANDS,
        "tag": vocab.TAGS,
        "payment_method": vocab.PAYMENT_METHODS,
        "colour": vocab.COLOUR_NAMES,
    }
    if gen in picks:
        return _pick(picks[gen], rng, n)
    if gen == "gender":
        return _obj(vocab.GENDERS)[rng.choice(len(vocab.GENDERS), n, p=vocab.GENDER_WEIGHTS)]
    if gen == "gender_code":
        return _obj(["F", "M", "X"])[rng.choice(3, n, p=[0.49, 0.49, 0.02])]
    if gen == "hex_colour":
        return _join("#", _random(_HEX, rng, n, 6))
    if gen == "semver":
        major = rng.integers(0, 6, n).astype(str)
        minor = rng.integers(0, 20, n).astype(str)
        patch = rng.integers(0, 30, n).astype(str)
        return _join(major, ".", minor, ".", patch)
    if gen == "card_last4":
        return _random("0123456789", rng, n, 4)
    if gen == "card_expiry":
        month = np.char.zfill(rng.integers(1, 13, n).astype(str), 2)
        return _join(month, "/", rng.integers(26, 32, n).astype(str))
    if gen == "cvv":
        return _random("0123456789", rng, n, 3)
    if gen == "phone_extension":
        first = _random("123456789", rng, n, 1)
        return _join(first, _random("0123456789", rng, n, 3))
    if gen == "pack_size":
        return _pack_sizes(rng, n)
    if gen == "bic":
        # location code ending in 0: a test BIC, never a live bank's
        return _join(_random("ABCDEFGHIJKLMNOPQRSTUVWXYZ", rng, n, 4), "DE", "X0")
    if gen == "routing_number":
        return _join("0", _random("0123456789", rng, n, 8))
    if gen == "account_number":
        return _join("00", _random("0123456789", rng, n, 8))
    if gen == "national_id":
        area = _obj(["000", "666"])[rng.integers(0, 2, n)].astype(str)  # never issued
        mid = np.char.zfill(rng.integers(1, 100, n).astype(str), 2)
        return _join(area, "-", mid, "-", _random("0123456789", rng, n, 4))
    if gen == "passport_number":
        return _join("ZZ", _random("0123456789", rng, n, 7))
    return _secret(gen, rng, n)


def _secret(gen: str, rng: np.random.Generator, n: int) -> np.ndarray | None:
    if gen == "password_hash":
        return _join("$2b$12$", _random(_BCRYPT, rng, n, 53))
    if gen == "argon2_hash":
        head = "$argon2id$v=19$m=65536,t=3,p=4$"
        return _join(head, _random(_B64, rng, n, 22), "$", _random(_B64, rng, n, 43))
    if gen == "token":
        return _random(_URLSAFE, rng, n, 43)
    if gen == "api_key":
        return _join("sk_test_", _random(_ALNUM + "abcdefghjkmnpqrstuvwxyz", rng, n, 32))
    if gen == "otp_secret":
        return _random("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", rng, n, 32)
    if gen == "salt":
        return _random(_HEX, rng, n, 32)
    return None


# the kinds _coded makes: a branch added there is listed here too
_CODED_KINDS = frozenset(
    {"order_number", "invoice_number", "tracking_number", "voucher_code", "reference"}
    | {"serial_number", "hostname", "domain_name", "image_url"}
)


def _coded(gen: str, rng: np.random.Generator, idx: np.ndarray, unique: bool) -> np.ndarray | None:
    """Codes whose uniqueness comes from the row number."""
    if gen not in _CODED_KINDS:  # every text generator falls through here: draw nothing
        return None
    n = idx.size
    tail = (
        np.char.zfill((idx + 1).astype(str), 6)
        if unique
        else (_random("0123456789", rng, n, 6).astype(str))
    )
    if gen == "order_number":
        return _join("ORD-", tail)
    if gen == "invoice_number":
        return _join("INV-", rng.integers(2021, 2026, n).astype(str), "-", tail)
    if gen == "tracking_number":
        return _join("TRK", _random("0123456789", rng, n, 6), tail)
    if gen == "voucher_code":
        return _join(_random(_ALNUM, rng, n, 4), "-", _random(_ALNUM, rng, n, 2), tail)
    if gen == "reference":
        return _join("REF-", _random(_ALNUM, rng, n, 4), tail)
    if gen == "serial_number":
        return _join("SN", _random(_ALNUM, rng, n, 4), tail)
    if gen == "hostname":
        words = np.array(vocab.HOST_WORDS)[rng.integers(0, len(vocab.HOST_WORDS), n)]
        num = idx.astype(str) if unique else rng.integers(1, 20, n).astype(str)
        dom = np.array(EMAIL_DOMAINS)[rng.integers(0, len(EMAIL_DOMAINS), n)]
        return _join(words, num, ".", dom)
    if gen == "domain_name":
        stems = np.array([s.lower().replace(" ", "") for s in vocab.COMPANY_STEMS])
        picked = stems[rng.integers(0, len(stems), n)]
        return _join(_numbered(picked, idx) if unique else picked, ".test")
    if gen == "image_url":
        return _join("https://cdn.example.com/images/", _random(_HEX, rng, n, 12), ".jpg")
    return None


def text_values(
    gen: str, rng: np.random.Generator, idx: np.ndarray, unique: bool, max_len: int | None
) -> np.ndarray | None:
    """Values of a recognised text generator for the batch, or None when `gen` is not one
    of this module's."""
    made = _make(gen, rng, idx, unique, max_len)
    if made is None:
        return None
    return made if made.dtype == object else _obj(made)


_CODES: dict[str, Callable[[np.random.Generator, np.ndarray, bool], np.ndarray]] = {
    "acriss_code": acriss.codes,
    "iban": iban,
    "card_number": card_numbers,
    "isbn10": isbn10,
    "imei": imei,
    "upc": lambda rng, idx, unique: ean(rng, idx, unique, 12),
}


def _make(
    gen: str, rng: np.random.Generator, idx: np.ndarray, unique: bool, max_len: int | None
) -> np.ndarray | None:
    n = idx.size
    if gen in _CODES:
        return _CODES[gen](rng, idx, unique)
    if gen == "isbn":
        return isbn13(rng, idx, unique, hyphens=max_len is None or max_len >= 17)
    if gen == "ean":
        length = max_len if max_len in (8, 12, 14) else 13
        return ean(rng, idx, unique, length)
    if gen in names.KINDS:
        return names.draw(gen, rng, idx, unique)
    if gen in trades.KINDS:
        return trades.make(gen, rng, idx)
    if gen in profiles.KINDS:
        return _obj(profiles.make(gen, rng, idx) or [])
    if gen in ("file_name", "file_extension", "mime_type", "file_path"):
        stem, ext, mime = _files(rng, idx)
        if gen == "mime_type":
            return mime
        if gen == "file_extension":
            return ext
        stem = _numbered(stem, idx) if unique else stem
        if gen == "file_path":
            year = rng.integers(2021, 2026, n).astype(str)
            return _join("uploads/", year, "/", stem, ".", ext)
        return _join(stem, ".", ext)
    if gen == "checksum":
        width = min(max_len or 64, 64)
        width = 64 if width >= 64 else 40 if width >= 40 else 32 if width >= 32 else width
        return _random(_HEX, rng, n, width)
    made = _simple(gen, rng, n)
    if made is not None:
        return made
    return _coded(gen, rng, idx, unique)
