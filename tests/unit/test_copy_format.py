"""The COPY text fast path (format.copy_bytes) writes what the one-str-per-value path
(format.to_text) says, escaped as COPY reads it: dates and timestamps over short and long
spans of days (looked up per distinct day), NULLs, years the fast path leaves to the str
path, integers with and without a sign and past 32 bits, and text holding every character
COPY escapes."""

from __future__ import annotations

import numpy as np

from workbench.generate.base.batch import Col
from workbench.generate.base.format import copy_bytes, to_text
from workbench.schema.typeinfo import TypeInfo

_ESCAPE = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})


def _expected(columns: list[tuple[Col, TypeInfo]]) -> bytes:
    texts = [to_text(col, info) for col, info in columns]
    lines = []
    for row in range(len(texts[0])):
        fields = [
            "\\N" if col.nulls[row] else texts[c][row].translate(_ESCAPE)
            for c, (col, _) in enumerate(columns)
        ]
        lines.append("\t".join(fields) + "\n")
    return "".join(lines).encode()


def _col(values: np.ndarray, kind: str, nulls: np.ndarray) -> Col:
    return Col(values, nulls, kind)


def test_dates_and_timestamps_match_the_str_path() -> None:
    rng = np.random.default_rng(7)
    n = 3000
    nulls = rng.random(n) < 0.1
    day = np.datetime64("2024-02-28", "D")
    for span in (1, 3, 400, 20000, 2_000_000):  # one day, a few, years, centuries of days
        days = rng.integers(-span // 2, span // 2 + 1, n)
        dates = (day + days).astype("datetime64[D]")
        stamps = dates.astype("datetime64[us]") + rng.integers(0, 86_400_000_000, n).astype(
            "timedelta64[us]"
        )
        columns = [
            (_col(dates, "date", nulls), TypeInfo("date", "date")),
            (_col(stamps, "timestamp", nulls[::-1].copy()), TypeInfo("timestamp", "timestamp")),
            (_col(stamps, "timestamp", np.zeros(n, bool)), TypeInfo("timestamptz", "timestamptz")),
        ]
        assert copy_bytes(columns) == _expected(columns), span


def test_years_past_9999_take_the_str_path() -> None:
    dates = np.array(["9999-12-31", "0001-01-01", "2020-05-05"], dtype="datetime64[D]")
    nulls = np.zeros(3, bool)
    columns = [(_col(dates, "date", nulls), TypeInfo("date", "date"))]
    assert copy_bytes(columns) == _expected(columns)
    late = dates.astype("datetime64[s]") + np.array([86400 * 2, 0, 5], "timedelta64[s]")
    columns = [(_col(late, "timestamp", nulls), TypeInfo("timestamp", "timestamp"))]
    assert copy_bytes(columns) == _expected(columns)


def test_text_escapes_every_character_copy_reads_specially() -> None:
    words = ["plain", "back\\slash", "tab\there", "new\nline", "cr\rhere", "\\x0e2b"]
    values = np.array([*words, "\\\t\n\r", "é\\"], dtype=object)
    nulls = np.zeros(values.size, bool)
    nulls[2] = True
    for kept in (values, values[[0, 1, 5]], values[[0, 2]], values[[0, 3, 4]]):
        columns = [(_col(kept, "text", nulls[: kept.size]), TypeInfo("text", "text"))]
        assert copy_bytes(columns) == _expected(columns)


def test_integers_match_the_str_path() -> None:
    rng = np.random.default_rng(11)
    n = 2000
    nulls = rng.random(n) < 0.1
    cases = [
        rng.integers(0, 16_000, n),  # no sign column
        rng.integers(-5, 6, n),  # single digits either side of zero
        rng.integers(-(2**40), 2**40, n),  # past 32 bits
        np.array([0] * n),
        np.array([2**31 - 1, -(2**31 - 1), 0, 2**31] * (n // 4)),
        np.array([2**63 - 1, -(2**63 - 1), 7, -7] * (n // 4)),
    ]
    for values in cases:
        columns = [(_col(values.astype(np.int64), "int", nulls), TypeInfo("int", "bigint"))]
        assert copy_bytes(columns) == _expected(columns), values[:4]
    least = np.array([-(2**63), 5], dtype=np.int64)  # the str path
    columns = [(_col(least, "int", np.zeros(2, bool)), TypeInfo("int", "bigint"))]
    assert copy_bytes(columns) == _expected(columns)
