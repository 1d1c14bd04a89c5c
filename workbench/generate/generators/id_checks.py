"""The check digits and birth-date parts of national identifiers (vocab/identifiers.checks
names one per family and country): a value drawn to its country's pattern becomes one its
country's own validation accepts, and where the row's date of birth is known, one that encodes
it as the country does.

- `bsn11`: a Dutch BSN passes the 11-check (9·d1 + 8·d2 + … + 2·d8 − d9 ≡ 0 mod 11);
- `iso7064`: a German tax id's eleventh digit is its ISO 7064 MOD 11,10 check digit;
- `luhn_yymmdd`: a Swedish personnummer YYMMDD-NNNC: the birth date, then Luhn's check;
- `pesel`: a Polish PESEL YYMMDDNNNNC: the birth date (the month + 20 after 1999, + 80 before
  1900), then the weighted check digit;
- `nir`: a French NIR: sex, YY MM of birth, place and order, then its key 97 − (n mod 97);
- `dni`: a Spanish DNI's letter is the number mod 23 in the official table;
- `cpr`: a Danish CPR number DDMMYY-SSSS: the birth date;
- `hetu`: a Finnish personal identity code DDMMYY, the century sign (+ - A), three digits and
  the check character of the nine digits mod 31;
- `be_nn`: a Belgian national number YYMMDDSSSCC: the birth date, then 97 − (n mod 97), n
  preceded by a 2 for those born from 2000;
- `luhn19`: a 19-digit number whose last digit is Luhn's check (a SIM's ICCID);
- `gb_vat97`: a British VAT number GB + nine digits, the last two HMRC's modulus-97 check
  (8·d1 + 7·d2 + … + 2·d7 + d8d9 ≡ 0 mod 97).

Every function works on whole columns (one value length per pattern) and leaves a value it
cannot read (another length, a non-digit where digits belong) as it is."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

_DNI = "TRWAGMYFPDXBNJZSQVHLCKE"


def _grid(values: np.ndarray, width: int) -> tuple[np.ndarray, np.ndarray]:
    """(rows whose value has `width` ASCII characters, their characters' codes as a matrix)."""
    lengths = np.array([len(v) if isinstance(v, str) and v.isascii() else -1 for v in values])
    rows = np.flatnonzero(lengths == width)
    if rows.size == 0:
        return rows, np.zeros((0, width), np.int64)
    joined = "".join(values[rows].tolist()).encode("ascii")
    return rows, np.frombuffer(joined, np.uint8).reshape(rows.size, width).astype(np.int64)


def _text(grid: np.ndarray) -> np.ndarray:
    return np.array([bytes(r).decode("ascii") for r in grid.astype(np.uint8)], dtype=object)


def _digit_rows(grid: np.ndarray, cols: list[int]) -> np.ndarray:
    """Whether each row holds digits in the given columns."""
    part = grid[:, cols]
    return np.asarray(np.all((part >= 48) & (part <= 57), axis=1))


def _put(grid: np.ndarray, at: int, number: np.ndarray, width: int) -> None:
    """Write `number` as `width` digits from column `at`."""
    for k in range(width):
        grid[:, at + width - 1 - k] = 48 + (number // 10**k) % 10


def _parts(born: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Year, month (1-12) and day (1-31) of dates."""
    day = born.astype("datetime64[D]")
    year = day.astype("datetime64[Y]")
    month = day.astype("datetime64[M]")
    return (
        year.astype(np.int64) + 1970,
        (month - year.astype("datetime64[M]")).astype(np.int64) + 1,
        (day - month.astype("datetime64[D]")).astype(np.int64) + 1,
    )


def _bsn11(grid: np.ndarray, born: np.ndarray | None) -> None:
    d = grid - 48
    weights = np.arange(9, 1, -1)
    for _ in range(11):
        rest = (d[:, :8] * weights).sum(axis=1) % 11
        bad = rest == 10  # no digit closes the check: move the eighth digit on
        if not bad.any():
            break
        d[bad, 7] = (d[bad, 7] + 1) % 10
    d[:, 8] = (d[:, :8] * weights).sum(axis=1) % 11
    grid[:, :] = d + 48


def _iso7064(grid: np.ndarray, born: np.ndarray | None) -> None:
    d = grid - 48
    product = np.full(d.shape[0], 10)
    for k in range(10):
        total = (d[:, k] + product) % 10
        total[total == 0] = 10
        product = (total * 2) % 11
    check = 11 - product
    check[check == 10] = 0
    grid[:, 10] = 48 + check


def _with_birth(grid: np.ndarray, born: np.ndarray | None, at: int, century: bool) -> None:
    """YYMMDD from column `at` where the birth date is known (NaT elsewhere); `century`
    marks the century in the month (PESEL)."""
    if born is None:
        return
    known = ~np.isnat(born)
    if not known.any():
        return
    year, month, day = _parts(born[known])
    if century:
        month = month + np.select([year >= 2000, year < 1900], [20, 80], 0)
    sub = grid[known]
    _put(sub, at, year % 100, 2)
    _put(sub, at + 2, month, 2)
    _put(sub, at + 4, day, 2)
    grid[known] = sub


def _luhn_yymmdd(grid: np.ndarray, born: np.ndarray | None) -> None:
    _with_birth(grid, born, 0, False)
    digits = np.concatenate([grid[:, :6], grid[:, 7:10]], axis=1) - 48
    doubled = digits * np.array([2, 1, 2, 1, 2, 1, 2, 1, 2])
    total = (doubled // 10 + doubled % 10).sum(axis=1)
    grid[:, 10] = 48 + (10 - total % 10) % 10


def _luhn(grid: np.ndarray, born: np.ndarray | None) -> None:
    """The last digit is Luhn's check of the others (ISO/IEC 7812: a card number, an ICCID):
    from the right, every second digit doubled."""
    digits = grid[:, :-1] - 48
    weights = np.where(np.arange(digits.shape[1])[::-1] % 2 == 0, 2, 1)
    doubled = digits * weights
    total = (doubled // 10 + doubled % 10).sum(axis=1)
    grid[:, -1] = 48 + (10 - total % 10) % 10


def _pesel(grid: np.ndarray, born: np.ndarray | None) -> None:
    _with_birth(grid, born, 0, True)
    d = grid[:, :10] - 48
    total = (d * np.array([1, 3, 7, 9, 1, 3, 7, 9, 1, 3])).sum(axis=1)
    grid[:, 10] = 48 + (10 - total % 10) % 10


def _nir(grid: np.ndarray, born: np.ndarray | None) -> None:
    if born is not None:
        known = ~np.isnat(born)
        if known.any():
            year, month, _ = _parts(born[known])
            sub = grid[known]
            _put(sub, 1, year % 100, 2)
            _put(sub, 3, month, 2)
            grid[known] = sub
    d = grid[:, :13] - 48
    number = np.zeros(d.shape[0], np.int64)
    for k in range(13):
        number = number * 10 + d[:, k]
    _put(grid, 13, 97 - number % 97, 2)


def _ddmmyy(grid: np.ndarray, born: np.ndarray | None) -> np.ndarray | None:
    """DDMMYY from column 0 where the birth date is known; the years of the known rows."""
    if born is None:
        return None
    known = ~np.isnat(born)
    if not known.any():
        return None
    year, month, day = _parts(born[known])
    sub = grid[known]
    _put(sub, 0, day, 2)
    _put(sub, 2, month, 2)
    _put(sub, 4, year % 100, 2)
    grid[known] = sub
    out = np.full(born.size, -1, np.int64)
    out[known] = year
    return out


def _cpr(grid: np.ndarray, born: np.ndarray | None) -> None:
    _ddmmyy(grid, born)  # a Danish CPR number: DDMMYY-SSSS (no check digit since 2007)


_HETU = np.frombuffer(b"0123456789ABCDEFHJKLMNPRSTUVWXY", np.uint8)


def _hetu(grid: np.ndarray, born: np.ndarray | None) -> None:
    years = _ddmmyy(grid, born)
    if years is not None:  # the century sign: + before 1900, - in the 1900s, A from 2000
        sign = np.select([years >= 2000, years >= 1900], [ord("A"), ord("-")], ord("+"))
        grid[:, 6] = np.where(years >= 0, sign, grid[:, 6])
    d = np.concatenate([grid[:, :6], grid[:, 7:10]], axis=1) - 48
    number = np.zeros(d.shape[0], np.int64)
    for k in range(9):
        number = number * 10 + d[:, k]
    grid[:, 10] = _HETU[number % 31]


def _be_nn(grid: np.ndarray, born: np.ndarray | None) -> None:
    _with_birth(grid, born, 0, False)  # a Belgian national number: YYMMDDSSSCC
    d = grid[:, :9] - 48
    number = np.zeros(d.shape[0], np.int64)
    for k in range(9):
        number = number * 10 + d[:, k]
    if born is not None:  # born from 2000: the check is over 2 before the nine digits
        later = ~np.isnat(born) & (born >= np.datetime64("2000-01-01"))
        number = np.where(later, number + 2_000_000_000, number)
    _put(grid, 9, 97 - number % 97, 2)


def _dni(grid: np.ndarray, born: np.ndarray | None) -> None:
    d = grid[:, :8] - 48
    number = np.zeros(d.shape[0], np.int64)
    for k in range(8):
        number = number * 10 + d[:, k]
    grid[:, 8] = np.frombuffer(_DNI.encode(), np.uint8)[number % 23]


def _gb_vat97(grid: np.ndarray, born: np.ndarray | None) -> None:
    d = grid[:, 2:9] - 48  # GB, then seven digits weighted 8 down to 2, then the check
    total = (d * np.arange(8, 1, -1)).sum(axis=1)
    _put(grid, 9, (97 - total % 97) % 97, 2)


# name -> (value length, the columns that must hold digits, the function, reads births)
CHECKS: dict[str, tuple[int, list[int], Callable[[np.ndarray, np.ndarray | None], None], bool]] = {
    "bsn11": (9, list(range(9)), _bsn11, False),
    "iso7064": (11, list(range(11)), _iso7064, False),
    "luhn_yymmdd": (11, [0, 1, 2, 3, 4, 5, 7, 8, 9, 10], _luhn_yymmdd, True),
    "pesel": (11, list(range(11)), _pesel, True),
    "nir": (15, list(range(15)), _nir, True),
    "dni": (9, list(range(8)), _dni, False),
    "cpr": (11, [0, 1, 2, 3, 4, 5, 7, 8, 9, 10], _cpr, True),
    "hetu": (11, [0, 1, 2, 3, 4, 5, 7, 8, 9], _hetu, True),
    "be_nn": (11, list(range(11)), _be_nn, True),
    # a SIM's ICCID (ITU-T E.118) of 19 digits: 89, the calling code, the issuer and the
    # account, then Luhn's check digit
    "luhn19": (19, list(range(19)), _luhn, False),
    "gb_vat97": (11, list(range(2, 11)), _gb_vat97, False),
}


def reads_birth(check: str) -> bool:
    """Whether the check writes the row's date of birth into the value."""
    return check in CHECKS and CHECKS[check][3]


def finish(check: str, values: np.ndarray, born: np.ndarray | None = None) -> np.ndarray:
    """The values with the check's digits (and, where `born` holds a date, the birth date)
    written in: a new array; values the check cannot read unchanged. `born`: datetime64 per
    value, NaT where unknown."""
    out = np.array(values, dtype=object)
    if check not in CHECKS:
        return out
    width, digits, fix, births = CHECKS[check]
    rows, grid = _grid(out, width)
    if rows.size == 0:
        return out
    ok = _digit_rows(grid, digits)
    rows, grid = rows[ok], grid[ok]
    if rows.size == 0:
        return out
    fix(grid, born[rows].astype("datetime64[D]") if births and born is not None else None)
    out[rows] = _text(grid)
    return out
