"""Shops: SKUs, ISBNs, EANs, UPCs, product, brand and category names, order, invoice and
tracking numbers, vouchers, quantities, weights and pack sizes."""

from __future__ import annotations

import numpy as np

from workbench.generate.generators.base import (
    DECIMAL,
    NUMBER,
    TEXT,
    Generator,
    NamePattern,
    NaturalRange,
)
from workbench.generate.generators.pools import zipf_ranks
from workbench.generate.generators.text import realistic, special_text
from workbench.generate.generators.value_spec import ColumnSpec, num_bounds


def quantities(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    """Mostly small counts (Zipf-like); a CHECK (quantity >= 0) still wants stock in stock."""
    lo, hi = num_bounds(spec, 1, 20)
    lo, hi = int(np.ceil(lo)), int(np.floor(hi))
    lo = 1 if lo < 1 <= hi else lo
    vals = lo + zipf_ranks(rng, hi - lo + 1, idx.size, 1.8)
    return vals.astype(np.int64)


def part_quantities(
    spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray
) -> tuple[np.ndarray, float, float]:
    """A quantity a fraction column holds (a line's 1.5 hours of labour, 2 of a part, 0.25
    of a roll): mostly whole counts as `quantities` draws them, a third in halves and
    quarters under 8, never the column's whole range."""
    lo, hi = num_bounds(spec, 0.25, 20)
    whole = 1 + zipf_ranks(rng, 20, idx.size, 1.8).astype(float)
    parts = rng.integers(1, 32, idx.size) / 4.0
    vals = np.where(rng.random(idx.size) < 1 / 3, parts, whole)
    return np.clip(vals, lo, max(lo, hi)), lo, hi


GENERATORS: tuple[Generator, ...] = (
    Generator(
        "sku",
        TEXT,
        synonyms=(
            "sku",
            "product_code",
            "item_code",
            "article_number",
            "part_number",
            "stock_code",
        ),
        width=10,
        text=special_text,
        fits_in=10,
    ),
    Generator("isbn", TEXT, synonyms=("isbn", "isbn13", "isbn_13"), text=realistic(), fits_in=13),
    Generator("isbn10", TEXT, synonyms=("isbn10", "isbn_10"), text=realistic(), fits_in=10),
    Generator(
        "ean",
        TEXT,
        synonyms=("ean", "ean13", "gtin", "barcode", "gtin13"),
        text=realistic(),
        fits_in=8,
    ),
    Generator("upc", TEXT, synonyms=("upc", "upc_code", "upca"), text=realistic(), fits_in=12),
    Generator(
        "product_name",
        TEXT,
        synonyms=("product_name", "product", "item_name", "product_title"),
        text=realistic(),
    ),
    Generator(
        "brand",
        TEXT,
        synonyms=("brand", "brand_name", "manufacturer", "make"),
        text=realistic(),
    ),
    Generator(
        "category_name",
        TEXT,
        synonyms=("category", "category_name", "product_category"),
        text=realistic(),
    ),
    Generator(
        "order_number",
        TEXT,
        synonyms=("order_number", "order_no", "order_ref", "order_reference"),
        text=realistic(),
        fits_in=10,
    ),
    Generator("invoice_number", TEXT, synonyms=("invoice_number", "invoice_no"), text=realistic()),
    Generator(
        "tracking_number",
        TEXT,
        synonyms=("tracking_number", "tracking_code", "tracking_id"),
        text=realistic(),
    ),
    Generator(
        "voucher_code",
        TEXT,
        synonyms=(
            "voucher_code",
            "voucher",
            "coupon",
            "coupon_code",
            "promo_code",
            "discount_code",
            "gift_card_code",
        ),
        text=realistic(),
        fits_in=8,
    ),
    Generator(
        "quantity",
        NUMBER,
        synonyms=(
            "quantity",
            "qty",
            "units",
            "stock",
            "stock_quantity",
            "quantity_on_hand",
            "in_stock",
            "reserved",
        ),
        patterns=(NamePattern(r"_(qty|quantity|stock)$", 12),),
        integers=quantities,
        decimals=part_quantities,
    ),
    Generator(
        "weight",
        DECIMAL,
        synonyms=("weight", "weight_kg", "mass"),
        natural=NaturalRange(0.1, 40, "centre"),
    ),
    Generator(
        "weight_grams",
        NUMBER,
        synonyms=(
            "weight_grams",
            "weight_g",
            "weight_gram",
            "grams",
            "weight_in_grams",
            "net_weight_g",
        ),
        natural=NaturalRange(5, 20000),
    ),
    Generator(
        "pack_size",
        TEXT,
        synonyms=(
            "quantity_per_unit",
            "qty_per_unit",
            "pack_size",
            "package_size",
            "units_per_pack",
            "pack_description",
        ),
        text=realistic(),
        fits_in=19,
    ),
)
