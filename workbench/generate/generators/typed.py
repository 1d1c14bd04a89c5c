"""Values of the types formatted straight to text (uuid, json, time, interval, tsvector,
point, bit, xml, ltree, hstore, cube, network and range types…), unique ones derived from the
row number."""

from __future__ import annotations

import functools
import json
from typing import Any

import numpy as np

from workbench.errors import GenerationError
from workbench.generate.checks import ColumnHints
from workbench.generate.generators.extension_values import (
    geometry_values,
    sparsevec_values,
    vector_values,
)
from workbench.generate.generators.value_spec import ColumnSpec, obj, pool
from workbench.schema.pgtext import DAY_US, MONTH_US, format_interval, parse_interval


def _interval_micros(value: Any) -> int | None:
    """A hint bound ('1 day', '01:00:00', a count of seconds…) in microseconds, or None."""
    if value is None:
        return None
    try:
        months, micros = parse_interval(str(value))
    except ValueError:
        return None
    return months * MONTH_US + micros


def _interval_bounds(h: ColumnHints) -> tuple[int, int]:
    """The [lo, hi] microseconds a CHECK allows (a minute to 30 days when it says nothing);
    an exclusive bound moves one second inwards, the unit the drawn values use."""
    lo, hi = _interval_micros(h.lo), _interval_micros(h.hi)
    if lo is not None and not h.lo_incl:
        lo += 1_000_000
    if hi is not None and not h.hi_incl:
        hi -= 1_000_000
    if lo is None:
        lo = min(60_000_000, hi) if hi is not None else 60_000_000
    if hi is None:
        hi = max(lo, 0) + 30 * DAY_US
    return lo, max(lo, hi)


def _draw_micros(rng: np.random.Generator, lo: int, hi: int, n: int) -> np.ndarray:
    """Whole seconds in [lo, hi] (the bounds themselves when no whole second lies between)."""
    first, last = -(-lo // 1_000_000), hi // 1_000_000
    if first > last:
        return np.full(n, lo, dtype=np.int64)
    return rng.integers(first, last + 1, n, dtype=np.int64) * 1_000_000


# --- everything else (formatted straight to text) ------------------------------------------


def uuids(rng, n: int) -> np.ndarray:
    hi = rng.integers(0, 2**63, n, dtype=np.int64).astype(np.uint64) << np.uint64(1)
    lo = rng.integers(0, 2**63, n, dtype=np.int64).astype(np.uint64)
    out = []
    for a, b in zip(hi.tolist(), lo.tolist(), strict=False):
        h = f"{a:016x}{b:016x}"
        # version 4, variant 10xx: looks like any uuid a database would hold
        out.append(f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{'89ab'[int(h[16], 16) & 3]}{h[17:20]}-{h[20:]}")
    return obj(out)


# Types whose values are made unique from the row number by `_unique_other`.
UNIQUE_OTHER = {
    "json",
    "time",
    "timetz",
    "interval",
    "tsvector",
    "tsquery",
    "point",
    "bit",
    "varbit",
    "xml",
    "ltree",
    "hstore",
    "cube",
}


def _unique_other(spec: ColumnSpec, rng, idx: np.ndarray) -> np.ndarray | None:
    """Distinct values derived from the row number, for the types below (None otherwise)."""
    kind = spec.info.kind
    ids = idx.tolist()
    n = idx.size
    words = pool("word", spec.seed)
    picks = words[rng.integers(0, len(words), n)].tolist()
    if kind == "json":
        return obj([json.dumps({"id": i, "source": w}) for i, w in zip(ids, picks, strict=False)])
    if kind in ("time", "timetz"):
        tz = "+00" if kind == "timetz" else ""
        return obj(
            [
                f"{i // 3_600_000_000 % 24:02d}:{i // 60_000_000 % 60:02d}:"
                f"{i // 1_000_000 % 60:02d}.{i % 1_000_000:06d}{tz}"
                for i in ((k * 1_000_003) % 86_400_000_000 for k in ids)
            ]
        )
    if kind == "interval":
        return obj([f"{i // 86400} days {i % 86400} seconds" for i in ids])
    if kind in ("tsvector", "tsquery"):
        joiner = " & " if kind == "tsquery" else " "
        return obj([f"{_tsword(w)}{joiner}n{i}" for w, i in zip(picks, ids, strict=False)])
    if kind == "point":
        ys = np.round(rng.uniform(-90, 90, n), 4).tolist()
        return obj([f"({i},{y})" for i, y in zip(ids, ys, strict=False)])
    if kind in ("bit", "varbit"):
        width = spec.info.length or max(1, max(ids, default=0).bit_length())
        return obj([format(i % (1 << width), f"0{width}b") for i in ids])
    if kind == "xml":
        return obj([f'<note id="{i}">{w}</note>' for w, i in zip(picks, ids, strict=False)])
    if kind == "ltree":
        return obj([f"Top.{_tsword(w)}.n{i}" for w, i in zip(picks, ids, strict=False)])
    if kind == "hstore":
        return obj(
            [f'"key"=>"{_tsword(w)}", "id"=>"{i}"' for w, i in zip(picks, ids, strict=False)]
        )
    if kind == "cube":
        return obj([f"({i}, 0, 0)" for i in ids])
    return None


_HEX_DIGITS = np.frombuffer(b"0123456789abcdef", dtype=np.uint8)


def _octets(values: np.ndarray) -> np.ndarray:
    """Each int64 as its 8 big-endian bytes, an (n, 8) matrix."""
    return np.asarray(values, dtype=">u8").view(np.uint8).reshape(-1, 8)


def _bytea_hex(raw: np.ndarray) -> np.ndarray:
    """Rows of bytes as bytea hex input (`\\x00ff…`): two digits a byte, laid out as UCS-4
    code points, so the whole batch becomes text in one view (no per-row formatting)."""
    n, width = raw.shape
    out = np.empty((n, 2 + 2 * width), dtype=np.uint32)
    out[:, 0], out[:, 1] = ord("\\"), ord("x")
    out[:, 2::2] = _HEX_DIGITS[raw >> 4]
    out[:, 3::2] = _HEX_DIGITS[raw & 15]
    return np.ascontiguousarray(out).view(f"U{2 + 2 * width}").ravel()


def gen_other(spec: ColumnSpec, rng, idx: np.ndarray) -> np.ndarray:
    n = idx.size
    kind = spec.info.kind
    gen = spec.generator
    seed = spec.seed
    if spec.unique and kind in UNIQUE_OTHER:
        made = _unique_other(spec, rng, idx)
        if made is not None:
            return made
    if kind == "uuid" or gen == "uuid":
        return uuids(rng, n)
    if kind == "json" or gen == "json":
        words = pool("word", seed)
        docs = obj(
            [
                json.dumps(
                    {"source": words[i % len(words)], "version": i % 7, "enabled": i % 3 == 0}
                )
                for i in range(64)
            ]
            + ["{}", "[]", json.dumps({"tags": [words[0], words[1]]})]
        )
        return docs[rng.integers(0, len(docs), n)]
    if kind in ("inet", "cidr") or gen in ("ip", "ipv6"):
        if kind == "cidr":
            nets = [
                f"{p}.{k * 16}/28"
                for p in ("192.0.2", "198.51.100", "203.0.113")
                for k in range(16)
            ]
            nets += ["2001:db8::/32", "192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24"]
            return obj(nets)[rng.integers(0, len(nets), n)]
        if spec.unique or gen == "ipv6":
            return obj(
                [
                    f"2001:db8:{i >> 32:x}:{(i >> 16) & 0xFFFF:x}::{i & 0xFFFF:x}"
                    for i in idx.tolist()
                ]
            )
        ips = pool("ipv4", seed)
        return ips[rng.integers(0, len(ips), n)]
    if kind in ("macaddr", "macaddr8") or gen == "mac":
        # 00-00-5E-00-53-xx: the range RFC 7042 reserves for documentation
        vals = idx if spec.unique else rng.integers(0, 256, n)
        extra = ":00:00" if kind == "macaddr8" else ""
        return obj(
            [
                f"00:00:5e:00:53:{v & 0xFF:02x}{extra}"
                if v < 256
                else f"00:00:5e:{(v >> 16) & 0xFF:02x}:{(v >> 8) & 0xFF:02x}:{v & 0xFF:02x}{extra}"
                for v in vals.tolist()
            ]
        )
    if kind == "bytea" or gen == "bytea":
        lo, hi = spec.hints.min_len, spec.hints.max_len
        if (lo is not None or hi is not None) and not spec.info.array_dims:
            # octet_length(col) bounds from a CHECK: random bytes of an allowed length
            size = max(lo or 0, min(hi if hi is not None else 16, 16))
            width = 8 if spec.unique else 0  # the row number leads unique values
            size = max(size, width) if hi is None or hi >= width else size
            raw = rng.integers(0, 256, (n, size), dtype=np.uint8)
            if width and size >= width:
                raw[:, :width] = idx.astype(">u8").view(np.uint8).reshape(n, 8)
            return obj(_bytea_hex(raw))
        bits = _octets(rng.integers(0, 2**63, n))
        return obj(_bytea_hex(np.hstack([_octets(idx), bits]) if spec.unique else bits))
    if kind in ("time", "timetz"):
        secs = rng.integers(0, 86400, n)
        tz = "+00" if kind == "timetz" else ""
        return obj([f"{s // 3600:02d}:{s // 60 % 60:02d}:{s % 60:02d}{tz}" for s in secs.tolist()])
    if kind == "interval":
        lo, hi = _interval_bounds(spec.hints)
        return obj([format_interval(us) for us in _draw_micros(rng, lo, hi, n).tolist()])
    if kind in ("tsvector", "tsquery"):
        docs = _tsvector_pool(seed, kind == "tsquery")
        return docs[rng.integers(0, len(docs), n)]
    if kind == "point":
        xy = np.round(rng.uniform(-180, 180, (n, 2)), 4)
        return obj([f"({x},{y})" for x, y in xy.tolist()])
    if kind == "bit":
        length = spec.info.length or 1
        bits = rng.integers(0, 2, (n, length))
        return obj(["".join(map(str, r)) for r in bits.tolist()])
    if kind == "xml":
        words = pool("word", seed)
        return obj([f"<note>{w}</note>" for w in words[rng.integers(0, len(words), n)].tolist()])
    if kind == "anyrange":
        return _other_ranges(spec.info.subtype, rng, idx)
    if kind.endswith("range"):
        if spec.unique or spec.params.get("disjoint"):
            return _disjoint_ranges(kind, rng, idx, spec.window[0])
        if kind in ("daterange", "tsrange", "tstzrange"):
            start = spec.window[0].astype("datetime64[D]") + rng.integers(0, 2000, n).astype(
                "timedelta64[D]"
            )
            end = start + rng.integers(1, 60, n).astype("timedelta64[D]")
            return obj(
                [f"[{a},{b})" for a, b in zip(start.astype(str), end.astype(str), strict=False)]
            )
        a = rng.integers(0, 1000, n)
        b = a + rng.integers(1, 100, n)
        return obj([f"[{x},{y})" for x, y in zip(a.tolist(), b.tolist(), strict=False)])
    if kind == "ltree":
        words = pool("word", seed)
        picks = words[rng.integers(0, len(words), (n, 2))]
        return obj(["Top." + ".".join(_tsword(w) for w in r) for r in picks.tolist()])
    if kind == "hstore":
        words = pool("word", seed)
        return obj([f'"key"=>"{_tsword(w)}"' for w in words[rng.integers(0, len(words), n)]])
    if kind == "cube":
        xy = np.round(rng.uniform(-10, 10, (n, 3)), 3)
        return obj([f"({a}, {b}, {c})" for a, b, c in xy.tolist()])
    if kind == "geometry":
        geography = spec.info.name.rsplit(".", 1)[-1] == "geography"
        return obj(geometry_values(rng, n, spec.info.modifiers, geography))
    if kind == "vector":
        return obj(vector_values(rng, n, spec.info.length))
    if kind == "sparsevec":
        return obj(sparsevec_values(rng, n, spec.info.length))
    raise GenerationError(f"no generator for {spec.name} of type {spec.info.name}")


def _disjoint_ranges(kind: str, rng, idx: np.ndarray, first: np.datetime64) -> np.ndarray:
    """Ranges that overlap no other row's: row k owns slot k of the axis (a day, an hour, a
    hundred), and its range lies inside the slot. Satisfies EXCLUDE (… WITH &&) whatever the
    constraint's other elements, and a unique range column."""
    n = idx.size
    if kind == "daterange":
        start = first.astype("datetime64[D]") + idx.astype("timedelta64[D]")
        end = start + np.ones(n, np.int64).astype("timedelta64[D]")
        return obj([f"[{a},{b})" for a, b in zip(start.astype(str), end.astype(str), strict=False)])
    if kind in ("tsrange", "tstzrange"):
        start = first.astype("datetime64[s]") + (idx * 3600).astype("timedelta64[s]")
        end = start + (rng.integers(5, 60, n) * 60).astype("timedelta64[s]")
        fmt = [
            f"[{str(a).replace('T', ' ')},{str(b).replace('T', ' ')})"
            for a, b in zip(start.tolist(), end.tolist(), strict=False)
        ]
        if kind == "tstzrange":
            fmt = [f.replace(",", "+00,").replace(")", "+00)") for f in fmt]
        return obj(fmt)
    a = idx * 100
    b = a + rng.integers(1, 100, n)
    return obj([f"[{x},{y})" for x, y in zip(a.tolist(), b.tolist(), strict=False)])


def _other_ranges(subtype: str, rng, idx: np.ndarray) -> np.ndarray:
    """Values of a range type the schema makes over a subtype no built-in range has: row k
    owns slot k (disjoint, as EXCLUDE (… WITH &&) and a unique range want), its bounds in
    the subtype's order (UUIDs of the slot, words with the slot's digits). Any other subtype
    gets 'empty', which every range type takes and which overlaps nothing."""
    n = idx.size
    if subtype == "uuid":
        pairs = zip(idx.tolist(), rng.integers(0, 1 << 31, n).tolist(), strict=True)
        return obj(
            [f"[{k:08x}-0000-4000-8000-{a:012x},{k:08x}-ffff-4fff-bfff-{a:012x})" for k, a in pairs]
        )
    if subtype == "text":
        return obj([f"[k{k:09d}a,k{k:09d}b)" for k in idx.tolist()])
    return obj(["empty"] * n)


@functools.lru_cache(maxsize=8)
def _tsvector_pool(seed: int, query: bool) -> np.ndarray:
    words = pool("word", seed)
    rng = np.random.default_rng(seed)
    picks = words[rng.integers(0, len(words), (2000, 3))]
    joiner = " & " if query else " "
    return obj([joiner.join(_tsword(w) for w in r) for r in picks.tolist()])


def _tsword(word: str) -> str:
    return "".join(ch for ch in word.lower() if ch.isalnum()) or "x"
