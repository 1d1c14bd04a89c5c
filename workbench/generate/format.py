"""Typed batch columns → PostgreSQL text: COPY text format (escaped, \\N for NULL) and CSV.

Numbers, dates and booleans are converted with numpy in one call per column; only text needs a
per-value escape, and only when the batch actually holds a backslash, tab or newline."""

from __future__ import annotations

import numpy as np

from workbench.generate.checks import Col
from workbench.generate.types import TypeInfo

_ESCAPE = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})


def to_text(col: Col, info: TypeInfo) -> list[str]:
    """Every value as PostgreSQL input text (NULL rows hold some valid text; mask them)."""
    values = col.values
    kind = col.kind
    if kind == "int":
        return values.astype(np.int64).astype(str).tolist()
    if kind == "bool":
        return np.where(values.astype(bool), "t", "f").tolist()
    if kind == "date":
        return values.astype("datetime64[D]").astype(str).tolist()
    if kind == "timestamp":
        return _timestamps(values, "+00" if info.kind == "timestamptz" else "")
    if kind == "decimal":
        scale = info.scale if info.scale is not None else 2
        if info.kind == "money":
            scale = 2
        return [f"{v:.{scale}f}" for v in values.astype(np.float64).tolist()]
    if kind == "float":
        return values.astype(np.float64).astype(str).tolist()
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
    return (day_text[inverse.reshape(-1)] + table[tod]).tolist()


_TIME_OF_DAY_SUFFIX = [""]


def copy_column(col: Col, info: TypeInfo) -> list[str]:
    """The column in COPY text format: escaped, with \\N where NULL."""
    texts = to_text(col, info)
    if col.kind in ("text", "other"):
        joined = "".join(texts)
        if "\\" in joined or "\t" in joined or "\n" in joined or "\r" in joined:
            texts = [t.translate(_ESCAPE) for t in texts]
    if col.nulls.any():
        arr = np.empty(len(texts), dtype=object)
        arr[:] = texts
        arr[col.nulls] = "\\N"
        return arr.tolist()
    return texts


def copy_text(columns: list[list[str]]) -> str:
    """Rows of the batch joined into one COPY text buffer."""
    if not columns:
        return ""
    return "\n".join(map("\t".join, zip(*columns, strict=False))) + "\n"
