"""Stable arithmetic for seeds and row numbers: a hash that is the same in every process (never
Python's salted `hash`), and a bijection that spreads row numbers over a key space."""

from __future__ import annotations

import math
import zlib

import numpy as np


def stable_hash(*parts: object) -> int:
    return zlib.crc32("\x1f".join(map(str, parts)).encode())


def affine(idx: np.ndarray, modulus: int, salt: int) -> np.ndarray:
    """A bijection of [0, modulus) (x → a·x + b mod m with a coprime to m): spreads row
    numbers over the combinations. The multiplier stays below 2^24 so a·x fits int64 for any
    row number below 2^38."""
    idx = np.asarray(idx, dtype=np.int64)
    if modulus <= 1:
        return np.zeros_like(idx)
    a = (salt % min(modulus, 1 << 24)) | 1
    while math.gcd(a, modulus) != 1:
        a += 2
    b = salt % modulus
    x = (idx % modulus) * a % modulus
    return (x + b) % modulus


def skewed_index(rng: np.random.Generator, size: int, n: int, salt: int = 0) -> np.ndarray:
    """Indices into [0, size): Zipf-like fan-out (a few parents get many children) mixed with
    a uniform share so most parents get some; hot parents are spread over the key range."""
    if size <= 1:
        return np.zeros(n, dtype=np.int64)
    u = rng.random(n)
    heavy = np.floor(size * u**3).astype(np.int64)
    flat = rng.integers(0, size, n)
    pick = np.where(rng.random(n) < 0.7, heavy, flat)
    return affine(pick, size, salt).astype(np.int64)
