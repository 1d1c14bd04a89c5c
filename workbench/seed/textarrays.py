"""Texts as numpy matrices and back, so the maskers and the scan read and write a whole
column of short values (card numbers, IBANs) without a Python loop per value."""

from __future__ import annotations

import numpy as np


def code_matrix(texts: list[str], min_width: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """(n, width) uint32 code points of the texts (0 past a text's end; `width` at least
    `min_width`, so fixed columns can be read on any input), and their lengths."""
    width = max(min_width, max(map(len, texts), default=1))
    array = np.array(texts, dtype=f"<U{width}")
    return array.view(np.uint32).reshape(len(texts), width), np.char.str_len(array)


def placed(rows: np.ndarray, texts: list[str], out: list[str | None]) -> list[str | None]:
    """`out` with texts[i] at rows[i] (one numpy assignment, no Python loop per value)."""
    array = np.array(out, dtype=object)
    array[rows] = texts
    return array.tolist()  # type: ignore[no-any-return]


def digit_rows(matrix: np.ndarray, head: str = "") -> list[str]:
    """Each row of a (n, w) digit matrix as a string of w digits, after `head`."""
    n, w = matrix.shape
    chars = np.empty((n, len(head) + w), np.uint8)
    chars[:, : len(head)] = np.frombuffer(head.encode("ascii"), np.uint8)
    chars[:, len(head) :] = matrix + 48
    text = chars.tobytes().decode("ascii")
    step = len(head) + w
    return [text[i : i + step] for i in range(0, n * step, step)]
