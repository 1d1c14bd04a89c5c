"""Values of the columns that name a trade or a thing of one: an industry, a publishing house,
a shipping carrier, a clothing size, and text keys in the shape ORMs give them (cuid).

Publishers and carriers are fictional or generic service names by choice: no real company's
trademark appears in a sandbox, and a reader sees at once that the data is made up."""

from __future__ import annotations

import numpy as np

from workbench.generate.vocab.catalogues import CATALOGUES

INDUSTRIES = [
    "Software", "Retail", "Healthcare", "Financial Services", "Manufacturing", "Education",
    "Logistics", "Construction", "Hospitality", "Telecommunications", "Energy", "Agriculture",
    "Media", "Real Estate", "Insurance", "Automotive", "Pharmaceuticals", "Consulting",
    "Food and Beverage", "Transportation", "Biotechnology", "E-commerce", "Aerospace",
    "Legal Services", "Nonprofit", "Gaming", "Fashion", "Marketing",
]  # fmt: skip
_PUBLISHER_STEMS = [
    "Lantern", "Juniper", "Blue Heron", "Millbrook", "Larkspur", "Copperleaf", "Northgate",
    "Willow Tree", "Red Fern", "Saltmarsh", "Ashdown", "Kestrel", "Marigold", "Fernhill",
    "Stonebridge", "Quillon", "Hollowell", "Brightwater", "Oak Hollow", "Greyfield",
]  # fmt: skip
_PUBLISHER_KINDS = ["Press", "Books", "Publishing", "House", "Editions", "& Sons"]
CARRIERS = [
    "Ground Freight", "Express Parcel", "Overnight Air", "Standard Post", "Economy Ground",
    "Priority Courier", "Regional Freight", "Same Day Courier", "Two Day Air",
    "International Express", "Local Pickup", "Northgate Logistics", "Bluebird Couriers",
    "Harrow Parcel Service", "Kestrel Express",
]  # fmt: skip
_SIZES = list(CATALOGUES["size_label"].shares)  # the sizes and their shares: one place
_SIZE_WEIGHTS = list(CATALOGUES["size_label"].shares.values())
_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"

KINDS = frozenset({"industry", "publisher", "carrier", "size_label", "text_key"})


def _obj(values: np.ndarray) -> np.ndarray:
    out = np.empty(len(values), dtype=object)
    out[:] = values.tolist()
    return out


def _chars(codes: np.ndarray) -> np.ndarray:
    """Rows of base-36 digit positions (n, width) as one string per row."""
    table = np.frombuffer(_BASE36.encode("ascii"), dtype=np.uint8).astype(np.uint32)
    return np.ascontiguousarray(table[codes]).view(f"U{codes.shape[1]}").ravel()


def text_keys(rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    """cuid-shaped keys: `c`, eight base-36 digits of the row number (distinct per row), then
    sixteen random ones — 25 lowercase characters, like Prisma's `@default(cuid())`."""
    powers = 36 ** np.arange(7, -1, -1, dtype=np.int64)
    counter = (idx.astype(np.int64)[:, None] // powers) % 36
    tail = rng.integers(0, 36, (idx.size, 16))
    return np.char.add(np.char.add("c", _chars(counter)), _chars(tail))


def make(gen: str, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray | None:
    """Values of one of this module's generators for the batch, or None."""
    n = idx.size
    if gen == "industry":
        return _obj(np.array(INDUSTRIES)[rng.integers(0, len(INDUSTRIES), n)])
    if gen == "carrier":
        return _obj(np.array(CARRIERS)[rng.integers(0, len(CARRIERS), n)])
    if gen == "publisher":
        stems = np.array(_PUBLISHER_STEMS)[rng.integers(0, len(_PUBLISHER_STEMS), n)]
        kinds = np.array(_PUBLISHER_KINDS)[rng.integers(0, len(_PUBLISHER_KINDS), n)]
        return _obj(np.char.add(np.char.add(stems, " "), kinds))
    if gen == "size_label":
        return _obj(np.array(_SIZES)[rng.choice(len(_SIZES), n, p=_SIZE_WEIGHTS)])
    if gen == "text_key":
        return _obj(text_keys(rng, idx))
    return None
