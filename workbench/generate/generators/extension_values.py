"""Values for the types that common extensions add: PostGIS geometries (as EWKT, shaped and
SRID-tagged by the column's typmod) and pgvector vectors (with the typmod's dimensions)."""

from __future__ import annotations

import numpy as np

# PostGIS typmod subtype (lowercased, without its Z/M suffix) -> the WKT keyword
_SUBTYPES = {
    "geometry": "POINT",
    "point": "POINT",
    "linestring": "LINESTRING",
    "polygon": "POLYGON",
    "multipoint": "MULTIPOINT",
    "multilinestring": "MULTILINESTRING",
    "multipolygon": "MULTIPOLYGON",
    "geometrycollection": "GEOMETRYCOLLECTION",
}


def _shape(modifiers: tuple[str, ...]) -> tuple[str, str]:
    """(WKT keyword, dimension suffix '', 'Z', 'M' or 'ZM') for a typmod's subtype."""
    sub = modifiers[0].strip().lower() if modifiers else "geometry"
    for suffix in ("zm", "z", "m"):
        base = sub.removesuffix(suffix)
        if base != sub and base in _SUBTYPES:
            return _SUBTYPES[base], suffix.upper()
    return _SUBTYPES.get(sub, "POINT"), ""


def _srid(modifiers: tuple[str, ...], geography: bool) -> int:
    if len(modifiers) > 1 and modifiers[1].strip().lstrip("-").isdigit():
        return int(modifiers[1])
    return 4326 if geography else 0


def geometry_values(
    rng: np.random.Generator, n: int, modifiers: tuple[str, ...], geography: bool
) -> list[str]:
    """EWKT texts of the typmod's shape: small valid shapes at plausible lon/lat positions."""
    keyword, dims = _shape(modifiers)
    srid = _srid(modifiers, geography)
    extra = len(dims)  # Z and/or M ordinates after x y
    lon = np.round(rng.uniform(-170, 170, n), 5)
    lat = np.round(rng.uniform(-80, 80, n), 5)
    size = np.round(rng.uniform(0.001, 0.05, n), 5)
    height = np.round(rng.uniform(0, 500, n), 2)

    def pt(x: float, y: float, z: float) -> str:
        return " ".join([repr(x), repr(y), *([repr(z)] * extra)])

    def square(x: float, y: float, d: float, z: float) -> str:
        ring = [(x, y), (x + d, y), (x + d, y + d), (x, y + d), (x, y)]
        return "(" + ", ".join(pt(round(a, 5), round(b, 5), z) for a, b in ring) + ")"

    def line(x: float, y: float, d: float, z: float) -> str:
        return (
            "("
            + ", ".join(pt(round(x + k * d, 5), round(y + k * d / 2, 5), z) for k in range(3))
            + ")"
        )

    out: list[str] = []
    tag = f"{keyword} {dims} ".replace("  ", " ") if dims else keyword
    for x, y, d, z in zip(lon.tolist(), lat.tolist(), size.tolist(), height.tolist(), strict=True):
        if keyword == "POINT":
            body = f"({pt(x, y, z)})"
        elif keyword == "LINESTRING":
            body = line(x, y, d, z)
        elif keyword == "POLYGON":
            body = f"({square(x, y, d, z)})"
        elif keyword == "MULTIPOINT":
            body = f"(({pt(x, y, z)}), ({pt(round(x + d, 5), y, z)}))"
        elif keyword == "MULTILINESTRING":
            body = f"({line(x, y, d, z)})"
        elif keyword == "MULTIPOLYGON":
            body = f"(({square(x, y, d, z)}))"
        else:  # GEOMETRYCOLLECTION
            body = f"(POINT{' ' + dims if dims else ''} ({pt(x, y, z)}))"
        wkt = f"{tag.strip()} {body}" if dims else f"{keyword}{body}"
        out.append(f"SRID={srid};{wkt}" if srid else wkt)
    return out


def vector_values(rng: np.random.Generator, n: int, dims: int | None) -> list[str]:
    """pgvector literals '[x,y,…]' of the column's dimensions (3 when it has none)."""
    values = np.round(rng.uniform(-1, 1, (n, dims or 3)), 4)
    return ["[" + ",".join(map(repr, row)) + "]" for row in values.tolist()]


def sparsevec_values(rng: np.random.Generator, n: int, dims: int | None) -> list[str]:
    """pgvector sparse literals '{i:v,…}/dims' with up to three non-zero elements."""
    size = dims or 8
    out = []
    for _ in range(n):
        k = int(rng.integers(1, min(3, size) + 1))
        idx = np.sort(rng.choice(size, k, replace=False)) + 1
        vals = np.round(rng.uniform(0.01, 1, k), 4)
        out.append(
            "{"
            + ",".join(f"{i}:{v!r}" for i, v in zip(idx.tolist(), vals.tolist(), strict=True))
            + f"}}/{size}"
        )
    return out
