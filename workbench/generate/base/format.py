"""Typed batch columns → PostgreSQL text: COPY text format (escaped, \\N for NULL) and CSV.

`copy_bytes` is the loader's hot path: it builds a whole batch's COPY text as bytes with numpy,
without a Python string per value. Numbers, dates, timestamps and booleans become digit
matrices (one column of bytes per character position, NUL where the value is shorter); text
columns are joined and encoded once; then every field is scattered into place in one buffer.
`to_text` (one str per value) serves CSV, previews and the rare values the fast path does not
cover. Only text needs a per-value escape, and only when the batch actually holds a backslash,
tab or newline."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from workbench.generate.base.batch import Col
from workbench.schema.typeinfo import TypeInfo

_ESCAPES = (("\\", "\\\\"), ("\t", "\\t"), ("\n", "\\n"), ("\r", "\\r"))


def to_text(col: Col, info: TypeInfo) -> list[str]:
    """Every value as PostgreSQL input text (NULL rows hold some valid text; mask them)."""
    values = col.values
    kind = col.kind
    out: list[str]
    if kind == "int":
        out = values.astype(np.int64).astype(str).tolist()
        return out
    if kind == "bool":
        out = np.where(values.astype(bool), "t", "f").tolist()
        return out
    if kind == "date":
        out = values.astype("datetime64[D]").astype(str).tolist()
        return out
    if kind == "timestamp":
        return _timestamps(values, "+00" if info.kind == "timestamptz" else "")
    if kind == "decimal":
        scale = info.scale if info.scale is not None else 2
        if info.kind == "money":
            scale = 2
        return [f"{v:.{scale}f}" for v in values.astype(np.float64).tolist()]
    if kind == "float":
        out = values.astype(np.float64).astype(str).tolist()
        return out
    return [v if isinstance(v, str) else str(v) for v in values.tolist()]


_TIME_OF_DAY: np.ndarray | None = None


def _timestamps(values: np.ndarray, suffix: str) -> list[str]:
    """Faster than datetime64 → str: format the few distinct days once, and look the time of
    day up in a table of 86,400 strings."""
    global _TIME_OF_DAY
    if _TIME_OF_DAY is None:
        _TIME_OF_DAY = np.array(
            [f" {s // 3600:02d}:{s // 60 % 60:02d}:{s % 60:02d}{suffix}" for s in range(86400)],
            dtype=object,
        )
        _TIME_OF_DAY_SUFFIX[0] = suffix
    table = _TIME_OF_DAY
    if _TIME_OF_DAY_SUFFIX[0] != suffix:
        table = np.array([t[:9] + suffix for t in _TIME_OF_DAY.tolist()], dtype=object)
    secs = values.astype("datetime64[s]").astype(np.int64)
    days, tod = np.divmod(secs, 86400)
    uniq, inverse = np.unique(days, return_inverse=True)
    day_text = uniq.astype("datetime64[D]").astype(str).astype(object)
    out: list[str] = (day_text[inverse.reshape(-1)] + table[tod]).tolist()
    return out


_TIME_OF_DAY_SUFFIX = [""]


# --- the fast path: whole batches as bytes ---------------------------------------------------

_ZERO = ord("0")
_BACKSLASH, _N, _TAB, _NEWLINE = ord("\\"), ord("N"), ord("\t"), ord("\n")
_SAFE_FLOAT = 2.0**52  # beyond this, scaled decimals are no longer exact integers in float64

# (value bytes in row order, byte length per row); NULL rows have length 0
_Field = tuple[np.ndarray, np.ndarray]


def copy_bytes(columns: Sequence[tuple[Col, TypeInfo]]) -> bytes:
    """The batch as COPY text: escaped fields, \\N for NULL, tab between, newline after."""
    if not columns:
        return b""
    fields = [_field(col, info) for col, info in columns]
    nulls = [col.nulls for col, _ in columns]
    widths = [np.where(nl, 2, lens) for (_, lens), nl in zip(fields, nulls, strict=True)]
    row_len = np.add.reduce(widths) + len(columns)  # a tab or newline after every field
    ends = np.cumsum(row_len)
    if not ends.size:
        return b""
    total = int(ends[-1])
    out = np.empty(total, np.uint8)
    # 32-bit positions halve the memory traffic of the index arrays below
    index = np.int32 if total < 2**31 else np.int64
    pos = (ends - row_len).astype(index)  # where the current field starts, per row
    last = len(columns) - 1
    for c, ((blob, lens), nl, width) in enumerate(zip(fields, nulls, widths, strict=True)):
        if blob.size:
            # each byte goes to its row's field start plus its offset inside the value
            src_start = (np.cumsum(lens) - lens).astype(index)
            shift = np.repeat(pos - src_start, lens)
            shift += _arange(blob.size, index)
            out[shift] = blob
        if nl.any():
            at = pos[nl]
            out[at] = _BACKSLASH
            out[at + 1] = _N
        pos = pos + width
        out[pos] = _NEWLINE if c == last else _TAB
        pos += 1
    return out.tobytes()


_ARANGES: dict[type, np.ndarray] = {}


def _arange(n: int, dtype: type) -> np.ndarray:
    """0..n-1, sliced from a cached array (grown as needed) instead of built per column."""
    cached = _ARANGES.get(dtype)
    if cached is None or cached.size < n:
        cached = np.arange(max(n, 1 << 20), dtype=dtype)
        _ARANGES[dtype] = cached
    return cached[:n]


def _field(col: Col, info: TypeInfo) -> _Field:
    kind = col.kind
    values = col.values
    matrix: np.ndarray | None = None
    if kind == "int" and values.dtype != object:
        matrix = _int_matrix(values.astype(np.int64))
    elif kind == "bool":
        matrix = np.where(values.astype(bool), ord("t"), ord("f")).astype(np.uint8)[:, None]
    elif kind == "date":
        matrix = _date_matrix(values.astype("datetime64[D]").astype(np.int64), None)
        if matrix is not None:
            return _full_width(matrix, col.nulls)
    elif kind == "timestamp":
        secs = values.astype("datetime64[s]").astype(np.int64)
        matrix = _date_matrix(secs, "+00" if info.kind == "timestamptz" else "")
        if matrix is not None:
            return _full_width(matrix, col.nulls)
    elif kind == "decimal":
        scale = 2 if info.kind == "money" else (info.scale if info.scale is not None else 2)
        matrix = _decimal_matrix(values.astype(np.float64), scale)
    if matrix is None:
        return _text_field(col, info)
    if col.nulls.any():
        matrix[col.nulls] = 0
    keep = matrix != 0
    return matrix[keep], keep.sum(axis=1)


def _full_width(matrix: np.ndarray, nulls: np.ndarray) -> _Field:
    """A matrix whose every byte is part of the value (no NUL padding): its rows as they
    are, NULL rows left out."""
    width = matrix.shape[1]
    if nulls.any():
        return matrix[~nulls].reshape(-1), np.where(nulls, 0, width)
    return matrix.reshape(-1), np.full(matrix.shape[0], width, np.int64)


def _text_field(col: Col, info: TypeInfo) -> _Field:
    """One str per value, joined and encoded once; NULL rows become empty strings."""
    values = col.values
    if col.kind in ("text", "other") and values.dtype == object:
        texts = values.tolist()
        try:
            joined = "".join(texts)
        except TypeError:  # a non-str value
            texts = to_text(col, info)
            joined = "".join(texts)
    else:
        texts = to_text(col, info)
        joined = "".join(texts)
    for char, escaped in _ESCAPES:  # the backslash first: the others add backslashes
        if char in joined:  # str.replace, not a translate table: ten times faster here
            texts = [t.replace(char, escaped) for t in texts]
    if col.nulls.any():
        arr = np.empty(len(texts), dtype=object)
        arr[:] = texts
        arr[col.nulls] = ""
        texts = arr.tolist()
    joined = "".join(texts)
    data = joined.encode()
    if len(data) == len(joined):  # ASCII: characters are bytes
        lens = np.fromiter(map(len, texts), np.int64, len(texts))
    else:
        lens = np.fromiter(map(len, map(str.encode, texts)), np.int64, len(texts))
    return np.frombuffer(data, np.uint8), lens


def _digits(out: np.ndarray, values: np.ndarray, width: int, pad: bool) -> None:
    """Write non-negative `values` as decimal digits into the `width` columns of `out`,
    right-aligned: zero-padded when `pad`, else NUL-padded (NUL bytes are dropped later)."""
    rest = values.copy()
    for i in range(width - 1, -1, -1):
        digit = (rest % 10).astype(np.uint8) + _ZERO
        if not pad and i < width - 1:
            digit[rest == 0] = 0
        out[:, i] = digit
        rest //= 10


def _int_matrix(values: np.ndarray) -> np.ndarray | None:
    """Right-aligned digits, NUL-padded, a column for the sign only when a value is negative;
    32-bit arithmetic where the values allow it (faster divisions)."""
    if not values.size:
        return np.zeros((0, 1), np.uint8)
    low, high = int(values.min()), int(values.max())
    if low == np.iinfo(np.int64).min:
        return None
    top = max(high, -low)
    width = len(str(top))
    sign = 1 if low < 0 else 0
    mags = np.abs(values)
    if top < 2**31:
        mags = mags.astype(np.int32)
    out = np.zeros((values.size, width + sign), np.uint8)
    if sign:
        out[values < 0, 0] = ord("-")
    _digits(out[:, sign:], mags, width, pad=False)
    return out


def _decimal_matrix(values: np.ndarray, scale: int) -> np.ndarray | None:
    """`f"{v:.{scale}f}"` for every value, from the value scaled to an integer; values that sit
    on a rounding tie after scaling (where float error could flip the digit) or that are too
    large for exact scaling take the str path."""
    if not values.size:
        return np.zeros((0, 1), np.uint8)
    if not np.isfinite(values).all():
        return None
    scaled = np.abs(values) * 10.0**scale
    if scaled.max() >= _SAFE_FLOAT:
        return None
    units = np.rint(scaled)
    if (np.abs(np.abs(scaled - units) - 0.5) < 1e-6).any():
        return None
    units = units.astype(np.int64)
    whole, frac = np.divmod(units, 10**scale)
    width = len(str(int(whole.max())))
    out = np.zeros((values.size, 1 + width + (1 + scale if scale else 0)), np.uint8)
    out[np.signbit(values), 0] = ord("-")  # Python prints -0.00 for a small negative too
    _digits(out[:, 1 : 1 + width], whole, width, pad=False)
    if scale:
        out[:, 1 + width] = ord(".")
        _digits(out[:, 2 + width :], frac, scale, pad=True)
    return out


def _date_matrix(values: np.ndarray, suffix: str | None) -> np.ndarray | None:
    """Days since 1970 (`suffix` None: a date) or seconds (a timestamp, `suffix` after the
    time of day) as 'YYYY-MM-DD[ HH:MM:SS<suffix>]'; years outside 1–9999 take the str path.
    Each distinct day is written once, each time of day comes from a table of 86,400."""
    if suffix is None:
        days, tod = values, None
    else:
        days, tod = np.divmod(values, 86400)
    if not values.size:
        return np.zeros((0, 10 if suffix is None else 19 + len(suffix)), np.uint8)
    low, high = int(days.min()), int(days.max())
    if high - low < max(days.size, 4096):  # a span of days: each one written, then looked up
        day_rows = _day_matrix(np.arange(low, high + 1, dtype=np.int64))
        if day_rows is None:
            return None
        day_text: np.ndarray = day_rows[days - low]
    else:
        uniq, inverse = np.unique(days, return_inverse=True)
        day_rows = _day_matrix(uniq)
        if day_rows is None:
            return None
        day_text = day_rows[inverse.reshape(-1)]
    if tod is None or suffix is None:
        return day_text
    out = np.empty((values.size, 19 + len(suffix)), np.uint8)
    out[:, :10] = day_text
    out[:, 10:19] = _time_of_day()[tod]
    for i, ch in enumerate(suffix.encode()):
        out[:, 19 + i] = ch
    return out


def _day_matrix(days: np.ndarray) -> np.ndarray | None:
    """Days since 1970 as 'YYYY-MM-DD' rows; None when a year is outside 1–9999."""
    day = days.astype("datetime64[D]")
    month = day.astype("datetime64[M]")
    year = month.astype("datetime64[Y]").astype(np.int64) + 1970
    if days.size and (year.min() < 1 or year.max() > 9999):
        return None
    out = np.zeros((days.size, 10), np.uint8)
    _digits(out[:, 0:4], year, 4, pad=True)
    out[:, 4] = out[:, 7] = ord("-")
    _digits(out[:, 5:7], month.astype(np.int64) % 12 + 1, 2, pad=True)
    _digits(out[:, 8:10], (day - month).astype(np.int64) + 1, 2, pad=True)
    return out


_TOD_ROWS: list[np.ndarray] = []


def _time_of_day() -> np.ndarray:
    """' HH:MM:SS' for each second of a day, as 86,400 rows of bytes (made once)."""
    if not _TOD_ROWS:
        tod = np.arange(86400, dtype=np.int64)
        out = np.zeros((86400, 9), np.uint8)
        out[:, 0] = ord(" ")
        out[:, 3] = out[:, 6] = ord(":")
        _digits(out[:, 1:3], tod // 3600, 2, pad=True)
        _digits(out[:, 4:6], tod // 60 % 60, 2, pad=True)
        _digits(out[:, 7:9], tod % 60, 2, pad=True)
        _TOD_ROWS.append(out)
    return _TOD_ROWS[0]
